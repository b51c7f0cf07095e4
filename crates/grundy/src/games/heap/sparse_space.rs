//! The sparse-space method that computes a nim-sequence fast, and the kernels it and the
//! windowed sequence share (marking pairs, scanning for a missing value).
//!
//! The reference computation takes the mex over every move, which costs O(n) per heap because a
//! heap of `n` tokens can be broken in about `n/2` ways. The fast one uses the *sparse space*
//! phenomenon (Berlekamp; Flammenkamp's octal-game computations): for a suitable bit mask `m`,
//! call a value *even* or *odd* by the parity of the 1-bits of `value & m`. The nim-sum of two
//! values of the same class is even, of different classes odd. In most octal games the values of
//! one class turn up only at a few heap sizes (the *sparse* positions), so:
//! - every odd value a break can reach is `g(a) ^ g(b)` with `a` sparse: enumerating the sparse
//!   positions finds all of them, exactly, in O(#sparse) per heap;
//! - an even value below that mex is usually reached by some pair of common positions soon
//!   after a short scan, so only the rare heaps whose own value is even need a full scan.
//!
//! The split into classes may also depend on the parity of the heap size ("sparse in the
//! domain"); the mask and the kind of split are chosen by measuring which leaves the fewest
//! expensive heaps. The answer never depends on that choice, only the speed does.
//!
//! Some games (0.007) have no mask that makes a class rare; there the sparse pass would cost
//! O(n) scattered steps per heap, so it is dropped when a cost estimate says so. Either way a
//! heap marks the nim-sums of a prefix of its breaks (a store per pair), and then *verifies* the
//! values still missing in increasing order instead of marking the rest: a candidate `v` is
//! checked by a branch-free scan of `g(a) ^ g(rest - a) == v` over the remaining pairs, on the
//! 16-bit values in blocks (the parts `rest - a` read backwards within a block) so that the
//! compiler vectorises it, stopping at the first block with a hit. The first candidate no pair
//! reaches is the mex; every heap still scans all its breaks once, for its own value, but at a
//! few times the speed of marking.

use std::ops::Range;

use super::heap_values::StoredValue;
use super::rule::TakeBreak;
use crate::report::RareValues;
use crate::values::Nimber;

/// How many recent values are looked at to choose a mask.
const MASK_WINDOW: usize = 4096;

/// Mask bits considered: masks are subsets of the lowest this-many bits.
const MASK_BITS: u32 = 10;

/// Knobs of the fast method. They change its speed, never a value: the tests turn them to
/// extremes to send small heaps down every path.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tuning {
    /// Heaps computed by the reference method before the sparse-space method takes over and
    /// picks its mask from what it has seen (at least 1).
    pub(super) naive_prefix: usize,
    /// Smaller parts per break that a heap marks at least before its remaining candidates are
    /// verified by scans.
    pub(super) early_pairs: usize,
    /// Without the sparse pass, the share of each heap's smaller parts, in 256ths, marked
    /// before the candidates left are verified.
    pub(super) marked_share: usize,
    /// How the options from breaks into two heaps are found.
    pub(super) breaks: Breaks,
    /// Keep every value in 32 bits from the start, as after a value past 16 bits: the way
    /// without the vector scans, which the tests reach on small heaps this way.
    pub(super) wide: bool,
}

/// How [`SparseSpace`] finds the options from breaks into two heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// Only the tests force a way.
#[cfg_attr(not(test), allow(dead_code))]
pub(super) enum Breaks {
    /// Whichever of the two below the cost estimate favours, decided again with each mask.
    Cheapest,
    /// Every break involving a sparse heap is enumerated, so that only values two common
    /// heaps can make need a scan.
    Sparse,
    /// No sparse pass: every candidate below the mex is marked or verified by a scan.
    VerifyAll,
}

impl Tuning {
    /// Measured on 0.007, 0.6 and Grundy's game to 10^5 and 10^6 (docs/PERFORMANCE.md).
    pub(super) const DEFAULT: Tuning = Tuning {
        naive_prefix: 2048,
        early_pairs: 4096,
        marked_share: 64,
        breaks: Breaks::Cheapest,
        wide: false,
    };
}

/// Pairs marked between checks of whether every candidate has turned up.
pub(super) const MARK_BLOCK: usize = 64;

/// The cost of one step of the sparse pass (a scattered read and a store) in pairs of a heap
/// without it (which marks a quarter of its pairs and scans the rest for its candidates), set
/// by measuring 0.6, 0.007 and Grundy's game on x86-64 with SSE2. Used only to choose between
/// the two ways.
const SPARSE_STEP_IN_PAIRS: usize = 10;

/// Values below this fit the byte table that the 16-bit scans mark.
pub(super) const COMPACT_LIMIT: usize = 1 << 16;

/// The state of the sparse-space method: which values are "even", which positions are sparse.
pub(super) struct SparseSpace {
    pub(super) mask: u32,
    /// Whether the class of a position also flips with the parity of the heap size.
    pub(super) domain: bool,
    /// The class (see [`SparseSpace::class_of`]) of the sparse positions.
    pub(super) sparse_class: bool,
    /// Whether each heap enumerates its breaks that involve a sparse heap. Without this pass
    /// (for games where no mask makes one class rare) every candidate below the mex is
    /// verified by scanning.
    sparse_pass: bool,
    /// The sparse heap sizes, ascending, all at least 1, when the sparse pass needs them.
    pub(super) sparse: Vec<usize>,
    /// Their values.
    pub(super) sparse_values: Vec<u32>,
    /// How many heaps (from 0) are of the sparse class, and the last of them.
    pub(super) sparse_heaps: usize,
    pub(super) last_sparse: Option<usize>,
    /// Numbers of tokens a move may take leaving nothing, one heap, or two heaps.
    pub(super) take_all: Vec<usize>,
    pub(super) take_one: Vec<usize>,
    pub(super) take_split: Vec<usize>,
    pub(super) unequal_parts: bool,
    /// One more than the largest value so far, rounded up to a power of two: no nim-sum of
    /// values seen reaches it.
    pub(super) limit: u32,
    /// The values reached by the options of the current heap, by value; at least
    /// [`COMPACT_LIMIT`] long, so that a 16-bit nim-sum needs no bounds check.
    seen: Vec<bool>,
    /// The class of each value as long as `seen` ([`parity`] under the mask): the least missing
    /// value of the class two common heaps cannot make is found eight values at a time.
    odd: Vec<bool>,
    /// The breaks of the current heap: the heap left after taking and the largest smaller part.
    breaks: Vec<(usize, usize)>,
    tuning: Tuning,
}

/// The class of every value below `length` under `mask`: the table
/// [`first_missing_unmade`] reads.
pub(super) fn classes(length: usize, mask: u32) -> Vec<bool> {
    (0..length as u32)
        .map(|value| parity(value, mask))
        .collect()
}

/// The breaks of `rest` tokens whose smaller part `a` runs over `smaller` (parts are never
/// empty, so `smaller.start ≥ 1`): the values `g(a)` in order, and the values `g(rest - a)` as
/// they lie, so that `low[k]` pairs with `high[high.len() - 1 - k]`. Both are read at
/// increasing addresses, which keeps the scans over them vectorised without a reversed copy
/// of the values (which would double the memory of a long run).
fn pairs(values: &[u16], rest: usize, smaller: Range<usize>) -> (&[u16], &[u16]) {
    let high = partners(rest, &smaller, 0);
    (&values[smaller], &values[high])
}

/// Where the values `g(rest - a)` of the partners of the smaller parts `a` in `smaller` lie,
/// in increasing order, in a slice of values that starts at heap `first` (as [`pairs`] and
/// the windowed sequence read them).
pub(super) fn partners(rest: usize, smaller: &Range<usize>, first: usize) -> Range<usize> {
    rest + 1 - smaller.end - first..rest + 1 - smaller.start - first
}

/// Marks the nim-sum of every pair `(low[k], high[high.len() - 1 - k])`: one store per pair,
/// with no bounds check and no dependency between pairs.
pub(super) fn mark_pairs(low: &[u16], high: &[u16], seen: &mut [bool; COMPACT_LIMIT]) {
    // Eight nim-sums by one vector instruction (and a shuffle), then eight independent stores.
    const LANES: usize = 8;
    let groups = low.chunks_exact(LANES).zip(high.rchunks_exact(LANES));
    for (low, high) in groups {
        let mut sums = [0u16; LANES];
        for ((sum, &a), &b) in sums.iter_mut().zip(low).zip(high.iter().rev()) {
            *sum = a ^ b;
        }
        for sum in sums {
            seen[usize::from(sum)] = true;
        }
    }
    let tail = low.len() - low.len() % LANES;
    let high_tail = &high[..high.len() - tail];
    for (&a, &b) in low[tail..].iter().zip(high_tail.iter().rev()) {
        seen[usize::from(a ^ b)] = true;
    }
}

/// Marks in `seen` the nim-sum of each sparse heap's value with its partner's, for one break
/// of `rest` tokens whose values end `below`: the sparse heap `sparse[k]`, of value
/// `sparse_values[k]`, pairs with the heap of `rest - sparse[k]` tokens, whose value is at
/// `below.len() - sparse[k]` (every sparse heap is at least 1 and its partner within `below`,
/// which may start past heap 0). Two equal parts are no break when the parts must differ
/// (`unequal_parts`): the part `rest / 2` is then left out.
///
/// A function of its own, over slices, so that the compiler knows the stores into `seen`
/// cannot change the slices read: written inline over the fields of the sequence's state, each
/// byte stored made it load the fields' addresses again, and the pass took twice as long.
pub(super) fn mark_sparse_pairs<V: StoredValue>(
    sparse: &[usize],
    sparse_values: &[u32],
    (rest, below): (usize, &[V]),
    unequal_parts: bool,
    seen: &mut [bool],
) {
    if unequal_parts && rest % 2 == 0 {
        if let Ok(at) = sparse.binary_search(&(rest / 2)) {
            let (before, after) = (..at, at + 1..);
            let break_of = (rest, below);
            mark_sparse_pairs(
                &sparse[before],
                &sparse_values[before],
                break_of,
                false,
                seen,
            );
            mark_sparse_pairs(
                &sparse[after.clone()],
                &sparse_values[after],
                break_of,
                false,
                seen,
            );
            return;
        }
    }
    let partners = sparse.iter().map(|&small| below[below.len() - small].get());
    for (partner, &value) in partners.zip(sparse_values) {
        seen[(partner ^ value) as usize] = true;
    }
}

/// Pairs checked by one step of a verification scan, which stops after the first block with a
/// hit.
const VERIFY_BLOCK: usize = 128;

/// Whether some pair `(low[k], high[high.len() - 1 - k])` has nim-sum `target`: how many
/// pairs were read, to the end of the block holding the first that has (`None`: none has).
/// Each block of pairs is folded without a branch per pair, which the compiler turns into
/// vector instructions (eight pairs to an SSE2 instruction, the high run reversed by
/// shuffles); the only branch is per block.
pub(super) fn pairs_read_to_reach(low: &[u16], high: &[u16], target: u16) -> Option<usize> {
    let block_reaches = |low: &[u16], high: &[u16]| {
        let mut hit = false;
        for (&a, &b) in low.iter().zip(high.iter().rev()) {
            hit |= a ^ b == target;
        }
        hit
    };
    let blocks = low
        .chunks_exact(VERIFY_BLOCK)
        .zip(high.rchunks_exact(VERIFY_BLOCK));
    for (read, (low, high)) in (VERIFY_BLOCK..).step_by(VERIFY_BLOCK).zip(blocks) {
        if block_reaches(low, high) {
            return Some(read);
        }
    }
    let tail = low.len() - low.len() % VERIFY_BLOCK;
    block_reaches(&low[tail..], &high[..high.len() - tail]).then_some(low.len())
}

/// The least value in `from..end` missing from `seen`.
pub(super) fn first_missing(seen: &[bool], from: u32, end: u32) -> Option<u32> {
    let range = &seen[from as usize..end.max(from) as usize];
    let mut chunks = range.chunks_exact(8);
    let mut offset = from;
    for chunk in chunks.by_ref() {
        let missing = !flag_bytes(chunk) & ONE_IN_EACH_BYTE;
        if missing != 0 {
            return Some(offset + missing.trailing_zeros() / 8);
        }
        offset += 8;
    }
    let tail = chunks.remainder().iter().position(|&reached| !reached)?;
    Some(offset + tail as u32)
}

/// The least value below `end` missing from `seen` that two common heaps cannot make either,
/// where `made[c]` says whether they make values of class `c` (`odd[value]`) for this heap:
/// none when they make both classes.
pub(super) fn first_missing_unmade(
    seen: &[bool],
    odd: &[bool],
    made: [bool; 2],
    end: u32,
) -> Option<u32> {
    match made {
        [true, true] => None,
        [false, false] => first_missing(seen, 0, end),
        [even_made, _] => first_missing_of_class(seen, odd, even_made, end),
    }
}

/// The least value below `end` missing from `seen` whose class (`odd[value]`) is `class`.
fn first_missing_of_class(seen: &[bool], odd: &[bool], class: bool, end: u32) -> Option<u32> {
    let end = end as usize;
    let other_class = if class { 0 } else { ONE_IN_EACH_BYTE };
    let mut offset = 0;
    for (seen, odd) in seen[..end].chunks_exact(8).zip(odd[..end].chunks_exact(8)) {
        let missing = !flag_bytes(seen) & (flag_bytes(odd) ^ other_class) & ONE_IN_EACH_BYTE;
        if missing != 0 {
            return Some(offset + missing.trailing_zeros() / 8);
        }
        offset += 8;
    }
    (offset as usize..end)
        .find(|&value| !seen[value] && odd[value] == class)
        .map(|value| value as u32)
}

const ONE_IN_EACH_BYTE: u64 = 0x0101_0101_0101_0101;

/// Eight flags as the bytes of a word, the first lowest: the scans for a missing value test
/// eight values at a time.
fn flag_bytes(flags: &[bool]) -> u64 {
    u64::from_le_bytes(std::array::from_fn(|k| u8::from(flags[k])))
}

/// The breaks of `heap` into two parts, as `(rest, last)`: `taken` tokens removed (for each of
/// `take_split`), the rest split into a smaller part `1..=last` and `rest` minus it. Replaces
/// what `breaks` held.
pub(super) fn collect_breaks(
    heap: usize,
    take_split: &[usize],
    unequal_parts: bool,
    breaks: &mut Vec<(usize, usize)>,
) {
    breaks.clear();
    for &taken in take_split {
        if heap >= taken + 2 {
            let rest = heap - taken;
            // Two equal parts are no break when the parts must differ.
            let last = if unequal_parts && rest % 2 == 0 {
                rest / 2 - 1
            } else {
                rest / 2
            };
            if last >= 1 {
                breaks.push((rest, last));
            }
        }
    }
}

pub(super) fn parity(value: u32, mask: u32) -> bool {
    (value & mask).count_ones() & 1 == 1
}

impl SparseSpace {
    /// Picks the mask and kind of split that make the fewest of the recent heaps expensive,
    /// sorts the heaps computed so far into sparse and common, and decides whether the sparse
    /// pass pays.
    ///
    /// The mask `in_use` wins ties. The window of recent heaps cannot tell how many sparse heaps
    /// a mask has in the whole history, and when the recent values are few (a sequence settling
    /// into its period, like 0.376 near 2 million) many masks tie at no expensive heap: a
    /// stranger among them can make a quarter of a million heaps sparse and every later heap
    /// cost a scan of all its breaks (0.376 took 80 s from 2.1 to 2.2 million instead of 0.3 s).
    /// [`SparseSpace::choose`] with the sparse pass on whatever it costs, for a computation
    /// that cannot scan every break (the windowed sequence keeps too few values for that).
    pub(super) fn choose_with_sparse_pass(rule: &TakeBreak, values: &[u16]) -> SparseSpace {
        let tuning = Tuning {
            breaks: Breaks::Sparse,
            ..Tuning::DEFAULT
        };
        SparseSpace::choose(rule, values, &tuning, None)
    }

    pub(super) fn choose<V: StoredValue>(
        rule: &TakeBreak,
        values: &[V],
        tuning: &Tuning,
        in_use: Option<(u32, bool)>,
    ) -> SparseSpace {
        let takes = |bit: u8| -> Vec<usize> {
            (0..=rule.max_taken().unwrap_or(0))
                .filter(|&taken| rule.digit(taken) & bit != 0)
                .collect()
        };
        let take_split = takes(4);
        let largest = values.iter().map(|v| v.get()).max().unwrap_or(0);
        let bits = (32 - largest.leading_zeros()).min(MASK_BITS);
        let window_start = values.len().saturating_sub(MASK_WINDOW).max(1);
        let mut best = (usize::MAX, usize::MAX, 0u32, false);
        let mut kept = None;
        for domain in [false, true] {
            for mask in 0..(1u32 << bits) {
                let expensive = (window_start..values.len())
                    .filter(|&heap| {
                        let class = parity(values[heap].get(), mask);
                        take_split.iter().any(|&taken| {
                            heap >= taken + 2 && class == (domain && (heap - taken) % 2 == 1)
                        })
                    })
                    .count();
                let odd = (window_start..values.len())
                    .filter(|&heap| Self::class_of(values[heap].get(), heap, mask, domain))
                    .count();
                let sparse = odd.min(values.len() - window_start - odd);
                if (expensive, sparse) < (best.0, best.1) {
                    best = (expensive, sparse, mask, domain);
                }
                if in_use == Some((mask, domain)) {
                    kept = Some((expensive, mask, domain));
                }
            }
        }
        let (expensive, mask, domain) = match kept {
            Some(kept) if kept.0 <= best.0 => kept,
            _ => (best.0, best.2, best.3),
        };
        let odd = (1..values.len())
            .filter(|&heap| Self::class_of(values[heap].get(), heap, mask, domain))
            .count();
        let sparse_class = 2 * odd <= values.len();
        let in_sparse_class =
            |heap: usize| Self::class_of(values[heap].get(), heap, mask, domain) == sparse_class;
        // Counted from heap 0, as the published tables count them (`odd` counts from 1, since
        // parts are never empty).
        let from_one = if sparse_class {
            odd
        } else {
            values.len() - 1 - odd
        };
        let sparse_heaps = from_one + usize::from(in_sparse_class(0));
        // Per heap, the sparse pass costs a step per sparse heap and spares each heap that is
        // not expensive a scan over its n/2 breaks for its own value.
        let window = values.len() - window_start;
        let sparse_pass = match tuning.breaks {
            Breaks::Sparse => true,
            Breaks::VerifyAll => false,
            Breaks::Cheapest => {
                2 * sparse_heaps * SPARSE_STEP_IN_PAIRS * window
                    < (window - expensive) * values.len()
            }
        };
        // Without the pass the sparse heaps are only counted: in a game with no good mask they
        // are a quarter of all heaps, and listing them would cost more than the values.
        let sparse: Vec<usize> = if sparse_pass {
            (1..values.len())
                .filter(|&heap| in_sparse_class(heap))
                .collect()
        } else {
            Vec::new()
        };
        let limit = (largest + 1).next_power_of_two();
        let sparse_values = sparse.iter().map(|&heap| values[heap].get()).collect();
        SparseSpace {
            mask,
            domain,
            sparse_class,
            sparse_pass,
            sparse,
            sparse_values,
            sparse_heaps,
            last_sparse: (0..values.len()).rev().find(|&heap| in_sparse_class(heap)),
            take_all: takes(1),
            take_one: takes(2),
            take_split,
            unequal_parts: rule.unequal_parts(),
            limit,
            seen: vec![false; (limit as usize).max(COMPACT_LIMIT)],
            odd: classes((limit as usize).max(COMPACT_LIMIT), mask),
            breaks: Vec::new(),
            tuning: *tuning,
        }
    }

    pub(super) fn class_of(value: u32, heap: usize, mask: u32, domain: bool) -> bool {
        parity(value, mask) ^ (domain && heap % 2 == 1)
    }

    /// Notes the value of the heap just computed.
    pub(super) fn record(&mut self, heap: usize, value: Nimber) {
        let value = value.value();
        if value >= self.limit {
            self.limit = (value + 1).next_power_of_two();
            if self.seen.len() < self.limit as usize {
                self.seen.resize(self.limit as usize, false);
                self.odd = classes(self.limit as usize, self.mask);
            }
        }
        if heap > 0 && Self::class_of(value, heap, self.mask, self.domain) == self.sparse_class {
            self.sparse_heaps += 1;
            self.last_sparse = Some(heap);
            if self.sparse_pass {
                self.sparse.push(heap);
                self.sparse_values.push(value);
            }
        }
    }

    /// The heaps of the sparse class so far, as a report gives them.
    pub(super) fn rare_values(&self) -> RareValues {
        RareValues {
            mask: self.mask,
            domain: self.domain,
            odd: self.sparse_class,
            heaps: self.sparse_heaps,
            last: self.last_sparse,
            used: self.sparse_pass,
        }
    }

    /// Marks the nim-sums of the breaks whose smaller part is in `smaller` (clipped to each
    /// break).
    fn mark_breaks<V: StoredValue>(&mut self, values: &[V], smaller: Range<usize>) {
        for &(rest, last) in &self.breaks {
            let end = smaller.end.min(last + 1);
            if smaller.start >= end {
                continue;
            }
            match V::narrow(values) {
                Some(narrow) => {
                    let (low, high) = pairs(narrow, rest, smaller.start..end);
                    let seen = (&mut self.seen[..COMPACT_LIMIT])
                        .try_into()
                        .expect("long enough");
                    mark_pairs(low, high, seen);
                }
                None => {
                    let low = &values[smaller.start..end];
                    let high = &values[rest + 1 - end..=rest - smaller.start];
                    for (&a, &b) in low.iter().zip(high.iter().rev()) {
                        self.seen[(a.get() ^ b.get()) as usize] = true;
                    }
                }
            }
        }
    }

    /// The nim-value of the next heap, `values.len()`.
    pub(super) fn value<V: StoredValue>(&mut self, values: &[V]) -> Nimber {
        let heap = values.len();
        let g = |n: usize| values[n].get();
        let narrow = V::narrow(values);
        self.seen[..self.limit as usize].fill(false);
        for &taken in &self.take_all {
            if heap == taken {
                self.seen[0] = true;
            }
        }
        for &taken in &self.take_one {
            if heap > taken {
                self.seen[g(heap - taken) as usize] = true;
            }
        }
        collect_breaks(heap, &self.take_split, self.unequal_parts, &mut self.breaks);
        let most_parts = self.breaks.iter().map(|&(_, last)| last).max().unwrap_or(0);
        // The least value that no option reaches so far and that two common heaps cannot make
        // either: the mex, once every smaller value has turned up. Without the sparse pass
        // nothing is settled that way.
        let mut settled = self.limit;
        // Breaks whose smaller part is below `first_unmarked` are marked in `seen`.
        let first_unmarked = if self.sparse_pass {
            // Every break that involves a sparse heap; and which parities of values two
            // common heaps can make for this heap.
            let mut common_parities = [false; 2];
            for &(rest, _) in &self.breaks {
                common_parities[usize::from(self.domain && rest % 2 == 1)] = true;
                let usable = self.sparse.partition_point(|&small| small < rest);
                mark_sparse_pairs(
                    &self.sparse[..usable],
                    &self.sparse_values[..usable],
                    (rest, &values[..rest]),
                    self.unequal_parts,
                    &mut self.seen,
                );
            }
            if let Some(missing) =
                first_missing_unmade(&self.seen, &self.odd, common_parities, self.limit)
            {
                settled = missing;
            }
            // Mark the breaks from the small end, a block of pairs per number taken in turn,
            // until every value below `settled` has turned up; most heaps of games with a good
            // mask stop within a few hundred pairs.
            let mut missing = 0;
            let mut start = 1;
            loop {
                missing = match first_missing(&self.seen, missing, settled) {
                    Some(missing) => missing,
                    None => return Nimber::new(settled),
                };
                if start > most_parts || (narrow.is_some() && start > self.tuning.early_pairs) {
                    break start;
                }
                self.mark_breaks(values, start..start + MARK_BLOCK);
                start += MARK_BLOCK;
            }
        } else {
            // Nothing is settled early: mark a share of the breaks, since while many candidates
            // are left a store per pair is cheaper than a scan per candidate.
            let end = match narrow {
                Some(_) => {
                    let share = most_parts * self.tuning.marked_share / 256;
                    share.max(self.tuning.early_pairs) + 1
                }
                None => most_parts + 1,
            };
            self.mark_breaks(values, 1..end);
            end
        };
        let Some(narrow) = narrow else {
            return Nimber::new(first_missing(&self.seen, 0, settled).unwrap_or(settled));
        };
        // Verify the candidates left in increasing order, each by a scan of the breaks that
        // stops at its first hit: the first that no break reaches is the mex.
        self.breaks.retain(|&(_, last)| last >= first_unmarked);
        let mut from = 0;
        while let Some(candidate) = first_missing(&self.seen, from, settled) {
            let target = u16::try_from(candidate).expect("a nim-sum of 16-bit values");
            let reached = self.breaks.iter().any(|&(rest, last)| {
                let (low, high) = pairs(narrow, rest, first_unmarked..last + 1);
                pairs_read_to_reach(low, high, target).is_some()
            });
            if !reached {
                return Nimber::new(candidate);
            }
            from = candidate + 1;
        }
        Nimber::new(settled)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The pairs of a break of 10 tokens with the sparse heaps 3, 5 and 7, their partners read
    /// from a slice that starts at heap 2 (as a window's values do): with unequal parts the
    /// part 5 is left out, the only one equal to its partner, wherever the slice starts.
    #[test]
    fn the_equal_split_left_out_is_half_the_break_not_half_the_slice() {
        let values: Vec<u16> = vec![0, 1, 2, 3, 4, 8, 16, 32, 64, 128];
        let sparse = [3, 5, 7];
        let sparse_values = [1u32, 2, 4];
        for (unequal, expected) in [(true, vec![7, 33]), (false, vec![7, 10, 33])] {
            let mut seen = vec![false; 256];
            mark_sparse_pairs(
                &sparse,
                &sparse_values,
                (10, &values[2..]),
                unequal,
                &mut seen,
            );
            let marked: Vec<usize> = (0..256).filter(|&v| seen[v]).collect();
            assert_eq!(marked, expected, "unequal parts: {unequal}");
        }
    }

    #[test]
    fn pairs_pair_each_part_with_its_partner() {
        let values: Vec<u16> = (0..3000u16).map(|n| n * 7 % 1001).collect();
        for rest in [2, 3, 1024, 1025, 2047, 2048, 2999] {
            for smaller in [1..rest / 2 + 1, (rest / 3).max(1)..rest / 2 + 1] {
                let (low, high) = pairs(&values, rest, smaller.clone());
                assert_eq!((low.len(), high.len()), (smaller.len(), smaller.len()));
                for (k, a) in smaller.enumerate() {
                    assert_eq!(low[k], values[a]);
                    assert_eq!(high[high.len() - 1 - k], values[rest - a], "{rest} {a}");
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn the_word_scans_find_the_least_missing_value(
            seen in prop::collection::vec(prop::bool::weighted(0.9), 0..100),
            odd in prop::collection::vec(any::<bool>(), 100),
            bounds in (0u32..110, 0u32..110),
            class in any::<bool>(),
        ) {
            let length = seen.len() as u32;
            let (from, end) = (bounds.0.min(length), bounds.1.min(length));
            let expected = (from..end).find(|&value| !seen[value as usize]);
            prop_assert_eq!(first_missing(&seen, from, end), expected);
            let expected = (0..end).find(|&value| !seen[value as usize] && odd[value as usize] == class);
            prop_assert_eq!(first_missing_of_class(&seen, &odd, class, end), expected);
        }

        #[test]
        fn the_vector_scan_finds_exactly_the_pairs_that_reach(
            pairs in prop::collection::vec((0u16..64, 0u16..64), 0..700),
            target in 0u16..64,
        ) {
            let (low, mut high): (Vec<u16>, Vec<u16>) = pairs.iter().copied().unzip();
            high.reverse();
            let first_hit = pairs.iter().position(|&(a, b)| a ^ b == target);
            match (pairs_read_to_reach(&low, &high, target), first_hit) {
                (Some(read), Some(hit)) => {
                    // Read to the end of the hit's block, and no further.
                    prop_assert!(hit < read && read <= low.len(), "{read} {hit}");
                    prop_assert!(read <= (hit / VERIFY_BLOCK + 1) * VERIFY_BLOCK);
                }
                (None, None) => {}
                (read, hit) => prop_assert!(false, "read {read:?}, first hit {hit:?}"),
            }
            let mut marked = Box::new([false; COMPACT_LIMIT]);
            mark_pairs(&low, &high, &mut marked);
            for &(a, b) in &pairs {
                prop_assert!(marked[usize::from(a ^ b)]);
            }
            let sums = pairs.iter().map(|&(a, b)| a ^ b).collect::<std::collections::HashSet<_>>();
            prop_assert_eq!(marked.iter().filter(|&&m| m).count(), sums.len());
        }
    }
}
