//! The first-move search of `value` and `outcome` spread over the ranks of a job (an MPI job
//! under `mpirun` or `srun`, say): rank 0 runs [`coordinate_ranks`], which hands out the
//! [`UnitCoordinator`]'s units, puts their answers together and builds the report; every other
//! rank runs [`serve_rank`], which answers units on its own threads with its own tables.
//!
//! The library does no I/O: the front end carries the messages through [`Ranks`] (the command
//! line's implementation is MPI), keeps what [`RanksObserver`] is told (a checkpoint, a
//! progress bar) and gives back what an earlier run kept as [`RanksSearch::resume`]. Each
//! message is a [`MessageKind`] and a text ([`encode_unit`], [`encode_answer`]) of at most
//! [`MAX_UNIT_TEXT_BYTES`](super::unit_search::MAX_UNIT_TEXT_BYTES), a bound a transport may hold a rank to before it receives.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use thiserror::Error;

use super::root_search::{RootOutcome, RootReport, RootValue};
use super::search_threads::SearchThreads;
use super::unit_search::{
    decode_answer, decode_unit, encode_answer, encode_unit, serve_units, UnitCoordinator,
    UnitQueue, UnitResult, UnitWorker,
};
pub(crate) use super::unit_search::{Goal, SettledUnit, UnitBudget, UnitCounts, UnitResumeError};
use super::PlacementMove;
use crate::limits::size_text;
use crate::report::GameReport;
use crate::solver::SearchStats;
use crate::values::Nimber;
use crate::values::Outcome;

use super::ResumableSearch;

/// What a message between ranks carries; a transport writes it as it likes (MPI: a tag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// A worker's first message: how many threads it searches on.
    Ready,
    /// A unit for a worker.
    Unit,
    /// A worker's answer to a unit.
    Answer,
    /// A unit no longer needed: the worker may give it up.
    Abandon,
    /// The search is over: the worker ends.
    Stop,
}

/// The ranks of a job as the search talks to them: rank 0 coordinates, the others work.
pub trait Ranks {
    /// The ranks of the job, rank 0 included.
    fn count(&self) -> usize;

    /// Sends `text`, a message of `kind`, to `rank`.
    fn send(&mut self, rank: usize, kind: MessageKind, text: &str);

    /// A message that has arrived, without waiting for one: the rank that sent it, its kind
    /// and its text; `None` when none has. An error says why a message could not be taken
    /// (one longer than [`MAX_UNIT_TEXT_BYTES`](super::unit_search::MAX_UNIT_TEXT_BYTES), not text, of an unknown kind).
    ///
    /// # Errors
    /// The transport's reason, for people.
    fn receive(&mut self) -> Result<Option<(usize, MessageKind, String)>, String>;
}

/// What the front end is told while rank 0 coordinates.
pub trait RanksObserver {
    /// Units settled since the last call: what a checkpoint keeps so that a stopped search
    /// resumes without asking them again.
    fn settled(&mut self, units: &[SettledUnit]);

    /// How far the search is, `seconds` after it started (every 200 ms).
    fn progress(&mut self, counts: &UnitCounts, seconds: f64);
}

/// A first-move search for rank 0 to spread over the ranks.
pub struct RanksSearch<'a> {
    /// The game and its position.
    pub search: &'a ResumableSearch,
    /// Who wins, or the nim-value.
    pub goal: Goal,
    /// How large a unit may grow before it is split.
    pub budget: UnitBudget,
    /// What earlier runs settled (a checkpoint's first moves and units).
    pub resume: Vec<SettledUnit>,
    /// The most bytes rank 0 may hold of its questions and what it knows
    /// ([`UnitCoordinator::set_memory`]).
    pub memory: u64,
}

/// What rank 0 answers: the report (with its ranks and units), and the units' counts.
#[derive(Clone, Debug)]
pub struct RanksAnswer {
    /// The report of `value` or `outcome`, as one process gives it, with
    /// [`SearchCost::ranks`](crate::report::SearchCost::ranks) and [`SearchCost::units_settled`](crate::report::SearchCost::units_settled).
    pub report: GameReport,
    /// What the units did.
    pub counts: UnitCounts,
}

impl RanksAnswer {
    /// The answer's line about its units, for people.
    #[must_use]
    pub fn units_line(&self) -> String {
        let counts = &self.counts;
        format!(
            "units      {} settled on {} ranks ({} split deeper, {} questions from the checkpoint)\n",
            counts.settled,
            self.report.cost.ranks.unwrap_or(0),
            counts.split,
            counts.resumed
        )
    }
}

/// Why a search over ranks ended without its answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RanksError {
    /// The records to resume from were refused (the index counts in [`RanksSearch::resume`]).
    #[error(transparent)]
    Resume(#[from] UnitResumeError),
    /// A rank sent what it should not, or the transport failed: why, for people.
    #[error("{0}")]
    Protocol(String),
    /// The stop flag was raised first: what was settled by then.
    #[error("stopped: {} units settled", .0.settled)]
    Stopped(UnitCounts),
    /// Rank 0's questions and what it knew passed [`RanksSearch::memory`]: what was settled
    /// by then (kept as the observer was told).
    #[error(
        "rank 0 holds every question it splits until its answer, and they passed the {} of memory allowed: give more memory; {} units settled",
        size_text(*.memory),
        .counts.settled
    )]
    OutOfMemory {
        /// The memory allowed.
        memory: u64,
        /// What was settled.
        counts: UnitCounts,
    },
}

/// How long a rank waits, when nothing came, before it looks again.
const IDLE: Duration = Duration::from_millis(1);

/// How often rank 0 tells its observer how far the search is.
const PROGRESS_PERIOD: Duration = Duration::from_millis(200);

/// Rank 0: hands out units to the other ranks, each as many at once as it has threads, and
/// puts their answers together, until the answer or until `stop` is raised. Every other rank
/// is told to stop at the end, however the search ended.
///
/// # Errors
/// [`RanksError`]: the resume records refused, a rank or the transport failing, or stopped.
pub fn coordinate_ranks(
    search: &RanksSearch<'_>,
    ranks: &mut impl Ranks,
    observer: &mut impl RanksObserver,
    stop: &AtomicBool,
) -> Result<RanksAnswer, RanksError> {
    let answer = coordinate(search, ranks, observer, stop);
    for rank in 1..ranks.count() {
        ranks.send(rank, MessageKind::Stop, "");
    }
    answer
}

fn coordinate(
    search: &RanksSearch<'_>,
    ranks: &mut impl Ranks,
    observer: &mut impl RanksObserver,
    stop: &AtomicBool,
) -> Result<RanksAnswer, RanksError> {
    let (game, position) = (&search.search.game, &search.search.position);
    let mut coordinator = UnitCoordinator::new(game, position, search.goal, search.budget);
    coordinator.set_memory(search.memory);
    coordinator.resume(&search.resume)?;
    let started = Instant::now();
    let size = ranks.count();
    let mut capacity = vec![0usize; size];
    let mut running = vec![0usize; size];
    let mut rank_of: HashMap<u64, usize> = HashMap::new();
    let mut threads = 0;
    let mut last_shown = Instant::now();
    let protocol = RanksError::Protocol;
    loop {
        let mut busy = false;
        while let Some((rank, kind, text)) = ranks.receive().map_err(protocol)? {
            busy = true;
            match kind {
                MessageKind::Ready => {
                    let count: usize = text.trim().parse().map_err(|_| {
                        protocol(format!("rank {rank} sent `{text}` for its thread count"))
                    })?;
                    capacity[rank] = count.clamp(1, 1 << 16);
                    threads += capacity[rank];
                }
                MessageKind::Answer => {
                    let answer =
                        decode_answer(&text).map_err(|e| protocol(format!("rank {rank}: {e}")))?;
                    if rank_of.remove(&answer.id).is_some() {
                        running[rank] -= 1;
                    }
                    coordinator.settle(&answer);
                }
                other => {
                    return Err(protocol(format!(
                        "rank {rank} sent a message of kind {other:?}"
                    )))
                }
            }
        }
        observer.settled(&coordinator.take_settled());
        if coordinator.result().is_some() {
            break;
        }
        if stop.load(Ordering::Relaxed) {
            return Err(RanksError::Stopped(coordinator.counts()));
        }
        if coordinator.out_of_memory() {
            return Err(RanksError::OutOfMemory {
                memory: search.memory,
                counts: coordinator.counts(),
            });
        }
        for id in coordinator.take_abandoned() {
            if let Some(&rank) = rank_of.get(&id) {
                ranks.send(rank, MessageKind::Abandon, &id.to_string());
            }
        }
        for rank in 1..size {
            while running[rank] < capacity[rank] {
                let Some(unit) = coordinator.next_unit() else {
                    break;
                };
                busy = true;
                ranks.send(rank, MessageKind::Unit, &encode_unit(&unit, game));
                rank_of.insert(unit.id, rank);
                running[rank] += 1;
            }
        }
        if last_shown.elapsed() >= PROGRESS_PERIOD {
            last_shown = Instant::now();
            observer.progress(&coordinator.counts(), started.elapsed().as_secs_f64());
        }
        if !busy {
            std::thread::sleep(IDLE);
        }
    }
    let result = coordinator
        .result()
        .cloned()
        .expect("the loop ends on an answer");
    let counts = coordinator.counts();
    let root = root_report(coordinator.groups(), &counts, threads);
    let seconds = started.elapsed().as_secs_f64();
    let mut report = match search.goal {
        Goal::Outcome => search
            .search
            .outcome_report(&outcome(&result, root), seconds),
        Goal::NimValue => search.search.value_report(&value(&result, root), seconds),
    };
    report.cost.ranks = Some(size);
    report.cost.units_settled = Some(counts.settled);
    Ok(RanksAnswer { report, counts })
}

/// The first-move search's own report of a search the ranks shared.
fn root_report(groups: &[Vec<PlacementMove>], counts: &UnitCounts, threads: usize) -> RootReport {
    RootReport {
        first_moves: groups.iter().map(Vec::len).sum(),
        groups: groups.len(),
        settled: counts.first_moves_settled as usize,
        resumed: counts.resumed as usize,
        positions: counts.positions,
        stats: SearchStats {
            positions: counts.positions,
            ..SearchStats::default()
        },
        threads,
    }
}

/// The answer as the first-move search gives it, for `outcome`.
fn outcome(result: &UnitResult, report: RootReport) -> RootOutcome {
    let (outcome, winning_moves) = match result {
        UnitResult::Outcome {
            outcome,
            winning_moves,
        } => (*outcome, winning_moves.clone()),
        UnitResult::NimValue(nimber) => (nimber.outcome(), Vec::new()),
    };
    RootOutcome {
        outcome,
        winning_moves,
        settled_by: None,
        report,
    }
}

/// The answer as the first-move search gives it, for `value`.
fn value(result: &UnitResult, report: RootReport) -> RootValue {
    let nimber = match result {
        UnitResult::NimValue(nimber) => *nimber,
        // Only an outcome was asked: 0 or not.
        UnitResult::Outcome { outcome, .. } => Nimber::new(u32::from(*outcome == Outcome::N)),
    };
    RootValue {
        nimber,
        settled_by: None,
        // The ranks value a position by its first moves, not by its parts.
        parts: Vec::new(),
        report,
    }
}

/// A rank other than 0: answers the units rank 0 sends, on `threads` threads with tables of
/// `memory` bytes in all, until rank 0 says stop.
///
/// # Errors
/// [`RanksError::Protocol`]: rank 0 or the transport failing, or the search threads ending.
pub fn serve_rank(
    search: &ResumableSearch,
    threads: usize,
    memory: u64,
    ranks: &mut impl Ranks,
) -> Result<(), RanksError> {
    let (game, position) = (&search.game, &search.position);
    let mut searchers = SearchThreads::new(game, threads, memory);
    let workers = UnitWorker::all(game, position, &mut searchers);
    ranks.send(0, MessageKind::Ready, &workers.len().to_string());
    let queue = UnitQueue::new();
    let (sender, answers) = mpsc::channel();
    let protocol = RanksError::Protocol;
    std::thread::scope(|scope| {
        let queue = &queue;
        scope.spawn(move || serve_units(workers, queue, &sender));
        let outcome = (|| loop {
            while let Some((_, kind, text)) = ranks.receive().map_err(protocol)? {
                match kind {
                    MessageKind::Unit => queue.push(
                        decode_unit(&text, game, position)
                            .map_err(|e| protocol(format!("a unit from rank 0: {e}")))?,
                    ),
                    MessageKind::Abandon => queue.abandon(
                        text.parse()
                            .map_err(|_| protocol(format!("rank 0 abandoned `{text}`")))?,
                    ),
                    MessageKind::Stop => return Ok(()),
                    other => {
                        return Err(protocol(format!("rank 0 sent a message of kind {other:?}")))
                    }
                }
            }
            match answers.recv_timeout(IDLE) {
                Ok(answer) => ranks.send(0, MessageKind::Answer, &encode_answer(&answer)),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(protocol("the search threads ended".to_string()));
                }
            }
        })();
        queue.close();
        outcome
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::placement::{Piece, PlacementGame, PlacementSolver};
    use std::collections::VecDeque;
    use std::sync::{Arc, Mutex};

    fn resumable(game: &str) -> ResumableSearch {
        ResumableSearch::of(&game.parse().unwrap()).unwrap()
    }

    /// The messages sent to a rank, by whom, in order.
    type Inbox = Mutex<VecDeque<(usize, MessageKind, String)>>;

    /// Ranks in one process: each rank's inbox, shared.
    #[derive(Clone)]
    struct InProcess {
        rank: usize,
        inboxes: Arc<Vec<Inbox>>,
    }

    impl Ranks for InProcess {
        fn count(&self) -> usize {
            self.inboxes.len()
        }
        fn send(&mut self, rank: usize, kind: MessageKind, text: &str) {
            self.inboxes[rank]
                .lock()
                .unwrap()
                .push_back((self.rank, kind, text.to_string()));
        }
        fn receive(&mut self) -> Result<Option<(usize, MessageKind, String)>, String> {
            Ok(self.inboxes[self.rank].lock().unwrap().pop_front())
        }
    }

    #[derive(Default)]
    struct Kept(Vec<SettledUnit>);

    impl RanksObserver for Kept {
        fn settled(&mut self, units: &[SettledUnit]) {
            self.0.extend_from_slice(units);
        }
        fn progress(&mut self, _: &UnitCounts, _: f64) {}
    }

    fn on_three_ranks(search: &RanksSearch<'_>) -> (Result<RanksAnswer, RanksError>, Kept) {
        let inboxes = Arc::new((0..3).map(|_| Mutex::new(VecDeque::new())).collect());
        let mut kept = Kept::default();
        let answer = std::thread::scope(|scope| {
            for rank in 1..3 {
                let mut ranks = InProcess {
                    rank,
                    inboxes: Arc::clone(&inboxes),
                };
                scope.spawn(move || {
                    serve_rank(search.search, 1, 1 << 22, &mut ranks).unwrap();
                });
            }
            let mut ranks = InProcess { rank: 0, inboxes };
            coordinate_ranks(search, &mut ranks, &mut kept, &AtomicBool::new(false))
        });
        (answer, kept)
    }

    /// The nim-value's search in units small enough to be split, rank 0 holding `memory`.
    fn value_in_small_units(resumable: &ResumableSearch, memory: u64) -> RanksSearch<'_> {
        RanksSearch {
            search: resumable,
            goal: Goal::NimValue,
            budget: UnitBudget {
                first: 16,
                unbounded_from: 5,
            },
            resume: Vec::new(),
            memory,
        }
    }

    /// Rank 0 keeps every question it splits: past its memory it hands out no more units and
    /// ends, with what was settled kept, and a run with the memory it needs resumes from it.
    #[test]
    fn rank_0_out_of_memory_ends_with_what_was_settled_kept() {
        let resumable = resumable("knights 6x6");
        let search = value_in_small_units(&resumable, 1 << 14);
        let (answer, kept) = on_three_ranks(&search);
        let Err(RanksError::OutOfMemory { memory, counts }) = answer else {
            panic!("{answer:?}")
        };
        assert_eq!(memory, 1 << 14);
        // Every unit settled is kept, and so is a question decided from its units.
        assert!(kept.0.len() >= counts.settled as usize);
        // Past the first questions only the splits can take the memory.
        assert!(counts.split > 0, "{counts:?}");
        let error = RanksError::OutOfMemory { memory, counts }.to_string();
        assert!(
            error.contains(&format!(
                "the {} of memory allowed: give more memory",
                size_text(memory)
            )),
            "{error}"
        );
        let roomy = RanksSearch {
            resume: kept.0,
            memory: 1 << 26,
            ..search
        };
        let (answer, _) = on_three_ranks(&roomy);
        let game = PlacementGame::new(Piece::Knight, "6x6".parse().unwrap());
        let alone = PlacementSolver::new(&game, 1 << 22)
            .nim_value(&game.empty())
            .value();
        assert_eq!(answer.unwrap().report.nimber(), Some(alone));
    }

    #[test]
    fn the_ranks_answer_as_one_process_does_and_a_resumed_run_asks_less() {
        let game = PlacementGame::new(Piece::Queen, "7x7".parse().unwrap());
        let position = game.empty();
        let resumable = resumable("queens 7x7");
        let search = value_in_small_units(&resumable, 1 << 26);
        let alone = PlacementSolver::new(&game, 1 << 22)
            .nim_value(&position)
            .value();
        let (answer, kept) = on_three_ranks(&search);
        let answer = answer.unwrap();
        assert_eq!(answer.report.nimber(), Some(alone));
        assert_eq!(answer.report.cost.ranks, Some(3));
        // A rank whose first message came after the answer counts no threads.
        assert!(matches!(answer.report.cost.threads, Some(1 | 2)));
        assert!(answer.counts.settled > 0);
        assert!(!kept.0.is_empty());
        let resumed = RanksSearch {
            resume: kept.0,
            ..search
        };
        let (again, _) = on_three_ranks(&resumed);
        let again = again.unwrap();
        assert_eq!(again.report.nimber(), Some(alone));
        assert!(again.counts.resumed > 0);
        assert!(again.counts.settled < answer.counts.settled);
    }

    #[test]
    fn a_raised_stop_flag_ends_the_search_and_tells_the_ranks_to_stop() {
        let resumable = resumable("queens 5x5");
        let search = RanksSearch {
            search: &resumable,
            goal: Goal::Outcome,
            budget: UnitBudget::default(),
            resume: Vec::new(),
            memory: 1 << 26,
        };
        let inboxes: Arc<Vec<_>> = Arc::new((0..2).map(|_| Mutex::new(VecDeque::new())).collect());
        let mut ranks = InProcess {
            rank: 0,
            inboxes: Arc::clone(&inboxes),
        };
        let answer = coordinate_ranks(
            &search,
            &mut ranks,
            &mut Kept::default(),
            &AtomicBool::new(true),
        );
        assert!(matches!(answer, Err(RanksError::Stopped(_))));
        let to_worker = inboxes[1].lock().unwrap();
        assert_eq!(to_worker.back().map(|m| m.1), Some(MessageKind::Stop));
    }
}
