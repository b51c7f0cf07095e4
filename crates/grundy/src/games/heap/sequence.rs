//! Nim-sequences of take-and-break games: the nim-value of a single heap of each size.
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
//!
//! For finite octal codes the periodicity is proven on the way with the Octal Periodicity
//! Theorem (Guy and Smith): if `g(n + p) = g(n)` for all `e ≤ n < 2e + p + t`, where `t` is the
//! most tokens one move takes, then `g(n + p) = g(n)` for every `n ≥ e`. Once that holds for the
//! values computed so far, the rest of the sequence is copied from the period.

use std::ops::Range;

use super::heap_values::{HeapValues, Slices, StoredValue};
use super::rule::TakeBreak;
use crate::games::work_observer::WorkObserver;
pub use crate::report::RareValues;
use crate::values::{MexSet, Nimber};

/// How many heap sizes pass between calls to the observer's `progress` when the fast method
/// runs: each heap costs about a microsecond.
const PROGRESS_INTERVAL: usize = 1 << 16;

/// The same for the reference method, whose heaps cost O(n) or O(n²) each: a few thousand
/// heaps can take seconds, and the bar should move.
const NAIVE_PROGRESS_INTERVAL: usize = 1 << 6;

/// How many recent values are looked at to choose a mask.
const MASK_WINDOW: usize = 4096;

/// Mask bits considered: masks are subsets of the lowest this-many bits.
const MASK_BITS: u32 = 10;

/// A proven period of a nim-sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The period `p`: `g(n + p) = g(n)` for every `n ≥ preperiod`.
    pub(crate) period: usize,
    /// The pre-period `e`: the least `n` from which the sequence repeats with this period.
    /// The last exceptional heap (if any) is `e - 1`.
    pub(crate) preperiod: usize,
    /// The heap sizes actually computed: `0..computed`. The theorem needs
    /// `computed ≥ 2e + 2p + t`; everything from there on was copied from the period.
    pub(crate) computed: usize,
}

/// A nim-sequence and what is known about its period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimSequence {
    /// The nim-value of a heap of `n` tokens for each `n` computed.
    pub values: HeapValues,
    /// The period and pre-period when the Octal Periodicity Theorem settles them.
    pub periodicity: Option<Periodicity>,
    /// Whether the observer stopped the computation before the heap asked for: `values` then
    /// holds only the heaps finished (and `periodicity` what they prove).
    pub(crate) stopped: bool,
    /// The rare values of the heaps computed under the last mask the sparse-space method chose;
    /// `None` when it never took over (short sequences, or rules it does not cover).
    pub rare: Option<RareValues>,
}

impl NimSequence {
    /// The nim-value of a heap of `heap` tokens, from the values or, past them, from the
    /// proven period.
    ///
    /// # Panics
    /// When `heap` is beyond the values computed and no period is known.
    #[must_use]
    pub fn value(&self, heap: usize) -> Nimber {
        match (self.values.get(heap), self.periodicity) {
            (Some(value), _) => value,
            (None, Some(found)) => {
                let repeated = found.preperiod + (heap - found.preperiod) % found.period;
                self.values
                    .get(repeated)
                    .expect("the period lies in the values")
            }
            (None, None) => panic!("heap {heap} is beyond the values computed"),
        }
    }
}

/// The nim-values of heaps `0..=up_to` by the mex over every move: the slow, obviously
/// correct reference.
#[must_use]
pub fn naive_nim_sequence(rule: &TakeBreak, up_to: usize) -> Vec<Nimber> {
    let mut values = Vec::with_capacity(up_to + 1);
    for heap in 0..=up_to {
        let value = naive_value(rule, heap, |part| values[part]);
        values.push(value);
    }
    values
}

/// The mex over the options of `heap` given `smaller`, the value of each smaller heap.
fn naive_value(rule: &TakeBreak, heap: usize, smaller: impl Fn(usize) -> Nimber) -> Nimber {
    let mut seen = MexSet::default();
    rule.for_each_option(heap, |parts| {
        seen.insert(parts.iter().map(|&part| smaller(part)).sum());
    });
    seen.mex()
}

/// The nim-sequence of `rule` for heaps `0..=up_to`, with the sparse-space method where it
/// applies (at most two heaps left by a move, finitely many digits) and the reference method
/// otherwise. For finite octal codes the computation stops as soon as a period is proven, and the
/// rest is copied from the period.
pub fn nim_sequence(
    rule: &TakeBreak,
    up_to: usize,
    observer: &mut impl WorkObserver,
) -> NimSequence {
    let mut sequence = nim_sequence_until_settled(rule, up_to, observer);
    if let (Some(found), false) = (sequence.periodicity, sequence.stopped) {
        let values = &mut sequence.values;
        while values.len() <= up_to {
            let copied = values.get(values.len() - found.period).expect("computed");
            values.push(copied);
        }
    }
    sequence
}

/// Like [`nim_sequence`], but once a period is proven the values stop there: ask
/// [`NimSequence::value`] for larger heaps. This keeps huge heaps of periodic games cheap.
pub fn nim_sequence_until_settled(
    rule: &TakeBreak,
    up_to: usize,
    observer: &mut impl WorkObserver,
) -> NimSequence {
    tuned_sequence_until_settled(rule, up_to, observer, &Tuning::DEFAULT)
}

/// [`nim_sequence_until_settled`] with the fast method's knobs set.
fn tuned_sequence_until_settled(
    rule: &TakeBreak,
    up_to: usize,
    observer: &mut impl WorkObserver,
    tuning: &Tuning,
) -> NimSequence {
    let total = up_to + 1;
    let capacity = total.min(1 << 20);
    let mut values = if tuning.wide {
        HeapValues::wide_with_capacity(capacity)
    } else {
        HeapValues::with_capacity(capacity)
    };
    let fast = rule.has_fast_sequence();
    let progress_interval = if fast {
        PROGRESS_INTERVAL
    } else {
        NAIVE_PROGRESS_INTERVAL
    };
    let max_taken = rule.max_taken().unwrap_or(0);
    let mut next_check = 16usize;
    let mut checked_at = 0;
    let mut sparse: Option<SparseSpace> = None;
    let mut next_mask_choice = tuning.naive_prefix.max(1);
    let mut periodicity = None;
    let mut stopped = false;
    while values.len() < total {
        let heap = values.len();
        if heap % progress_interval == 0 && heap > 0 {
            observer.progress(heap, total);
        }
        if observer.should_stop() {
            stopped = true;
            break;
        }
        if fast && heap == next_mask_choice {
            let in_use = sparse.as_ref().map(|space| (space.mask, space.domain));
            sparse = Some(match values.slices() {
                Slices::Narrow(values) => SparseSpace::choose(rule, values, tuning, in_use),
                Slices::Wide(values) => SparseSpace::choose(rule, values, tuning, in_use),
            });
            next_mask_choice *= 2;
        }
        let value = match (sparse.as_mut(), values.slices()) {
            (Some(space), Slices::Narrow(values)) => space.value(values),
            (Some(space), Slices::Wide(values)) => space.value(values),
            (None, _) => naive_value(rule, heap, |part| values.get(part).expect("smaller")),
        };
        values.push(value);
        if let Some(space) = sparse.as_mut() {
            space.record(heap, value);
        }
        if rule.is_finite_octal() && values.len() == next_check {
            // Checks grow by an eighth, so a period is proven at most 13% after the values
            // first suffice, and the checks cost O(n) in all (see `prove_period`).
            next_check = next_check + next_check / 8 + 1;
            checked_at = values.len();
            if let Some(found) = values_prove_period(&values, max_taken) {
                periodicity = Some(found);
                break;
            }
        }
    }
    // The last values may prove what no checkpoint could: check them too.
    if rule.is_finite_octal() && periodicity.is_none() && checked_at != values.len() {
        periodicity = values_prove_period(&values, max_taken);
    }
    if !stopped {
        observer.progress(total, total);
    }
    NimSequence {
        values,
        periodicity,
        stopped,
        rare: sparse.as_ref().map(SparseSpace::rare_values),
    }
}

/// [`prove_period`] on the values as they are kept.
fn values_prove_period(values: &HeapValues, max_taken: usize) -> Option<Periodicity> {
    match values.slices() {
        Slices::Narrow(values) => prove_period(values, max_taken),
        Slices::Wide(values) => prove_period(values, max_taken),
    }
}

/// The least period `p` (and its pre-period) that the Octal Periodicity Theorem proves from
/// `values`, for a game whose moves take at most `max_taken` tokens.
///
/// Each period is scanned from the end down to its last exception (the last `n` with
/// `g(n) != g(n + p)`): a wrong period stops almost at once. A multiple `kp` of a period `p`
/// that is right but not yet proven would be scanned far down, again and again, which made
/// long sequences quadratic. It needs no scan. If `x` is the last exception of `p`, every step
/// of `p` above `x` keeps the value, so `g(x + p) = g(x + kp)` while `g(x) != g(x + p)`:
/// - when `x + kp` is still a value, `x` is an exception of `kp` too, whose pre-period is then
///   at least that of `p`: with a longer period it cannot be proven where `p` was not;
/// - otherwise `g(x + p - kp)` is compared with `g(x + p)` first, and a difference there, high
///   enough to forbid a proof, rules `kp` out at once (with few exceptions below `x`, as in a
///   sequence settling into its period, it almost always differs).
#[must_use]
pub fn prove_period<T: PartialEq>(values: &[T], max_taken: usize) -> Option<Periodicity> {
    let computed = values.len();
    let most = computed / 2;
    // Whether an exception at `n` leaves too few values to prove `period`.
    let forbids = |n: usize, period: usize| computed < 2 * (n + 1) + 2 * period + max_taken;
    // Per period: RULED_OUT, or a heap `anchor` whose pair `(anchor - period, anchor)` is
    // compared first, or 0 when nothing is known. 32 bits, half the size of the values: a
    // heap past them is simply not kept as an anchor.
    const RULED_OUT: u32 = u32::MAX;
    let mut known = vec![0u32; most + 1];
    for period in 1..=most {
        if known[period] == RULED_OUT {
            continue;
        }
        let anchor = known[period] as usize;
        if anchor >= period
            && values[anchor - period] != values[anchor]
            && forbids(anchor - period, period)
        {
            continue;
        }
        let last_exception = (0..computed - period)
            .rev()
            .find(|&n| values[n] != values[n + period]);
        let preperiod = last_exception.map_or(0, |n| n + 1);
        if computed >= 2 * preperiod + 2 * period + max_taken {
            return Some(Periodicity {
                period,
                preperiod,
                computed,
            });
        }
        let Some(exception) = last_exception else {
            continue;
        };
        // A wrong period stops near the end, and its multiples are left to their own scans,
        // which also stop at once: marking them would cost more.
        if computed - period - exception < 64 {
            continue;
        }
        let mut multiple = 2 * period;
        while multiple <= most {
            if exception + multiple < computed {
                known[multiple] = RULED_OUT;
            } else if known[multiple] == 0 {
                known[multiple] = u32::try_from(exception + period)
                    .ok()
                    .filter(|&anchor| anchor != RULED_OUT)
                    .unwrap_or(0);
            }
            multiple += period;
        }
    }
    None
}

/// The reference [`prove_period`]: every period scanned, none skipped.
#[cfg(test)]
fn prove_period_by_every_scan(values: &[Nimber], max_taken: usize) -> Option<Periodicity> {
    let computed = values.len();
    (1..=computed / 2).find_map(|period| {
        let preperiod = (0..computed - period)
            .rev()
            .find(|&n| values[n] != values[n + period])
            .map_or(0, |n| n + 1);
        (computed >= 2 * preperiod + 2 * period + max_taken).then_some(Periodicity {
            period,
            preperiod,
            computed,
        })
    })
}

/// Knobs of the fast method. They change its speed, never a value: the tests turn them to
/// extremes to send small heaps down every path.
#[derive(Clone, Copy, Debug)]
struct Tuning {
    /// Heaps computed by the reference method before the sparse-space method takes over and
    /// picks its mask from what it has seen (at least 1).
    naive_prefix: usize,
    /// Smaller parts per break that a heap marks at least before its remaining candidates are
    /// verified by scans.
    early_pairs: usize,
    /// Without the sparse pass, the share of each heap's smaller parts, in 256ths, marked
    /// before the candidates left are verified.
    marked_share: usize,
    /// How the options from breaks into two heaps are found.
    breaks: Breaks,
    /// Keep every value in 32 bits from the start, as after a value past 16 bits: the way
    /// without the vector scans, which the tests reach on small heaps this way.
    wide: bool,
}

/// How [`SparseSpace`] finds the options from breaks into two heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// Only the tests force a way.
#[cfg_attr(not(test), allow(dead_code))]
enum Breaks {
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
    const DEFAULT: Tuning = Tuning {
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
    let high = rest + 1 - smaller.end..rest + 1 - smaller.start;
    (&values[smaller], &values[high])
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

    fn choose<V: StoredValue>(
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
    fn record(&mut self, heap: usize, value: Nimber) {
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
    fn rare_values(&self) -> RareValues {
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
    fn value<V: StoredValue>(&mut self, values: &[V]) -> Nimber {
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

    fn values(text: &str, up_to: usize) -> Vec<u32> {
        let rule: TakeBreak = text.parse().unwrap();
        naive_nim_sequence(&rule, up_to)
            .iter()
            .map(|v| v.value())
            .collect()
    }

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
    fn kayles_starts_as_in_the_lesson() {
        assert_eq!(values("0.77", 7), vec![0, 1, 2, 3, 1, 4, 3, 2]);
    }

    #[test]
    fn fast_equals_naive_on_the_classic_codes() {
        for code in [
            "0.77", "0.07", "0.137", "0.6", "0.007", "4.7", "0.51", "0.71", "0.165",
        ] {
            let rule: TakeBreak = code.parse().unwrap();
            let naive = naive_nim_sequence(&rule, 5000);
            let fast = nim_sequence(&rule, 5000, &mut ());
            assert_eq!(fast.values, naive, "{code}");
        }
        let grundy = TakeBreak::grundys_game();
        assert_eq!(
            nim_sequence(&grundy, 5000, &mut ()).values,
            naive_nim_sequence(&grundy, 5000)
        );
    }

    #[test]
    fn kayles_period_is_twelve() {
        let kayles: TakeBreak = "0.77".parse().unwrap();
        let sequence = nim_sequence(&kayles, 1000, &mut ());
        let found = sequence.periodicity.unwrap();
        assert_eq!((found.period, found.preperiod), (12, 71));
        assert!(found.computed < 300);
        assert_eq!(sequence.values.len(), 1001);
    }

    #[test]
    fn dawsons_kayles_period_is_thirty_four() {
        let dawson: TakeBreak = "0.07".parse().unwrap();
        let found = nim_sequence(&dawson, 10_000, &mut ()).periodicity.unwrap();
        assert_eq!((found.period, found.preperiod), (34, 53));
    }

    /// Published pre-periods and periods (Flammenkamp's table of octal games), each with the
    /// fewest values that prove it: `2e + 2p + t`.
    #[test]
    fn the_last_values_prove_the_period_even_between_checkpoints() {
        let rule: TakeBreak = "0.127".parse().unwrap();
        // Heaps 0 to 93,166: t = 3.
        let needed = 2 * 46_578 + 2 * 4 + 3;
        assert_eq!(needed, 93_167);
        let sequence = nim_sequence(&rule, needed - 1, &mut ());
        let found = sequence
            .periodicity
            .expect("93,166 values prove the period");
        assert_eq!(
            (found.period, found.preperiod, found.computed),
            (4, 46_578, needed)
        );
        // One value fewer proves nothing.
        assert_eq!(nim_sequence(&rule, needed - 2, &mut ()).periodicity, None);
    }

    #[test]
    #[ignore = "about 1 s in release but a minute in a debug build; .ci/run runs it"]
    fn long_pre_periods_are_proven_by_the_final_values() {
        for (code, preperiod, period) in [("0.16", 105_351, 149_459), ("0.56", 326_640, 144)] {
            let rule: TakeBreak = code.parse().unwrap();
            let needed = 2 * preperiod + 2 * period + rule.max_taken().unwrap();
            let found = nim_sequence(&rule, needed - 1, &mut ()).periodicity;
            let found = found.unwrap_or_else(|| panic!("{code}: {needed} values prove it"));
            assert_eq!(
                (found.period, found.preperiod),
                (period, preperiod),
                "{code}"
            );
        }
    }

    #[test]
    #[ignore = "about 10 s in release (5 M values); .ci/run runs it"]
    fn the_376_period_is_proven_in_linear_time() {
        let rule: TakeBreak = "0.376".parse().unwrap();
        let found = nim_sequence(&rule, 5_000_000, &mut ()).periodicity.unwrap();
        assert_eq!((found.period, found.preperiod), (4, 2_268_248));
    }

    #[test]
    fn multiples_are_skipped_exactly_in_a_sequence_settling_into_its_period() {
        // Period 4 with defects up to heap 1200, as in a game near the end of its pre-period:
        // every prefix sends multiples of 4 down both the ruled-out and the probed paths.
        let mut state = 12345u64;
        let values: Vec<Nimber> = (0..2000u64)
            .map(|n| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let defect = n < 1200 && (state >> 33) % 23 == 0;
                Nimber::new(if defect {
                    7
                } else {
                    [1, 2, 1, 3][(n % 4) as usize]
                })
            })
            .collect();
        for length in (500..=2000).step_by(13) {
            for max_taken in [0, 3] {
                assert_eq!(
                    prove_period(&values[..length], max_taken),
                    prove_period_by_every_scan(&values[..length], max_taken),
                    "{length} {max_taken}"
                );
            }
        }
    }

    struct StopAfter(usize);

    impl WorkObserver for StopAfter {
        fn should_stop(&mut self) -> bool {
            let stop = self.0 == 0;
            self.0 = self.0.saturating_sub(1);
            stop
        }
    }

    #[test]
    fn a_stopped_computation_keeps_the_heaps_it_finished() {
        let rule: TakeBreak = "0.6".parse().unwrap();
        let stopped = nim_sequence(&rule, 10_000, &mut StopAfter(500));
        assert!(stopped.stopped);
        assert_eq!(stopped.values, naive_nim_sequence(&rule, 499));
        let whole = nim_sequence(&rule, 10_000, &mut ());
        assert!(!whole.stopped);
        assert_eq!(whole.values.len(), 10_001);
    }

    /// Ways through the fast method, each forced from small heaps on: scans only (nothing
    /// marked first), a short marked prefix, and the cost-based choice with tiny thresholds;
    /// two with the values in 32 bits, as after a value past 16 bits.
    const FORCED: [Tuning; 6] = [
        Tuning {
            naive_prefix: 1,
            early_pairs: 0,
            marked_share: 0,
            breaks: Breaks::VerifyAll,
            wide: true,
        },
        Tuning {
            naive_prefix: 1,
            early_pairs: 0,
            marked_share: 0,
            breaks: Breaks::Sparse,
            wide: false,
        },
        Tuning {
            naive_prefix: 16,
            early_pairs: 5,
            marked_share: 64,
            breaks: Breaks::VerifyAll,
            wide: false,
        },
        Tuning {
            naive_prefix: 16,
            early_pairs: 5,
            marked_share: 0,
            breaks: Breaks::Sparse,
            wide: true,
        },
        Tuning {
            naive_prefix: 40,
            early_pairs: 100,
            marked_share: 200,
            breaks: Breaks::Cheapest,
            wide: false,
        },
        Tuning {
            naive_prefix: 3,
            early_pairs: 0,
            marked_share: 0,
            breaks: Breaks::Cheapest,
            wide: false,
        },
    ];

    fn assert_every_path_is_naive(rule: &TakeBreak, up_to: usize) {
        let naive = naive_nim_sequence(rule, up_to);
        for tuning in &FORCED {
            let fast = tuned_sequence_until_settled(rule, up_to, &mut (), tuning);
            for (heap, &expected) in naive.iter().enumerate() {
                assert_eq!(
                    fast.value(heap),
                    expected,
                    "{rule}, heap {heap}, {tuning:?}"
                );
            }
            // The rare values reported are those of the computed heaps under the mask and
            // class reported, counted from heap 0 across the masks chosen on the way.
            if let Some(rare) = fast.rare {
                let class = |heap: usize| {
                    SparseSpace::class_of(naive[heap].value(), heap, rare.mask, rare.domain)
                };
                let computed = fast.values.len();
                let heaps: Vec<usize> = (0..computed).filter(|&h| class(h) == rare.odd).collect();
                assert_eq!(
                    (rare.heaps, rare.last),
                    (heaps.len(), heaps.last().copied()),
                    "{rule}, {tuning:?}"
                );
            }
        }
    }

    #[test]
    fn every_path_gives_the_naive_values() {
        for code in [
            "0.007", "0.6", "0.77", "4.7", "0.137", "0.07", "0.165", "0.51", "4.07", "0.4",
        ] {
            assert_every_path_is_naive(&code.parse().unwrap(), 3000);
        }
        assert_every_path_is_naive(&TakeBreak::grundys_game(), 3000);
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
        fn random_codes_give_the_naive_values_on_every_path(rule in crate::games::heap::tests::octal_code(4)) {
            let naive = naive_nim_sequence(&rule, 2000);
            for tuning in &FORCED {
                let fast = tuned_sequence_until_settled(&rule, 2000, &mut (), tuning);
                for (heap, &expected) in naive.iter().enumerate() {
                    prop_assert_eq!(fast.value(heap), expected, "heap {}, {:?}", heap, tuning);
                }
            }
        }

        #[test]
        fn skipping_multiples_proves_what_every_scan_proves(
            head in prop::collection::vec(0u32..4, 0..60),
            pattern in prop::collection::vec(0u32..4, 1..6),
            noise in prop::collection::vec((0usize..1200, 0u32..4), 0..4),
            repeats in 1usize..250,
            max_taken in 0usize..4,
        ) {
            let mut values: Vec<u32> = head;
            for _ in 0..repeats {
                values.extend(&pattern);
            }
            for (at, value) in noise {
                if at < values.len() {
                    values[at] = value;
                }
            }
            let values: Vec<Nimber> = values.into_iter().map(Nimber::new).collect();
            prop_assert_eq!(
                prove_period(&values, max_taken),
                prove_period_by_every_scan(&values, max_taken)
            );
        }

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
