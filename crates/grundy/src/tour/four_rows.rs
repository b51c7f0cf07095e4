//! Open tours of 4×n boards from a given square, by searching the two halves separately.
//!
//! Every open tour of a 4×n board (n ≥ 5) begins on a long edge row ([`super::existence`]),
//! and the argument says more: the tour alternates edge and middle squares except for one
//! step between two middle squares, and since knight's moves alternate colours, the edge
//! squares before that step all have the first square's colour and those after it the other.
//! Each colour holds n edge squares, so the step comes exactly half way. With `c` the colour
//! of the first square, the first half is a path through every edge square of colour `c` and
//! every middle square of the other colour, and the second half a path through all the rest,
//! starting a knight's move from where the first half ended.
//!
//! Each half is a graph of 2n squares in which edge and middle squares alternate, so a search
//! of the halves is far smaller than a search of the whole board, where a wrong turn near the
//! start costs an exponential hunt through the far end. The second half's search depends only
//! on its first square, so its answer is kept for each.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use super::backtrack::{distance_from_centre, NodeBudget, Spent};
use super::{FindError, Tour, TourBoard};

/// The squares of one half, numbered from 0, with the knight's moves between them.
struct Half {
    squares: Vec<u32>,
    neighbours: Vec<Vec<u32>>,
}

impl Half {
    fn new(board: TourBoard, member: &dyn Fn(u32) -> bool) -> (Half, HashMap<u32, u32>) {
        let squares: Vec<u32> = (0..board.squares() as u32)
            .filter(|&square| member(square))
            .collect();
        let local: HashMap<u32, u32> = squares
            .iter()
            .enumerate()
            .map(|(at, &square)| (square, at as u32))
            .collect();
        let neighbours = squares
            .iter()
            .map(|&square| {
                let mut next: Vec<u32> = board
                    .knight_moves(square)
                    .filter_map(|to| local.get(&to).copied())
                    .collect();
                // Roth's tie-break: farther from the centre first, after the fewest onward moves.
                next.sort_by_key(|&to| {
                    u64::MAX - distance_from_centre(board, squares[to as usize])
                });
                next
            })
            .collect();
        (
            Half {
                squares,
                neighbours,
            },
            local,
        )
    }

    /// Depth-first search for paths from `start` through every square of the half, within
    /// `budget`. `complete` hears each one (as board squares) and returns `true` to stop.
    /// Returns `true` if stopped so, `false` if every path was tried, or why the budget ended
    /// the search (from `complete` too).
    fn paths(
        &self,
        start: u32,
        budget: &mut NodeBudget,
        complete: &mut dyn FnMut(&[u32]) -> Result<bool, Spent>,
    ) -> Result<bool, Spent> {
        let count = self.squares.len();
        let mut visited = vec![false; count];
        let mut degree: Vec<u8> = self.neighbours.iter().map(|n| n.len() as u8).collect();
        let mut path: Vec<u32> = Vec::with_capacity(count);
        // Each frame: the square's candidates (sorted) and the next one to try.
        let mut stack: Vec<(Vec<u32>, usize)> = Vec::with_capacity(count);
        let visit = |square: u32, visited: &mut [bool], degree: &mut [u8]| {
            visited[square as usize] = true;
            for &next in &self.neighbours[square as usize] {
                degree[next as usize] -= 1;
            }
        };
        let unvisit = |square: u32, visited: &mut [bool], degree: &mut [u8]| {
            visited[square as usize] = false;
            for &next in &self.neighbours[square as usize] {
                degree[next as usize] += 1;
            }
        };
        let frame = |square: u32, visited: &[bool], degree: &[u8]| {
            let mut candidates: Vec<u32> = self.neighbours[square as usize]
                .iter()
                .copied()
                .filter(|&next| !visited[next as usize])
                .collect();
            // Stable: ties keep Roth's order from `new`.
            candidates.sort_by_key(|&next| degree[next as usize]);
            (candidates, 0)
        };
        let as_board = |path: &[u32]| -> Vec<u32> {
            path.iter()
                .map(|&square| self.squares[square as usize])
                .collect()
        };
        budget.enter_start();
        visit(start, &mut visited, &mut degree);
        path.push(start);
        if count == 1 {
            return complete(&as_board(&path));
        }
        stack.push(frame(start, &visited, &degree));
        while let Some((candidates, next)) = stack.last_mut() {
            if *next == candidates.len() {
                stack.pop();
                let last = path.pop().expect("every frame has its square on the path");
                unvisit(last, &mut visited, &mut degree);
                continue;
            }
            let candidate = candidates[*next];
            *next += 1;
            let current = *path.last().expect("the path is not empty");
            // As in `backtrack`: no other unvisited neighbour of `current` may be left with no
            // way in, and at most one with a single way in (it must be the last square).
            let mut dead_ends = 0;
            let mut stranded = false;
            for &other in &self.neighbours[current as usize] {
                if other == candidate || visited[other as usize] {
                    continue;
                }
                match degree[other as usize] {
                    0 => stranded = true,
                    1 => dead_ends += 1,
                    _ => {}
                }
            }
            if stranded || dead_ends > 1 {
                continue;
            }
            budget.enter()?;
            visit(candidate, &mut visited, &mut degree);
            path.push(candidate);
            if path.len() == count {
                if complete(&as_board(&path))? {
                    return Ok(true);
                }
                path.pop();
                unvisit(candidate, &mut visited, &mut degree);
                continue;
            }
            stack.push(frame(candidate, &visited, &degree));
        }
        Ok(false)
    }
}

/// An open tour of a 4×n board (either way round, n ≥ 5) that starts on `start`, a square of
/// a long edge; `limit` bounds the search nodes of each half. The search ends when `stop` is
/// raised.
pub(crate) fn open_tour_from(
    board: TourBoard,
    start: u32,
    limit: u64,
    stop: &AtomicBool,
) -> Result<Tour, FindError> {
    let (rows, cols) = (board.rows(), board.cols());
    let on_edge = |square: u32| {
        let (row, col) = board.position(square);
        if rows == 4 {
            row == 0 || row == 3
        } else {
            col == 0 || col == 3
        }
    };
    if rows.min(cols) != 4 || rows.max(cols) < 5 || !on_edge(start) {
        return Err(FindError::MethodFailed(format!(
            "the two-halves search covers 4xn boards (n at least 5) from a square of a long edge, not {} of {board}",
            board.square_name(start)
        )));
    }
    let colour = |square: u32| {
        let (row, col) = board.position(square);
        (row + col) % 2
    };
    let first_colour = colour(start);
    let in_first_half = |square: u32| on_edge(square) == (colour(square) == first_colour);
    let (first, first_local) = Half::new(board, &in_first_half);
    let (second, second_local) = Half::new(board, &|square| !in_first_half(square));
    // Each half has its own count of nodes, each bounded by `limit`.
    let mut second_budget = NodeBudget::new(limit, stop);
    let mut second_from: HashMap<u32, Option<Vec<u32>>> = HashMap::new();
    let mut found: Option<Vec<u32>> = None;
    let mut on_first_half = |half: &[u32]| -> Result<bool, Spent> {
        let end = half[half.len() - 1];
        for to in board.knight_moves(end) {
            let Some(&local) = second_local.get(&to) else {
                continue;
            };
            let rest = match second_from.entry(to) {
                Entry::Occupied(known) => known.into_mut(),
                Entry::Vacant(slot) => {
                    let mut rest = None;
                    second.paths(local, &mut second_budget, &mut |path| {
                        rest = Some(path.to_vec());
                        Ok(true)
                    })?;
                    slot.insert(rest)
                }
            };
            if let Some(rest) = rest {
                let mut whole = half.to_vec();
                whole.extend_from_slice(rest);
                found = Some(whole);
                return Ok(true);
            }
        }
        Ok(false)
    };
    let mut first_budget = NodeBudget::new(limit, stop);
    let searched = first.paths(first_local[&start], &mut first_budget, &mut on_first_half);
    if let Some(path) = found {
        return Tour::new(board, path, false)
            .map_err(|fault| FindError::MethodFailed(format!("internal error: {fault}")));
    }
    let nodes = first_budget.spent() + second_budget.spent();
    match searched {
        Err(Spent::Stopped) => Err(FindError::Stopped { nodes }),
        Err(Spent::Limit) => Err(FindError::LimitReached { nodes: limit }),
        Ok(_) => Err(FindError::NoTour(format!(
            "exhaustive search of both halves ({nodes} nodes) found no open knight's tour of the {board} board starting at {}",
            board.square_name(start)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::backtrack;

    /// On boards small enough for the plain search, both agree square by square.
    #[test]
    fn agrees_with_backtracking_on_small_boards() {
        for (rows, cols) in [(4, 5), (4, 6), (4, 7), (5, 4), (4, 8)] {
            let board = TourBoard::new(rows, cols).unwrap();
            for start in 0..board.squares() as u32 {
                let halves = open_tour_from(board, start, u64::MAX, &AtomicBool::new(false));
                let plain = backtrack::search(board, false, Some(start), Some(500_000_000));
                let square = board.square_name(start);
                match (&halves, &plain) {
                    (Ok(tour), Ok(_)) => assert_eq!(tour.path()[0], start),
                    (Err(FindError::NoTour(_)), Err(FindError::NoTour(_))) => {}
                    (Err(FindError::MethodFailed(_)), Err(FindError::NoTour(_))) => {}
                    other => panic!("{board} {square}: {other:?}"),
                }
            }
        }
    }

    /// A budget too small for the search ends it with the limit, not a verdict.
    #[test]
    fn a_small_budget_ends_the_search_with_its_limit() {
        let board = TourBoard::new(4, 9).unwrap();
        let ended = open_tour_from(board, 0, 5, &AtomicBool::new(false));
        assert_eq!(ended, Err(FindError::LimitReached { nodes: 5 }));
    }

    /// Every square of a long edge starts a tour on long boards, found within a small budget.
    #[test]
    fn every_edge_square_of_long_boards() {
        for cols in [9, 10, 11, 12, 13, 17, 30, 101] {
            let board = TourBoard::new(4, cols).unwrap();
            for col in 0..cols {
                for row in [0, 3] {
                    let start = board.index(row, col);
                    let tour = open_tour_from(board, start, 10_000_000, &AtomicBool::new(false))
                        .unwrap_or_else(|error| {
                            panic!("{board} {}: {error}", board.square_name(start))
                        });
                    assert_eq!(tour.path()[0], start);
                }
            }
        }
    }
}
