//! Nim-sequences of take-and-break games: the nim-value of a single heap of each size.
//!
//! The reference computation takes the mex over every move, which costs O(n) per heap because a
//! heap of `n` tokens can be broken in about `n/2` ways; the fast one is the sparse-space
//! method ([`super::sparse_space`]).
//!
//! For finite octal codes the periodicity is proven on the way with the Octal Periodicity
//! Theorem (Guy and Smith): if `g(n + p) = g(n)` for all `e ≤ n < 2e + p + t`, where `t` is the
//! most tokens one move takes, then `g(n + p) = g(n)` for every `n ≥ e`. Once that holds for the
//! values computed so far, the rest of the sequence is copied from the period.

use super::heap_values::{HeapValues, Slices};
use super::rule::TakeBreak;
use super::sparse_space::{SparseSpace, Tuning};
use crate::games::work_observer::WorkObserver;
pub use crate::report::RareValues;
use crate::values::{MexSet, Nimber};

/// How many heap sizes pass between calls to the observer's `progress` when the fast method
/// runs: each heap costs about a microsecond.
const PROGRESS_INTERVAL: usize = 1 << 16;

/// The same for the reference method, whose heaps cost O(n) or O(n²) each: a few thousand
/// heaps can take seconds, and the bar should move.
const NAIVE_PROGRESS_INTERVAL: usize = 1 << 6;

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

/// The value of a Nim heap of `heap` tokens: the heap itself (Bouton).
///
/// # Panics
/// Past `u32::MAX` tokens, whose value no [`Nimber`] holds.
pub(crate) fn nim_heap_value(heap: usize) -> Nimber {
    Nimber::new(u32::try_from(heap).expect("a Nim heap's value fits a nimber"))
}

/// The nim-sequence of `rule` for heaps `0..=up_to`, with the sparse-space method where it
/// applies (at most two heaps left by a move, finitely many digits) and the reference method
/// otherwise; Nim's values are its heaps. For finite octal codes the computation stops as soon
/// as a period is proven, and the rest is copied from the period.
///
/// # Panics
/// For Nim with `up_to` past `u32::MAX`, whose values no [`Nimber`] holds.
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
///
/// # Panics
/// For Nim with `up_to` past `u32::MAX`, as [`nim_sequence`].
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
    let nim = rule.is_nim();
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
            // Nim's values are its heaps (Bouton): trying every move would make its sequence
            // quadratic.
            (None, _) if nim => nim_heap_value(heap),
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::games::heap::sparse_space::Breaks;

    fn values(text: &str, up_to: usize) -> Vec<u32> {
        let rule: TakeBreak = text.parse().unwrap();
        naive_nim_sequence(&rule, up_to)
            .iter()
            .map(|v| v.value())
            .collect()
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

    }
}
