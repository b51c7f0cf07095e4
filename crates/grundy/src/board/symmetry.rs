//! The eight symmetries of the square grid, written once for every engine.
//!
//! A symmetry maps a `rows × cols` box (a board, or the bounding box of a set of squares) onto
//! a box of the same size or, when it transposes, onto the `cols × rows` box. Four of them map
//! every box onto itself (the identity, the reflections in the two middle lines and the half
//! turn); the other four (the quarter turns and the reflections in the two diagonals) do so
//! only on square boxes. Every piece's attacks are unchanged by all eight.
//!
//! [`Symmetry::map`] is the one definition; [`Symmetry::permutation`] is its fast path for a
//! whole board, a table of square indices, tested against it and against a slow geometric
//! reference (turning the squares' centres about the centre of the box) below.

use std::fmt;

use super::{BoardSize, Square};

/// One of the eight symmetries of the grid: transpose first (row and column swap) if it says
/// so, then read the rows bottom-up and the columns right to left if it says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// Bit 0: reverse the rows; bit 1: reverse the columns; bit 2: transpose first.
    code: u8,
}

const FLIP_ROWS: u8 = 1;
const FLIP_COLS: u8 = 2;
const TRANSPOSE: u8 = 4;

impl Symmetry {
    /// Leaves every square where it is.
    pub(crate) const IDENTITY: Symmetry = Symmetry { code: 0 };
    /// Reflection in the horizontal middle line: row `i` to row `m + 1 - i`.
    pub(crate) const ROW_MIRROR: Symmetry = Symmetry { code: FLIP_ROWS };
    /// Reflection in the vertical middle line: column `j` to column `n + 1 - j`.
    pub(crate) const COLUMN_MIRROR: Symmetry = Symmetry { code: FLIP_COLS };
    /// Rotation by 180° about the centre: both middle-line reflections at once.
    pub(crate) const HALF_TURN: Symmetry = Symmetry {
        code: FLIP_ROWS | FLIP_COLS,
    };
    /// Reflection in the main diagonal: `(i, j)` to `(j, i)`, an `m×n` box onto `n×m`.
    pub(crate) const TRANSPOSE: Symmetry = Symmetry { code: TRANSPOSE };
    /// Rotation by 90° anticlockwise (row 1 drawn at the top): the top left corner goes to
    /// the bottom left.
    pub(crate) const ANTICLOCKWISE: Symmetry = Symmetry {
        code: TRANSPOSE | FLIP_ROWS,
    };
    /// Rotation by 90° clockwise: the top left corner goes to the top right.
    pub(crate) const CLOCKWISE: Symmetry = Symmetry {
        code: TRANSPOSE | FLIP_COLS,
    };
    /// Reflection in the anti-diagonal (top right to bottom left).
    pub(crate) const ANTI_TRANSPOSE: Symmetry = Symmetry {
        code: TRANSPOSE | FLIP_ROWS | FLIP_COLS,
    };

    /// All eight: first the four that map every box onto itself (identity, row mirror,
    /// column mirror, half turn), then the four that transpose.
    pub(crate) const ALL: [Symmetry; 8] = [
        Symmetry::IDENTITY,
        Symmetry::ROW_MIRROR,
        Symmetry::COLUMN_MIRROR,
        Symmetry::HALF_TURN,
        Symmetry::TRANSPOSE,
        Symmetry::ANTICLOCKWISE,
        Symmetry::CLOCKWISE,
        Symmetry::ANTI_TRANSPOSE,
    ];

    /// The symmetries other than the identity that undo themselves, the half turn first:
    /// those a mirror strategy can answer with (a quarter turn applied twice is not the
    /// identity). The diagonal reflections map only square boxes onto themselves.
    pub const INVOLUTIONS: [Symmetry; 5] = [
        Symmetry::HALF_TURN,
        Symmetry::ROW_MIRROR,
        Symmetry::COLUMN_MIRROR,
        Symmetry::TRANSPOSE,
        Symmetry::ANTI_TRANSPOSE,
    ];

    /// Whether rows and columns swap.
    #[must_use]
    pub(crate) const fn transposes(self) -> bool {
        self.code & TRANSPOSE != 0
    }

    /// Whether the rows are read bottom-up (after transposing).
    #[must_use]
    pub(crate) const fn flips_rows(self) -> bool {
        self.code & FLIP_ROWS != 0
    }

    /// Whether the columns are read right to left (after transposing).
    #[must_use]
    pub(crate) const fn flips_cols(self) -> bool {
        self.code & FLIP_COLS != 0
    }

    /// The size `(rows, cols)` of the image of a `rows × cols` box.
    #[inline]
    #[must_use]
    pub(crate) const fn image_size(self, (rows, cols): (usize, usize)) -> (usize, usize) {
        if self.transposes() {
            (cols, rows)
        } else {
            (rows, cols)
        }
    }

    /// Whether the symmetry maps a `rows × cols` box onto itself: always, unless it transposes
    /// a box that is not square.
    #[must_use]
    pub const fn keeps(self, (rows, cols): (usize, usize)) -> bool {
        !self.transposes() || rows == cols
    }

    /// The symmetries that map a `rows × cols` box onto itself, in [`Symmetry::ALL`] order:
    /// four, or all eight on a square box.
    pub(crate) fn of_box(size: (usize, usize)) -> impl Iterator<Item = Symmetry> {
        Symmetry::ALL
            .into_iter()
            .filter(move |symmetry| symmetry.keeps(size))
    }

    /// The symmetries that map `board` onto itself.
    pub(crate) fn of_board(board: BoardSize) -> impl Iterator<Item = Symmetry> {
        Symmetry::of_box((board.rows(), board.cols()))
    }

    /// The image of the point `(row, col)` (from 0) of a `rows × cols` box, a point of the box
    /// of [`Symmetry::image_size`]. The one definition of the eight symmetries.
    #[inline]
    #[must_use]
    pub(crate) const fn map(
        self,
        size: (usize, usize),
        (row, col): (usize, usize),
    ) -> (usize, usize) {
        let (rows, cols) = self.image_size(size);
        let (row, col) = if self.transposes() {
            (col, row)
        } else {
            (row, col)
        };
        (
            if self.flips_rows() {
                rows - 1 - row
            } else {
                row
            },
            if self.flips_cols() {
                cols - 1 - col
            } else {
                col
            },
        )
    }

    /// The board `board` is mapped onto: itself, or its transpose.
    #[must_use]
    pub(crate) fn image_board(self, board: BoardSize) -> BoardSize {
        let (rows, cols) = self.image_size((board.rows(), board.cols()));
        BoardSize::new(rows as u32, cols as u32).expect("a transposed board has as many squares")
    }

    /// The image of `square` of `board`, a square of `Symmetry::image_board`.
    #[must_use]
    pub fn image(self, board: BoardSize, square: Square) -> Square {
        let (row, col) = self.map((board.rows(), board.cols()), (square.row(), square.col()));
        Square {
            row: row as u16,
            col: col as u16,
        }
    }

    /// The fast path for whole boards: entry `i` is the row-major index, on
    /// [`Symmetry::image_board`], of the image of square `i` of `board`.
    #[must_use]
    pub(crate) fn permutation(self, board: BoardSize) -> Vec<u16> {
        let image = self.image_board(board);
        board
            .all_squares()
            .map(|square| image.index_of(self.image(board, square)) as u16)
            .collect()
    }

    /// The canonical form of a shape in a `size` box up to the symmetries of the grid: the
    /// least `image(symmetry, image_size)` over the symmetries whose image lies flat (never
    /// taller than wide; on a square box, all eight).
    #[inline]
    pub(crate) fn least_flat_image<K: Ord>(
        size: (usize, usize),
        mut image: impl FnMut(Symmetry, (usize, usize)) -> K,
    ) -> K {
        Symmetry::ALL
            .into_iter()
            .filter_map(|symmetry| {
                let (rows, cols) = symmetry.image_size(size);
                (rows <= cols).then(|| image(symmetry, (rows, cols)))
            })
            .min()
            .expect("a box or its transpose lies flat")
    }

    /// `self` followed by `then`.
    #[must_use]
    pub(crate) fn then(self, then: Symmetry) -> Symmetry {
        // A 2x3 box tells the eight apart (the transposing ones change its shape), so the
        // symmetry that maps each of its points as the two in turn do is the composition.
        let size = (2, 3);
        let middle = self.image_size(size);
        *Symmetry::ALL
            .iter()
            .find(|candidate| {
                (0..2).all(|row| {
                    (0..3).all(|col| {
                        candidate.image_size(size) == then.image_size(middle)
                            && candidate.map(size, (row, col))
                                == then.map(middle, self.map(size, (row, col)))
                    })
                })
            })
            .expect("the symmetries of the grid form a group")
    }

    /// The symmetry that undoes `self`.
    #[must_use]
    pub(crate) fn inverse(self) -> Symmetry {
        *Symmetry::ALL
            .iter()
            .find(|&&candidate| self.then(candidate) == Symmetry::IDENTITY)
            .expect("every symmetry has an inverse")
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match *self {
            Symmetry::IDENTITY => "identity",
            Symmetry::ROW_MIRROR => "reflection in the horizontal middle line",
            Symmetry::COLUMN_MIRROR => "reflection in the vertical middle line",
            Symmetry::HALF_TURN => "half turn about the centre",
            Symmetry::TRANSPOSE => "reflection in the main diagonal",
            Symmetry::ANTICLOCKWISE => "quarter turn anticlockwise",
            Symmetry::CLOCKWISE => "quarter turn clockwise",
            _ => "reflection in the anti-diagonal",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow, geometric reference: the centre of square `(row, col)`, measured in half
    /// squares from the centre of the box, turned or reflected by the symmetry's matrix, and
    /// read back as a square of the image box.
    fn reference(
        symmetry: Symmetry,
        (rows, cols): (usize, usize),
        (row, col): (usize, usize),
    ) -> (usize, usize) {
        let x = 2 * col as i64 - (cols as i64 - 1); // rightwards
        let y = 2 * row as i64 - (rows as i64 - 1); // downwards
        let (x, y) = match symmetry {
            Symmetry::IDENTITY => (x, y),
            Symmetry::ROW_MIRROR => (x, -y),
            Symmetry::COLUMN_MIRROR => (-x, y),
            Symmetry::HALF_TURN => (-x, -y),
            Symmetry::TRANSPOSE => (y, x),
            Symmetry::ANTI_TRANSPOSE => (-y, -x),
            // Rows grow downwards: turning clockwise on the page takes right to down.
            Symmetry::CLOCKWISE => (-y, x),
            _ => (y, -x),
        };
        let (rows, cols) = if symmetry.transposes() {
            (cols, rows)
        } else {
            (rows, cols)
        };
        (
            ((y + rows as i64 - 1) / 2) as usize,
            ((x + cols as i64 - 1) / 2) as usize,
        )
    }

    #[test]
    fn the_definition_and_the_tables_agree_with_the_geometry_on_every_small_board() {
        for rows in 1..=6 {
            for cols in 1..=6 {
                let board = BoardSize::new(rows, cols).unwrap();
                let size = (board.rows(), board.cols());
                for symmetry in Symmetry::ALL {
                    let table = symmetry.permutation(board);
                    let image = symmetry.image_board(board);
                    let mut hit = vec![false; board.squares()];
                    for square in board.all_squares() {
                        let point = (square.row(), square.col());
                        let expected = reference(symmetry, size, point);
                        assert_eq!(symmetry.map(size, point), expected, "{symmetry} {board}");
                        let to = symmetry.image(board, square);
                        assert_eq!((to.row(), to.col()), expected, "{symmetry} {board}");
                        let index = usize::from(table[board.index_of(square)]);
                        assert_eq!(image.square_at(index), to, "{symmetry} {board}");
                        assert!(!std::mem::replace(&mut hit[index], true), "a permutation");
                        assert_eq!(symmetry.inverse().image(image, to), square);
                    }
                }
            }
        }
    }

    #[test]
    fn the_eight_form_the_dihedral_group() {
        let size = (3, 5);
        for a in Symmetry::ALL {
            assert_eq!(a.then(a.inverse()), Symmetry::IDENTITY);
            for b in Symmetry::ALL {
                let ab = a.then(b);
                let middle = a.image_size(size);
                for row in 0..3 {
                    for col in 0..5 {
                        let twice = b.map(middle, a.map(size, (row, col)));
                        assert_eq!(ab.map(size, (row, col)), twice, "{a} then {b}");
                    }
                }
            }
        }
        assert_eq!(
            Symmetry::CLOCKWISE.then(Symmetry::CLOCKWISE),
            Symmetry::HALF_TURN
        );
        assert_eq!(Symmetry::CLOCKWISE.inverse(), Symmetry::ANTICLOCKWISE);
        let involutions: Vec<Symmetry> = Symmetry::ALL
            .into_iter()
            .filter(|&s| s != Symmetry::IDENTITY && s.then(s) == Symmetry::IDENTITY)
            .collect();
        assert_eq!(involutions.len(), Symmetry::INVOLUTIONS.len());
        assert!(involutions
            .iter()
            .all(|s| Symmetry::INVOLUTIONS.contains(s)));
        let five_by_three = BoardSize::new(5, 3).unwrap();
        assert_eq!(Symmetry::of_board(five_by_three).count(), 4);
        assert_eq!(Symmetry::of_box((4, 4)).count(), 8);
    }
}
