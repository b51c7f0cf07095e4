//! Sets of squares as fixed-width bit sets.
//!
//! `W` is the number of 64-bit words: 1 for boards of up to 64 squares, 2 up to 128, 4 up to 256.
//! The solver is monomorphised for each width so small boards pay for one word only.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of square indices below `64 * W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareSet<const W: usize>([u64; W]);

impl<const W: usize> Default for SquareSet<W> {
    fn default() -> Self {
        SquareSet::EMPTY
    }
}

impl<const W: usize> SquareSet<W> {
    /// The empty set.
    pub(crate) const EMPTY: SquareSet<W> = SquareSet([0; W]);

    /// The largest number of elements.
    pub(crate) const CAPACITY: usize = 64 * W;

    /// The set `{0, 1, ..., count - 1}`.
    ///
    /// # Panics
    /// When `count` exceeds the capacity: a caller error, not a user one.
    #[must_use]
    pub(crate) fn first_n(count: usize) -> SquareSet<W> {
        assert!(count <= Self::CAPACITY, "{count} squares exceed {W} words");
        let mut words = [0; W];
        for (i, word) in words.iter_mut().enumerate() {
            let low = i * 64;
            if count >= low + 64 {
                *word = u64::MAX;
            } else if count > low {
                *word = (1u64 << (count - low)) - 1;
            }
        }
        SquareSet(words)
    }

    /// The one-element set `{index}`.
    #[must_use]
    pub(crate) fn single(index: usize) -> SquareSet<W> {
        let mut set = SquareSet::EMPTY;
        set.insert(index);
        set
    }

    /// Adds `index`.
    #[inline]
    pub(crate) fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    /// Removes `index`.
    #[inline]
    pub(crate) fn remove(&mut self, index: usize) {
        self.0[index / 64] &= !(1 << (index % 64));
    }

    /// Whether `index` is in the set.
    #[inline]
    #[must_use]
    pub(crate) fn contains(&self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 == 1
    }

    /// Whether the set has no element.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// Whether every element of the set is in `other`. One OR of the words, with no early
    /// exit: the words are then tested in registers, not stored to be compared as a vector
    /// (which stalled the flood fill on store forwarding).
    #[inline]
    #[must_use]
    pub(crate) fn is_subset_of(&self, other: SquareSet<W>) -> bool {
        self.0
            .iter()
            .zip(other.0)
            .fold(0, |outside, (&word, covered)| outside | word & !covered)
            == 0
    }

    /// Calls `visit` with each connected part of the set, lowest element first, where two
    /// elements are joined when one is in the other's `reach` (a closed neighbourhood, say).
    #[inline]
    pub(crate) fn for_each_connected_part(
        self,
        mut reach: impl FnMut(usize) -> SquareSet<W>,
        mut visit: impl FnMut(SquareSet<W>),
    ) {
        let mut rest = self;
        while let Some(start) = rest.first() {
            let mut part = SquareSet::single(start);
            let mut frontier = part;
            // Once the part holds everything left, its frontier cannot add to it: stop there
            // rather than expanding the last frontier. In dense graphs (queens) the second
            // frontier usually reaches everything, and the third, the largest, is skipped.
            while !rest.is_subset_of(part) {
                let mut reached = SquareSet::EMPTY;
                frontier
                    .iter()
                    .for_each(|element| reached |= reach(element));
                let new = (reached & rest).without(part);
                if new.is_empty() {
                    break;
                }
                part |= new;
                frontier = new;
            }
            rest = rest.without(part);
            visit(part);
        }
    }

    /// Number of elements.
    #[inline]
    #[must_use]
    pub(crate) fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// The least element, if any.
    #[inline]
    #[must_use]
    pub(crate) fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &word)| word != 0)
            .map(|(i, word)| i * 64 + word.trailing_zeros() as usize)
    }

    /// The greatest element, if any.
    #[inline]
    #[must_use]
    pub(crate) fn last(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, &word)| word != 0)
            .map(|(i, word)| i * 64 + 63 - word.leading_zeros() as usize)
    }

    /// The `len <= 64` bits starting at `start`, as a number (bit `start` lowest).
    #[inline]
    #[must_use]
    pub(crate) fn bits_at(&self, start: usize, len: usize) -> u64 {
        let (word, offset) = (start / 64, start % 64);
        let mut bits = self.0[word] >> offset;
        if offset != 0 && offset + len > 64 && word + 1 < W {
            bits |= self.0[word + 1] << (64 - offset);
        }
        if len < 64 {
            bits &= (1 << len) - 1;
        }
        bits
    }

    /// Whether the two sets share an element.
    #[inline]
    #[must_use]
    pub(crate) fn intersects(&self, other: &SquareSet<W>) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// Whether every element of `self` is in `other`.
    #[inline]
    #[must_use]
    pub(crate) fn is_subset(&self, other: &SquareSet<W>) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }

    /// The elements of `self` not in `other`.
    #[inline]
    #[must_use]
    pub(crate) fn without(self, other: SquareSet<W>) -> SquareSet<W> {
        let mut words = self.0;
        for (word, remove) in words.iter_mut().zip(other.0) {
            *word &= !remove;
        }
        SquareSet(words)
    }

    /// The same elements in a set of another width; elements past its capacity are dropped.
    #[must_use]
    pub fn resize<const V: usize>(self) -> SquareSet<V> {
        let mut words = [0; V];
        for (to, from) in words.iter_mut().zip(self.0) {
            *to = from;
        }
        SquareSet(words)
    }

    /// The image of the set under a map of indices (`table[i]` is the image of `i`), such as a
    /// [`Symmetry::permutation`](crate::board::Symmetry::permutation).
    #[must_use]
    pub(crate) fn permuted(&self, table: &[u16]) -> SquareSet<W> {
        self.iter().map(|index| usize::from(table[index])).collect()
    }

    /// The set whose raw words, least significant first, are `words`.
    #[must_use]
    pub(crate) const fn from_words(words: [u64; W]) -> SquareSet<W> {
        SquareSet(words)
    }

    /// The raw words, least significant first.
    #[must_use]
    pub(crate) const fn words(&self) -> &[u64; W] {
        &self.0
    }

    /// The elements in increasing order.
    #[inline]
    pub(crate) fn iter(&self) -> SquareSetIter<W> {
        SquareSetIter {
            words: self.0,
            word: 0,
        }
    }
}

impl<const W: usize> BitAnd for SquareSet<W> {
    type Output = SquareSet<W>;
    #[inline]
    fn bitand(mut self, other: SquareSet<W>) -> SquareSet<W> {
        self &= other;
        self
    }
}

impl<const W: usize> BitAndAssign for SquareSet<W> {
    #[inline]
    fn bitand_assign(&mut self, other: SquareSet<W>) {
        for (word, keep) in self.0.iter_mut().zip(other.0) {
            *word &= keep;
        }
    }
}

impl<const W: usize> BitOr for SquareSet<W> {
    type Output = SquareSet<W>;
    #[inline]
    fn bitor(mut self, other: SquareSet<W>) -> SquareSet<W> {
        self |= other;
        self
    }
}

impl<const W: usize> BitOrAssign for SquareSet<W> {
    #[inline]
    fn bitor_assign(&mut self, other: SquareSet<W>) {
        for (word, add) in self.0.iter_mut().zip(other.0) {
            *word |= add;
        }
    }
}

impl<const W: usize> Not for SquareSet<W> {
    type Output = SquareSet<W>;
    #[inline]
    fn not(self) -> SquareSet<W> {
        SquareSet(self.0.map(|word| !word))
    }
}

impl<const W: usize> FromIterator<usize> for SquareSet<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> SquareSet<W> {
        let mut set = SquareSet::EMPTY;
        for index in iter {
            set.insert(index);
        }
        set
    }
}

impl<const W: usize> IntoIterator for SquareSet<W> {
    type Item = usize;
    type IntoIter = SquareSetIter<W>;
    fn into_iter(self) -> SquareSetIter<W> {
        self.iter()
    }
}

/// Iterator over the elements of a [`SquareSet`], in increasing order.
#[derive(Clone, Debug)]
pub struct SquareSetIter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for SquareSetIter<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some(self.word * 64 + bits.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }

    /// A word at a time, each word's bits in a register: `for_each` and the other consuming
    /// adapters go through here, and run a good deal faster than repeated `next`, which keeps
    /// its place in memory between calls.
    #[inline]
    fn fold<B, F: FnMut(B, usize) -> B>(self, init: B, mut f: F) -> B {
        let mut accumulator = init;
        for word in self.word..W {
            let mut bits = self.words[word];
            while bits != 0 {
                accumulator = f(accumulator, word * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        accumulator
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_agree_with_a_vector_of_booleans() {
        let a: SquareSet<4> = (0..256).filter(|i| i % 3 == 0).collect();
        let b: SquareSet<4> = (0..256).filter(|i| i % 5 == 0).collect();
        let both: Vec<usize> = (a & b).iter().collect();
        assert_eq!(both, (0..256).filter(|i| i % 15 == 0).collect::<Vec<_>>());
        assert_eq!(
            (a | b).len(),
            (0..256).filter(|i| i % 3 == 0 || i % 5 == 0).count()
        );
        assert_eq!(a.without(b).len(), a.len() - both.len());
        assert_eq!(SquareSet::<4>::first_n(130).len(), 130);
        assert_eq!(SquareSet::<2>::first_n(128), !SquareSet::<2>::EMPTY);
        assert_eq!(b.first(), Some(0));
        assert_eq!(b.last(), Some(255));
        assert_eq!(a.last(), Some(255));
        assert_eq!(SquareSet::<2>::single(70).last(), Some(70));
        assert_eq!(b.bits_at(60, 12), 0b100_0010_0001);
        assert_eq!(SquareSet::<2>::single(100).first(), Some(100));
        assert!(SquareSet::<1>::single(3).is_subset(&SquareSet::first_n(4)));
    }
}
