//! A Cram board's squares in one [`Word`], with the masks every step of the search uses:
//! dominoes, neighbours, the reductions that change no value, the split into regions and each
//! region's canonical form under the board's symmetries.

use super::word::Word;

/// A board of `rows × cols` squares, square `row * cols + col` being bit `row * cols + col`.
#[derive(Clone, Debug)]
pub(crate) struct Grid<W: Word> {
    rows: u32,
    cols: u32,
    /// Every square.
    all: W,
    /// The squares with a right neighbour (all but the last column).
    has_right: W,
    /// The squares with a left neighbour (all but the first column).
    has_left: W,
    /// The first row.
    first_row: W,
    /// The first column.
    first_col: W,
    /// For each set of squares of a row (of at most `rows` squares), the same set turned into
    /// the first column: what transposes a shape row by row.
    row_to_column: Vec<W>,
}

impl<W: Word> Grid<W> {
    /// The board of `rows × cols` squares; they must fit the word.
    pub(crate) fn new(rows: u32, cols: u32) -> Grid<W> {
        assert!(rows * cols <= W::BITS && rows > 0 && cols > 0);
        let all = W::low_bits(rows * cols);
        let first_col = (0..rows).fold(W::ZERO, |set, row| set | W::ONE << (row * cols));
        let last_col = first_col << (cols - 1);
        let side = rows.min(cols);
        let row_to_column = (0..1u64 << side)
            .map(|row| {
                (0..side)
                    .filter(|bit| row >> bit & 1 == 1)
                    .fold(W::ZERO, |column, bit| column | W::ONE << (bit * cols))
            })
            .collect();
        Grid {
            rows,
            cols,
            all,
            has_right: all & !last_col,
            has_left: all & !first_col,
            first_row: W::low_bits(cols),
            first_col,
            row_to_column,
        }
    }

    /// Every square of the board.
    #[cfg(test)]
    pub(crate) const fn all(&self) -> W {
        self.all
    }

    /// The free squares whose right neighbour is free: the left halves of dominoes across.
    #[inline]
    pub(crate) fn across_starts(&self, free: W) -> W {
        free & self.has_right & (free >> 1)
    }

    /// The free squares whose lower neighbour is free: the top halves of dominoes down.
    #[inline]
    pub(crate) fn down_starts(&self, free: W) -> W {
        free & free.shr_or_zero(self.cols)
    }

    /// The number of dominoes that can be put on `free`.
    #[inline]
    pub(crate) fn move_count(&self, free: W) -> u32 {
        self.across_starts(free).count_ones() + self.down_starts(free).count_ones()
    }

    /// The squares beside any of `squares`, on the board.
    #[inline]
    pub(crate) fn neighbours(&self, squares: W) -> W {
        ((squares & self.has_right) << 1)
            | ((squares & self.has_left) >> 1)
            | squares.shr_or_zero(self.cols)
            | (squares.shl_or_zero(self.cols) & self.all)
    }

    /// Calls `visit` with each domino of `free` as its two squares' bits, the dominoes down
    /// first, then across, each group from the middle line of `free`'s box outwards: central
    /// dominoes split a region most evenly, so that its options are cheapest to value
    /// (Beling's move order).
    #[inline]
    pub(crate) fn for_each_domino_from_the_middle(&self, free: W, mut visit: impl FnMut(W)) {
        let cols = self.cols;
        let down = self.down_starts(free);
        if down != W::ZERO {
            let (left, right) = self.column_span(free);
            let middle = (left + right) / 2;
            let mut remaining = down;
            let mut spread = 0;
            while remaining != W::ZERO {
                let mut columns = self.column_mask(middle.saturating_sub(spread))
                    | self.column_mask((middle + spread).min(cols - 1));
                columns &= remaining;
                while columns != W::ZERO {
                    let start = columns.lowest();
                    visit(start | start << cols);
                    columns ^= start;
                    remaining ^= start;
                }
                spread += 1;
            }
        }
        let across = self.across_starts(free);
        if across != W::ZERO {
            let top = free.trailing_zeros() / cols;
            let bottom = (W::BITS - 1 - free.leading_zeros()) / cols;
            let middle = (top + bottom) / 2;
            let mut remaining = across;
            let mut spread = 0;
            while remaining != W::ZERO {
                let mut rows = self.row_mask(middle.saturating_sub(spread))
                    | self.row_mask((middle + spread).min(self.rows - 1));
                rows &= remaining;
                while rows != W::ZERO {
                    let start = rows.lowest();
                    visit(start | start << 1);
                    rows ^= start;
                    remaining ^= start;
                }
                spread += 1;
            }
        }
    }

    /// The squares of column `col`.
    #[inline]
    fn column_mask(&self, col: u32) -> W {
        self.first_col << col
    }

    /// The squares of row `row`.
    #[inline]
    fn row_mask(&self, row: u32) -> W {
        self.first_row << (row * self.cols)
    }

    /// The first and last columns `squares` (not empty) meet.
    #[inline]
    fn column_span(&self, squares: W) -> (u32, u32) {
        let columns = self.columns_met(squares);
        (
            columns.trailing_zeros(),
            W::BITS - 1 - columns.leading_zeros(),
        )
    }

    /// The columns `squares` meets, as bits of the first row.
    #[inline]
    fn columns_met(&self, squares: W) -> W {
        let mut columns = W::ZERO;
        let mut rest = squares;
        while rest != W::ZERO {
            columns |= rest & self.first_row;
            rest = rest.shr_or_zero(self.cols);
        }
        columns
    }

    /// `free` with squares taken out that change no value (Beling and Rogalski's reductions):
    /// of several squares whose only free neighbour is one square (tufts hanging on it, of
    /// which one domino covers at most one and kills the rest), all but one; a square all of
    /// whose free neighbours are such star centres and that is neither a tuft nor a centre
    /// itself; and every square with no free neighbour.
    #[inline]
    pub(crate) fn reduced(&self, free: W) -> W {
        let cols = self.cols;
        // The free squares with a free neighbour below, above, to the right, to the left.
        let below = free & free.shr_or_zero(cols);
        let above = free & free.shl_or_zero(cols);
        let right = free & self.has_right & (free >> 1);
        let left = free & self.has_left & (free << 1);
        let two_or_more = (below & above)
            | (below & right)
            | (below & left)
            | (above & right)
            | (above & left)
            | (right & left);
        let live = below | above | right | left;
        let tufts = live & !two_or_more;
        if tufts == W::ZERO {
            return live;
        }
        // The centre each tuft hangs on; a tuft whose centre already has one is dropped.
        let mut reduced = live;
        let mut centres = free & tufts.shl_or_zero(cols) & below.shl_or_zero(cols);
        let right_centres = free & ((tufts & right) << 1);
        reduced &= !((centres & right_centres) >> 1);
        centres |= right_centres;
        let above_centres = free & (tufts & above).shr_or_zero(cols);
        reduced &= !(centres & above_centres).shl_or_zero(cols);
        centres |= above_centres;
        let left_centres = free & ((tufts & left) >> 1);
        reduced &= !((centres & left_centres) << 1);
        centres |= left_centres;
        // Bridges: squares that are neither, with no free neighbour that is neither.
        let others = live & !(tufts | centres);
        reduced & !(others & !self.neighbours(others))
    }

    /// The left halves of the dominoes across that the search may take out of `free`'s
    /// graph without changing its value: both rows of each 2×2 block of free squares two of
    /// whose opposite corners are twins, squares whose only free neighbours are the block's
    /// other two corners (the top left's neighbours above and to the left and the bottom
    /// right's below and to the right are not free, or the same of the other diagonal).
    ///
    /// Why the value stays: call the twins `a` and `d` and the other corners `b` and `c`, and
    /// `G'` the position without the links `a-b` and `c-d`, where `a` hangs on `c` alone and
    /// `d` on `b`. The options of `G` and `G'` have the same values, so `G` and `G'` have one
    /// value (by induction on the free squares): `a-c` and `b-d` leave the same position in
    /// both; `a-b` in `G` leaves `d` hanging on `c`, as `b-d` in `G'` leaves `a` hanging on
    /// `c`, and `c-d` likewise answers `a-c`; a domino elsewhere keeps the twins, so the two
    /// positions it leaves are again a `G` and its `G'`; a domino on `b` and a square outside
    /// the block leaves both twins hanging on `c` in `G` and one in `G'`, and of several
    /// squares hanging on one square all but one change no value ([`Grid::reduced`]); a
    /// domino on `c` likewise. The block's rows, not its columns, are cut: either would do.
    /// (Beling's `igsolve` splits Cram at the same blocks, its `forbidden_horizontal_moves`.)
    #[inline]
    pub(crate) fn cuttable_across(&self, free: W) -> W {
        let cols = self.cols;
        let right_free = self.has_right & (free >> 1);
        let left_free = self.has_left & (free << 1);
        let up_closed = free & !free.shl_or_zero(cols);
        let down_closed = free & !free.shr_or_zero(cols);
        // Top left corners of the blocks: the four squares free.
        let blocks = free & right_free & free.shr_or_zero(cols) & free.shr_or_zero(cols + 1);
        if blocks == W::ZERO {
            return W::ZERO;
        }
        // The top left and bottom right corners twins, or the top right and bottom left.
        let top_left_closed = up_closed & !left_free;
        let bottom_right_closed = down_closed & !right_free;
        let top_right_closed = up_closed & !right_free;
        let bottom_left_closed = down_closed & !left_free;
        let main = top_left_closed & bottom_right_closed.shr_or_zero(cols + 1);
        let anti = (top_right_closed >> 1) & bottom_left_closed.shr_or_zero(cols);
        let cut = blocks & (main | anti);
        cut | cut.shl_or_zero(cols)
    }

    /// Calls `visit` with each region of `free` (squares joined by possible dominoes, less the
    /// links [`Grid::cuttable_across`] takes out), `free` having been reduced: every square
    /// has a free neighbour. A region cut off from the rest is reduced again, and split again
    /// if that took squares out.
    #[inline]
    pub(crate) fn for_each_region(&self, free: W, visit: &mut impl FnMut(W)) {
        let cut = self.cuttable_across(free);
        if cut == W::ZERO {
            self.for_each_linked_region(free, self.has_right, visit);
            return;
        }
        self.for_each_linked_region(free, self.has_right & !cut, &mut |region| {
            let reduced = if region == free {
                region
            } else {
                self.reduced(region)
            };
            if reduced == region {
                visit(region);
            } else {
                self.for_each_region(reduced, visit);
            }
        });
    }

    /// Calls `visit` with each region of `free`, squares joined down and across, across only
    /// from the squares of `joined_right` to their right neighbours.
    #[inline]
    fn for_each_linked_region(&self, free: W, joined_right: W, visit: &mut impl FnMut(W)) {
        let cols = self.cols;
        let mut rest = free;
        while rest != W::ZERO {
            let mut region = rest.lowest();
            loop {
                let grown = region
                    | ((region & joined_right) << 1)
                    | ((region >> 1) & joined_right)
                    | region.shr_or_zero(cols)
                    | region.shl_or_zero(cols);
                let grown = grown & rest;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest ^= region;
            visit(region);
        }
    }

    /// The canonical form of `region` (not empty): the least of its images under the
    /// symmetries of the board that keep it on the board, each moved to the top left corner.
    /// Regions with one canonical form are images of one another, so have one value.
    #[inline]
    pub(crate) fn canonical(&self, region: W) -> W {
        let cols = self.cols;
        let top = region.trailing_zeros() / cols;
        let bottom = (W::BITS - 1 - region.leading_zeros()) / cols;
        let height = bottom - top + 1;
        let lifted = region >> (top * cols);
        // The columns met, found once: those of the shape moved left are the same moved.
        let columns = self.columns_met(lifted);
        let left = columns.trailing_zeros();
        let shape = lifted >> left;
        let width = W::BITS - (columns >> left).leading_zeros();
        let least = self.least_of_four(shape, height, width);
        // The shape turned a quarter (mirrored in the diagonal), when it fits the board so.
        if width <= self.rows && height <= cols {
            let mut transposed = W::ZERO;
            for row in 0..height {
                let bits = (shape >> (row * cols) & self.first_row).low_u64();
                transposed |= self.row_to_column[bits as usize] << row;
            }
            least.min(self.least_of_four(transposed, width, height))
        } else {
            least
        }
    }

    /// The least of `shape` (in the top left corner, `height × width`), it upside down, it
    /// mirrored left to right, and both.
    #[inline]
    fn least_of_four(&self, shape: W, height: u32, width: u32) -> W {
        let cols = self.cols;
        let shift = W::BITS - width;
        let (mut upside_down, mut mirrored, mut both) = (W::ZERO, W::ZERO, W::ZERO);
        for row in 0..height {
            let bits = shape >> (row * cols) & self.first_row;
            let reversed = bits.reverse_bits() >> shift;
            let image_row = (height - 1 - row) * cols;
            upside_down |= bits << image_row;
            mirrored |= reversed << (row * cols);
            both |= reversed << image_row;
        }
        shape.min(upside_down).min(mirrored).min(both)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::games::cram::{Cram, CramPosition};

    /// The images of a region under the eight symmetries of a square board share a canonical
    /// form, in the top left corner, which is its own.
    #[test]
    fn canonical_forms_forget_symmetry_and_translation() {
        let grid = Grid::<u64>::new(4, 4);
        let image = |squares: u64, turn: &dyn Fn(u32, u32) -> (u32, u32)| {
            (0..16)
                .filter(|&index| squares >> index & 1 == 1)
                .fold(0u64, |image, index| {
                    let (row, col) = turn(index / 4, index % 4);
                    image | 1 << (row * 4 + col)
                })
        };
        let symmetries: [&dyn Fn(u32, u32) -> (u32, u32); 8] = [
            &|r, c| (r, c),
            &|r, c| (3 - r, c),
            &|r, c| (r, 3 - c),
            &|r, c| (3 - r, 3 - c),
            &|r, c| (c, r),
            &|r, c| (3 - c, r),
            &|r, c| (c, 3 - r),
            &|r, c| (3 - c, 3 - r),
        ];
        for squares in 1..1u64 << 16 {
            let form = grid.canonical(squares);
            assert_eq!(form.count_ones(), squares.count_ones());
            for symmetry in symmetries {
                assert_eq!(
                    grid.canonical(image(squares, symmetry)),
                    form,
                    "{squares:#x}"
                );
            }
            assert_eq!(grid.canonical(form), form);
            assert!(form & 0x000f != 0 && form & 0x1111 != 0, "{squares:#x}");
        }
    }

    /// The regions of `free` and how many of them there are once the twin blocks are cut,
    /// against the plain split's count.
    fn split_and_plain_count(grid: &Grid<u64>, free: u64) -> (Vec<u64>, usize) {
        let reduced = grid.reduced(free);
        let mut regions = Vec::new();
        grid.for_each_region(reduced, &mut |region| regions.push(region));
        let mut plain = 0;
        grid.for_each_linked_region(reduced, grid.has_right, &mut |_| plain += 1);
        (regions, plain)
    }

    /// The nim-value of the free squares `free` of `game` by the plain recursion.
    fn naive(
        game: &Cram,
        memo: &mut std::collections::HashMap<CramPosition, crate::values::Nimber>,
        free: u64,
    ) -> u32 {
        let options = |position: &CramPosition| game.options(position);
        crate::solver::naive_value_by(&CramPosition::from_bits(u128::from(free)), &options, memo)
            .value()
    }

    /// Asserts that the values of the regions `free` splits into, twin blocks cut, XOR to the
    /// whole position's by the plain recursion; whether the cut split it further than the
    /// plain split.
    fn split_keeps_value(
        game: &Cram,
        grid: &Grid<u64>,
        memo: &mut std::collections::HashMap<CramPosition, crate::values::Nimber>,
        free: u64,
    ) -> bool {
        let (regions, plain) = split_and_plain_count(grid, free);
        let parts = regions
            .iter()
            .fold(0, |value, &region| value ^ naive(game, memo, region));
        assert_eq!(
            parts,
            naive(game, memo, free),
            "{}x{} {free:#x} split into {regions:x?}",
            grid.rows,
            grid.cols
        );
        regions.len() > plain
    }

    /// Every position of every board of up to 16 squares: the regions the search splits it
    /// into, twin blocks cut, have values whose XOR is the position's, by the plain recursion
    /// on the whole board; and the cut splits thousands of them further than the plain split.
    #[test]
    fn cutting_twin_blocks_keeps_every_small_value() {
        let mut split_further = 0;
        for rows in 1..=16u32 {
            for cols in 1..=16 / rows {
                let game = Cram::new(BoardSize::new(rows, cols).unwrap()).unwrap();
                let grid = Grid::<u64>::new(rows, cols);
                let mut memo = std::collections::HashMap::new();
                for free in 0..=grid.all() {
                    split_further += usize::from(split_keeps_value(&game, &grid, &mut memo, free));
                }
            }
        }
        assert!(split_further > 5000, "{split_further}");
    }

    /// Random positions of boards of 20 to 36 squares, about two squares in three free: the
    /// regions' values XOR to the whole position's, by the plain recursion.
    #[test]
    fn cutting_twin_blocks_keeps_the_value_of_random_positions() {
        let mut seed = 0x853C_49E6_748F_EA9Bu64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut split_further = 0;
        for (rows, cols) in [(4, 5), (5, 5), (4, 6), (5, 6), (6, 6), (3, 8), (2, 12)] {
            let game = Cram::new(BoardSize::new(rows, cols).unwrap()).unwrap();
            let grid = Grid::<u64>::new(rows, cols);
            let mut memo = std::collections::HashMap::new();
            let mut checked = 0;
            while checked < 60 {
                let free = grid.all() & (random() | random()) & (random() | random() | random());
                if free.count_ones() > 22 {
                    continue;
                }
                checked += 1;
                split_further += usize::from(split_keeps_value(&game, &grid, &mut memo, free));
            }
        }
        assert!(split_further > 20, "{split_further}");
    }

    /// Every domino is visited once, on boards of one and two words.
    #[test]
    fn every_domino_is_visited_once_from_the_middle() {
        fn count<W: Word>(rows: u32, cols: u32) {
            let grid = Grid::<W>::new(rows, cols);
            let mut seen = Vec::new();
            grid.for_each_domino_from_the_middle(grid.all(), |domino| seen.push(domino));
            let expected = rows * (cols - 1) + (rows - 1) * cols;
            assert_eq!(seen.len() as u32, expected, "{rows}x{cols}");
            assert_eq!(grid.move_count(grid.all()), expected);
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len() as u32, expected);
        }
        for (rows, cols) in [(1, 1), (1, 64), (64, 1), (8, 8), (3, 7), (5, 1)] {
            count::<u64>(rows, cols);
        }
        for (rows, cols) in [(1, 128), (128, 1), (8, 16), (11, 11), (9, 13)] {
            count::<u128>(rows, cols);
        }
    }
}
