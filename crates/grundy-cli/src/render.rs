//! Text pictures of boards and shared wording of results.

use std::collections::HashMap;

use grundy::games::placement::{PlacementGame, PlacementPosition};
use grundy::report::Player;
use grundy::{Nimber, Outcome, Square};

/// A report as one line of JSON, as `--json` prints it.
pub fn json_line<T: serde::Serialize>(report: &T) -> String {
    grundy::request::json_line(report)
}

/// One line saying who wins, for people.
pub fn outcome_sentence(to_move: Player, outcome: Option<Outcome>) -> String {
    match outcome {
        Some(Outcome::N) => format!("N: the player to move ({to_move} player) wins"),
        Some(Outcome::P) => format!("P: the player to move ({to_move} player) loses"),
        None => "not known".to_string(),
    }
}

/// The outcome and who wins, `N: first player wins`, for people.
pub fn outcome_words(outcome: Option<Outcome>) -> String {
    outcome.map_or_else(
        || "not known".to_string(),
        |outcome| format!("{outcome}: {}", outcome.winner_description()),
    )
}

/// Draws the board: row 1 at the top, column letters above, the piece letter on occupied
/// squares, `x` on attacked ones, and on each free square either `.` or the label given.
pub fn draw_board(
    game: &PlacementGame,
    position: &PlacementPosition,
    labels: &HashMap<Square, String>,
) -> String {
    let board = game.board();
    let width = labels.values().map(String::len).max().unwrap_or(1).max(1);
    let row_label_width = board.rows().to_string().len();
    let mut out = String::new();
    out.push_str(&" ".repeat(row_label_width + 1));
    for col in 0..board.cols() {
        let name = board.square(0, col).expect("on the board").to_string();
        let letters: String = name.chars().take_while(char::is_ascii_alphabetic).collect();
        out.push_str(&format!(" {letters:>width$}"));
    }
    out.push('\n');
    for row in 0..board.rows() {
        out.push_str(&format!("{:>row_label_width$} ", row + 1));
        for col in 0..board.cols() {
            let square = board.square(row, col).expect("on the board");
            let cell = if let Some(piece) = game.piece_at(position, square) {
                piece.letter().to_string()
            } else if game.is_attacked(position, square) {
                "x".to_string()
            } else {
                labels
                    .get(&square)
                    .cloned()
                    .unwrap_or_else(|| ".".to_string())
            };
            out.push_str(&format!(" {cell:>width$}"));
        }
        out.push('\n');
    }
    out
}

/// A nimber written as a plain number, as in the published tables (Boone (2016)).
pub fn plain(nimber: Nimber) -> String {
    nimber.value().to_string()
}
