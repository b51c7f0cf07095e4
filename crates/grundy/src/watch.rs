//! One watch over every long piece of work: a stop flag and a listener for what happens as the
//! work goes on. A front end makes one [`Watch`], raises its flag on Ctrl-C, SIGTERM, a page's
//! Stop or a Python `KeyboardInterrupt`, and turns its [`Event`]s into a progress bar, JSON
//! lines for a server, or a checkpoint file; the library only reads the flag and sends events.
//!
//! ```
//! use std::sync::atomic::{AtomicU64, Ordering};
//! use std::sync::Arc;
//! use grundy::watch::{Event, Watch};
//!
//! let seen = Arc::new(AtomicU64::new(0));
//! let counter = Arc::clone(&seen);
//! let watch = Watch::new().on_event(move |event| {
//!     if let Event::Steps { done, .. } = event {
//!         counter.store(*done, Ordering::Relaxed);
//!     }
//! });
//! watch.send(&Event::Steps { task: "table cells".into(), done: 3, total: 10 });
//! assert_eq!(seen.load(Ordering::Relaxed), 3);
//! assert!(!watch.is_stopped());
//! watch.stop();
//! assert!(watch.is_stopped());
//! ```

mod progress_counts;
mod progress_text;
mod progress_throttle;

pub use progress_counts::ProgressCounts;
pub use progress_throttle::ProgressThrottle;

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::games::first_move_search::{
    GroupInSearch, RootObserver, RootProgress, SettledRecord, TriedRecord,
};
use crate::games::work_observer::WorkObserver;
use crate::solver::{Fact, SearchObserver, SearchStats};
use crate::tour::count::CountProgress;
use crate::tour::frontier::FrontierProgress;
use crate::tour::neural::{NeuralProgress, NeuralReport};
use crate::values::Nimber;

/// What a long piece of work tells its watch.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A search has visited `positions` positions; its table takes `table_bytes`.
    Searched {
        /// Positions searched so far.
        positions: u64,
        /// The bytes the transposition table takes now.
        table_bytes: u64,
    },
    /// The first moves of a position, grouped by symmetry, are being settled one by one.
    FirstMoves {
        /// The value asked about (a nim-value search asks value after value), or `None` for an
        /// outcome search.
        value: Option<Nimber>,
        /// Groups settled for this value.
        settled: u64,
        /// Groups of symmetric first moves.
        groups: u64,
        /// Positions searched so far over all threads.
        positions: u64,
        /// The groups the threads are searching now, by the move standing for each.
        searching: Vec<GroupInSearch>,
    },
    /// A task of counted steps: table cells, heaps of a nim-sequence, boards.
    Steps {
        /// What is counted, for people: "table cells", "kayles values".
        task: String,
        /// Steps finished.
        done: u64,
        /// Steps in all.
        total: u64,
    },
    /// A question about a group of first moves was settled: what a checkpoint keeps so that a
    /// stopped search resumes without asking it again.
    Settled(SettledRecord),
    /// A question about a group of first moves was searched long without an answer: what a
    /// checkpoint keeps so that a resumed search takes its turns between the group's questions
    /// where this one left them.
    Tried(TriedRecord),
    /// The costliest of what a first-move search has learnt of the questions it is searching,
    /// sent every ten minutes and when it is stopped before its answer, to a watch that
    /// [keeps them](Watch::keeping_facts): for a checkpoint to keep, in place of those sent
    /// before, so that a later run does not search it all again.
    Learnt(Vec<Fact>),
    /// A count of knight's tours by search, spread over threads in shares (a first square or
    /// first moves each).
    TourCount {
        /// Shares run so far.
        shares_done: u64,
        /// Shares in all.
        shares: u64,
        /// Search nodes so far over every thread.
        nodes: u64,
    },
    /// A count of knight's tours by the frontier program has processed a square.
    Frontier {
        /// Squares processed.
        square: u64,
        /// Squares in all.
        squares: u64,
        /// Frontier states alive now.
        states: u64,
    },
    /// A misère quotient's heap grows it, and a candidate monoid for it was built: one heap
    /// may take minutes of candidates, each larger or smaller, until one passes or one would
    /// pass the limit.
    QuotientTrial {
        /// The heap being added: the quotient of the heaps before it is finished.
        heap: u64,
        /// How many candidates this heap has been given, this one included.
        trial: u64,
        /// The candidate's order.
        elements: u64,
        /// The largest order a candidate may have.
        limit: u64,
    },
    /// The neural network finished a restart.
    Restarts {
        /// Restarts so far.
        done: u32,
        /// The most restarts it will make.
        total: u32,
        /// Restarts that settled with every square on two moves.
        settled: u32,
        /// Of these, those whose cover was a single cycle: a tour.
        single_cycle: u32,
    },
}

/// How far a long piece of work has come, as every front end shows it: the command line's
/// bar, the line of JSON a worker writes for `grundy serve`, and the dict a Python `progress=`
/// callback receives all carry this one value. It is made from an [`Event`] by
/// [`Event::progress`]; a checkpoint's records are not progress and have none.
///
/// Its JSON names its kind in snake case beside its counts; counted steps are always `done`
/// of `total`:
///
/// ```
/// use grundy::watch::{Event, ProgressEvent};
///
/// let event = Event::Steps { task: "table cells".into(), done: 3, total: 10 };
/// let progress = event.progress().unwrap();
/// let line = serde_json::to_string(&progress).unwrap();
/// assert_eq!(line, r#"{"kind":"steps","task":"table cells","done":3,"total":10}"#);
/// assert_eq!(serde_json::from_str::<ProgressEvent>(&line).unwrap(), progress);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ProgressEvent {
    /// A search has visited `positions` positions; its table takes `table_bytes`.
    Searched {
        /// Positions searched so far.
        positions: u64,
        /// The bytes the transposition table takes now.
        table_bytes: u64,
    },
    /// The first moves of a position, grouped by symmetry, are being settled one by one.
    FirstMoves {
        /// The nim-value asked about (a nim-value search asks value after value), or `None`
        /// for an outcome search.
        value: Option<u32>,
        /// Groups settled for this value.
        done: u64,
        /// Groups of symmetric first moves.
        total: u64,
        /// Positions searched so far over all threads.
        positions: u64,
        /// The groups the threads are searching now.
        searching: Vec<GroupSearched>,
    },
    /// A task of counted steps: table cells, heaps of a nim-sequence, boards.
    Steps {
        /// What is counted, for people: "table cells", "kayles values".
        task: String,
        /// Steps finished.
        done: u64,
        /// Steps in all.
        total: u64,
    },
    /// A count of knight's tours by search, spread over threads in shares.
    TourCount {
        /// Shares run so far.
        done: u64,
        /// Shares in all.
        total: u64,
        /// Search nodes so far over every thread.
        nodes: u64,
    },
    /// A count of knight's tours by the frontier program, square by square.
    Frontier {
        /// Squares processed.
        done: u64,
        /// Squares in all.
        total: u64,
        /// Frontier states alive now.
        states: u64,
    },
    /// The neural network's restarts.
    Restarts {
        /// Restarts so far.
        done: u32,
        /// The most restarts it will make.
        total: u32,
        /// Restarts that settled with every square on two moves.
        settled: u32,
        /// Of these, those whose cover was a single cycle: a tour.
        single_cycle: u32,
    },
    /// A candidate monoid for a misère quotient's next heap was built.
    QuotientTrial {
        /// The heap being added.
        heap: u64,
        /// How many candidates this heap has been given, this one included.
        trial: u64,
        /// The candidate's order.
        elements: u64,
        /// The largest order a candidate may have.
        limit: u64,
    },
}

/// A group of first moves a thread is searching, as progress shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupSearched {
    /// The move that stands for the group, as the game writes it (`c2`, `Na1`).
    pub(crate) first_move: String,
    /// The nim-value the thread is asking about.
    pub(crate) asked: u32,
    /// How long the thread has been asking it, in seconds.
    pub(crate) seconds: f64,
}

impl ProgressEvent {
    /// The name of its kind, as its JSON writes it (`first_moves`): a front end that shows
    /// one line per kind at most so often keeps them apart by it.
    #[must_use]
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            ProgressEvent::Searched { .. } => "searched",
            ProgressEvent::FirstMoves { .. } => "first_moves",
            ProgressEvent::Steps { .. } => "steps",
            ProgressEvent::TourCount { .. } => "tour_count",
            ProgressEvent::Frontier { .. } => "frontier",
            ProgressEvent::Restarts { .. } => "restarts",
            ProgressEvent::QuotientTrial { .. } => "quotient_trial",
        }
    }

    /// The steps it counts, done and in all (groups of first moves, cells, shares, squares,
    /// restarts), for a bar over them; `None` for positions searched and a quotient's trial,
    /// which count no steps.
    #[must_use]
    pub fn steps(&self) -> Option<(u64, u64)> {
        match *self {
            ProgressEvent::FirstMoves { done, total, .. }
            | ProgressEvent::Steps { done, total, .. }
            | ProgressEvent::TourCount { done, total, .. }
            | ProgressEvent::Frontier { done, total, .. } => Some((done, total)),
            ProgressEvent::Restarts { done, total, .. } => {
                Some((u64::from(done), u64::from(total)))
            }
            ProgressEvent::Searched { .. } | ProgressEvent::QuotientTrial { .. } => None,
        }
    }
}

impl Event {
    /// What the event says of the work's progress, for a front end to show; `None` for a
    /// checkpoint's records ([`Event::Settled`], [`Event::Tried`], [`Event::Learnt`]).
    #[must_use]
    pub fn progress(&self) -> Option<ProgressEvent> {
        Some(match self {
            Event::Searched {
                positions,
                table_bytes,
            } => ProgressEvent::Searched {
                positions: *positions,
                table_bytes: *table_bytes,
            },
            Event::FirstMoves {
                value,
                settled,
                groups,
                positions,
                searching,
            } => ProgressEvent::FirstMoves {
                value: value.map(Nimber::value),
                done: *settled,
                total: *groups,
                positions: *positions,
                searching: searching
                    .iter()
                    .map(|group| GroupSearched {
                        first_move: group.first_move.clone(),
                        asked: group.asked.value(),
                        seconds: group.seconds,
                    })
                    .collect(),
            },
            Event::Steps { task, done, total } => ProgressEvent::Steps {
                task: task.clone(),
                done: *done,
                total: *total,
            },
            Event::TourCount {
                shares_done,
                shares,
                nodes,
            } => ProgressEvent::TourCount {
                done: *shares_done,
                total: *shares,
                nodes: *nodes,
            },
            Event::Frontier {
                square,
                squares,
                states,
            } => ProgressEvent::Frontier {
                done: *square,
                total: *squares,
                states: *states,
            },
            Event::Restarts {
                done,
                total,
                settled,
                single_cycle,
            } => ProgressEvent::Restarts {
                done: *done,
                total: *total,
                settled: *settled,
                single_cycle: *single_cycle,
            },
            Event::QuotientTrial {
                heap,
                trial,
                elements,
                limit,
            } => ProgressEvent::QuotientTrial {
                heap: *heap,
                trial: *trial,
                elements: *elements,
                limit: *limit,
            },
            Event::Settled(_) | Event::Tried(_) | Event::Learnt(_) => return None,
        })
    }
}

type Listener = dyn Fn(&Event) + Send + Sync;

/// A stop flag and a listener, cheap to clone: every clone shares both.
#[derive(Clone, Default)]
pub struct Watch {
    stop: Arc<AtomicBool>,
    listener: Option<Arc<Listener>>,
    /// The listener keeps [`Event::Learnt`] (a checkpoint's facts): only then are they made.
    keeps_facts: bool,
}

impl fmt::Debug for Watch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Watch")
            .field("stopped", &self.is_stopped())
            .field("listening", &self.listener.is_some())
            .finish()
    }
}

impl Watch {
    /// A watch that nobody listens to and that is not stopped.
    #[must_use]
    pub fn new() -> Watch {
        Watch::default()
    }

    /// The same watch sharing `flag` as its stop flag: a signal handler that raises `flag`
    /// stops the work.
    #[must_use]
    pub fn with_stop_flag(mut self, flag: Arc<AtomicBool>) -> Watch {
        self.stop = flag;
        self
    }

    /// The same watch with `listener` told of every event. It is called from the working
    /// threads, so it should be quick (a bar's update, a line appended).
    #[must_use]
    pub fn on_event(mut self, listener: impl Fn(&Event) + Send + Sync + 'static) -> Watch {
        self.listener = Some(Arc::new(listener));
        self
    }

    /// The same watch, whose listener keeps the facts a first-move search learns
    /// ([`Event::Learnt`], for a checkpoint): they are sent only to such a watch, since
    /// making them is a pass over the search's table.
    #[must_use]
    pub fn keeping_facts(mut self) -> Watch {
        self.keeps_facts = true;
        self
    }

    /// Whether the listener keeps the facts a search learns ([`Watch::keeping_facts`]).
    #[must_use]
    pub(crate) fn keeps_facts(&self) -> bool {
        self.keeps_facts && self.listener.is_some()
    }

    /// Asks the work to stop: it stops at its next look at the flag and keeps what it finished.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether the work was asked to stop.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The stop flag itself, for searches that poll it directly.
    #[must_use]
    pub(crate) fn stop_flag(&self) -> &Arc<AtomicBool> {
        &self.stop
    }

    /// Tells the listener of `event`.
    pub fn send(&self, event: &Event) {
        if let Some(listener) = &self.listener {
            listener(event);
        }
    }

    /// Whether anybody listens: work can skip making events nobody reads.
    #[must_use]
    pub(crate) fn is_listened_to(&self) -> bool {
        self.listener.is_some()
    }
}

/// The solver's observer: positions searched, and the stop flag (a search under a watch
/// unwinds when the flag is raised; its caller asks [`Watch::is_stopped`] before believing
/// the answer).
impl SearchObserver for Watch {
    fn progress(&mut self, stats: &SearchStats) {
        self.send(&Event::Searched {
            positions: stats.positions,
            table_bytes: stats.table.bytes,
        });
    }

    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        Some(Arc::clone(&self.stop))
    }
}

/// The first-move search's observer: settled records, groups settled, and the stop flag.
pub(crate) struct RootWatch<'a> {
    watch: &'a Watch,
    /// Whether the values asked about are named (a nim-value search).
    values: bool,
    /// When the facts were last sent (or the search started).
    facts_sent: std::time::Instant,
}

impl RootWatch<'_> {
    /// The observer of a first-move search under `watch`; `values`: a nim-value search, whose
    /// progress names the value it asks about.
    pub(crate) fn new(watch: &Watch, values: bool) -> RootWatch<'_> {
        RootWatch {
            watch,
            values,
            facts_sent: std::time::Instant::now(),
        }
    }
}

/// How often a first-move search sends the costliest facts it has learnt
/// ([`Event::Learnt`]), so that a run killed without a chance to stop cleanly loses at most
/// this much of its question: reading them is a pass over the table, a second or less.
const FACTS_PERIOD: std::time::Duration = std::time::Duration::from_secs(600);

impl RootObserver for RootWatch<'_> {
    fn settled(&mut self, record: &SettledRecord) {
        self.watch.send(&Event::Settled(*record));
    }

    fn tried(&mut self, record: &TriedRecord) {
        self.watch.send(&Event::Tried(*record));
    }

    fn progress(&mut self, progress: &RootProgress) {
        self.watch.send(&Event::FirstMoves {
            value: self.values.then_some(progress.value),
            settled: progress.settled as u64,
            groups: progress.groups as u64,
            positions: progress.positions,
            searching: progress.searching.clone(),
        });
    }

    fn should_stop(&mut self) -> bool {
        self.watch.is_stopped()
    }

    fn wants_facts(&mut self) -> bool {
        self.watch.keeps_facts() && self.facts_sent.elapsed() >= FACTS_PERIOD
    }

    fn facts_learnt(&mut self, facts: Vec<Fact>) {
        self.facts_sent = std::time::Instant::now();
        self.watch.send(&Event::Learnt(facts));
    }
}

/// A family's own long work's observer (a heap game's nim-sequence computed before it is
/// valued): steps done, under `task`.
pub(crate) struct WorkWatch<'a> {
    pub(crate) watch: &'a Watch,
    pub(crate) task: String,
}

impl WorkObserver for WorkWatch<'_> {
    fn progress(&mut self, done: usize, total: usize) {
        self.watch.send(&Event::Steps {
            task: self.task.clone(),
            done: done as u64,
            total: total as u64,
        });
    }

    fn should_stop(&mut self) -> bool {
        self.watch.is_stopped()
    }
}

/// A tour count's observer, one per share: nodes searched and shares run over every thread,
/// and the stop flag.
pub(crate) struct CountWatch<'a> {
    pub(crate) watch: &'a Watch,
    /// Search nodes over every share.
    pub(crate) nodes: &'a AtomicU64,
    /// Shares run, and in all.
    pub(crate) shares_done: &'a AtomicU64,
    pub(crate) shares: u64,
    /// Raised when the flag stopped a share, so that the count is known to be partial.
    pub(crate) cut_short: &'a AtomicBool,
}

impl CountWatch<'_> {
    /// Tells the watch of the totals so far.
    pub(crate) fn tell(&self) {
        self.watch.send(&Event::TourCount {
            shares_done: self.shares_done.load(Ordering::Relaxed),
            shares: self.shares,
            nodes: self.nodes.load(Ordering::Relaxed),
        });
    }
}

impl CountProgress for CountWatch<'_> {
    fn nodes(&mut self, nodes: u64) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
        self.tell();
    }

    fn should_stop(&self) -> bool {
        let stop = self.watch.is_stopped();
        if stop {
            self.cut_short.store(true, Ordering::Relaxed);
        }
        stop
    }
}

/// The frontier count's observer: squares processed, the most states held at once, and the
/// stop flag.
pub(crate) struct FrontierWatch<'a> {
    pub(crate) watch: &'a Watch,
    pub(crate) peak_states: usize,
}

impl FrontierProgress for FrontierWatch<'_> {
    fn square_done(&mut self, square: usize, squares: usize, states: usize) {
        self.peak_states = self.peak_states.max(states);
        self.watch.send(&Event::Frontier {
            square: square as u64,
            squares: squares as u64,
            states: states as u64,
        });
    }

    fn should_stop(&self) -> bool {
        self.watch.is_stopped()
    }
}

/// The neural network's observer: restarts, and the stop flag (which ends the restarts; the
/// best cover so far is then joined).
pub(crate) struct NeuralWatch<'a> {
    pub(crate) watch: &'a Watch,
    /// The restarts allowed.
    pub(crate) total: u32,
}

impl NeuralProgress for NeuralWatch<'_> {
    fn restart_done(&mut self, report: &NeuralReport) {
        self.watch.send(&Event::Restarts {
            done: report.restarts,
            total: self.total,
            settled: report.settled,
            single_cycle: report.single_cycle,
        });
    }

    fn should_stop(&self) -> bool {
        self.watch.is_stopped()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_progress_events_kind_is_the_one_its_json_names() {
        let events = [
            ProgressEvent::Searched {
                positions: 1,
                table_bytes: 2,
            },
            ProgressEvent::FirstMoves {
                value: Some(2),
                done: 1,
                total: 4,
                positions: 9,
                searching: vec![GroupSearched {
                    first_move: "a1".into(),
                    asked: 2,
                    seconds: 0.5,
                }],
            },
            ProgressEvent::Steps {
                task: "table cells".into(),
                done: 1,
                total: 2,
            },
            ProgressEvent::TourCount {
                done: 1,
                total: 2,
                nodes: 3,
            },
            ProgressEvent::Frontier {
                done: 1,
                total: 2,
                states: 3,
            },
            ProgressEvent::Restarts {
                done: 1,
                total: 2,
                settled: 1,
                single_cycle: 0,
            },
            ProgressEvent::QuotientTrial {
                heap: 5,
                trial: 1,
                elements: 8,
                limit: 100,
            },
        ];
        for event in events {
            let json = serde_json::to_value(&event).unwrap();
            assert_eq!(json["kind"], event.kind(), "{json}");
            assert_eq!(
                serde_json::from_value::<ProgressEvent>(json).unwrap(),
                event
            );
        }
    }

    #[test]
    fn a_first_move_search_is_told_with_its_values_as_numbers() {
        let event = Event::FirstMoves {
            value: Some(Nimber::new(3)),
            settled: 2,
            groups: 5,
            positions: 40,
            searching: vec![GroupInSearch {
                first_move: "c2".into(),
                asked: Nimber::new(1),
                seconds: 1.5,
            }],
        };
        assert_eq!(
            serde_json::to_string(&event.progress().unwrap()).unwrap(),
            r#"{"kind":"first_moves","value":3,"done":2,"total":5,"positions":40,"searching":[{"first_move":"c2","asked":1,"seconds":1.5}]}"#
        );
        assert_eq!(Event::Learnt(Vec::new()).progress(), None);
    }
}
