//! Whether a monoid with a marked P-portion and an element for each heap tells the misère
//! outcome of *every* sum of heaps, and if not, the least sum it gets wrong.
//!
//! Write `Φ(w)` for the element of a sum `w` (the product of its heaps' elements) and `T_h` for
//! the elements of the options of heap `h`. The options of `w + h` are `w' + h` for the options
//! `w'` of `w`, and `w + t` for the options `t` of `h`, so the set `S(w)` of the elements of
//! the options of `w` follows the sum heap by heap:
//!
//! ```text
//! S(w + h) = S(w)·Φ(h) ∪ Φ(w)·T_h
//! ```
//!
//! A structure is *correct* when `Φ(w)` is in P exactly for the misère P-positions `w`. By
//! induction on the size of `w` that holds if and only if, for every non-empty sum `w`,
//! `Φ(w)` is in P exactly when no element of `S(w)` is (and the identity is not in P: the empty
//! sum is an N-position under misère play). That is checked in two halves:
//!
//! - *P-check*: for every element `x` and heap `h`, if `x·Φ(h)` is in P then `x·t` is not, for
//!   every `t` in `T_h` (every element is the element of some sum, so this covers every sum
//!   with a heap `h` in it);
//! - *N-check*: for every non-empty sum `w` with `Φ(w)` outside P, some element of `S(w)` is in
//!   P. The pairs `(Φ(w), S(w))` are finitely many, so the sums are walked in increasing order
//!   and a pair whose set contains the set of a pair already seen with the same element is not
//!   followed: having more options only helps the player to move, and it stays so when the same
//!   heaps are added to both.
//!
//! Sums are walked in the order of [`compare_sums`](super::word::compare_sums), so the first
//! failure found is the least sum whose outcome the structure gets wrong.

use std::cmp::Ordering;
use std::rc::Rc;
use std::sync::atomic::{self, AtomicBool};

use super::monoid::Monoid;

/// The most pairs the N-check keeps before it gives up.
pub(crate) const MAX_STATES: usize = 1 << 21;

/// A set of elements (the elements of the options of a sum), sorted, with a 64-bit summary for
/// quick subset tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ElementSet {
    summary: u64,
    items: Vec<u32>,
}

impl ElementSet {
    /// The set of `items` (in any order, with repeats).
    pub(crate) fn new(mut items: Vec<u32>) -> ElementSet {
        items.sort_unstable();
        items.dedup();
        let summary = items.iter().fold(0u64, |acc, &x| acc | 1 << (x % 64));
        ElementSet { summary, items }
    }

    pub(crate) fn items(&self) -> &[u32] {
        &self.items
    }

    pub(crate) fn is_subset_of(&self, other: &ElementSet) -> bool {
        if self.summary & !other.summary != 0 || self.items.len() > other.items.len() {
            return false;
        }
        let mut rest = other.items.iter();
        self.items.iter().all(|x| rest.by_ref().any(|y| y == x))
    }

    fn meets(&self, marked: &[bool]) -> bool {
        self.items.iter().any(|&x| marked[x as usize])
    }
}

/// A heap as the checks see it: its size, its element and the elements of its options.
#[derive(Clone, Debug)]
pub(crate) struct Behaviour {
    pub(crate) heap: usize,
    pub(crate) element: u32,
    pub(crate) options: ElementSet,
}

/// For each element, the sets `S(w)` of the sums `w` seen so far that no other seen set with
/// the same element is contained in: every sum walked has a set containing one of them.
#[derive(Clone, Debug)]
pub(crate) struct Antichains {
    sets: Vec<Vec<Rc<ElementSet>>>,
    states: usize,
}

impl Antichains {
    pub(crate) fn new(order: usize) -> Antichains {
        Antichains {
            sets: vec![Vec::new(); order],
            states: 0,
        }
    }

    /// Whether some sum seen with element `x` has all its option elements in `set`.
    pub(crate) fn covers(&self, x: u32, set: &ElementSet) -> bool {
        self.sets[x as usize]
            .iter()
            .any(|seen| seen.is_subset_of(set))
    }

    fn insert(&mut self, x: u32, set: Rc<ElementSet>) {
        let list = &mut self.sets[x as usize];
        let before = list.len();
        list.retain(|seen| !set.is_subset_of(seen));
        self.states -= before - list.len();
        list.push(set);
        self.states += 1;
    }

    /// How many sets are kept.
    pub(crate) fn states(&self) -> usize {
        self.states
    }
}

/// Why a check did not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unfinished {
    /// The stop flag was raised.
    Stopped,
    /// More pairs than the limit would have to be kept.
    TooManyStates,
}

/// The pair after adding heap `behaviour` to a sum with element `x` and option elements `set`.
fn add_heap(monoid: &Monoid, x: u32, set: &ElementSet, behaviour: &Behaviour) -> (u32, ElementSet) {
    let mut items = Vec::with_capacity(set.items.len() + behaviour.options.items.len());
    items.extend(set.items.iter().map(|&s| monoid.mul(s, behaviour.element)));
    items.extend(behaviour.options.items.iter().map(|&t| monoid.mul(x, t)));
    (monoid.mul(x, behaviour.element), ElementSet::new(items))
}

/// The P-check for one heap with element `element` and option elements `options`: every `x`
/// with `x·element` in P and `x·t` in P for some option `t` (each a failure at the least sum of
/// element `x` plus the heap).
pub(crate) fn p_failures<'a>(
    monoid: &'a Monoid,
    p: &'a [bool],
    element: u32,
    options: &ElementSet,
) -> impl Iterator<Item = u32> + 'a {
    let options = options.items.clone();
    (0..monoid.order() as u32).filter(move |&x| {
        p[monoid.mul(x, element) as usize] && options.iter().any(|&t| p[monoid.mul(x, t) as usize])
    })
}

/// Whether the P-check passes for one heap.
pub(crate) fn p_check_passes(
    monoid: &Monoid,
    p: &[bool],
    element: u32,
    options: &ElementSet,
) -> bool {
    p_failures(monoid, p, element, options).next().is_none()
}

/// One level of the walk: sums whose heaps above this level are fixed, this heap taken
/// `exponent` times so far, and no smaller heap yet.
struct Frame {
    x: u32,
    set: Rc<ElementSet>,
    exponent: u32,
    /// Whether the sums with no more of this heap have been walked.
    smaller_done: bool,
}

/// The N-check: walks the sums of the heaps `behaviours` (in increasing heap order) in
/// increasing order and returns the first whose element is outside P while none of its options'
/// elements is in P, as exponents by heap size (`None` when there is none).
///
/// `antichains` holds the pairs already walked (empty for a fresh check) and receives the new
/// ones. With `top_at_least_once` only sums holding the last heap of `behaviours` at least once
/// are walked: the others were checked with `antichains`. With `bound`, the walk ends at the
/// first sum not below it (a failure is known there already).
pub(crate) fn n_check(
    monoid: &Monoid,
    p: &[bool],
    behaviours: &[Behaviour],
    top_at_least_once: bool,
    antichains: &mut Antichains,
    bound: Option<&[u32]>,
    stop: &AtomicBool,
) -> Result<Option<Vec<u32>>, Unfinished> {
    let Some(top) = behaviours.len().checked_sub(1) else {
        return Ok(None);
    };
    let heap_count = behaviours[top].heap + 1;
    let mut frames = vec![Frame {
        x: 0,
        set: Rc::new(ElementSet::new(Vec::new())),
        exponent: 0,
        smaller_done: top_at_least_once || top == 0,
    }];
    let mut steps = 0u64;
    while let Some(level) = frames.len().checked_sub(1) {
        let depth = top - level;
        let frame = &mut frames[level];
        if !frame.smaller_done {
            frame.smaller_done = true;
            let child = Frame {
                x: frame.x,
                set: Rc::clone(&frame.set),
                exponent: 0,
                smaller_done: depth == 1,
            };
            frames.push(child);
            continue;
        }
        steps += 1;
        if steps % 1024 == 0 && stop.load(atomic::Ordering::Relaxed) {
            return Err(Unfinished::Stopped);
        }
        let behaviour = &behaviours[depth];
        let (x, set) = add_heap(monoid, frame.x, &frame.set, behaviour);
        if antichains.covers(x, &set) {
            frames.pop();
            continue;
        }
        frame.exponent += 1;
        if let Some(bound) = bound {
            if sum_is_not_below(&frames, behaviours, top, bound) {
                return Ok(None);
            }
        }
        if !p[x as usize] && !set.meets(p) {
            return Ok(Some(sum_of(&frames, behaviours, top, heap_count)));
        }
        let set = Rc::new(set);
        antichains.insert(x, Rc::clone(&set));
        if antichains.states() > MAX_STATES {
            return Err(Unfinished::TooManyStates);
        }
        let frame = &mut frames[level];
        frame.x = x;
        frame.set = Rc::clone(&set);
        if depth > 0 {
            frames.push(Frame {
                x,
                set,
                exponent: 0,
                smaller_done: depth == 1,
            });
        }
    }
    Ok(None)
}

/// The sum the walk is at, as exponents by heap size.
fn sum_of(frames: &[Frame], behaviours: &[Behaviour], top: usize, heap_count: usize) -> Vec<u32> {
    let mut sum = vec![0u32; heap_count];
    for (level, frame) in frames.iter().enumerate() {
        sum[behaviours[top - level].heap] += frame.exponent;
    }
    sum
}

/// Whether the sum the walk is at is at least `bound`, comparing from the largest heap down and
/// stopping at the first difference.
fn sum_is_not_below(frames: &[Frame], behaviours: &[Behaviour], top: usize, bound: &[u32]) -> bool {
    // Whether the bound holds a heap in `from..to`, where the walk holds none.
    let bound_holds = |from: usize, to: usize| {
        let (from, to) = (from.min(bound.len()), to.min(bound.len()));
        bound[from..to.max(from)].iter().any(|&e| e > 0)
    };
    // Heaps of the bound above every heap walked make it larger.
    let mut above = behaviours[top].heap + 1;
    if bound_holds(above, usize::MAX) {
        return false;
    }
    for (level, frame) in frames.iter().enumerate() {
        let heap = behaviours[top - level].heap;
        if bound_holds(heap + 1, above) {
            return false;
        }
        above = heap;
        let bound_exponent = bound.get(heap).copied().unwrap_or(0);
        match frame.exponent.cmp(&bound_exponent) {
            Ordering::Equal => {}
            Ordering::Greater => return true,
            Ordering::Less => return false,
        }
    }
    // Equal down to the current level; below it the walk holds no heaps yet.
    !bound_holds(0, above)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_know_their_subsets() {
        let small = ElementSet::new(vec![3, 1]);
        let big = ElementSet::new(vec![1, 2, 3, 3]);
        assert_eq!(big.items(), &[1, 2, 3]);
        assert!(small.is_subset_of(&big));
        assert!(!big.is_subset_of(&small));
        assert!(ElementSet::new(vec![]).is_subset_of(&small));
        assert!(!ElementSet::new(vec![65]).is_subset_of(&ElementSet::new(vec![1, 66])));
    }

    #[test]
    fn antichains_keep_only_the_least_sets() {
        let mut antichains = Antichains::new(2);
        antichains.insert(1, Rc::new(ElementSet::new(vec![0, 1])));
        antichains.insert(1, Rc::new(ElementSet::new(vec![0])));
        assert_eq!(antichains.states(), 1);
        assert!(antichains.covers(1, &ElementSet::new(vec![0, 1])));
        assert!(!antichains.covers(1, &ElementSet::new(vec![1])));
        assert!(!antichains.covers(0, &ElementSet::new(vec![0, 1])));
    }
}
