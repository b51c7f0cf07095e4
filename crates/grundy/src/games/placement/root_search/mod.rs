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

use crate::solver::{Fact, FactSource};
use crate::values::{Nimber, Outcome};

pub use records::{
    GroupInSearch, Interrupted, ResumeError, RootObserver, RootOutcome, RootProgress, RootReport,
    RootValue, SettledRecord, TriedRecord, FACTS_KEPT, TRIES_KEPT_FROM,
};

use super::question_turns::{settle_group, Asked, Settled, Turn, FIRST_TRY_POSITIONS};
use super::search_threads::{uses_win_search, SearchThreads};
use super::settle::{settled_by_strategy, Settlement};
use super::{PlacementGame, PlacementMove, PlacementPosition, PlacementSolver};

mod records;

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
mod tests;
