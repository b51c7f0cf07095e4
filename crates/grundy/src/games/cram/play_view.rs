//! Cram played in the terminal: the board drawn between moves with each domino as one piece
//! marked by who laid it, and a move typed as the notation `moves` lists, `a1-b1`.
//!
//! A position is only its free squares, so which two covered squares make one domino, and who
//! laid it, come from the moves made in the game ([`PlayView::drawing_after`]); squares covered
//! before the game started are drawn covered, unpaired.

use std::collections::HashMap;

use super::{CramGame, Domino};
use crate::board::Square;
use crate::games::contract::{FamilyGame, MadeMove, PlayView};
use crate::report::Player;

/// The mark of a square covered by a domino the first player laid.
const FIRST_MARK: char = 'X';
/// The mark of a square covered by a domino the second player laid.
const SECOND_MARK: char = 'O';
/// The mark of a square covered before the game started, as positions are written.
const COVERED_MARK: char = '#';
/// The mark of a free square, as positions are written.
const FREE_MARK: char = '.';

/// A game of Cram in its position, as a person plays it in the terminal.
pub(super) struct DominoView(pub(super) CramGame);

impl DominoView {
    fn is_free(&self, square: Square) -> bool {
        let index = self.0.rules.board().index_of(square);
        self.0.position.bits() >> index & 1 == 1
    }

    fn is_covered(&self, square: Square) -> bool {
        let board = self.0.rules.board();
        square.row() < board.rows() && square.col() < board.cols() && !self.is_free(square)
    }

    /// The dominoes `made` laid that still cover their squares, by square, with who laid each:
    /// a move that does not read as a domino (none does in a game of Cram) is left out.
    fn laid(&self, made: &[MadeMove]) -> HashMap<Square, (Domino, Player)> {
        let mut laid = HashMap::new();
        for made in made {
            let Ok(domino) = made.typed.parse::<Domino>() else {
                continue;
            };
            let squares = [domino.first(), domino.second()];
            if squares.iter().all(|square| self.is_covered(*square)) {
                for square in squares {
                    laid.insert(square, (domino, made.by));
                }
            }
        }
        laid
    }
}

impl PlayView for DominoView {
    fn title(&self) -> String {
        format!("{} on {}", self.0.name(), self.0.rules.board())
    }

    fn rules(&self) -> String {
        format!(
            "Put a domino on two free squares side by side, across or down, typed as the two squares joined by -, such as a1-b1; whoever cannot move loses. Type help for the commands.\n{FIRST_MARK} marks the first player's dominoes, {SECOND_MARK} the second's, {COVERED_MARK} a square covered before the game; - and | join a domino's two squares.\n"
        )
    }

    fn drawing(&self) -> String {
        self.drawing_after(&[])
    }

    fn drawing_after(&self, made: &[MadeMove]) -> String {
        let board = self.0.rules.board();
        let laid = self.laid(made);
        let width = board
            .square(0, board.cols() - 1)
            .map_or(1, |square| column_letters(square).len());
        let row_label_width = board.rows().to_string().len();
        let margin = " ".repeat(row_label_width + 1);
        let mut out = margin.clone();
        for col in 0..board.cols() {
            let square = board.square(0, col).expect("on the board");
            out.push_str(&format!(" {:>width$}", column_letters(square)));
        }
        out.push('\n');
        for row in 0..board.rows() {
            out.push_str(&format!("{:>row_label_width$} ", row + 1));
            for col in 0..board.cols() {
                let square = board.square(row, col).expect("on the board");
                let domino = laid.get(&square);
                let mark = match domino {
                    Some((_, Player::First)) => FIRST_MARK,
                    Some((_, Player::Second)) => SECOND_MARK,
                    None if self.is_free(square) => FREE_MARK,
                    None => COVERED_MARK,
                };
                // A domino across joins its squares where a space parts the others.
                let joined = domino
                    .is_some_and(|(domino, _)| domino.is_across() && domino.second() == square);
                let gap = if joined { '-' } else { ' ' };
                out.push_str(&format!("{gap}{mark:>width$}"));
            }
            out.push('\n');
            // A domino down joins its squares by a line of its own, drawn only where one does.
            let links: Vec<bool> = (0..board.cols())
                .map(|col| {
                    let square = board.square(row, col).expect("on the board");
                    laid.get(&square)
                        .is_some_and(|(domino, _)| !domino.is_across() && domino.first() == square)
                })
                .collect();
            if links.contains(&true) {
                let mut line = margin.clone();
                for link in links {
                    let mark = if link { '|' } else { ' ' };
                    line.push_str(&format!(" {mark:>width$}"));
                }
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        out
    }

    fn help(&self) -> String {
        "commands:\n  a1-b1        put a domino on those two squares side by side (in either order: b1-a1)\n  hint         the winning moves, found by the solver\n  moves        every legal move\n  board        draw the board again\n  help         this list\n  quit         stop the game\n".to_string()
    }

    fn legal_moves(&self) -> String {
        let moves: Vec<String> = self
            .0
            .rules
            .legal_moves(&self.0.position)
            .iter()
            .map(Domino::to_string)
            .collect();
        format!("legal moves: {}", moves.join(" "))
    }

    fn is_over(&self) -> bool {
        self.0.rules.move_count(&self.0.position) == 0
    }

    fn hint_seconds(&self) -> Option<f64> {
        // Cram's moves are valued in full: a hint within a time is a placement game's.
        None
    }

    fn name_move(&self, typed: &str) -> Result<String, String> {
        let domino: Domino = typed.parse().map_err(|error| {
            format!(
                "`{}` is neither a domino nor a command: {error} (type help for the commands)",
                typed.trim()
            )
        })?;
        self.0
            .rules
            .play(&self.0.position, domino)
            .map_err(|error| format!("{error}; try another domino"))?;
        Ok(domino.to_string())
    }
}

/// The letters of `square`'s column, as it is written: `a`, `z`, `aa`.
fn column_letters(square: Square) -> String {
    square
        .to_string()
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::games::contract::{MadeMove, PlayView};
    use crate::games::game::Game;
    use crate::games::play_text::play_view;
    use crate::report::Player::{First, Second};

    fn view(text: &str) -> Box<dyn PlayView> {
        play_view(&text.parse::<Game>().unwrap())
    }

    fn made(moves: &[(crate::report::Player, &str)]) -> Vec<MadeMove> {
        moves
            .iter()
            .map(|(by, typed)| MadeMove {
                by: *by,
                typed: (*typed).to_string(),
            })
            .collect()
    }

    #[test]
    fn each_domino_is_drawn_as_one_piece_marked_by_who_laid_it() {
        let view = view("cram 3x4 at ##.#/...#/....");
        // The squares covered before the game are drawn unpaired.
        assert_eq!(
            view.drawing(),
            "   a b c d\n1  # # . #\n2  . . . #\n3  . . . .\n"
        );
        // a1-b1 across by the first player, d1-d2 down by the second (typed the other way
        // round); a move whose squares are free again (taken back) is not drawn.
        let moves = made(&[(First, "a1-b1"), (Second, "d2-d1"), (First, "a3-b3")]);
        assert_eq!(
            view.drawing_after(&moves),
            "   a b c d\n1  X-X . O\n         |\n2  . . . O\n3  . . . .\n"
        );
    }

    #[test]
    fn a_board_of_many_columns_keeps_its_columns_apart() {
        let view = view("cram 2x27 at ..........................#/..........................#");
        let moves = made(&[(Second, "aa1-aa2")]);
        let drawing = view.drawing_after(&moves);
        let lines: Vec<&str> = drawing.lines().collect();
        assert!(lines[0].ends_with("  z aa"), "{drawing}");
        assert!(lines[1].ends_with("  .  O"), "{drawing}");
        assert!(lines[2].ends_with("  |"), "{drawing}");
        assert!(lines[3].ends_with("  .  O"), "{drawing}");
        assert_eq!(lines[1].len(), lines[0].len(), "{drawing}");
    }

    #[test]
    fn a_move_is_typed_as_moves_lists_it_and_what_is_no_domino_is_answered_with_why() {
        let view = view("cram 2x3 at #../#..");
        assert_eq!(view.title(), "cram on 2x3");
        assert_eq!(view.legal_moves(), "legal moves: b1-c1 b2-c2 b1-b2 c1-c2");
        assert_eq!(view.name_move(" c2-b2 ").as_deref(), Ok("b2-c2"));
        for (typed, answer) in [
            ("foo", "`foo` is neither a domino nor a command"),
            ("a1-c1", "joins squares that are not side by side"),
            (
                "a1-b1",
                "lies on a covered square of `#../#..`; try another domino",
            ),
            ("c3-c4", "square `c3` is off the 2x3 board"),
        ] {
            let refused = view.name_move(typed).unwrap_err();
            assert!(refused.contains(answer), "{typed}: {refused}");
        }
        assert!(view.help().contains("a1-b1        put a domino"));
        assert!(view.rules().contains("X marks the first player's dominoes"));
        assert!(!view.is_over());
        assert!(play_view(&"cram 1x3 at .#.".parse::<Game>().unwrap()).is_over());
        assert_eq!(view.hint_seconds(), None);
    }
}
