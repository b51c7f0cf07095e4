//! The sparse pairs of a block of heaps, marked before the block is computed: on a second
//! thread while the block before it is finished, or in turn on one.
//!
//! The windowed method ([`super`]) spends about two fifths of its time marking, for
//! every heap, the nim-sum of each sparse heap's value with its partner's. A pair whose
//! partner lies before the block does not wait for the heaps of the block, so the marks of a
//! whole block can be made from values already known; only the pairs of the few smallest
//! sparse heaps, whose partners lie within the block or the one before it, are left to the
//! heap itself. The marks are the same bytes whichever thread makes them, so the values do not
//! depend on the threads.

use std::ops::Range;

use crate::games::heap::sparse_space::{collect_breaks, mark_sparse_pairs};

/// The most bytes of marks a block holds (heaps times the table of values): a block of heaps
/// is this over the values' limit, from [`MIN_BLOCK`] to [`MAX_BLOCK`] heaps.
pub(super) const BLOCK_BYTES: usize = 1 << 20;

/// The fewest heaps in a block.
const MIN_BLOCK: usize = 16;

/// The most heaps in a block: the pairs left to the heap itself are those of sparse heaps up
/// to about twice this, so a smaller block leaves fewer; a larger one hands over less often.
const MAX_BLOCK: usize = 512;

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
}

/// One block's marks: for each heap of `heaps`, a table of `stride` flags holding the nim-sum
/// of every pair of a sparse heap and a partner below `known_end`.
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
}

impl BlockMarks {
    /// A block of `heaps` to be marked from the values `known` (heaps `known_start..` up to
    /// the block's `known_end`), reusing this one's buffers.
    ///
    /// `known` must reach back to `heaps.start` less the most tokens a split takes and the
    /// largest sparse heap.
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
            for &(rest, _) in &self.breaks {
                // Sparse heaps whose partner `rest - s` is known: `s > rest - known_end`.
                let first = marker
                    .sparse
                    .partition_point(|&small| small + self.known_end <= rest);
                let usable = marker.sparse.partition_point(|&small| small < rest);
                if first >= usable {
                    continue;
                }
                let (sparse, values) = (
                    &marker.sparse[first..usable],
                    &marker.sparse_values[first..usable],
                );
                let below = &self.values[..rest - self.values_start];
                mark_sparse_pairs(sparse, values, (rest, below), marker.unequal_parts, seen);
            }
        }
    }
}
