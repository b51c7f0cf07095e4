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
//! For finite octal codes the periodicity is proven on the way with the Octal Periodicity
//! Theorem (Guy and Smith): if `g(n + p) = g(n)` for all `e ≤ n < 2e + p + t`, where `t` is the
//! most tokens one move takes, then `g(n + p) = g(n)` for every `n ≥ e`. Once that holds for the
//! values computed so far, the rest of the sequence is copied from the period.

use super::rule::TakeBreak;
use crate::values::{MexSet, Nimber};

/// Watches a long computation; called every few tens of thousands of heap sizes.
pub trait SequenceObserver {
    /// `computed` values of `total` are known.
    fn progress(&mut self, _computed: usize, _total: usize) {}
}

/// The observer that ignores everything.
impl SequenceObserver for () {}

/// How many heap sizes pass between calls to the observer.
const PROGRESS_INTERVAL: usize = 1 << 16;

/// Heaps computed by the reference method before the sparse-space method takes over and picks
/// its mask from what it has seen.
const NAIVE_PREFIX: usize = 2048;

/// How many recent values are looked at to choose a mask.
const MASK_WINDOW: usize = 4096;

/// Mask bits considered: masks are subsets of the lowest this-many bits.
const MASK_BITS: u32 = 10;

/// A proven period of a nim-sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The period `p`: `g(n + p) = g(n)` for every `n ≥ preperiod`.
    pub period: usize,
    /// The pre-period `e`: the least `n` from which the sequence repeats with this period.
    /// The last exceptional heap (if any) is `e - 1`.
    pub preperiod: usize,
    /// The heap sizes actually computed: `0..computed`. The theorem needs
    /// `computed ≥ 2e + 2p + t`; everything from there on was copied from the period.
    pub computed: usize,
}

/// A nim-sequence and what is known about its period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimSequence {
    /// `values[n]` is the nim-value of a heap of `n` tokens.
    pub values: Vec<Nimber>,
    /// The period and pre-period when the Octal Periodicity Theorem settles them.
    pub periodicity: Option<Periodicity>,
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
            (Some(&value), _) => value,
            (None, Some(found)) => {
                self.values[found.preperiod + (heap - found.preperiod) % found.period]
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
        let value = naive_value(rule, heap, &values);
        values.push(value);
    }
    values
}

/// The mex over the options of `heap` given the values of all smaller heaps.
fn naive_value(rule: &TakeBreak, heap: usize, smaller: &[Nimber]) -> Nimber {
    let mut seen = MexSet::default();
    rule.for_each_option(heap, |parts| {
        seen.insert(parts.iter().map(|&part| smaller[part]).sum());
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
    observer: &mut impl SequenceObserver,
) -> NimSequence {
    let mut sequence = nim_sequence_until_settled(rule, up_to, observer);
    if let Some(found) = sequence.periodicity {
        let values = &mut sequence.values;
        while values.len() <= up_to {
            let copied = values[values.len() - found.period];
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
    observer: &mut impl SequenceObserver,
) -> NimSequence {
    let total = up_to + 1;
    let mut values: Vec<Nimber> = Vec::with_capacity(total.min(1 << 20));
    let fast = !rule.repeats() && !rule.breaks_into_three();
    let max_taken = rule.max_taken();
    let mut next_check = 16usize;
    let mut sparse: Option<SparseSpace> = None;
    let mut next_mask_choice = NAIVE_PREFIX;
    let mut periodicity = None;
    while values.len() < total {
        let heap = values.len();
        if heap % PROGRESS_INTERVAL == 0 && heap > 0 {
            observer.progress(heap, total);
        }
        if fast && heap == next_mask_choice {
            sparse = Some(SparseSpace::choose(rule, &values));
            next_mask_choice *= 2;
        }
        let value = match sparse.as_mut() {
            Some(space) => space.value(&values),
            None => naive_value(rule, heap, &values),
        };
        values.push(value);
        if let Some(space) = sparse.as_mut() {
            space.record(heap, value);
        }
        if rule.is_finite_octal() && values.len() == next_check {
            next_check = next_check + next_check / 4 + 1;
            if let Some(found) = prove_period(&values, max_taken.unwrap_or(0)) {
                periodicity = Some(found);
                break;
            }
        }
    }
    observer.progress(total, total);
    NimSequence {
        values,
        periodicity,
    }
}

/// The least period `p` (and its pre-period) that the Octal Periodicity Theorem proves from
/// `values`, for a game whose moves take at most `max_taken` tokens.
#[must_use]
pub fn prove_period(values: &[Nimber], max_taken: usize) -> Option<Periodicity> {
    let computed = values.len();
    for period in 1..=computed / 2 {
        // The last heap n with g(n) != g(n + p), scanning down from the end: for a wrong period
        // this stops almost at once.
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
    }
    None
}

/// The state of the sparse-space method: which values are "even", which positions are sparse.
struct SparseSpace {
    mask: u32,
    /// Whether the class of a position also flips with the parity of the heap size.
    domain: bool,
    /// The class (see [`SparseSpace::class_of`]) of the sparse positions.
    sparse_class: bool,
    /// The sparse heap sizes, ascending, all at least 1.
    sparse: Vec<usize>,
    /// Their values.
    sparse_values: Vec<u32>,
    /// Numbers of tokens a move may take leaving nothing, one heap, or two heaps.
    take_all: Vec<usize>,
    take_one: Vec<usize>,
    take_split: Vec<usize>,
    unequal_parts: bool,
    /// One more than the largest value so far, rounded up to a power of two: no nim-sum of
    /// values seen reaches it.
    limit: u32,
    seen: Vec<u64>,
    /// The unresolved values during a scan, by value.
    wanted: Vec<bool>,
    unresolved: Vec<u32>,
    /// Every value so far as 16 bits, for the full scans (half the memory traffic of the
    /// `Nimber`s); empty once a value needs more bits.
    compact: Vec<u16>,
    /// Nim-sums reached in a full scan, by value.
    reached: Vec<bool>,
}

fn parity(value: u32, mask: u32) -> bool {
    (value & mask).count_ones() & 1 == 1
}

fn bit(set: &[u64], value: u32) -> bool {
    set[(value >> 6) as usize] & (1 << (value & 63)) != 0
}

fn set_bit(set: &mut [u64], value: u32) {
    set[(value >> 6) as usize] |= 1 << (value & 63);
}

impl SparseSpace {
    /// Picks the mask and kind of split that make the fewest of the recent heaps expensive, and
    /// sorts the heaps computed so far into sparse and common.
    fn choose(rule: &TakeBreak, values: &[Nimber]) -> SparseSpace {
        let takes = |bit: u8| -> Vec<usize> {
            (0..=rule.max_taken().unwrap_or(0))
                .filter(|&taken| rule.digit(taken) & bit != 0)
                .collect()
        };
        let take_split = takes(4);
        let largest = values.iter().map(|v| v.value()).max().unwrap_or(0);
        let bits = (32 - largest.leading_zeros()).min(MASK_BITS);
        let window_start = values.len().saturating_sub(MASK_WINDOW).max(1);
        let mut best = (usize::MAX, usize::MAX, 0u32, false);
        for domain in [false, true] {
            for mask in 0..(1u32 << bits) {
                let expensive = (window_start..values.len())
                    .filter(|&heap| {
                        let class = parity(values[heap].value(), mask);
                        take_split.iter().any(|&taken| {
                            heap >= taken + 2 && class == (domain && (heap - taken) % 2 == 1)
                        })
                    })
                    .count();
                let odd = (window_start..values.len())
                    .filter(|&heap| Self::class_of(values[heap].value(), heap, mask, domain))
                    .count();
                let sparse = odd.min(values.len() - window_start - odd);
                if (expensive, sparse) < (best.0, best.1) {
                    best = (expensive, sparse, mask, domain);
                }
            }
        }
        let (_, _, mask, domain) = best;
        let odd = (1..values.len())
            .filter(|&heap| Self::class_of(values[heap].value(), heap, mask, domain))
            .count();
        let sparse_class = 2 * odd <= values.len();
        let sparse: Vec<usize> = (1..values.len())
            .filter(|&heap| {
                Self::class_of(values[heap].value(), heap, mask, domain) == sparse_class
            })
            .collect();
        let limit = (largest + 1).next_power_of_two();
        let sparse_values = sparse.iter().map(|&heap| values[heap].value()).collect();
        SparseSpace {
            mask,
            domain,
            sparse_class,
            sparse,
            sparse_values,
            take_all: takes(1),
            take_one: takes(2),
            take_split,
            unequal_parts: rule.unequal_parts(),
            limit,
            seen: vec![0; limit as usize / 64 + 1],
            wanted: vec![false; limit as usize],
            unresolved: Vec::new(),
            compact: values
                .iter()
                .map(|v| u16::try_from(v.value()).ok())
                .collect::<Option<Vec<u16>>>()
                .unwrap_or_default(),
            reached: vec![false; limit as usize],
        }
    }

    /// Marks in `reached` the nim-sum of every break of `heap` into two heaps whose smaller
    /// part is at least `start`: no early exit and no branch per pair, so the compiler can
    /// keep the loop tight; this is where heaps with a value missing from the common class
    /// spend their time.
    fn scan_all_pairs(&mut self, heap: usize, start: usize) {
        let values = &self.compact;
        for &taken in &self.take_split {
            if heap < taken + 2 {
                continue;
            }
            let rest = heap - taken;
            // Two equal parts are no break when the parts must differ.
            let last = if self.unequal_parts && rest % 2 == 0 {
                rest / 2 - 1
            } else {
                rest / 2
            };
            if start > last {
                continue;
            }
            let low = &values[start..=last];
            let high = &values[rest - last..=rest - start];
            for (&a, &b) in low.iter().zip(high.iter().rev()) {
                self.reached[usize::from(a ^ b)] = true;
            }
        }
    }

    fn class_of(value: u32, heap: usize, mask: u32, domain: bool) -> bool {
        parity(value, mask) ^ (domain && heap % 2 == 1)
    }

    /// Notes the value of the heap just computed.
    fn record(&mut self, heap: usize, value: Nimber) {
        let value = value.value();
        if value >= self.limit {
            self.limit = (value + 1).next_power_of_two();
            let words = self.limit as usize / 64 + 1;
            self.seen.resize(words, 0);
            self.wanted.resize(self.limit as usize, false);
            self.reached.resize(self.limit as usize, false);
        }
        if self.compact.len() == heap {
            match u16::try_from(value) {
                Ok(small) => self.compact.push(small),
                Err(_) => self.compact = Vec::new(),
            }
        }
        if heap > 0 && Self::class_of(value, heap, self.mask, self.domain) == self.sparse_class {
            self.sparse.push(heap);
            self.sparse_values.push(value);
        }
    }

    /// The nim-value of the next heap, `values.len()`.
    fn value(&mut self, values: &[Nimber]) -> Nimber {
        let heap = values.len();
        let g = |n: usize| values[n].value();
        let words = self.limit as usize / 64 + 1;
        self.seen[..words].fill(0);
        for &taken in &self.take_all {
            if heap == taken {
                set_bit(&mut self.seen, 0);
            }
        }
        for &taken in &self.take_one {
            if heap > taken {
                set_bit(&mut self.seen, g(heap - taken));
            }
        }
        // Every break into two heaps that involves a sparse heap; and which parities of values
        // two common heaps can make for this heap.
        let mut common_parities = [false; 2];
        for &taken in &self.take_split {
            if heap < taken + 2 {
                continue;
            }
            let rest = heap - taken;
            common_parities[usize::from(self.domain && rest % 2 == 1)] = true;
            let usable = self.sparse.partition_point(|&small| small < rest);
            for (&small, &value) in self.sparse[..usable].iter().zip(&self.sparse_values) {
                if self.unequal_parts && 2 * small == rest {
                    continue;
                }
                set_bit(&mut self.seen, value ^ g(rest - small));
            }
        }
        // Candidates in increasing order. A value of a parity that two common heaps cannot
        // make is settled by now; the others stay unresolved until a scan finds them.
        self.unresolved.clear();
        let mut settled = self.limit;
        for value in 0..self.limit {
            if bit(&self.seen, value) {
                continue;
            }
            if !common_parities[usize::from(parity(value, self.mask))] {
                settled = value;
                break;
            }
            self.unresolved.push(value);
        }
        if self.unresolved.is_empty() {
            return Nimber::new(settled);
        }
        for &value in &self.unresolved {
            self.wanted[value as usize] = true;
        }
        let mut remaining = self.unresolved.len();
        // Scan the breaks from the small end, a block of pairs per number taken in turn, until
        // every unresolved value has turned up or the pairs run out. Most heaps settle within
        // the first few thousand pairs; the rest go on to a full scan below.
        const BLOCK: usize = 64;
        const EARLY_PAIRS: usize = 4096;
        let full_scan = self.compact.len() == heap;
        let mut start = 1;
        loop {
            let mut any_pair = false;
            for &taken in &self.take_split {
                if heap < taken + 2 {
                    continue;
                }
                let rest = heap - taken;
                let last = rest / 2;
                if start > last {
                    continue;
                }
                any_pair = true;
                let end = (start + BLOCK).min(last + 1);
                let wanted = &mut self.wanted[..];
                let low = &values[start..end];
                let high = &values[rest + 1 - end..=rest - start];
                for (offset, (&a, &b)) in low.iter().zip(high.iter().rev()).enumerate() {
                    let reached = (a.value() ^ b.value()) as usize;
                    if wanted[reached] && !(self.unequal_parts && 2 * (start + offset) == rest) {
                        wanted[reached] = false;
                        remaining -= 1;
                    }
                }
                if remaining == 0 {
                    break;
                }
            }
            if remaining == 0 || !any_pair {
                break;
            }
            start += BLOCK;
            if full_scan && start > EARLY_PAIRS {
                self.scan_all_pairs(heap, start);
                for &candidate in &self.unresolved {
                    if self.reached[candidate as usize] {
                        self.wanted[candidate as usize] = false;
                    }
                }
                self.reached.fill(false);
                break;
            }
        }
        let mut value = settled;
        for &candidate in &self.unresolved {
            if self.wanted[candidate as usize] {
                value = value.min(candidate);
                self.wanted[candidate as usize] = false;
            }
        }
        Nimber::new(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &str, up_to: usize) -> Vec<u32> {
        let rule: TakeBreak = text.parse().unwrap();
        naive_nim_sequence(&rule, up_to)
            .iter()
            .map(|v| v.value())
            .collect()
    }

    #[test]
    fn kayles_starts_as_in_the_seed() {
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
}
