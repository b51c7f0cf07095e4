//! The pairs of a block of heaps whose partners are already known, marked before the block is
//! computed: on a second thread while the blocks before it are finished.
//!
//! The windowed method ([`super`]) spends about two fifths of its time marking, for
//! every heap, the nim-sum of each sparse heap's value with its partner's, and about as much
//! marking its first pairs from the small end. A pair whose partner lies before the block does
//! not wait for the heaps of the block, so those marks of a whole block can be made from values
//! already known: the pairs of every sparse heap but the few smallest, and the pairs from the
//! small end past the first few hundred (their partners too lie before the block). What is
//! left to the heap itself is the pairs whose partners lie within the block or the
//! [`BLOCKS_AHEAD`](super::BLOCKS_AHEAD) before it. A mark is a value some option reaches whichever thread makes it, so the values do not
//! depend on the threads.

use std::ops::Range;

use crate::games::heap::sparse_space::{
    collect_breaks, mark_pairs, mark_sparse_pairs, partners, COMPACT_LIMIT,
};

/// The smaller parts `a` of the break of `rest` tokens (whose smaller part is at most `last`)
/// whose pairs from the small end are marked ahead: those whose partner `rest - a` is below
/// `known_end`, up to `premarked_end`. Empty (`0..0`) when there are none.
pub(super) fn premarked_parts(
    rest: usize,
    last: usize,
    known_end: usize,
    premarked_end: usize,
) -> Range<usize> {
    let first = (rest + 1).saturating_sub(known_end).max(1);
    let end = last.min(premarked_end) + 1;
    if first < end {
        first..end
    } else {
        0..0
    }
}

/// The smaller parts of `parts` that the heap marks itself: all but those marked `ahead`
/// ([`premarked_parts`]), as two ranges, either or both empty.
pub(super) fn parts_left_to_the_heap(
    parts: Range<usize>,
    ahead: &Range<usize>,
) -> [Range<usize>; 2] {
    if ahead.is_empty() {
        return [parts, 0..0];
    }
    [
        parts.start..parts.end.min(ahead.start),
        parts.start.max(ahead.end)..parts.end,
    ]
}

/// The most bytes of marks a block holds (heaps times the table of values): a block of heaps
/// is this over the values' limit, from [`MIN_BLOCK`] to [`MAX_BLOCK`] heaps.
pub(super) const BLOCK_BYTES: usize = 1 << 20;

/// The fewest heaps in a block.
const MIN_BLOCK: usize = 16;

/// The most heaps in a block: the pairs left to the heap itself are those whose partners lie
/// up to about three blocks back, so a smaller block leaves fewer; a larger one hands over
/// less often (128 heaps waited on the handing over more than they saved).
const MAX_BLOCK: usize = 256;

/// How many heaps a block holds when the values are below `limit`.
pub(super) fn block_heaps(limit: u32) -> usize {
    (BLOCK_BYTES / limit as usize).clamp(MIN_BLOCK, MAX_BLOCK)
}

/// What marking needs of the game, fixed for a run: a copy of the sequence's own, so that
/// the sequence can go on while a block is marked.
pub(super) struct SparseMarker {
    /// The sparse heaps, increasing, and their values.
    pub sparse: Vec<usize>,
    pub sparse_values: Vec<u32>,
    /// The tokens a move that splits the rest takes.
    pub take_split: Vec<usize>,
    pub unequal_parts: bool,
    /// The values of heaps `0..=premarked_end`, the smaller parts of the pairs from the small
    /// end marked ahead.
    pub small_values: Vec<u16>,
    /// The last smaller part whose pairs are marked ahead: every heap marks its pairs from the
    /// small end this far at least (within the window's reach).
    pub premarked_end: usize,
}

/// One block's marks: for each heap of `heaps`, a table of `stride` flags holding the nim-sum
/// of every pair of a sparse heap and a partner below `known_end`, and of the pairs from the
/// small end whose partners are below it ([`premarked_parts`]).
#[derive(Default)]
pub(super) struct BlockMarks {
    heaps: Range<usize>,
    known_end: usize,
    /// The values of heaps `values_start..known_end`, then room up to the block's end (never
    /// read) so that a break's values end where the break does, as [`mark_sparse_pairs`] reads
    /// them: told instead where the values start, its loop ran 10 % slower.
    values_start: usize,
    values: Vec<u16>,
    stride: usize,
    marks: Vec<bool>,
    breaks: Vec<(usize, usize)>,
    /// A table of every 16-bit value, into which the pairs from the small end are marked
    /// without a bounds check (as [`mark_pairs`] marks them), then folded into the heap's
    /// row; empty until first needed.
    scratch: Vec<bool>,
}

impl BlockMarks {
    /// A block of `heaps` to be marked from the values `known` (heaps `known_start..` up to
    /// the block's `known_end`), reusing this one's buffers.
    ///
    /// `known` must reach back to `heaps.start` less the most tokens a split takes and the
    /// larger of the largest sparse heap and the last smaller part marked ahead.
    pub(super) fn refill(
        &mut self,
        heaps: Range<usize>,
        known_start: usize,
        known: &[u16],
        limit: u32,
    ) {
        self.known_end = known_start + known.len();
        self.values_start = known_start;
        self.values.clear();
        // Exactly: grown by the extension and then the resize, the buffer would double.
        self.values.reserve_exact(heaps.end - known_start);
        self.values.extend_from_slice(known);
        self.values.resize(heaps.end - known_start, 0);
        self.stride = limit as usize;
        self.heaps = heaps;
    }

    /// A block of `heaps` with no pair marked, for a heap that marks all of its own.
    pub(super) fn nothing_marked(heaps: Range<usize>) -> BlockMarks {
        BlockMarks {
            heaps,
            known_end: 1,
            ..BlockMarks::default()
        }
    }

    /// The heaps marked.
    pub(super) fn heaps(&self) -> Range<usize> {
        self.heaps.clone()
    }

    /// A pair of a sparse heap `s` and its partner `rest - s` is marked when `rest - s <
    /// known_end` (at least 1: a partner is never empty).
    pub(super) fn known_end(&self) -> usize {
        self.known_end
    }

    /// The marks of `heap`, one flag per value below the limit when the block was made (none
    /// when nothing is marked).
    pub(super) fn of(&self, heap: usize) -> &[bool] {
        let row = (heap - self.heaps.start) * self.stride;
        &self.marks[row..row + self.stride]
    }

    /// Marks every heap of the block.
    pub(super) fn mark(&mut self, marker: &SparseMarker) {
        self.marks.clear();
        self.marks.resize(self.heaps.len() * self.stride, false);
        for heap in self.heaps.clone() {
            collect_breaks(
                heap,
                &marker.take_split,
                marker.unequal_parts,
                &mut self.breaks,
            );
            let row = (heap - self.heaps.start) * self.stride;
            let seen = &mut self.marks[row..row + self.stride];
            let mut scratch_used = false;
            for &(rest, last) in &self.breaks {
                // Sparse heaps whose partner `rest - s` is known: `s > rest - known_end`.
                let first = marker
                    .sparse
                    .partition_point(|&small| small + self.known_end <= rest);
                let usable = marker.sparse.partition_point(|&small| small < rest);
                if first < usable {
                    let (sparse, values) = (
                        &marker.sparse[first..usable],
                        &marker.sparse_values[first..usable],
                    );
                    let below = &self.values[..rest - self.values_start];
                    mark_sparse_pairs(sparse, values, (rest, below), marker.unequal_parts, seen);
                }
                let ahead = premarked_parts(rest, last, self.known_end, marker.premarked_end);
                if !ahead.is_empty() {
                    let partners = partners(rest, &ahead, self.values_start);
                    if self.scratch.is_empty() {
                        self.scratch = vec![false; COMPACT_LIMIT];
                    }
                    let scratch: &mut [bool; COMPACT_LIMIT] = (&mut self.scratch[..])
                        .try_into()
                        .expect("as long as every 16-bit value");
                    mark_pairs(&marker.small_values[ahead], &self.values[partners], scratch);
                    scratch_used = true;
                }
            }
            if scratch_used {
                // Every nim-sum of values below the limit is below it: the rest is untouched.
                for (mark, scratched) in seen.iter_mut().zip(&mut self.scratch[..self.stride]) {
                    *mark |= std::mem::take(scratched);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The parts marked ahead are pairs of the break whose partners are known, within the
        /// stretch marked ahead; with those the heap marks itself, every part of a run of
        /// parts is marked, and none twice.
        #[test]
        fn the_parts_marked_ahead_and_by_the_heap_are_each_part_once(
            rest in 2usize..3000,
            known_end in 1usize..3000,
            premarked_end in 0usize..1100,
            run in (1usize..1600, 0usize..200),
        ) {
            let last = rest / 2;
            let ahead = premarked_parts(rest, last, known_end, premarked_end);
            for part in ahead.clone() {
                prop_assert!(part >= 1 && part <= last.min(premarked_end));
                prop_assert!(rest - part < known_end);
            }
            for part in 1..=last.min(premarked_end) {
                prop_assert_eq!(ahead.contains(&part), rest - part < known_end);
            }
            let parts = run.0..run.0 + run.1;
            let left = parts_left_to_the_heap(parts.clone(), &ahead);
            for part in parts {
                let times = left.iter().filter(|range| range.contains(&part)).count()
                    + usize::from(ahead.contains(&part));
                prop_assert_eq!(times, 1, "part {} of {:?}, ahead {:?}", part, left, ahead);
            }
        }
    }
}
