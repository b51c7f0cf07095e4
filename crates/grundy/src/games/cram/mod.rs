//! Cram: two players take turns putting a domino on two free adjacent squares of an `m×n`
//! board, across or down; whoever cannot move loses (Gardner 1974; *Winning Ways*, ch. 15).
//!
//! The rules are a value, [`Cram`], configured once for a board; positions are
//! [`CramPosition`]s, the set of free squares. A position falls apart into independent
//! regions of free squares joined by possible dominoes (`Cram::components`), each keyed by
//! its shape under the eight symmetries of the grid and translation (`CramKey`, the misère
//! search's key; the normal-play search keys a region by its least image on the board), and
//! [`CramSolver`] values them by Beling and Rogalski's pruning (`pruning.rs`, on a word of
//! 64 bits for boards of up to 64 squares and of 128 above, `grid.rs`, `word.rs`). Boards whose
//! central symmetry settles the game (even × even: the second player mirrors; even × odd: the
//! first player takes the centre domino, then mirrors) are answered without search by
//! `symmetry_settlement`.
//!
//! Notation: a square is named by its column letter and row number (`a1` is the top left
//! square, `b1` its right neighbour, `a2` the one below it, as everywhere in grundy), and a
//! domino by its two squares joined by a dash, the top or left one first: `a1-b1` lies
//! across, `a1-a2` down. Either order is read. A position is written row by row from the top,
//! rows separated by `/`, `.` for a free square and `#` for a covered one: `#../...`.
//!
//! ```
//! use grundy::games::cram::{Cram, CramSolver};
//! use grundy::Nimber;
//!
//! let cram = Cram::new("4x5".parse().unwrap()).unwrap();
//! let mut solver = CramSolver::new(&cram, 1 << 24);
//! assert_eq!(solver.nim_value(&cram.empty()), Nimber::new(2));
//! let after = cram.play(&cram.empty(), "c2-c3".parse().unwrap()).unwrap();
//! assert_eq!(cram.format_position(&after), "...../..#../..#../.....");
//! ```

mod components;
mod family;
mod grid;
mod picture;
mod play_view;
mod pruning;
mod search;
mod symmetry;
mod table;
mod word;

pub(crate) use family::{is_cram, CramGame, CRAM_NAME};
pub use search::CramSolver;
pub use table::CramTable;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{BoardError, BoardSize, Square};
use crate::solver::{mix_words, TableKey};

/// The most squares a Cram board may have: a position is one 128-bit word of free squares,
/// which keeps every step of the search (moves, splitting, keys) to a few word operations.
/// The search of a board of up to 64 squares works on 64-bit words, so pays nothing for the
/// wider ones. The open cells (5×13, 6×11, 7×10, 8×9 and beyond) fit.
pub(crate) const MAX_CRAM_SQUARES: usize = 128;

/// The most squares a board may have for the misère search, whose parts hold a 64-bit word.
pub(crate) const MAX_MISERE_CRAM_SQUARES: usize = 64;

/// Why a board, move or position of Cram was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CramError {
    /// The board size itself is malformed.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A board with more squares than a position can hold.
    #[error("a Cram board may have at most {MAX_CRAM_SQUARES} squares: {board} has {squares}")]
    TooLarge {
        /// The board asked for.
        board: BoardSize,
        /// Its number of squares.
        squares: usize,
    },
    /// A move that is not two square names joined by `-`.
    #[error(
        "domino `{0}` is malformed: expected two adjacent squares joined by `-`, for example a1-a2"
    )]
    MalformedDomino(String),
    /// Two squares that do not touch along an edge.
    #[error("domino `{0}` joins squares that are not side by side")]
    NotAdjacent(String),
    /// A domino on a covered square.
    #[error("domino `{domino}` lies on a covered square of `{position}`")]
    Covered {
        /// The domino.
        domino: String,
        /// The position, as written.
        position: String,
    },
    /// A position that is not rows of `.` and `#` of the board's size.
    #[error("Cram position `{text}` does not fit the {board} board: {why}")]
    MalformedPosition {
        /// The text given.
        text: String,
        /// The board.
        board: BoardSize,
        /// What is wrong.
        why: String,
    },
}

/// A set of free squares of a Cram board: bit `row * cols + col` is set when that square is
/// free. The player to move puts a domino on two free neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CramPosition(u128);

impl CramPosition {
    /// The position whose free squares are the bits of `free` (bit `row * cols + col`).
    #[must_use]
    pub(crate) const fn from_bits(free: u128) -> CramPosition {
        CramPosition(free)
    }

    /// The free squares as bits.
    #[must_use]
    pub(crate) const fn bits(self) -> u128 {
        self.0
    }

    /// The number of free squares.
    #[must_use]
    pub(crate) const fn free_squares(self) -> u32 {
        self.0.count_ones()
    }

    /// The free squares' indices on the board (`row * cols + col`), in board order.
    pub(crate) fn squares(self) -> impl Iterator<Item = usize> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            let index = (rest != 0).then(|| rest.trailing_zeros() as usize)?;
            rest &= rest - 1;
            Some(index)
        })
    }
}

impl TableKey for CramPosition {
    #[inline]
    fn hash64(&self) -> u64 {
        mix_words(0x4352_414d, &[self.0 as u64, (self.0 >> 64) as u64])
    }
}

/// A domino: two squares side by side, kept top or left first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Domino {
    first: Square,
    second: Square,
}

impl Domino {
    /// The domino on `a` and `b`, in either order; `None` unless they share an edge.
    #[must_use]
    pub(crate) fn new(a: Square, b: Square) -> Option<Domino> {
        let (first, second) = if (a.row(), a.col()) <= (b.row(), b.col()) {
            (a, b)
        } else {
            (b, a)
        };
        let across = first.row() == second.row() && first.col() + 1 == second.col();
        let down = first.col() == second.col() && first.row() + 1 == second.row();
        (across || down).then_some(Domino { first, second })
    }

    /// The top or left square.
    #[must_use]
    pub(crate) const fn first(self) -> Square {
        self.first
    }

    /// The bottom or right square.
    #[must_use]
    pub(crate) const fn second(self) -> Square {
        self.second
    }

    /// Whether the domino lies across (in one row).
    #[must_use]
    pub(crate) fn is_across(self) -> bool {
        self.first.row() == self.second.row()
    }
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.second)
    }
}

impl FromStr for Domino {
    type Err = CramError;

    fn from_str(text: &str) -> Result<Domino, CramError> {
        let malformed = || CramError::MalformedDomino(text.to_string());
        let (a, b) = text.trim().split_once('-').ok_or_else(malformed)?;
        let a: Square = a.trim().parse().map_err(|_| malformed())?;
        let b: Square = b.trim().parse().map_err(|_| malformed())?;
        Domino::new(a, b).ok_or_else(|| CramError::NotAdjacent(text.to_string()))
    }
}

/// The rules of Cram on one board, with the board's masks computed once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cram {
    board: BoardSize,
    /// Every square of the board.
    all: u128,
    /// The squares with a right neighbour (all but the last column).
    has_right: u128,
    /// The squares with a left neighbour (all but the first column).
    has_left: u128,
    /// The squares of the first row.
    first_row: u128,
    /// The squares of the first column.
    first_col: u128,
}

impl Cram {
    /// Cram on `board`, which may have at most `MAX_CRAM_SQUARES` squares.
    ///
    /// # Errors
    /// [`CramError::TooLarge`] for a larger board.
    pub fn new(board: BoardSize) -> Result<Cram, CramError> {
        let squares = board.squares();
        if squares > MAX_CRAM_SQUARES {
            return Err(CramError::TooLarge { board, squares });
        }
        let all = low_bits(squares);
        let first_col = (0..board.rows()).fold(0u128, |set, row| set | 1 << (row * board.cols()));
        let last_col = first_col << (board.cols() - 1);
        Ok(Cram {
            board,
            all,
            has_right: all & !last_col,
            has_left: all & !first_col,
            first_row: low_bits(board.cols()),
            first_col,
        })
    }

    /// The board.
    #[must_use]
    pub(crate) const fn board(&self) -> BoardSize {
        self.board
    }

    /// The empty board: every square free.
    #[must_use]
    pub const fn empty(&self) -> CramPosition {
        CramPosition(self.all)
    }

    /// The bit of `square`.
    fn bit(&self, square: Square) -> u128 {
        1 << self.board.index_of(square)
    }

    /// The squares of `domino` as bits.
    #[must_use]
    pub(crate) fn domino_bits(&self, domino: Domino) -> u128 {
        self.bit(domino.first) | self.bit(domino.second)
    }

    /// The free squares whose right neighbour is free too: the left halves of the dominoes
    /// across.
    #[inline]
    pub(crate) fn across_starts(&self, free: u128) -> u128 {
        free & self.has_right & (free >> 1)
    }

    /// The free squares whose lower neighbour is free too: the top halves of the dominoes
    /// down.
    #[inline]
    pub(crate) fn down_starts(&self, free: u128) -> u128 {
        // A board of one row has no square below another (and shifting by its 128 columns
        // would overflow).
        free & free.checked_shr(self.board.cols() as u32).unwrap_or(0)
    }

    /// The squares beside any square of `squares` (not `squares` themselves unless beside
    /// another), on the board.
    #[inline]
    pub(crate) fn neighbours(&self, squares: u128) -> u128 {
        let cols = self.board.cols();
        ((squares & self.has_right) << 1)
            | ((squares & self.has_left) >> 1)
            | squares.checked_shr(cols as u32).unwrap_or(0)
            | (squares.checked_shl(cols as u32).unwrap_or(0) & self.all)
    }

    /// The number of legal moves.
    #[must_use]
    pub(crate) fn move_count(&self, position: &CramPosition) -> u32 {
        self.across_starts(position.0).count_ones() + self.down_starts(position.0).count_ones()
    }

    /// Calls `visit` with the squares of each legal domino as bits: across, then down, each
    /// in board order.
    #[inline]
    pub(crate) fn for_each_domino_bits(&self, free: u128, mut visit: impl FnMut(u128)) {
        let mut across = self.across_starts(free);
        while across != 0 {
            let start = across & across.wrapping_neg();
            visit(start | start << 1);
            across ^= start;
        }
        let cols = self.board.cols();
        let mut down = self.down_starts(free);
        while down != 0 {
            let start = down & down.wrapping_neg();
            visit(start | start << cols);
            down ^= start;
        }
    }

    /// The domino on the squares `bits`, two neighbours of the board.
    fn domino_of_bits(&self, bits: u128) -> Domino {
        let first = self.board.square_at(bits.trailing_zeros() as usize);
        let second = self.board.square_at(127 - bits.leading_zeros() as usize);
        Domino::new(first, second).expect("the squares of a domino are neighbours")
    }

    /// Every legal move, across before down, each in board order.
    #[must_use]
    pub fn legal_moves(&self, position: &CramPosition) -> Vec<Domino> {
        let mut moves = Vec::new();
        self.for_each_domino_bits(position.0, |bits| moves.push(self.domino_of_bits(bits)));
        moves
    }

    /// The position after `domino` is put down.
    ///
    /// # Errors
    /// When the domino is off the board or lies on a covered square.
    pub fn play(&self, position: &CramPosition, domino: Domino) -> Result<CramPosition, CramError> {
        for square in [domino.first, domino.second] {
            self.board.parse_square(&square.to_string())?;
        }
        let bits = self.domino_bits(domino);
        if position.0 & bits != bits {
            return Err(CramError::Covered {
                domino: domino.to_string(),
                position: self.format_position(position),
            });
        }
        Ok(CramPosition(position.0 & !bits))
    }

    /// The position written row by row, `.` free and `#` covered, rows separated by `/`.
    #[must_use]
    pub fn format_position(&self, position: &CramPosition) -> String {
        let cols = self.board.cols();
        let rows: Vec<String> = (0..self.board.rows())
            .map(|row| {
                (0..cols)
                    .map(|col| {
                        if position.0 >> (row * cols + col) & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    /// Reads a position written as [`Cram::format_position`] writes it.
    ///
    /// # Errors
    /// When the text is not the board's rows of `.` and `#`.
    pub(crate) fn parse_position(&self, text: &str) -> Result<CramPosition, CramError> {
        let refuse = |why: String| CramError::MalformedPosition {
            text: text.to_string(),
            board: self.board,
            why,
        };
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != self.board.rows() {
            return Err(refuse(format!(
                "{} rows where the board has {}",
                rows.len(),
                self.board.rows()
            )));
        }
        let mut free = 0u128;
        for (row, line) in rows.iter().enumerate() {
            if line.chars().count() != self.board.cols() {
                return Err(refuse(format!(
                    "row {} has {} squares where the board has {} columns",
                    row + 1,
                    line.chars().count(),
                    self.board.cols()
                )));
            }
            for (col, mark) in line.chars().enumerate() {
                match mark {
                    '.' => free |= 1 << (row * self.board.cols() + col),
                    '#' => {}
                    other => {
                        return Err(refuse(format!(
                            "`{other}` in row {}: a square is `.` (free) or `#` (covered)",
                            row + 1
                        )))
                    }
                }
            }
        }
        Ok(CramPosition(free))
    }

    /// The squares with a right neighbour on the board, as bits.
    pub(crate) const fn has_right(&self) -> u128 {
        self.has_right
    }

    /// The squares with a left neighbour on the board, as bits.
    pub(crate) const fn has_left(&self) -> u128 {
        self.has_left
    }

    /// The squares of the first row, as bits.
    pub(crate) const fn first_row(&self) -> u128 {
        self.first_row
    }

    /// The squares of the first column, as bits.
    #[cfg(test)]
    pub(crate) const fn first_col(&self) -> u128 {
        self.first_col
    }
}

/// The lowest `count` bits (`count` ≤ 128).
const fn low_bits(count: usize) -> u128 {
    if count >= 128 {
        u128::MAX
    } else {
        (1 << count) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cram(board: &str) -> Cram {
        Cram::new(board.parse().unwrap()).unwrap()
    }

    #[test]
    fn dominoes_and_positions_read_back_as_written() {
        let game = cram("3x4");
        for domino in game.legal_moves(&game.empty()) {
            let text = domino.to_string();
            assert_eq!(text.parse::<Domino>().unwrap(), domino);
            let (a, b) = text.split_once('-').unwrap();
            assert_eq!(format!("{b}-{a}").parse::<Domino>().unwrap(), domino);
            let after = game.play(&game.empty(), domino).unwrap();
            let written = game.format_position(&after);
            assert_eq!(game.parse_position(&written).unwrap(), after);
        }
        assert_eq!(game.legal_moves(&game.empty()).len(), 3 * 3 + 2 * 4);
        assert_eq!(game.move_count(&game.empty()), 17);
        let first = game.legal_moves(&game.empty())[0];
        assert_eq!(first.to_string(), "a1-b1");
        assert!(first.is_across());
        assert_eq!(
            "a2-a1".parse::<Domino>().unwrap().to_string(),
            "a1-a2",
            "the top square is written first"
        );
    }

    #[test]
    fn hostile_input_is_refused_with_a_reason() {
        let game = cram("3x4");
        for bogus in ["", "a1", "a1-", "a1-c1", "a1-b2", "a1-a1", "zz-a1", "a1_a2"] {
            assert!(bogus.parse::<Domino>().is_err(), "{bogus}");
        }
        let off_board: Domino = "d3-d4".parse().unwrap();
        assert!(game.play(&game.empty(), off_board).is_err());
        let covered = game.parse_position("##../..../....").unwrap();
        let error = game.play(&covered, "a1-a2".parse().unwrap()).unwrap_err();
        assert!(error.to_string().contains("covered"), "{error}");
        for bogus in [
            "",
            "..../..../...",
            "..../..../.....",
            "..x./..../....",
            "/",
        ] {
            assert!(game.parse_position(bogus).is_err(), "{bogus}");
        }
        let error = Cram::new("12x11".parse().unwrap()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "a Cram board may have at most 128 squares: 12x11 has 132"
        );
        assert!(Cram::new("8x16".parse().unwrap()).is_ok());
        assert!(Cram::new("1x128".parse().unwrap()).is_ok());
    }

    #[test]
    fn the_largest_boards_keep_their_masks_right() {
        for board in [
            "8x8", "1x64", "64x1", "4x16", "8x9", "1x128", "128x1", "11x11",
        ] {
            let game = cram(board);
            let size = game.board();
            let across = size.rows() * (size.cols() - 1);
            let down = (size.rows() - 1) * size.cols();
            assert_eq!(
                game.legal_moves(&game.empty()).len(),
                across + down,
                "{board}"
            );
        }
    }
}
