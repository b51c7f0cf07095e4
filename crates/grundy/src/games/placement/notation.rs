//! Moves as people write them: [`PlacementGame::move_name`] names a move (`c3`, or `Nc3` in a
//! game of several pieces) and [`PlacementGame::parse_move`] reads it back, along with the
//! other ways a person types one (`N c3`, `c3 N`, `(3,3)`, `3,3`).

use thiserror::Error;

use crate::board::{BoardError, BoardSize, Square};

use super::{PlacementGame, PlacementMove};

/// Why a typed move was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// A square without a piece in a game of several pieces.
    #[error("{game} has several pieces: say which goes on {square}, for example {examples}")]
    PieceNeeded {
        /// The game's name.
        game: String,
        /// The square given.
        square: Square,
        /// The move with each of the game's pieces, named: `Bc3 or Nc3`.
        examples: String,
    },
    /// A letter beside a square that names none of the game's pieces.
    #[error("`{letter}` in `{text}` is not a piece of {game}: use {letters}")]
    NotAPiece {
        /// The letter, as typed.
        letter: char,
        /// The move as typed.
        text: String,
        /// The game's name.
        game: String,
        /// The game's piece letters: `B or N`.
        letters: String,
    },
    /// A row and column, from 1, outside the board.
    #[error(
        "({row},{col}) is off the {board} board: rows run from 1 to {}, columns from 1 to {}",
        .board.rows(),
        .board.cols()
    )]
    OffBoard {
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        col: usize,
        /// The board.
        board: BoardSize,
    },
    /// Text with a comma that is not two numbers from 1.
    #[error("`{text}` is not a square: expected (row,column) with both from 1, for example (3,3)")]
    NotCoordinates {
        /// The text as typed.
        text: String,
    },
    /// Text that is not a square name on the board (nor, with a piece letter, a move).
    #[error("`{text}` is not a square: {error}")]
    NotASquare {
        /// The text as typed.
        text: String,
        /// Why it is not a square name on the board.
        error: BoardError,
    },
}

impl PlacementGame {
    /// A move as people write it: the square alone (`c3`) when the game has one piece, the
    /// piece's letter and the square (`Nc3`) when it has several. [`PlacementGame::parse_move`]
    /// reads it back.
    #[must_use]
    pub fn move_name(&self, placement: PlacementMove) -> String {
        match self.single_piece() {
            Some(_) => placement.square.to_string(),
            None => format!("{}{}", placement.piece.letter(), placement.square),
        }
    }

    /// The game's piece letters for people: `B or N`.
    #[must_use]
    pub fn piece_letters(&self) -> String {
        let letters: Vec<String> = self
            .pieces()
            .iter()
            .map(|piece| piece.letter().to_string())
            .collect();
        letters.join(" or ")
    }

    /// Reads a move: a square typed as a name (`c3`) or as `(row,col)` / `row,col`, both from
    /// 1, with the piece's letter, in either case, before or after it (`Nc3`, `N c3`, `c3 N`,
    /// `N (3,3)`). The letter may be left out only in a game of one piece. Whether the move
    /// is legal in a position is [`PlacementGame::play_move`]'s question.
    ///
    /// # Errors
    /// When the text names no square of the board, or no piece of the game, or no piece in a
    /// game of several.
    pub fn parse_move(&self, text: &str) -> Result<PlacementMove, MoveError> {
        let board = self.board();
        // The square alone first: on a board of many columns `bc1` names a square. In a game
        // of several pieces that reading needs a piece, so a reading with one (`Ba1` on a
        // board of 53 columns, whose square `ba1` also exists) is taken before it.
        let square_error = match parse_typed_square(board, text) {
            Ok(square) => {
                return match self.single_piece() {
                    Some(piece) => Ok(PlacementMove { square, piece }),
                    None => match self.parse_lettered(text) {
                        Some(Ok(placement)) => Ok(placement),
                        _ => Err(MoveError::PieceNeeded {
                            game: self.name(),
                            square,
                            examples: self
                                .pieces()
                                .iter()
                                .map(|&piece| self.move_name(PlacementMove { square, piece }))
                                .collect::<Vec<_>>()
                                .join(" or "),
                        }),
                    },
                }
            }
            Err(error) => error,
        };
        // Then a letter before the square or after it.
        self.parse_lettered(text).unwrap_or(Err(square_error))
    }

    /// A square with a piece's letter before or after it; `None` when the text is no square
    /// with a letter.
    fn parse_lettered(&self, text: &str) -> Option<Result<PlacementMove, MoveError>> {
        let board = self.board();
        // ASCII letters, so one byte either way.
        let letter_first = text
            .chars()
            .next()
            .filter(char::is_ascii_alphabetic)
            .map(|letter| (letter, &text[1..]));
        let letter_last = text
            .chars()
            .next_back()
            .filter(char::is_ascii_alphabetic)
            .map(|letter| (letter, &text[..text.len() - 1]));
        for (letter, rest) in [letter_first, letter_last].into_iter().flatten() {
            let Ok(square) = parse_typed_square(board, rest.trim()) else {
                continue;
            };
            return Some(
                match self
                    .pieces()
                    .iter()
                    .find(|piece| piece.letter() == letter.to_ascii_uppercase())
                {
                    Some(&piece) => Ok(PlacementMove { square, piece }),
                    None => Err(MoveError::NotAPiece {
                        letter,
                        text: text.to_string(),
                        game: self.name(),
                        letters: self.piece_letters(),
                    }),
                },
            );
        }
        None
    }
}

/// A square typed as a name (`c3`) or as `(row,col)` / `row,col`, both from 1.
fn parse_typed_square(board: BoardSize, text: &str) -> Result<Square, MoveError> {
    let inner = text
        .strip_prefix('(')
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or(text);
    if let Some((row, col)) = inner.split_once(',') {
        let number = |part: &str| part.trim().parse::<usize>().ok().filter(|&n| n >= 1);
        return match (number(row), number(col)) {
            (Some(row), Some(col)) => {
                board
                    .square(row - 1, col - 1)
                    .ok_or(MoveError::OffBoard { row, col, board })
            }
            _ => Err(MoveError::NotCoordinates {
                text: text.to_string(),
            }),
        };
    }
    board
        .parse_square(text)
        .map_err(|error| MoveError::NotASquare {
            text: text.to_string(),
            error,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::placement::{parse_pieces, Piece, PlacementRules, RayRule, Surface};

    fn game_of(pieces: &str, surface: Surface, board: &str) -> PlacementGame {
        let pieces = parse_pieces(pieces).unwrap();
        let rules = PlacementRules::new(&pieces, surface, RayRule::Through).unwrap();
        PlacementGame::with_rules(rules, board.parse().unwrap())
    }

    #[test]
    fn squares_are_read_in_both_notations() {
        let board: BoardSize = "5x5".parse().unwrap();
        let c3: Square = "c3".parse().unwrap();
        assert_eq!(parse_typed_square(board, "c3"), Ok(c3));
        assert_eq!(parse_typed_square(board, "C3"), Ok(c3));
        assert_eq!(parse_typed_square(board, "(3,3)"), Ok(c3));
        assert_eq!(parse_typed_square(board, "3, 3"), Ok(c3));
        assert_eq!(
            parse_typed_square(board, "(1,5)"),
            Ok("e1".parse().unwrap())
        );
        for bad in ["(0,1)", "(6,1)", "f1", "c", "(a,b)", "hello"] {
            assert!(parse_typed_square(board, bad).is_err(), "{bad}");
        }
        let knights = PlacementGame::new(Piece::Knight, board);
        let knight_c3 = PlacementMove {
            square: c3,
            piece: Piece::Knight,
        };
        for text in ["c3", "Nc3", "N c3", "c3 N", "(3,3)"] {
            assert_eq!(knights.parse_move(text), Ok(knight_c3), "{text}");
        }
    }

    #[test]
    fn several_pieces_are_named_by_their_letter_before_or_after_the_square() {
        let game = game_of("knights+bishops", Surface::Rectangle, "5x5");
        let bishop_a1 = PlacementMove {
            square: "a1".parse().unwrap(),
            piece: Piece::Bishop,
        };
        for text in [
            "Ba1", "B a1", "b a1", "a1 B", "a1B", "B (1,1)", "(1,1) B", "B 1,1",
        ] {
            assert_eq!(game.parse_move(text), Ok(bishop_a1), "{text}");
        }
        assert_eq!(game.parse_move("Nc3").map(|m| m.piece), Ok(Piece::Knight));
        let error = game.parse_move("c3").unwrap_err().to_string();
        assert!(
            error.contains("say which goes on c3, for example Bc3 or Nc3"),
            "{error}"
        );
        let error = game.parse_move("Qc3").unwrap_err().to_string();
        assert!(
            error.contains("`Q` in `Qc3` is not a piece of bishops+knights"),
            "{error}"
        );
        assert!(game.parse_move("Nz9").is_err());
    }

    #[test]
    fn the_messages_name_the_bad_input() {
        let game = PlacementGame::new(Piece::Queen, "3x3".parse().unwrap());
        let message = |text: &str| game.parse_move(text).unwrap_err().to_string();
        assert_eq!(
            message("(9,9)"),
            "(9,9) is off the 3x3 board: rows run from 1 to 3, columns from 1 to 3"
        );
        assert_eq!(
            message("(a,1)"),
            "`(a,1)` is not a square: expected (row,column) with both from 1, for example (3,3)"
        );
        assert!(message("zz").starts_with("`zz` is not a square: "));
    }

    /// Every legal move of every position along a game, named and read back, is itself.
    #[test]
    fn move_names_round_trip() {
        let games = [
            game_of("knights", Surface::Rectangle, "5x5"),
            game_of("queens", Surface::Rectangle, "3x7"),
            game_of("knights+bishops", Surface::Rectangle, "4x5"),
            game_of("rooks+kings+queens", Surface::Torus, "5x4"),
            game_of("knights", Surface::Rectangle, "1x30"),
            game_of("kings+bishops", Surface::Rectangle, "2x13"),
            // `Ba1` is also the square `ba1` here.
            game_of("knights+bishops", Surface::Rectangle, "1x60"),
        ];
        for game in &games {
            let mut position = game.empty();
            loop {
                let moves = game.legal_placements(&position);
                for &placement in &moves {
                    let name = game.move_name(placement);
                    assert_eq!(
                        game.parse_move(&name),
                        Ok(placement),
                        "{} {name}",
                        game.name()
                    );
                }
                // On along the game by the middle move, to meet occupied boards too.
                let Some(&next) = moves.get(moves.len() / 2) else {
                    break;
                };
                position = game.play_move(&position, next).unwrap();
            }
        }
    }
}
