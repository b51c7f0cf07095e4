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

/// What the search concluded.
pub(crate) enum Outcome {
    /// A path through every square satisfying the end condition.
    Found(Vec<u32>),
    /// Every branch was tried.
    Exhausted,
    /// The node budget ran out.
    LimitReached,
    /// The stop flag was raised.
    Stopped,
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
/// `accept_end` (and, if `closed`, is a knight's move from `start`). `nodes` counts squares
/// entered and is shared across calls so one budget covers several starts; the search ends
/// when `stop` is raised.
#[allow(clippy::too_many_arguments)]
pub(crate) fn hamiltonian_path(
    board: TourBoard,
    graph: &KnightGraph,
    start: u32,
    closed: bool,
    accept_end: &dyn Fn(u32) -> bool,
    nodes: &mut u64,
    limit: u64,
    stop: &AtomicBool,
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

    *nodes += 1;
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
        *nodes += 1;
        if *nodes > limit {
            return Outcome::LimitReached;
        }
        if *nodes % STOP_CHECK_NODES == 0 && stop.load(Ordering::Relaxed) {
            return Outcome::Stopped;
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
    let mut nodes = 0;
    // A closed tour passes through every square, so square 0 may always be taken as the start.
    let starts: Vec<u32> = match (start, closed) {
        (Some(start), _) => vec![start],
        (None, true) => vec![0],
        (None, false) => (0..board.squares() as u32).collect(),
    };
    for &first in &starts {
        match hamiltonian_path(
            board,
            &graph,
            first,
            closed,
            &|_| true,
            &mut nodes,
            limit,
            stop,
        ) {
            Outcome::Found(path) => {
                return Tour::new(board, path, closed)
                    .map_err(|fault| FindError::MethodFailed(format!("internal error: {fault}")))
            }
            Outcome::LimitReached => return Err(FindError::LimitReached { nodes: limit }),
            Outcome::Stopped => return Err(FindError::Stopped { nodes }),
            Outcome::Exhausted => {}
        }
    }
    let kind = if closed { "closed" } else { "open" };
    let from = match start {
        Some(start) => format!(" starting at {}", board.square_name(start)),
        None => String::new(),
    };
    Err(FindError::NoTour(format!(
        "exhaustive search ({nodes} nodes) found no {kind} knight's tour of the {board} board{from}"
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
