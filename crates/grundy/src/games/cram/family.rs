//! Cram as one of grundy's families ([`crate::games::contract`]).

use std::sync::Arc;

use super::play_view::DominoView;
use super::symmetry::{symmetry_settlement, SymmetrySettlement};
use super::{Cram, CramError, CramPosition, CramSolver, Domino, MAX_MISERE_CRAM_SQUARES};
use crate::board::{BoardError, BoardSize, Surface};
use crate::games::contract::{no_such_move, FamilyGame, NormalPlay, PlayView};
use crate::games::move_list::MoveOffers;
use crate::games::parts::{Family, MisereStart, PartFamily, Parts, Shape, State, TooLarge};
use crate::graph::GraphError;
use crate::report::{Command, FamilyPart, GameReport, Move, MovePart, PartReport, Player};
use crate::solver::SearchObserver;
use crate::values::{Nimber, Outcome};

/// Cram's symmetry strategy for the rest of a game, as the computer's opponent names it.
const MIRROR_PLAY: &str =
    "mirror play (each domino answered by its image under a symmetry of the free squares)";

/// A game of Cram in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CramGame {
    /// The rules and the board.
    pub(crate) rules: Cram,
    /// The free squares.
    pub(crate) position: CramPosition,
}

impl FamilyGame for CramGame {
    fn name(&self) -> String {
        CRAM_NAME.to_string()
    }

    fn text(&self) -> String {
        format!("{CRAM_NAME} {}", self.rules.board())
    }

    fn written(&self) -> String {
        if self.position == self.rules.empty() {
            self.text()
        } else {
            format!("{} at {}", self.text(), self.position_text())
        }
    }

    fn position_text(&self) -> String {
        self.rules.format_position(&self.position)
    }

    fn at_position(&self, rows: &str) -> Option<Result<CramGame, String>> {
        Some(
            self.rules
                .parse_position(rows)
                .map(|position| CramGame {
                    rules: self.rules.clone(),
                    position,
                })
                .map_err(|error| error.to_string()),
        )
    }

    fn at_start(&self) -> bool {
        self.position == self.rules.empty()
    }

    fn same_as(&self, other: &CramGame) -> bool {
        self == other
    }

    fn report(&self, command: Command, outcome: Outcome) -> GameReport {
        GameReport {
            family: FamilyPart::Board {
                board: self.rules.board().to_string(),
            },
            ..GameReport::new(
                command,
                self.name(),
                self.position_text(),
                outcome,
                self.player_to_move(),
            )
        }
    }

    fn moves_after(&self) -> Vec<(Move, CramGame)> {
        self.dominoes_after()
            .map(|(domino, position)| {
                let after = CramGame {
                    rules: self.rules.clone(),
                    position,
                };
                (Move::domino(domino, Nimber::ZERO), after)
            })
            .collect()
    }

    fn named_move(&self, notation: String, nimber: Nimber) -> Move {
        match notation.parse::<Domino>() {
            Ok(domino) => Move::domino(domino, nimber),
            // The search names its moves by the dominoes it lists, so this is not reached;
            // a move it could not read is still reported, by its notation.
            Err(_) => Move::bare(notation, nimber),
        }
    }

    fn play(&self, notation: &str) -> Result<CramGame, String> {
        let domino = notation
            .parse()
            .map_err(|error| format!("{}: {error}", no_such_move(notation, self)))?;
        let position = self
            .rules
            .play(&self.position, domino)
            .map_err(|error| error.to_string())?;
        Ok(CramGame {
            rules: self.rules.clone(),
            position,
        })
    }

    fn normal_play(&self, budget_bytes: u64) -> Result<Box<dyn NormalPlay>, GraphError> {
        Ok(Box::new(CramValues {
            game: self.clone(),
            solver: CramSolver::new(&self.rules, budget_bytes),
        }))
    }

    fn strategy_move(&self) -> Option<(String, String)> {
        match symmetry_settlement(&self.rules, &self.position)? {
            SymmetrySettlement::FirstPlayerMirrors { domino, symmetry } => Some((
                domino.to_string(),
                format!("mirror play ({symmetry}) from the symmetric position this domino leaves"),
            )),
            SymmetrySettlement::SecondPlayerMirrors(_) => None,
        }
    }

    /// A mirror strategy that settles the position keeps settling it after every pair of
    /// moves, so the side it wins for can be told before the game; it is played by
    /// [`FamilyGame::strategy_move`] move by move, under whichever symmetry of the free squares
    /// is found first then (each move names it), so the name given here names none.
    fn side_strategy(&self, side: Player) -> Option<Result<String, String>> {
        use SymmetrySettlement::{FirstPlayerMirrors, SecondPlayerMirrors};
        Some(
            match (side, symmetry_settlement(&self.rules, &self.position)) {
                (Player::First, Some(FirstPlayerMirrors { domino, .. })) => {
                    Ok(format!("the domino {domino}, then {MIRROR_PLAY}"))
                }
                (Player::Second, Some(SecondPlayerMirrors(_))) => Ok(MIRROR_PLAY.to_string()),
                (_, Some(SecondPlayerMirrors(symmetry))) => Err(format!(
                    "the position is its own image under the {symmetry} and no domino meets its image, so the second player wins by mirror play"
                )),
                (_, Some(FirstPlayerMirrors { domino, .. })) => Err(format!(
                    "the first player wins by the domino {domino}, then mirror play"
                )),
                (_, None) => Err(
                    "no symmetry of the board maps the free squares onto themselves with no domino meeting its image, before or after one domino"
                        .to_string(),
                ),
            },
        )
    }

    fn misere_start(&self) -> Result<MisereStart, TooLarge> {
        let board = self.rules.board();
        let free = u64::try_from(self.position.bits())
            .ok()
            .filter(|_| board.squares() <= MAX_MISERE_CRAM_SQUARES)
            .ok_or_else(|| {
                TooLarge(format!(
                    "board {board} has {} squares: misère searches take boards of at most {MAX_MISERE_CRAM_SQUARES} squares",
                    board.squares()
                ))
            })?;
        Ok(MisereStart {
            rules: Arc::new(CramParts(self.rules.clone())),
            states: vec![State::Squares(free)],
        })
    }

    fn board_view(&self) -> Option<Box<dyn PlayView>> {
        Some(Box::new(DominoView(self.clone())))
    }

    fn picture(&self) -> Option<String> {
        Some(super::picture::picture(self))
    }

    fn report_picture(&self, report: &GameReport, every_move_listed: bool) -> Option<String> {
        super::picture::report_picture(self, report, every_move_listed)
    }
}

/// The name a game of Cram is written with.
pub(crate) const CRAM_NAME: &str = "cram";

/// Whether `name` names Cram.
#[must_use]
pub(crate) fn is_cram(name: &str) -> bool {
    name.trim().eq_ignore_ascii_case(CRAM_NAME)
}

impl CramGame {
    /// The empty board of Cram on `board`.
    ///
    /// # Errors
    /// When the board has more squares than a position holds.
    pub(crate) fn empty(board: BoardSize) -> Result<CramGame, CramError> {
        let rules = Cram::new(board)?;
        Ok(CramGame {
            position: rules.empty(),
            rules,
        })
    }

    /// Reads what follows `cram` in a game as written: the board `MxN`, then `at` and a
    /// position (rows of `.` free and `#` covered, separated by `/`) if any. A surface is
    /// refused: dominoes across a glued edge are not in the solver's word of squares.
    ///
    /// # Errors
    /// A message naming the bad word and what was expected.
    pub(crate) fn from_arguments<S: AsRef<str>>(args: &[S]) -> Result<CramGame, String> {
        let words: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
        let (board, rest) = match words.as_slice() {
            [] => {
                return Err(format!(
                    "{CRAM_NAME} needs a board size, for example `{CRAM_NAME} 4x5`"
                ))
            }
            [board, rest @ ..] => (board, rest),
        };
        let board: BoardSize = board
            .parse()
            .map_err(|error: BoardError| error.to_string())?;
        let mut game = CramGame::empty(board).map_err(|error| error.to_string())?;
        match rest {
            [] => {}
            [at, rows] if at.eq_ignore_ascii_case("at") => {
                game.position = game
                    .rules
                    .parse_position(rows)
                    .map_err(|error| error.to_string())?;
            }
            [at, _, extra, ..] if at.eq_ignore_ascii_case("at") => {
                return Err(format!(
                    "unexpected argument `{extra}` after the position: {CRAM_NAME} takes a board size, then `at` and a position if any, for example `{CRAM_NAME} 3x4 at ##../..../....`"
                ))
            }
            [word, ..] if word.parse::<Surface>().is_ok() => {
                return Err(format!(
                    "{CRAM_NAME} is played on a rectangle: the surface `{word}` is for the placement games"
                ))
            }
            [word, ..] => {
                return Err(format!(
                    "unexpected argument `{word}`: {CRAM_NAME} takes a board size, then `at` and a position if any, for example `{CRAM_NAME} 3x4 at ##../..../....`"
                ))
            }
        }
        Ok(game)
    }

    /// The strategy by which the second player wins here without search (mirror play), when
    /// one does: the position is then worth 0.
    #[must_use]
    pub(crate) fn second_player_strategy(&self) -> Option<String> {
        match symmetry_settlement(&self.rules, &self.position)? {
            SymmetrySettlement::SecondPlayerMirrors(symmetry) => {
                Some(format!("mirror play ({symmetry})"))
            }
            SymmetrySettlement::FirstPlayerMirrors { .. } => None,
        }
    }

    /// The player to move: the first when an even number of dominoes lies on the board.
    #[must_use]
    pub(crate) fn player_to_move(&self) -> Player {
        let covered = self.rules.empty().free_squares() - self.position.free_squares();
        if (covered / 2) % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// Each legal domino with the position it leaves.
    fn dominoes_after(&self) -> impl Iterator<Item = (Domino, CramPosition)> + '_ {
        self.rules
            .legal_moves(&self.position)
            .into_iter()
            .map(|domino| {
                let free = self.position.bits() & !self.rules.domino_bits(domino);
                (domino, CramPosition::from_bits(free))
            })
    }
}

/// A game of Cram valued by its search, which values the moves with the same table.
struct CramValues {
    game: CramGame,
    solver: CramSolver,
}

impl NormalPlay for CramValues {
    fn nim_value(&mut self) -> Nimber {
        self.solver.nim_value(&self.game.position)
    }

    fn offer_moves(&mut self, moves: &mut MoveOffers<'_>) {
        for (domino, after) in self.game.dominoes_after() {
            moves.offer(self.solver.nim_value(&after), || domino.to_string());
        }
    }

    fn move_to_value(&mut self, target: Nimber) -> Option<String> {
        self.game
            .dominoes_after()
            .into_iter()
            .find(|(_, after)| self.solver.nim_value(after) == target)
            .map(|(domino, _)| domino.to_string())
    }

    fn set_observer(&mut self, observer: Box<dyn SearchObserver + Send>) {
        self.solver.set_observer(observer);
    }

    fn positions_searched(&self) -> u64 {
        self.solver.stats().positions
    }

    fn settlement(&self) -> Option<String> {
        self.game.second_player_strategy()
    }

    /// The regions of free squares a domino can still be laid in, as a person sees them
    /// (without the squares the search drops as changing no value), each valued as a game
    /// of its own.
    fn parts(&mut self) -> Option<Vec<PartReport>> {
        let regions = self.game.rules.free_regions(&self.game.position);
        (regions.len() > 1).then(|| {
            let board = self.game.rules.board();
            regions
                .into_iter()
                .map(|region| {
                    let squares = region.squares().map(|index| board.square_at(index));
                    PartReport::new(squares, self.solver.nim_value(&region))
                })
                .collect()
        })
    }
}

/// The report of a move of this family.
impl Move {
    /// Laying `domino`, leading to `nimber`.
    #[must_use]
    pub(crate) fn domino(domino: Domino, nimber: Nimber) -> Move {
        let squares = [domino.first(), domino.second()];
        Move::with_part(
            domino.to_string(),
            nimber,
            MovePart::Domino {
                squares: squares.map(|square| square.to_string()),
                rows: squares.map(|square| square.coordinates().0),
                cols: squares.map(|square| square.coordinates().1),
            },
        )
    }
}

/// Cram's regions as parts of a misère position: the free squares of each, keyed by shape.
#[derive(Debug, PartialEq)]
struct CramParts(Cram);

impl PartFamily for CramParts {
    fn has_moves(&self, state: State) -> bool {
        matches!(state, State::Squares(free) if self.0.move_count(&CramPosition::from_bits(u128::from(free))) > 0)
    }

    fn longest_play(&self, state: State) -> u64 {
        match state {
            // Each domino covers two squares.
            State::Squares(free) => u64::from(free.count_ones() / 2),
            _ => 0,
        }
    }

    fn add_parts(&self, family: Family, state: State, parts: &mut Parts) {
        let State::Squares(free) = state else {
            return;
        };
        self.0
            .for_each_component(&CramPosition::from_bits(u128::from(free)), |region| {
                let key = self.0.key(&region);
                // A region of a board of at most 64 squares, and its packed shape, fit a word.
                let shape = Shape::Packed {
                    bits: key.bits() as u64,
                    width: key.width() as u32,
                };
                parts.push(family.part(shape, State::Squares(region.bits() as u64)));
            });
    }

    fn for_each_option(&self, family: Family, state: State, visit: &mut dyn FnMut(&mut Parts)) {
        let State::Squares(free) = state else {
            return;
        };
        let mut left = Vec::new();
        self.0.for_each_domino_bits(u128::from(free), |domino| {
            left.clear();
            self.add_parts(family, State::Squares(free & !(domino as u64)), &mut left);
            visit(&mut left);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_domino_s_move_names_its_two_squares_for_a_front_end_to_draw() {
        let rules = Cram::new("3x4".parse().unwrap()).unwrap();
        let game = CramGame {
            position: rules.empty(),
            rules,
        };
        let across = game.named_move("c2-b2".into(), Nimber::ZERO);
        assert_eq!(
            serde_json::to_string(&across).unwrap(),
            r#"{"move":"b2-c2","nimber":0,"winning":true,"squares":["b2","c2"],"rows":[2,2],"cols":[2,3]}"#
        );
        let down = Move::domino("a1-a2".parse().unwrap(), Nimber::new(2));
        assert_eq!(down.domino_squares(), Some(["a1", "a2"]));
        let text = serde_json::to_string(&down).unwrap();
        assert_eq!(
            text,
            r#"{"move":"a1-a2","nimber":2,"winning":false,"squares":["a1","a2"],"rows":[1,2],"cols":[1,1]}"#
        );
        assert_eq!(serde_json::from_str::<Move>(&text).unwrap(), down);
        for (listed, _) in game.moves_after() {
            let squares = listed
                .domino_squares()
                .expect("every Cram move names its squares");
            assert_eq!(listed.notation, squares.join("-"));
        }
    }

    #[test]
    fn each_move_played_from_its_notation_leads_where_the_list_says() {
        let rules = Cram::new("3x3".parse().unwrap()).unwrap();
        let game = CramGame {
            position: rules.parse_position("#../.../..#").unwrap(),
            rules,
        };
        assert_eq!(game.text(), "cram 3x3");
        assert_eq!(game.position_text(), "#../.../..#");
        let moves = game.moves_after();
        assert_eq!(moves.len(), 8);
        for (named, after) in &moves {
            assert!(game.play(&named.notation).unwrap().same_as(after));
        }
        for bogus in ["", "a1-b1", "a1-c1", "zz9", "b2-b2", "c3-c2"] {
            assert!(game.play(bogus).is_err(), "{bogus}");
        }
    }

    /// Under normal play each move is offered with the value the plain recursion gives.
    #[test]
    fn normal_play_values_the_moves_as_the_plain_recursion_does() {
        let rules = Cram::new("3x4".parse().unwrap()).unwrap();
        let game = CramGame {
            position: rules.empty(),
            rules: rules.clone(),
        };
        let mut values = game.normal_play(1 << 20).unwrap();
        assert_eq!(values.nim_value(), rules.naive_nim_value(&rules.empty()));
        for (named, after) in game.moves_after() {
            let mut after_values = after.normal_play(1 << 20).unwrap();
            assert_eq!(
                after_values.nim_value(),
                rules.naive_nim_value(&after.position),
                "{}",
                named.notation
            );
        }
    }
}
