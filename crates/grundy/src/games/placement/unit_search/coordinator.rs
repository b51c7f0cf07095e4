//! The coordinator of a unit search: hands out units, splits those over budget, and puts the
//! answers together.

use std::collections::{HashMap, VecDeque};

use crate::games::placement::root_search::first_move_groups;
use crate::games::placement::win_search::{take_ends_in_turn, CENTRAL_REPLIES};
use crate::games::placement::{PlacementGame, PlacementMove, PlacementPosition, PlacementSolver};
use crate::values::{Nimber, Outcome};

use super::*;

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
    pub(super) game: PlacementGame,
    pub(super) root: PlacementPosition,
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
    /// The most bytes its questions and what it knows may take ([`UnitCoordinator::set_memory`]).
    memory_bytes: u64,
    /// The bytes of the lists its questions hold (paths, replies, children), counted as made.
    listed_bytes: u64,
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
            memory_bytes: u64::MAX,
            listed_bytes: 0,
        }
    }

    /// Bounds the memory the coordinator holds: every question it asks is kept (with its path,
    /// and the replies or moves it was split over) until the answer, and every position it
    /// learnt of, so a long search grows with the units split. Past `bytes` it hands out no
    /// more units and says so ([`UnitCoordinator::out_of_memory`]); what was settled is kept
    /// where the caller keeps it. Its own solver's table, a fixed 16 MiB, is not counted.
    pub fn set_memory(&mut self, bytes: u64) {
        self.memory_bytes = bytes;
    }

    /// The bytes the questions and what is known of positions take: the tables as allocated,
    /// and the lists of the questions as made (a list dropped with its question still counts).
    #[must_use]
    pub fn bytes_held(&self) -> u64 {
        let nodes = self.nodes.capacity() * std::mem::size_of::<PNode>();
        let known = self.known.capacity()
            * (std::mem::size_of::<PlacementPosition>() + std::mem::size_of::<Known>() + 1);
        let queue = self.queue.capacity() * std::mem::size_of::<usize>();
        (nodes + known + queue) as u64 + self.listed_bytes
    }

    /// Whether the memory set by [`UnitCoordinator::set_memory`] ran out: no unit is handed
    /// out after it, and the search cannot end without more.
    #[must_use]
    pub fn out_of_memory(&self) -> bool {
        self.result.is_none() && self.bytes_held() > self.memory_bytes
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
        if self.out_of_memory() {
            return None;
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
        self.listed_bytes += (path.capacity() * std::mem::size_of::<PlacementMove>()) as u64;
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
            let replies = self.replies(&position, heap, first_move);
            self.listed_bytes += (replies.capacity() * std::mem::size_of::<Reply>()) as u64;
            self.nodes[node].state = PState::Any {
                replies,
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
        self.listed_bytes += (children.capacity() * std::mem::size_of::<usize>()) as u64;
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
