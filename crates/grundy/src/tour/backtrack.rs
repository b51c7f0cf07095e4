//! Exhaustive depth-first search for a tour, with pruning.
//!
//! The knight tries its moves in Warnsdorff's order (fewest onward moves first, ties broken
//! towards the edge, after Arnd Roth), so on most boards the first branch already succeeds. Two
//! cuts keep the search small where it must backtrack:
//! - an unvisited square left with no unvisited neighbour can never be reached, and at most one
//!   square with a single unvisited neighbour can exist (it must be the last square);
//! - for a closed tour the first square must keep an unvisited neighbour to come home through.
//!
//! Without a node limit the search is complete: it finds a tour whenever one exists.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{FindError, Tour, TourBoard};

/// Squares entered between looks at the stop flag: a look costs an atomic load, and this
/// many squares take a few milliseconds.
pub(crate) const STOP_CHECK_NODES: u64 = 1 << 16;

/// The squares a search may enter, which several searches may share, and the flag that stops
/// them early.
pub(crate) struct NodeBudget<'a> {
    /// Squares entered so far.
    spent: u64,
    limit: u64,
    stop: &'a AtomicBool,
}

/// Why a search under a [`NodeBudget`] ended before it was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spent {
    /// The node limit was reached.
    Limit,
    /// The stop flag was raised.
    Stopped,
}

/// The flag of a search never stopped from outside.
static NEVER_STOPPED: AtomicBool = AtomicBool::new(false);

impl<'a> NodeBudget<'a> {
    /// At most `limit` squares, ended early when `stop` is raised.
    pub(crate) fn new(limit: u64, stop: &'a AtomicBool) -> NodeBudget<'a> {
        NodeBudget {
            spent: 0,
            limit,
            stop,
        }
    }

    /// No limit and no stop: for blocks of a few dozen squares, searched in a moment.
    pub(crate) fn unbounded() -> NodeBudget<'static> {
        NodeBudget::new(u64::MAX, &NEVER_STOPPED)
    }

    /// Squares entered so far.
    pub(crate) fn spent(&self) -> u64 {
        self.spent
    }

    /// Counts the square a search starts on, entered whatever the budget: only the squares
    /// after it are held to the limit.
    pub(crate) fn enter_start(&mut self) {
        self.spent += 1;
    }

    /// Counts a square entered; past the limit, or when the stop flag is raised (looked at
    /// every [`STOP_CHECK_NODES`] squares), says why the search must end.
    pub(crate) fn enter(&mut self) -> Result<(), Spent> {
        self.spent += 1;
        if self.spent > self.limit {
            return Err(Spent::Limit);
        }
        if self.spent % STOP_CHECK_NODES == 0 && self.stop.load(Ordering::Relaxed) {
            return Err(Spent::Stopped);
        }
        Ok(())
    }
}

/// What the search concluded.
pub(crate) enum Outcome {
    /// A path through every square satisfying the end condition.
    Found(Vec<u32>),
    /// Every branch was tried.
    Exhausted,
    /// The budget ended the search.
    Spent(Spent),
}

/// The knight's graph with per-square move lists, shared by the searches here and in counting.
pub(crate) struct KnightGraph {
    pub(crate) moves: Vec<[u32; 8]>,
    pub(crate) move_count: Vec<u8>,
}

impl KnightGraph {
    pub(crate) fn new(board: TourBoard) -> KnightGraph {
        let squares = board.squares();
        let mut moves = vec![[0u32; 8]; squares];
        let mut move_count = vec![0u8; squares];
        for square in 0..squares as u32 {
            for to in board.knight_moves(square) {
                let count = &mut move_count[square as usize];
                moves[square as usize][*count as usize] = to;
                *count += 1;
            }
        }
        KnightGraph { moves, move_count }
    }

    pub(crate) fn neighbours(&self, square: u32) -> &[u32] {
        &self.moves[square as usize][..self.move_count[square as usize] as usize]
    }
}

/// Squared distance from the centre, doubled to stay in integers: Roth's tie-break prefers the
/// square farthest out, because central squares stay reachable longer.
pub(crate) fn distance_from_centre(board: TourBoard, square: u32) -> u64 {
    let (row, col) = board.position(square);
    let dr = 2 * i64::from(row) - (i64::from(board.rows()) - 1);
    let dc = 2 * i64::from(col) - (i64::from(board.cols()) - 1);
    (dr * dr + dc * dc) as u64
}

struct Frame {
    candidates: [u32; 8],
    len: u8,
    next: u8,
}

/// Depth-first search for a path from `start` through every square whose last square satisfies
/// `accept_end` (and, if `closed`, is a knight's move from `start`), within `budget`, which
/// may be shared across calls so that one budget covers several starts.
pub(crate) fn hamiltonian_path(
    board: TourBoard,
    graph: &KnightGraph,
    start: u32,
    closed: bool,
    accept_end: &dyn Fn(u32) -> bool,
    budget: &mut NodeBudget,
) -> Outcome {
    let squares = board.squares();
    let mut degree: Vec<u8> = graph.move_count.clone();
    let mut visited = vec![false; squares];
    let mut path: Vec<u32> = Vec::with_capacity(squares);
    let mut stack: Vec<Frame> = Vec::with_capacity(squares);

    let visit = |square: u32, visited: &mut Vec<bool>, degree: &mut Vec<u8>| {
        visited[square as usize] = true;
        for &next in graph.neighbours(square) {
            degree[next as usize] -= 1;
        }
    };
    let unvisit = |square: u32, visited: &mut Vec<bool>, degree: &mut Vec<u8>| {
        visited[square as usize] = false;
        for &next in graph.neighbours(square) {
            degree[next as usize] += 1;
        }
    };
    let frame_for = |square: u32, visited: &[bool], degree: &[u8]| -> Frame {
        let mut candidates = [0u32; 8];
        let mut len = 0u8;
        for &next in graph.neighbours(square) {
            if !visited[next as usize] {
                candidates[len as usize] = next;
                len += 1;
            }
        }
        candidates[..len as usize].sort_by_key(|&next| {
            (
                degree[next as usize],
                u64::MAX - distance_from_centre(board, next),
            )
        });
        Frame {
            candidates,
            len,
            next: 0,
        }
    };
    let complete = |last: u32| (!closed || board.is_knight_move(last, start)) && accept_end(last);

    budget.enter_start();
    visit(start, &mut visited, &mut degree);
    path.push(start);
    if squares == 1 {
        return if complete(start) && !closed {
            Outcome::Found(path)
        } else {
            Outcome::Exhausted
        };
    }
    stack.push(frame_for(start, &visited, &degree));
    while let Some(frame) = stack.last_mut() {
        if frame.next == frame.len {
            stack.pop();
            let last = path.pop().expect("every frame has its square on the path");
            unvisit(last, &mut visited, &mut degree);
            continue;
        }
        let candidate = frame.candidates[frame.next as usize];
        frame.next += 1;
        let current = *path.last().expect("the path is not empty");
        if !viable_move(graph, &visited, &degree, current, candidate) {
            continue;
        }
        if let Err(spent) = budget.enter() {
            return Outcome::Spent(spent);
        }
        visit(candidate, &mut visited, &mut degree);
        path.push(candidate);
        if path.len() == squares {
            if complete(candidate) {
                return Outcome::Found(path);
            }
            path.pop();
            unvisit(candidate, &mut visited, &mut degree);
            continue;
        }
        if closed && degree[start as usize] == 0 {
            // Nothing is left to come home through.
            path.pop();
            unvisit(candidate, &mut visited, &mut degree);
            continue;
        }
        stack.push(frame_for(candidate, &visited, &degree));
    }
    Outcome::Exhausted
}

/// Whether moving from `current` to `candidate` leaves every other neighbour of `current`
/// reachable: none may be left with no way in, and at most one with a single way in (it would
/// have to be the last square).
pub(crate) fn viable_move(
    graph: &KnightGraph,
    visited: &[bool],
    degree: &[u8],
    current: u32,
    candidate: u32,
) -> bool {
    let mut dead_ends = 0;
    for &other in graph.neighbours(current) {
        if other == candidate || visited[other as usize] {
            continue;
        }
        match degree[other as usize] {
            0 => return false,
            1 => dead_ends += 1,
            _ => {}
        }
    }
    dead_ends <= 1
}

/// Searches for a tour: `closed` or any; from `start` if given. `limit` bounds the squares
/// entered (`None`: search to the end). Open tours without a start try every start square,
/// corners first, under one budget.
pub(crate) fn search(
    board: TourBoard,
    closed: bool,
    start: Option<u32>,
    limit: Option<u64>,
) -> Result<Tour, FindError> {
    search_until(board, closed, start, limit, &AtomicBool::new(false))
}

/// [`search`], ended early when `stop` is raised: for a search a person waits on, whose
/// budget may be large.
pub(crate) fn search_until(
    board: TourBoard,
    closed: bool,
    start: Option<u32>,
    limit: Option<u64>,
    stop: &AtomicBool,
) -> Result<Tour, FindError> {
    let graph = KnightGraph::new(board);
    let limit = limit.unwrap_or(u64::MAX);
    let mut budget = NodeBudget::new(limit, stop);
    // A closed tour passes through every square, so square 0 may always be taken as the start.
    let starts: Vec<u32> = match (start, closed) {
        (Some(start), _) => vec![start],
        (None, true) => vec![0],
        (None, false) => (0..board.squares() as u32).collect(),
    };
    for &first in &starts {
        match hamiltonian_path(board, &graph, first, closed, &|_| true, &mut budget) {
            Outcome::Found(path) => {
                return Tour::new(board, path, closed)
                    .map_err(|fault| FindError::MethodFailed(format!("internal error: {fault}")))
            }
            Outcome::Spent(Spent::Limit) => return Err(FindError::LimitReached { nodes: limit }),
            Outcome::Spent(Spent::Stopped) => {
                return Err(FindError::Stopped {
                    nodes: budget.spent(),
                })
            }
            Outcome::Exhausted => {}
        }
    }
    let kind = if closed { "closed" } else { "open" };
    let from = match start {
        Some(start) => format!(" starting at {}", board.square_name(start)),
        None => String::new(),
    };
    Err(FindError::NoTour(format!(
        "exhaustive search ({} nodes) found no {kind} knight's tour of the {board} board{from}",
        budget.spent()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_tours_on_small_boards() {
        for (rows, cols, closed) in [(5, 5, false), (6, 6, true), (8, 8, true), (3, 4, false)] {
            let board = TourBoard::new(rows, cols).unwrap();
            let tour = search(board, closed, None, Some(10_000_000)).unwrap();
            assert_eq!(tour.is_closed(), closed);
        }
    }

    #[test]
    fn honours_the_start_and_the_limit() {
        let board = TourBoard::new(8, 8).unwrap();
        let start = board.parse_square("c3").unwrap();
        let tour = search(board, false, Some(start), None).unwrap();
        assert_eq!(tour.path()[0], start);
        // 5×5 has no open tour from b1 (a square of the minority colour), so the search must
        // exhaust, and a budget of ten nodes cannot.
        let small = TourBoard::new(5, 5).unwrap();
        let b1 = small.parse_square("b1").unwrap();
        assert!(matches!(
            search(small, false, Some(b1), None),
            Err(FindError::NoTour(_))
        ));
        assert!(matches!(
            search(small, false, Some(b1), Some(10)),
            Err(FindError::LimitReached { .. })
        ));
    }

    /// A budget ends the search past its limit, or at its first look at a raised flag, and
    /// counts every square entered until then.
    #[test]
    fn a_budget_ends_at_its_limit_or_at_a_look_at_the_raised_flag() {
        let calm = AtomicBool::new(false);
        let mut budget = NodeBudget::new(3, &calm);
        assert_eq!(
            (0..3).map(|_| budget.enter()).collect::<Vec<_>>(),
            [Ok(()); 3]
        );
        assert_eq!(budget.enter(), Err(Spent::Limit));
        assert_eq!(budget.spent(), 4);
        let raised = AtomicBool::new(true);
        let mut budget = NodeBudget::new(u64::MAX, &raised);
        let ended = (1..=STOP_CHECK_NODES)
            .map(|_| budget.enter())
            .position(|entered| entered.is_err());
        assert_eq!(ended, Some(STOP_CHECK_NODES as usize - 1));
        assert_eq!(budget.enter(), Ok(()));
    }

    #[test]
    fn a_raised_stop_flag_ends_the_search_at_its_next_look() {
        // 7x7 has no open tour from b1 (the minority colour), which this search, knowing no
        // theorem, could only learn by an exhaustive search of many millions of nodes.
        let board = TourBoard::new(7, 7).unwrap();
        let b1 = board.parse_square("b1").unwrap();
        let stopped = search_until(board, false, Some(b1), None, &AtomicBool::new(true));
        assert_eq!(
            stopped,
            Err(FindError::Stopped {
                nodes: STOP_CHECK_NODES
            })
        );
    }
}
