//! What goes in and out of a first-move search ([`RootSearch`](super::RootSearch)): the records a
//! front end keeps to resume one, the progress and the observer it is told through, and the
//! answers.

use thiserror::Error;

use crate::board::Square;
use crate::games::placement::PlacementMove;
use crate::solver::{Fact, SearchStats};
use crate::values::{Nimber, Outcome};

/// What was settled for one group of symmetric first moves and one nim-value: what a front end
/// keeps so that a stopped search can resume.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettledRecord {
    /// The value asked about.
    pub value: Nimber,
    /// The move that stands for its group (any move of the group is read as the group).
    pub first_move: PlacementMove,
    /// Whether the move leaves a position of exactly `value`.
    pub leaves_value: bool,
    /// The positions it took to settle.
    pub positions: u64,
}

/// A question a search worked on without answering it (does this first move leave this value?):
/// what a front end keeps beside the [`SettledRecord`]s, so that a resumed search takes its turns
/// between a group's questions where the stopped one left them (see
/// [`RootSearch::resume_tries`](super::RootSearch::resume_tries)). A question is reported only once
/// its tries add up to at least [`TRIES_KEPT_FROM`] positions (earlier runs' included): less is
/// cheap to search again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TriedRecord {
    /// The value asked about.
    pub value: Nimber,
    /// The move that stands for its group.
    pub first_move: PlacementMove,
    /// The positions searched on the question without an answer, in all the runs so far: the
    /// totals only grow, and of several records of one question the largest counts.
    pub positions: u64,
}

/// The fewest positions a question's tries must add up to for a [`TriedRecord`] of it to be
/// reported.
pub const TRIES_KEPT_FROM: u64 = 1 << 24;

/// How far a search has got, for progress displays.
#[derive(Clone, Debug, PartialEq)]
pub struct RootProgress {
    /// The value being asked about: does some first move leave it?
    pub value: Nimber,
    /// The groups of symmetric first moves.
    pub groups: usize,
    /// The groups settled for `value` so far.
    pub settled: usize,
    /// Positions searched by this run so far, over all threads (updated every few tens of
    /// thousands of positions per thread).
    pub positions: u64,
    /// The groups the threads are searching now, one per busy thread: in a run of hours,
    /// which questions the time goes to.
    pub searching: Vec<GroupInSearch>,
}

/// A group of first moves a thread is searching, for progress displays.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupInSearch {
    /// The move that stands for the group, as the game writes it (`c2`, `Na1`).
    pub first_move: String,
    /// The value the thread is asking about: the round's, or a smaller one the group is not
    /// settled for yet (the two take turns, see `settle_group`).
    pub asked: Nimber,
    /// How long the thread has been asking this value of this group, in seconds.
    pub seconds: f64,
}

/// Watches a [`RootSearch`](super::RootSearch). Every method has a default that does nothing, and
/// `()` is the observer that watches nothing.
pub trait RootObserver {
    /// A group was settled for a value; `record` is what to keep for a resume.
    fn settled(&mut self, _record: &SettledRecord) {}

    /// A question was searched without an answer (abandoned for the other question of its
    /// group, or stopped); `record` is what to keep for a resume.
    fn tried(&mut self, _record: &TriedRecord) {}

    /// Progress, a few times a second while the threads search.
    fn progress(&mut self, _progress: &RootProgress) {}

    /// Asked a few times a second: `true` stops the search, which then returns
    /// [`Interrupted`] with what was settled.
    fn should_stop(&mut self) -> bool {
        false
    }

    /// Asked a few times a second while the threads search: `true` when the observer wants
    /// the costliest facts learnt so far now, to keep them against the run being killed
    /// before it can give them on stopping. They are then given to
    /// [`RootObserver::facts_learnt`].
    fn wants_facts(&mut self) -> bool {
        false
    }

    /// The costliest facts learnt so far
    /// ([`RootSearch::costliest_facts`](super::RootSearch::costliest_facts)), when
    /// [`RootObserver::wants_facts`] asked for them.
    fn facts_learnt(&mut self, _facts: Vec<Fact>) {}
}

/// The observer that watches nothing.
impl RootObserver for () {}

/// What a search has done, with or without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootReport {
    /// The legal first moves.
    pub first_moves: usize,
    /// The first moves grouped by symmetry (one piece: moves of a group lead to positions alike).
    pub groups: usize,
    /// The (value, group) questions settled, those resumed included.
    pub settled: usize,
    /// How many of them were [resumed](super::RootSearch::resume) rather than searched.
    pub resumed: usize,
    /// The positions the settled questions took, those resumed included.
    pub positions: u64,
    /// The counters of this run's solvers, summed (the table counters are the shared table's).
    pub stats: SearchStats,
    /// The threads searching.
    pub threads: usize,
}

/// The outcome of a position, from [`RootSearch::outcome`](super::RootSearch::outcome).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootOutcome {
    /// N when some first move leaves a second-player win.
    pub outcome: Outcome,
    /// A group of winning moves (symmetric to each other): of the groups the search found
    /// winning, the first row by row; empty when the position is a second-player win.
    pub winning_moves: Vec<PlacementMove>,
    /// The strategy that settled the outcome without search (see
    /// [`settled_by_strategy`](crate::games::placement::settle::settled_by_strategy)), if one did.
    pub settled_by: Option<String>,
    /// What the search did.
    pub report: RootReport,
}

/// The nim-value of a position, from [`RootSearch::nim_value`](super::RootSearch::nim_value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootValue {
    /// The nim-value.
    pub nimber: Nimber,
    /// The strategy that settled the nim-value without search: mirror play or the kings' answer in
    /// the same line, which prove a second-player win and so the value 0. (A first-player strategy
    /// proves only that the value is not 0, and the value is then searched.)
    pub settled_by: Option<String>,
    /// A position valued by its independent parts: each part's free squares, in board order,
    /// with its nimber; empty when the position was valued as one (it does not split, or a
    /// strategy or the first moves settled it).
    pub parts: Vec<(Vec<Square>, Nimber)>,
    /// What the search did.
    pub report: RootReport,
}

/// The search stopped because the observer asked it to, before it had an answer. What it
/// settled was reported to the observer and stays in the [`RootSearch`](super::RootSearch).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("stopped before the answer, with {} questions about the {} groups of first moves settled", .report.settled, .report.groups)]
pub struct Interrupted {
    /// What the search did before it stopped.
    pub report: RootReport,
}

/// Why records given to [`RootSearch::resume`](super::RootSearch::resume) were refused. Indices
/// count from 0 in the records given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ResumeError {
    /// The record's move is not a legal first move of the position.
    #[error("record {index}: {} on {} is not a legal first move of this position", .first_move.piece, .first_move.square)]
    NotAFirstMove {
        /// The record.
        index: usize,
        /// Its move.
        first_move: PlacementMove,
    },
    /// The fact is not about a shape of this board's width, or contradicts what the records
    /// (taken first) or an earlier fact say of its component: the facts were edited, or are
    /// another search's.
    #[error("fact {index} is not about a component of this game")]
    NotAFact {
        /// The fact, counting from 0.
        index: usize,
    },
    /// A [`TriedRecord`]'s move is not a legal first move of the position.
    #[error("tried record {index}: {} on {} is not a legal first move of this position", .first_move.piece, .first_move.square)]
    TriedNotAFirstMove {
        /// The record, counting from 0 in the tried records given.
        index: usize,
        /// Its move.
        first_move: PlacementMove,
    },
    /// Two records settle the same moves two different ways: the same value both left and not
    /// left, or two different values both left (a position has one value).
    #[error("records {first} and {second} settle the same first moves two different ways")]
    Contradiction {
        /// The earlier record.
        first: usize,
        /// The later one.
        second: usize,
    },
}

/// The facts a front end keeps of a search
/// ([`RootSearch::costliest_facts`](super::RootSearch::costliest_facts),
/// [`RootObserver::facts_learnt`]): the costliest this many, about 90 bytes each in a file.
pub const FACTS_KEPT: usize = 20_000;
