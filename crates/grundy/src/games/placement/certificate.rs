//! Certificates of a placement game's value: the engine's side, which writes them. The checker
//! is [`crate::certificate`], which shares nothing with this.
//!
//! The writer lists each position it vouches for with the value the engine gives it, choosing
//! the positions so that the checker can verify every claim one move deep: for a position worth
//! `v`, every option worth less than `v` is listed part by part (they show the values below
//! `v`, and that they are not `v`), and every option worth more than `v` is shown not to be
//! `v` by one reply worth `v`, listed part by part. The reply chosen is the one that adds the
//! fewest squares not yet listed, so that positions are shared. Positions are listed after
//! everything their claims rest on, so a checker reading in order meets a wrong claim first
//! at its own line.

use std::collections::HashMap;
use std::io::Write;

use thiserror::Error;

use crate::certificate::shape::MAX_SIDE;
use crate::certificate::{end_line, entry_line, header, listing_key};
use crate::limits::size_text;
use crate::solver::{ImpartialGame, Solver};
use crate::square_set::SquareSet;
use crate::values::Nimber;

use super::node_kayles::NodeKayles;
use super::solve::{NodeKaylesSolver, PlacementSolver};
use super::PlacementGame;

/// What a written certificate holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CertificateSummary {
    /// The value of the empty board the certificate proves.
    pub value: Nimber,
    /// The positions listed.
    pub positions: u64,
    /// The bytes written.
    pub bytes: u64,
}

/// Why no certificate was written.
#[derive(Debug, Error)]
pub enum CertificateError {
    /// The game is not one the checker reads.
    #[error("certificates are written for the empty board of one piece on a rectangle of at most {MAX_SIDE}x{MAX_SIDE} squares, not for {0}")]
    Unsupported(String),
    /// The file could not be written.
    #[error("cannot write the certificate: {0}")]
    Write(#[from] std::io::Error),
    /// The engine gave a position and one of its options the same value: a bug, never a
    /// certificate.
    #[error(
        "the engine values a position and one of its options alike ({0}): no certificate written"
    )]
    Inconsistent(String),
    /// The writer was stopped.
    #[error("the certificate was stopped before it was finished")]
    Stopped,
    /// The positions listed outgrew the writer's share of the memory.
    #[error("the certificate lists more than {positions} positions, more than its share of the memory ({}, a quarter of it) holds: give more memory", size_text(*.room))]
    TooLarge {
        /// The positions listed when it stopped.
        positions: u64,
        /// The bytes the list may take.
        room: u64,
    },
}

/// The bytes a listed position takes in the writer's map besides its key: the map's slot (the
/// key's vector and the value, over a load of seven eighths) and the key's allocation.
const LISTED_ENTRY_OVERHEAD: u64 = 96;

/// The writer's memory is `budget_bytes`: its table takes all but the list's share, this part
/// of it.
const LIST_SHARE: u64 = 4;

/// Writes a certificate of the value of `game`'s empty board to `out` in about `budget_bytes`:
/// a quarter for the positions listed ([`CertificateError::TooLarge`] past it), the rest for
/// the search's table. `known` is the value when the caller has searched it already (the
/// first-move search of `value` finds it much sooner than the writer's one thread would); it
/// is not trusted: a value that is not the board's leaves some claim unprovable, and the
/// writer stops with [`CertificateError::Inconsistent`]. `progress` hears the positions
/// listed so far, now and then, and stops the writer by returning `false`.
pub fn write_certificate(
    game: &PlacementGame,
    known: Option<Nimber>,
    budget_bytes: u64,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<CertificateSummary, CertificateError> {
    let board = game.board();
    let text = format!("{} {board}", game.rules().name());
    let unsupported = || CertificateError::Unsupported(format!("`{text}`"));
    let one_piece = game.pieces().len() == 1 && game.rules().surface() == super::Surface::Rectangle;
    if !one_piece || board.rows() > MAX_SIDE || board.cols() > MAX_SIDE {
        return Err(unsupported());
    }
    let list_room = budget_bytes / LIST_SHARE;
    let mut solver = PlacementSolver::new(game, budget_bytes - list_room);
    let (squares, cols) = (board.squares(), board.cols());
    let board = BoardShape {
        game: &text,
        squares,
        cols,
        list_room,
    };
    match solver.node_kayles() {
        Some(NodeKaylesSolver::One(solver)) => write_with(solver, known, &board, out, progress),
        Some(NodeKaylesSolver::Two(solver)) => write_with(solver, known, &board, out, progress),
        Some(NodeKaylesSolver::Four(solver)) => write_with(solver, known, &board, out, progress),
        Some(NodeKaylesSolver::Eight(solver)) => write_with(solver, known, &board, out, progress),
        None => Err(unsupported()),
    }
}

/// The placement game of `game` when a certificate can be written of it: one piece on the
/// empty board of a rectangle of at most 16x16; otherwise why not. A front end asks before it
/// searches, so that a game with no certificate is refused at once.
pub fn certifiable(game: &crate::Game) -> Result<&PlacementGame, CertificateError> {
    let placement = match game.as_single() {
        Some(crate::games::sum::Summand::Placement(placement))
            if placement.position == placement.game.empty() =>
        {
            &placement.game
        }
        _ => {
            return Err(CertificateError::Unsupported(
                "a sum, a position or a game of another family".to_string(),
            ))
        }
    };
    let board = placement.board();
    if placement.pieces().len() > 1
        || placement.rules().surface() != super::Surface::Rectangle
        || board.rows() > MAX_SIDE
        || board.cols() > MAX_SIDE
    {
        return Err(CertificateError::Unsupported(format!(
            "`{} {board}` on {}",
            placement.rules().name(),
            placement.rules().surface()
        )));
    }
    Ok(placement)
}

/// [`write_certificate`] for a game as the front ends read it ([`certifiable`]).
pub fn write_game_certificate(
    game: &crate::Game,
    known: Option<Nimber>,
    budget_bytes: u64,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<CertificateSummary, CertificateError> {
    write_certificate(certifiable(game)?, known, budget_bytes, out, progress)
}

/// What the writer is told of the game: its name, its board's squares and columns, and the
/// bytes its list may take.
struct BoardShape<'a> {
    game: &'a str,
    squares: usize,
    cols: usize,
    list_room: u64,
}

fn write_with<const W: usize>(
    solver: &mut Solver<NodeKayles<W>>,
    known: Option<Nimber>,
    shape: &BoardShape,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<CertificateSummary, CertificateError> {
    let board = SquareSet::<W>::first_n(shape.squares);
    let value = known.unwrap_or_else(|| solver.nim_value(&board));
    let mut writer = Writer {
        solver,
        cols: shape.cols,
        listed: HashMap::new(),
        listed_bytes: 0,
        list_room: shape.list_room,
        out,
        bytes: 0,
        progress,
    };
    writer.write(&header(shape.game, value.value() as u16))?;
    writer.certify_sum(board, value)?;
    let positions = writer.listed.len() as u64;
    writer.write(&end_line(positions))?;
    writer.out.flush()?;
    Ok(CertificateSummary {
        value,
        positions,
        bytes: writer.bytes,
    })
}

/// The writer's state: the engine, what is listed, and where it goes.
struct Writer<'a, const W: usize> {
    solver: &'a mut Solver<NodeKayles<W>>,
    cols: usize,
    /// Every position listed, by the form the checker looks it up by.
    listed: HashMap<Vec<u8>, Nimber>,
    /// The bytes the list takes, counted as it grows, and the most it may.
    listed_bytes: u64,
    list_room: u64,
    out: &'a mut dyn Write,
    bytes: u64,
    progress: &'a mut dyn FnMut(u64) -> bool,
}

impl<const W: usize> Writer<'_, W> {
    fn write(&mut self, text: &str) -> Result<(), CertificateError> {
        self.out.write_all(text.as_bytes())?;
        self.bytes += text.len() as u64;
        Ok(())
    }

    /// The squares of `set` by row and column.
    fn squares(&self, set: SquareSet<W>) -> Vec<(u8, u8)> {
        set.iter()
            .map(|square| ((square / self.cols) as u8, (square % self.cols) as u8))
            .collect()
    }

    fn key(&self, set: SquareSet<W>) -> Vec<u8> {
        listing_key(&self.squares(set))
    }

    fn listed_value(&self, set: SquareSet<W>) -> Option<Nimber> {
        self.listed.get(&self.key(set)).copied()
    }

    fn parts(&self, set: SquareSet<W>) -> Vec<SquareSet<W>> {
        let mut found = Vec::new();
        self.solver
            .game()
            .for_each_component(&set, |part| found.push(part));
        found
    }

    /// The nim-sum of the listed values of `parts`, if every one is listed.
    fn listed_sum(&self, parts: &[SquareSet<W>]) -> Option<Nimber> {
        parts.iter().map(|&part| self.listed_value(part)).sum()
    }

    /// The squares of `parts` in parts not yet listed: what listing them all would add.
    fn unlisted_squares(&self, parts: &[SquareSet<W>]) -> usize {
        parts
            .iter()
            .filter(|&&part| self.listed_value(part).is_none())
            .map(SquareSet::len)
            .sum()
    }

    fn option(&self, set: SquareSet<W>, square: usize) -> SquareSet<W> {
        set.without(self.solver.game().closed_neighbourhood(square))
    }

    fn shape_of(&self, set: SquareSet<W>) -> String {
        crate::certificate::shape::shape_text(&cells(&self.squares(set)))
    }

    /// Lists the parts of `set`, a position worth `total`, and everything their claims rest
    /// on. Every part but the largest is valued in full (they are the small ones); the
    /// largest is worth what is left of `total`, so the engine is never asked its full value.
    fn certify_sum(&mut self, set: SquareSet<W>, total: Nimber) -> Result<(), CertificateError> {
        let mut parts = self.parts(set);
        let Some(largest) = (0..parts.len()).max_by_key(|&index| parts[index].len()) else {
            return Ok(());
        };
        let largest = parts.swap_remove(largest);
        let mut rest = total;
        for part in parts {
            let value = match self.listed_value(part) {
                Some(value) => value,
                None => self.solver.nim_value(&part),
            };
            rest += value;
            self.certify(part, value)?;
        }
        self.certify(largest, rest)
    }

    /// Lists `part` (one component), worth `value`, and everything its claim rests on. Each
    /// option is settled by the engine's cheap question "is it worth `k`?" rather than by its
    /// value: an option worth some `k` below `value` is listed part by part; any other is
    /// worth more (none is worth `value`), shown by one reply worth `value`.
    fn certify(&mut self, part: SquareSet<W>, value: Nimber) -> Result<(), CertificateError> {
        if let Some(listed) = self.listed_value(part) {
            return if listed == value {
                Ok(())
            } else {
                Err(CertificateError::Inconsistent(format!(
                    "{} worth both {listed} and {value}",
                    self.shape_of(part)
                )))
            };
        }
        let mut shown = vec![false; value.value() as usize];
        for square in part.iter() {
            let option = self.option(part, square);
            let option_parts = self.parts(option);
            if let Some(sum) = self.listed_sum(&option_parts) {
                if sum == value {
                    return Err(self.alike(part, option, value));
                }
                if let Some(seen) = shown.get_mut(sum.value() as usize) {
                    *seen = true;
                }
                continue;
            }
            // The values below `value` not yet shown are asked first: one of them is the
            // likelier answer, and an option worth one must be listed anyway.
            let mut below: Vec<u32> = (0..value.value()).collect();
            below.sort_by_key(|&k| shown[k as usize]);
            let mut worth = None;
            for k in below.into_iter().map(Nimber::new) {
                if self.has_value(option, k)? {
                    worth = Some(k);
                    break;
                }
            }
            match worth {
                Some(k) => {
                    shown[k.value() as usize] = true;
                    self.certify_sum(option, k)?;
                }
                None => self.certify_reply(part, option, &option_parts, value)?,
            }
        }
        if let Some(missing) = shown.iter().position(|&seen| !seen) {
            return Err(CertificateError::Inconsistent(format!(
                "{} is given {value} but has no option worth {}",
                self.shape_of(part),
                Nimber::new(missing as u32)
            )));
        }
        let line = entry_line(&self.squares(part), value.value() as u16);
        self.write(&line)?;
        self.list(part, value)?;
        if self.listed.len() % 4096 == 0 && !(self.progress)(self.listed.len() as u64) {
            return Err(CertificateError::Stopped);
        }
        Ok(())
    }

    /// Lists `part` at `value`, within the list's room.
    fn list(&mut self, part: SquareSet<W>, value: Nimber) -> Result<(), CertificateError> {
        let key = self.key(part);
        self.listed_bytes += key.len() as u64 + LISTED_ENTRY_OVERHEAD;
        if self.listed_bytes > self.list_room {
            return Err(CertificateError::TooLarge {
                positions: self.listed.len() as u64,
                room: self.list_room,
            });
        }
        self.listed.insert(key, value);
        Ok(())
    }

    /// The engine's answer to "is `set` worth `value`?". Asked between listings, which a
    /// search of a large board may not make for minutes, so the writer can be stopped here.
    fn has_value(&mut self, set: SquareSet<W>, value: Nimber) -> Result<bool, CertificateError> {
        let answer = self.solver.has_value(&set, value);
        if (self.progress)(self.listed.len() as u64) {
            Ok(answer)
        } else {
            Err(CertificateError::Stopped)
        }
    }

    fn alike(&self, part: SquareSet<W>, option: SquareSet<W>, value: Nimber) -> CertificateError {
        CertificateError::Inconsistent(format!(
            "{} and its option {}, both {value}",
            self.shape_of(part),
            self.shape_of(option)
        ))
    }

    /// Lists a reply worth `value` in `option` (whose parts are `option_parts`), an option of
    /// `part` worth more than `value`: of the replies worth `value`, one adding the fewest
    /// squares not yet listed. The replies are asked in that order, the first worth `value`
    /// taken, so only the replies that add fewer squares than it are asked in vain.
    fn certify_reply(
        &mut self,
        part: SquareSet<W>,
        option: SquareSet<W>,
        option_parts: &[SquareSet<W>],
        value: Nimber,
    ) -> Result<(), CertificateError> {
        let mut replies: Vec<(usize, SquareSet<W>)> = option_parts
            .iter()
            .flat_map(|option_part| option_part.iter())
            .map(|square| {
                let reply = self.option(option, square);
                (self.unlisted_squares(&self.parts(reply)), reply)
            })
            .collect();
        replies.sort_by_key(|&(new, _)| new);
        for (new, reply) in replies {
            let worth_value = if new == 0 {
                self.listed_sum(&self.parts(reply)) == Some(value)
            } else {
                self.has_value(reply, value)?
            };
            if worth_value {
                return self.certify_sum(reply, value);
            }
        }
        Err(self.alike(part, option, value))
    }
}

fn cells(squares: &[(u8, u8)]) -> Vec<crate::certificate::shape::Cell> {
    squares
        .iter()
        .map(|&(row, col)| crate::certificate::shape::Cell { row, col })
        .collect()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::board::{BoardSize, Piece};
    use crate::certificate::shape::{option_after, parts, Attack, Cell};
    use crate::certificate::{check, CheckError, Verified};

    const PIECES: [Piece; 7] = [
        Piece::Knight,
        Piece::King,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
        Piece::Leaper(1, 3),
        Piece::Leaper(0, 2),
    ];

    fn certificate(piece: Piece, board: &str) -> (String, CertificateSummary) {
        let game = PlacementGame::new(piece, board.parse().unwrap());
        let mut out = Vec::new();
        let summary = write_certificate(&game, None, 1 << 24, &mut out, &mut |_| true).unwrap();
        (String::from_utf8(out).unwrap(), summary)
    }

    fn verify(text: &str) -> Result<Verified, CheckError> {
        check(text.as_bytes(), 1 << 30, &mut |_| true)
    }

    fn attack_of(piece: Piece) -> Attack {
        Attack::named(&piece.to_string()).unwrap()
    }

    /// The writer as it was before it asked the engine "is it worth `k`?": every part of every
    /// option, and of every reply tried, valued in full. Kept as the reference the writer's
    /// economy is measured against.
    fn certificate_by_full_values(piece: Piece, board: &str) -> String {
        let game = PlacementGame::new(piece, board.parse().unwrap());
        let mut solver = PlacementSolver::new(&game, 1 << 24);
        let Some(NodeKaylesSolver::One(solver)) = solver.node_kayles() else {
            panic!("the reference writes boards of at most 64 squares, not {board}");
        };
        let squares = game.board().squares();
        let board_set = SquareSet::<1>::first_n(squares);
        let value = solver.nim_value(&board_set);
        let mut out = Vec::new();
        let mut progress = |_| true;
        let mut writer = Writer {
            solver,
            cols: game.board().cols(),
            listed: HashMap::new(),
            listed_bytes: 0,
            list_room: u64::MAX,
            out: &mut out,
            bytes: 0,
            progress: &mut progress,
        };
        writer
            .write(&header(&format!("{piece} {board}"), value.value() as u16))
            .unwrap();
        for part in writer.parts(board_set) {
            writer.certify_in_full(part);
        }
        let positions = writer.listed.len() as u64;
        writer.write(&end_line(positions)).unwrap();
        String::from_utf8(out).unwrap()
    }

    impl Writer<'_, 1> {
        fn valued_parts(&mut self, set: SquareSet<1>) -> Vec<(SquareSet<1>, Nimber)> {
            self.parts(set)
                .into_iter()
                .map(|part| (part, self.solver.nim_value(&part)))
                .collect()
        }

        fn certify_in_full(&mut self, part: SquareSet<1>) -> Nimber {
            if let Some(value) = self.listed_value(part) {
                return value;
            }
            let value = self.solver.nim_value(&part);
            for square in part.iter() {
                let parts = self.valued_parts(self.option(part, square));
                let sum: Nimber = parts.iter().map(|&(_, value)| value).sum();
                if sum.value() < value.value() {
                    for &(option_part, _) in &parts {
                        self.certify_in_full(option_part);
                    }
                } else if parts
                    .iter()
                    .any(|&(option_part, _)| self.listed_value(option_part).is_none())
                {
                    self.certify_reply_in_full(&parts, sum, value);
                }
            }
            let line = entry_line(&self.squares(part), value.value() as u16);
            self.write(&line).unwrap();
            self.list(part, value).unwrap();
            value
        }

        fn certify_reply_in_full(
            &mut self,
            parts: &[(SquareSet<1>, Nimber)],
            sum: Nimber,
            value: Nimber,
        ) {
            let mut best: Option<(usize, usize, Vec<SquareSet<1>>)> = None;
            for (index, &(part, part_value)) in parts.iter().enumerate() {
                for square in part.iter() {
                    let reply = self.valued_parts(self.option(part, square));
                    let reply_sum: Nimber = reply.iter().map(|&(_, value)| value).sum();
                    if reply_sum + sum + part_value != value {
                        continue;
                    }
                    let mut sets: Vec<SquareSet<1>> = reply.iter().map(|&(set, _)| set).collect();
                    sets.extend(
                        parts
                            .iter()
                            .enumerate()
                            .filter(|&(other, _)| other != index)
                            .map(|(_, &(set, _))| set),
                    );
                    let new = self.unlisted_squares(&sets);
                    if best.as_ref().is_none_or(|(fewest, _, _)| new < *fewest) {
                        best = Some((new, index, reply.iter().map(|&(set, _)| set).collect()));
                    }
                }
            }
            let (_, index, reply) = best.expect("an option worth more has a reply worth less");
            for (other, &(other_part, _)) in parts.iter().enumerate() {
                if other != index {
                    self.certify_in_full(other_part);
                }
            }
            for reply_part in reply {
                self.certify_in_full(reply_part);
            }
        }
    }

    /// The writer asks "is it worth `k`?" where it valued in full, and lists no more for it:
    /// on every piece and board of the test above its certificate is never longer than the
    /// one written by full values, position for position.
    #[test]
    fn asking_instead_of_valuing_lists_no_more_positions() {
        let (mut fewer, mut more) = (0, Vec::new());
        for piece in PIECES {
            for (rows, cols) in (1..=4).flat_map(|rows| (1..=5).map(move |cols| (rows, cols))) {
                let board = format!("{rows}x{cols}");
                let (text, summary) = certificate(piece, &board);
                let reference = certificate_by_full_values(piece, &board);
                assert_eq!(
                    verify(&reference).unwrap().value,
                    summary.value.value() as u16
                );
                let (new, old) = (text.lines().count(), reference.lines().count());
                if new < old {
                    fewer += 1;
                } else if new > old {
                    more.push(format!("{piece} {board}: {new} lines, {old} before"));
                }
            }
        }
        assert!(more.is_empty(), "{more:?} ({fewer} shorter)");
    }

    #[test]
    fn certificates_of_small_boards_are_verified_with_the_engines_value() {
        for piece in PIECES {
            for rows in 1..=4 {
                for cols in 1..=5 {
                    let board = format!("{rows}x{cols}");
                    let (text, summary) = certificate(piece, &board);
                    let game = PlacementGame::new(piece, board.parse().unwrap());
                    let value = PlacementSolver::new(&game, 1 << 24).nim_value(&game.empty());
                    assert_eq!(summary.value, value, "{piece} {board}");
                    let verified = verify(&text).unwrap_or_else(|error| {
                        panic!("{piece} {board}: {error}\n{text}");
                    });
                    assert_eq!(u32::from(verified.value), value.value(), "{piece} {board}");
                    assert_eq!(verified.positions, summary.positions);
                    assert_eq!(verified.game, format!("{piece} {board}"));
                    assert_eq!(summary.bytes, text.len() as u64);
                }
            }
        }
    }

    #[test]
    fn the_certificates_of_the_discoveries_smallest_rows_are_verified() {
        for (piece, board, value) in [
            (Piece::Knight, "5x5", 1),
            (Piece::Knight, "3x5", 4),
            (Piece::King, "5x5", 4),
            (Piece::Bishop, "7x7", 1),
            (Piece::Queen, "5x5", 3),
        ] {
            let (text, _) = certificate(piece, board);
            assert_eq!(verify(&text).unwrap().value, value, "{piece} {board}");
        }
    }

    /// Each value of a certificate changed is refused at its own line: the claims above it
    /// are true and pass, and it rests only on them.
    #[test]
    fn every_edited_value_is_refused_at_its_own_line() {
        for (piece, board) in [
            (Piece::Knight, "3x5"),
            (Piece::King, "3x4"),
            (Piece::Bishop, "4x5"),
            (Piece::Queen, "3x4"),
        ] {
            let (text, _) = certificate(piece, board);
            let lines: Vec<&str> = text.lines().collect();
            for index in 3..lines.len() - 1 {
                let (shape, value) = lines[index].rsplit_once(' ').unwrap();
                let value: u16 = value.parse().unwrap();
                let squares = shape.split_once(' ').unwrap().1;
                let most = u32::from_str_radix(squares, 16)
                    .unwrap_or(u32::MAX)
                    .count_ones();
                for edited in [value + 1, value ^ 1, value.saturating_sub(1)] {
                    if edited == value || u32::from(edited) > most {
                        continue;
                    }
                    let mut changed = lines.clone();
                    let line = format!("{shape} {edited}");
                    changed[index] = &line;
                    let changed = changed.join("\n") + "\n";
                    match verify(&changed) {
                        Err(CheckError::Refused { line, message, .. }) => {
                            assert_eq!(line, index as u64 + 1, "{piece} {board}: {message}");
                            assert!(
                                message.contains(shape) || message.contains("claimed"),
                                "{message}"
                            );
                        }
                        other => panic!("{piece} {board} line {}: {other:?}", index + 1),
                    }
                }
            }
            let changed = text.replacen(
                &format!("value {}", lines[2].trim_start_matches("value ")),
                &format!(
                    "value {}",
                    lines[2]
                        .trim_start_matches("value ")
                        .parse::<u16>()
                        .unwrap()
                        + 1
                ),
                1,
            );
            assert!(
                matches!(verify(&changed), Err(CheckError::Refused { line: 3, .. })),
                "{piece} {board}"
            );
        }
    }

    /// A position left out either leaves a claim unproved (refused) or was not needed (the
    /// rest still proves the same value); the last, the board's own part, is always needed.
    #[test]
    fn a_certificate_missing_a_position_proves_no_other_value() {
        let (text, _) = certificate(Piece::Knight, "3x5");
        let lines: Vec<&str> = text.lines().collect();
        let mut refused = 0;
        for index in 3..lines.len() - 1 {
            let mut cut = lines.clone();
            cut.remove(index);
            let count = format!("end {}", lines.len() - 5);
            *cut.last_mut().unwrap() = &count;
            let cut = cut.join("\n") + "\n";
            match verify(&cut) {
                Ok(verified) => assert_eq!(verified.value, 4),
                Err(error) => {
                    assert!(error.is_refusal(), "line {}: {error}", index + 1);
                    refused += 1;
                    if index == lines.len() - 2 {
                        assert!(error.to_string().contains("not listed"), "{error}");
                    }
                }
            }
        }
        assert!(refused > 0);
    }

    #[test]
    fn malformed_certificates_are_refused_naming_the_line() {
        let (good, _) = certificate(Piece::Knight, "3x3");
        assert!(verify(&good).is_ok(), "{good}");
        let body: String = good
            .lines()
            .skip(3)
            .map(|line| format!("{line}\n"))
            .collect();
        let cases: Vec<(String, u64)> = vec![
            (String::new(), 1),
            ("grundy-certificate 2\n".to_string() + &good[21..], 1),
            (good.replace("game knights 3x3", "game pawns 3x3"), 2),
            (good.replace("game knights 3x3", "game knights 17x3"), 2),
            (good.replace("game knights 3x3", "game knights"), 2),
            (good.replace("value 1", "value one"), 3),
            (good.replace("value 1", "value 10"), 3),
            (
                format!("grundy-certificate 1\ngame knights 3x3\nvalue 1\n1x1 3 1\n{body}"),
                4,
            ),
            (
                format!("grundy-certificate 1\ngame knights 3x3\nvalue 1\n1x1 z 1\n{body}"),
                4,
            ),
            (
                format!("grundy-certificate 1\ngame knights 3x3\nvalue 1\n1x1 1 1\n{body}"),
                5,
            ),
            (
                format!("grundy-certificate 1\ngame knights 3x3\nvalue 1\n1x1 1 1\x1b[2J\n{body}"),
                4,
            ),
            (
                format!("grundy-certificate 1\ngame knights 3x3\nvalue 1\n1x1 1\n{body}"),
                4,
            ),
            (
                format!("grundy-certificate 1\ngame knights 3x3\nvalue 1\n99x1 1 1\n{body}"),
                4,
            ),
            (
                format!(
                    "grundy-certificate 1\ngame knights 3x3\nvalue 1\n{}\n{body}",
                    "1".repeat(300)
                ),
                4,
            ),
            (good.replace("end ", "end 9"), good.lines().count() as u64),
            (good.clone() + "more\n", good.lines().count() as u64 + 1),
            (
                good.lines()
                    .take(4)
                    .map(|line| format!("{line}\n"))
                    .collect(),
                5,
            ),
        ];
        for (text, expected) in cases {
            match verify(&text) {
                Err(CheckError::Malformed { line, message }) => {
                    assert_eq!(line, expected, "{message}\n{text}");
                }
                other => panic!("{other:?} for\n{text}"),
            }
        }
        let not_text = [
            b"grundy-certificate 1\ngame knights 3x3\nvalue 1\n".as_slice(),
            &[0xff, 0xfe, b'\n'],
        ]
        .concat();
        assert!(matches!(
            check(not_text.as_slice(), 1 << 20, &mut |_| true),
            Err(CheckError::Malformed { line: 4, .. })
        ));
        assert!(matches!(
            check(good.as_bytes(), 10, &mut |_| true),
            Err(CheckError::TooLarge { .. })
        ));
        assert!(matches!(
            check(good.as_bytes(), 1 << 20, &mut |_| false),
            Err(CheckError::Stopped)
        ));
        // A value past its position's squares is a false claim, refused naming the position.
        for value in ["2", "123456"] {
            let impossible =
                format!("grundy-certificate 1\ngame knights 3x3\nvalue 1\n1x1 1 {value}\n{body}");
            match verify(&impossible) {
                Err(CheckError::Refused {
                    line: 4, message, ..
                }) => {
                    let claim = format!("the position 1x1 1 is claimed worth {value},");
                    assert!(message.starts_with(&claim), "{message}");
                }
                other => panic!("{other:?}"),
            }
        }
    }

    /// A value given by the caller is proved, not trusted: the board's own value gives the
    /// certificate the writer finds by itself; any other gives none.
    #[test]
    fn a_value_given_is_proved_or_refused() {
        for (piece, board) in [
            (Piece::Knight, "3x5"),
            (Piece::King, "4x4"),
            (Piece::Queen, "4x5"),
            (Piece::Bishop, "4x5"),
        ] {
            let game = PlacementGame::new(piece, board.parse().unwrap());
            let (text, summary) = certificate(piece, board);
            let mut out = Vec::new();
            let given =
                write_certificate(&game, Some(summary.value), 1 << 24, &mut out, &mut |_| true)
                    .unwrap();
            assert_eq!(given.value, summary.value, "{piece} {board}");
            assert_eq!(String::from_utf8(out).unwrap(), text, "{piece} {board}");
            for wrong in (0..=summary.value.value() + 2).filter(|&k| k != summary.value.value()) {
                let result = write_certificate(
                    &game,
                    Some(Nimber::new(wrong)),
                    1 << 24,
                    &mut Vec::new(),
                    &mut |_| true,
                );
                assert!(
                    matches!(result, Err(CertificateError::Inconsistent(_))),
                    "{piece} {board} given {wrong}: {result:?}"
                );
            }
        }
    }

    #[test]
    fn games_the_checker_does_not_read_get_no_certificate() {
        let pieces = crate::games::placement::parse_pieces("bishops+knights").unwrap();
        let rules = crate::games::placement::PlacementRules::new(
            &pieces,
            super::super::Surface::Rectangle,
            crate::board::RayRule::Through,
        )
        .unwrap();
        let game = PlacementGame::with_rules(rules, "3x3".parse().unwrap());
        let result = write_certificate(&game, None, 1 << 20, &mut Vec::new(), &mut |_| true);
        assert!(matches!(result, Err(CertificateError::Unsupported(_))));
        let game = PlacementGame::new(Piece::Knight, "17x2".parse().unwrap());
        let result = write_certificate(&game, None, 1 << 20, &mut Vec::new(), &mut |_| true);
        assert!(matches!(result, Err(CertificateError::Unsupported(_))));
    }

    /// The positions listed are held to a quarter of the memory: a certificate whose list
    /// outgrows it stops with the positions listed by then and the room, and one whose list
    /// fits is written in full.
    #[test]
    fn the_list_of_positions_is_held_to_its_share_of_the_memory() {
        let game = PlacementGame::new(Piece::Knight, "5x5".parse().unwrap());
        let (_, whole) = certificate(Piece::Knight, "5x5");
        let write =
            |budget: u64| write_certificate(&game, None, budget, &mut Vec::new(), &mut |_| true);
        match write(4096) {
            Err(CertificateError::TooLarge { positions, room }) => {
                assert_eq!(room, 1024);
                assert!(positions < whole.positions, "{positions}");
            }
            other => panic!("{other:?}"),
        }
        let roomy = (whole.positions * (LISTED_ENTRY_OVERHEAD + 64)) * LIST_SHARE;
        assert_eq!(write(roomy).unwrap(), whole);
    }

    fn cell(square: usize, cols: usize) -> Cell {
        Cell {
            row: (square / cols) as u8,
            col: (square % cols) as u8,
        }
    }

    /// The checker's attacks are the engine's, for every piece, on every board to 9x9.
    #[test]
    fn the_checkers_attacks_are_the_engines() {
        for piece in PIECES.into_iter().chain([
            Piece::Leaper(2, 3),
            Piece::Leaper(1, 4),
            Piece::Leaper(1, 1),
        ]) {
            let attack = attack_of(piece);
            for rows in 1..=9 {
                for cols in 1..=9 {
                    let board: BoardSize = format!("{rows}x{cols}").parse().unwrap();
                    let engine = NodeKayles::<2>::new(piece, board);
                    for from in 0..board.squares() {
                        for to in 0..board.squares() {
                            assert_eq!(
                                attack.attacks(cell(from, cols), cell(to, cols)),
                                from != to && engine.closed_neighbourhood(from).contains(to),
                                "{piece} {board}: {from} -> {to}"
                            );
                        }
                    }
                }
            }
        }
    }

    fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
        cells.sort_unstable();
        cells
    }

    proptest! {
        /// The checker's options and parts of a random set of free squares are the engine's.
        #[test]
        fn the_checkers_moves_and_parts_are_the_engines(
            rows in 1usize..=10,
            cols in 1usize..=10,
            piece in 0usize..PIECES.len(),
            bits in proptest::collection::vec(any::<bool>(), 100),
        ) {
            let piece = PIECES[piece];
            let board: BoardSize = format!("{rows}x{cols}").parse().unwrap();
            let engine = NodeKayles::<2>::new(piece, board);
            let free: SquareSet<2> = (0..board.squares()).filter(|&square| bits[square]).collect();
            let cells: Vec<Cell> = free.iter().map(|square| cell(square, cols)).collect();
            let attack = attack_of(piece);
            for (index, square) in free.iter().enumerate() {
                let option: Vec<Cell> = free
                    .without(engine.closed_neighbourhood(square))
                    .iter()
                    .map(|square| cell(square, cols))
                    .collect();
                prop_assert_eq!(sorted(option_after(attack, &cells, index)), option);
            }
            let mut engine_parts: Vec<Vec<Cell>> = Vec::new();
            engine.for_each_component(&free, |part| {
                engine_parts.push(part.iter().map(|square| cell(square, cols)).collect());
            });
            let mut checker_parts: Vec<Vec<Cell>> =
                parts(attack, &cells).into_iter().map(sorted).collect();
            engine_parts.sort();
            checker_parts.sort();
            prop_assert_eq!(checker_parts, engine_parts);
        }
    }
}
