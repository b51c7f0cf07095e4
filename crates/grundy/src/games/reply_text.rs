//! The computer's move as text for people, as `grundy play --reply` prints it: the move (on
//! one board with its square's coordinates too), what it leaves, and the value, or under
//! misère play who wins, of what it leaves. The JSON of the same answer is the report itself.

use super::answer_text::{is_one_board, outcome_sentence};
use crate::board::Square;
use crate::games::game::Game;
use crate::report::GameReport;
use crate::values::Nimber;

/// The text of the computer's move in `game`, `report` the answer of its `play` request.
#[must_use]
pub fn reply_text(game: &Game, report: &GameReport) -> String {
    let played = report.played.as_deref().unwrap_or_default();
    let (at, left) = if is_one_board(game) {
        // The square by its coordinates too, as the game reads them: `c3 (3,3)`.
        let at = played
            .trim_start_matches(char::is_uppercase)
            .parse::<Square>()
            .map(|square| {
                let (row, col) = square.coordinates();
                format!(" ({row},{col})")
            })
            .unwrap_or_default();
        (at, format!("position   {}", report.position))
    } else {
        let after = report
            .moves
            .as_ref()
            .and_then(|moves| moves.first())
            .and_then(|played| played.after.clone())
            .unwrap_or_default();
        (String::new(), format!("game       {after}"))
    };
    // Misère play has no nim-value to show: who wins from what is left is the answer.
    let last_line = if report.convention.is_some() {
        let outcome = match report.outcome {
            Some(_) => outcome_sentence(report.to_move, report.outcome),
            None => "not found".to_string(),
        };
        format!("misère     {outcome}")
    } else {
        let value = report.nimber.map_or_else(
            || match report.outcome {
                Some(_) => "not found (not 0: the player to move wins)".to_string(),
                None => "not found".to_string(),
            },
            |nimber| Nimber::new(nimber).to_string(),
        );
        format!("nim-value  {value}")
    };
    format!(
        "computer plays {played}{at} ({})\n{left}\n{last_line}\n",
        report.played_by.as_deref().unwrap_or_default(),
    )
}
