//! The parallel search of a position's first moves: for a nim-value `g`, does some first move
//! leave a position of value `g`? Each group of symmetric first moves is settled by an outcome
//! search (is the position after it plus `*g` a second-player win?), and the groups spread over
//! the threads.
//!
//! The outcome is the question for `g = 0`; the nim-value is the least `g` that no first move
//! leaves (the mex rule, with each option's value probed rather than computed).
//!
//! A position that splits into independent parts before the first move (the two colours of
//! an empty bishops board, the sides of a wall of placed pieces) is not searched so: asking of
//! every first move whether the whole position it leaves has each value in turn searched the
//! other parts again for every move (`value bishops 15x17` took 63.2 M positions where
//! `table`'s solver took 2.8 M, docs/PERFORMANCE.md). Its value is the nim-sum of its parts'
//! values, found by the solver as `table` finds a board's; its outcome is whether that sum is
//! 0, and a winning move is one that leaves a position of value 0, the groups asked in the
//! order the first-move search asks them. docs/ENGINE.md says what its checkpoint keeps.
//!
//! A front end watches through one [`RootObserver`]: it is told of every settled group as a
//! [`SettledRecord`] (to keep, so that a stopped search can [resume](RootSearch::resume)), of
//! long work on a question left unanswered as a [`TriedRecord`] (to keep, so that a resumed
//! search [takes its turns](RootSearch::resume_tries) where this one left them), of progress,
//! and is asked whether to stop. The observer is called on the thread that called the
//! search, never on the workers, so it needs to be neither `Send` nor `Sync`.
//!
//! ```
//! use grundy::games::placement::root_search::RootSearch;
//! use grundy::games::placement::{Piece, PlacementGame};
//! use grundy::Nimber;
//!
//! let game = PlacementGame::new(Piece::Queen, "5x5".parse().unwrap());
//! let mut search = RootSearch::new(&game, &game.empty(), 2, 1 << 24);
//! let answer = search.nim_value(&mut ()).unwrap();
//! assert_eq!(answer.nimber, Nimber::new(3));
//! ```

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::board::Square;
use crate::solver::{Fact, FactSource, SearchStats};
use crate::values::{Nimber, Outcome};

use super::question_turns::{settle_group, Asked, Settled, Turn, FIRST_TRY_POSITIONS};
use super::search_threads::{uses_win_search, SearchThreads};
use super::settle::{settled_by_strategy, Settlement};
use super::{PlacementGame, PlacementMove, PlacementPosition, PlacementSolver};

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

/// A question a search worked on without answering it (does this first move leave this
/// value?): what a front end keeps beside the [`SettledRecord`]s, so that a resumed search
/// takes its turns between a group's questions where the stopped one left them (see
/// [`RootSearch::resume_tries`]). A question is reported only once its tries add up to at
/// least [`TRIES_KEPT_FROM`] positions (earlier runs' included): less is cheap to search
/// again.
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

/// Tells `observer` how far a search has come; when it first asks to stop, raises `stop` and
/// marks the search `interrupted`; until then hands it the facts learnt when it wants them.
fn tell_observer(
    observer: &mut dyn RootObserver,
    progress: &RootProgress,
    stop: &AtomicBool,
    interrupted: &mut bool,
    facts: Option<&FactSource>,
) {
    observer.progress(progress);
    if !*interrupted && observer.should_stop() {
        *interrupted = true;
        stop.store(true, Ordering::Relaxed);
    }
    if let Some(facts) = facts.filter(|_| !*interrupted) {
        if observer.wants_facts() {
            observer.facts_learnt(facts(FACTS_KEPT));
        }
    }
}

/// What one thread of a round is searching: the group, the value asked, since when it asks it.
type ThreadSlot = Mutex<Option<(usize, u32, Instant)>>;

/// The slot, even if a thread panicked holding it (it holds plain values, whole at any time).
fn lock(slot: &ThreadSlot) -> MutexGuard<'_, Option<(usize, u32, Instant)>> {
    slot.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Watches a [`RootSearch`]. Every method has a default that does nothing, and `()` is the
/// observer that watches nothing.
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

    /// The costliest facts learnt so far ([`RootSearch::costliest_facts`]), when
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
    /// How many of them were [resumed](RootSearch::resume) rather than searched.
    pub resumed: usize,
    /// The positions the settled questions took, those resumed included.
    pub positions: u64,
    /// The counters of this run's solvers, summed (the table counters are the shared table's).
    pub stats: SearchStats,
    /// The threads searching.
    pub threads: usize,
}

/// The outcome of a position, from [`RootSearch::outcome`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootOutcome {
    /// N when some first move leaves a second-player win.
    pub outcome: Outcome,
    /// A group of winning moves (symmetric to each other): of the groups the search found
    /// winning, the first row by row; empty when the position is a second-player win.
    pub winning_moves: Vec<PlacementMove>,
    /// The strategy that settled the outcome without search (see
    /// [`settled_by_strategy`]), if one did.
    pub settled_by: Option<String>,
    /// What the search did.
    pub report: RootReport,
}

/// The nim-value of a position, from [`RootSearch::nim_value`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootValue {
    /// The nim-value.
    pub nimber: Nimber,
    /// The strategy that settled the nim-value without search: mirror play or the kings'
    /// answer in the same line, which prove a second-player win and so the value 0. (A first-player strategy proves only that the
    /// value is not 0, and the value is then searched.)
    pub settled_by: Option<String>,
    /// A position valued by its independent parts: each part's free squares, in board order,
    /// with its nimber; empty when the position was valued as one (it does not split, or a
    /// strategy or the first moves settled it).
    pub parts: Vec<(Vec<Square>, Nimber)>,
    /// What the search did.
    pub report: RootReport,
}

/// The search stopped because the observer asked it to, before it had an answer. What it
/// settled was reported to the observer and stays in the [`RootSearch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("stopped before the answer, with {} questions about the {} groups of first moves settled", .report.settled, .report.groups)]
pub struct Interrupted {
    /// What the search did before it stopped.
    pub report: RootReport,
}

/// Why records given to [`RootSearch::resume`] were refused. Indices count from 0 in the
/// records given.
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

/// The facts a front end keeps of a search ([`RootSearch::costliest_facts`],
/// [`RootObserver::facts_learnt`]): the costliest this many, about 90 bytes each in a file.
pub const FACTS_KEPT: usize = 20_000;

/// How often the calling thread passes progress to the observer and asks it whether to stop.
const POLL_PERIOD: Duration = Duration::from_millis(50);

/// A search over the first moves of one position, kept across the values asked about.
pub struct RootSearch {
    game: PlacementGame,
    position: PlacementPosition,
    /// The first moves, grouped by symmetry and by piece; the first of each group stands for it.
    groups: Vec<Vec<PlacementMove>>,
    /// The solvers of the threads, kept from one value to the next with what they learnt.
    threads: SearchThreads,
    /// What is settled, by (value asked about, group).
    settled: HashMap<(u32, usize), Settled>,
    /// The positions searched without an answer on questions not settled, by (value asked
    /// about, group), earlier runs' included.
    tried: HashMap<(u32, usize), u64>,
    resumed: usize,
    /// The most positions any one question has taken in this run, and at least
    /// [`FIRST_TRY_POSITIONS`]: the first budget of each group's turns (see [`settle_group`]).
    /// Resumed questions do not raise it: the cost of a question in an earlier run, with other
    /// tables, is no guide (on knights 9×9 a question of the round for 1 had taken 1.57 billion
    /// positions, and a first budget that large kept each run of the round for 2 on one
    /// question for hours).
    hardest: AtomicU64,
    /// The fewest positions of a try reported to the observer ([`TRIES_KEPT_FROM`]; tests
    /// lower it).
    tries_kept_from: u64,
    /// What a known strategy settles about the position, found before any search.
    settlement: Option<Settlement>,
    /// Whether a position that splits into parts is valued by its parts (always, but in the
    /// tests that compare the two ways, and for the Queens game's win search, which does not
    /// value components apart).
    values_parts_apart: bool,
    /// The positions the solver searched valuing the parts, and the groups asked whether they
    /// win after that (the groups' own are in their records).
    parts_positions: u64,
}

impl RootSearch {
    /// A search of `position` on `threads` threads (at most one per group of first moves)
    /// within `memory` bytes.
    #[must_use]
    pub fn new(
        game: &PlacementGame,
        position: &PlacementPosition,
        threads: usize,
        memory: u64,
    ) -> RootSearch {
        let shared = SearchThreads::shared_solver(game, memory);
        let groups = first_move_groups(&shared, position);
        let threads = threads.clamp(1, groups.len().max(1));
        RootSearch {
            game: game.clone(),
            position: *position,
            groups,
            threads: SearchThreads::sharing(game, &shared, threads, memory),
            settled: HashMap::new(),
            tried: HashMap::new(),
            resumed: 0,
            hardest: AtomicU64::new(FIRST_TRY_POSITIONS),
            tries_kept_from: TRIES_KEPT_FROM,
            settlement: settled_by_strategy(game, position),
            values_parts_apart: !uses_win_search(game),
            parts_positions: 0,
        }
    }

    /// Whether the position splits into independent parts, and is valued by them.
    fn splits(&self) -> bool {
        self.values_parts_apart && self.threads.solvers[0].parts(&self.position) > 1
    }

    /// What a known strategy settles about the position without search, if anything: the
    /// outcome (and for a second-player win the nim-value 0) is then answered at once.
    #[must_use]
    pub fn settlement(&self) -> Option<&Settlement> {
        self.settlement.as_ref()
    }

    /// The first moves grouped by symmetry (and by piece); the first of each group stands for
    /// it in [`SettledRecord`]s.
    #[must_use]
    pub fn groups(&self) -> &[Vec<PlacementMove>] {
        &self.groups
    }

    /// The threads searching.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// Takes what an earlier run settled, given back as the records it reported, and returns
    /// how many questions they settle. Call it before searching. Records repeating one already
    /// taken are skipped; records that contradict each other, or name a move that is not a
    /// first move of this position, are refused and nothing is taken.
    pub fn resume(&mut self, records: &[SettledRecord]) -> Result<usize, ResumeError> {
        let group_of = self.group_of_moves();
        // By (value, group): what was taken and from which record.
        let mut taken: HashMap<(u32, usize), (Settled, usize)> = HashMap::new();
        // By group: the value its moves leave, and the record that says so.
        let mut leaves: HashMap<usize, (u32, usize)> = HashMap::new();
        for (index, record) in records.iter().enumerate() {
            let group = *group_of
                .get(&record.first_move)
                .ok_or(ResumeError::NotAFirstMove {
                    index,
                    first_move: record.first_move,
                })?;
            let value = record.value.value();
            if let Some(&(earlier, first)) = taken.get(&(value, group)) {
                if earlier.leaves_value != record.leaves_value {
                    return Err(ResumeError::Contradiction {
                        first,
                        second: index,
                    });
                }
                continue;
            }
            if record.leaves_value {
                if let Some(&(_, first)) = leaves.get(&group) {
                    return Err(ResumeError::Contradiction {
                        first,
                        second: index,
                    });
                }
                leaves.insert(group, (value, index));
            }
            let settled = Settled {
                leaves_value: record.leaves_value,
                positions: record.positions,
            };
            taken.insert((value, group), (settled, index));
        }
        let mut count = 0;
        for ((value, group), (settled, _)) in taken {
            if let std::collections::hash_map::Entry::Vacant(entry) =
                self.settled.entry((value, group))
            {
                entry.insert(settled);
                count += 1;
                // The solvers' table learns it too: a later question about the same position
                // (is it *2, when no option is and the heap's moves to *0 and *1 are left) is
                // then answered from the table instead of searched again.
                if !uses_win_search(&self.game) {
                    let after = self.after(group);
                    self.threads.solvers[0].take_settled(
                        &after,
                        Nimber::new(value),
                        settled.leaves_value,
                        settled.positions,
                    );
                }
            }
        }
        self.resumed += count;
        Ok(count)
    }

    /// Takes what earlier runs spent on questions they did not answer, given back as the
    /// [`TriedRecord`]s they reported (the largest of a question counts), and returns how many
    /// questions not settled they name. Call it after [`RootSearch::resume`], before
    /// searching. It changes no answer, only the order of the work: a question that earlier
    /// runs searched long is passed over until the other question of its group has had as
    /// much.
    ///
    /// # Errors
    /// [`ResumeError::TriedNotAFirstMove`]: a record whose move is not a first move of this
    /// position; nothing is taken.
    pub fn resume_tries(&mut self, records: &[TriedRecord]) -> Result<usize, ResumeError> {
        let group_of = self.group_of_moves();
        let mut tried = HashMap::new();
        for (index, record) in records.iter().enumerate() {
            let group =
                *group_of
                    .get(&record.first_move)
                    .ok_or(ResumeError::TriedNotAFirstMove {
                        index,
                        first_move: record.first_move,
                    })?;
            let spent: &mut u64 = tried.entry((record.value.value(), group)).or_default();
            *spent = (*spent).max(record.positions);
        }
        // A settled question has no more turns.
        tried.retain(|question, _| !self.settled.contains_key(question));
        let count = tried.len();
        for (question, spent) in tried {
            let known = self.tried.entry(question).or_default();
            *known = (*known).max(spent);
        }
        Ok(count)
    }

    /// The positions searched without an answer on the questions a round for `heap` may ask of
    /// `group`: whether it leaves `heap` or a smaller value.
    fn positions_tried(&self, heap: u32, group: usize) -> u64 {
        (0..=heap)
            .filter_map(|value| self.tried.get(&(value, group)))
            .fold(0, |sum, &positions| sum.saturating_add(positions))
    }

    /// Each first move's group.
    fn group_of_moves(&self) -> HashMap<PlacementMove, usize> {
        self.groups
            .iter()
            .enumerate()
            .flat_map(|(group, moves)| moves.iter().map(move |&first| (first, group)))
            .collect()
    }

    /// The `limit` costliest facts the search has learnt about the components it met,
    /// costliest first: what a front end keeps beside the settled records when a search is
    /// stopped, so that the question being searched then is not searched again from nothing
    /// (see [`Fact`]). Kept for Node Kayles (one piece on a rectangle) when the general solver
    /// searches; the win search of the Queens game keeps none.
    #[must_use]
    pub fn costliest_facts(&self, limit: usize) -> Vec<Fact> {
        self.fact_source()
            .map_or_else(Vec::new, |facts| facts(limit))
    }

    /// Where the facts are read while the threads search: the general solvers' shared table,
    /// or `None` when the win search does the searching and the general solvers learn nothing
    /// worth keeping.
    fn fact_source(&self) -> Option<FactSource> {
        (!uses_win_search(&self.game)).then(|| self.threads.solvers[0].fact_source())
    }

    /// Takes the facts an earlier run of the same search gave by
    /// [`RootSearch::costliest_facts`]; call it before searching. Returns how many there were.
    ///
    /// # Errors
    /// A fact that is not about a component of this game; nothing after it is taken.
    pub fn learn(&mut self, facts: &[Fact]) -> Result<usize, ResumeError> {
        self.threads.solvers[0]
            .learn(facts)
            .map_err(|index| ResumeError::NotAFact { index })
    }

    /// What the search has done so far.
    #[must_use]
    pub fn report(&self) -> RootReport {
        let stats = self.threads.stats();
        RootReport {
            first_moves: self.groups.iter().map(Vec::len).sum(),
            groups: self.groups.len(),
            settled: self.settled.len(),
            resumed: self.resumed,
            positions: self.settled.values().map(|s| s.positions).sum::<u64>()
                + self.parts_positions,
            stats,
            threads: self.threads.len(),
        }
    }

    /// The groups whose moves leave a position of value `value`, as settled so far.
    #[must_use]
    pub fn groups_leaving(&self, value: Nimber) -> Vec<&[PlacementMove]> {
        (0..self.groups.len())
            .filter(|&group| self.leaves(value.value(), group))
            .map(|group| self.groups[group].as_slice())
            .collect()
    }

    fn leaves(&self, value: u32, group: usize) -> bool {
        self.settled
            .get(&(value, group))
            .is_some_and(|s| s.leaves_value)
    }

    /// Who wins, and a winning move when the player to move wins; stops at the first found.
    pub fn outcome(&mut self, observer: &mut dyn RootObserver) -> Result<RootOutcome, Interrupted> {
        if let Some(settled) = &self.settlement {
            // The strategy's move and the moves symmetric to it: its group.
            let winning_moves = settled
                .winning_move
                .map(|winning| {
                    self.groups
                        .iter()
                        .find(|group| group.contains(&winning))
                        .cloned()
                        .unwrap_or_else(|| vec![winning])
                })
                .unwrap_or_default();
            return Ok(RootOutcome {
                outcome: settled.outcome,
                winning_moves,
                settled_by: Some(settled.strategy.clone()),
                report: self.report(),
            });
        }
        let first_player_wins = if self.splits() {
            self.wins_by_parts(observer)?
        } else {
            self.some_move_leaves(Nimber::ZERO, observer)?
        };
        let winning_moves = self
            .groups_leaving(Nimber::ZERO)
            .first()
            .map(|group| group.to_vec())
            .unwrap_or_default();
        Ok(RootOutcome {
            outcome: if first_player_wins {
                Outcome::N
            } else {
                Outcome::P
            },
            winning_moves,
            settled_by: None,
            report: self.report(),
        })
    }

    /// The nim-value: the least value that no first move leaves.
    pub fn nim_value(&mut self, observer: &mut dyn RootObserver) -> Result<RootValue, Interrupted> {
        if let Some(settled) = &self.settlement {
            if let Some(nimber) = settled.nim_value() {
                return Ok(RootValue {
                    nimber,
                    settled_by: Some(settled.strategy.clone()),
                    parts: Vec::new(),
                    report: self.report(),
                });
            }
        }
        if self.splits() {
            let nimber = self.ask_solver(Nimber::ZERO, observer, |solver, position, stop| {
                solver.nim_value_within(position, stop)
            })?;
            // What the value cost: the parts were valued on the way, so asking their values
            // again is the table's work, left out.
            let report = self.report();
            let parts = self.ask_solver(nimber, observer, |solver, position, stop| {
                solver.part_values_within(position, stop)
            })?;
            return Ok(RootValue {
                nimber,
                settled_by: None,
                parts,
                report,
            });
        }
        let mut candidate = Nimber::ZERO;
        while self.some_move_leaves(candidate, observer)? {
            candidate = Nimber::new(candidate.value() + 1);
        }
        Ok(RootValue {
            nimber: candidate,
            settled_by: None,
            parts: Vec::new(),
            report: self.report(),
        })
    }

    /// Whether some first move leaves a position of value `value`; stops at the first found.
    pub fn some_move_leaves(
        &mut self,
        value: Nimber,
        observer: &mut dyn RootObserver,
    ) -> Result<bool, Interrupted> {
        let heap = value.value();
        if !self.groups_leaving(value).is_empty() {
            return Ok(true);
        }
        // A second-player win has no move to 0: the second player's strategy answers every one.
        if value == Nimber::ZERO
            && self
                .settlement
                .as_ref()
                .is_some_and(|settled| settled.outcome == Outcome::P)
        {
            return Ok(false);
        }
        let pending: Vec<usize> = (0..self.groups.len())
            .filter(|&group| !self.settled.contains_key(&(heap, group)))
            .collect();
        let mut settled_now = self.groups.len() - pending.len();
        observer.progress(&RootProgress {
            value,
            groups: self.groups.len(),
            settled: settled_now,
            positions: self.threads.searched(),
            searching: Vec::new(),
        });
        if observer.should_stop() {
            return Err(self.interrupted());
        }
        // Some first moves leave a position whose value is known at once (on odd boards the
        // centre leaves mirror play, a second-player win): settle those before searching any,
        // since one of them may answer the question.
        let mut to_search = Vec::with_capacity(pending.len());
        for group in pending {
            let after = self.after(group);
            let Some(known) = self.threads.solvers[0].value_without_search(&after) else {
                to_search.push(group);
                continue;
            };
            let settled = Settled {
                leaves_value: known == value,
                positions: 0,
            };
            observer.settled(&self.record(heap, group, settled));
            self.tried.remove(&(heap, group));
            self.settled.insert((heap, group), settled);
            settled_now += 1;
            if settled.leaves_value {
                return Ok(true);
            }
        }
        // The groups searched least without an answer (by earlier runs, or earlier rounds of
        // this one) go first, equals in board order: otherwise every resumed run of a long
        // search goes back to the same first groups, whose questions can each outlast a run,
        // while groups no run has looked at wait behind them (knights 9x9: a1 and b1, asked
        // about *2 session after session, while eleven other groups were never tried).
        to_search.sort_by_key(|&group| self.positions_tried(heap, group));
        let next = AtomicUsize::new(0);
        // Raised when the question is answered or the observer asks to stop: the threads then
        // abandon their searches instead of finishing moves nobody needs.
        let stop = Arc::new(AtomicBool::new(false));
        let (sender, receiver) = mpsc::channel::<(u32, usize, Asked)>();
        let mut fresh = Vec::new();
        let mut fresh_tries = Vec::new();
        let mut interrupted = false;
        let facts = self.fact_source();
        let RootSearch {
            game,
            position,
            groups,
            threads,
            settled,
            tried,
            hardest,
            tries_kept_from,
            ..
        } = self;
        let tries_kept_from = *tries_kept_from;
        let (game, position, groups, settled, tried, hardest) =
            (&*game, &*position, &*groups, &*settled, &*tried, &*hardest);
        let searched = Arc::clone(&threads.searched);
        let workers = threads.workers();
        let slots: Vec<ThreadSlot> = workers.iter().map(|_| Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            for (mut solver, slot) in workers.into_iter().zip(&slots) {
                let (next, stop, to_search, sender) = (&next, &stop, &to_search, sender.clone());
                scope.spawn(move || loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let Some(&group) = to_search.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let after = game
                        .play_move(position, groups[group][0])
                        .expect("legal moves can be played");
                    let answer = settle_group(
                        &mut solver,
                        game,
                        &after,
                        heap,
                        |asked| match settled.get(&(asked, group)) {
                            Some(&answer) => Asked::Answered(answer),
                            None => {
                                Asked::Unanswered(tried.get(&(asked, group)).copied().unwrap_or(0))
                            }
                        },
                        hardest,
                        stop,
                        &mut |turn| match turn {
                            Turn::Asking(asked) => {
                                *lock(slot) = Some((group, asked, Instant::now()));
                            }
                            Turn::Learnt(asked, known) => {
                                // The receiver lives until every worker has ended.
                                let _ = sender.send((asked, group, known));
                            }
                        },
                    );
                    *lock(slot) = None;
                    match answer {
                        Some(answer) => {
                            if answer.leaves_value {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                        // Stopped before this move was settled for `heap`.
                        None => break,
                    }
                });
            }
            drop(sender);
            loop {
                match receiver.recv_timeout(POLL_PERIOD) {
                    Ok((asked, group, Asked::Answered(answer))) => {
                        observer.settled(&SettledRecord {
                            value: Nimber::new(asked),
                            first_move: groups[group][0],
                            leaves_value: answer.leaves_value,
                            positions: answer.positions,
                        });
                        if asked == heap {
                            settled_now += 1;
                        }
                        fresh.push((asked, group, answer));
                    }
                    Ok((asked, group, Asked::Unanswered(positions))) => {
                        if positions >= tries_kept_from {
                            observer.tried(&TriedRecord {
                                value: Nimber::new(asked),
                                first_move: groups[group][0],
                                positions,
                            });
                        }
                        fresh_tries.push((asked, group, positions));
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => break,
                }
                let searching = slots
                    .iter()
                    .filter_map(|slot| *lock(slot))
                    .map(|(group, asked, since)| GroupInSearch {
                        first_move: game.move_name(groups[group][0]),
                        asked: Nimber::new(asked),
                        seconds: since.elapsed().as_secs_f64(),
                    })
                    .collect();
                let progress = RootProgress {
                    value,
                    groups: groups.len(),
                    settled: settled_now,
                    positions: searched.load(Ordering::Relaxed),
                    searching,
                };
                tell_observer(observer, &progress, &stop, &mut interrupted, facts.as_ref());
            }
        });
        for (asked, group, positions) in fresh_tries {
            let spent = self.tried.entry((asked, group)).or_default();
            *spent = (*spent).max(positions);
        }
        for (asked, group, answer) in fresh {
            self.tried.remove(&(asked, group));
            self.settled.insert((asked, group), answer);
        }
        if !self.groups_leaving(value).is_empty() {
            return Ok(true);
        }
        if interrupted {
            return Err(self.interrupted());
        }
        debug_assert!((0..self.groups.len()).all(|g| self.settled.contains_key(&(heap, g))));
        Ok(false)
    }

    /// Whether the player to move wins a position that splits into parts: whether the nim-sum
    /// of the parts' values is not 0. The groups are asked whether they leave 0 as
    /// [`RootSearch::some_move_leaves`] asks them on one thread: those known without search
    /// first; then, when the sum is not 0, the others in board order until one does, and when
    /// it is 0 none does and every group is settled so. The groups settled are recorded and told to
    /// `observer` as the first-move search's are.
    fn wins_by_parts(&mut self, observer: &mut dyn RootObserver) -> Result<bool, Interrupted> {
        let heap = Nimber::ZERO.value();
        if !self.groups_leaving(Nimber::ZERO).is_empty() {
            return Ok(true);
        }
        let pending: Vec<(usize, PlacementPosition)> = (0..self.groups.len())
            .filter(|&group| !self.settled.contains_key(&(heap, group)))
            .map(|group| (group, self.after(group)))
            .collect();
        let (wins, answered) =
            self.ask_solver(Nimber::ZERO, observer, |solver, position, stop| {
                let mut answered: Vec<(usize, Settled)> = Vec::new();
                // Those known without search first, before the parts are valued and the table
                // knows more: the moves a first-move search of the whole position names.
                let mut to_search = Vec::new();
                for (group, after) in &pending {
                    match solver.value_without_search(after) {
                        Some(known) => {
                            let settled = Settled {
                                leaves_value: known == Nimber::ZERO,
                                positions: 0,
                            };
                            answered.push((*group, settled));
                            if settled.leaves_value {
                                return Some((true, answered));
                            }
                        }
                        None => to_search.push((*group, after)),
                    }
                }
                if solver.nim_value_within(position, stop)? == Nimber::ZERO {
                    let loses = Settled {
                        leaves_value: false,
                        positions: 0,
                    };
                    answered.extend(to_search.iter().map(|&(group, _)| (group, loses)));
                    return Some((false, answered));
                }
                for (group, after) in to_search {
                    let before = solver.stats().positions;
                    let wins = solver.has_value_within(after, Nimber::ZERO, stop, u64::MAX)?;
                    let settled = Settled {
                        leaves_value: wins,
                        positions: solver.stats().positions - before,
                    };
                    answered.push((group, settled));
                    if wins {
                        return Some((true, answered));
                    }
                }
                // A position of value not 0 has a move to 0: not reached.
                Some((false, answered))
            })?;
        for (group, settled) in answered {
            // The positions of the groups' questions are in their records; the report counts
            // them there.
            self.parts_positions -= settled.positions;
            observer.settled(&self.record(heap, group, settled));
            self.tried.remove(&(heap, group));
            self.settled.insert((heap, group), settled);
        }
        Ok(wins)
    }

    /// Asks `question` of the position on the first thread's solver, whose table every thread
    /// shares, while this thread tells `observer` the progress and asks it whether to stop,
    /// as the first-move search does (`value` is the value the progress names). A part's
    /// search is one solver's: a question of the whole position cannot be spread over threads
    /// by first move without searching the other parts again for every move.
    fn ask_solver<T: Send>(
        &mut self,
        value: Nimber,
        observer: &mut dyn RootObserver,
        question: impl FnOnce(&mut PlacementSolver, &PlacementPosition, &Arc<AtomicBool>) -> Option<T>
            + Send,
    ) -> Result<T, Interrupted> {
        let stop = Arc::new(AtomicBool::new(false));
        let facts = self.fact_source();
        let groups = self.groups.len();
        let settled = self
            .settled
            .keys()
            .filter(|&&(asked, _)| asked == value.value())
            .count();
        let searched = Arc::clone(&self.threads.searched);
        let position = self.position;
        let solver = &mut self.threads.solvers[0];
        let before = solver.stats().positions;
        let mut interrupted = false;
        let answer = std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            let stop = &stop;
            scope.spawn(move || {
                // The receiver lives until the answer is taken.
                let _ = sender.send(question(solver, &position, stop));
            });
            loop {
                match receiver.recv_timeout(POLL_PERIOD) {
                    Ok(answer) => break answer,
                    Err(RecvTimeoutError::Timeout) => {}
                    // The question panicked: the scope passes the panic on.
                    Err(RecvTimeoutError::Disconnected) => break None,
                }
                let progress = RootProgress {
                    value,
                    groups,
                    settled,
                    positions: searched.load(Ordering::Relaxed),
                    searching: Vec::new(),
                };
                tell_observer(observer, &progress, stop, &mut interrupted, facts.as_ref());
            }
        });
        self.parts_positions += self.threads.solvers[0].stats().positions - before;
        answer.ok_or_else(|| self.interrupted())
    }

    fn after(&self, group: usize) -> PlacementPosition {
        self.game
            .play_move(&self.position, self.groups[group][0])
            .expect("legal moves can be played")
    }

    fn record(&self, value: u32, group: usize, settled: Settled) -> SettledRecord {
        SettledRecord {
            value: Nimber::new(value),
            first_move: self.groups[group][0],
            leaves_value: settled.leaves_value,
            positions: settled.positions,
        }
    }

    fn interrupted(&self) -> Interrupted {
        Interrupted {
            report: self.report(),
        }
    }
}

/// The first moves of `position` grouped by symmetry and by piece (one piece: moves of a
/// group lead to positions alike); the first of each group stands for it.
pub(super) fn first_move_groups(
    solver: &PlacementSolver,
    position: &PlacementPosition,
) -> Vec<Vec<PlacementMove>> {
    let pieces = solver.game().pieces().to_vec();
    solver
        .moves_up_to_symmetry(position)
        .into_iter()
        .flat_map(|squares| {
            // With several pieces, squares are grouped where every piece's moves are alike:
            // one group per piece.
            pieces
                .clone()
                .into_iter()
                .map(move |piece| {
                    squares
                        .iter()
                        .map(|&square| PlacementMove { square, piece })
                        .collect()
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::games::placement::{parse_pieces, Piece, PlacementRules, RayRule, Surface};
    use proptest::prelude::*;

    fn board(text: &str) -> BoardSize {
        text.parse().unwrap()
    }

    fn game_of(pieces: &str, size: &str, surface: Surface, rays: RayRule) -> PlacementGame {
        let rules = PlacementRules::new(&parse_pieces(pieces).unwrap(), surface, rays).unwrap();
        PlacementGame::with_rules(rules, board(size))
    }

    /// Games of one piece and of several, on other surfaces and with blocked lines: the
    /// parallel search gives the single-threaded solver's value and outcome.
    #[test]
    fn the_parallel_search_agrees_with_the_solver() {
        let cases = [
            ("queens", "5x5", Surface::Rectangle, RayRule::Through),
            ("knights", "4x5", Surface::Torus, RayRule::Through),
            (
                "bishops+knights",
                "3x4",
                Surface::Rectangle,
                RayRule::Through,
            ),
            (
                "bishops+knights",
                "4x4",
                Surface::Rectangle,
                RayRule::Through,
            ),
            ("queens+rooks", "3x4", Surface::Rectangle, RayRule::Blocked),
            ("kings+rooks", "3x3", Surface::Cylinder, RayRule::Through),
            ("knights+kings", "3x5", Surface::Mobius, RayRule::Through),
        ];
        for (pieces, size, surface, rays) in cases {
            let game = game_of(pieces, size, surface, rays);
            // The empty board, and the position after the last legal move (a piece of the
            // game's last kind in the last free square).
            let last = *game.legal_placements(&game.empty()).last().unwrap();
            let started = game.play_move(&game.empty(), last).unwrap();
            for (position, threads) in [(game.empty(), 1), (game.empty(), 2), (started, 3)] {
                let expected = PlacementSolver::new(&game, 1 << 22).nim_value(&position);
                let case = format!(
                    "{pieces} {size} {surface} {rays}, {threads} threads, {}",
                    game.format_position(&position)
                );
                let mut search = RootSearch::new(&game, &position, threads, 1 << 24);
                assert_eq!(
                    search.nim_value(&mut ()).unwrap().nimber,
                    expected,
                    "{case}"
                );
                let mut search = RootSearch::new(&game, &position, threads, 1 << 24);
                let answer = search.outcome(&mut ()).unwrap();
                assert_eq!(answer.outcome, expected.outcome(), "{case}");
                // The winning moves named (one group of symmetric moves) do win.
                let mut solver = PlacementSolver::new(&game, 1 << 22);
                assert_eq!(answer.winning_moves.is_empty(), expected.value() == 0);
                for &first in &answer.winning_moves {
                    let after = game.play_move(&position, first).unwrap();
                    assert_eq!(solver.nim_value(&after), Nimber::ZERO, "{case}: {first:?}");
                }
            }
        }
    }

    /// The games whose positions split: bishops (the colours apart) on the rectangle and
    /// the cylinder, kings and knights cut by the pieces placed, rooks with blocked lines,
    /// bishops with knights (a knight's move joins the colours, a placed piece cuts them).
    const SPLITTING: [(&str, Surface, RayRule); 6] = [
        ("bishops", Surface::Rectangle, RayRule::Through),
        ("bishops", Surface::Cylinder, RayRule::Through),
        ("kings", Surface::Rectangle, RayRule::Through),
        ("knights", Surface::Rectangle, RayRule::Through),
        ("rooks", Surface::Rectangle, RayRule::Blocked),
        ("bishops+knights", Surface::Rectangle, RayRule::Through),
    ];

    /// The position after `placed` moves chosen by `seed` from the empty board.
    fn position_after(game: &PlacementGame, placed: usize, mut seed: u64) -> PlacementPosition {
        let mut position = game.empty();
        for _ in 0..placed {
            let moves = game.legal_placements(&position);
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let chosen = moves[(seed >> 33) as usize % moves.len()];
            position = game.play_move(&position, chosen).unwrap();
        }
        position
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A position that splits into parts, valued by its parts, has the value, the outcome
        /// and the winning moves (one group, the first the search asks) that the first-move
        /// search of the whole position finds.
        #[test]
        fn a_split_position_is_valued_by_its_parts_as_the_whole_search_values_it(
            game_index in 0..SPLITTING.len(),
            rows in 1u32..5,
            cols in 2u32..6,
            placed in 0usize..4,
            seed in any::<u64>(),
        ) {
            let (pieces, surface, rays) = SPLITTING[game_index];
            let game = game_of(pieces, &format!("{rows}x{cols}"), surface, rays);
            let position = position_after(&game, placed, seed);
            let solver = PlacementSolver::new(&game, 1 << 22);
            prop_assume!(solver.parts(&position) > 1);
            let case = format!("{pieces} {rows}x{cols} {surface}: {}", game.format_position(&position));
            let whole = |threads| {
                let mut search = RootSearch::new(&game, &position, threads, 1 << 24);
                search.values_parts_apart = false;
                search
            };
            let by_parts = |threads| RootSearch::new(&game, &position, threads, 1 << 24);
            let expected = whole(1).nim_value(&mut ()).unwrap().nimber;
            for threads in [1, 2] {
                prop_assert!(by_parts(threads).splits(), "{}", case);
                prop_assert_eq!(by_parts(threads).nim_value(&mut ()).unwrap().nimber, expected, "{}", &case);
            }
            let whole_outcome = whole(1).outcome(&mut ()).unwrap();
            let parts_outcome = by_parts(2).outcome(&mut ()).unwrap();
            prop_assert_eq!(whole_outcome.outcome, expected.outcome(), "{}", &case);
            prop_assert_eq!(parts_outcome.outcome, whole_outcome.outcome, "{}", &case);
            prop_assert_eq!(&parts_outcome.winning_moves, &whole_outcome.winning_moves, "{}", &case);
            prop_assert_eq!(parts_outcome.settled_by, whole_outcome.settled_by, "{}", &case);
        }
    }

    /// Stops at once.
    struct StopsAtOnce {
        facts: Vec<Fact>,
    }

    impl RootObserver for StopsAtOnce {
        fn should_stop(&mut self) -> bool {
            true
        }
    }

    /// A split position's search stopped by its observer returns `Interrupted`, and a search
    /// given the facts it learnt gives the value; an outcome search records the groups it
    /// settles, which a resumed search takes.
    #[test]
    fn a_stopped_split_search_resumes() {
        let game = game_of("bishops", "9x10", Surface::Rectangle, RayRule::Through);
        let empty = game.empty();
        let expected = PlacementSolver::new(&game, 1 << 22).nim_value(&empty);
        let mut search = RootSearch::new(&game, &empty, 2, 1 << 24);
        assert!(search.splits());
        let mut stops = StopsAtOnce { facts: Vec::new() };
        if search.nim_value(&mut stops).is_err() {
            stops.facts = search.costliest_facts(FACTS_KEPT);
        }
        let mut resumed = RootSearch::new(&game, &empty, 2, 1 << 24);
        resumed.learn(&stops.facts).unwrap();
        assert_eq!(resumed.nim_value(&mut ()).unwrap().nimber, expected);
        // A position with a piece placed, of value not 0 (no strategy settles it).
        let position = position_after(&game, 1, 7);
        let mut recorder = Recorder {
            records: Vec::new(),
            stop_after: usize::MAX,
            progress_seen: false,
        };
        let mut search = RootSearch::new(&game, &position, 2, 1 << 24);
        let answer = search.outcome(&mut recorder).unwrap();
        let mut again = RootSearch::new(&game, &position, 2, 1 << 24);
        assert_eq!(
            again.resume(&recorder.records).unwrap(),
            recorder.records.len()
        );
        let resumed = again.outcome(&mut ()).unwrap();
        assert_eq!(resumed.outcome, answer.outcome);
        assert_eq!(resumed.winning_moves, answer.winning_moves);
        assert_eq!(answer.report.settled, recorder.records.len());
    }

    /// Keeps the records reported, and stops after `stop_after` of them.
    struct Recorder {
        records: Vec<SettledRecord>,
        stop_after: usize,
        progress_seen: bool,
    }

    impl RootObserver for Recorder {
        fn settled(&mut self, record: &SettledRecord) {
            self.records.push(*record);
        }
        fn progress(&mut self, _progress: &RootProgress) {
            self.progress_seen = true;
        }
        fn should_stop(&mut self) -> bool {
            self.records.len() >= self.stop_after
        }
    }

    /// A search stopped by its observer returns `Interrupted`; a new search resumed from the
    /// records reported gives the same answer, taking every record.
    #[test]
    fn a_stopped_search_resumes_from_its_records() {
        let mut resumed_with_records = 0;
        for (pieces, size) in [
            ("queens", "6x6"),
            ("queens", "7x7"),
            // Not 4x4, which mirror play settles without a search to stop.
            ("bishops+knights", "3x5"),
        ] {
            let game = game_of(pieces, size, Surface::Rectangle, RayRule::Through);
            let empty = game.empty();
            let expected = PlacementSolver::new(&game, 1 << 22).nim_value(&empty);
            for stop_after in [0, 1, 3] {
                let mut recorder = Recorder {
                    records: Vec::new(),
                    stop_after,
                    progress_seen: false,
                };
                let mut search = RootSearch::new(&game, &empty, 2, 1 << 24);
                let case = format!("{pieces} {size} stopped after {stop_after}");
                let stopped = search.nim_value(&mut recorder);
                assert!(recorder.progress_seen, "{case}");
                let Err(Interrupted { report }) = stopped else {
                    // Answered before the observer was asked again.
                    continue;
                };
                assert_eq!(report.settled, recorder.records.len(), "{case}");
                let mut resumed = RootSearch::new(&game, &empty, 2, 1 << 24);
                let taken = resumed.resume(&recorder.records).unwrap();
                assert_eq!(taken, recorder.records.len(), "{case}");
                let answer = resumed.nim_value(&mut ()).unwrap();
                assert_eq!(answer.nimber, expected, "{case}");
                assert_eq!(answer.report.resumed, taken, "{case}");
                resumed_with_records += usize::from(taken > 0);
            }
        }
        assert!(resumed_with_records > 0, "some search stopped part way");
    }

    /// Keeps the questions tried without an answer, and stops the search once it has done
    /// some work with a thread still on a question: counted in positions, not seconds, so
    /// that a busy machine or a fast one stops it at the same point of its work. The search it
    /// watches must take far more than that work in all: progress reaches the observer when
    /// the search's own thread runs, and on a loaded machine a small search could end first.
    #[derive(Default)]
    struct TriesKept {
        tries: Vec<TriedRecord>,
        busy: bool,
    }

    impl RootObserver for TriesKept {
        fn tried(&mut self, record: &TriedRecord) {
            self.tries.push(*record);
        }
        fn progress(&mut self, progress: &RootProgress) {
            // Kings 9x9 takes minutes of search in all; this stops it within a second.
            self.busy |= progress.positions >= 100_000 && !progress.searching.is_empty();
        }
        fn should_stop(&mut self) -> bool {
            self.busy
        }
    }

    /// A search stopped in the middle of its questions reports each as tried, with the
    /// positions spent on it; and tries of any size, on any question, change no answer of a
    /// search resumed from them. A try of a move that is not a first move is refused.
    #[test]
    fn tries_are_reported_and_a_search_resumed_from_them_gives_the_same_value() {
        let game = game_of("kings", "9x9", Surface::Rectangle, RayRule::Through);
        let mut search = RootSearch::new(&game, &game.empty(), 2, 1 << 26);
        search.tries_kept_from = 1;
        let mut kept = TriesKept::default();
        assert!(search.nim_value(&mut kept).is_err(), "stopped while busy");
        assert!(!kept.tries.is_empty());
        for tried in &kept.tries {
            // Kings 9x9 is *4 (docs/DISCOVERIES.md): no round asks about more.
            assert!(tried.value.value() <= 4, "{tried:?}");
            assert!(search
                .groups
                .iter()
                .any(|group| group[0] == tried.first_move));
        }
        assert_eq!(
            RootSearch::new(&game, &game.empty(), 2, 1 << 26).resume_tries(&kept.tries),
            Ok(kept.tries.len())
        );

        for (pieces, size) in [
            ("queens", "5x5"),
            ("queens", "7x7"),
            ("knights", "4x6"),
            ("bishops+knights", "3x4"),
        ] {
            let game = game_of(pieces, size, Surface::Rectangle, RayRule::Through);
            let empty = game.empty();
            let expected = PlacementSolver::new(&game, 1 << 22).nim_value(&empty);
            for scale in [1, 1000, 1 << 40] {
                let mut resumed = RootSearch::new(&game, &empty, 2, 1 << 24);
                let tries: Vec<TriedRecord> = resumed
                    .groups()
                    .iter()
                    .enumerate()
                    .flat_map(|(group, moves)| {
                        (0..=expected.value() + 1).map(move |value| TriedRecord {
                            value: Nimber::new(value),
                            first_move: moves[0],
                            positions: scale * (group as u64 + u64::from(value) + 1),
                        })
                    })
                    .collect();
                assert_eq!(resumed.resume_tries(&tries), Ok(tries.len()));
                let answer = resumed.nim_value(&mut ()).unwrap();
                assert_eq!(answer.nimber, expected, "{pieces} {size} x{scale}");
            }
        }

        let game = game_of("queens", "5x5", Surface::Rectangle, RayRule::Through);
        let mut search = RootSearch::new(&game, &game.empty(), 1, 1 << 22);
        let tried = TriedRecord {
            value: Nimber::new(1),
            first_move: PlacementMove {
                square: search.groups()[0][0].square,
                piece: Piece::Knight,
            },
            positions: 5,
        };
        assert!(matches!(
            search.resume_tries(&[tried]),
            Err(ResumeError::TriedNotAFirstMove { index: 0, .. })
        ));
    }

    /// A round takes first the groups that earlier runs tried least: on one thread the groups
    /// of a second-player win are settled in board order from nothing, and a resumed try of the
    /// first group (of either question its round may ask) sends it behind the groups never tried,
    /// the larger of two tries last.
    #[test]
    fn the_groups_tried_least_are_searched_first() {
        let game = game_of("kings", "3x8", Surface::Rectangle, RayRule::Through);
        let order_settled = |tries: &[(usize, u32, u64)]| {
            let mut search = RootSearch::new(&game, &game.empty(), 1, 1 << 22);
            let records: Vec<TriedRecord> = tries
                .iter()
                .map(|&(group, value, positions)| TriedRecord {
                    value: Nimber::new(value),
                    first_move: search.groups()[group][0],
                    positions,
                })
                .collect();
            assert_eq!(search.resume_tries(&records), Ok(records.len()));
            let mut recorder = Recorder {
                records: Vec::new(),
                stop_after: usize::MAX,
                progress_seen: false,
            };
            assert_eq!(search.outcome(&mut recorder).unwrap().outcome, Outcome::P);
            let group_of = search.group_of_moves();
            recorder
                .records
                .iter()
                .map(|record| group_of[&record.first_move])
                .collect::<Vec<usize>>()
        };
        let from_nothing = order_settled(&[]);
        let groups = from_nothing.len();
        assert!(groups >= 4, "{from_nothing:?}");
        assert_eq!(from_nothing, (0..groups).collect::<Vec<_>>());
        let first_tried = order_settled(&[(0, 0, 1000)]);
        assert_eq!(first_tried, (1..groups).chain([0]).collect::<Vec<_>>());
        // Tries of values no round for 0 asks about change nothing.
        assert_eq!(order_settled(&[(0, 1, 1000)]), from_nothing);
        let two_tried = order_settled(&[(0, 0, 2000), (2, 0, 1000)]);
        let mut expected: Vec<usize> = (1..groups).filter(|&group| group != 2).collect();
        expected.extend([2, 0]);
        assert_eq!(two_tried, expected);
    }

    /// Stops the search once progress has shown a thread at work, keeping what it showed.
    #[derive(Default)]
    struct BusyWatcher {
        seen: Vec<GroupInSearch>,
    }

    impl RootObserver for BusyWatcher {
        fn progress(&mut self, progress: &RootProgress) {
            self.seen.extend(progress.searching.iter().cloned());
        }
        fn should_stop(&mut self) -> bool {
            !self.seen.is_empty()
        }
    }

    /// Progress names the groups the threads are on, by their first move, with the value
    /// each asks about (the round's or a smaller one) and for how long.
    #[test]
    fn progress_names_the_groups_being_searched() {
        // Kings 7x9 (*1) takes seconds: the threads are seen busy long before it ends.
        let game = game_of("kings", "7x9", Surface::Rectangle, RayRule::Through);
        let empty = game.empty();
        let mut watcher = BusyWatcher::default();
        let mut search = RootSearch::new(&game, &empty, 2, 1 << 26);
        let stopped = search.nim_value(&mut watcher);
        assert!(stopped.is_err(), "stopped once a thread was seen busy");
        let names: Vec<String> = search
            .groups
            .iter()
            .map(|group| game.move_name(group[0]))
            .collect();
        assert!(!watcher.seen.is_empty());
        for busy in &watcher.seen {
            assert!(
                names.contains(&busy.first_move),
                "{busy:?} not in {names:?}"
            );
            assert!(busy.asked.value() <= 1, "{busy:?}");
            assert!(busy.seconds >= 0.0, "{busy:?}");
        }
    }

    /// An observer that wants the facts at every look and stops once it has been given some
    /// twice (the first looks may come before the table holds anything).
    #[derive(Default)]
    struct FactKeeper {
        kept: Vec<Vec<Fact>>,
    }

    impl RootObserver for FactKeeper {
        fn wants_facts(&mut self) -> bool {
            true
        }

        fn facts_learnt(&mut self, facts: Vec<Fact>) {
            if !facts.is_empty() {
                self.kept.push(facts);
            }
        }

        fn should_stop(&mut self) -> bool {
            self.kept.len() >= 2
        }
    }

    /// Facts given while the threads search are those of the shared table, costliest first;
    /// a search that learns them answers as one that never stopped.
    #[test]
    fn facts_given_during_a_search_carry_over_to_the_next() {
        let game = PlacementGame::new(Piece::King, "8x9".parse().unwrap());
        let empty = game.empty();
        let mut keeper = FactKeeper::default();
        let mut search = RootSearch::new(&game, &empty, 1, 1 << 25);
        assert!(search.nim_value(&mut keeper).is_err(), "stopped");
        let facts = keeper.kept.pop().unwrap();
        assert!(facts.len() <= FACTS_KEPT);
        assert!(facts.windows(2).all(|pair| pair[0].work >= pair[1].work));
        let mut resumed = RootSearch::new(&game, &empty, 1, 1 << 25);
        assert_eq!(resumed.learn(&facts), Ok(facts.len()));
        // What the records settled is in the table too, answered without a search.
        let mut recorder = Recorder {
            records: Vec::new(),
            stop_after: usize::MAX,
            progress_seen: false,
        };
        let small = PlacementGame::new(Piece::King, "6x7".parse().unwrap());
        RootSearch::new(&small, &small.empty(), 1, 1 << 22)
            .nim_value(&mut recorder)
            .unwrap();
        let mut taught = RootSearch::new(&small, &small.empty(), 1, 1 << 22);
        taught.resume(&recorder.records).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let searched = recorder.records.iter().filter(|r| r.positions > 0).count();
        assert!(searched > 0);
        for record in &recorder.records {
            let after = small.play_move(&small.empty(), record.first_move).unwrap();
            let solver = &mut taught.threads.solvers[0];
            let answer = solver.has_value_within(&after, record.value, &stop, 1);
            assert_eq!(answer, Some(record.leaves_value), "{record:?}");
        }
        let expected = PlacementSolver::new(&game, 1 << 25).nim_value(&empty);
        assert_eq!(resumed.nim_value(&mut ()).unwrap().nimber, expected);
        // Facts of another game are refused by their index.
        let other = PlacementGame::new(Piece::King, "5x5".parse().unwrap());
        let mut search = RootSearch::new(&other, &other.empty(), 1, 1 << 22);
        assert_eq!(
            search.learn(&facts),
            Err(ResumeError::NotAFact { index: 0 })
        );
    }

    #[test]
    fn contradicting_records_are_refused() {
        let game = game_of("queens", "5x5", Surface::Rectangle, RayRule::Through);
        let empty = game.empty();
        let mut search = RootSearch::new(&game, &empty, 1, 1 << 22);
        let groups = search.groups().to_vec();
        let record = |value: u32, first_move: PlacementMove, leaves_value: bool| SettledRecord {
            value: Nimber::new(value),
            first_move,
            leaves_value,
            positions: 1,
        };
        let (a1, b1) = (groups[0][0], groups[1][0]);
        // The last move of a1's group stands for the same group as a1 itself.
        let a1_again = *groups[0].last().unwrap();
        assert_ne!(a1, a1_again);
        assert_eq!(
            search.resume(&[
                record(0, a1, true),
                record(0, b1, false),
                record(0, a1_again, false)
            ]),
            Err(ResumeError::Contradiction {
                first: 0,
                second: 2
            })
        );
        assert_eq!(
            search.resume(&[record(0, a1, true), record(1, a1_again, true)]),
            Err(ResumeError::Contradiction {
                first: 0,
                second: 1
            })
        );
        let off_board = PlacementMove {
            square: a1.square,
            piece: Piece::Knight,
        };
        assert!(matches!(
            search.resume(&[record(0, off_board, true)]),
            Err(ResumeError::NotAFirstMove { index: 0, .. })
        ));
        // Nothing was taken from the refused records; repeats are taken once.
        assert_eq!(search.report().settled, 0);
        assert_eq!(
            search.resume(&[record(1, a1, false), record(1, a1_again, false)]),
            Ok(1)
        );
    }
}
