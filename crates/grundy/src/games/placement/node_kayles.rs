//! The engine behind the placement games: Node Kayles on a piece's attack graph.
//!
//! A position is the set of squares still available (neither occupied nor attacked). Placing a
//! piece on `v` removes `v` and every square it attacks, so the options of a set `A` are
//! `A \ N[v]` for `v` in `A`. Only the available squares and the attacks among them matter, and
//! the attack relation of every piece here is unchanged by translation and by the eight
//! symmetries of the square grid. A connected component of available squares is therefore keyed
//! by its shape alone: translated to its bounding box and put in the least of its orientations.

use crate::board::{BoardSize, Symmetry, MAX_SQUARES};
use crate::solver::{mix_words, renumber, ImpartialGame, TableKey, DENSE_CAPACITY};
use crate::square_set::SquareSet;
use crate::values::Nimber;

use crate::board::Piece;

/// The fewest squares an option needs before [`NodeKayles::zero_seeking_rank`] looks at its
/// symmetry: the mirror replies matter in the first moves of a large board, where a wrong
/// guess costs most, and checking every small option would cost more than it saves.
const MIRROR_ORDER_SIZE: usize = 40;

/// The fewest squares a component needs before [`NodeKayles::mirror_strategy`] is tried.
const MIRROR_SIZE: usize = 20;

/// Node Kayles on the attack graph of one piece on one board, positions as `SquareSet<W>`.
#[derive(Clone, Debug)]
pub struct NodeKayles<const W: usize> {
    /// For each square, the square itself and every square the piece attacks from it.
    closed_neighbourhood: Vec<SquareSet<W>>,
    row: Vec<u16>,
    col: Vec<u16>,
    cols: usize,
    /// Board width, when the board fits in 16 x 16 and shapes can be keyed row by row.
    narrow_cols: Option<usize>,
    /// Whether the piece is the king, whose components are keyed without their later twins
    /// ([`ShapeKey::of_king_rows`]).
    is_king: bool,
}

impl<const W: usize> NodeKayles<W> {
    /// The attack graph of `piece` on `board`, which must fit in `W` words.
    #[must_use]
    pub fn new(piece: Piece, board: BoardSize) -> NodeKayles<W> {
        assert!(board.squares() <= SquareSet::<W>::CAPACITY);
        NodeKayles {
            closed_neighbourhood: piece.closed_neighbourhoods(board),
            row: board.all_squares().map(|s| s.row() as u16).collect(),
            col: board.all_squares().map(|s| s.col() as u16).collect(),
            cols: board.cols(),
            narrow_cols: (board.rows() <= 16 && board.cols() <= 16).then_some(board.cols()),
            is_king: piece == Piece::King,
        }
    }

    /// The squares removed by placing a piece on `square`.
    #[must_use]
    pub fn closed_neighbourhood(&self, square: usize) -> SquareSet<W> {
        self.closed_neighbourhood[square]
    }

    /// Whether `set` is a second-player win by mirror play: a symmetry of the grid that is an
    /// involution maps `set` onto itself and no square onto itself or onto a square it attacks.
    /// The second player answers every move with its mirror image, which is still free (the
    /// move did not attack it, and the symmetry maps attacks to attacks), and leaves a
    /// symmetric position again. This is how the first player wins the Queens game on an odd
    /// board after taking the centre (Jenrich (2014)), found here without search.
    fn mirror_strategy(&self, set: &SquareSet<W>) -> bool {
        let Some((top, bottom, left, right)) = self.bounding_box(set) else {
            return false;
        };
        let size = (bottom - top + 1, right - left + 1);
        Symmetry::INVOLUTIONS
            .into_iter()
            .filter(|symmetry| symmetry.keeps(size))
            .any(|symmetry| {
                set.iter().all(|square| {
                    let (r, c) = symmetry.map(
                        size,
                        (
                            usize::from(self.row[square]) - top,
                            usize::from(self.col[square]) - left,
                        ),
                    );
                    let mirror = (r + top) * self.cols + c + left;
                    set.contains(mirror) && !self.closed_neighbourhood[square].contains(mirror)
                })
            })
    }

    /// The first and last rows and columns of `set`; `None` when it is empty.
    fn bounding_box(&self, set: &SquareSet<W>) -> Option<(usize, usize, usize, usize)> {
        let (first, last) = (set.first()?, set.last()?);
        let (top, bottom) = (usize::from(self.row[first]), usize::from(self.row[last]));
        let (left, right) = match self.narrow_cols {
            Some(cols) => {
                let occupied = (top..=bottom).fold(0, |cols_used, row| {
                    cols_used | set.bits_at(row * cols, cols)
                });
                (
                    occupied.trailing_zeros() as usize,
                    63 - occupied.leading_zeros() as usize,
                )
            }
            None => set.iter().fold((usize::MAX, 0), |(left, right), square| {
                let col = usize::from(self.col[square]);
                (left.min(col), right.max(col))
            }),
        };
        Some((top, bottom, left, right))
    }

    /// Whether the half turn about the centre of `set`'s bounding box maps `set` onto itself.
    fn is_half_turn_symmetric(&self, set: &SquareSet<W>) -> bool {
        let Some((top, bottom, left, right)) = self.bounding_box(set) else {
            return true;
        };
        // Row-major numbering turns the half turn (r, c) -> (top + bottom - r, left + right - c)
        // into i -> centre_sum - i.
        let centre_sum = (top + bottom) * self.cols + left + right;
        set.iter().all(|square| set.contains(centre_sum - square))
    }

    /// The squares of `set` whose image under the half turn of the whole board is not in
    /// `set`: 0 for a set the half turn maps onto itself.
    fn half_turn_defect(&self, set: &SquareSet<W>) -> usize {
        let last = self.row.len() - 1;
        set.iter()
            .filter(|&square| !set.contains(last - square))
            .count()
    }

    fn is_clique(&self, set: SquareSet<W>) -> bool {
        set.iter()
            .all(|v| set.is_subset(&self.closed_neighbourhood[v]))
    }
}

impl<const W: usize> ImpartialGame for NodeKayles<W> {
    type Position = SquareSet<W>;
    type Key = ShapeKey<W>;

    #[inline]
    fn for_each_option(&self, available: &SquareSet<W>, mut visit: impl FnMut(SquareSet<W>)) {
        available
            .iter()
            .for_each(|square| visit(available.without(self.closed_neighbourhood[square])));
    }

    fn for_each_component(&self, available: &SquareSet<W>, visit: impl FnMut(SquareSet<W>)) {
        available.for_each_connected_part(|square| self.closed_neighbourhood[square], visit);
    }

    fn size(&self, component: &SquareSet<W>) -> usize {
        component.len()
    }

    fn key(&self, component: &SquareSet<W>) -> ShapeKey<W> {
        match self.narrow_cols {
            Some(cols) if self.is_king => ShapeKey::of_king_rows(component, cols),
            Some(cols) => ShapeKey::of_rows(component, cols),
            None => ShapeKey::of(component, &self.row, &self.col),
        }
    }

    fn key_words(&self, key: &ShapeKey<W>) -> Option<Vec<u64>> {
        Some(key.words())
    }

    fn key_from_words(&self, words: &[u64]) -> Option<ShapeKey<W>> {
        ShapeKey::from_words(words)
    }

    fn local_graph(
        &self,
        component: &SquareSet<W>,
        neighbourhoods: &mut [u64; DENSE_CAPACITY],
    ) -> Option<usize> {
        let mut scratch = [0u8; MAX_SQUARES];
        renumber(
            &self.closed_neighbourhood,
            component,
            &mut scratch,
            neighbourhoods,
        )
    }

    /// Mirror replies first, then the options nearest to symmetry. A large option that a half
    /// turn maps onto itself goes first: the player to move has just answered a move with its
    /// mirror image, and on even boards of the Queens game that reply is often the winning one
    /// (queens 16x16, first moves e1 and g1: 15.4 M and 18.0 M positions → 5.5 M and 4.7 M).
    /// The other large options follow by their size plus the squares whose image under the
    /// board's half turn they lack. When the mirror reply is missing or loses, the reply that
    /// restores most of the symmetry often wins: after b1, o8 (in the column of the mirror
    /// square o16), which the size alone ranks 144th of 209 (b1: 206 M positions → 29 M);
    /// after b1 g7, o16. It is only a guess: after c1 it prefers edge replies that lose, while
    /// the winning reply, h9, is central and ranked 34th (c1: 29 M → 81 M). The search takes
    /// turns between this order and the size, where h9 comes first (c1: 81 M → 21 M, b1:
    /// 29 M → 32 M).
    fn zero_seeking_rank(&self, option: &SquareSet<W>) -> u64 {
        let squares = option.len();
        if squares < MIRROR_ORDER_SIZE {
            return squares as u64;
        }
        if squares % 2 == 0 && self.is_half_turn_symmetric(option) {
            return 0;
        }
        (squares + self.half_turn_defect(option)) as u64
    }

    #[inline]
    fn known_value(&self, component: &SquareSet<W>) -> Option<Nimber> {
        // One move ends a clique; a connected set of at most two squares is one.
        let squares = component.len();
        match squares {
            0 => Some(Nimber::ZERO),
            1 | 2 => Some(Nimber::new(1)),
            3..=12 if self.is_clique(*component) => Some(Nimber::new(1)),
            // Mirror play is looked for only in large components, where it saves a search
            // worth the cost of looking: small ones are valued faster than checked. The mirror
            // pairs the squares off, so their number is even.
            MIRROR_SIZE.. if squares % 2 == 0 && self.mirror_strategy(component) => {
                Some(Nimber::ZERO)
            }
            _ => None,
        }
    }
}

/// `lines`, a set of squares given a row at a time (bit `c` of line `r` is the square in row `r`,
/// column `c`), written to `kept` without each square that has a twin before it in row-major
/// order, for the king's attacks: a square whose closed neighbourhood within the set is the
/// same as the twin's. Twins attack each other, so a square's twins before it are its
/// neighbours to the left, above left, above and above right, and two neighbours are twins
/// when no square of the set is in one's 3 × 3 block but not the other's. One square is kept of
/// each set of twins, the first.
fn without_later_king_twins(lines: &[u16], kept: &mut [u16]) {
    let line = |row: usize| lines.get(row).map_or(0, |&line| u32::from(line));
    // Each square with the squares left and right of it.
    let spread = |line: u32| line | line << 1 | line >> 1;
    for (row, kept) in kept.iter_mut().enumerate() {
        let here = line(row);
        let above = row.checked_sub(1).map_or(0, line);
        let two_above = row.checked_sub(2).map_or(0, line);
        let below = line(row + 1);
        // The squares of rows row - 1 to row + 1 in each column.
        let column_block = above | here | below;
        // Twin of the square to its left: columns c - 2 and c + 1 of those rows are empty.
        let left_twin = here & here << 1 & !(column_block << 2) & !(column_block >> 1);
        // Twin of the square above: the rows above that one and below this one are empty
        // within a column either side.
        let upper_twin = here & above & !spread(two_above) & !spread(below);
        // Twin of the square above left or above right: the row above that one and the row
        // below this one are empty across both blocks, and so are the columns beside the two
        // squares in their two rows.
        let both_rows = above | here;
        let upper_left_twin = here
            & above << 1
            & !(spread(two_above) << 1)
            & !spread(below)
            & !(both_rows << 2)
            & !(both_rows >> 1);
        let upper_right_twin = here
            & above >> 1
            & !(spread(two_above) >> 1)
            & !spread(below)
            & !(both_rows >> 2)
            & !(both_rows << 1);
        *kept = (here & !(left_twin | upper_twin | upper_left_twin | upper_right_twin)) as u16;
    }
}

/// A set of squares up to translation and the symmetries of the grid: the bits of its bounding
/// box (`height` × `width`, row-major) in the orientation that compares least.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShapeKey<const W: usize> {
    height: u16,
    width: u16,
    bits: [u64; W],
}

impl<const W: usize> ShapeKey<W> {
    /// The key of the empty set.
    const EMPTY: ShapeKey<W> = ShapeKey {
        height: 0,
        width: 0,
        bits: [0; W],
    };

    /// The key of `set` on a board of `cols <= 16` columns and at most 16 rows, computed a row
    /// at a time: the same key as [`ShapeKey::of`], several times faster.
    pub(super) fn of_rows(set: &SquareSet<W>, cols: usize) -> ShapeKey<W> {
        Self::least_of_rows(set, cols, Self::packed)
    }

    /// The key of a component of kings, `set`, on a board as for [`ShapeKey::of_rows`]: the
    /// least over the orientations of the image with its later twins left out
    /// ([`without_later_king_twins`]). What is left is the same game as `set`, so the key's
    /// bits still spell a set of squares of `set`'s value. Twins are common in kings' endgames
    /// (two squares between the same attacked blocks), and the shapes that differ only by them
    /// then share a key. Leaving them out of each image before taking the least keeps the key
    /// the same for every orientation of `set`: which twin is kept depends on the orientation.
    pub(super) fn of_king_rows(set: &SquareSet<W>, cols: usize) -> ShapeKey<W> {
        // Squares are twins in every orientation or in none, so a set found without twins in
        // the first image is keyed as it stands, as most are.
        let mut has_twins = None;
        Self::least_of_rows(set, cols, |lines, width| {
            if has_twins == Some(false) {
                return Self::packed(lines, width);
            }
            let mut kept = [0u16; 16];
            without_later_king_twins(lines, &mut kept[..lines.len()]);
            let kept = &kept[..lines.len()];
            has_twins = Some(kept != lines);
            Self::trimmed(kept, width)
        })
    }

    /// The least `key(lines, width)` over the flat orientations of `set`, each given as its
    /// lines of bits, a line a row of the image.
    fn least_of_rows(
        set: &SquareSet<W>,
        cols: usize,
        mut key: impl FnMut(&[u16], usize) -> ShapeKey<W>,
    ) -> ShapeKey<W> {
        let (Some(first), Some(last)) = (set.first(), set.last()) else {
            return ShapeKey::EMPTY;
        };
        let (top, bottom) = (first / cols, last / cols);
        let height = bottom - top + 1;
        let mut rows = [0u16; 16];
        let mut occupied_cols = 0u16;
        for (i, row) in rows[..height].iter_mut().enumerate() {
            *row = set.bits_at((top + i) * cols, cols) as u16;
            occupied_cols |= *row;
        }
        let left = occupied_cols.trailing_zeros();
        let width = (16 - occupied_cols.leading_zeros() - left) as usize;
        let mut columns = [0u16; 16];
        for (i, row) in rows[..height].iter_mut().enumerate() {
            *row >>= left;
            let mut bits = *row;
            while bits != 0 {
                columns[bits.trailing_zeros() as usize] |= 1 << i;
                bits &= bits - 1;
            }
        }
        // Each symmetry as bit operations on whole lines: a transposing one reads the columns
        // as lines, flipping the rows reverses the order of the lines and flipping the columns
        // reverses the bits of each line.
        Symmetry::least_flat_image((height, width), |symmetry, (h, w)| {
            let lines = if symmetry.transposes() {
                &columns
            } else {
                &rows
            };
            let mut image = [0u16; 16];
            for (i, line) in image[..h].iter_mut().enumerate() {
                *line = if symmetry.flips_rows() {
                    lines[h - 1 - i]
                } else {
                    lines[i]
                };
                if symmetry.flips_cols() {
                    *line = line.reverse_bits() >> (16 - w);
                }
            }
            key(&image[..h], w)
        })
    }

    /// The key whose box is `lines.len()` × `width` with these lines, the first at the top.
    fn packed(lines: &[u16], width: usize) -> ShapeKey<W> {
        let mut bits = [0u64; W];
        for (i, &line) in lines.iter().enumerate() {
            let offset = i * width;
            let (word, shift) = (offset / 64, offset % 64);
            bits[word] |= u64::from(line) << shift;
            if shift + width > 64 {
                bits[word + 1] |= u64::from(line) >> (64 - shift);
            }
        }
        ShapeKey {
            height: lines.len() as u16,
            width: width as u16,
            bits,
        }
    }

    /// [`ShapeKey::packed`] of `lines` moved into their own bounding box: leaving squares out
    /// can empty the first or last lines or columns.
    fn trimmed(lines: &[u16], width: usize) -> ShapeKey<W> {
        let Some(top) = lines.iter().position(|&line| line != 0) else {
            return ShapeKey::EMPTY;
        };
        let bottom = lines.iter().rposition(|&line| line != 0).unwrap_or(top);
        let occupied = lines.iter().fold(0, |cols, &line| cols | line);
        let left = occupied.trailing_zeros() as usize;
        let used = 16 - occupied.leading_zeros() as usize - left;
        if (top, bottom + 1, left, used) == (0, lines.len(), 0, width) {
            return Self::packed(lines, width);
        }
        let mut moved = [0u16; 16];
        for (to, &line) in moved.iter_mut().zip(&lines[top..=bottom]) {
            *to = line >> left;
        }
        Self::packed(&moved[..=bottom - top], used)
    }

    /// The key of `set`, whose squares have the given rows and columns, a square at a time.
    pub(super) fn of(set: &SquareSet<W>, rows: &[u16], cols: &[u16]) -> ShapeKey<W> {
        if set.is_empty() {
            return ShapeKey::EMPTY;
        }
        let mut cells = [(0u16, 0u16); MAX_SQUARES];
        let mut count = 0;
        let (mut top, mut bottom, mut left, mut right) = (u16::MAX, 0, u16::MAX, 0);
        for square in set.iter() {
            let (r, c) = (rows[square], cols[square]);
            cells[count] = (r, c);
            count += 1;
            top = top.min(r);
            bottom = bottom.max(r);
            left = left.min(c);
            right = right.max(c);
        }
        let cells = &mut cells[..count];
        for cell in cells.iter_mut() {
            *cell = (cell.0 - top, cell.1 - left);
        }
        let (height, width) = (bottom - top + 1, right - left + 1);
        let size = (usize::from(height), usize::from(width));
        Symmetry::least_flat_image(size, |symmetry, (h, w)| {
            let mut bits = [0u64; W];
            for &(r, c) in cells.iter() {
                let (r, c) = symmetry.map(size, (usize::from(r), usize::from(c)));
                let index = r * w + c;
                bits[index / 64] |= 1 << (index % 64);
            }
            ShapeKey {
                height: h as u16,
                width: w as u16,
                bits,
            }
        })
    }
}

impl<const W: usize> ShapeKey<W> {
    /// The key as words: the height and width, then the bits of the bounding box.
    fn words(&self) -> Vec<u64> {
        std::iter::once(u64::from(self.height) << 16 | u64::from(self.width))
            .chain(self.bits)
            .collect()
    }

    /// The key [`ShapeKey::words`] wrote; `None` for words that are not a shape of `W` words:
    /// the wrong number of them, a box larger than the bits, or bits outside the box.
    fn from_words(words: &[u64]) -> Option<ShapeKey<W>> {
        let (&size, bits) = words.split_first()?;
        let (height, width) = (u16::try_from(size >> 16).ok()?, (size & 0xffff) as u16);
        let cells = usize::from(height) * usize::from(width);
        if bits.len() != W || cells > 64 * W || (cells == 0 && size != 0) {
            return None;
        }
        let mut key = ShapeKey {
            height,
            width,
            bits: [0; W],
        };
        key.bits.copy_from_slice(bits);
        let outside = key.bits.iter().enumerate().any(|(index, &word)| {
            let first = index * 64;
            let inside = cells.saturating_sub(first).min(64);
            inside < 64 && word >> inside != 0
        });
        (!outside).then_some(key)
    }
}

impl<const W: usize> TableKey for ShapeKey<W> {
    #[inline]
    fn hash64(&self) -> u64 {
        mix_words(
            u64::from(self.height) << 16 | u64::from(self.width),
            &self.bits,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The set of the squares at `(row, column)` on `board`.
    fn cells<const W: usize>(board: BoardSize, squares: &[(usize, usize)]) -> SquareSet<W> {
        squares
            .iter()
            .map(|&(r, c)| board.index_of(board.square(r, c).unwrap()))
            .collect()
    }

    fn random_set<const W: usize>(seed: u64, squares: usize) -> SquareSet<W> {
        // A cheap generator is enough: shapes of every density and place.
        let mut state = seed | 1;
        let density = (seed % 7) as u32 + 1;
        (0..squares)
            .filter(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state % 8) < u64::from(density)
            })
            .collect()
    }

    /// The squares of `set` that have a twin before them, from the definition: an earlier
    /// square whose closed neighbourhood within `set` is the same.
    fn later_twins_by_definition(game: &NodeKayles<4>, set: SquareSet<4>) -> SquareSet<4> {
        set.iter()
            .filter(|&square| {
                let reach = game.closed_neighbourhood(square) & set;
                (0..square).any(|earlier| {
                    set.contains(earlier) && game.closed_neighbourhood(earlier) & set == reach
                })
            })
            .collect()
    }

    /// `set` on `board` a row at a time, as [`ShapeKey::of_king_rows`] reads it.
    fn lines_of(set: &SquareSet<4>, board: BoardSize) -> Vec<u16> {
        (0..board.rows())
            .map(|row| set.bits_at(row * board.cols(), board.cols()) as u16)
            .collect()
    }

    proptest! {
        /// The kings' twins found a row at a time are the twins by definition.
        #[test]
        fn king_twins_found_by_rows_are_twins_by_definition(seed in any::<u64>(), rows in 1usize..=16, cols in 1usize..=16) {
            let board = BoardSize::new(rows as u32, cols as u32).unwrap();
            let game = NodeKayles::<4>::new(Piece::King, board);
            let set: SquareSet<4> = random_set(seed, board.squares());
            let lines = lines_of(&set, board);
            let mut kept = vec![0u16; rows];
            without_later_king_twins(&lines, &mut kept);
            let expected = set.without(later_twins_by_definition(&game, set));
            prop_assert_eq!(kept, lines_of(&expected, board));
        }

        /// Every image of a set of kings under the symmetries of its board, moved anywhere on
        /// the board, has the set's key, and so has the set without a later twin, the same
        /// game (when taking it out leaves the same set in some orientation, which the key
        /// finds whichever orientation it is given).
        #[test]
        fn king_keys_are_the_same_for_every_image(seed in any::<u64>(), side in 1usize..=10, shift in 0usize..6) {
            let board = BoardSize::new(side as u32, side as u32).unwrap();
            let set: SquareSet<4> = random_set(seed, board.squares());
            let key = ShapeKey::of_king_rows(&set, side);
            let large = BoardSize::new(16, 16).unwrap();
            for symmetry in Symmetry::ALL {
                let image: SquareSet<4> = set
                    .iter()
                    .map(|square| {
                        let (row, col) = symmetry.map((side, side), (square / side, square % side));
                        large.index_of(large.square(row + shift, col + shift).unwrap())
                    })
                    .collect();
                prop_assert_eq!(ShapeKey::of_king_rows(&image, 16), key);
            }
        }
    }

    #[test]
    fn kings_between_the_same_blocks_share_a_key() {
        let board = BoardSize::new(8, 8).unwrap();
        let kings = NodeKayles::<1>::new(Piece::King, board);
        let at = |squares: &[(usize, usize)]| -> SquareSet<1> { cells(board, squares) };
        // A strip two squares wide is a path of columns: each column's two squares are twins.
        let strip = at(&[
            (0, 0),
            (1, 0),
            (0, 1),
            (1, 1),
            (0, 2),
            (1, 2),
            (0, 3),
            (1, 3),
        ]);
        let path = at(&[(0, 0), (0, 1), (0, 2), (0, 3)]);
        assert_eq!(kings.key(&strip), kings.key(&path));
        assert_eq!(kings.key(&path).words(), [1 << 16 | 4, 0b1111]);
        // The knight's graph has no twins but isolated pairs: its keys are the shapes.
        let knights = NodeKayles::<1>::new(Piece::Knight, board);
        assert_ne!(knights.key(&strip), knights.key(&path));
        // Squares that attack each other but not the same squares are all kept.
        let bent = at(&[(0, 0), (0, 1), (1, 2), (2, 3)]);
        assert_eq!(kings.key(&bent), ShapeKey::of_rows(&bent, 8));
        let corner = at(&[(0, 0), (0, 1), (0, 2), (1, 2)]);
        assert_eq!(
            kings.key(&corner),
            kings.key(&at(&[(0, 0), (0, 1), (0, 2)]))
        );
    }

    proptest! {
        /// The row-at-a-time key equals the square-at-a-time reference on every board shape.
        #[test]
        fn row_keys_equal_square_keys(seed in any::<u64>(), rows in 1usize..=16, cols in 1usize..=16) {
            let board = BoardSize::new(rows as u32, cols as u32).unwrap();
            let game = NodeKayles::<4>::new(Piece::Queen, board);
            let set: SquareSet<4> = random_set(seed, board.squares());
            prop_assert_eq!(ShapeKey::of_rows(&set, cols), ShapeKey::of(&set, &game.row, &game.col));
            if board.squares() <= 64 {
                let small: SquareSet<1> = set.resize();
                let game = NodeKayles::<1>::new(Piece::Queen, board);
                prop_assert_eq!(ShapeKey::of_rows(&small, cols), ShapeKey::of(&small, &game.row, &game.col));
            }
        }
    }

    proptest! {
        /// A shape key written as words reads back as itself, at every width.
        #[test]
        fn shape_keys_read_back_from_their_words(seed in any::<u64>(), rows in 1usize..=16, cols in 1usize..=16) {
            let board = BoardSize::new(rows as u32, cols as u32).unwrap();
            let set: SquareSet<4> = random_set(seed, board.squares());
            let key = ShapeKey::of_rows(&set, cols);
            prop_assert_eq!(ShapeKey::<4>::from_words(&key.words()), Some(key));
        }
    }

    /// The words of a few lopsided shapes, pinned: the files of facts keep shapes as these
    /// words, so a change to how shapes are keyed (their orientation, the order of their
    /// bits) must fail here, and then raise `checkpoint::FACTS_FORMAT` so that facts written
    /// before are refused rather than taken for other shapes. (Keying kings without their
    /// later twins needed no new format: a key's words still spell a set of squares, and a
    /// fact read back is about that set, whichever components were keyed by it.)
    #[test]
    fn the_words_of_shape_keys_are_pinned() {
        let narrow = BoardSize::new(8, 8).unwrap();
        let wide = BoardSize::new(5, 20).unwrap();
        let knights = NodeKayles::<4>::new(Piece::Knight, narrow);
        let wide_knights = NodeKayles::<4>::new(Piece::Knight, wide);
        let kings = NodeKayles::<4>::new(Piece::King, narrow);
        let wide_kings = NodeKayles::<4>::new(Piece::King, wide);
        // An L of four and a lopsided five, on a board keyed row by row and on one keyed
        // square by square.
        let l_shape = [(2, 3), (3, 3), (4, 3), (4, 4)];
        let five = [(0, 1), (1, 0), (1, 1), (1, 2), (2, 2)];
        for (game, board) in [
            (&knights, narrow),
            (&wide_knights, wide),
            (&kings, narrow),
            (&wide_kings, wide),
        ] {
            assert_eq!(
                game.key(&cells(board, &five)).words(),
                [3 << 16 | 3, 0b001_111_010, 0, 0, 0]
            );
        }
        for (game, board) in [
            (&knights, narrow),
            (&wide_knights, wide),
            (&wide_kings, wide),
        ] {
            assert_eq!(
                game.key(&cells(board, &l_shape)).words(),
                [2 << 16 | 3, 0b001_111, 0, 0, 0]
            );
        }
        // The foot of the L is two twins for kings: keyed as the line of three left.
        assert_eq!(
            kings.key(&cells(narrow, &l_shape)).words(),
            [1 << 16 | 3, 0b111, 0, 0, 0]
        );
    }

    #[test]
    fn words_that_are_no_shape_key_are_refused() {
        let key = ShapeKey::<1>::of_rows(&SquareSet::<1>::first_n(5), 3);
        assert_eq!(key.words(), vec![2 << 16 | 3, 0b11111]);
        assert_eq!(ShapeKey::<1>::from_words(&key.words()), Some(key));
        for words in [
            &[][..],
            &[2 << 16 | 3][..],
            &[2 << 16 | 3, 0b11111, 0][..],
            // A bit outside its 2 x 3 box.
            &[2 << 16 | 3, 0b1000000][..],
            // A box larger than one word.
            &[9 << 16 | 9, 1][..],
            &[1 << 32 | 1, 1][..],
            // No box, but bits.
            &[0, 1][..],
        ] {
            assert_eq!(ShapeKey::<1>::from_words(words), None, "{words:?}");
        }
        assert_eq!(
            ShapeKey::<1>::from_words(&[0, 0]),
            Some(ShapeKey::of_rows(&SquareSet::<1>::EMPTY, 3))
        );
    }

    /// The half turn's index arithmetic (`centre_sum - i`, `last - i`) is the fast form of
    /// [`Symmetry::HALF_TURN`]: checked against it on every board up to 6x6.
    #[test]
    fn half_turn_index_arithmetic_is_the_half_turn() {
        for rows in 1..=6 {
            for cols in 1..=6 {
                let board = BoardSize::new(rows, cols).unwrap();
                let game = NodeKayles::<1>::new(Piece::King, board);
                for seed in 0..200u64 {
                    let set: SquareSet<1> = random_set(seed * 7919 + 1, board.squares());
                    let image = |square: usize, size, (top, left)| {
                        let s = board.square_at(square);
                        let (r, c) = Symmetry::HALF_TURN.map(size, (s.row() - top, s.col() - left));
                        board.index_of(board.square(r + top, c + left).unwrap())
                    };
                    let whole = ((board.rows(), board.cols()), (0, 0));
                    let defect = set
                        .iter()
                        .filter(|&s| !set.contains(image(s, whole.0, whole.1)))
                        .count();
                    assert_eq!(game.half_turn_defect(&set), defect, "{board}");
                    let symmetric = match game.bounding_box(&set) {
                        None => true,
                        Some((top, bottom, left, right)) => set.iter().all(|s| {
                            let size = (bottom - top + 1, right - left + 1);
                            set.contains(image(s, size, (top, left)))
                        }),
                    };
                    assert_eq!(game.is_half_turn_symmetric(&set), symmetric, "{board}");
                }
            }
        }
    }

    #[test]
    fn the_centre_queen_on_an_odd_board_leaves_a_mirror_win() {
        let board = BoardSize::new(9, 9).unwrap();
        let game = NodeKayles::<2>::new(Piece::Queen, board);
        let centre = board.index_of(board.square(4, 4).unwrap());
        let after = SquareSet::first_n(81).without(game.closed_neighbourhood(centre));
        assert!(game.mirror_strategy(&after));
        assert_eq!(game.known_value(&after), Some(Nimber::ZERO));
        // Off the centre the half turn maps the first queen's lines elsewhere.
        let corner = SquareSet::first_n(81).without(game.closed_neighbourhood(0));
        assert!(!game.mirror_strategy(&corner));
        // Knights on an even board: a square and its mirror are never a knight's move apart.
        let board = BoardSize::new(4, 4).unwrap();
        let knights = NodeKayles::<1>::new(Piece::Knight, board);
        assert!(knights.mirror_strategy(&SquareSet::first_n(16)));
    }

    #[test]
    fn mirror_replies_go_first_and_near_mirrors_next() {
        let board = BoardSize::new(16, 16).unwrap();
        let game = NodeKayles::<4>::new(Piece::Queen, board);
        let square = |name: &str| board.index_of(board.parse_square(name).unwrap());
        let after = |moves: &[&str]| {
            moves.iter().fold(SquareSet::first_n(256), |set, name| {
                set.without(game.closed_neighbourhood(square(name)))
            })
        };
        let rank = |moves: &[&str]| game.zero_seeking_rank(&after(moves));
        // b1 answered by its image under the half turn, o16; then g9 answered by its image, j8.
        assert_eq!(rank(&["b1", "o16"]), 0);
        assert_eq!(rank(&["b1", "o16", "g9", "j8"]), 0);
        // Any other reply, or the pair with one move more, breaks the symmetry.
        assert!(rank(&["b1", "n16"]) > 0);
        assert!(rank(&["b1", "o16", "g9"]) > 0);
        // Among the others, b1's winning reply o8 (nearly symmetric) goes before the central g7,
        // which leaves fewer squares but loses.
        assert!(after(&["b1", "o8"]).len() > after(&["b1", "g7"]).len());
        assert!(rank(&["b1", "o8"]) < rank(&["b1", "g7"]));
        // After b1 g7, o16 restores most of the symmetry and goes first.
        let third_moves = after(&["b1", "g7"]);
        let best = third_moves
            .iter()
            .min_by_key(|&third| {
                game.zero_seeking_rank(&third_moves.without(game.closed_neighbourhood(third)))
            })
            .unwrap();
        assert_eq!(best, square("o16"));
        // Small options are ranked by size alone: their search is cheaper than the check.
        let corner = SquareSet::<4>::first_n(2) | SquareSet::single(16) | SquareSet::single(17);
        assert!(game.is_half_turn_symmetric(&corner));
        assert_eq!(game.zero_seeking_rank(&corner), 4);
        // The exact test is about the set's own bounding box, wherever the set lies.
        let shifted: SquareSet<4> = [square("k9"), square("l10"), square("k11"), square("j10")]
            .into_iter()
            .collect();
        assert!(game.is_half_turn_symmetric(&shifted));
        let lopsided: SquareSet<4> = [square("k9"), square("l10"), square("k11")]
            .into_iter()
            .collect();
        assert!(!game.is_half_turn_symmetric(&lopsided));
        assert_eq!(game.half_turn_defect(&SquareSet::first_n(256)), 0);
        assert_eq!(game.half_turn_defect(&lopsided), 3);
    }

    #[test]
    fn shapes_that_are_moved_or_turned_share_a_key() {
        let board = BoardSize::new(8, 8).unwrap();
        let game = NodeKayles::<1>::new(Piece::Knight, board);
        let at = |squares: &[(usize, usize)]| -> SquareSet<1> { cells(board, squares) };
        // An L-tromino in four places and orientations.
        let shapes = [
            at(&[(0, 0), (1, 0), (1, 1)]),
            at(&[(5, 5), (5, 6), (6, 5)]),
            at(&[(2, 7), (3, 7), (3, 6)]),
            at(&[(6, 1), (6, 2), (7, 2)]),
        ];
        let key = game.key(&shapes[0]);
        for shape in shapes {
            assert_eq!(game.key(&shape), key);
        }
        assert_ne!(game.key(&at(&[(0, 0), (0, 1), (0, 2)])), key);
        assert_eq!(ShapeKey::of_rows(&shapes[1], 8), key);
        assert_ne!(game.key(&at(&[(0, 0), (1, 1), (1, 2)])), key);
    }
}
