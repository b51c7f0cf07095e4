//! Two-dimensional Kayles (*Combinatorial Game Theory IV*, lesson 4, exercise 5): the heaps are `m×n` boards; a move takes one
//! board and removes a whole row or a whole column of it, leaving the boards on either side.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::values::{MexSet, Nimber};

/// The largest side a board may have: the table of values costs `O(side³)`.
pub(crate) const MAX_SIDE: usize = 400;

/// An `rows × cols` board of two-dimensional Kayles, written `MxN`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rectangle {
    /// Rows.
    pub(crate) rows: usize,
    /// Columns.
    pub(crate) cols: usize,
}

/// A board size that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "board `{0}` is malformed: expected ROWSxCOLS with sides from 1 to {MAX_SIDE}, for example 7x4"
)]
pub struct RectangleError(pub String);

impl FromStr for Rectangle {
    type Err = RectangleError;

    fn from_str(text: &str) -> Result<Rectangle, RectangleError> {
        let bad = || RectangleError(text.to_string());
        let (rows, cols) = text.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let rows: usize = rows.trim().parse().map_err(|_| bad())?;
        let cols: usize = cols.trim().parse().map_err(|_| bad())?;
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(bad());
        }
        Ok(Rectangle { rows, cols })
    }
}

impl fmt::Display for Rectangle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// The rules of two-dimensional Kayles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kayles2d;

/// A move of two-dimensional Kayles: board `index` becomes the boards `to` (empty boards left
/// out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RectangleMove {
    /// Which board, counting from 0.
    pub(crate) index: usize,
    /// The board before the move.
    pub(crate) from: Rectangle,
    /// The boards after it.
    pub(crate) to: Vec<Rectangle>,
    /// The nim-value of the whole position after the move.
    pub(crate) nimber: Nimber,
}

impl fmt::Display for RectangleMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::write_split(f, &self.from, &self.to)
    }
}

impl Kayles2d {
    /// `table[m][n]`: the nim-value of an `m×n` board, for `m ≤ rows` and `n ≤ cols`.
    #[must_use]
    pub(crate) fn values(&self, rows: usize, cols: usize) -> Vec<Vec<Nimber>> {
        let side = rows.max(cols);
        let mut table = vec![vec![Nimber::ZERO; side + 1]; side + 1];
        for m in 1..=side {
            for n in m..=side {
                let mut seen = MexSet::default();
                // Removing row k of an m×n board leaves k×n and (m-1-k)×n.
                for k in 0..m {
                    seen.insert(table[k][n] + table[m - 1 - k][n]);
                }
                for k in 0..n {
                    seen.insert(table[m][k] + table[m][n - 1 - k]);
                }
                let value = seen.mex();
                table[m][n] = value;
                table[n][m] = value;
            }
        }
        table
    }

    /// The nim-value of the sum of `boards`.
    #[must_use]
    pub fn value_of_sum(&self, boards: &[Rectangle]) -> Nimber {
        let table = self.table_for(boards);
        boards.iter().map(|b| table[b.rows][b.cols]).sum()
    }

    fn table_for(&self, boards: &[Rectangle]) -> Vec<Vec<Nimber>> {
        let side = boards.iter().map(|b| b.rows.max(b.cols)).max().unwrap_or(0);
        self.values(side, side)
    }

    /// The boards each move on `board` leaves (empty boards left out, each list sorted), every
    /// distinct result once: removing a row or a column leaves the boards on either side.
    #[must_use]
    pub(crate) fn options(&self, board: Rectangle) -> Vec<Vec<Rectangle>> {
        let Rectangle { rows, cols } = board;
        let rows_removed = (0..rows).map(|k| {
            [
                Rectangle { rows: k, cols },
                Rectangle {
                    rows: rows - 1 - k,
                    cols,
                },
            ]
        });
        let cols_removed = (0..cols).map(|k| {
            [
                Rectangle { rows, cols: k },
                Rectangle {
                    rows,
                    cols: cols - 1 - k,
                },
            ]
        });
        let mut results: Vec<Vec<Rectangle>> = rows_removed
            .chain(cols_removed)
            .map(|pair| {
                let mut left: Vec<Rectangle> = pair
                    .into_iter()
                    .filter(|b| b.rows > 0 && b.cols > 0)
                    .collect();
                left.sort_unstable();
                left
            })
            .collect();
        results.sort_unstable();
        results.dedup();
        results
    }

    /// Every move of the sum of `boards`, each distinct result once, with its nim-value: a
    /// board equal to an earlier one is not moved on (its moves lead where the earlier one's
    /// do), and the moves of one board that leave the same boards are one move.
    #[must_use]
    pub(crate) fn moves(&self, boards: &[Rectangle]) -> Vec<RectangleMove> {
        let table = self.table_for(boards);
        let value = |b: &Rectangle| table[b.rows][b.cols];
        let total: Nimber = boards.iter().map(value).sum();
        let mut moves = Vec::new();
        for (index, from) in boards.iter().enumerate() {
            if boards[..index].contains(from) {
                continue;
            }
            for to in self.options(*from) {
                let after: Nimber = to.iter().map(value).sum();
                moves.push(RectangleMove {
                    index,
                    from: *from,
                    nimber: total + value(from) + after,
                    to,
                });
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_row_is_cleared_or_split() {
        // A 1×n board: removing its row clears it, removing a column splits it in two.
        let table = Kayles2d.values(12, 12);
        let mut row = vec![Nimber::ZERO];
        for n in 1..=12 {
            let mut seen = MexSet::default();
            seen.insert(Nimber::ZERO);
            for k in 0..n {
                seen.insert(row[k] + row[n - 1 - k]);
            }
            row.push(seen.mex());
        }
        assert_eq!(table[1], row);
        for (m, row) in table.iter().enumerate() {
            for (n, value) in row.iter().enumerate() {
                assert_eq!(*value, table[n][m]);
            }
        }
    }

    #[test]
    fn boards_round_trip() {
        let board: Rectangle = "7x4".parse().unwrap();
        assert_eq!(board.to_string(), "7x4");
        for bad in ["7", "0x3", "ax3", "3x401"] {
            assert!(bad.parse::<Rectangle>().is_err(), "{bad}");
        }
    }
}
