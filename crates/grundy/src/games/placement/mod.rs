//! Placement games: players take turns putting a piece on a square of an `m×n` board that is
//! neither occupied nor attacked by a piece already placed; whoever cannot move loses.
//!
//! ```
//! use grundy::games::placement::{PlacementGame, PlacementSolver, Piece};
//! use grundy::{BoardSize, Nimber};
//!
//! let game = PlacementGame::new(Piece::Knight, "3x5".parse::<BoardSize>().unwrap());
//! let mut solver = PlacementSolver::new(&game, 1 << 24);
//! assert_eq!(solver.nim_value(&game.empty()), Nimber::new(4));
//! ```

mod node_kayles;
mod piece;
mod solve;
mod strategy;

pub use node_kayles::{NodeKayles, ShapeKey};
pub use piece::{Piece, PieceError};
pub use solve::{MoveValue, PlacementSolver};
pub use strategy::{
    play_out, symmetry_strategy, CentreThenReflect, GameRecord, MirrorSecond, Perfect, Player,
    QueensFour, Random, Strategy, StrategyError, Symmetry,
};

use thiserror::Error;

use crate::board::{BoardSize, Square};
use crate::square_set::SquareSet;

/// Sets of squares on any board the placement games allow.
pub type BoardSet = SquareSet<4>;

/// The rules of one placement game: a piece and a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementGame {
    piece: Piece,
    board: BoardSize,
    /// Per square, the squares a piece there attacks together with the square itself.
    closed_neighbourhood: Vec<BoardSet>,
}

/// A position: the squares occupied so far. The next player is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacementPosition {
    occupied: BoardSet,
}

/// Why a position or a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text has the wrong number of rows.
    #[error("position `{text}` has {found} rows but the board has {expected}: give one row per board row, separated by `/`")]
    RowCount {
        /// The position as given.
        text: String,
        /// Rows found.
        found: usize,
        /// Rows of the board.
        expected: usize,
    },
    /// A row of the wrong length.
    #[error("row {row} of the position, `{found}`, has {length} squares but the board has {expected} columns")]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Its text.
        found: String,
        /// Its length.
        length: usize,
        /// Columns of the board.
        expected: usize,
    },
    /// A character that is neither `.` nor the piece's letter.
    #[error("square {square} of the position holds `{found}`: expected `.` for an empty square or `{letter}` for a {piece} piece")]
    BadSquare {
        /// The square.
        square: Square,
        /// The character found.
        found: char,
        /// The piece's letter.
        letter: char,
        /// The game's piece.
        piece: Piece,
    },
    /// Two pieces attack each other: no sequence of legal moves produces that.
    #[error(
        "the position cannot arise in play: the pieces on {first} and {second} attack each other"
    )]
    Unreachable {
        /// One piece.
        first: Square,
        /// A piece it attacks.
        second: Square,
    },
    /// A move to a square that is occupied or attacked.
    #[error("{square} is not a legal move: it is {reason}")]
    IllegalMove {
        /// The square.
        square: Square,
        /// "occupied" or "attacked by the piece on ...".
        reason: String,
    },
}

impl PlacementGame {
    /// The game of `piece` on `board`.
    #[must_use]
    pub fn new(piece: Piece, board: BoardSize) -> PlacementGame {
        PlacementGame {
            piece,
            board,
            closed_neighbourhood: piece.closed_neighbourhoods(board),
        }
    }

    /// The piece.
    #[must_use]
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> BoardSize {
        self.board
    }

    /// The empty board, where the game starts.
    #[must_use]
    pub fn empty(&self) -> PlacementPosition {
        PlacementPosition {
            occupied: BoardSet::EMPTY,
        }
    }

    /// The occupied squares of `position`.
    pub fn occupied<'a>(
        &'a self,
        position: &PlacementPosition,
    ) -> impl Iterator<Item = Square> + 'a {
        let occupied = position.occupied;
        occupied
            .into_iter()
            .map(|index| self.board.square_at(index))
    }

    /// The squares that are neither occupied nor attacked: where the next piece may go.
    #[must_use]
    pub fn available(&self, position: &PlacementPosition) -> BoardSet {
        let mut blocked = BoardSet::EMPTY;
        for index in position.occupied.iter() {
            blocked |= self.closed_neighbourhood[index];
        }
        BoardSet::first_n(self.board.squares()).without(blocked)
    }

    /// Whether `square` is attacked by some piece of `position` (occupied squares included).
    #[must_use]
    pub fn is_attacked(&self, position: &PlacementPosition, square: Square) -> bool {
        !self
            .available(position)
            .contains(self.board.index_of(square))
            && !position.occupied.contains(self.board.index_of(square))
    }

    /// The legal moves of `position`, row by row.
    #[must_use]
    pub fn legal_moves(&self, position: &PlacementPosition) -> Vec<Square> {
        self.available(position)
            .iter()
            .map(|index| self.board.square_at(index))
            .collect()
    }

    /// The position after a piece is put on `square`.
    pub fn play(
        &self,
        position: &PlacementPosition,
        square: Square,
    ) -> Result<PlacementPosition, PositionError> {
        let index = self.board.index_of(square);
        if position.occupied.contains(index) {
            return Err(PositionError::IllegalMove {
                square,
                reason: "occupied".to_string(),
            });
        }
        if let Some(attacker) = self
            .occupied(position)
            .find(|&from| self.piece.attacks(from, square))
        {
            return Err(PositionError::IllegalMove {
                square,
                reason: format!("attacked by the piece on {attacker}"),
            });
        }
        let mut occupied = position.occupied;
        occupied.insert(index);
        Ok(PlacementPosition { occupied })
    }

    /// Reads a position: rows separated by `/`, row 1 first, `.` for an empty square and the
    /// piece's letter for an occupied one. Spaces are ignored.
    pub fn parse_position(&self, text: &str) -> Result<PlacementPosition, PositionError> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != self.board.rows() {
            return Err(PositionError::RowCount {
                text: text.to_string(),
                found: rows.len(),
                expected: self.board.rows(),
            });
        }
        let mut position = self.empty();
        for (row, row_text) in rows.iter().enumerate() {
            let cells: Vec<char> = row_text.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != self.board.cols() {
                return Err(PositionError::RowLength {
                    row: row + 1,
                    found: row_text.to_string(),
                    length: cells.len(),
                    expected: self.board.cols(),
                });
            }
            for (col, &cell) in cells.iter().enumerate() {
                let square = self
                    .board
                    .square(row, col)
                    .expect("row and column were checked against the board");
                match cell {
                    '.' => {}
                    letter if letter.to_ascii_uppercase() == self.piece.letter() => {
                        position.occupied.insert(self.board.index_of(square));
                    }
                    found => {
                        return Err(PositionError::BadSquare {
                            square,
                            found,
                            letter: self.piece.letter(),
                            piece: self.piece,
                        })
                    }
                }
            }
        }
        let pieces: Vec<Square> = self.occupied(&position).collect();
        for (i, &first) in pieces.iter().enumerate() {
            if let Some(&second) = pieces[i + 1..]
                .iter()
                .find(|&&other| self.piece.attacks(first, other))
            {
                return Err(PositionError::Unreachable { first, second });
            }
        }
        Ok(position)
    }

    /// Writes a position in the form [`PlacementGame::parse_position`] reads.
    #[must_use]
    pub fn format_position(&self, position: &PlacementPosition) -> String {
        let rows: Vec<String> = (0..self.board.rows())
            .map(|row| {
                (0..self.board.cols())
                    .map(|col| {
                        let square = self.board.square(row, col).expect("on the board");
                        if position.occupied.contains(self.board.index_of(square)) {
                            self.piece.letter()
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(piece: Piece, board: &str) -> PlacementGame {
        PlacementGame::new(piece, board.parse().unwrap())
    }

    #[test]
    fn positions_round_trip() {
        let queens = game(Piece::Queen, "4x4");
        let text = ".Q../..../..../....";
        let position = queens.parse_position(text).unwrap();
        assert_eq!(queens.format_position(&position), text);
        let knights = game(Piece::Knight, "3x5");
        let position = knights
            .play(&knights.empty(), "c2".parse().unwrap())
            .unwrap();
        let text = knights.format_position(&position);
        assert_eq!(text, "...../..N../.....");
        assert_eq!(knights.parse_position(&text).unwrap(), position);
    }

    #[test]
    fn impossible_positions_are_refused() {
        let queens = game(Piece::Queen, "4x4");
        let errors = [
            "Q.Q./..../..../....",
            "..../..../....",
            "..../..../..../.....",
            "..N./..../..../....",
        ];
        for text in errors {
            assert!(queens.parse_position(text).is_err(), "{text}");
        }
        let error = queens.parse_position("Q..Q/..../..../....").unwrap_err();
        assert!(error.to_string().contains("a1") && error.to_string().contains("d1"));
    }

    #[test]
    fn moves_follow_the_attacks() {
        let knights = game(Piece::Knight, "3x3");
        let centre = knights
            .play(&knights.empty(), "b2".parse().unwrap())
            .unwrap();
        // The centre of 3x3 attacks nothing: every other square stays free.
        assert_eq!(knights.legal_moves(&centre).len(), 8);
        let corner = knights
            .play(&knights.empty(), "a1".parse().unwrap())
            .unwrap();
        assert_eq!(knights.legal_moves(&corner).len(), 6);
        assert!(knights.play(&corner, "b3".parse().unwrap()).is_err());
        assert!(knights.play(&corner, "a1".parse().unwrap()).is_err());
    }
}
