//! Misère quotients of take-and-break games (Plambeck 2005; Plambeck and Siegel 2008).
//!
//! # What a misère quotient is
//!
//! Under normal play every heap is worth a nimber and a sum of heaps is worth the nim-sum of its
//! heaps' values. Under misère play (the player who makes the last move *loses*) no such
//! single-number summary exists in general: two games may behave alike in one company and
//! differently in another. Plambeck's idea is to fix the company. Take a set `A` of positions
//! closed under sums and options (here: every sum of heaps of at most `N` tokens) and call two
//! positions `G` and `H` of `A` *indistinguishable* when `G + X` and `H + X` have the same
//! misère outcome for every `X` in `A`. The classes form a commutative monoid `Q`, the
//! *misère quotient*: the class of a sum is the product of the classes of its parts, the class
//! of the empty position is the identity `1`, and the classes of P-positions form the
//! *P-portion*. Once `Q` is known, the outcome of any sum of heaps is read off by multiplying its
//! heaps' elements and asking whether the product is in the P-portion: no search at all.
//!
//! Misère Nim with heaps of one and two tokens is the smallest example beyond the trivial: a
//! heap of one is `a`, a heap of two is `b`, and every sum is one of the six elements
//! `1, a, b, ab, b², ab²`, multiplied by the rules `a² = 1` and `b³ = b` (two heaps of one
//! token cancel; three heaps of two are as good as one). The P-positions are those of elements
//! `a` and `b²`: an odd number of single tokens alone, or heaps of two paired off with an even
//! number of single tokens.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use grundy::games::heap::TakeBreak;
//! use grundy::games::heap::quotient::quotient;
//! use grundy::Outcome;
//!
//! let nim: TakeBreak = "0.3...".parse().unwrap();
//! let never = AtomicBool::new(false);
//! let q = quotient(&nim, 3, &never).unwrap();
//! assert_eq!(q.order(), 6);
//! assert_eq!(q.relations().iter().map(ToString::to_string).collect::<Vec<_>>(), ["a² = 1", "b³ = b"]);
//! // A heap of three is a heap of one and a heap of two: not a new generator.
//! assert_eq!(q.generators(), &[1, 2]);
//! assert_eq!(q.heap_word(3).unwrap().to_string(), "ab");
//! assert_eq!(q.p_portion().iter().map(|&e| q.element_word(e).to_string()).collect::<Vec<_>>(), ["a", "b²"]);
//! // 1 + 2 + 3 is a misère P-position (nim-sum 0, a heap above one token), 1 + 1 + 1 too.
//! assert_eq!(q.outcome(&[1, 2, 3]).unwrap(), Outcome::P);
//! assert_eq!(q.outcome(&[1, 1, 1]).unwrap(), Outcome::P);
//! assert_eq!(q.outcome(&[2, 3]).unwrap(), Outcome::N);
//! ```
//!
//! # How it is computed
//!
//! [`quotient`] adds heaps one at a time, as Siegel's MisereSolver does. The options of heap `n`
//! are sums of smaller heaps, so their elements in the quotient `Q_{n-1}` of the heaps below
//! `n` are known. Either heap `n` is indistinguishable from an element already there, and
//! `Q_n = Q_{n-1}`, or the quotient grows. Then *trials* are made: a candidate monoid (at first
//! the old quotient times a cyclic monoid `{1, g, g², ...}` for the new heap), in which each
//! element gets the outcome of its least sum of heaps, is reduced by indistinguishability
//! (`x ~ y` when `xz` and `yz` are both in the P-portion or both out of it for every `z`) and
//! checked. A trial that fails gets some least sum wrong and merges it with a smaller sum of
//! the other outcome; the next candidate is built on the trial with the heaps that tell the two
//! sums apart given cyclic factors of their own (or a factor's powers allowed to run longer),
//! and so on until a trial passes.
//!
//! Every answer is *verified*, not guessed: a structure (monoid, P-portion, an element per
//! heap) is accepted only when, for every sum `w` of heaps, the element of `w` is in the
//! P-portion exactly when no option of `w` has its element there. The sums are infinitely many
//! but the pairs (element of `w`, elements of the options of `w`) are not, and the check walks
//! those pairs (see the `verify` submodule). By induction on the size of `w` the check proves
//! that the structure tells the misère outcome of every sum of heaps up to `N`; reducing it
//! then gives exactly the quotient.
//!
//! # Where it stops changing, and what is proven
//!
//! [`MisereQuotient::history`] tells the order of `Q_n` for every `n` up to the bound and
//! `MisereQuotient::stable_from` the last heap at which it changed: "the quotient of heaps up
//! to `N` is the quotient of heaps up to `k`". That alone proves nothing about larger heaps.
//! For octal games Plambeck and Siegel prove a misère analogue of the Guy–Smith periodicity
//! theorem; `MisereQuotient::period` checks it in the following form (its proof is sketched
//! after it):
//!
//! > Let the game be a finite octal game: every code digit at most 7 (a move leaves at most two
//! > heaps, of any sizes), and `k` the last digit's place (a move takes at most `k` tokens).
//! > Let `Q` be the quotient of the heaps up to `N` and `Φ(n)` the element of heap `n` in it
//! > (`Φ(0) = 1`). If, for some `n0 ≥ 0` and `p ≥ 1`, `Φ(n + p) = Φ(n)` for every
//! > `n0 ≤ n ≤ N - p`, and `N ≥ 2·n0 + 2p + k - 1`, then `Q` is the quotient of the whole game
//! > (all heap sizes) and `Φ(n + p) = Φ(n)` for every `n ≥ n0`.
//!
//! Why: for `n > N` and a move taking `j ≤ k` tokens, the heaps left by the moves from `n`
//! and from `n - p` are matched pair by pair (`(a, b)` with `(a, b - p)` or `(a - p, b)`, one
//! part at least `n0 + p` when `n - j ≥ 2·n0 + 2p`), so by induction the two heaps have the same
//! element and the same set of option elements. The verification above depends on a heap only
//! through those two, so heap `n` adds nothing the heaps up to `N` had not checked.
//!
//! # Limits
//!
//! A quotient of more than `DEFAULT_MAX_ORDER` elements (or the bound given to
//! [`quotient_with_max_order`]) is refused, and so is a candidate or trial of more than 8 times
//! that, and a check that would keep more than `MAX_VERIFICATION_STATES` pairs: the error
//! names the limit and carries the quotient of the heaps finished. Some quotients are infinite
//! (that of 0.3122 with heaps up to 7 is, and is refused at heap 7; Dawson's Kayles seems to
//! grow without end from heap 34 on), but a refusal says the quotient is large, not that it is
//! infinite.

mod build;
mod monoid;
#[cfg(test)]
mod tests;
mod verify;
mod word;

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use thiserror::Error;

use self::build::{Stage, StepError};
use self::monoid::Monoid;
use self::word::compare_sums;
pub(crate) use self::word::{generator_name, Element, Relation, Word};
use crate::games::heap::TakeBreak;
use crate::values::Outcome;

/// The largest quotient [`quotient`] builds before it gives up.
pub(crate) const DEFAULT_MAX_ORDER: usize = 100_000;

/// The most (element, option elements) pairs a verification keeps before it gives up.
pub(crate) const MAX_VERIFICATION_STATES: usize = verify::MAX_STATES;

/// What adding one heap did to the quotient.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum StepKind {
    /// The heap has no move: it is the empty position, the identity.
    NoMoves,
    /// The heap is indistinguishable from an element already there; the quotient is unchanged.
    Existing,
    /// The quotient grew (and may have changed its shape).
    Grew,
}

/// The quotient after one more heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuotientStep {
    /// The largest heap: this is the quotient of heaps `1..=heap`.
    pub heap: usize,
    /// Its order (number of elements).
    pub order: usize,
    /// How many of its elements are in the P-portion.
    pub p_count: usize,
    /// What the heap did to the quotient.
    pub(crate) kind: StepKind,
}

/// What the construction of a quotient tells as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum QuotientProgress {
    /// The quotient of heaps `1..=heap` is finished.
    Heap(usize),
    /// Heap `heap` grows the quotient, and candidate monoid number `trial` for it (from 1) was
    /// built, of `elements` elements; a candidate past `limit` ends the quotient at the heap
    /// before ([`QuotientError::TooLarge`]).
    Trial {
        /// The heap being added.
        heap: usize,
        /// How many candidates this heap has been given, this one included.
        trial: usize,
        /// The candidate's order.
        elements: usize,
        /// The largest order a candidate may have.
        limit: usize,
    },
}

/// A proven period of the heaps' elements (see the module documentation for the theorem).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct QuotientPeriod {
    /// `n0`: the heaps' elements repeat from here on.
    pub(crate) preperiod: usize,
    /// `p`: heap `n + p` has the element of heap `n` for every `n ≥ n0`.
    pub(crate) period: usize,
}

/// Why no quotient was returned. Each error carries the quotient of the heaps finished before
/// it (`partial`), which is correct for those heaps.
#[derive(Clone, Debug, Error)]
pub enum QuotientError {
    /// The stop flag was raised.
    #[error("stopped while adding heap {heap}: the quotient is known for heaps up to {}", heap - 1)]
    Stopped {
        /// The heap being added.
        heap: usize,
        /// The quotient of the heaps before.
        partial: Box<MisereQuotient>,
    },
    /// The quotient needs more elements than allowed, or (`candidate`) a trial or candidate
    /// monoid on the way to it needs more than 8 times that: the quotient is then likely large
    /// or infinite, but that is not proven.
    #[error("{}", too_large_message(*heap, *order, *limit, *candidate))]
    TooLarge {
        /// The heap being added.
        heap: usize,
        /// The order needed.
        order: usize,
        /// The largest quotient allowed.
        limit: usize,
        /// Whether it was an unverified candidate or trial that grew too large, not the
        /// quotient itself.
        candidate: bool,
        /// The quotient of the heaps before.
        partial: Box<MisereQuotient>,
    },
    /// Verifying a quotient would keep too many (element, option elements) pairs.
    #[error("verifying the misère quotient of heaps up to {heap} needs more than {limit} (element, options) pairs")]
    TooManyStates {
        /// The heap being added.
        heap: usize,
        /// The most pairs allowed, `MAX_VERIFICATION_STATES`.
        limit: usize,
        /// The quotient of the heaps before.
        partial: Box<MisereQuotient>,
    },
}

fn too_large_message(heap: usize, order: usize, limit: usize, candidate: bool) -> String {
    if candidate {
        format!(
            "adding heap {heap} to the misère quotient needs a candidate monoid of {order} \
             elements, more than {} times the limit of {limit}",
            build::CANDIDATE_FACTOR
        )
    } else {
        format!(
            "the misère quotient of heaps up to {heap} has {order} elements, more than the \
             limit of {limit}"
        )
    }
}

/// A heap the quotient says nothing about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error(
    "heap {heap} is beyond the quotient, which holds heaps up to {up_to} and has no proven period"
)]
pub struct BeyondQuotient {
    /// The heap asked about.
    pub(crate) heap: usize,
    /// The largest heap the quotient was computed for.
    pub(crate) up_to: usize,
}

/// The misère quotient of the sums of heaps `1..=N` of a take-and-break game, with the element
/// of each heap, a presentation, and how it grew heap by heap. See the module documentation.
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    rule: TakeBreak,
    up_to: usize,
    monoid: Monoid,
    p: Vec<bool>,
    heap_elements: Vec<u32>,
    generators: Vec<usize>,
    normal_forms: Vec<Word>,
    relations: Vec<Relation>,
    history: Vec<QuotientStep>,
    period: Option<QuotientPeriod>,
}

/// The misère quotient of `rule` restricted to heaps of `1..=up_to` tokens, refusing a quotient
/// of more than `DEFAULT_MAX_ORDER` elements. `stop` is read between heaps and often during
/// each one; when it is raised the work ends with [`QuotientError::Stopped`].
pub fn quotient(
    rule: &TakeBreak,
    up_to: usize,
    stop: &AtomicBool,
) -> Result<MisereQuotient, QuotientError> {
    quotient_with_max_order(rule, up_to, DEFAULT_MAX_ORDER, stop)
}

/// [`quotient`], telling `progress` the heaps finished after each one (a quotient of
/// thousands of heaps takes minutes, the larger orders most of them) and, while a heap grows
/// the quotient, each candidate tried for it (one heap may take minutes of trials).
pub(crate) fn quotient_with_progress(
    rule: &TakeBreak,
    up_to: usize,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(QuotientProgress),
) -> Result<MisereQuotient, QuotientError> {
    computed_quotient(rule, up_to, DEFAULT_MAX_ORDER, stop, true, progress)
}

/// [`quotient`] with another largest order allowed.
///
/// For a finite octal game the heaps are not all computed: once the periodicity theorem proves
/// the period (it is tried at every power of two from 32 on), the quotient is the quotient of
/// the whole game and the remaining heaps' elements are copied from the period.
pub fn quotient_with_max_order(
    rule: &TakeBreak,
    up_to: usize,
    max_order: usize,
    stop: &AtomicBool,
) -> Result<MisereQuotient, QuotientError> {
    computed_quotient(rule, up_to, max_order, stop, true, &mut |_| {})
}

/// [`quotient_with_max_order`], copying from a proven period only when `use_period`.
fn computed_quotient(
    rule: &TakeBreak,
    up_to: usize,
    max_order: usize,
    stop: &AtomicBool,
    use_period: bool,
    progress: &mut dyn FnMut(QuotientProgress),
) -> Result<MisereQuotient, QuotientError> {
    let mut stage = Stage::start();
    let mut history = Vec::with_capacity(up_to);
    for heap in 1..=up_to {
        let partial = |stage: Stage, history: Vec<QuotientStep>| {
            Box::new(MisereQuotient::from_stage(rule, stage, history))
        };
        if stop.load(Ordering::Relaxed) {
            return Err(QuotientError::Stopped {
                heap,
                partial: partial(stage, history),
            });
        }
        match stage.advance(rule, max_order, stop, progress) {
            Ok(kind) => {
                history.push(QuotientStep {
                    heap,
                    order: stage.monoid.order(),
                    p_count: stage.p.iter().filter(|&&p| p).count(),
                    kind,
                });
                progress(QuotientProgress::Heap(heap));
            }
            Err(StepError::Stopped) => {
                return Err(QuotientError::Stopped {
                    heap,
                    partial: partial(stage, history),
                })
            }
            Err(StepError::TooLarge { order, candidate }) => {
                return Err(QuotientError::TooLarge {
                    heap,
                    order,
                    limit: max_order,
                    candidate,
                    partial: partial(stage, history),
                })
            }
            Err(StepError::TooManyStates) => {
                return Err(QuotientError::TooManyStates {
                    heap,
                    limit: MAX_VERIFICATION_STATES,
                    partial: partial(stage, history),
                })
            }
        }
        if use_period
            && heap >= 32
            && heap.is_power_of_two()
            && heap < up_to
            && prove_period(rule, &stage.heap_elements).is_some()
        {
            let mut q = MisereQuotient::from_stage(rule, stage, history);
            q.continue_by_period(up_to);
            return Ok(q);
        }
    }
    Ok(MisereQuotient::from_stage(rule, stage, history))
}

impl MisereQuotient {
    fn from_stage(rule: &TakeBreak, stage: Stage, history: Vec<QuotientStep>) -> MisereQuotient {
        let (generators, normal_forms, relations) = presentation(&stage);
        let period = prove_period(rule, &stage.heap_elements);
        MisereQuotient {
            rule: rule.clone(),
            up_to: stage.heap,
            monoid: stage.monoid,
            p: stage.p,
            heap_elements: stage.heap_elements,
            generators,
            normal_forms,
            relations,
            history,
            period,
        }
    }

    /// Extends a quotient with a proven period to heaps up to `up_to`: it is the quotient of the
    /// whole game, and each heap has the element of the heap one period before.
    fn continue_by_period(&mut self, up_to: usize) {
        let Some(QuotientPeriod { preperiod, period }) = self.period else {
            return;
        };
        let (order, p_count) = (self.order(), self.p.iter().filter(|&&p| p).count());
        for heap in self.up_to + 1..=up_to {
            let element = self.heap_elements[preperiod + (heap - preperiod) % period];
            self.heap_elements.push(element);
            let kind = if has_a_move(&self.rule, heap) {
                StepKind::Existing
            } else {
                StepKind::NoMoves
            };
            self.history.push(QuotientStep {
                heap,
                order,
                p_count,
                kind,
            });
        }
        self.up_to = up_to;
    }

    /// The largest heap: this is the quotient of the sums of heaps `1..=up_to`.
    #[must_use]
    pub(crate) fn up_to(&self) -> usize {
        self.up_to
    }

    /// The number of elements.
    #[must_use]
    pub fn order(&self) -> usize {
        self.monoid.order()
    }

    /// Every element, the identity first.
    pub(crate) fn elements(&self) -> impl Iterator<Item = Element> {
        (0..self.order() as u32).map(Element)
    }

    /// Whether the positions of `element` are misère P-positions (the player to move loses).
    #[must_use]
    pub(crate) fn is_p(&self, element: Element) -> bool {
        self.p[element.index()]
    }

    /// The P-portion: the elements whose positions are misère P-positions, in increasing order.
    #[must_use]
    pub fn p_portion(&self) -> Vec<Element> {
        self.elements().filter(|&e| self.is_p(e)).collect()
    }

    /// The generators, as heap sizes in increasing order: the heaps that are not
    /// indistinguishable from any sum of smaller heaps. They are named `a`, `b`, `c`, ...
    /// (`generator_name`) in this order.
    #[must_use]
    pub fn generators(&self) -> &[usize] {
        &self.generators
    }

    /// The defining relations, each a word that is not the normal form of its element (though
    /// every word dividing it is) equated with that normal form: `a² = 1`, `b³ = b`, ... They
    /// rewrite any word in the generators to its normal form.
    #[must_use]
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }

    /// The normal form of `element`: its least word in the generators, where words compare by
    /// the exponent of the last generator first (so it uses the smallest heaps it can).
    #[must_use]
    pub fn element_word(&self, element: Element) -> &Word {
        &self.normal_forms[element.index()]
    }

    /// The element of a heap of `heap` tokens (heap 0 is the empty position, the identity).
    /// Past [`MisereQuotient::up_to`] only when the period is proven.
    pub(crate) fn heap_element(&self, heap: usize) -> Result<Element, BeyondQuotient> {
        if let Some(&element) = self.heap_elements.get(heap) {
            return Ok(Element(element));
        }
        match self.period {
            Some(QuotientPeriod { preperiod, period }) => {
                let same = preperiod + (heap - preperiod) % period;
                Ok(Element(self.heap_elements[same]))
            }
            None => Err(BeyondQuotient {
                heap,
                up_to: self.up_to,
            }),
        }
    }

    /// The normal form of a heap's element: `ab` for a heap that is a heap `a` and a heap `b`.
    pub fn heap_word(&self, heap: usize) -> Result<&Word, BeyondQuotient> {
        Ok(self.element_word(self.heap_element(heap)?))
    }

    /// The product `a·b`: the element of the sum of a position of `a` and one of `b`.
    #[must_use]
    pub(crate) fn multiply(&self, a: Element, b: Element) -> Element {
        Element(self.monoid.mul(a.0, b.0))
    }

    /// The multiplication table, `table[a * order + b]` the index of `a·b`, when the order is
    /// at most 2048 (larger quotients multiply by walking a word of the second factor, in time
    /// proportional to its length).
    #[must_use]
    #[cfg(test)]
    pub(crate) fn multiplication_table(&self) -> Option<&[u32]> {
        self.monoid.table()
    }

    /// The element of the sum of heaps `heaps`: the product of the heaps' elements.
    pub(crate) fn sum_element(&self, heaps: &[usize]) -> Result<Element, BeyondQuotient> {
        heaps.iter().try_fold(Element::IDENTITY, |product, &heap| {
            Ok(self.multiply(product, self.heap_element(heap)?))
        })
    }

    /// The misère outcome of the sum of heaps `heaps`, in one multiplication per heap.
    pub fn outcome(&self, heaps: &[usize]) -> Result<Outcome, BeyondQuotient> {
        let element = self.sum_element(heaps)?;
        Ok(if self.is_p(element) {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// The quotient of heaps `1..=n` for each `n` up to `MisereQuotient::up_to`: its order,
    /// its P-portion's size and what heap `n` did to it.
    #[must_use]
    pub fn history(&self) -> &[QuotientStep] {
        &self.history
    }

    /// The last heap that changed the quotient (0 if none did): the quotient of heaps up to
    /// any `n` from here to [`MisereQuotient::up_to`] is this one. This alone proves nothing
    /// about larger heaps; see [`MisereQuotient::period`].
    #[must_use]
    pub(crate) fn stable_from(&self) -> usize {
        self.history
            .iter()
            .rev()
            .find(|step| step.kind == StepKind::Grew)
            .map_or(0, |step| step.heap)
    }

    /// The period of the heaps' elements when the periodicity theorem for octal games proves
    /// it from the heaps computed, with the least period and pre-period it proves: then this is
    /// the quotient of the whole game. `None` for other games, or when the heaps computed are
    /// too few.
    #[must_use]
    pub(crate) fn period(&self) -> Option<QuotientPeriod> {
        self.period
    }
}

impl fmt::Display for MisereQuotient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |items: Vec<String>| items.join(", ");
        writeln!(
            f,
            "misère quotient of {} for heaps 1 to {}: order {}, {} in the P-portion",
            self.rule,
            self.up_to,
            self.order(),
            self.p.iter().filter(|&&p| p).count()
        )?;
        writeln!(
            f,
            "generators: {}",
            list(
                self.generators
                    .iter()
                    .enumerate()
                    .map(|(i, heap)| format!("{} = heap {heap}", generator_name(i)))
                    .collect()
            )
        )?;
        writeln!(
            f,
            "relations: {}",
            list(self.relations.iter().map(ToString::to_string).collect())
        )?;
        writeln!(
            f,
            "P-portion: {}",
            list(
                self.p_portion()
                    .into_iter()
                    .map(|e| self.element_word(e).to_string())
                    .collect()
            )
        )?;
        write!(
            f,
            "heaps: {}",
            list(
                (1..=self.up_to)
                    .map(|h| format!("{h} {}", self.normal_forms[self.heap_elements[h] as usize]))
                    .collect()
            )
        )?;
        if let Some(QuotientPeriod { preperiod, period }) = self.period {
            write!(
                f,
                "\nproven: heap n + {period} is heap n from n = {preperiod} on"
            )?;
        }
        Ok(())
    }
}

/// The generators (heap sizes), every element's normal form and the defining relations.
fn presentation(stage: &Stage) -> (Vec<usize>, Vec<Word>, Vec<Relation>) {
    let monoid = &stage.monoid;
    // The least sums over heaps that may generate; the heaps whose element's least sum is the
    // heap alone are the generators.
    let candidates: Vec<u32> = stage
        .generator_heaps
        .iter()
        .map(|&h| stage.heap_elements[h])
        .collect();
    let walk = least_words(monoid, &candidates);
    let generators: Vec<usize> = stage
        .generator_heaps
        .iter()
        .enumerate()
        .filter(|&(i, &h)| {
            let x = stage.heap_elements[h];
            x != 0 && walk.last[x as usize] == (0, i as u32)
        })
        .map(|(_, &h)| h)
        .collect();
    let elements: Vec<u32> = generators.iter().map(|&h| stage.heap_elements[h]).collect();
    let walk = least_words(monoid, &elements);
    let exponents = |mut x: u32| {
        let mut exponents = vec![0u32; elements.len()];
        while x != 0 {
            let (before, generator) = walk.last[x as usize];
            exponents[generator as usize] += 1;
            x = before;
        }
        exponents
    };
    let normal: Vec<Vec<u32>> = (0..monoid.order() as u32).map(exponents).collect();
    let element_of = |exponents: &[u32]| {
        let mut x = 0;
        for (g, &e) in exponents.iter().enumerate() {
            for _ in 0..e {
                x = monoid.mul(x, elements[g]);
            }
        }
        x
    };
    let mut relations: Vec<(Vec<u32>, u32)> = Vec::new();
    for &(x, generator) in &walk.pruned {
        let mut left = normal[x as usize].clone();
        left[generator] += 1;
        // Minimal: every word dividing it by one generator is a normal form.
        let minimal = (0..left.len()).filter(|&g| left[g] > 0).all(|g| {
            let mut smaller = left.clone();
            smaller[g] -= 1;
            normal[element_of(&smaller) as usize] == smaller
        });
        if minimal {
            relations.push((left, monoid.mul(x, elements[generator])));
        }
    }
    relations.sort_by(|a, b| compare_sums(&a.0, &b.0));
    relations.dedup_by(|a, b| a.0 == b.0);
    let relations = relations
        .into_iter()
        .map(|(left, x)| Relation {
            left: Word::from_exponents(&left),
            right: Word::from_exponents(&normal[x as usize]),
        })
        .collect();
    let normal_forms = normal.iter().map(|e| Word::from_exponents(e)).collect();
    (generators, normal_forms, relations)
}

/// Each element's least word over generators (elements `generators`, in order), and the words
/// one generator past a least word that are not least.
struct LeastWords {
    /// `(element before, generator added last)`; the identity has `(0, 0)`.
    last: Vec<(u32, u32)>,
    /// `(x, g)`: the least word of `x` times generator `g` is not a least word.
    pruned: Vec<(u32, usize)>,
}

/// Walks the words in the generators in increasing order (the exponent of the last generator
/// first), keeping the first word of each element.
fn least_words(monoid: &Monoid, generators: &[u32]) -> LeastWords {
    let order = monoid.order();
    let mut last = vec![(0u32, 0u32); order];
    let mut seen = vec![false; order];
    seen[0] = true;
    let mut pruned = Vec::new();
    let Some(top) = generators.len().checked_sub(1) else {
        return LeastWords { last, pruned };
    };
    // (element, whether the words with no more of this generator were walked)
    let mut frames: Vec<(u32, bool)> = vec![(0, top == 0)];
    while let Some(level) = frames.len().checked_sub(1) {
        let depth = top - level;
        let (x, smaller_done) = frames[level];
        if !smaller_done {
            frames[level].1 = true;
            frames.push((x, depth == 1));
            continue;
        }
        let y = monoid.mul(x, generators[depth]);
        if seen[y as usize] {
            pruned.push((x, depth));
            frames.pop();
            continue;
        }
        seen[y as usize] = true;
        last[y as usize] = (x, depth as u32);
        frames[level].0 = y;
        if depth > 0 {
            frames.push((y, depth == 1));
        }
    }
    LeastWords { last, pruned }
}

/// Whether a heap of `heap` tokens has a move under a finite octal code (digits below 8).
fn has_a_move(rule: &TakeBreak, heap: usize) -> bool {
    let most = rule.max_taken().unwrap_or(heap).min(heap);
    (0..=most).any(|taken| {
        let digit = rule.digit(taken);
        let rest = heap - taken;
        (digit & 1 != 0 && rest == 0)
            || (digit & 2 != 0 && rest >= 1)
            || (digit & 4 != 0 && rest >= 2)
    })
}

/// The period the misère periodicity theorem proves for finite octal games (module
/// documentation), the least one and its least pre-period.
fn prove_period(rule: &TakeBreak, heap_elements: &[u32]) -> Option<QuotientPeriod> {
    if !rule.is_finite_octal() {
        return None;
    }
    let most_taken = rule.max_taken()?;
    let up_to = heap_elements.len() - 1;
    // N ≥ 2·n0 + 2p + k - 1 with n0 ≥ 0.
    let mut period = 1;
    while up_to + 1 >= 2 * period + most_taken {
        let last_exception = (0..=up_to - period)
            .rev()
            .find(|&n| heap_elements[n] != heap_elements[n + period]);
        let preperiod = last_exception.map_or(0, |n| n + 1);
        if up_to + 1 >= 2 * preperiod + 2 * period + most_taken {
            return Some(QuotientPeriod { preperiod, period });
        }
        period += 1;
    }
    None
}
