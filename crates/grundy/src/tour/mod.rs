//! Knight's tours: a knight visits every square of an `m×n` board exactly once.
//!
//! A tour is *closed* when its last square is a knight's move from its first (a Hamiltonian cycle
//! of the knight's graph) and *open* otherwise (a Hamiltonian path). Boards here are far larger
//! than the placement games allow, up to [`MAX_TOUR_SQUARES`] squares, so they have their own
//! dimensions type, [`TourBoard`], and squares are plain row-major indices (`u32`): a tour of a
//! 10000×10000 board is then the 4 bytes a square that the answer itself needs.
//!
//! - `verify`: the independent checker every method's answer passes through;
//! - `existence`: which boards have open and closed tours (Schwenk; Conrad et al.), and
//!   `narrow`: from which squares, exactly, on boards with a side of at most 5;
//! - `backtrack`, [`warnsdorff`], [`neural`], `divide`: four ways of finding a tour, and
//!   `four_rows` for 4×n tours from a given square;
//! - `count`: exact numbers of tours on small boards;
//! - [`text`]: tours read back from the text and JSON they are written as.
//!
//! ```
//! use grundy::tour::{divide, TourBoard};
//!
//! let board: TourBoard = "8x8".parse().unwrap();
//! let tour = divide::construct(board, true, None).unwrap();
//! assert!(tour.is_closed());
//! assert_eq!(tour.path().len(), 64);
//! ```

pub(crate) mod backtrack;
pub(crate) mod count;
pub mod divide;
pub(crate) mod existence;
pub(crate) mod four_rows;
pub(crate) mod frontier;
mod links;
pub(crate) mod narrow;
pub mod neural;
pub mod text;
pub(crate) mod verify;
pub mod warnsdorff;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::Symmetry;
use crate::notation::{column_letters, split_dimensions, split_square_name, square_count};

pub(crate) use verify::TourFault;

/// The largest number of squares a tour board may have (20000×20000).
pub const MAX_TOUR_SQUARES: u64 = 400_000_000;

/// The most squares a picture of a tour draws (`crate::picture::tour`): each dark square is an
/// element of its own, some 5 MB of text at this bound.
pub(crate) const MAX_DRAWN_TOUR_SQUARES: usize = 250_000;

/// The eight knight's moves as `(row, column)` steps, in a fixed order.
pub(crate) const KNIGHT_STEPS: [(i32, i32); 8] = [
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
];

/// Why a tour board size or a square name was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TourBoardError {
    /// The text is not of the form `MxN`.
    #[error("board size `{0}` is malformed: expected ROWSxCOLS, for example 8x8")]
    MalformedSize(String),
    /// A side of zero squares.
    #[error("board size `{0}` has a side of zero: both sides must be at least 1")]
    ZeroSide(String),
    /// More squares than a tour may have.
    #[error("board size `{text}` has {} squares: tours are limited to {MAX_TOUR_SQUARES} squares (20000x20000)", square_count(*.squares))]
    TooLarge {
        /// The size as given.
        text: String,
        /// Its number of squares, `None` when past `u128`.
        squares: Option<u128>,
    },
    /// The text is not a square name like `c3`.
    #[error("square `{0}` is malformed: expected column letters and a row number, for example c3")]
    MalformedSquare(String),
    /// A square outside the board.
    #[error("square `{square}` is off the {board} board")]
    OffBoard {
        /// The square as given.
        square: String,
        /// The board.
        board: TourBoard,
    },
}

/// The dimensions of a board for tours: `rows × cols`, each at least 1, at most
/// [`MAX_TOUR_SQUARES`] squares. Square `index` is in row `index / cols` and column
/// `index % cols`, both counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TourBoard {
    rows: u32,
    cols: u32,
}

impl TourBoard {
    /// A board of `rows × cols` squares, checked.
    pub(crate) fn new(rows: u32, cols: u32) -> Result<TourBoard, TourBoardError> {
        let text = format!("{rows}x{cols}");
        if rows == 0 || cols == 0 {
            return Err(TourBoardError::ZeroSide(text));
        }
        let squares = u64::from(rows) * u64::from(cols);
        if squares > MAX_TOUR_SQUARES {
            return Err(TourBoardError::TooLarge {
                text,
                squares: Some(u128::from(squares)),
            });
        }
        Ok(TourBoard { rows, cols })
    }

    /// Number of rows.
    #[must_use]
    pub(crate) const fn rows(self) -> u32 {
        self.rows
    }

    /// Number of columns.
    #[must_use]
    pub const fn cols(self) -> u32 {
        self.cols
    }

    /// Number of squares.
    #[must_use]
    pub const fn squares(self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// The same board turned a quarter: rows become columns.
    #[must_use]
    pub(crate) const fn transposed(self) -> TourBoard {
        TourBoard {
            rows: self.cols,
            cols: self.rows,
        }
    }

    /// The index of the square in `row` and `col` (from 0); the caller keeps them on the board.
    #[must_use]
    pub(crate) const fn index(self, row: u32, col: u32) -> u32 {
        row * self.cols + col
    }

    /// The `(row, col)` of a square index, counted from 0.
    #[must_use]
    pub(crate) const fn position(self, square: u32) -> (u32, u32) {
        (square / self.cols, square % self.cols)
    }

    /// The square a knight's `step` leads to from `square`, if it stays on the board.
    #[must_use]
    pub(crate) fn step(self, square: u32, step: (i32, i32)) -> Option<u32> {
        let (row, col) = self.position(square);
        let row = i64::from(row) + i64::from(step.0);
        let col = i64::from(col) + i64::from(step.1);
        let on_board =
            (0..i64::from(self.rows)).contains(&row) && (0..i64::from(self.cols)).contains(&col);
        on_board.then(|| self.index(row as u32, col as u32))
    }

    /// The image of `square` under `symmetry`, a square of the board
    /// [`TourBoard::image_board`] gives.
    #[must_use]
    pub(crate) fn image(self, symmetry: Symmetry, square: u32) -> u32 {
        let (row, col) = self.position(square);
        let size = (self.rows as usize, self.cols as usize);
        let (row, col) = symmetry.map(size, (row as usize, col as usize));
        self.image_board(symmetry).index(row as u32, col as u32)
    }

    /// The board `symmetry` maps this one onto: itself, or its transpose.
    #[must_use]
    pub(crate) const fn image_board(self, symmetry: Symmetry) -> TourBoard {
        if symmetry.transposes() {
            self.transposed()
        } else {
            self
        }
    }

    /// The squares a knight attacks from `square`, in [`KNIGHT_STEPS`] order.
    pub(crate) fn knight_moves(self, square: u32) -> impl Iterator<Item = u32> {
        KNIGHT_STEPS
            .into_iter()
            .filter_map(move |step| self.step(square, step))
    }

    /// Whether `from` and `to` are a knight's move apart.
    #[must_use]
    pub(crate) fn is_knight_move(self, from: u32, to: u32) -> bool {
        let (r1, c1) = self.position(from);
        let (r2, c2) = self.position(to);
        let dr = r1.abs_diff(r2);
        let dc = c1.abs_diff(c2);
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    }

    /// The name of a square: column letters then row number from 1, so `c3` is row 3 column 3.
    #[must_use]
    pub(crate) fn square_name(self, square: u32) -> String {
        let (row, col) = self.position(square);
        format!("{}{}", column_letters(u64::from(col)), row + 1)
    }

    /// Parses a square name such as `c3` (or `aa10` on wide boards) and checks it is on the board.
    pub(crate) fn parse_square(self, text: &str) -> Result<u32, TourBoardError> {
        let (col, row) = split_square_name(text)
            .ok_or_else(|| TourBoardError::MalformedSquare(text.to_string()))?;
        if row > u64::from(self.rows) || col > u64::from(self.cols) {
            return Err(TourBoardError::OffBoard {
                square: text.to_string(),
                board: self,
            });
        }
        Ok(self.index(row as u32 - 1, col as u32 - 1))
    }
}

impl fmt::Display for TourBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for TourBoard {
    type Err = TourBoardError;

    fn from_str(text: &str) -> Result<TourBoard, TourBoardError> {
        let dimensions = split_dimensions(text)
            .ok_or_else(|| TourBoardError::MalformedSize(text.to_string()))?;
        if dimensions.has_zero_side() {
            return Err(TourBoardError::ZeroSide(text.to_string()));
        }
        let too_large = || TourBoardError::TooLarge {
            text: text.to_string(),
            squares: dimensions.squares(),
        };
        let (rows, cols) = dimensions.sides().ok_or_else(too_large)?;
        TourBoard::new(rows, cols).map_err(|error| match error {
            TourBoardError::TooLarge { .. } => too_large(),
            other => other,
        })
    }
}

/// A board is written `ROWSxCOLS` in requests, as on the command line.
impl serde::Serialize for TourBoard {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for TourBoard {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TourBoard, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A verified knight's tour: every square once, each step a knight's move, and, if closed, the
/// last square a knight's move from the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tour {
    board: TourBoard,
    path: Vec<u32>,
    closed: bool,
}

impl Tour {
    /// Checks `path` (square indices in visiting order) with [`verify::verify`] and wraps it.
    pub(crate) fn new(board: TourBoard, path: Vec<u32>, closed: bool) -> Result<Tour, TourFault> {
        verify::verify(board, &path, closed)?;
        Ok(Tour {
            board,
            path,
            closed,
        })
    }

    /// The board toured.
    #[must_use]
    pub(crate) const fn board(&self) -> TourBoard {
        self.board
    }

    /// The squares in visiting order.
    #[must_use]
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// Whether the last square is a knight's move from the first (checked).
    #[must_use]
    pub const fn is_closed(&self) -> bool {
        self.closed
    }

    /// The path as 1-based `(row, column)` pairs.
    pub(crate) fn coordinates(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.path.iter().map(|&square| {
            let (row, col) = self.board.position(square);
            (row + 1, col + 1)
        })
    }

    /// The move number (from 1) of every square, row by row.
    #[must_use]
    pub(crate) fn move_numbers(&self) -> Vec<u32> {
        let mut numbers = vec![0; self.board.squares()];
        for (step, &square) in self.path.iter().enumerate() {
            numbers[square as usize] = step as u32 + 1;
        }
        numbers
    }
}

/// Why a method gave no tour.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FindError {
    /// No tour of the kind asked for exists; the reason cites the theorem.
    #[error("{0}")]
    NoTour(String),
    /// The search ran out of its node budget before finding a tour or ruling one out.
    #[error("the search gave up after {nodes} nodes (its `limit`) without finding a tour")]
    LimitReached {
        /// Nodes searched.
        nodes: u64,
    },
    /// The search was stopped (its watch's stop flag) before finding a tour or ruling one out.
    #[error("the search for a tour was stopped after {nodes} nodes, before it found one or ruled one out")]
    Stopped {
        /// Nodes searched.
        nodes: u64,
    },
    /// The method does not cover this request (a heuristic failed, or a case it cannot build).
    #[error("{0}")]
    MethodFailed(String),
}

/// Rotates a closed tour so it starts at `start` (a closed tour may start anywhere).
pub(crate) fn rotate_to_start(path: &mut [u32], start: u32) {
    if let Some(at) = path.iter().position(|&square| square == start) {
        path.rotate_left(at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes_round_trip() {
        for text in ["1x1", "8x8", "3x10", "10000x10000"] {
            assert_eq!(text.parse::<TourBoard>().unwrap().to_string(), text);
        }
        for bad in ["", "8", "8x", "x8", "8x8x8", "-1x3"] {
            assert!(matches!(
                bad.parse::<TourBoard>(),
                Err(TourBoardError::MalformedSize(_))
            ));
        }
        assert!(matches!(
            "0x3".parse::<TourBoard>(),
            Err(TourBoardError::ZeroSide(_))
        ));
        assert!(matches!(
            "30000x30000".parse::<TourBoard>(),
            Err(TourBoardError::TooLarge { .. })
        ));
    }

    #[test]
    fn square_names_round_trip() {
        let board = TourBoard::new(30, 800).unwrap();
        for square in (0..board.squares() as u32).step_by(37) {
            let name = board.square_name(square);
            assert_eq!(board.parse_square(&name).unwrap(), square, "{name}");
        }
        let small = TourBoard::new(8, 8).unwrap();
        assert_eq!(small.parse_square("c3").unwrap(), small.index(2, 2));
        assert_eq!(small.square_name(small.index(0, 1)), "b1");
        assert!(matches!(
            small.parse_square("i1"),
            Err(TourBoardError::OffBoard { .. })
        ));
        assert!(small.parse_square("3c").is_err());
        assert!(small.parse_square("a0").is_err());
    }

    #[test]
    fn knight_moves_stay_on_the_board() {
        let board = TourBoard::new(3, 4).unwrap();
        assert_eq!(board.knight_moves(0).count(), 2);
        for square in 0..12 {
            for to in board.knight_moves(square) {
                assert!(board.is_knight_move(square, to));
            }
        }
    }

    /// The tours' knight (kept in its own clockwise order, which the tours found depend on) is
    /// the knight of the placement games, square for square on every board up to 8x8.
    #[test]
    fn the_tours_knight_is_the_placement_knight() {
        use crate::games::placement::Piece;
        for rows in 1..=8 {
            for cols in 1..=8 {
                let tours = TourBoard::new(rows, cols).unwrap();
                let board = crate::board::BoardSize::new(rows, cols).unwrap();
                for from in board.all_squares() {
                    let square = board.index_of(from) as u32;
                    let mut moves: Vec<u32> = tours.knight_moves(square).collect();
                    moves.sort_unstable();
                    let mut expected: Vec<u32> = Piece::Knight
                        .attacked_squares(board, from)
                        .into_iter()
                        .map(|to| board.index_of(to) as u32)
                        .collect();
                    expected.sort_unstable();
                    assert_eq!(moves, expected, "{board} from {from}");
                    for to in board.all_squares() {
                        assert_eq!(
                            tours.is_knight_move(square, board.index_of(to) as u32),
                            Piece::Knight.attacks(from, to),
                            "{board} {from} {to}"
                        );
                    }
                }
            }
        }
    }
}

/// Property tests: whatever a method returns is a valid tour of the kind asked for, on random
/// boards and starts.
#[cfg(test)]
mod properties {
    use proptest::prelude::*;

    use super::existence::{closed_tour_exists, open_tour_exists};
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn divide_gives_valid_tours(rows in 1u32..40, cols in 1u32..40, closed: bool) {
            let board = TourBoard::new(rows, cols).unwrap();
            let wanted = if closed { closed_tour_exists(board) } else { open_tour_exists(board) };
            match divide::construct(board, closed, None) {
                Ok(tour) => {
                    prop_assert!(wanted.exists);
                    prop_assert_eq!(verify::verify(board, tour.path(), tour.is_closed()), Ok(()));
                    prop_assert!(!closed || tour.is_closed());
                }
                Err(FindError::NoTour(_)) => prop_assert!(!wanted.exists),
                Err(other) => prop_assert!(false, "{board}: {other}"),
            }
        }

        #[test]
        fn closed_tours_start_anywhere(side in 3u32..20, seed: u32) {
            let board = TourBoard::new(side * 2, side * 2 + 1).unwrap();
            let start = seed % board.squares() as u32;
            let tour = divide::construct(board, true, Some(start)).unwrap();
            prop_assert_eq!(tour.path()[0], start);
            prop_assert_eq!(verify::verify(board, tour.path(), true), Ok(()));
        }

        #[test]
        fn warnsdorff_and_backtracking_give_valid_tours(side in 5u32..13, seed: u32) {
            let board = TourBoard::new(side, side).unwrap();
            let start = seed % board.squares() as u32;
            if let Ok(tour) = warnsdorff::find(board, false, Some(start), warnsdorff::TieBreak::Roth) {
                prop_assert_eq!(tour.path()[0], start);
                prop_assert_eq!(verify::verify(board, tour.path(), false), Ok(()));
            }
            if let Ok(tour) = backtrack::search(board, false, Some(start), Some(200_000)) {
                prop_assert_eq!(tour.path()[0], start);
                prop_assert_eq!(verify::verify(board, tour.path(), false), Ok(()));
            }
        }

        #[test]
        fn the_verifier_catches_any_swap(side in 5u32..12, a: u32, b: u32) {
            let board = TourBoard::new(side, side + 1).unwrap();
            let tour = divide::construct(board, true, None).unwrap();
            let mut path = tour.path().to_vec();
            let (a, b) = (a as usize % path.len(), b as usize % path.len());
            prop_assume!(a != b);
            path.swap(a, b);
            // Swapping two squares of a tour can only keep it valid if they are consecutive
            // ends or neighbours along the way; either way the verifier must agree with a
            // direct check of every step.
            let direct = path.windows(2).all(|pair| board.is_knight_move(pair[0], pair[1]))
                && board.is_knight_move(path[path.len() - 1], path[0]);
            prop_assert_eq!(verify::verify(board, &path, true).is_ok(), direct);
        }
    }

    /// Every method that claims a board gives a verified tour on every board up to 12×12.
    #[test]
    fn every_method_on_every_board_up_to_12_by_12() {
        for rows in 1..=12 {
            for cols in rows..=12 {
                let board = TourBoard::new(rows, cols).unwrap();
                let open = open_tour_exists(board).exists;
                let closed = closed_tour_exists(board).exists;
                if closed {
                    let options = neural::NeuralOptions {
                        restarts: 200,
                        ..Default::default()
                    };
                    let (tour, _) = neural::find(board, true, None, options, &mut ()).unwrap();
                    assert!(tour.is_closed(), "{board}");
                    let tour = backtrack::search(board, true, None, Some(50_000_000)).unwrap();
                    assert!(tour.is_closed(), "{board}");
                }
                if open {
                    assert!(divide::construct(board, false, None).is_ok(), "{board}");
                    // Warnsdorff may dead-end; when it answers, the answer is a tour.
                    if let Ok(tour) =
                        warnsdorff::find(board, false, None, warnsdorff::TieBreak::Roth)
                    {
                        assert_eq!(tour.path().len(), board.squares());
                    }
                }
            }
        }
    }
}
