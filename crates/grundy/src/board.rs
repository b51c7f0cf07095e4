//! Rectangular boards, their squares and their symmetries ([`Symmetry`]), the pieces and what
//! each attacks ([`Piece`]), and the surfaces a board can be glued into ([`Surface`]): the
//! geometry below every game, so that the games and the graphs built from boards both stand
//! on it.
//!
//! Rows and columns are numbered from 1 as in Boone (2016): square `(i, j)` is in row `i` and
//! column `j`. A square's short name is its column letter followed by its row number, so `c3` is
//! `(3, 3)` and `b1` is `(1, 2)`. Row 1 is drawn at the top, as in that work's tables.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::notation::{column_letters, split_dimensions, split_square_name, square_count};

mod drawing;
mod piece;
mod surface;
mod symmetry;

pub(crate) use drawing::escape;
pub(crate) use drawing::DominoMark;
#[cfg(test)]
pub(crate) use drawing::WINNING_STROKE;
pub use drawing::{board_picture, BoardPicture};

pub(crate) use piece::LINE_DIRECTIONS;
pub use piece::{Piece, PieceError, RayRule, RayRuleError};
pub use surface::{Surface, SurfaceError};
pub use symmetry::Symmetry;

/// The largest number of squares a board may have: positions are sets of at most 512 squares
/// (eight words), room for the 20 × 20 board whose outcome is an open record.
pub(crate) const MAX_SQUARES: usize = 512;

/// Why a board size or square name was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The text is not of the form `MxN`.
    #[error("board size `{0}` is malformed: expected ROWSxCOLS, for example 5x7")]
    MalformedSize(String),
    /// A side of zero squares.
    #[error("board size `{0}` has a side of zero: both sides must be at least 1")]
    ZeroSide(String),
    /// More squares than positions can hold.
    #[error(
        "board size `{text}` has {} squares: at most {MAX_SQUARES} are allowed (22x22 is the largest square board)",
        square_count(*.squares)
    )]
    TooLarge {
        /// The size as given.
        text: String,
        /// Its number of squares, `None` when past `u128`.
        squares: Option<u128>,
    },
    /// The text is not a square name like `c3`.
    #[error(
        "square `{0}` is malformed: expected a column letter and a row number, for example c3"
    )]
    MalformedSquare(String),
    /// A square name that falls outside the board.
    #[error("square `{square}` is off the {board} board")]
    OffBoard {
        /// The square as given.
        square: String,
        /// The board it was checked against.
        board: BoardSize,
    },
}

/// The dimensions of an `m×n` board: `rows` × `cols`, each at least 1, at most `MAX_SQUARES` squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    rows: u16,
    cols: u16,
}

impl BoardSize {
    /// A board of `rows` × `cols` squares, checked.
    pub fn new(rows: u32, cols: u32) -> Result<BoardSize, BoardError> {
        let text = format!("{rows}x{cols}");
        if rows == 0 || cols == 0 {
            return Err(BoardError::ZeroSide(text));
        }
        let squares = u128::from(rows) * u128::from(cols);
        if squares > MAX_SQUARES as u128 {
            return Err(BoardError::TooLarge {
                text,
                squares: Some(squares),
            });
        }
        Ok(BoardSize {
            rows: rows as u16,
            cols: cols as u16,
        })
    }

    /// Number of rows, `m`.
    #[must_use]
    pub const fn rows(self) -> usize {
        self.rows as usize
    }

    /// Number of columns, `n`.
    #[must_use]
    pub const fn cols(self) -> usize {
        self.cols as usize
    }

    /// Number of squares, `mn`.
    #[must_use]
    pub const fn squares(self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// The square in row `row` and column `col`, both counted from 0, if it is on the board.
    #[must_use]
    pub fn square(self, row: usize, col: usize) -> Option<Square> {
        (row < self.rows() && col < self.cols()).then_some(Square {
            row: row as u16,
            col: col as u16,
        })
    }

    /// The square with this index (row-major, from 0).
    #[must_use]
    pub const fn square_at(self, index: usize) -> Square {
        Square {
            row: (index / self.cols as usize) as u16,
            col: (index % self.cols as usize) as u16,
        }
    }

    /// The row-major index of `square`, from 0.
    #[must_use]
    pub const fn index_of(self, square: Square) -> usize {
        square.row as usize * self.cols as usize + square.col as usize
    }

    /// Every square, row by row.
    pub fn all_squares(self) -> impl Iterator<Item = Square> {
        (0..self.squares()).map(move |index| self.square_at(index))
    }

    /// Parses a square name such as `c3` and checks that it is on this board.
    pub(crate) fn parse_square(self, text: &str) -> Result<Square, BoardError> {
        let square: Square = text.parse()?;
        if square.row() < self.rows() && square.col() < self.cols() {
            Ok(square)
        } else {
            Err(BoardError::OffBoard {
                square: text.to_string(),
                board: self,
            })
        }
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for BoardSize {
    type Err = BoardError;

    fn from_str(text: &str) -> Result<BoardSize, BoardError> {
        let dimensions =
            split_dimensions(text).ok_or_else(|| BoardError::MalformedSize(text.to_string()))?;
        if dimensions.has_zero_side() {
            return Err(BoardError::ZeroSide(text.to_string()));
        }
        let too_large = || BoardError::TooLarge {
            text: text.to_string(),
            squares: dimensions.squares(),
        };
        let (rows, cols) = dimensions.sides().ok_or_else(too_large)?;
        BoardSize::new(rows, cols).map_err(|error| match error {
            BoardError::TooLarge { .. } => too_large(),
            other => other,
        })
    }
}

/// A square, by row and column counted from 0 (its name counts from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    row: u16,
    col: u16,
}

impl Square {
    /// Row, counted from 0.
    #[must_use]
    pub const fn row(self) -> usize {
        self.row as usize
    }

    /// Column, counted from 0.
    #[must_use]
    pub const fn col(self) -> usize {
        self.col as usize
    }

    /// The `(row, column)` pair numbered from 1, as Boone (2016) writes squares.
    #[must_use]
    pub(crate) const fn coordinates(self) -> (usize, usize) {
        (self.row as usize + 1, self.col as usize + 1)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_letters(self.col() as u64), self.row + 1)
    }
}

impl FromStr for Square {
    type Err = BoardError;

    fn from_str(text: &str) -> Result<Square, BoardError> {
        let malformed = || BoardError::MalformedSquare(text.to_string());
        let (col, row) = split_square_name(text).ok_or_else(malformed)?;
        if col > MAX_SQUARES as u64 || row > MAX_SQUARES as u64 {
            return Err(malformed());
        }
        Ok(Square {
            row: (row - 1) as u16,
            col: (col - 1) as u16,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes_round_trip() {
        for rows in 1..=16 {
            for cols in 1..=16 {
                let size = BoardSize::new(rows, cols).unwrap();
                assert_eq!(size.to_string().parse::<BoardSize>().unwrap(), size);
            }
        }
        assert_eq!("1x256".parse::<BoardSize>().unwrap().squares(), 256);
    }

    #[test]
    fn bad_board_sizes_are_named_in_the_error() {
        for bad in ["", "5", "x5", "5x", "5x5x5", "ax3", "-1x3", "5 by 5"] {
            let error = bad.parse::<BoardSize>().unwrap_err();
            assert!(matches!(error, BoardError::MalformedSize(_)), "{bad}");
        }
        assert!(matches!(
            "0x5".parse::<BoardSize>(),
            Err(BoardError::ZeroSide(_))
        ));
        let error = "23x23".parse::<BoardSize>().unwrap_err();
        assert!(error.to_string().contains("23x23"));
        assert!("22x22".parse::<BoardSize>().is_ok());
        assert!("99999999999x2".parse::<BoardSize>().is_err());
    }

    #[test]
    fn squares_round_trip_on_wide_boards() {
        let board = BoardSize::new(1, 256).unwrap();
        for square in board.all_squares() {
            let name = square.to_string();
            assert_eq!(board.parse_square(&name).unwrap(), square, "{name}");
        }
        assert_eq!("c3".parse::<Square>().unwrap().coordinates(), (3, 3));
        assert_eq!("b1".parse::<Square>().unwrap().coordinates(), (1, 2));
        assert_eq!(board.square_at(27).to_string(), "ab1");
    }

    #[test]
    fn off_board_squares_are_refused() {
        let board = BoardSize::new(5, 5).unwrap();
        assert!(board.parse_square("f1").is_err());
        assert!(board.parse_square("a6").is_err());
        assert!(board.parse_square("a0").is_err());
        assert!(board.parse_square("3c").is_err());
    }
}
