//! Nim-sequences in memory that does not grow with the heap: the finished prefix and a window
//! of recent values, for games whose rare values are finished.
//!
//! The sparse-space method ([`super::nim_sequence`]) reads, for heap `n`, three kinds of value:
//! - `g(n - t)` for the few `t` a move takes: recent values;
//! - `g(rest - s)` for every *sparse* (rare) heap `s`, `rest = n - t`: when the last rare heap is
//!   `S`, values no older than `n - t - S`;
//! - the pairs `g(a) ^ g(rest - a)` marked from the small end, `a = 1, 2, …`, until every value
//!   below the mex has turned up: small heaps `a` and recent heaps `rest - a`.
//!
//! Only a heap whose own value turns out rare (or whose small-end marking runs long) needs all
//! its breaks, hence the whole sequence. So a game whose rare heaps all lie in the first `W`
//! heaps (0.6: 1,584 rare heaps, the last at 20,627) can go on with the first `W` values and
//! the last `W` only, `6·W` bytes whatever the heap. When a heap needs anything outside them (a
//! new rare heap, a marking scan past the window) the computation stops with
//! [`WindowError`], naming the heap and what to raise: never a wrong value.
//!
//! Games with no rare class (0.04, 0.06, 0.007: the best mask leaves an eighth or more of the
//! heaps rare, and new ones keep coming) stop at their first rare heap past the prefix, or at
//! the start when a rare heap lies too near the end of the prefix.
//!
//! The state serialises to bytes ([`WindowedSequence::to_bytes`]) and is read back, checked,
//! for a run resumed from a checkpoint (`SavedState`): the last `W` values, the counts, and a
//! hash of the prefix, which is recomputed on resume and must agree.
//!
//! ```
//! use grundy::request::{sequence_game, windowed_sequence, Kept, WindowedRequest};
//! use grundy::watch::Watch;
//!
//! let request = WindowedRequest {
//!     game: sequence_game("0.6").unwrap(),
//!     to: Some(100_000),
//!     window: Some(1 << 16),
//!     resume: None,
//!     memory: 1 << 30,
//!     threads: 2,
//! };
//! let run = windowed_sequence(&request, &Watch::new(), &mut Kept::Nowhere).unwrap();
//! assert_eq!((run.report.rare.heaps(), run.report.rare.last()), (1584, Some(20627)));
//! ```

use std::ops::Range;
use std::sync::mpsc;

use thiserror::Error;

use super::heap_values::Slices;
use super::rule::TakeBreak;
use super::sparse_space::{
    classes, collect_breaks, first_missing, first_missing_unmade, mark_pairs, mark_sparse_pairs,
    pairs_read_to_reach, partners, SparseSpace, COMPACT_LIMIT, MARK_BLOCK,
};
use crate::games::work_observer::WorkObserver;
use checkpoint::hash_values;
pub(crate) use checkpoint::SavedState;
use marks_ahead::{
    block_heaps, parts_left_to_the_heap, premarked_parts, BlockMarks, SparseMarker, BLOCK_BYTES,
};
pub use report::{ValueCounts, WindowedReport};

mod checkpoint;
mod marks_ahead;
mod report;

/// The window when none is given: 2^18 heaps, 1.5 MiB of values. 0.6 needs 20,628 for its
/// rare heaps; the rest is room for the small-end marking, which the report's `deepest_scan`
/// shows.
pub const DEFAULT_WINDOW: usize = 1 << 18;

/// The smallest window accepted.
pub const MIN_WINDOW: usize = 64;

/// The most bytes a run holds for each heap of its window. At its start: the prefix computed
/// by the whole-sequence method (4 bytes a heap), copied into the state's prefix (2 bytes)
/// and its recent values, which take up to twice the window (4 bytes) before they are moved
/// down. After it, the prefix and the recent values (6 bytes) and the values that the blocks
/// of marks ahead read (up to 2 bytes a heap each, two of them and the block
/// being finished: 6 bytes); the marks themselves are [`MARKS_AHEAD_BYTES`] more.
pub const BYTES_PER_WINDOW_HEAP: u64 = 12;

/// The bytes of the marks of the heaps ahead, whatever the window: two blocks and
/// the one being finished, each with its table of every 16-bit value.
pub const MARKS_AHEAD_BYTES: u64 = (BLOCKS_AHEAD as u64 + 1) * (BLOCK_BYTES + COMPACT_LIMIT) as u64;

/// The largest window accepted: 6 GiB of values.
pub const MAX_WINDOW: usize = 1 << 30;

/// How many blocks of heaps the marking thread is handed ahead of the one being finished: it
/// has the time of this many blocks to wake and mark the next, and the pairs left to each heap
/// reach back this many blocks and part of one more.
const BLOCKS_AHEAD: usize = 2;

/// How many heap sizes pass between calls to the observer's `progress`.
const PROGRESS_INTERVAL: usize = 1 << 16;

/// How many of the last values a report lists.
pub(crate) const LAST_VALUES_SHOWN: usize = 20;

/// Pairs from the small end marked for every value at once (a store each); past them, a value
/// still missing is looked for by a scan that compares and stops at its first hit, cheaper
/// when few values are left.
const MARKED_PAIRS: usize = 1024;

/// Pairs of each break looked at in turn when a value is looked for alone: the breaks are
/// taken together a step at a time, so that a value one break reaches early is not looked for
/// through the whole of another first.
const SCAN_STEP: usize = 512;

/// A heap's breaks as the window holds them: the smaller parts' values from the prefix, their
/// partners' from the recent values, as far as the window holds the partners (the smaller part
/// `reach`).
struct WindowPairs<'a> {
    prefix: &'a [u16],
    recent: &'a [u16],
    base: usize,
    reach: usize,
}

impl WindowPairs<'_> {
    /// The pairs of the break of `rest` tokens whose smaller part runs over `smaller`: the
    /// values `g(a)` in order, and the values `g(rest - a)` as they lie, so that `low[k]` pairs
    /// with `high[high.len() - 1 - k]` (as [`mark_pairs`] and [`pairs_read_to_reach`] read
    /// them).
    fn of(&self, rest: usize, smaller: Range<usize>) -> (&[u16], &[u16]) {
        let high = partners(rest, &smaller, self.base);
        (&self.prefix[smaller], &self.recent[high])
    }

    /// How many pairs from the small end were read, from the smaller part `start` on and
    /// [`SCAN_STEP`] of each break in turn, to one whose nim-sum is `target` (None: none has,
    /// as far as the window holds). A break is `(rest, last)`: `rest` tokens split into a
    /// smaller part of at most `last`.
    fn read_to_reach(&self, breaks: &[(usize, usize)], start: usize, target: u16) -> Option<usize> {
        let most_parts = breaks.iter().map(|&(_, last)| last).max()?;
        let end = (most_parts + 1).min(self.reach + 1);
        let mut from = start;
        while from < end {
            let to = (from + SCAN_STEP).min(end);
            for &(rest, last) in breaks {
                let to = to.min(last + 1);
                if from >= to {
                    continue;
                }
                let (low, high) = self.of(rest, from..to);
                if let Some(read) = pairs_read_to_reach(low, high, target) {
                    return Some(from - 1 + read);
                }
            }
            from = to;
        }
        None
    }
}

/// Why a windowed sequence cannot go on, or a checkpoint cannot be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum WindowError {
    /// The game or window is outside what the windowed method covers.
    #[error("{0}")]
    Unsupported(String),
    /// A rare heap lies too far back for the window to hold the values its pairs read.
    #[error("rare heap {heap} needs a window of at least {needed} heaps, more than the window {window}: give a larger window")]
    RareHeapTooFar {
        /// The rare heap.
        heap: usize,
        /// The window needed.
        needed: usize,
        /// The window given.
        window: usize,
    },
    /// A heap past the prefix has a rare value: its proof needs every break, hence every value.
    #[error("heap {heap} has a rare value, {value}, which the windowed method cannot prove (it needs every smaller value): compute it with the whole sequence (no window), or start again with a window larger than {heap}")]
    NewRareHeap {
        /// The heap.
        heap: usize,
        /// Its value.
        value: u32,
    },
    /// The marking from the small end passed the window before every value below the mex
    /// turned up.
    #[error("heap {heap} needed more than {pairs} pairs marked from the small end (value {candidate} not yet reached), past the window {window}: give a larger window")]
    ScanPastWindow {
        /// The heap.
        heap: usize,
        /// The pairs marked.
        pairs: usize,
        /// The least value not reached.
        candidate: u32,
        /// The window.
        window: usize,
    },
    /// A value past 16 bits, which the window does not keep.
    #[error("heap {heap} has a value of 65536 or more, which the windowed method does not keep")]
    ValueTooLarge {
        /// The heap.
        heap: usize,
    },
    /// The observer stopped the computation of the prefix, before any state worth keeping.
    #[error("stopped while computing the prefix")]
    Stopped,
    /// The bytes are not a checkpoint of this game and program.
    #[error("not a usable checkpoint: {0}")]
    Checkpoint(String),
}

/// A nim-sequence computed with the first `window` values and the last `window` only.
#[derive(Clone, Debug)]
pub struct WindowedSequence {
    /// The game's name as typed back, for the report.
    name: String,
    rule: TakeBreak,
    window: usize,
    /// Heaps `0..window`.
    prefix: Vec<u16>,
    prefix_hash: u64,
    /// Heaps `base..next`: between `window` and `2 * window` of them.
    recent: Vec<u16>,
    base: usize,
    next: usize,
    mask: u32,
    domain: bool,
    sparse_class: bool,
    /// The sparse heaps (all in the prefix) and their values.
    sparse: Vec<usize>,
    sparse_values: Vec<u32>,
    rare_heaps: usize,
    last_rare: Option<usize>,
    take_all: Vec<usize>,
    take_one: Vec<usize>,
    take_split: Vec<usize>,
    unequal_parts: bool,
    /// The largest smaller part whose partner is still in the window.
    reach: usize,
    limit: u32,
    counts: Vec<u64>,
    at_powers: Vec<ValueCounts>,
    largest: u16,
    largest_at: usize,
    deepest: usize,
    seen: Vec<bool>,
    breaks: Vec<(usize, usize)>,
    /// [`MARKED_PAIRS`]; the tests set fewer, to take the other way more often.
    marked_pairs: usize,
    /// By value: whether the value's bits under `mask` are odd in number.
    odd: Vec<bool>,
    /// Why the run that reached this state could not go past it (a heap needed values outside
    /// the window), kept in its checkpoint for the report read back from it.
    ended_by: Option<String>,
}

impl WindowedSequence {
    /// Computes the prefix (heaps `0..window`, by the whole-sequence method), chooses the mask
    /// from it and checks that its rare heaps fit the window.
    ///
    /// # Errors
    /// A rule outside the sparse-space method, a window out of range, rare heaps too far back
    /// ([`WindowError::RareHeapTooFar`]: the game has no finished rare class within the
    /// window), or a stop by the observer.
    pub(crate) fn start_observed(
        rule: &TakeBreak,
        window: usize,
        observer: &mut impl WorkObserver,
    ) -> Result<WindowedSequence, WindowError> {
        if !rule.has_fast_sequence() {
            return Err(WindowError::Unsupported(format!(
                "{rule} is not computed by the sparse-space method (it needs finitely many digits and at most two heaps left by a move), so it has no windowed sequence"
            )));
        }
        if !(MIN_WINDOW..=MAX_WINDOW).contains(&window) {
            return Err(WindowError::Unsupported(format!(
                "window {window} is out of range: from {MIN_WINDOW} to {MAX_WINDOW}"
            )));
        }
        let sequence = super::nim_sequence(rule, window - 1, observer);
        if sequence.stopped {
            return Err(WindowError::Stopped);
        }
        let prefix = match sequence.values.slices() {
            Slices::Narrow(values) => values.to_vec(),
            Slices::Wide(values) => {
                let heap = values.iter().position(|&v| v > 0xffff).unwrap_or(0);
                return Err(WindowError::ValueTooLarge { heap });
            }
        };
        let space = SparseSpace::choose_with_sparse_pass(rule, &prefix);
        let max_split_taken = space.take_split.iter().copied().max();
        if let (Some(taken), Some(last)) = (max_split_taken, space.sparse.last()) {
            if last + taken > window {
                return Err(WindowError::RareHeapTooFar {
                    heap: *last,
                    needed: last + taken,
                    window,
                });
            }
        }
        let reach = (window - 1).min(window - max_split_taken.unwrap_or(0));
        let mut counts = Vec::new();
        let mut at_powers = Vec::new();
        let (mut largest, mut largest_at) = (0u16, 0usize);
        for (heap, &value) in prefix.iter().enumerate().skip(1) {
            if counts.len() <= usize::from(value) {
                counts.resize(usize::from(value) + 1, 0);
            }
            counts[usize::from(value)] += 1;
            if value > largest {
                (largest, largest_at) = (value, heap);
            }
            if heap.is_power_of_two() {
                at_powers.push(ValueCounts {
                    up_to: heap as u64,
                    counts: counts.clone(),
                });
            }
        }
        Ok(WindowedSequence {
            name: rule.to_string(),
            rule: rule.clone(),
            window,
            prefix_hash: hash_values(&prefix),
            recent: {
                let mut recent = Vec::with_capacity(2 * window);
                recent.extend_from_slice(&prefix);
                recent
            },
            prefix,
            base: 0,
            next: window,
            mask: space.mask,
            domain: space.domain,
            sparse_class: space.sparse_class,
            sparse_values: space.sparse_values,
            sparse: space.sparse,
            rare_heaps: space.sparse_heaps,
            last_rare: space.last_sparse,
            take_all: space.take_all,
            take_one: space.take_one,
            take_split: space.take_split,
            unequal_parts: space.unequal_parts,
            reach,
            limit: space.limit,
            counts,
            at_powers,
            largest,
            largest_at,
            deepest: 0,
            seen: vec![false; COMPACT_LIMIT],
            breaks: Vec::new(),
            marked_pairs: MARKED_PAIRS,
            odd: classes(COMPACT_LIMIT, space.mask),
            ended_by: None,
        })
    }

    /// Names the game as its reader typed it (`officers`, `0.6`), for the report.
    pub(super) fn set_name(&mut self, name: &str) {
        self.name = name.to_string();
    }

    /// Keeps why the run cannot go past this state, for its checkpoint and report.
    pub(super) fn set_ended_by(&mut self, reason: String) {
        self.ended_by = Some(reason);
    }

    /// Why the run that reached this state could not go past it, if it could not.
    #[must_use]
    pub fn ended_by(&self) -> Option<&str> {
        self.ended_by.as_deref()
    }

    /// The heaps answered: `0..finished()`.
    #[must_use]
    pub fn finished(&self) -> usize {
        self.next
    }

    /// The window.
    #[must_use]
    pub fn window(&self) -> usize {
        self.window
    }

    /// The bytes the state takes: the prefix, the recent values (up to twice the window before
    /// they are moved down), the table of values reached, and the counts.
    #[must_use]
    pub fn memory_bytes(&self) -> u64 {
        let values = 2 * self.window as u64 + 4 * self.window as u64;
        let counts = 8 * self.counts.len() as u64 * (self.at_powers.len() as u64 + 1);
        values + COMPACT_LIMIT as u64 + counts + 12 * self.sparse.len() as u64
    }

    /// Computes heaps up to `to` (inclusive), asking the observer before each whether to stop;
    /// with two `threads` or more, a second thread marks the sparse pairs of each block of
    /// heaps while the block before it is finished ([`marks_ahead`]). Returns whether
    /// `to` was reached (false: stopped, the state at a heap boundary).
    ///
    /// # Errors
    /// A heap that needs values outside the prefix and the window; the state is then that
    /// before the heap, and every value counted is right.
    pub(crate) fn advance_observed(
        &mut self,
        to: usize,
        threads: usize,
        observer: &mut impl WorkObserver,
    ) -> Result<bool, WindowError> {
        if self.next > to {
            return Ok(true);
        }
        if threads < 2 {
            // Every pair marked by the heap itself, as it comes: marking a block first only
            // adds the copying of its marks.
            let unmarked = BlockMarks::nothing_marked(self.next..to + 1);
            return self.finish_block(&unmarked, to, observer);
        }
        let premarked_end = self.premarked_end();
        let marker = SparseMarker {
            sparse: self.sparse.clone(),
            sparse_values: self.sparse_values.clone(),
            take_split: self.take_split.clone(),
            unequal_parts: self.unequal_parts,
            small_values: self.prefix[..=premarked_end].to_vec(),
            premarked_end,
        };
        let mut current = BlockMarks::default();
        self.ready_block(&mut current, self.next, to, self.next);
        current.mark(&marker);
        std::thread::scope(|scope| {
            let (to_helper, blocks) = mpsc::sync_channel::<BlockMarks>(BLOCKS_AHEAD);
            let (to_main, marked) = mpsc::sync_channel::<BlockMarks>(BLOCKS_AHEAD);
            let marker = &marker;
            let helper = std::thread::Builder::new()
                .name("marks ahead".to_string())
                .spawn_scoped(scope, move || {
                    for mut block in blocks {
                        block.mark(marker);
                        if to_main.send(block).is_err() {
                            break;
                        }
                    }
                });
            if helper.is_err() {
                // No second thread to be had: every heap marks its own pairs.
                let unmarked = BlockMarks::nothing_marked(self.next..to + 1);
                return self.finish_block(&unmarked, to, observer);
            }
            let mut spares: Vec<BlockMarks> = Vec::new();
            let (mut handed_end, mut handed) = (current.heaps().end, 0);
            loop {
                while handed < BLOCKS_AHEAD && handed_end <= to {
                    // Its pairs may reach back into `current`, not yet finished: only
                    // partners before `current` are marked ahead.
                    let mut block = spares.pop().unwrap_or_default();
                    self.ready_block(&mut block, handed_end, to, current.heaps().start);
                    handed_end = block.heaps().end;
                    handed += 1;
                    to_helper
                        .send(block)
                        .expect("the marking thread takes blocks until the run ends");
                }
                if !self.finish_block(&current, to, observer)? {
                    return Ok(false);
                }
                if handed == 0 {
                    return Ok(true);
                }
                let next = marked
                    .recv()
                    .expect("the marking thread returns every block it takes");
                handed -= 1;
                spares.push(std::mem::replace(&mut current, next));
            }
        })
    }

    /// The last smaller part whose pairs from the small end every heap marks (unless its
    /// values all turn up before), and so the last a block may mark ahead: the marked pairs,
    /// within the window's reach.
    fn premarked_end(&self) -> usize {
        self.marked_pairs.min(self.reach)
    }

    /// Readies `block` to mark the heaps from `start` (a block's worth, to `to` at most) from
    /// the values of heaps before `known_end`.
    fn ready_block(&self, block: &mut BlockMarks, start: usize, to: usize, known_end: usize) {
        let end = (start + block_heaps(self.limit)).min(to + 1);
        let reach_back = self.take_split.iter().max().copied().unwrap_or(0)
            + self
                .sparse
                .last()
                .copied()
                .unwrap_or(0)
                .max(self.premarked_end());
        let known_start = start.saturating_sub(reach_back).min(known_end);
        debug_assert!(known_start >= self.base, "the window holds the partners");
        let known = &self.recent[known_start - self.base..known_end - self.base];
        block.refill(start..end, known_start, known, self.limit);
    }

    /// Computes the heaps of `block`, of a run to `to`, asking the observer before each
    /// whether to stop.
    fn finish_block(
        &mut self,
        block: &BlockMarks,
        to: usize,
        observer: &mut impl WorkObserver,
    ) -> Result<bool, WindowError> {
        for heap in block.heaps() {
            debug_assert_eq!(heap, self.next);
            if heap % PROGRESS_INTERVAL == 0 {
                observer.progress(heap, to + 1);
            }
            if observer.should_stop() {
                return Ok(false);
            }
            let value = self.next_value(block)?;
            self.push(value);
        }
        Ok(true)
    }

    fn push(&mut self, value: u16) {
        let heap = self.next;
        // A heap past the state a stopped run left: whatever stopped it no longer holds.
        self.ended_by = None;
        self.recent.push(value);
        if self.recent.len() == 2 * self.window {
            self.recent.copy_within(self.window.., 0);
            self.recent.truncate(self.window);
            self.base += self.window;
        }
        let index = usize::from(value);
        if self.counts.len() <= index {
            self.counts.resize(index + 1, 0);
        }
        self.counts[index] += 1;
        if value > self.largest {
            (self.largest, self.largest_at) = (value, heap);
        }
        if u32::from(value) >= self.limit {
            self.limit = (u32::from(value) + 1).next_power_of_two();
        }
        self.next += 1;
        if heap.is_power_of_two() {
            self.at_powers.push(ValueCounts {
                up_to: heap as u64,
                counts: self.counts.clone(),
            });
        }
    }

    /// The value of heap `next`, from the prefix and the window only, and the marks of its
    /// block.
    fn next_value(&mut self, block: &BlockMarks) -> Result<u16, WindowError> {
        let heap = self.next;
        let base = self.base;
        let premarked_end = self.premarked_end();
        let recent = &self.recent;
        let seen = &mut self.seen;
        let marked = block.of(heap);
        seen[..marked.len()].copy_from_slice(marked);
        seen[marked.len()..self.limit as usize].fill(false);
        for &taken in &self.take_all {
            if heap == taken {
                seen[0] = true;
            }
        }
        for &taken in &self.take_one {
            if heap > taken {
                seen[usize::from(recent[heap - taken - base])] = true;
            }
        }
        collect_breaks(heap, &self.take_split, self.unequal_parts, &mut self.breaks);
        let most_parts = self.breaks.iter().map(|&(_, last)| last).max().unwrap_or(0);
        // Every break with a sparse heap whose partner the block's marks do not hold: `rest - s`
        // is at least `block.known_end()`, within the window.
        let known_end = block.known_end();
        let mut common_parities = [false; 2];
        for &(rest, _) in &self.breaks {
            common_parities[usize::from(self.domain && rest % 2 == 1)] = true;
            let usable = self
                .sparse
                .partition_point(|&small| small + known_end <= rest);
            // Parts are never empty, so `rest - small < heap`: within `recent`.
            let below = &recent[..rest - base];
            let (sparse, values) = (&self.sparse[..usable], &self.sparse_values[..usable]);
            mark_sparse_pairs(sparse, values, (rest, below), self.unequal_parts, seen);
        }
        // The least value missing that two common heaps cannot make either.
        let settled = first_missing_unmade(seen, &self.odd, common_parities, self.limit)
            .unwrap_or(self.limit);
        // Mark from the small end, a block of pairs at a time, until every value below
        // `settled` has turned up; the partners `rest - a` must stay in the window. Past
        // `marked_pairs` the few values still missing are looked for one at a time. The pairs
        // the block marked ahead are not marked again; so that the report does not depend on
        // them, a heap whose values all turn up here counts every pair of this stretch read.
        let marked_stretch = premarked_end.min(most_parts);
        let pairs = WindowPairs {
            prefix: &self.prefix,
            recent,
            base,
            reach: self.reach,
        };
        let mut missing = 0;
        let mut start = 1;
        loop {
            missing = match first_missing(seen, missing, settled) {
                Some(missing) => missing,
                None => return self.settle(heap, settled, marked_stretch),
            };
            if start > most_parts {
                return self.settle(heap, missing, marked_stretch);
            }
            if start > self.reach {
                return Err(WindowError::ScanPastWindow {
                    heap,
                    pairs: start - 1,
                    candidate: missing,
                    window: self.window,
                });
            }
            if start > self.marked_pairs {
                break;
            }
            let end = (start + MARK_BLOCK).min(self.reach + 1);
            for &(rest, last) in &self.breaks {
                let end = end.min(last + 1);
                let ahead = premarked_parts(rest, last, known_end, premarked_end);
                for part in parts_left_to_the_heap(start..end, &ahead) {
                    if part.is_empty() {
                        continue;
                    }
                    let (low, high) = pairs.of(rest, part);
                    let seen: &mut [bool; COMPACT_LIMIT] = (&mut seen[..COMPACT_LIMIT])
                        .try_into()
                        .expect("long enough");
                    mark_pairs(low, high, seen);
                }
            }
            start = end;
        }
        let mut read = start - 1;
        loop {
            let target = u16::try_from(missing).expect("below the limit, at most 2^16");
            match pairs.read_to_reach(&self.breaks, start, target) {
                Some(pairs) => read = read.max(pairs),
                None if most_parts > self.reach => {
                    return Err(WindowError::ScanPastWindow {
                        heap,
                        pairs: self.reach,
                        candidate: missing,
                        window: self.window,
                    })
                }
                None => return self.settle(heap, missing, read.max(most_parts)),
            }
            missing = match first_missing(seen, missing + 1, settled) {
                Some(missing) => missing,
                None => return self.settle(heap, settled, read),
            };
        }
    }

    /// The value of heap `heap` once found, after `read` pairs from the small end; an error
    /// when it is too large to keep or of the rare class.
    fn settle(&mut self, heap: usize, value: u32, read: usize) -> Result<u16, WindowError> {
        let Ok(narrow) = u16::try_from(value) else {
            return Err(WindowError::ValueTooLarge { heap });
        };
        if SparseSpace::class_of(value, heap, self.mask, self.domain) == self.sparse_class {
            return Err(WindowError::NewRareHeap { heap, value });
        }
        self.deepest = self.deepest.max(read);
        Ok(narrow)
    }
}

#[cfg(test)]
mod tests;
