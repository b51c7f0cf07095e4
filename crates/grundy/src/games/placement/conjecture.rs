//! A published conjecture tested on a range of boards: `grundy conjecture parity knights
//! 3x3..8x8`, the request `{"question":"conjecture","game":"knights","boards":"3x3..8x8"}`.
//!
//! `parity` is Proposition 2.2.3 of Boone (2016), *Abstractions and Analyses of Grid Games*,
//! stated there without proof: every terminal position of Knights on an `m×n` board has as
//! many pieces as `m·n` has parity. Each board's terminal positions are counted by size
//! ([`crate::graph::terminal`]), so a board where the statement holds is checked completely,
//! not sampled.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{Piece, PlacementGame, PlacementPosition};
use crate::board::BoardSize;
use crate::games::answer_text::draw_board;
use crate::games::work_observer::{WorkEnd, WorkObserver};
use crate::graph::terminal::{board_orders, narrowest_order, terminal_sets, TerminalLimit};
use crate::graph::Graph;
use crate::report::{Command, ConjectureReport, ParityCounterexample, Undecided, SCHEMA_VERSION};

/// The statement of the parity conjecture, as the report writes it.
pub const PARITY_STATEMENT: &str =
    "every terminal position on an m x n board has a number of pieces with the parity of m*n";

/// The conjectures that can be tested.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Conjecture {
    /// Boone (2016), Proposition 2.2.3: every terminal position on an m x n board has a number
    /// of pieces with the parity of m*n.
    #[default]
    Parity,
}

/// A conjecture tested on every board of a range.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConjectureRequest {
    /// Which conjecture (default `parity`).
    #[serde(default)]
    pub conjecture: Conjecture,
    /// The piece (Boone (2016) states it for knights; any piece may be tried).
    #[serde(with = "super::as_text")]
    pub game: Piece,
    /// The boards.
    #[serde(with = "super::as_text")]
    pub boards: BoardRange,
    /// The most frontier states when counting a board's terminal positions; a board beyond it
    /// is reported as undecided. More than this machine's memory could hold is refused.
    #[serde(default = "default_states")]
    pub states: usize,
}

fn default_states() -> usize {
    TerminalLimit::default().entries
}

impl ConjectureRequest {
    /// The parity conjecture for the piece named `piece` on `boards`, with the default count
    /// of states.
    ///
    /// # Errors
    /// The piece's name is none of grundy's.
    pub fn parity_named(piece: &str, boards: BoardRange) -> Result<ConjectureRequest, String> {
        let piece: Piece = piece
            .parse()
            .map_err(|error: crate::board::PieceError| error.to_string())?;
        Ok(ConjectureRequest::parity(piece, boards))
    }

    /// The parity conjecture for `piece` on `boards`, with the default count of states.
    #[must_use]
    pub fn parity(piece: Piece, boards: BoardRange) -> ConjectureRequest {
        ConjectureRequest {
            conjecture: Conjecture::Parity,
            game: piece,
            boards,
            states: default_states(),
        }
    }
}

/// Boards typed as `AxB..CxD`, every board with A to C rows and B to D columns (fewest squares
/// first), or one board such as `5x5`; written back as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRange {
    text: String,
    boards: Vec<BoardSize>,
}

impl BoardRange {
    /// The boards, fewest squares first (then fewest rows).
    #[must_use]
    pub fn boards(&self) -> &[BoardSize] {
        &self.boards
    }
}

impl FromStr for BoardRange {
    type Err = String;

    fn from_str(text: &str) -> Result<BoardRange, String> {
        let malformed = || {
            format!(
                "board range `{text}` is malformed: expected AxB..CxD (all boards with A to C rows and B to D columns, for example 3x3..8x8) or a single board such as 5x5"
            )
        };
        let (from, to) = text.split_once("..").unwrap_or((text, text));
        if from.trim().is_empty() || to.trim().is_empty() {
            return Err(malformed());
        }
        // A bad end is named inside the range as typed, so the message quotes what was typed.
        let end = |end: &str| {
            end.trim().parse::<BoardSize>().map_err(|error| {
                if text.contains("..") {
                    format!("board range `{text}`: {error}")
                } else {
                    error.to_string()
                }
            })
        };
        let (from, to) = (end(from)?, end(to)?);
        if from.rows() > to.rows() || from.cols() > to.cols() {
            return Err(malformed());
        }
        let mut boards = Vec::new();
        for rows in from.rows()..=to.rows() {
            for cols in from.cols()..=to.cols() {
                boards.push(BoardSize::new(rows as u32, cols as u32).map_err(|e| e.to_string())?);
            }
        }
        boards.sort_by_key(|board| (board.squares(), board.rows()));
        Ok(BoardRange {
            text: text.to_string(),
            boards,
        })
    }
}

impl fmt::Display for BoardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Tests the conjecture on each board in turn, up to the first counterexample. `observer`
/// hears the boards counted, and stops the test between boards.
///
/// # Errors
/// [`WorkEnd::Stopped`] when `observer` stops it.
pub(crate) fn conjecture(
    request: &ConjectureRequest,
    observer: &mut dyn WorkObserver,
) -> Result<ConjectureReport, WorkEnd> {
    let Conjecture::Parity = request.conjecture;
    let piece = request.game;
    let boards = request.boards.boards();
    let limit = TerminalLimit::within_machine(request.states).map_err(WorkEnd::Refused)?;
    let mut checked = Vec::new();
    let mut undecided = Vec::new();
    let mut counterexample = None;
    for (done, &board) in boards.iter().enumerate() {
        if observer.should_stop() {
            return Err(WorkEnd::Stopped);
        }
        let graph = Graph::attack_graph(piece, board);
        let order = narrowest_order(&graph, board_orders(board));
        match terminal_sets(&graph, &order, limit, &mut |_, _| {}) {
            Ok(sets) => {
                checked.push(board.to_string());
                let parity = board.squares() % 2;
                if let Some(class) = sets.sizes.iter().find(|c| c.size % 2 != parity) {
                    counterexample = Some(parity_counterexample(piece, board, &class.example));
                    break;
                }
            }
            Err(error) => undecided.push(Undecided {
                board: board.to_string(),
                reason: error.to_string(),
            }),
        }
        observer.progress(done + 1, boards.len());
    }
    Ok(ConjectureReport {
        schema: SCHEMA_VERSION,
        command: Command::Conjecture,
        conjecture: "parity".to_string(),
        statement: PARITY_STATEMENT.to_string(),
        game: piece.to_string(),
        boards: request.boards.to_string(),
        holds: counterexample.is_none() && undecided.is_empty(),
        counterexample,
        boards_checked: checked,
        undecided,
    })
}

/// The terminal position of `piece` on `board` with a piece on each of `squares` (by index).
fn parity_counterexample(
    piece: Piece,
    board: BoardSize,
    squares: &[usize],
) -> ParityCounterexample {
    let game = PlacementGame::new(piece, board);
    ParityCounterexample {
        board: board.to_string(),
        squares: squares
            .iter()
            .map(|&i| board.square_at(i).to_string())
            .collect(),
        size: squares.len(),
        area: board.squares(),
        position: game.format_position(&position_of(&game, squares)),
    }
}

/// The position of `game` with a piece on each of `squares` (by index): a terminal position
/// found, reached by legal moves.
fn position_of(game: &PlacementGame, squares: &[usize]) -> PlacementPosition {
    squares.iter().fold(game.empty(), |position, &index| {
        game.play(&position, game.board().square_at(index))
            .expect("a terminal position is reached by legal moves")
    })
}

/// The report of the parity conjecture for `piece`, for people: the verdict, and the
/// counterexample drawn.
#[must_use]
pub fn parity_text(piece: Piece, report: &ConjectureReport) -> String {
    let mut out = format!(
        "conjecture (Boone (2016), Proposition 2.2.3): every terminal position of {piece} on an m x n board has as many pieces as m*n has parity\n"
    );
    match &report.counterexample {
        Some(found) => {
            let board: BoardSize = found.board.parse().expect("the report's board is valid");
            let game = PlacementGame::new(piece, board);
            let position = game
                .parse_position(&found.position)
                .expect("the report's counterexample is a position of its game");
            out.push_str(&format!(
                "false: on {} (m*n = {}, {}) this terminal position has {} pieces ({}):\n",
                found.board,
                found.area,
                parity_word(found.area),
                found.size,
                parity_word(found.size),
            ));
            out.push_str(&draw_board(&game, &position, &HashMap::new()));
            out.push_str(&format!(
                "position {}\n(no move is left: every free square is attacked)\n",
                found.position
            ));
        }
        None if report.holds => out.push_str(&format!(
            "holds on all {} boards tried ({}): every terminal position was counted\n",
            report.boards_checked.len(),
            report.boards
        )),
        None => out.push_str(&format!(
            "no counterexample on the {} boards counted, but {} could not be decided\n",
            report.boards_checked.len(),
            report.undecided.len()
        )),
    }
    for undecided in &report.undecided {
        out.push_str(&format!(
            "undecided {}: {}\n",
            undecided.board, undecided.reason
        ));
    }
    out
}

fn parity_word(number: usize) -> &'static str {
    if number % 2 == 0 {
        "even"
    } else {
        "odd"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::{conjecture, RunError, Stopped};
    use crate::watch::Watch;

    #[test]
    fn a_range_lists_its_boards_fewest_squares_first_and_is_written_as_typed() {
        let range: BoardRange = "3x3..4x5".parse().unwrap();
        let boards: Vec<String> = range.boards().iter().map(ToString::to_string).collect();
        assert_eq!(boards, ["3x3", "3x4", "4x3", "3x5", "4x4", "4x5"]);
        assert_eq!(range.to_string(), "3x3..4x5");
        assert_eq!("5x5".parse::<BoardRange>().unwrap().boards().len(), 1);
        for bad in [
            "",
            "3x3..",
            "..4x4",
            "5x5..3x3",
            "3x3..0x4",
            "3x3..23x23",
            "a..b",
        ] {
            assert!(bad.parse::<BoardRange>().is_err(), "{bad}");
        }
    }

    /// Joined pieces are named as such, not as an unknown piece, from the command line's
    /// words and from a request's JSON alike.
    #[test]
    fn joined_pieces_are_refused_as_several_pieces() {
        let boards = || "3x3".parse::<BoardRange>().unwrap();
        let error = ConjectureRequest::parity_named("bishops+knights", boards()).unwrap_err();
        assert!(
            error.contains("`bishops+knights` joins 2 pieces"),
            "{error}"
        );
        let error = ConjectureRequest::parity_named("bishops+pawns", boards()).unwrap_err();
        assert!(error.contains("unknown piece `bishops+pawns`"), "{error}");
        assert!(ConjectureRequest::parity_named("knights", boards()).is_ok());
        let json = r#"{"question":"conjecture","game":"bishops+knights","boards":"3x3"}"#;
        let error = serde_json::from_str::<crate::request::Request>(json)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("`bishops+knights` joins 2 pieces"),
            "{error}"
        );
    }

    #[test]
    fn knights_hold_up_to_2x2_fail_on_3x3_and_a_stop_ends_the_test() {
        let request = ConjectureRequest::parity(Piece::Knight, "1x1..2x2".parse().unwrap());
        let report = conjecture(&request, &Watch::new()).unwrap();
        assert!(report.holds && report.counterexample.is_none());
        assert_eq!(report.boards_checked.len(), 4);
        let failing = ConjectureRequest::parity(Piece::Knight, "3x3..4x4".parse().unwrap());
        let report = conjecture(&failing, &Watch::new()).unwrap();
        let found = report.counterexample.expect("3x3 is a counterexample");
        assert_eq!((found.board.as_str(), found.area), ("3x3", 9));
        assert_eq!(found.size % 2, 0);
        assert_eq!(report.boards_checked, ["3x3"]);
        let json = r#"{"question":"conjecture","game":"knights","boards":"1x1..2x2"}"#;
        let read: crate::request::Request = serde_json::from_str(json).unwrap();
        assert_eq!(
            serde_json::to_string(&read).unwrap(),
            format!(
                r#"{{"question":"conjecture","conjecture":"parity","game":"knights","boards":"1x1..2x2","states":{}}}"#,
                default_states()
            )
        );
        let watch = Watch::new();
        watch.stop();
        assert!(matches!(
            conjecture(&request, &watch),
            Err(RunError::Stopped(Stopped::Nothing))
        ));
    }
}
