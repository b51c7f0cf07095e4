//! Splitting a Cram position into independent regions, and keying a region by its shape.
//!
//! Two free squares are in one region when a chain of possible dominoes joins them; a free
//! square with no free neighbour can never be covered and belongs to none. A region's value
//! depends only on its shape, so its key is the least of its eight images under the
//! symmetries of the grid, each moved to the top left corner: the same key on any board.

use super::{Cram, CramPosition};
use crate::solver::{mix_words, TableKey};

/// The shape of a region of free squares, the same for every image of it under the eight
/// symmetries of the grid and every translation, on any board: its squares packed row by
/// row into `width` bits a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct CramKey {
    bits: u128,
    width: u8,
}

impl TableKey for CramKey {
    #[inline]
    fn hash64(&self) -> u64 {
        mix_words(
            u64::from(self.width),
            &[self.bits as u64, (self.bits >> 64) as u64],
        )
    }
}

impl CramKey {
    /// The squares, packed row by row.
    #[must_use]
    pub(crate) const fn bits(self) -> u128 {
        self.bits
    }

    /// The width of a row of [`CramKey::bits`].
    #[must_use]
    pub(crate) const fn width(self) -> usize {
        self.width as usize
    }
}

/// The most rows a region's bounding box can have (a 128×1 board).
const MAX_ROWS: usize = 128;

/// A shape as rows of bits, the first row first and its first column the lowest bit.
struct Rows {
    rows: [u128; MAX_ROWS],
    height: usize,
    width: usize,
}

impl Rows {
    /// The region `squares` of `cram`'s board, moved to the top left corner of its box.
    fn of_region(cram: &Cram, squares: u128) -> Rows {
        let cols = cram.board().cols();
        let top = squares.trailing_zeros() as usize / cols;
        let bottom = (127 - squares.leading_zeros() as usize) / cols;
        let row_mask = cram.first_row();
        let mut rows = [0u128; MAX_ROWS];
        let mut columns = 0;
        for (index, row) in (top..=bottom).enumerate() {
            let bits = squares >> (row * cols) & row_mask;
            rows[index] = bits;
            columns |= bits;
        }
        let left = columns.trailing_zeros();
        let height = bottom - top + 1;
        for row in &mut rows[..height] {
            *row >>= left;
        }
        Rows {
            rows,
            height,
            width: (128 - columns.leading_zeros() - left) as usize,
        }
    }

    /// Whether the player to move loses by a mirror strategy: the shape is its own image under
    /// the half turn about its box's centre or the reflection in one of its middle lines, and
    /// no domino meets its image (see [`super::symmetry_settlement`]). Every square must have a free
    /// neighbour (dead squares taken out), so that any free square is part of a domino.
    fn loses_to_a_mirror(&self) -> bool {
        let (height, width) = (self.height, self.width);
        let rows = &self.rows[..height];
        let shift = 128 - width as u32;
        let reversed = |row: u128| row.reverse_bits() >> shift;
        let (middle_row, middle_col) = (height / 2, width / 2);
        let bit = |row: usize, col: usize| rows[row] >> col & 1 == 1;
        // The half turn: a domino meets its image only on the centre of the box.
        let centre_covered = match (height % 2, width % 2) {
            (0, 0) => false,
            (0, _) => bit(middle_row - 1, middle_col) && bit(middle_row, middle_col),
            (_, 0) => bit(middle_row, middle_col - 1) && bit(middle_row, middle_col),
            _ => bit(middle_row, middle_col),
        };
        if !centre_covered && (0..height).all(|row| rows[row] == reversed(rows[height - 1 - row])) {
            return true;
        }
        // The reflection in the horizontal middle line: no square on that line (a middle row
        // of an odd box) and no domino down across it.
        if height % 2 == 0
            && rows[middle_row - 1] & rows[middle_row] == 0
            && (0..height).all(|row| rows[row] == rows[height - 1 - row])
        {
            return true;
        }
        // The reflection in the vertical middle line, likewise.
        width % 2 == 0
            && rows
                .iter()
                .all(|&row| row == reversed(row) && row >> (middle_col - 1) & 0b11 != 0b11)
    }

    /// The shape mirrored in its main diagonal.
    fn transposed(&self) -> Rows {
        let mut rows = [0u128; MAX_ROWS];
        for (index, &row) in self.rows[..self.height].iter().enumerate() {
            let mut bits = row;
            while bits != 0 {
                let col = bits.trailing_zeros() as usize;
                rows[col] |= 1 << index;
                bits &= bits - 1;
            }
        }
        Rows {
            rows,
            height: self.width,
            width: self.height,
        }
    }

    /// The least of the four images that keep the rows rows: as it is, upside down, mirrored
    /// left to right, and both.
    fn least_image(&self) -> CramKey {
        let shift = 128 - self.width as u32;
        let reversed = |row: u128| row.reverse_bits() >> shift;
        let rows = &self.rows[..self.height];
        let pack = |row_of: &dyn Fn(usize) -> u128| {
            (0..self.height).fold(0u128, |bits, index| {
                bits | row_of(index) << (index * self.width)
            })
        };
        let last = self.height - 1;
        let images = [
            pack(&|index| rows[index]),
            pack(&|index| rows[last - index]),
            pack(&|index| reversed(rows[index])),
            pack(&|index| reversed(rows[last - index])),
        ];
        CramKey {
            bits: images.into_iter().min().expect("four images"),
            width: self.width as u8,
        }
    }
}

impl Cram {
    /// The free squares `free` with squares taken out that change no value (Beling and
    /// Rogalski's reductions): of several squares whose only free neighbour is one square
    /// (tufts hanging on it, of which one domino covers at most one and kills the rest), all
    /// but one; and a square all of whose free neighbours are such star centres and that is
    /// neither a tuft nor a centre itself.
    #[inline]
    pub(crate) fn reduced(&self, free: u128) -> u128 {
        let cols = self.board().cols() as u32;
        // The free squares with a free neighbour below, above, to the right, to the left.
        let below = free & free.checked_shr(cols).unwrap_or(0);
        let above = free & free.checked_shl(cols).unwrap_or(0);
        let right = free & self.has_right() & (free >> 1);
        let left = free & self.has_left() & (free << 1);
        let two_or_more = (below & above)
            | (below & right)
            | (below & left)
            | (above & right)
            | (above & left)
            | (right & left);
        let tufts = (below | above | right | left) & !two_or_more;
        if tufts == 0 {
            return free & !self.isolated_among(free, free);
        }
        // The centre each tuft hangs on; a tuft whose centre already has one is dropped.
        let mut reduced = free;
        let mut centres =
            free & tufts.checked_shl(cols).unwrap_or(0) & below.checked_shl(cols).unwrap_or(0);
        let right_centres = free & ((tufts & right) << 1);
        reduced &= !((centres & right_centres) >> 1);
        centres |= right_centres;
        let above_centres = free & (tufts & above).checked_shr(cols).unwrap_or(0);
        reduced &= !(centres & above_centres).checked_shl(cols).unwrap_or(0);
        centres |= above_centres;
        let left_centres = free & ((tufts & left) >> 1);
        reduced &= !((centres & left_centres) << 1);
        centres |= left_centres;
        // Bridges: squares that are neither, with no free neighbour that is neither.
        let others = free & !(tufts | centres);
        reduced & !self.isolated_among(others, others)
    }

    /// The squares of `squares` with no neighbour in `among`.
    #[inline]
    fn isolated_among(&self, squares: u128, among: u128) -> u128 {
        squares & !self.neighbours(among)
    }

    /// Calls `visit` with each region of `position` in which a domino can still be put: the
    /// position is their sum. Squares with no free neighbour are left out, and so are the
    /// squares that change no value (see `Cram::reduced`): the regions' sum has the position's value, but
    /// they may hold fewer squares.
    #[inline]
    pub(crate) fn for_each_component(
        &self,
        position: &CramPosition,
        visit: impl FnMut(CramPosition),
    ) {
        self.for_each_region(self.reduced(position.bits()), visit);
    }

    /// The regions of `position`'s free squares in which a domino can still be put, each a
    /// game of its own, as a person sees them: unlike [`Cram::for_each_component`]'s, with
    /// every free square that has a free neighbour.
    #[must_use]
    pub(crate) fn free_regions(&self, position: &CramPosition) -> Vec<CramPosition> {
        let mut regions = Vec::new();
        self.for_each_region(position.bits(), |region| regions.push(region));
        regions
    }

    /// Calls `visit` with each region of the squares `free` joined side to side, squares with
    /// no neighbour in `free` left out.
    #[inline]
    fn for_each_region(&self, free: u128, mut visit: impl FnMut(CramPosition)) {
        // Squares with a free neighbour: the others are dead.
        let mut rest = free & self.neighbours(free);
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = region | (self.neighbours(region) & rest);
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest ^= region;
            visit(CramPosition::from_bits(region));
        }
    }

    /// The regions of `position`, as [`Cram::for_each_component`] finds them.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn components(&self, position: &CramPosition) -> Vec<CramPosition> {
        let mut regions = Vec::new();
        self.for_each_component(position, |region| regions.push(region));
        regions
    }

    /// The key of `region`'s shape: equal for regions that are images of one another under a
    /// symmetry of the grid and a translation, on any board.
    #[must_use]
    pub(crate) fn key(&self, region: &CramPosition) -> CramKey {
        if region.bits() == 0 {
            return CramKey { bits: 0, width: 0 };
        }
        let rows = Rows::of_region(self, region.bits());
        let straight = rows.least_image();
        let turned = rows.transposed().least_image();
        straight.min(turned)
    }

    /// Whether the player to move loses `position` by a mirror strategy, seen without search:
    /// its live squares are their own image under a half turn or a reflection in a middle
    /// line of their box, and no domino meets its image (see [`super::symmetry_settlement`]). The
    /// board plays no part: the strategy needs only the free squares to be symmetric.
    #[must_use]
    pub(crate) fn loses_to_a_mirror(&self, position: &CramPosition) -> bool {
        let live = position.bits() & self.neighbours(position.bits());
        live == 0 || Rows::of_region(self, live).loses_to_a_mirror()
    }

    /// Whether `squares` touches the first row and the first column: a region moved to the
    /// top left corner.
    #[cfg(test)]
    fn is_in_corner(&self, squares: u128) -> bool {
        squares & self.first_row() != 0 && squares & self.first_col() != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardSize, Symmetry};
    use crate::values::Nimber;

    fn cram(board: &str) -> Cram {
        Cram::new(board.parse().unwrap()).unwrap()
    }

    /// The image of `squares` under `symmetry` of a square board.
    fn image(board: BoardSize, symmetry: Symmetry, squares: u128) -> u128 {
        let permutation = symmetry.permutation(board);
        (0..board.squares())
            .filter(|&index| squares >> index & 1 == 1)
            .fold(0, |image, index| image | 1 << permutation[index])
    }

    /// Calls `check` on every position of every board of up to 12 squares, with the board's
    /// rules and the plain recursion's value of any position of it (remembered board by board).
    fn for_every_small_position(
        mut check: impl FnMut(&Cram, CramPosition, &mut dyn FnMut(&CramPosition) -> Nimber),
    ) {
        for rows in 1..=12u32 {
            for cols in 1..=12 / rows {
                let game = Cram::new(BoardSize::new(rows, cols).unwrap()).unwrap();
                let options = |position: &CramPosition| game.options(position);
                let mut memo = std::collections::HashMap::new();
                let mut value = |position: &CramPosition| {
                    crate::solver::naive_value_by(position, &options, &mut memo)
                };
                for free in 0..=game.empty().bits() {
                    check(&game, CramPosition::from_bits(free), &mut value);
                }
            }
        }
    }

    /// Every position of every board of up to 12 squares that a mirror settles is a loss for
    /// the player to move; the even boards' empty positions are among them.
    #[test]
    fn a_mirror_loss_is_a_loss_on_every_small_position() {
        let mut settled = 0;
        for_every_small_position(|game, position, value| {
            let board = game.board();
            if game.loses_to_a_mirror(&position) {
                assert_eq!(
                    value(&position),
                    Nimber::ZERO,
                    "{board} {}",
                    game.format_position(&position)
                );
                settled += 1;
            }
            if position == game.empty() {
                let (rows, cols) = (board.rows(), board.cols());
                assert_eq!(
                    game.loses_to_a_mirror(&position),
                    rows % 2 == 0 && cols % 2 == 0 || rows * cols == 1,
                    "{board}"
                );
            }
        });
        assert!(settled > 1000, "{settled}");
    }

    /// Every position of every board of up to 12 squares keeps its value when reduced.
    #[test]
    fn reductions_keep_the_value_of_every_small_position() {
        let mut reduced = 0;
        for_every_small_position(|game, position, value| {
            let free = position.bits();
            let smaller = CramPosition::from_bits(game.reduced(free));
            assert_eq!(smaller.bits() & !free, 0);
            let live = free & game.neighbours(free);
            if smaller.bits() & live != live {
                reduced += 1;
            }
            assert_eq!(
                value(&smaller),
                value(&position),
                "{} {} reduced to {}",
                game.board(),
                game.format_position(&position),
                game.format_position(&smaller)
            );
        });
        assert!(reduced > 1000, "{reduced}");
    }

    #[test]
    fn regions_are_the_free_squares_joined_by_dominoes() {
        let game = cram("3x5");
        let position = game.parse_position("..#.#/#.#.#/.#..#").unwrap();
        let regions: Vec<String> = game
            .components(&position)
            .iter()
            .map(|region| game.format_position(region))
            .collect();
        assert_eq!(
            regions,
            ["..###/#####/#####", "###.#/###.#/##..#"],
            "the lone square a3 is dead, and of a1 and b2, which hang on b1, one is dropped"
        );
        assert!(game
            .components(&game.parse_position(".#.#./#.#.#/.#.#.").unwrap())
            .is_empty());
        assert_eq!(game.components(&game.empty()).len(), 1);
    }

    /// Every set of squares of a 4x4 board: its key is that of each of its images under the
    /// board's symmetries and of the set moved, and the key's shape is the set's.
    #[test]
    fn keys_forget_symmetry_and_translation_and_nothing_else() {
        let game = cram("4x4");
        let board = game.board();
        let mut shapes = std::collections::HashMap::new();
        for squares in 1..1u128 << 16 {
            let key = game.key(&CramPosition::from_bits(squares));
            for symmetry in Symmetry::of_board(board) {
                let image = image(board, symmetry, squares);
                assert_eq!(game.key(&CramPosition::from_bits(image)), key);
            }
            assert_eq!(key.bits().count_ones(), squares.count_ones());
            if game.is_in_corner(squares) {
                // Sets in the corner with one key are images of one another.
                let orbit: Vec<u128> = Symmetry::of_board(board)
                    .map(|symmetry| image(board, symmetry, squares))
                    .collect();
                let first = *shapes.entry(key).or_insert(squares);
                let moved = |set: u128| {
                    let mut set = set;
                    while set & game.first_row() == 0 {
                        set >>= 4;
                    }
                    while set & game.first_col() == 0 {
                        set >>= 1;
                    }
                    set
                };
                assert!(
                    orbit.iter().any(|&other| moved(other) == first),
                    "{squares:#x} and {first:#x} share a key"
                );
            }
        }
        // A shape keeps its key on another board.
        let wide = cram("2x7");
        let narrow = cram("7x2");
        let l_across = wide.parse_position("..#####/.######").unwrap();
        let l_down = narrow.parse_position("##/##/##/##/#./../##").unwrap();
        assert_eq!(wide.key(&l_across), narrow.key(&l_down));
    }
}
