//! Strategies: rules that pick the next move of a placement game, as values that can be played
//! against each other, against a person, or checked against every reply.
//!
//! - [`MirrorSecond`]: the second player answers each move with its mirror image (Boone
//!   (2016), Theorem 2.2.2 (a)), under the first board symmetry that has no fixed square and
//!   never maps a square to one a piece there attacks.
//! - [`CentreThenReflect`]: on a board with both sides odd, the first player takes the centre
//!   and then answers each move with its image under the half turn (Boone (2016), Theorem
//!   2.2.2 (b), and Jenrich (2014) for queens), when no free square attacks its own image.
//! - [`QueensFour`]: Jenrich (2014)'s first-player strategy for queens on 4×4.
//! - [`KingsFourLines`] (in its own module): the second player's strategy for kings on a
//!   board with a side of 4, answering each king in its own line across that side.
//!
//! In a game of several pieces a move names its piece ([`PlacementMove`]); the mirror
//! strategies answer a move with the same piece on the image square.
//! - [`Perfect`]: a winning move found by the solver, when there is one.
//! - [`Random`]: a legal move chosen by a small seeded generator.
//!
//! The symmetry strategies decide when they are made whether their argument holds for the game
//! ([`MirrorSecond::for_game`] and the like return [`StrategyError::DoesNotApply`] otherwise),
//! and each move checks that the position is one the strategy can answer, so a strategy that
//! does not apply says so instead of making an illegal move.
//!
//! ```
//! use grundy::games::placement::{play_out, MirrorSecond, Perfect, Piece, PlacementGame, Player};
//!
//! let game = PlacementGame::new(Piece::Knight, "4x4".parse().unwrap());
//! let mut mirror = MirrorSecond::for_game(&game).unwrap();
//! let mut perfect = Perfect::new(&game, 1 << 20);
//! let record = play_out(&game, &mut perfect, &mut mirror).unwrap();
//! assert_eq!(record.winner, Player::Second);
//! // Knights on 5x5 have no fixed-point-free symmetry: mirror play does not apply.
//! let odd = PlacementGame::new(Piece::Knight, "5x5".parse().unwrap());
//! assert!(MirrorSecond::for_game(&odd).is_err());
//! ```

use std::fmt;

use thiserror::Error;

use crate::board::{BoardSize, Square, Surface, Symmetry};

use super::settle::mirror_settlement;
use super::{Piece, PlacementGame, PlacementMove, PlacementPosition, PlacementSolver};
use crate::values::Nimber;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who moves on the empty board.
    First,
    /// The other one.
    Second,
}

impl Player {
    /// The player to move in `position`: the first when an even number of pieces stands.
    #[must_use]
    pub fn to_move(game: &PlacementGame, position: &PlacementPosition) -> Player {
        if game.occupied(position).count() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first",
            Player::Second => "second",
        })
    }
}

/// Why a strategy gave no move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StrategyError {
    /// The game is over: the player to move has lost.
    #[error("no legal move is left: the player to move has lost")]
    NoLegalMove,
    /// The strategy's argument does not hold for this game or position.
    #[error("{strategy} does not apply: {reason}")]
    DoesNotApply {
        /// The strategy's name.
        strategy: String,
        /// What fails, naming the squares or sizes involved.
        reason: String,
    },
}

pub(super) fn does_not_apply(strategy: &str, reason: String) -> StrategyError {
    StrategyError::DoesNotApply {
        strategy: strategy.to_string(),
        reason,
    }
}

/// A rule that picks the next move of one placement game.
///
/// A strategy is made for one game (its constructor checks that it applies there) and then
/// asked for moves in positions of that game.
pub trait Strategy {
    /// A short name for people, such as `mirror play (half turn)`.
    fn name(&self) -> String;

    /// The move to make in `position`, which must be a position of the strategy's game: a
    /// square and the piece put there. [`StrategyError::NoLegalMove`] when the game is over,
    /// [`StrategyError::DoesNotApply`] when the position is not one the strategy can answer;
    /// never an illegal move.
    fn choose(&mut self, position: &PlacementPosition) -> Result<PlacementMove, StrategyError>;
}

/// The symmetries [`MirrorSecond`] tries, in order: those of every rectangular board that
/// undo themselves. Each maps every piece's attacks onto attacks: the attack relations of all
/// the pieces depend only on the absolute row and column differences, which they keep.
const MIRROR_SYMMETRIES: [Symmetry; 3] = [
    Symmetry::ROW_MIRROR,
    Symmetry::COLUMN_MIRROR,
    Symmetry::HALF_TURN,
];

/// The first square of `squares` that is its own image under `symmetry`, or from which some
/// piece of the game attacks its image: the square that breaks mirror play, its image, and
/// the piece (`None` for a fixed square).
fn first_clash(
    symmetry: Symmetry,
    game: &PlacementGame,
    squares: impl IntoIterator<Item = Square>,
) -> Option<(Square, Square, Option<Piece>)> {
    let board = game.board();
    squares.into_iter().find_map(|square| {
        let image = symmetry.image(board, square);
        if image == square {
            return Some((square, image, None));
        }
        game.pieces()
            .iter()
            .find(|piece| piece.attacks(square, image))
            .map(|&piece| (square, image, Some(piece)))
    })
}

/// The occupied squares of `position` whose image under `symmetry` does not hold the same
/// piece: empty, or (in a game of several pieces) holding another piece, which the mirror
/// argument cannot pair with it.
fn unpaired(
    game: &PlacementGame,
    position: &PlacementPosition,
    symmetry: Symmetry,
    skip: Option<Square>,
) -> Vec<Square> {
    game.occupied(position)
        .filter(|&square| Some(square) != skip)
        .filter(|&square| {
            let image = symmetry.image(game.board(), square);
            game.piece_at(position, image) != game.piece_at(position, square)
        })
        .collect()
}

/// The reply that restores symmetry after the one move that broke it, checked to be legal:
/// the same piece on the image square; with the position it leaves.
fn restore_symmetry(
    strategy: &str,
    game: &PlacementGame,
    position: &PlacementPosition,
    symmetry: Symmetry,
    centre: Option<Square>,
) -> Result<(PlacementMove, PlacementPosition), StrategyError> {
    match unpaired(game, position, symmetry, centre).as_slice() {
        [last] => {
            let reply = PlacementMove {
                square: symmetry.image(game.board(), *last),
                piece: game
                    .piece_at(position, *last)
                    .expect("an unpaired square is occupied"),
            };
            let after = game.play_move(position, reply).map_err(|error| {
                does_not_apply(
                    strategy,
                    format!(
                        "the image {} of the piece on {last} cannot be played: {error}",
                        reply.square
                    ),
                )
            })?;
            Ok((reply, after))
        }
        [] => Err(does_not_apply(
            strategy,
            "the position is symmetric already: mirror play answers the opponent's moves, it does not start"
                .to_string(),
        )),
        several => Err(does_not_apply(
            strategy,
            format!(
                "the position is not one move away from symmetric: {} pieces lack their image",
                several.len()
            ),
        )),
    }
}

pub(super) fn ensure_moves_left(
    game: &PlacementGame,
    position: &PlacementPosition,
) -> Result<(), StrategyError> {
    if game.available(position).is_empty() {
        Err(StrategyError::NoLegalMove)
    } else {
        Ok(())
    }
}

/// Refuses `game` unless it is played on a rectangle. The strategies' arguments test attacks
/// as they are on the rectangle: on a cylinder, a torus or a Möbius strip a glued edge lets a
/// piece attack across it (a knight on a cylinder 2 columns round attacks the squares above
/// and below it), so a square can attack its own image where the rectangle's test says not.
pub(super) fn ensure_rectangle(strategy: &str, game: &PlacementGame) -> Result<(), StrategyError> {
    match game.rules().surface() {
        Surface::Rectangle => Ok(()),
        surface => Err(does_not_apply(
            strategy,
            format!(
                "it is for a rectangle, not a {surface}, whose glued edges let pieces attack across them"
            ),
        )),
    }
}

/// The second player's mirror strategy (Boone (2016), Lemma 2.1.2 and Theorem 2.2.2 (a)):
/// answer every move with its image under a symmetry `σ` of the board, with the same piece.
///
/// It wins whenever no square is its own image and no piece attacks its own image: from a
/// symmetric position the free squares are symmetric too, so after the opponent takes a free
/// square `s`, the square `σ(s)` was free, is not `s`, and is not attacked by `s` — nor by any
/// other piece, whose image (the same piece on the image square) would attack `s`. With
/// several pieces the test covers every piece, since any of them may be put on `s`. The reply restores symmetry, so the second player
/// always has a move and the first runs out. [`MirrorSecond::for_game`] tries the reflections
/// in the middle lines (an even side) and then the half turn, and takes the first that passes
/// this test on every square:
///
/// - knights, bishops, camels, zebras, giraffes: the reflection across an even side (a square
///   and its image share a column and lie an odd number of rows apart);
/// - rooks on even × even boards: the half turn (a square and its image differ in both row and
///   column); not on even × odd boards, where the middle column maps to itself;
/// - kings: never (the middle rows touch; the half turn maps a central square to a diagonal
///   neighbour); queens: never (the reflections keep the column, the half turn keeps the main
///   diagonal of a square board, and the middle column of an even × odd one).
#[derive(Clone, Debug)]
pub struct MirrorSecond {
    game: PlacementGame,
    symmetry: Symmetry,
}

impl MirrorSecond {
    /// The mirror strategy for `game`, with the first symmetry that works, or why none does.
    pub fn for_game(game: &PlacementGame) -> Result<MirrorSecond, StrategyError> {
        ensure_rectangle("mirror play", game)?;
        let board = game.board();
        let mut failures = Vec::new();
        for symmetry in MIRROR_SYMMETRIES {
            match first_clash(symmetry, game, board.all_squares()) {
                None => {
                    return Ok(MirrorSecond {
                        game: game.clone(),
                        symmetry,
                    })
                }
                Some((square, _, None)) => {
                    failures.push(format!("the {symmetry} fixes {square}"));
                }
                Some((square, image, Some(piece))) => failures.push(format!(
                    "under the {symmetry} one of the {piece} on {square} attacks its image {image}"
                )),
            }
        }
        Err(does_not_apply(
            "mirror play for the second player",
            format!("{} on {board}: {}", game.name(), failures.join("; ")),
        ))
    }

    /// The symmetry the strategy answers with.
    #[must_use]
    pub fn symmetry(&self) -> Symmetry {
        self.symmetry
    }
}

impl Strategy for MirrorSecond {
    fn name(&self) -> String {
        format!("mirror play ({})", self.symmetry)
    }

    fn choose(&mut self, position: &PlacementPosition) -> Result<PlacementMove, StrategyError> {
        ensure_moves_left(&self.game, position)?;
        restore_symmetry(&self.name(), &self.game, position, self.symmetry, None)
            .map(|(reply, _)| reply)
    }
}

/// The first player's strategy on a board with both sides odd (Boone (2016), Theorem 2.2.2
/// (b); Jenrich (2014) §4 for queens): take the centre `c`, then answer each move with its
/// image under the half turn about `c`.
///
/// It wins whenever no square left free by the centre piece attacks its own image: the
/// argument of [`MirrorSecond`] then applies to every later move. For the line pieces (rooks,
/// bishops, queens) a square and its image attack each other only along a line through `c`, so
/// `c` attacked the square already and it was never free: the strategy always applies. For a
/// leaper `(a, b)` a square attacks its image only if the leap is twice a vector, so `a` and
/// `b` both even: knights, kings, camels, zebras and giraffes always qualify; a `(0, 2)` or
/// `(2, 2)` leaper does not. In a game of several pieces the strategy opens with the first
/// piece after whose placement on the centre no free square attacks its image, for any piece.
#[derive(Clone, Debug)]
pub struct CentreThenReflect {
    game: PlacementGame,
    centre: PlacementMove,
}

impl CentreThenReflect {
    /// The strategy for `game`, or why it does not apply.
    pub fn for_game(game: &PlacementGame) -> Result<CentreThenReflect, StrategyError> {
        const NAME: &str = "centre then reflection";
        ensure_rectangle(NAME, game)?;
        let board = game.board();
        if board.rows() % 2 == 0 || board.cols() % 2 == 0 {
            return Err(does_not_apply(
                NAME,
                format!("{board} has an even side, so it has no centre square"),
            ));
        }
        let centre_square = board
            .square(board.rows() / 2, board.cols() / 2)
            .expect("the centre is on the board");
        let mut failures = Vec::new();
        for &piece in game.pieces() {
            let centre = PlacementMove {
                square: centre_square,
                piece,
            };
            let after_centre = game
                .play_move(&game.empty(), centre)
                .expect("the empty board allows any move");
            let free = game.legal_moves(&after_centre);
            match first_clash(Symmetry::HALF_TURN, game, free) {
                None => {
                    return Ok(CentreThenReflect {
                        game: game.clone(),
                        centre,
                    })
                }
                Some((square, image, attacker)) => failures.push(format!(
                    "{square} is free after {} is taken, and one of the {} there attacks its image {image}",
                    game.move_name(centre),
                    attacker.expect("only the centre is its own image, and it is taken")
                )),
            }
        }
        Err(does_not_apply(
            NAME,
            format!("{} on {board}: {}", game.name(), failures.join("; ")),
        ))
    }

    /// The opening move.
    #[must_use]
    pub fn centre(&self) -> PlacementMove {
        self.centre
    }
}

impl Strategy for CentreThenReflect {
    fn name(&self) -> String {
        format!("centre {} then half turn", self.game.move_name(self.centre))
    }

    fn choose(&mut self, position: &PlacementPosition) -> Result<PlacementMove, StrategyError> {
        ensure_moves_left(&self.game, position)?;
        if *position == self.game.empty() {
            return Ok(self.centre);
        }
        // Its argument holds for the piece it opens with: another piece on the centre may
        // attack the images of the squares it leaves free.
        let PlacementMove {
            square: centre,
            piece,
        } = self.centre;
        match self.game.piece_at(position, centre) {
            Some(standing) if standing == piece => {}
            Some(standing) => {
                return Err(does_not_apply(
                    &self.name(),
                    format!(
                        "{} stands on the centre, where the strategy opens with {}",
                        self.game.move_name(PlacementMove {
                            square: centre,
                            piece: standing
                        }),
                        self.game.move_name(self.centre)
                    ),
                ))
            }
            None => {
                return Err(does_not_apply(
                    &self.name(),
                    format!("the centre {centre} is empty: the strategy opens there"),
                ))
            }
        }
        let (reply, after) = restore_symmetry(
            &self.name(),
            &self.game,
            position,
            Symmetry::HALF_TURN,
            Some(centre),
        )?;
        // From the empty board every square on a line through the centre piece is taken up to
        // the edge, but a position set up with lines blocked may have a piece beside the
        // centre, freeing squares the constructor never tested (with a (0,4) leaper on 5x5,
        // a3 and e3 behind pieces on b3 and d3 attack each other). So the position the reply
        // leaves is tested itself, as every settlement is.
        if self.game.available(&after).is_empty() || mirror_settlement(&self.game, &after).is_some()
        {
            Ok(reply)
        } else {
            Err(does_not_apply(
                &self.name(),
                format!(
                    "after {} some free square attacks its image under the half turn",
                    self.game.move_name(reply)
                ),
            ))
        }
    }
}

/// Jenrich (2014)'s first-player strategy for queens on 4×4: a queen on an inner square (`b2`) leaves
/// four free squares, each attacking two others in a cycle, so whichever the second player
/// takes leaves exactly one square, which the first player takes last.
#[derive(Clone, Debug)]
pub struct QueensFour {
    game: PlacementGame,
}

impl QueensFour {
    /// The opening square.
    const OPENING: (usize, usize) = (1, 1);

    /// The strategy for `game`, which must be queens on 4×4.
    pub fn for_game(game: &PlacementGame) -> Result<QueensFour, StrategyError> {
        ensure_rectangle("the queens 4x4 strategy", game)?;
        if game.single_piece() != Some(Piece::Queen)
            || game.board() != BoardSize::new(4, 4).expect("4x4")
        {
            return Err(does_not_apply(
                "the queens 4x4 strategy",
                format!(
                    "it is for queens on 4x4, not {} on {}",
                    game.name(),
                    game.board()
                ),
            ));
        }
        Ok(QueensFour { game: game.clone() })
    }

    fn opening(&self) -> Square {
        let (row, col) = Self::OPENING;
        self.game.board().square(row, col).expect("on 4x4")
    }

    fn queen_on(square: Square) -> PlacementMove {
        PlacementMove {
            square,
            piece: Piece::Queen,
        }
    }
}

impl Strategy for QueensFour {
    fn name(&self) -> String {
        format!("queens 4x4: {} then the last free square", self.opening())
    }

    fn choose(&mut self, position: &PlacementPosition) -> Result<PlacementMove, StrategyError> {
        ensure_moves_left(&self.game, position)?;
        if *position == self.game.empty() {
            return Ok(Self::queen_on(self.opening()));
        }
        let opening = self.opening();
        if !self.game.occupied(position).any(|square| square == opening) {
            return Err(does_not_apply(
                &self.name(),
                format!("{opening} is empty: the strategy opens there"),
            ));
        }
        match self.game.legal_moves(position).as_slice() {
            [only] => Ok(Self::queen_on(*only)),
            moves => Err(does_not_apply(
                &self.name(),
                format!(
                    "{} squares are free, but the strategy's argument leaves exactly one",
                    moves.len()
                ),
            )),
        }
    }
}

/// The solver's choice: the first winning move row by row. In a lost position, the move that
/// leaves the opponent the most legal moves (the first of those), which keeps the game long and
/// gives the opponent the most chances to go wrong.
pub struct Perfect {
    solver: PlacementSolver,
}

impl Perfect {
    /// A perfect player of `game` whose transposition table may use `budget_bytes`.
    #[must_use]
    pub fn new(game: &PlacementGame, budget_bytes: u64) -> Perfect {
        Perfect {
            solver: PlacementSolver::new(game, budget_bytes),
        }
    }

    /// The solver, for questions about the same game (it keeps its table).
    pub fn solver(&mut self) -> &mut PlacementSolver {
        &mut self.solver
    }
}

impl Strategy for Perfect {
    fn name(&self) -> String {
        "perfect play".to_string()
    }

    fn choose(&mut self, position: &PlacementPosition) -> Result<PlacementMove, StrategyError> {
        let game = self.solver.game().clone();
        ensure_moves_left(&game, position)?;
        let mut best: Option<(usize, PlacementMove)> = None;
        for placement in game.legal_placements(position) {
            let after = game.play_move(position, placement).expect("a legal move");
            if self.solver.has_value(&after, Nimber::ZERO) {
                return Ok(placement);
            }
            let replies = game.available(&after).len();
            if best.is_none_or(|(most, _)| replies > most) {
                best = Some((replies, placement));
            }
        }
        Ok(best.expect("a move exists").1)
    }
}

/// A legal move chosen uniformly by a xorshift64* generator: the same seed plays the same
/// moves.
#[derive(Clone, Debug)]
pub struct Random {
    game: PlacementGame,
    state: u64,
}

impl Random {
    /// A random player of `game` seeded with `seed`.
    #[must_use]
    pub fn new(game: &PlacementGame, seed: u64) -> Random {
        // Xorshift never leaves 0; mixing the seed with an odd constant avoids it (and spreads
        // small seeds over all bits).
        let state = (seed ^ 0x9E37_79B9_7F4A_7C15).wrapping_mul(0xBF58_476D_1CE4_E5B9) | 1;
        Random {
            game: game.clone(),
            state,
        }
    }

    fn next(&mut self) -> u64 {
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        self.state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

impl Strategy for Random {
    fn name(&self) -> String {
        "random moves".to_string()
    }

    fn choose(&mut self, position: &PlacementPosition) -> Result<PlacementMove, StrategyError> {
        let moves = self.game.legal_placements(position);
        if moves.is_empty() {
            return Err(StrategyError::NoLegalMove);
        }
        // The modulo bias is below 2^-56 for any board: irrelevant here.
        let pick = (self.next() % moves.len() as u64) as usize;
        Ok(moves[pick])
    }
}

/// A game played out between two strategies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The moves, first player's first.
    pub moves: Vec<PlacementMove>,
    /// Who made the last move.
    pub winner: Player,
}

/// Plays `game` from the empty board with `first` against `second` until the player to move
/// has no move. A strategy that does not apply ends the game with its error.
pub fn play_out(
    game: &PlacementGame,
    first: &mut dyn Strategy,
    second: &mut dyn Strategy,
) -> Result<GameRecord, StrategyError> {
    let mut position = game.empty();
    let mut moves = Vec::new();
    loop {
        let to_move = if moves.len() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        if game.available(&position).is_empty() {
            return Ok(GameRecord {
                moves,
                winner: to_move.other(),
            });
        }
        let strategy: &mut dyn Strategy = match to_move {
            Player::First => &mut *first,
            Player::Second => &mut *second,
        };
        let placement = strategy.choose(&position)?;
        position = game.play_move(&position, placement).map_err(|error| {
            does_not_apply(
                &strategy.name(),
                format!("it chose an illegal move: {error}"),
            )
        })?;
        moves.push(placement);
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::games::placement::{
        parse_pieces, symmetry_strategy, PlacementRules, RayRule, Surface,
    };

    fn game(piece: Piece, board: &str) -> PlacementGame {
        PlacementGame::new(piece, board.parse().unwrap())
    }

    /// Checks that `strategy`, playing as `player`, wins against every sequence of replies:
    /// whenever it is to move it names a legal move, and every line ends with the opponent
    /// to move and no move left. Positions already checked are not checked again (the
    /// strategies tested choose by the position alone). Returns the number of distinct
    /// positions in which the opponent had to move.
    pub(in crate::games::placement) fn wins_against_every_reply(
        game: &PlacementGame,
        strategy: &mut dyn Strategy,
        player: Player,
    ) -> Result<usize, String> {
        fn opponent_moves(
            game: &PlacementGame,
            strategy: &mut dyn Strategy,
            position: PlacementPosition,
            checked: &mut HashSet<PlacementPosition>,
        ) -> Result<(), String> {
            if !checked.insert(position) {
                return Ok(());
            }
            for reply in game.legal_placements(&position) {
                let after = game.play_move(&position, reply).expect("a legal move");
                strategy_moves(game, strategy, after, checked)?;
            }
            Ok(())
        }
        fn strategy_moves(
            game: &PlacementGame,
            strategy: &mut dyn Strategy,
            position: PlacementPosition,
            checked: &mut HashSet<PlacementPosition>,
        ) -> Result<(), String> {
            let placement = strategy
                .choose(&position)
                .map_err(|error| format!("at {}: {error}", game.format_position(&position)))?;
            let after = game.play_move(&position, placement).map_err(|error| {
                format!("at {}: illegal {error}", game.format_position(&position))
            })?;
            opponent_moves(game, strategy, after, checked)
        }
        let mut checked = HashSet::new();
        match player {
            Player::First => strategy_moves(game, strategy, game.empty(), &mut checked)?,
            Player::Second => opponent_moves(game, strategy, game.empty(), &mut checked)?,
        }
        Ok(checked.len())
    }

    fn boards(sides: std::ops::RangeInclusive<usize>) -> Vec<String> {
        let mut boards = Vec::new();
        for rows in sides.clone() {
            for cols in sides.clone() {
                boards.push(format!("{rows}x{cols}"));
            }
        }
        boards
    }

    #[test]
    fn symmetries_keep_every_attack() {
        let pieces = [
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Queen,
            Piece::King,
            Piece::Leaper(1, 3),
            Piece::Leaper(0, 2),
        ];
        for piece in pieces {
            for board in boards(1..=5) {
                let game = game(piece, &board);
                let size = game.board();
                for symmetry in Symmetry::of_board(size) {
                    for from in size.all_squares() {
                        let image = symmetry.image(size, from);
                        if MIRROR_SYMMETRIES.contains(&symmetry) {
                            assert_eq!(symmetry.image(size, image), from, "an involution");
                        }
                        for to in size.all_squares() {
                            assert_eq!(
                                piece.attacks(from, to),
                                piece.attacks(image, symmetry.image(size, to)),
                                "{piece} {board} {symmetry}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn mirror_play_wins_knights_on_every_board_with_an_even_side() {
        for board in boards(1..=6) {
            let game = game(Piece::Knight, &board);
            let size = game.board();
            let even = size.rows() % 2 == 0 || size.cols() % 2 == 0;
            match MirrorSecond::for_game(&game) {
                Ok(mut mirror) => {
                    assert!(even, "{board}");
                    let row_mirror = size.rows() % 2 == 0;
                    let expected = if row_mirror {
                        Symmetry::ROW_MIRROR
                    } else {
                        Symmetry::COLUMN_MIRROR
                    };
                    assert_eq!(mirror.symmetry(), expected, "{board}");
                    wins_against_every_reply(&game, &mut mirror, Player::Second)
                        .unwrap_or_else(|error| panic!("knights {board}: {error}"));
                }
                Err(error) => {
                    assert!(!even, "knights {board}: {error}");
                    assert!(error.to_string().contains("fixes"), "{error}");
                }
            }
        }
    }

    #[test]
    fn the_exhaustive_check_catches_a_mirror_that_fails() {
        // Forced onto boards where for_game refuses them, the mirrors lose some line of play,
        // and the check finds it.
        for (piece, board, symmetry) in [
            (Piece::King, "4x4", Symmetry::ROW_MIRROR),
            (Piece::King, "4x4", Symmetry::HALF_TURN),
            (Piece::Queen, "4x4", Symmetry::HALF_TURN),
            (Piece::Rook, "4x4", Symmetry::COLUMN_MIRROR),
        ] {
            let game = game(piece, board);
            let mut mirror = MirrorSecond {
                game: game.clone(),
                symmetry,
            };
            let error = wins_against_every_reply(&game, &mut mirror, Player::Second).unwrap_err();
            assert!(error.contains("does not apply"), "{error}");
        }
        // And the count of positions it checks grows with the board.
        let six = game(Piece::Knight, "6x6");
        let mut mirror = MirrorSecond::for_game(&six).unwrap();
        let checked = wins_against_every_reply(&six, &mut mirror, Player::Second).unwrap();
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn mirror_play_applies_exactly_as_documented_and_only_to_p_positions() {
        let cases: [(Piece, &[&str], &[&str]); 6] = [
            (
                Piece::Bishop,
                &["2x2", "4x5", "6x6", "3x4"],
                &["3x3", "5x5"],
            ),
            (Piece::Rook, &["2x2", "4x4", "6x4"], &["4x5", "3x3", "2x3"]),
            (Piece::Queen, &[], &["2x2", "4x4", "6x6", "4x5", "3x6"]),
            (Piece::King, &[], &["2x2", "4x4", "3x6", "6x6"]),
            (Piece::Leaper(1, 3), &["4x4", "5x6", "2x7"], &["5x5"]),
            // The wazir attacks its neighbour across a middle line, but not under the half
            // turn of an even x even board.
            (Piece::Leaper(0, 1), &["2x2", "4x4", "4x6"], &["3x4", "5x5"]),
        ];
        for (piece, applies, refused) in cases {
            for board in applies {
                let game = game(piece, board);
                let mut mirror = MirrorSecond::for_game(&game)
                    .unwrap_or_else(|error| panic!("{piece} {board}: {error}"));
                wins_against_every_reply(&game, &mut mirror, Player::Second)
                    .unwrap_or_else(|error| panic!("{piece} {board}: {error}"));
                let mut solver = PlacementSolver::new(&game, 1 << 22);
                assert_eq!(
                    solver.nim_value(&game.empty()),
                    Nimber::ZERO,
                    "{piece} {board}"
                );
            }
            for board in refused {
                let error = MirrorSecond::for_game(&game(piece, board)).unwrap_err();
                assert!(
                    matches!(error, StrategyError::DoesNotApply { .. }),
                    "{piece} {board}"
                );
            }
        }
        // The rook's half turn fails on even x odd boards through the middle column.
        let error = MirrorSecond::for_game(&game(Piece::Rook, "4x5")).unwrap_err();
        assert!(error.to_string().contains("attacks its image"), "{error}");
    }

    #[test]
    fn a_strategy_that_applies_somewhere_is_consistent_with_the_solver_everywhere() {
        let pieces = [
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Queen,
            Piece::King,
            Piece::Leaper(1, 3),
            Piece::Leaper(2, 3),
            Piece::Leaper(0, 2),
            Piece::Leaper(2, 2),
        ];
        let mut applied = 0;
        for piece in pieces {
            for board in boards(1..=5) {
                let game = game(piece, &board);
                let mut solver = PlacementSolver::new(&game, 1 << 22);
                let value = solver.nim_value(&game.empty());
                if MirrorSecond::for_game(&game).is_ok() {
                    assert_eq!(value, Nimber::ZERO, "mirror on {piece} {board}");
                    applied += 1;
                }
                if let Ok(mut strategy) = CentreThenReflect::for_game(&game) {
                    assert_ne!(value, Nimber::ZERO, "centre on {piece} {board}");
                    wins_against_every_reply(&game, &mut strategy, Player::First)
                        .unwrap_or_else(|error| panic!("{piece} {board}: {error}"));
                    applied += 1;
                }
            }
        }
        assert!(applied > 50, "{applied}");
    }

    #[test]
    fn centre_then_reflect_wins_knights_and_queens_on_odd_boards() {
        for (piece, board) in [
            (Piece::Knight, "1x1"),
            (Piece::Knight, "3x3"),
            (Piece::Knight, "3x7"),
            (Piece::Knight, "5x5"),
            (Piece::Knight, "7x5"),
            (Piece::Queen, "1x1"),
            (Piece::Queen, "3x3"),
            (Piece::Queen, "5x5"),
            (Piece::Queen, "7x7"),
            (Piece::Bishop, "5x7"),
            (Piece::Rook, "7x7"),
            (Piece::King, "5x7"),
        ] {
            let game = game(piece, board);
            let mut strategy = CentreThenReflect::for_game(&game)
                .unwrap_or_else(|error| panic!("{piece} {board}: {error}"));
            wins_against_every_reply(&game, &mut strategy, Player::First)
                .unwrap_or_else(|error| panic!("{piece} {board}: {error}"));
        }
    }

    #[test]
    fn centre_then_reflect_refuses_even_sides_and_leapers_that_attack_their_image() {
        for (piece, board, words) in [
            (Piece::Knight, "4x5", "even side"),
            (Piece::Queen, "6x6", "even side"),
            (Piece::Leaper(0, 2), "5x5", "attacks its image"),
            (Piece::Leaper(2, 2), "3x3", "attacks its image"),
        ] {
            let error = CentreThenReflect::for_game(&game(piece, board)).unwrap_err();
            assert!(
                error.to_string().contains(words),
                "{piece} {board}: {error}"
            );
        }
    }

    #[test]
    fn queens_on_four_by_four_follow_jenrich() {
        let game = game(Piece::Queen, "4x4");
        let mut strategy = QueensFour::for_game(&game).unwrap();
        let checked = wins_against_every_reply(&game, &mut strategy, Player::First).unwrap();
        // The position after b2 and two ends: the four free squares form two pairs, and the
        // second player's reply picks the pair, in either order.
        assert_eq!(checked, 3);
        assert!(
            QueensFour::for_game(&PlacementGame::new(Piece::Queen, "5x5".parse().unwrap()))
                .is_err()
        );
        assert!(
            QueensFour::for_game(&PlacementGame::new(Piece::Rook, "4x4".parse().unwrap())).is_err()
        );
        // symmetry_strategy falls back to it, since 4x4 has no centre.
        assert!(symmetry_strategy(&game, Player::First)
            .unwrap()
            .name()
            .contains("4x4"));
        assert!(symmetry_strategy(&game, Player::Second).is_err());
    }

    #[test]
    fn perfect_play_wins_every_won_position_against_every_reply() {
        for (piece, board) in [
            (Piece::Knight, "3x3"),
            (Piece::Knight, "2x4"),
            (Piece::Knight, "3x4"),
            (Piece::Queen, "4x4"),
            (Piece::Queen, "5x5"),
            (Piece::King, "3x4"),
            (Piece::Bishop, "3x4"),
        ] {
            let game = game(piece, board);
            let mut perfect = Perfect::new(&game, 1 << 22);
            let value = perfect.solver().nim_value(&game.empty());
            let player = if value == Nimber::ZERO {
                Player::Second
            } else {
                Player::First
            };
            wins_against_every_reply(&game, &mut perfect, player)
                .unwrap_or_else(|error| panic!("{piece} {board}: {error}"));
            // The other side has no strategy that wins against every reply.
            let mut loser = Perfect::new(&game, 1 << 22);
            assert!(
                wins_against_every_reply(&game, &mut loser, player.other()).is_err(),
                "{piece} {board}"
            );
        }
    }

    #[test]
    fn symmetry_strategies_beat_the_perfect_player() {
        for (piece, board, player) in [
            (Piece::Knight, "6x6", Player::Second),
            (Piece::Knight, "8x8", Player::Second),
            (Piece::Knight, "7x7", Player::First),
            (Piece::Queen, "7x7", Player::First),
            (Piece::Queen, "9x9", Player::First),
            (Piece::Queen, "4x4", Player::First),
            (Piece::Bishop, "6x7", Player::Second),
        ] {
            let game = game(piece, board);
            let mut strategy = symmetry_strategy(&game, player)
                .unwrap_or_else(|error| panic!("{piece} {board}: {error}"));
            let mut perfect = Perfect::new(&game, 1 << 24);
            let record = match player {
                Player::First => play_out(&game, strategy.as_mut(), &mut perfect),
                Player::Second => play_out(&game, &mut perfect, strategy.as_mut()),
            }
            .unwrap_or_else(|error| panic!("{piece} {board}: {error}"));
            assert_eq!(record.winner, player, "{piece} {board}: {:?}", record.moves);
        }
    }

    #[test]
    fn a_strategy_that_does_not_apply_says_so_instead_of_moving() {
        let knights = game(Piece::Knight, "4x4");
        let mut mirror = MirrorSecond::for_game(&knights).unwrap();
        // On the empty board the mirror strategy has nothing to answer.
        let error = mirror.choose(&knights.empty()).unwrap_err();
        assert!(error.to_string().contains("symmetric already"), "{error}");
        // Two unanswered moves: a1 and d4 are not mirror images under the row mirror.
        let position = knights.parse_position("N.../..../..../...N").unwrap();
        let one_more = knights.play(&position, "b4".parse().unwrap()).unwrap();
        let error = mirror.choose(&one_more).unwrap_err();
        assert!(error.to_string().contains("not one move away"), "{error}");

        let five = game(Piece::Knight, "5x5");
        let mut centre = CentreThenReflect::for_game(&five).unwrap();
        let corner = five.play(&five.empty(), "a1".parse().unwrap()).unwrap();
        let moved = five.play(&corner, "e1".parse().unwrap()).unwrap();
        let error = centre.choose(&moved).unwrap_err();
        assert!(error.to_string().contains("centre c3 is empty"), "{error}");

        // Queens 4x4 where the first player opened elsewhere: two free squares remain after
        // a1, b3 and the strategy refuses rather than guess.
        let queens = game(Piece::Queen, "4x4");
        let mut four = QueensFour::for_game(&queens).unwrap();
        let position = queens.parse_position("Q.../..../.Q../....").unwrap();
        assert!(four.choose(&position).is_err());

        // A finished game: no move, for every strategy.
        let full = knights.parse_position("NNNN/..../..../NNNN").unwrap();
        assert_eq!(mirror.choose(&full), Err(StrategyError::NoLegalMove));
        assert_eq!(
            Random::new(&knights, 7).choose(&full),
            Err(StrategyError::NoLegalMove)
        );
        assert_eq!(
            Perfect::new(&knights, 1 << 20).choose(&full),
            Err(StrategyError::NoLegalMove)
        );
        // play_out stops with the error of a strategy that does not apply.
        let mut mirror_first = MirrorSecond::for_game(&knights).unwrap();
        let mut random = Random::new(&knights, 1);
        assert!(play_out(&knights, &mut mirror_first, &mut random).is_err());
    }

    pub(in crate::games::placement) fn several(pieces: &str, board: &str) -> PlacementGame {
        ruled(pieces, board, Surface::Rectangle, RayRule::Through)
    }

    fn ruled(pieces: &str, board: &str, surface: Surface, rays: RayRule) -> PlacementGame {
        let pieces = parse_pieces(pieces).unwrap();
        let rules = PlacementRules::new(&pieces, surface, rays).unwrap();
        PlacementGame::with_rules(rules, board.parse().unwrap())
    }

    /// Every strategy names its piece in a game of several pieces, and its moves are legal:
    /// the perfect player wins against every reply, the mirror answers with the same piece.
    #[test]
    fn strategies_play_games_of_several_pieces() {
        for board in ["3x3", "3x4", "4x4"] {
            let game = several("bishops+knights", board);
            let mut perfect = Perfect::new(&game, 1 << 22);
            let value = perfect.solver().nim_value(&game.empty());
            let winner = if value == Nimber::ZERO {
                Player::Second
            } else {
                Player::First
            };
            wins_against_every_reply(&game, &mut perfect, winner)
                .unwrap_or_else(|error| panic!("{board}: {error}"));
            let mut random = Random::new(&game, 5);
            let mut other = Random::new(&game, 6);
            let record = play_out(&game, &mut random, &mut other).unwrap();
            assert!(!record.moves.is_empty());
        }
        // A bishop and a knight each keep away from their image across the middle row of 4x4
        // (same column, an odd number of rows apart), so mirror play wins there.
        let game = several("bishops+knights", "4x4");
        let mut mirror = MirrorSecond::for_game(&game).unwrap();
        assert_eq!(mirror.symmetry(), Symmetry::ROW_MIRROR);
        wins_against_every_reply(&game, &mut mirror, Player::Second).unwrap();
        let opened = game
            .play_move(
                &game.empty(),
                PlacementMove {
                    square: "b1".parse().unwrap(),
                    piece: Piece::Knight,
                },
            )
            .unwrap();
        let reply = mirror.choose(&opened).unwrap();
        assert_eq!(reply.piece, Piece::Knight);
        assert_eq!(reply.square, "b4".parse().unwrap());
        // Kings attack their image across the middle row, so adding them breaks the mirror.
        let error = MirrorSecond::for_game(&several("bishops+kings", "4x4")).unwrap_err();
        assert!(error.to_string().contains("one of the kings on"), "{error}");
        // On 3x3 a bishop in the centre takes the corners; from the four edge squares left
        // neither piece attacks the opposite edge, so the half turn answers every move.
        let game = several("bishops+knights", "3x3");
        let mut centre = CentreThenReflect::for_game(&game).unwrap();
        assert_eq!(centre.centre().piece, Piece::Bishop);
        wins_against_every_reply(&game, &mut centre, Player::First).unwrap();
    }

    /// Every position a game reaches from the empty board, up to `cap` of them (breadth first).
    pub(in crate::games::placement) fn reachable(
        game: &PlacementGame,
        cap: usize,
    ) -> Vec<PlacementPosition> {
        let mut seen = HashSet::from([game.empty()]);
        let mut order = vec![game.empty()];
        let mut next = 0;
        while next < order.len() && order.len() < cap {
            let position = order[next];
            next += 1;
            for placement in game.legal_placements(&position) {
                let after = game.play_move(&position, placement).expect("a legal move");
                if seen.insert(after) {
                    order.push(after);
                }
            }
        }
        order
    }

    /// The perfect player plays a strategy's move without search and calls the position it
    /// leaves 0 (`reply.rs`), from any position, for either player's strategy: so wherever a
    /// strategy moves, the solver must find 0 after its move. In a game of several pieces a
    /// square's image must hold the same piece to pair with it, and the centre the piece the
    /// strategy opens with (`BB../..../..../N...`: mirror play took a1's bishop and a4's knight
    /// for a pair and answered Bb4, a move that loses).
    #[test]
    fn wherever_a_strategy_moves_the_position_it_leaves_is_a_second_player_win() {
        let mut moved = 0;
        for game in [
            several("bishops+knights", "4x4"),
            several("bishops+knights", "3x3"),
            several("bishops+knights", "3x5"),
            several("rooks+knights", "4x4"),
            game(Piece::Knight, "4x4"),
            game(Piece::Knight, "5x5"),
            game(Piece::King, "4x5"),
            game(Piece::Queen, "4x4"),
            game(Piece::Rook, "4x4"),
            ruled(
                "bishops+knights",
                "4x4",
                Surface::Rectangle,
                RayRule::Blocked,
            ),
            ruled("rooks+knights", "3x5", Surface::Rectangle, RayRule::Blocked),
            ruled(
                "leaper:0,4+rooks",
                "5x5",
                Surface::Rectangle,
                RayRule::Blocked,
            ),
            ruled("knights", "6x2", Surface::Cylinder, RayRule::Through),
            ruled("kings", "3x5", Surface::Torus, RayRule::Through),
            ruled("queens", "4x4", Surface::Mobius, RayRule::Through),
        ] {
            let mut solver = PlacementSolver::new(&game, 1 << 24);
            for position in reachable(&game, 20_000) {
                for player in [Player::First, Player::Second] {
                    let Ok(mut strategy) = symmetry_strategy(&game, player) else {
                        continue;
                    };
                    let Ok(placement) = strategy.choose(&position) else {
                        continue;
                    };
                    let after = game.play_move(&position, placement).unwrap();
                    assert_eq!(
                        solver.nim_value(&after),
                        Nimber::ZERO,
                        "{} on {}: {} from {} leaves {}",
                        game.name(),
                        game.board(),
                        strategy.name(),
                        game.format_position(&position),
                        game.format_position(&after)
                    );
                    moved += 1;
                }
            }
        }
        assert!(moved > 1000, "{moved}");
        // The two positions that found the fault are refused now.
        let game = several("bishops+knights", "4x4");
        let position = game.parse_position("BB../..../..../N...").unwrap();
        let mut mirror = MirrorSecond::for_game(&game).unwrap();
        let error = mirror.choose(&position).unwrap_err();
        assert!(error.to_string().contains("not one move away"), "{error}");
        let game = several("bishops+knights", "3x3");
        let position = game.parse_position("N../.N./...").unwrap();
        let mut centre = CentreThenReflect::for_game(&game).unwrap();
        let error = centre.choose(&position).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("Nb2 stands on the centre, where the strategy opens with Bb2"),
            "{error}"
        );
        // With lines blocked, (0,4) leapers beside the centre rook free a3 and e3, which
        // attack each other: the half turn's answer Ld4 would leave *2.
        let game = ruled(
            "leaper:0,4+rooks",
            "5x5",
            Surface::Rectangle,
            RayRule::Blocked,
        );
        let position = game
            .parse_position("...../.L.../.LRL./...../.....")
            .unwrap();
        let mut centre = CentreThenReflect::for_game(&game).unwrap();
        let error = centre.choose(&position).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("some free square attacks its image"),
            "{error}"
        );
        // A glued edge lets a piece attack across it, which the strategies' tests do not see:
        // they refuse every surface but the rectangle.
        for (pieces, board, surface) in [
            ("knights", "6x2", Surface::Cylinder),
            ("bishops", "4x3", Surface::Cylinder),
            ("kings", "3x5", Surface::Torus),
            ("rooks", "3x3", Surface::Mobius),
            ("queens", "4x4", Surface::Torus),
        ] {
            let game = ruled(pieces, board, surface, RayRule::Through);
            for player in [Player::First, Player::Second] {
                let Err(error) = symmetry_strategy(&game, player) else {
                    panic!("{pieces} {board}: a strategy on a {surface}");
                };
                let error = error.to_string();
                assert!(
                    error.contains("it is for a rectangle"),
                    "{pieces} {board}: {error}"
                );
            }
        }
    }

    #[test]
    fn random_play_is_legal_reproducible_and_varied() {
        let game = game(Piece::Knight, "5x5");
        let mut games = HashSet::new();
        for seed in 0..20 {
            let mut first = Random::new(&game, seed);
            let mut second = Random::new(&game, seed + 1000);
            let record = play_out(&game, &mut first, &mut second).unwrap();
            let (mut again_first, mut again_second) =
                (Random::new(&game, seed), Random::new(&game, seed + 1000));
            let again = play_out(&game, &mut again_first, &mut again_second).unwrap();
            assert_eq!(record, again);
            games.insert(record.moves);
        }
        assert!(games.len() >= 15, "{}", games.len());
        // Against random play the symmetry strategy still wins.
        for seed in 0..10 {
            let mut centre = CentreThenReflect::for_game(&game).unwrap();
            let mut random = Random::new(&game, seed);
            let record = play_out(&game, &mut centre, &mut random).unwrap();
            assert_eq!(record.winner, Player::First);
        }
    }
}
