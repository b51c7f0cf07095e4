//! The positions one move from the root, judged on several threads: each thread takes the next
//! position not yet taken and searches it with its own [`MisereSearch`] (its own table, a share
//! of the memory, kept from one position to the next), until every position is judged or, when
//! only a winning move is wanted, one is found.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::parts::PartRules;
use super::search::MisereSearch;
use crate::games::parts::Parts;
use crate::solver::{SearchObserver, SearchStats};

/// The stack of each searching thread: the search recurses once a move.
const WORKER_STACK_BYTES: usize = 64 << 20;

/// How often the coordinating thread looks at the stop flag and tells the observer.
const POLL: Duration = Duration::from_millis(20);

/// Which positions the player to move loses (`Some(true)`: a move there wins), and what the
/// searches cost. A position left unjudged (after a winning move was found, or a stop) is
/// `None`.
pub(crate) struct Judged {
    /// Per position, whether the player to move there loses under misère play.
    pub(crate) loses: Vec<Option<bool>>,
    /// The searches' costs, added up.
    pub(crate) stats: SearchStats,
    /// Whether the observer's flag stopped the judging (what was judged before is kept), or a
    /// thread could not be started.
    pub(crate) stopped: bool,
    /// Whether a search held more positions along its path than its share of the budget,
    /// which ended the judging.
    pub(crate) out_of_memory: bool,
}

/// Judges `positions` (sorted parts of `rules`' game) on `threads` threads sharing
/// `budget_bytes`; with `first_loss_only`, stops once one position is found lost. The
/// observer's stop flag stops it too, keeping what was judged.
pub(crate) fn judge(
    rules: &PartRules,
    positions: &[Parts],
    threads: usize,
    budget_bytes: u64,
    first_loss_only: bool,
    observer: &mut dyn SearchObserver,
) -> Judged {
    let threads = threads.clamp(1, positions.len().max(1));
    let next = AtomicUsize::new(0);
    let abandon = Arc::new(AtomicBool::new(false));
    let count = Arc::new(AtomicU64::new(0));
    let loses = Mutex::new(vec![None; positions.len()]);
    let totals = Mutex::new(SearchStats::default());
    let stopped_from_outside = observer.stop_flag();
    let done = AtomicUsize::new(0);
    let not_started = AtomicBool::new(false);
    let out_of_memory = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            // The search recurses once a move, up to MAX_MISERE_DEPTH deep: a stack of its own.
            let worker = std::thread::Builder::new().stack_size(WORKER_STACK_BYTES);
            let started = worker.spawn_scoped(scope, || {
                // Counted when the thread ends, even by a panic, which the scope then passes on.
                let _finished = Finished(&done);
                let mut search = MisereSearch::new(rules.clone(), budget_bytes / threads as u64);
                search.set_stop(Arc::clone(&abandon));
                search.set_shared_count(Arc::clone(&count));
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= positions.len() {
                        break;
                    }
                    let Some(wins) = search.wins(&positions[index]) else {
                        if search.ran_out_of_memory() {
                            out_of_memory.store(true, Ordering::Relaxed);
                            abandon.store(true, Ordering::Relaxed);
                        }
                        break;
                    };
                    loses.lock().expect("no thread panics holding it")[index] = Some(!wins);
                    if !wins && first_loss_only {
                        abandon.store(true, Ordering::Relaxed);
                    }
                }
                add(
                    &mut totals.lock().expect("no thread panics holding it"),
                    search.stats(),
                );
            });
            if started.is_err() {
                // A thread the system would not start: the judging stops, as if interrupted,
                // rather than answer with positions left unjudged.
                not_started.store(true, Ordering::Relaxed);
                abandon.store(true, Ordering::Relaxed);
                done.fetch_add(1, Ordering::Release);
            }
        }
        while done.load(Ordering::Acquire) < threads {
            std::thread::sleep(POLL);
            if stopped_from_outside
                .as_ref()
                .is_some_and(|stop| stop.load(Ordering::Relaxed))
            {
                abandon.store(true, Ordering::Relaxed);
            }
            observer.progress(&SearchStats {
                positions: count.load(Ordering::Relaxed),
                ..SearchStats::default()
            });
        }
    });
    Judged {
        loses: loses.into_inner().expect("no thread panicked"),
        stats: totals.into_inner().expect("no thread panicked"),
        stopped: not_started.load(Ordering::Relaxed)
            || stopped_from_outside.is_some_and(|stop| stop.load(Ordering::Relaxed)),
        out_of_memory: out_of_memory.into_inner(),
    }
}

/// Counts a worker as finished when dropped.
struct Finished<'a>(&'a AtomicUsize);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}

fn add(total: &mut SearchStats, stats: SearchStats) {
    total.positions += stats.positions;
    total.table_hits += stats.table_hits;
    total.table.entries += stats.table.entries;
    total.table.bytes += stats.table.bytes;
    total.table.budget += stats.table.budget;
}
