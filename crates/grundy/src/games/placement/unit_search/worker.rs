//! The workers of a unit search, the queue between them and the coordinator, and a whole
//! search run in one process.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use crate::games::placement::search_threads::{SearchThreads, Worker};
use crate::games::placement::{PlacementGame, PlacementPosition};
use crate::values::Nimber;

use super::*;

/// Answers units, on one thread, with its own tables (shared with the other threads of its
/// process).
pub struct UnitWorker<'a> {
    game: &'a PlacementGame,
    root: PlacementPosition,
    worker: Worker<'a>,
}

impl<'a> UnitWorker<'a> {
    /// The workers of `threads`, one per thread, answering units of a search of `root`.
    pub fn all(
        game: &'a PlacementGame,
        root: &PlacementPosition,
        threads: &'a mut SearchThreads,
    ) -> Vec<UnitWorker<'a>> {
        threads
            .workers()
            .into_iter()
            .map(|worker| UnitWorker {
                game,
                root: *root,
                worker,
            })
            .collect()
    }

    /// Answers `unit`, giving up (`is_p: None`) over its budget or when `stop` is raised.
    ///
    /// # Panics
    /// When the unit's moves are not legal: units come from the coordinator or from
    /// [`decode_unit`], which both play them.
    pub fn answer(&mut self, unit: &Unit, stop: &Arc<AtomicBool>) -> UnitAnswer {
        let mut position = self.root;
        for &step in &unit.path {
            position = self
                .game
                .play_move(&position, step)
                .expect("the moves of a unit are legal");
        }
        let before = self.worker.positions();
        let is_p = self.worker.has_value_within(
            self.game,
            &position,
            Nimber::new(unit.heap),
            stop,
            unit.budget.unwrap_or(u64::MAX),
        );
        UnitAnswer {
            id: unit.id,
            is_p,
            positions: self.worker.positions() - before,
        }
    }
}

/// The units waiting for the workers of one process, and the stop flags of those running.
#[derive(Default)]
pub struct UnitQueue {
    state: Mutex<QueueState>,
    ready: Condvar,
}

#[derive(Default)]
pub(super) struct QueueState {
    waiting: VecDeque<Unit>,
    running: HashMap<u64, Arc<AtomicBool>>,
    /// Abandoned before a worker took them.
    pub(super) abandoned: HashSet<u64>,
    closed: bool,
}

impl UnitQueue {
    /// An empty queue.
    #[must_use]
    pub fn new() -> UnitQueue {
        UnitQueue::default()
    }

    /// Hands `unit` to the next free worker.
    pub fn push(&self, unit: Unit) {
        self.lock().waiting.push_back(unit);
        self.ready.notify_one();
    }

    /// Tells the worker of unit `id` to give it up (it then answers `None` at once); a unit
    /// already answered is left alone.
    pub fn abandon(&self, id: u64) {
        let mut state = self.lock();
        if let Some(flag) = state.running.get(&id) {
            flag.store(true, Ordering::Relaxed);
        } else if state.waiting.iter().any(|unit| unit.id == id) {
            // Still answered, so that whoever counts the units running sees it end.
            state.abandoned.insert(id);
        }
    }

    /// Stops every worker: running units are given up and the workers return.
    pub fn close(&self) {
        let mut state = self.lock();
        state.closed = true;
        for flag in state.running.values() {
            flag.store(true, Ordering::Relaxed);
        }
        drop(state);
        self.ready.notify_all();
    }

    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, QueueState> {
        // A worker that panicked leaves the queue as it was: still usable.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The next unit and its stop flag; `None` once closed.
    fn take(&self) -> Option<(Unit, Arc<AtomicBool>)> {
        let mut state = self.lock();
        loop {
            if state.closed {
                return None;
            }
            if let Some(unit) = state.waiting.pop_front() {
                let flag = Arc::new(AtomicBool::new(state.abandoned.remove(&unit.id)));
                state.running.insert(unit.id, Arc::clone(&flag));
                return Some((unit, flag));
            }
            state = self
                .ready
                .wait(state)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
    }

    fn finished(&self, id: u64) {
        self.lock().running.remove(&id);
    }
}

/// Runs `workers`, one thread each, on the units of `queue` until it is closed, sending each
/// answer to `answers`.
pub fn serve_units(
    workers: Vec<UnitWorker<'_>>,
    queue: &UnitQueue,
    answers: &mpsc::Sender<UnitAnswer>,
) {
    std::thread::scope(|scope| {
        for mut worker in workers {
            let answers = answers.clone();
            scope.spawn(move || {
                while let Some((unit, stop)) = queue.take() {
                    let answer = worker.answer(&unit, &stop);
                    queue.finished(unit.id);
                    if answers.send(answer).is_err() {
                        break;
                    }
                }
            });
        }
    });
}

/// How often [`run_in_process`] looks at the stop flag and reports progress.
const POLL_PERIOD: Duration = Duration::from_millis(50);

/// Runs a distributed search in this process: `coordinator` on the calling thread, a worker
/// on each of `threads`, as many units running as threads plus one. `observe` is called on
/// the calling thread with each batch of settled questions (to keep) and at least every 50
/// ms with none. Returns the answer, or `None` when `stop` was raised first or the
/// coordinator ran out of memory ([`UnitCoordinator::out_of_memory`]).
pub fn run_in_process(
    coordinator: &mut UnitCoordinator,
    threads: &mut SearchThreads,
    stop: &AtomicBool,
    mut observe: impl FnMut(&[SettledUnit]),
) -> Option<UnitResult> {
    let in_flight = threads.len() + 1;
    let game = coordinator.game.clone();
    let root = coordinator.root;
    let workers = UnitWorker::all(&game, &root, threads);
    let queue = UnitQueue::new();
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        let queue = &queue;
        scope.spawn(move || serve_units(workers, queue, &sender));
        let mut running = 0;
        let result = loop {
            if coordinator.result().is_some()
                || stop.load(Ordering::Relaxed)
                || coordinator.out_of_memory()
            {
                break coordinator.result().cloned();
            }
            while running < in_flight {
                let Some(unit) = coordinator.next_unit() else {
                    break;
                };
                running += 1;
                queue.push(unit);
            }
            match receiver.recv_timeout(POLL_PERIOD) {
                Ok(answer) => {
                    running -= 1;
                    coordinator.settle(&answer);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break coordinator.result().cloned(),
            }
            for id in coordinator.take_abandoned() {
                queue.abandon(id);
            }
            observe(&coordinator.take_settled());
        };
        queue.close();
        observe(&coordinator.take_settled());
        result
    })
}
