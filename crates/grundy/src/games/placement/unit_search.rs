//! A search of a position's outcome or nim-value cut into *units*, for workers that do not
//! share tables (the ranks of an MPI job, say): one [`UnitCoordinator`] hands the units out and
//! puts the answers together, and [`UnitWorker`]s, as many as there are threads on each
//! machine, answer them. This module does no I/O and knows nothing of the transport: units and
//! answers are values, with a compact text ([`encode_unit`], [`encode_answer`]) for messages
//! and for the lines of a checkpoint.
//!
//! A unit is the question "is the position after `path` (moves from the root), plus a nim
//! heap of `heap`, a second-player win?", asked within a budget of positions. The first units
//! are those of [`RootSearch`](super::root_search::RootSearch): one per group of symmetric
//! first moves and value asked. A unit that comes back over its budget is split one move
//! deeper, as the outcome rule reads, by the answer it is expected to have:
//!
//! - "X + *h is P" holds when every move from it (board moves up to symmetry, and heap moves to
//!   `*j`, `j < h`) leaves a position that is not P: a question expected P is split into a
//!   unit per move, all handed out at once;
//! - "Y is not P" holds when some reply from it leaves a position that is P: a question
//!   expected not P (a first move, or a move of a question split over every move: in a
//!   position few moves win) is split into its replies, tried in the win search's order (the
//!   reply leaving the fewest live squares first, heap moves last), first one at a time.
//!   When the reply chosen turns out not to win, the next is issued, and each reply that
//!   does not win doubles how many are tried at once: a P-position, where none wins, soon has
//!   all its replies searched side by side.
//!
//! A question expected not P is thus first asked whole, and the worker tries its replies
//! with its tables, which is far cheaper than a unit per reply; only a question too large for
//! its budget is split. The units below a split have larger budgets (twice for every move), and from
//! [`UnitBudget::unbounded_from`] moves on they run to the end, so that no question is cut
//! without end. What is decided is remembered by position, so a question met twice, or settled
//! by an earlier run (see [`UnitCoordinator::resume`]), is not asked again.
//!
//! ```
//! use grundy::games::placement::unit_search::{
//!     run_in_process, Goal, UnitBudget, UnitCoordinator, UnitResult,
//! };
//! use grundy::games::placement::root_search::SearchThreads;
//! use grundy::games::placement::{Piece, PlacementGame};
//! use grundy::Nimber;
//! use std::sync::atomic::AtomicBool;
//!
//! let game = PlacementGame::new(Piece::Queen, "5x5".parse().unwrap());
//! let budget = UnitBudget { first: 16, unbounded_from: 5 };
//! let mut coordinator = UnitCoordinator::new(&game, &game.empty(), Goal::NimValue, budget);
//! let mut threads = SearchThreads::new(&game, 2, 1 << 24);
//! let result = run_in_process(&mut coordinator, &mut threads, &AtomicBool::new(false), |_| {});
//! assert_eq!(result, Some(UnitResult::NimValue(Nimber::new(3))));
//! ```

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use thiserror::Error;

use crate::values::{Nimber, Outcome};

use super::root_search::{first_move_groups, SearchThreads, SettledRecord, Worker};
use super::win_search::{take_ends_in_turn, CENTRAL_REPLIES};
use super::{PlacementGame, PlacementMove, PlacementPosition, PlacementSolver};

/// What a distributed search is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Who wins: does some first move leave a second-player win?
    Outcome,
    /// The nim-value: the least value that no first move leaves.
    NimValue,
}

/// The answer of a distributed search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnitResult {
    /// The outcome, with the group of symmetric first moves found winning (empty when the
    /// position is a second-player win).
    Outcome {
        /// N when some first move leaves a second-player win.
        outcome: Outcome,
        /// A group of winning first moves, symmetric to each other.
        winning_moves: Vec<PlacementMove>,
    },
    /// The nim-value.
    NimValue(Nimber),
}

/// The position budgets of units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitBudget {
    /// The positions a unit of one move (a first move) may search before it is split; each
    /// move deeper doubles it.
    pub first: u64,
    /// Units of this many moves or more run to the end, however long.
    pub unbounded_from: usize,
}

impl Default for UnitBudget {
    /// First units of 2^20 positions (about five seconds of one core on the Queens game,
    /// docs/PERFORMANCE_HISTORY.md measures 195 thousand positions per CPU-second on 16×16), doubling
    /// with each move, unbounded from eight moves down (2^27 positions and more, over ten
    /// minutes). On 16×16 a first move takes up to 45 million positions: split, no unit
    /// comes near it.
    fn default() -> UnitBudget {
        UnitBudget {
            first: 1 << 20,
            unbounded_from: 8,
        }
    }
}

impl UnitBudget {
    /// The budget of a unit `plies` moves (board or heap) below the root; `None`: unbounded.
    #[must_use]
    pub fn for_plies(&self, plies: usize) -> Option<u64> {
        if plies >= self.unbounded_from {
            return None;
        }
        let doublings = u32::try_from(plies.saturating_sub(1)).unwrap_or(u32::MAX);
        Some(
            self.first
                .max(1)
                .saturating_mul(1u64.checked_shl(doublings).unwrap_or(u64::MAX)),
        )
    }
}

/// A question handed to a worker: is the position after `path` plus `*heap` a second-player
/// win?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Names the unit in its answer.
    pub id: u64,
    /// Legal moves from the root, in order.
    pub path: Vec<PlacementMove>,
    /// The nim heap beside the position.
    pub heap: u32,
    /// The positions the worker may search before it gives up; `None`: no limit.
    pub budget: Option<u64>,
}

/// A worker's answer to a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitAnswer {
    /// The unit answered.
    pub id: u64,
    /// Whether the position plus the heap is a second-player win; `None` when the worker gave
    /// up (over its budget, or told to abandon the unit).
    pub is_p: Option<bool>,
    /// The positions searched for it.
    pub positions: u64,
}

/// A question settled: what a front end keeps (one checkpoint line each) so that a stopped
/// search can resume.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettledUnit {
    /// Legal moves from the root.
    pub path: Vec<PlacementMove>,
    /// The nim heap beside the position.
    pub heap: u32,
    /// Whether the position plus the heap is a second-player win.
    pub is_p: bool,
    /// The positions it took (0 when put together from the answers of units below it).
    pub positions: u64,
}

impl From<SettledRecord> for SettledUnit {
    /// A first move's record of [`RootSearch`](super::root_search::RootSearch) asks the same
    /// question as the unit of that one move.
    fn from(record: SettledRecord) -> SettledUnit {
        SettledUnit {
            path: vec![record.first_move],
            heap: record.value.value(),
            is_p: record.leaves_value,
            positions: record.positions,
        }
    }
}

impl SettledUnit {
    /// The record of [`RootSearch`](super::root_search::RootSearch) asking the same question,
    /// for a unit of one move.
    #[must_use]
    pub fn as_first_move_record(&self) -> Option<SettledRecord> {
        match self.path[..] {
            [first_move] => Some(SettledRecord {
                value: Nimber::new(self.heap),
                first_move,
                leaves_value: self.is_p,
                positions: self.positions,
            }),
            _ => None,
        }
    }
}

/// How far a distributed search has got, for progress displays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitCounts {
    /// The value being asked about (0 for the outcome).
    pub value: u32,
    /// The groups of first moves settled for `value`: known to leave it or not.
    pub first_moves_settled: u64,
    /// Units answered by workers in this run.
    pub settled: u64,
    /// Units handed out and not answered yet.
    pub running: u64,
    /// Units handed out in this run.
    pub issued: u64,
    /// Units that came back over their budget and were split.
    pub split: u64,
    /// Replies tried after the one before them turned out not to win.
    pub next_replies: u64,
    /// Questions taken from an earlier run's records.
    pub resumed: u64,
    /// Positions searched by the units answered in this run.
    pub positions: u64,
}

/// Why records given to [`UnitCoordinator::resume`] were refused. Indices count from 0 in the
/// records given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UnitResumeError {
    /// A move of the record's path is not legal where it is played.
    #[error("record {index}: its moves are not legal moves from this position")]
    IllegalPath {
        /// The record.
        index: usize,
    },
    /// The record says of a position what an earlier record contradicts: the same question
    /// answered two ways, or two values for one position.
    #[error("record {index} contradicts an earlier one")]
    Contradiction {
        /// The record.
        index: usize,
    },
}

/// What is known of one position's value.
#[derive(Clone, Debug, Default)]
struct Known {
    /// Its value, when known.
    value: Option<u32>,
    /// Values it is known not to have.
    not: Vec<u32>,
}

impl Known {
    fn is_p_with(&self, heap: u32) -> Option<bool> {
        match self.value {
            Some(value) => Some(value == heap),
            None => self.not.contains(&heap).then_some(false),
        }
    }

    /// Takes "plus `heap` it is P" = `is_p`; `false` when that contradicts what is known.
    fn take(&mut self, heap: u32, is_p: bool) -> bool {
        match (self.value, is_p) {
            (Some(value), _) => (value == heap) == is_p,
            (None, true) => {
                if self.not.contains(&heap) {
                    return false;
                }
                self.value = Some(heap);
                self.not.clear();
                true
            }
            (None, false) => {
                if !self.not.contains(&heap) {
                    self.not.push(heap);
                }
                true
            }
        }
    }
}

/// A reply tried from a position that is to be shown N.
#[derive(Clone, Copy, Debug)]
enum Reply {
    Board(PlacementMove),
    Heap(u32),
}

/// Who waits for a question "is P", and so which answer it expects.
#[derive(Clone, Copy, Debug)]
enum Asker {
    /// The root, for one group of first moves: usually not P (at most a few first moves win).
    Root,
    /// A question split over every move, all of which must not be P: this is one of them,
    /// usually not P.
    All(usize),
    /// A question split over its replies, one of which should be P: this is the one tried.
    Any(usize),
}

impl Asker {
    /// Whether the question is expected to be P, which decides how it is split.
    fn expects_p(self) -> bool {
        matches!(self, Asker::Any(_))
    }
}

#[derive(Clone, Debug)]
enum PState {
    Queued,
    Running(u64),
    /// Split over every move (expected P): the question of each move must come back not P;
    /// `open` of them have not.
    All {
        children: Vec<usize>,
        open: usize,
    },
    /// Split over the replies (expected not P), tried in order, `width` at a time: one that
    /// comes back P decides it. The width starts at one and doubles with each reply that
    /// comes back not P, so that a position whose first replies do not win (a P-position,
    /// where none does) soon has all its replies searched at once.
    Any {
        replies: Vec<Reply>,
        next: usize,
        trying: Vec<usize>,
        width: usize,
    },
    Decided(bool),
    /// No longer needed: an ancestor was decided.
    Dropped,
}

/// The question "is the position after `path` plus `*heap` P?".
#[derive(Clone, Debug)]
struct PNode {
    position: PlacementPosition,
    path: Vec<PlacementMove>,
    heap: u32,
    /// Moves from the root, heap moves counted.
    plies: usize,
    asker: Asker,
    state: PState,
}

/// The coordinator of a distributed search: a deterministic state machine without threads or
/// I/O. Ask it for units ([`next_unit`](UnitCoordinator::next_unit)), give it the workers'
/// answers ([`settle`](UnitCoordinator::settle)), and take what to keep
/// ([`take_settled`](UnitCoordinator::take_settled)) and which running units no longer
/// matter ([`take_abandoned`](UnitCoordinator::take_abandoned)), until
/// [`result`](UnitCoordinator::result) is known.
pub struct UnitCoordinator {
    game: PlacementGame,
    root: PlacementPosition,
    goal: Goal,
    budget: UnitBudget,
    /// Groups the moves of a position by symmetry and values positions known without search.
    solver: PlacementSolver,
    /// The first moves, grouped by symmetry; the first of each group stands for it.
    groups: Vec<Vec<PlacementMove>>,
    /// The value asked about at the root, and per group the question asking it.
    value: u32,
    root_questions: Vec<usize>,
    /// Whether the root's first question was asked.
    started: bool,
    result: Option<UnitResult>,
    nodes: Vec<PNode>,
    known: HashMap<PlacementPosition, Known>,
    queue: VecDeque<usize>,
    running: HashMap<u64, usize>,
    next_id: u64,
    settled_log: Vec<SettledUnit>,
    abandoned: Vec<u64>,
    counts: UnitCounts,
}

/// The memory of the coordinator's own solver, which only groups moves and looks up values
/// known without search.
const COORDINATOR_MEMORY: u64 = 16 << 20;

impl UnitCoordinator {
    /// A search of `position` for `goal`, cutting units by `budget`.
    #[must_use]
    pub fn new(
        game: &PlacementGame,
        position: &PlacementPosition,
        goal: Goal,
        budget: UnitBudget,
    ) -> UnitCoordinator {
        let solver = PlacementSolver::new(game, COORDINATOR_MEMORY);
        let groups = first_move_groups(&solver, position);
        UnitCoordinator {
            game: game.clone(),
            root: *position,
            goal,
            budget,
            solver,
            groups,
            value: 0,
            root_questions: Vec::new(),
            started: false,
            result: None,
            nodes: Vec::new(),
            known: HashMap::new(),
            queue: VecDeque::new(),
            running: HashMap::new(),
            next_id: 0,
            settled_log: Vec::new(),
            abandoned: Vec::new(),
            counts: UnitCounts::default(),
        }
    }

    /// The first moves grouped by symmetry; the first of each group stands for it.
    #[must_use]
    pub fn groups(&self) -> &[Vec<PlacementMove>] {
        &self.groups
    }

    /// Takes what an earlier run settled, and returns how many records were taken (all of
    /// them, repeats included). Call it before the first [`next_unit`](Self::next_unit). A record
    /// of one move may name any move of its group. Records that contradict each other or
    /// whose moves are not legal are refused, and nothing is taken.
    pub fn resume(&mut self, records: &[SettledUnit]) -> Result<usize, UnitResumeError> {
        let representative: HashMap<PlacementMove, PlacementMove> = self
            .groups
            .iter()
            .flat_map(|group| group.iter().map(|&first| (first, group[0])))
            .collect();
        let mut taken = self.known.clone();
        let mut count = 0;
        for (index, record) in records.iter().enumerate() {
            let mut position = self.root;
            for (at, &step) in record.path.iter().enumerate() {
                let step = if at == 0 && record.path.len() == 1 {
                    *representative.get(&step).unwrap_or(&step)
                } else {
                    step
                };
                position = self
                    .game
                    .play_move(&position, step)
                    .map_err(|_| UnitResumeError::IllegalPath { index })?;
            }
            if record.path.is_empty() {
                return Err(UnitResumeError::IllegalPath { index });
            }
            if !taken
                .entry(position)
                .or_default()
                .take(record.heap, record.is_p)
            {
                return Err(UnitResumeError::Contradiction { index });
            }
            count += 1;
        }
        self.known = taken;
        self.counts.resumed += count as u64;
        Ok(count)
    }

    /// The answer, once known.
    #[must_use]
    pub fn result(&self) -> Option<&UnitResult> {
        self.result.as_ref()
    }

    /// How far the search has got.
    #[must_use]
    pub fn counts(&self) -> UnitCounts {
        let first_moves_settled = self
            .root_questions
            .iter()
            .filter(|&&node| matches!(self.nodes[node].state, PState::Decided(_)))
            .count() as u64;
        UnitCounts {
            value: self.value,
            first_moves_settled,
            running: self.running.len() as u64,
            ..self.counts
        }
    }

    /// The next unit to hand out, or `None` when every question asked is running (or the
    /// answer is known).
    pub fn next_unit(&mut self) -> Option<Unit> {
        if !self.started {
            self.ask_value(0);
        }
        while let Some(node) = self.queue.pop_front() {
            if self.result.is_some() {
                self.queue.clear();
                return None;
            }
            let p = &mut self.nodes[node];
            if !matches!(p.state, PState::Queued) {
                continue;
            }
            let id = self.next_id;
            self.next_id += 1;
            p.state = PState::Running(id);
            self.running.insert(id, node);
            self.counts.issued += 1;
            return Some(Unit {
                id,
                path: p.path.clone(),
                heap: p.heap,
                budget: self.budget.for_plies(p.plies),
            });
        }
        None
    }

    /// Takes a worker's answer. An answer to a unit no longer needed is still remembered
    /// (and kept: it is a fact); an unknown id is ignored.
    pub fn settle(&mut self, answer: &UnitAnswer) {
        let Some(node) = self.running.remove(&answer.id) else {
            return;
        };
        let running = matches!(self.nodes[node].state, PState::Running(id) if id == answer.id);
        match answer.is_p {
            Some(is_p) => {
                self.counts.settled += 1;
                self.counts.positions += answer.positions;
                let p = &self.nodes[node];
                self.settled_log.push(SettledUnit {
                    path: p.path.clone(),
                    heap: p.heap,
                    is_p,
                    positions: answer.positions,
                });
                let (position, heap) = (p.position, p.heap);
                if running {
                    self.decide_p(node, is_p);
                } else {
                    self.remember(position, heap, is_p);
                }
            }
            None if running => {
                if self.budget.for_plies(self.nodes[node].plies).is_some() {
                    self.counts.split += 1;
                    self.split(node);
                } else {
                    // Abandoned although unbounded (the worker was stopped): ask it again.
                    self.nodes[node].state = PState::Queued;
                    self.queue.push_back(node);
                }
            }
            None => {}
        }
        self.check_root();
    }

    /// The questions settled since the last call, to keep.
    pub fn take_settled(&mut self) -> Vec<SettledUnit> {
        std::mem::take(&mut self.settled_log)
    }

    /// The running units no longer needed since the last call: workers may abandon them.
    pub fn take_abandoned(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.abandoned)
    }

    /// Starts asking whether some first move leaves `value`.
    fn ask_value(&mut self, value: u32) {
        self.started = true;
        self.value = value;
        self.root_questions.clear();
        for group in 0..self.groups.len() {
            let first = self.groups[group][0];
            let position = self
                .game
                .play_move(&self.root, first)
                .expect("first moves are legal");
            let node = self.new_p(position, vec![first], value, 1, Asker::Root);
            self.root_questions.push(node);
        }
        self.check_root();
    }

    /// Moves the root on when the question of the current value is answered.
    fn check_root(&mut self) {
        // A position without moves asks about no first move: all (none) leave no value.
        while self.result.is_none() && self.started {
            let states: Vec<Option<bool>> = self
                .root_questions
                .iter()
                .map(|&node| match self.nodes[node].state {
                    PState::Decided(is_p) => Some(is_p),
                    _ => None,
                })
                .collect();
            if let Some(group) = states.iter().position(|&s| s == Some(true)) {
                for node in self.root_questions.clone() {
                    self.drop_p(node);
                }
                match self.goal {
                    Goal::Outcome => {
                        self.result = Some(UnitResult::Outcome {
                            outcome: Outcome::N,
                            winning_moves: self.groups[group].clone(),
                        });
                    }
                    Goal::NimValue => {
                        // The next value; `ask_value` comes back here.
                        self.ask_value(self.value + 1);
                        return;
                    }
                }
            } else if states.iter().all(|&s| s == Some(false)) {
                self.result = Some(match self.goal {
                    Goal::Outcome => UnitResult::Outcome {
                        outcome: Outcome::P,
                        winning_moves: Vec::new(),
                    },
                    Goal::NimValue => UnitResult::NimValue(Nimber::new(self.value)),
                });
            } else {
                return;
            }
        }
        if self.result.is_some() {
            for node in self.running.values().copied().collect::<Vec<_>>() {
                self.drop_p(node);
            }
            self.queue.clear();
        }
    }

    /// What is known, without a worker, of "`position` plus `*heap` is P". Positions after a
    /// first move are also valued by the rules alone where they can be (as the first-move
    /// search does: the centre of an odd board leaves mirror play, a second-player win, which
    /// a search would take long to prove); deeper ones are left to the workers, whose tables
    /// value them as cheaply.
    fn lookup(&mut self, position: &PlacementPosition, heap: u32, plies: usize) -> Option<bool> {
        if let Some(answer) = self.known.get(position).and_then(|k| k.is_p_with(heap)) {
            return Some(answer);
        }
        if plies > 1 {
            return None;
        }
        let value = self.solver.value_without_search(position)?.value();
        self.known.entry(*position).or_default().value = Some(value);
        Some(value == heap)
    }

    fn remember(&mut self, position: PlacementPosition, heap: u32, is_p: bool) {
        let taken = self.known.entry(position).or_default().take(heap, is_p);
        debug_assert!(taken, "answers contradict each other");
    }

    /// A new question "is P", decided at once when its answer is known, else queued.
    fn new_p(
        &mut self,
        position: PlacementPosition,
        path: Vec<PlacementMove>,
        heap: u32,
        plies: usize,
        asker: Asker,
    ) -> usize {
        let known = self.lookup(&position, heap, plies);
        let node = self.nodes.len();
        self.nodes.push(PNode {
            position,
            path,
            heap,
            plies,
            asker,
            state: known.map_or(PState::Queued, PState::Decided),
        });
        if known.is_none() {
            self.queue.push_back(node);
        }
        node
    }

    /// Decides a question and tells who asked it.
    fn decide_p(&mut self, node: usize, is_p: bool) {
        if matches!(self.nodes[node].state, PState::Decided(_) | PState::Dropped) {
            return;
        }
        let was_split = matches!(
            self.nodes[node].state,
            PState::All { .. } | PState::Any { .. }
        );
        self.drop_below(node);
        let p = &mut self.nodes[node];
        p.state = PState::Decided(is_p);
        let (position, heap, asker) = (p.position, p.heap, p.asker);
        if was_split {
            // Put together from the units below: kept like a unit, so that a resumed search
            // need not split it again.
            self.settled_log.push(SettledUnit {
                path: p.path.clone(),
                heap,
                is_p,
                positions: 0,
            });
        }
        self.remember(position, heap, is_p);
        self.tell(asker, node, is_p);
    }

    /// Tells `asker` that the question `node` it asked is decided.
    fn tell(&mut self, asker: Asker, node: usize, is_p: bool) {
        match asker {
            Asker::Root => {}
            Asker::All(parent) => {
                let PState::All { open, .. } = &mut self.nodes[parent].state else {
                    return;
                };
                if is_p {
                    // A move to a P-position: the parent is not P.
                    self.decide_p(parent, false);
                } else {
                    *open -= 1;
                    if *open == 0 {
                        self.decide_p(parent, true);
                    }
                }
            }
            Asker::Any(parent) => {
                let PState::Any { trying, width, .. } = &mut self.nodes[parent].state else {
                    return;
                };
                let Some(at) = trying.iter().position(|&child| child == node) else {
                    return;
                };
                trying.swap_remove(at);
                if is_p {
                    // A reply to a P-position: the parent is not P.
                    self.decide_p(parent, false);
                } else {
                    *width = width.saturating_mul(2);
                    self.counts.next_replies += 1;
                    self.advance(parent);
                }
            }
        }
    }

    /// Asks the next replies of a question split over its replies, up to its width, or
    /// decides it (P) when every reply has come back not P.
    fn advance(&mut self, node: usize) {
        loop {
            let PNode {
                position,
                ref path,
                heap,
                plies,
                ref state,
                ..
            } = self.nodes[node];
            let PState::Any {
                replies,
                next,
                trying,
                width,
            } = state
            else {
                return;
            };
            if trying.len() >= *width {
                return;
            }
            let Some(&reply) = replies.get(*next) else {
                if trying.is_empty() {
                    // No reply leaves a P-position.
                    self.decide_p(node, true);
                }
                return;
            };
            let mut path = path.clone();
            let (position, heap) = match reply {
                Reply::Board(step) => {
                    path.push(step);
                    let after = self
                        .game
                        .play_move(&position, step)
                        .expect("replies are legal");
                    (after, heap)
                }
                Reply::Heap(to) => (position, to),
            };
            let child = self.new_p(position, path, heap, plies + 1, Asker::Any(node));
            let known = match self.nodes[child].state {
                PState::Decided(is_p) => Some(is_p),
                _ => None,
            };
            let PState::Any { next, trying, .. } = &mut self.nodes[node].state else {
                unreachable!("checked above");
            };
            *next += 1;
            match known {
                Some(true) => {
                    self.decide_p(node, false);
                    return;
                }
                Some(false) => {}
                None => trying.push(child),
            }
        }
    }

    /// Splits a question that came back over its budget one move deeper: over every move when
    /// it is expected P, over its replies one at a time when it is expected not P.
    fn split(&mut self, node: usize) {
        let PNode {
            position,
            heap,
            asker,
            ..
        } = self.nodes[node];
        if !asker.expects_p() {
            let first_move = self.nodes[node].path.len() == 1;
            self.nodes[node].state = PState::Any {
                replies: self.replies(&position, heap, first_move),
                next: 0,
                trying: Vec::new(),
                width: 1,
            };
            self.advance(node);
            return;
        }
        let path = self.nodes[node].path.clone();
        let plies = self.nodes[node].plies;
        let mut moves: Vec<(PlacementPosition, Vec<PlacementMove>, u32)> = Vec::new();
        for group in first_move_groups(&self.solver, &position) {
            let step = group[0];
            let after = self
                .game
                .play_move(&position, step)
                .expect("legal moves can be played");
            let mut child_path = path.clone();
            child_path.push(step);
            moves.push((after, child_path, heap));
        }
        moves.extend((0..heap).map(|to| (position, path.clone(), to)));
        self.nodes[node].state = PState::All {
            children: Vec::new(),
            open: 0,
        };
        let mut children = Vec::new();
        for (after, child_path, child_heap) in moves {
            let child = self.new_p(after, child_path, child_heap, plies + 1, Asker::All(node));
            match self.nodes[child].state {
                // A move to a P-position: the question is answered.
                PState::Decided(true) => {
                    for asked in children {
                        self.drop_p(asked);
                    }
                    self.decide_p(node, false);
                    return;
                }
                PState::Decided(false) => {}
                _ => children.push(child),
            }
        }
        if children.is_empty() {
            self.decide_p(node, true);
            return;
        }
        self.nodes[node].state = PState::All {
            open: children.len(),
            children,
        };
    }

    /// The replies from `position` plus `*heap` (board moves up to symmetry), in the win
    /// search's order: a heap move already known to win first, then the board moves leaving
    /// the fewest live squares first (row by row among equals; after a first move, the two
    /// fewest and then the ends of the rest in turn, as the win search orders them there),
    /// then the other heap moves.
    fn replies(&self, position: &PlacementPosition, heap: u32, first_move: bool) -> Vec<Reply> {
        let known = self.known.get(position);
        let winning_heap = (0..heap).find(|&to| known.and_then(|k| k.is_p_with(to)) == Some(true));
        // Symmetric replies leave positions of one value: one of each group is enough.
        let mut board: Vec<(usize, PlacementMove)> = first_move_groups(&self.solver, position)
            .into_iter()
            .map(|group| group[0])
            .map(|step| {
                let after = self
                    .game
                    .play_move(position, step)
                    .expect("legal moves can be played");
                (self.game.available(&after).len(), step)
            })
            .collect();
        board.sort_by_key(|&(live, _)| live);
        if first_move {
            take_ends_in_turn(&mut board, CENTRAL_REPLIES);
        }
        winning_heap
            .map(Reply::Heap)
            .into_iter()
            .chain(board.into_iter().map(|(_, step)| Reply::Board(step)))
            .chain(
                (0..heap)
                    .filter(|&to| Some(to) != winning_heap)
                    .map(Reply::Heap),
            )
            .collect()
    }

    /// Drops what hangs below a question, which is being decided or dropped.
    fn drop_below(&mut self, node: usize) {
        match std::mem::replace(&mut self.nodes[node].state, PState::Dropped) {
            PState::All { children, .. } => {
                for child in children {
                    self.drop_p(child);
                }
            }
            PState::Any { trying, .. } => {
                for child in trying {
                    self.drop_p(child);
                }
            }
            // Not when it is being decided by its own answer.
            PState::Running(id) if self.running.contains_key(&id) => self.abandoned.push(id),
            _ => {}
        }
    }

    /// Drops a question no longer needed, and what hangs below it.
    fn drop_p(&mut self, node: usize) {
        if matches!(self.nodes[node].state, PState::Decided(_)) {
            return;
        }
        self.drop_below(node);
    }
}

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
struct QueueState {
    waiting: VecDeque<Unit>,
    running: HashMap<u64, Arc<AtomicBool>>,
    /// Abandoned before a worker took them.
    abandoned: HashSet<u64>,
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

    fn lock(&self) -> std::sync::MutexGuard<'_, QueueState> {
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
/// ms with none. Returns the answer, or `None` when `stop` was raised first.
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
            if coordinator.result().is_some() || stop.load(Ordering::Relaxed) {
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

/// The most bytes of a unit's or an answer's text: a unit names at most one move per square
/// of the largest board (a few bytes each) besides three numbers.
pub const MAX_UNIT_TEXT_BYTES: usize = 64 << 10;

/// Why the text of a unit, an answer or a path was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct UnitTextError(String);

/// A move as units write it: its square, and in a game of several pieces the piece's place
/// in the game's list before it (`1c3`); letters alone are ambiguous between leapers.
fn move_text(step: PlacementMove, game: &PlacementGame) -> String {
    if game.pieces().len() > 1 {
        let index = game
            .pieces()
            .iter()
            .position(|&p| p == step.piece)
            .unwrap_or(0);
        format!("{index}{}", step.square)
    } else {
        step.square.to_string()
    }
}

/// The moves of `path`, separated by spaces.
#[must_use]
pub fn path_text(path: &[PlacementMove], game: &PlacementGame) -> String {
    path.iter()
        .map(|&step| move_text(step, game))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads moves written by [`path_text`], checking that each is legal where it is played from
/// `root`.
pub fn parse_path(
    text: &str,
    game: &PlacementGame,
    root: &PlacementPosition,
) -> Result<Vec<PlacementMove>, UnitTextError> {
    if text.split_whitespace().count() > game.board().squares() {
        return Err(UnitTextError(format!(
            "more moves than the {} board has squares",
            game.board()
        )));
    }
    let mut path = Vec::new();
    let mut position = *root;
    for word in text.split_whitespace() {
        let digits = word
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(word.len());
        let piece = match (&word[..digits], game.pieces()) {
            ("", [only]) => *only,
            (index, pieces) => index
                .parse::<usize>()
                .ok()
                .and_then(|i| pieces.get(i).copied())
                .filter(|_| pieces.len() > 1)
                .ok_or_else(|| {
                    UnitTextError(format!("`{word}` is not a move of {}", game.name()))
                })?,
        };
        let square = game
            .board()
            .parse_square(&word[digits..])
            .map_err(|e| UnitTextError(format!("`{word}`: {e}")))?;
        let step = PlacementMove { square, piece };
        position = game
            .play_move(&position, step)
            .map_err(|e| UnitTextError(format!("`{word}`: {e}")))?;
        path.push(step);
    }
    Ok(path)
}

/// The text of `unit`: `id heap budget moves...`, the budget `-` when unbounded.
#[must_use]
pub fn encode_unit(unit: &Unit, game: &PlacementGame) -> String {
    let budget = unit
        .budget
        .map_or_else(|| "-".to_string(), |b| b.to_string());
    let mut text = format!("{} {} {budget}", unit.id, unit.heap);
    if !unit.path.is_empty() {
        text.push(' ');
        text.push_str(&path_text(&unit.path, game));
    }
    text
}

/// Reads a unit written by [`encode_unit`], checking its moves from `root`.
pub fn decode_unit(
    text: &str,
    game: &PlacementGame,
    root: &PlacementPosition,
) -> Result<Unit, UnitTextError> {
    if text.len() > MAX_UNIT_TEXT_BYTES {
        return Err(UnitTextError(format!(
            "a unit of {} bytes, more than {MAX_UNIT_TEXT_BYTES}",
            text.len()
        )));
    }
    let mut words = text.splitn(4, ' ');
    let mut number = |what: &str| {
        words
            .next()
            .ok_or_else(|| UnitTextError(format!("a unit without its {what}: `{text}`")))
    };
    let id = number("id")?
        .parse()
        .map_err(|_| UnitTextError(format!("a unit's id is a number: `{text}`")))?;
    let heap = number("heap")?
        .parse()
        .map_err(|_| UnitTextError(format!("a unit's heap is a number: `{text}`")))?;
    let budget =
        match number("budget")? {
            "-" => None,
            b => Some(b.parse().map_err(|_| {
                UnitTextError(format!("a unit's budget is a number or -: `{text}`"))
            })?),
        };
    let path = parse_path(words.next().unwrap_or(""), game, root)?;
    Ok(Unit {
        id,
        path,
        heap,
        budget,
    })
}

/// The text of `answer`: `id p|n|- positions` (`-`: given up).
#[must_use]
pub fn encode_answer(answer: &UnitAnswer) -> String {
    let is_p = match answer.is_p {
        Some(true) => "p",
        Some(false) => "n",
        None => "-",
    };
    format!("{} {is_p} {}", answer.id, answer.positions)
}

/// Reads an answer written by [`encode_answer`].
pub fn decode_answer(text: &str) -> Result<UnitAnswer, UnitTextError> {
    let bad = || {
        UnitTextError(format!(
            "not an answer to a unit: `{}`",
            text.chars().take(80).collect::<String>()
        ))
    };
    let words: Vec<&str> = text.split(' ').collect();
    let [id, is_p, positions] = words[..] else {
        return Err(bad());
    };
    Ok(UnitAnswer {
        id: id.parse().map_err(|_| bad())?,
        is_p: match is_p {
            "p" => Some(true),
            "n" => Some(false),
            "-" => None,
            _ => return Err(bad()),
        },
        positions: positions.parse().map_err(|_| bad())?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::placement::root_search::RootSearch;
    use crate::games::placement::{parse_pieces, PlacementRules, RayRule, Surface};

    fn game_of(pieces: &str, size: &str, rays: RayRule) -> PlacementGame {
        let rules =
            PlacementRules::new(&parse_pieces(pieces).unwrap(), Surface::Rectangle, rays).unwrap();
        PlacementGame::with_rules(rules, size.parse().unwrap())
    }

    /// The nim-value by the mex rule over every move, nothing else.
    fn naive_value(
        game: &PlacementGame,
        position: &PlacementPosition,
        memo: &mut HashMap<PlacementPosition, u32>,
    ) -> u32 {
        if let Some(&value) = memo.get(position) {
            return value;
        }
        let options: HashSet<u32> = game
            .legal_placements(position)
            .into_iter()
            .map(|step| naive_value(game, &game.play_move(position, step).unwrap(), memo))
            .collect();
        let value = (0..).find(|v| !options.contains(v)).unwrap();
        memo.insert(*position, value);
        value
    }

    /// Budgets so small that every unit of fewer than `unbounded_from` moves is split.
    fn tiny(unbounded_from: usize) -> UnitBudget {
        UnitBudget {
            first: 1,
            unbounded_from,
        }
    }

    fn solve(
        game: &PlacementGame,
        position: &PlacementPosition,
        goal: Goal,
        budget: UnitBudget,
        threads: usize,
    ) -> (UnitResult, UnitCounts, Vec<SettledUnit>) {
        let mut coordinator = UnitCoordinator::new(game, position, goal, budget);
        let mut searchers = SearchThreads::new(game, threads, 1 << 24);
        let mut kept = Vec::new();
        let result = run_in_process(
            &mut coordinator,
            &mut searchers,
            &AtomicBool::new(false),
            |settled| kept.extend_from_slice(settled),
        )
        .expect("not stopped");
        (result, coordinator.counts(), kept)
    }

    /// Several pieces, blocked lines, positions part played, units split down to five moves:
    /// the answers are the naive recursion's and the first-move search's.
    #[test]
    fn the_distributed_search_agrees_with_the_naive_recursion() {
        let cases = [
            ("queens", "6x6", RayRule::Through),
            ("queens", "7x7", RayRule::Through),
            ("queens", "5x7", RayRule::Through),
            // Large enough for the win search to count positions beyond its sweep.
            ("queens", "8x8", RayRule::Through),
            ("knights", "5x5", RayRule::Through),
            ("kings", "4x6", RayRule::Through),
            ("bishops+knights", "4x4", RayRule::Through),
            ("queens+rooks", "4x4", RayRule::Blocked),
        ];
        let mut deep = 0;
        let mut next_replies = 0;
        let mut deepest = 0;
        for (pieces, size, rays) in cases {
            let game = game_of(pieces, size, rays);
            let last = *game.legal_placements(&game.empty()).last().unwrap();
            let started = game.play_move(&game.empty(), last).unwrap();
            for position in [game.empty(), started] {
                let case = format!("{pieces} {size} {rays} {}", game.format_position(&position));
                let expected = naive_value(&game, &position, &mut HashMap::new());
                let root = RootSearch::new(&game, &position, 2, 1 << 24)
                    .nim_value(&mut ())
                    .unwrap()
                    .nimber;
                assert_eq!(root.value(), expected, "{case}");
                for (threads, unbounded_from) in [(1, 6), (3, 8)] {
                    let (result, counts, kept) = solve(
                        &game,
                        &position,
                        Goal::NimValue,
                        tiny(unbounded_from),
                        threads,
                    );
                    assert_eq!(
                        result,
                        UnitResult::NimValue(Nimber::new(expected)),
                        "{case}"
                    );
                    let (result, _, _) = solve(
                        &game,
                        &position,
                        Goal::Outcome,
                        tiny(unbounded_from),
                        threads,
                    );
                    let UnitResult::Outcome {
                        outcome,
                        winning_moves,
                    } = result
                    else {
                        panic!("{case}: an outcome was asked");
                    };
                    assert_eq!(outcome == Outcome::P, expected == 0, "{case}");
                    for step in winning_moves {
                        let after = game.play_move(&position, step).unwrap();
                        assert_eq!(naive_value(&game, &after, &mut HashMap::new()), 0, "{case}");
                    }
                    // Every question kept is true.
                    for unit in &kept {
                        let mut after = position;
                        for &step in &unit.path {
                            after = game.play_move(&after, step).unwrap();
                        }
                        let value = naive_value(&game, &after, &mut HashMap::new());
                        assert_eq!(unit.is_p, value == unit.heap, "{case}: {unit:?}");
                    }
                    deep += usize::from(counts.split > 0 && kept.iter().any(|u| u.path.len() >= 3));
                    deepest = kept.iter().map(|u| u.path.len()).fold(deepest, usize::max);
                    next_replies += counts.next_replies;
                }
            }
        }
        assert!(
            next_replies > 0,
            "a reply that did not win was followed by the next"
        );
        assert!(
            deep >= 6,
            "units were split below the first moves in {deep} cases"
        );
    }

    /// A search stopped part way resumes from what it kept: the same answer, and no question
    /// kept is asked of a worker again.
    #[test]
    fn a_stopped_search_resumes_without_asking_again() {
        let mut resumed_runs = 0;
        for (pieces, size) in [("queens", "6x6"), ("queens", "7x7"), ("knights", "5x5")] {
            let game = game_of(pieces, size, RayRule::Through);
            let empty = game.empty();
            let expected = naive_value(&game, &empty, &mut HashMap::new());
            for stop_after in [1, 5, 20] {
                let case = format!("{pieces} {size} stopped after {stop_after}");
                let mut coordinator = UnitCoordinator::new(&game, &empty, Goal::NimValue, tiny(6));
                let mut searchers = SearchThreads::new(&game, 1, 1 << 22);
                let stop = AtomicBool::new(false);
                let mut kept: Vec<SettledUnit> = Vec::new();
                let stopped = run_in_process(&mut coordinator, &mut searchers, &stop, |settled| {
                    kept.extend_from_slice(settled);
                    if kept.len() >= stop_after {
                        stop.store(true, Ordering::Relaxed);
                    }
                });
                if stopped.is_some() {
                    continue;
                }
                let mut coordinator = UnitCoordinator::new(&game, &empty, Goal::NimValue, tiny(6));
                let taken = coordinator.resume(&kept).unwrap();
                assert_eq!(taken, kept.len(), "{case}");
                assert_eq!(coordinator.counts().resumed, taken as u64, "{case}");
                let mut searchers = SearchThreads::new(&game, 2, 1 << 22);
                let mut again: Vec<SettledUnit> = Vec::new();
                let result = run_in_process(
                    &mut coordinator,
                    &mut searchers,
                    &AtomicBool::new(false),
                    |settled| again.extend_from_slice(settled),
                );
                assert_eq!(
                    result,
                    Some(UnitResult::NimValue(Nimber::new(expected))),
                    "{case}"
                );
                let position_of = |unit: &SettledUnit| {
                    unit.path
                        .iter()
                        .fold(empty, |at, &step| game.play_move(&at, step).unwrap())
                };
                let kept_questions: HashSet<(PlacementPosition, u32)> =
                    kept.iter().map(|u| (position_of(u), u.heap)).collect();
                for unit in again.iter().filter(|u| u.positions > 0) {
                    assert!(
                        !kept_questions.contains(&(position_of(unit), unit.heap)),
                        "{case}: {unit:?} asked again"
                    );
                }
                resumed_runs += 1;
            }
        }
        assert!(resumed_runs > 3, "some searches stopped part way");
    }

    #[test]
    fn contradicting_or_illegal_records_are_refused() {
        let game = game_of("queens", "4x4", RayRule::Through);
        let empty = game.empty();
        let square = |name: &str| PlacementMove {
            square: game.board().parse_square(name).unwrap(),
            piece: crate::games::placement::Piece::Queen,
        };
        let unit = |path: &[&str], heap: u32, is_p: bool| SettledUnit {
            path: path.iter().map(|&s| square(s)).collect(),
            heap,
            is_p,
            positions: 1,
        };
        let mut coordinator = UnitCoordinator::new(&game, &empty, Goal::Outcome, tiny(6));
        assert_eq!(
            coordinator.resume(&[unit(&["a1"], 0, true), unit(&["a1"], 0, false)]),
            Err(UnitResumeError::Contradiction { index: 1 })
        );
        // Two values for one position (a1 and d4 are symmetric: one group).
        assert_eq!(
            coordinator.resume(&[unit(&["a1"], 0, true), unit(&["d4"], 1, true)]),
            Err(UnitResumeError::Contradiction { index: 1 })
        );
        assert_eq!(
            coordinator.resume(&[unit(&["a1", "b2"], 0, true)]),
            Err(UnitResumeError::IllegalPath { index: 0 })
        );
        assert_eq!(
            coordinator.resume(&[unit(&[], 0, true)]),
            Err(UnitResumeError::IllegalPath { index: 0 })
        );
        assert_eq!(coordinator.counts().resumed, 0);
        assert_eq!(
            coordinator.resume(&[unit(&["a1", "b3"], 1, false), unit(&["a1", "b3"], 1, false)]),
            Ok(2)
        );
    }

    #[test]
    fn units_and_answers_round_trip_through_their_text() {
        for (pieces, path) in [("queens", "a1 b3 e2"), ("bishops+knights", "0a1 1c1 0b4")] {
            let game = game_of(pieces, "5x6", RayRule::Through);
            let empty = game.empty();
            let path = parse_path(path, &game, &empty).unwrap();
            assert_eq!(path.len(), 3);
            for budget in [None, Some(12_345_678_901)] {
                let unit = Unit {
                    id: 77,
                    path: path.clone(),
                    heap: 3,
                    budget,
                };
                let text = encode_unit(&unit, &game);
                assert_eq!(decode_unit(&text, &game, &empty), Ok(unit), "{text}");
            }
            let root_unit = Unit {
                id: 0,
                path: Vec::new(),
                heap: 0,
                budget: None,
            };
            let text = encode_unit(&root_unit, &game);
            assert_eq!(decode_unit(&text, &game, &empty), Ok(root_unit));
        }
        for is_p in [Some(true), Some(false), None] {
            let answer = UnitAnswer {
                id: u64::MAX,
                is_p,
                positions: 5,
            };
            assert_eq!(decode_answer(&encode_answer(&answer)), Ok(answer));
        }
    }

    #[test]
    fn hostile_unit_text_is_refused() {
        let game = game_of("queens", "5x5", RayRule::Through);
        let empty = game.empty();
        for text in [
            "",
            "1",
            "1 0",
            "x 0 -",
            "1 -1 -",
            "1 0 many",
            "1 0 - a1 a2",
            "1 0 - z9",
            "1 0 - 0a1",
            "1 0 - a1 b3 c5 d2 e4 a1",
        ] {
            assert!(decode_unit(text, &game, &empty).is_err(), "{text}");
        }
        let long = format!("1 0 - {}", "a1 ".repeat(MAX_UNIT_TEXT_BYTES));
        assert!(decode_unit(&long, &game, &empty).is_err());
        let many = format!("1 0 - {}", "a1 ".repeat(30));
        let error = decode_unit(&many, &game, &empty).unwrap_err();
        assert!(error.to_string().contains("squares"), "{error}");
        for text in ["", "1 p", "1 p 5 6", "1 q 5", "x p 5", "1 p -5"] {
            assert!(decode_answer(text).is_err(), "{text}");
        }
        let bishops = game_of("bishops+knights", "5x5", RayRule::Through);
        for text in ["1 0 - a1", "1 0 - 2a1", "1 0 - 1"] {
            assert!(
                decode_unit(text, &bishops, &bishops.empty()).is_err(),
                "{text}"
            );
        }
    }

    /// A unit abandoned before a worker takes it is answered at once without an answer; the
    /// others are answered.
    #[test]
    fn an_abandoned_unit_is_given_up() {
        let game = game_of("queens", "9x9", RayRule::Through);
        let empty = game.empty();
        let mut threads = SearchThreads::new(&game, 1, 1 << 22);
        let workers = UnitWorker::all(&game, &empty, &mut threads);
        let queue = UnitQueue::new();
        let whole = |id| Unit {
            id,
            path: Vec::new(),
            heap: 0,
            budget: None,
        };
        queue.push(whole(1));
        queue.push(whole(2));
        queue.abandon(1);
        // Units already answered or never handed out are left alone.
        queue.abandon(7);
        let (sender, receiver) = mpsc::channel();
        let answers = std::thread::scope(|scope| {
            scope.spawn(|| serve_units(workers, &queue, &sender));
            let answers: Vec<UnitAnswer> = (0..2).map(|_| receiver.recv().unwrap()).collect();
            queue.close();
            answers
        });
        assert_eq!(answers[0].id, 1);
        assert_eq!(answers[0].is_p, None);
        assert_eq!(answers[0].positions, 0);
        assert_eq!(answers[1].id, 2);
        // Queens 9x9 is a first-player win (the centre, then mirror play).
        assert_eq!(answers[1].is_p, Some(false));
        assert!(queue.lock().abandoned.is_empty());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

        /// Random positions of random games, units cut at random depths: the nim-value is the
        /// naive recursion's.
        #[test]
        fn random_positions_get_the_naive_value(
            game_index in 0usize..4,
            moves in proptest::collection::vec(0usize..64, 0..3),
            first in 1u64..64,
            unbounded_from in 2usize..8,
            threads in 1usize..3,
        ) {
            let (pieces, size) = [("queens", "6x6"), ("knights", "5x5"), ("kings", "4x5"),
                ("bishops+knights", "3x4")][game_index];
            let game = game_of(pieces, size, RayRule::Through);
            let mut position = game.empty();
            for choice in moves {
                let legal = game.legal_placements(&position);
                if legal.is_empty() {
                    break;
                }
                position = game.play_move(&position, legal[choice % legal.len()]).unwrap();
            }
            let expected = naive_value(&game, &position, &mut HashMap::new());
            let budget = UnitBudget { first, unbounded_from };
            let (result, _, _) = solve(&game, &position, Goal::NimValue, budget, threads);
            proptest::prop_assert_eq!(result, UnitResult::NimValue(Nimber::new(expected)));
        }
    }
}
