//! Play as text for people, as `grundy play` prints it: the computer's move (on one board
//! with its square's coordinates too), what it leaves, and the value, or under misère play
//! who wins, of what it leaves; the commands of a game in the terminal; a hint. The JSON of
//! the same answers is the report itself.

use super::answer_text::outcome_sentence;
use crate::board::Square;
use crate::games::game::Game;
use crate::games::placement::PlacementGame;
use crate::report::{FamilyPart, GameReport, Move};
use crate::values::Nimber;

/// The text of the computer's move, `report` the answer of a `play` request.
#[must_use]
pub fn reply_text(report: &GameReport) -> String {
    let played = report.played().unwrap_or_default();
    // Pieces on a board (a report with a surface and rays) show the position's rows, and the
    // square played by its coordinates too; any other game is shown as the game it leaves.
    let pieces_on_a_board = matches!(report.family, FamilyPart::Placement { .. });
    let (at, left) = if pieces_on_a_board {
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
            .moves()
            .first()
            .and_then(Move::game_after)
            .unwrap_or_default();
        (String::new(), format!("game       {after}"))
    };
    // Misère play has no nim-value to show: who wins from what is left is the answer.
    let last_line = if report.convention().is_misere() {
        let outcome = match report.outcome() {
            Some(_) => outcome_sentence(report.to_move(), report.outcome()),
            None => "not found".to_string(),
        };
        format!("misère     {outcome}")
    } else {
        let value = report.nimber().map_or_else(
            || match report.outcome() {
                Some(_) => "not found (not 0: the player to move wins)".to_string(),
                None => "not found".to_string(),
            },
            |nimber| Nimber::new(nimber).to_string(),
        );
        format!("nim-value  {value}")
    };
    format!(
        "computer plays {played}{at} ({})\n{left}\n{last_line}\n",
        report.played_by().unwrap_or_default(),
    )
}

/// The commands of a placement game played in the terminal, with its move syntax: a square,
/// and a piece's letter in a game of several pieces.
#[must_use]
pub fn placement_help(game: &PlacementGame) -> String {
    let moves = match game.single_piece() {
        Some(_) => "  c3 or (3,3)  put a piece on that square (column letter and row number, or row,column)\n"
            .to_string(),
        None => {
            let letters: Vec<String> = game
                .pieces()
                .iter()
                .map(|piece| format!("{} for {piece}", piece.letter()))
                .collect();
            format!(
                "  Nc3, N c3, c3 N or N (3,3)\n               put a piece on that square: its letter ({}), then the square\n               (column letter and row number, or row,column), or the other way round\n",
                letters.join(", ")
            )
        }
    };
    format!(
        "commands:\n{moves}  hint         the winning moves, found by the solver\n  moves        every legal move\n  board        draw the board again\n  help         this list\n  quit         stop the game\n"
    )
}

/// The commands of any other game played in the terminal: a move as `moves` lists it, with
/// the game's number in a sum of several.
#[must_use]
pub fn game_help(game: &Game) -> String {
    let example = if game.summands().len() > 1 {
        "  N: MOVE      a move in game N of the sum (from 1), written as `moves` lists it\n  MOVE         a move, in the first game of the sum that has it\n"
    } else {
        "  MOVE         a move, written as `moves` lists it (5 -> 2 + 2, (7, 9) -> (5, 8), a vertex)\n"
    };
    format!(
        "commands:\n{example}  moves        every legal move\n  hint         the winning moves\n  help         this list\n  quit         stop the game\n"
    )
}

/// A hint on one board: the winning moves with their squares' coordinates, from `report`,
/// the answer of `moves` searched for at most `seconds`, saying how many moves it did not
/// settle.
#[must_use]
pub fn board_hint_text(report: &GameReport, seconds: f64) -> String {
    let names: Vec<String> = report
        .moves()
        .iter()
        .filter(|m| m.winning == Some(true))
        .map(|m| {
            let (row, col) = m.row_and_col().unwrap_or_default();
            format!("{} ({row},{col})", m.notation)
        })
        .collect();
    let unsettled = report.listed.moves_unsettled.unwrap_or(0);
    match (names.is_empty(), unsettled) {
        (true, 0) => "no winning move: the position has nim-value 0, so every move loses against perfect play".to_string(),
        (false, 0) => format!("winning moves: {}", names.join(", ")),
        (true, _) => format!(
            "no winning move found in {seconds} s: {unsettled} of {} moves were not searched to the end",
            report.listed.legal_moves.unwrap_or(0)
        ),
        (false, _) => format!(
            "winning moves: {} (found in {seconds} s; {unsettled} other moves were not searched to the end)",
            names.join(", ")
        ),
    }
}
