//! Exact numbers of knight's tours, by exhaustive search.
//!
//! - Open tours are Hamiltonian paths of the knight's graph. A *directed* path has a first and a
//!   last square, so each undirected path is counted twice (once from each end). The 5×5 board
//!   has 1,728 directed paths and 6×6 has 6,637,920 (OEIS A165134, which counts closed tours
//!   too: a closed tour read from a square in a direction is one of these paths).
//! - Closed tours are Hamiltonian cycles, counted up to direction and starting square: 6×6 has
//!   9,862 (OEIS A001230) and 8×8 has 13,267,364,410,532.
//!
//! The search is the pruned depth-first search of [`super::backtrack`] that keeps going after
//! each success. Open counts over every start use the board's symmetries: only one square of
//! each orbit is searched from, and its count is multiplied by the orbit's size. Search counts
//! reach 6×6 in under a minute on two cores; closed tours of longer boards are counted square
//! by square in [`super::frontier`]. Counts are `u128`: ample for every board a search can
//! finish. A count can be stopped through [`CountProgress::should_stop`]; what it returns then
//! is a lower bound.

use super::backtrack::{viable_move, KnightGraph};
use super::TourBoard;
use crate::board::Symmetry;

/// The most squares counting accepts: the search is exponential, and deeper recursion than
/// this is never going to finish anyway.
pub(crate) const MAX_COUNT_SQUARES: usize = 100;

/// Hears how far a count has got, and may stop it. The no-op `()` costs nothing.
pub(crate) trait CountProgress {
    /// Called every few million search nodes with the nodes searched since the last call.
    fn nodes(&mut self, nodes: u64);

    /// Polled every [`POLL_EVERY`] nodes: `true` stops the count, which then returns the paths
    /// found so far, a lower bound (every path counted is a real one).
    fn should_stop(&self) -> bool {
        false
    }
}

impl CountProgress for () {
    fn nodes(&mut self, _nodes: u64) {}
}

/// How often progress is reported, in nodes.
const REPORT_EVERY: u64 = 1 << 22;

/// How often [`CountProgress::should_stop`] is asked, in nodes: often enough that a stop takes
/// effect within milliseconds.
pub(crate) const POLL_EVERY: u64 = 1 << 16;

struct Counter<'a> {
    graph: KnightGraph,
    visited: Vec<bool>,
    degree: Vec<u8>,
    /// Count only paths that end on this square.
    end: Option<u32>,
    nodes: u64,
    unreported: u64,
    progress: &'a mut dyn CountProgress,
    stopped: bool,
}

impl Counter<'_> {
    fn visit(&mut self, square: u32) {
        self.visited[square as usize] = true;
        for &next in self.graph.neighbours(square) {
            self.degree[next as usize] -= 1;
        }
    }

    fn unvisit(&mut self, square: u32) {
        self.visited[square as usize] = false;
        for &next in self.graph.neighbours(square) {
            self.degree[next as usize] += 1;
        }
    }

    /// Paths that continue from `current`, `remaining` squares still to visit.
    fn extend(&mut self, current: u32, remaining: usize) -> u128 {
        self.nodes += 1;
        self.unreported += 1;
        if self.unreported >= REPORT_EVERY {
            self.progress.nodes(self.unreported);
            self.unreported = 0;
        }
        if self.nodes % POLL_EVERY == 0 && self.progress.should_stop() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if remaining == 0 {
            let ends_well = self.end.is_none_or(|end| end == current);
            return u128::from(ends_well);
        }
        if self.end == Some(current) {
            return 0;
        }
        let moves = self.graph.moves[current as usize];
        let count = self.graph.move_count[current as usize] as usize;
        let mut total = 0;
        for &next in &moves[..count] {
            if self.stopped {
                break;
            }
            if self.visited[next as usize]
                || !viable_move(&self.graph, &self.visited, &self.degree, current, next)
            {
                continue;
            }
            self.visit(next);
            total += self.extend(next, remaining - 1);
            self.unvisit(next);
        }
        total
    }
}

/// Paths through every square that begin with the squares of `prefix` (knight's moves apart)
/// and end on `end` if given.
fn count_from(
    board: TourBoard,
    prefix: &[u32],
    end: Option<u32>,
    progress: &mut dyn CountProgress,
) -> u128 {
    assert!(
        board.squares() <= MAX_COUNT_SQUARES,
        "counting is limited to {MAX_COUNT_SQUARES} squares"
    );
    let graph = KnightGraph::new(board);
    let degree = graph.move_count.clone();
    let mut counter = Counter {
        visited: vec![false; board.squares()],
        degree,
        graph,
        end,
        nodes: 0,
        unreported: 0,
        progress,
        stopped: false,
    };
    for &square in prefix {
        counter.visit(square);
    }
    let last = prefix[prefix.len() - 1];
    let total = counter.extend(last, board.squares() - prefix.len());
    counter.progress.nodes(counter.unreported);
    total
}

/// Directed Hamiltonian paths (open tours, closed ones included) that start at `start`.
#[must_use]
#[cfg(test)]
pub(crate) fn directed_paths_from(
    board: TourBoard,
    start: u32,
    progress: &mut dyn CountProgress,
) -> u128 {
    count_from(board, &[start], None, progress)
}

/// The start squares worth searching from, each with the number of squares it stands for: one
/// square per orbit of the board's symmetry group (4 reflections/rotations of a rectangle, 8 of
/// a square board).
#[must_use]
pub(crate) fn symmetric_starts(board: TourBoard) -> Vec<(u32, u32)> {
    let size = (board.rows() as usize, board.cols() as usize);
    let images = |square: u32| -> Vec<u32> {
        let mut images: Vec<u32> = Symmetry::of_box(size)
            .map(|symmetry| board.image(symmetry, square))
            .collect();
        images.sort_unstable();
        images.dedup();
        images
    };
    (0..board.squares() as u32)
        .filter_map(|square| {
            let orbit = images(square);
            (orbit[0] == square).then_some((square, orbit.len() as u32))
        })
        .collect()
}

/// One independent share of a count, for spreading a count over threads: the paths that begin
/// with `prefix` (and end on `end`, if given), each standing for `weight` paths.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CountJob {
    prefix: Vec<u32>,
    weight: u32,
    end: Option<u32>,
}

/// How many shares a count is cut into, enough to keep both cores busy to the end.
const TARGET_JOBS: usize = 96;

/// Cuts a count into independent shares whose results add up to it: directed open tours (from
/// `start`, or from every square) or, if `closed`, closed tours.
#[must_use]
pub(crate) fn count_jobs(board: TourBoard, closed: bool, start: Option<u32>) -> Vec<CountJob> {
    let squares = board.squares();
    let mut jobs: Vec<CountJob> = if closed {
        let corner_moves: Vec<u32> = board.knight_moves(0).collect();
        match corner_moves[..] {
            // A corner has only two moves and every closed tour uses both: fixing the
            // direction (out by `first`, back in by `last`) finds each tour exactly once.
            [first, last] if squares >= 3 => vec![CountJob {
                prefix: vec![0, first],
                weight: 1,
                end: Some(last),
            }],
            // A corner with fewer moves means a side of 1 or 2: no closed tours.
            _ => Vec::new(),
        }
    } else {
        let starts = match start {
            Some(start) => vec![(start, 1)],
            None => symmetric_starts(board),
        };
        starts
            .into_iter()
            .map(|(start, weight)| CountJob {
                prefix: vec![start],
                weight,
                end: None,
            })
            .collect()
    };
    for _ in 0..6 {
        if jobs.len() >= TARGET_JOBS {
            break;
        }
        let mut longer = Vec::new();
        for job in jobs {
            let last = job.prefix[job.prefix.len() - 1];
            if job.prefix.len() + 2 > squares {
                // Too short a way to go to be worth splitting (and the end must stay free).
                longer.push(job);
                continue;
            }
            for next in board.knight_moves(last) {
                if !job.prefix.contains(&next) && job.end != Some(next) {
                    let mut prefix = job.prefix.clone();
                    prefix.push(next);
                    longer.push(CountJob {
                        prefix,
                        ..job.clone()
                    });
                }
            }
        }
        jobs = longer;
    }
    jobs
}

/// The number of paths a share stands for.
#[must_use]
pub(crate) fn run_job(board: TourBoard, job: &CountJob, progress: &mut dyn CountProgress) -> u128 {
    u128::from(job.weight) * count_from(board, &job.prefix, job.end, progress)
}

/// All directed Hamiltonian paths of the board, from every start.
#[must_use]
#[cfg(test)]
pub(crate) fn directed_paths(board: TourBoard, progress: &mut dyn CountProgress) -> u128 {
    count_jobs(board, false, None)
        .iter()
        .map(|job| run_job(board, job, progress))
        .sum()
}

/// Hamiltonian cycles (closed tours), up to direction and starting square.
#[must_use]
#[cfg(test)]
pub(crate) fn closed_tours(board: TourBoard, progress: &mut dyn CountProgress) -> u128 {
    count_jobs(board, true, None)
        .iter()
        .map(|job| run_job(board, job, progress))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: u32, cols: u32) -> TourBoard {
        TourBoard::new(rows, cols).unwrap()
    }

    #[test]
    fn symmetric_starts_cover_the_board() {
        for (rows, cols) in [(5, 5), (6, 6), (3, 8), (4, 5), (1, 1)] {
            let b = board(rows, cols);
            let covered: u32 = symmetric_starts(b).iter().map(|&(_, orbit)| orbit).sum();
            assert_eq!(covered as usize, b.squares());
        }
    }

    #[test]
    fn five_by_five_matches_oeis() {
        // OEIS A165134: 1,728 directed tours on 5×5; A001230: no closed tour on odd boards.
        let b = board(5, 5);
        assert_eq!(directed_paths(b, &mut ()), 1728);
        assert_eq!(closed_tours(b, &mut ()), 0);
        // The 304 from a corner (each undirected tour from a1 counted once, as it cannot end there).
        assert_eq!(directed_paths_from(b, 0, &mut ()), 304);
    }

    #[test]
    fn thin_boards_match_oeis() {
        // Undirected open tours of 3×n, the sum of Knuth's types X, F and B (OEIS A169770,
        // A169771, A169772): 8, 52, 396 and 560 for n = 4, 7, 8, 9.
        for (cols, undirected) in [(4, 8u128), (7, 52), (8, 396), (9, 560)] {
            assert_eq!(
                directed_paths(board(3, cols), &mut ()),
                2 * undirected,
                "3x{cols}"
            );
        }
        // OEIS A383660 (a(15) and a(18)): 3×10 and 3×12 have 16 and 176 closed tours.
        assert_eq!(closed_tours(board(3, 10), &mut ()), 16);
        assert_eq!(closed_tours(board(3, 12), &mut ()), 176);
    }

    #[test]
    fn six_by_six_closed_matches_oeis() {
        // OEIS A001230: 9,862 closed tours of 6×6 (about 8 s of one core).
        assert_eq!(closed_tours(board(6, 6), &mut ()), 9862);
    }

    #[test]
    fn jobs_add_up_to_the_whole() {
        let b = board(5, 5);
        let jobs = count_jobs(b, false, None);
        assert!(jobs.len() > 8);
        let total: u128 = jobs.iter().map(|job| run_job(b, job, &mut ())).sum();
        assert_eq!(total, 1728);
        let from_corner: u128 = count_jobs(b, false, Some(0))
            .iter()
            .map(|job| run_job(b, job, &mut ()))
            .sum();
        assert_eq!(from_corner, directed_paths_from(b, 0, &mut ()));
    }

    /// A count told to stop returns a lower bound at once.
    #[test]
    fn a_stopped_count_is_a_lower_bound() {
        struct StopAfter(u64);
        impl CountProgress for StopAfter {
            fn nodes(&mut self, _nodes: u64) {}
            fn should_stop(&self) -> bool {
                self.0 == 0
            }
        }
        let b = board(5, 5);
        let partial = directed_paths_from(b, 0, &mut StopAfter(0));
        assert!(partial < 304, "stopped before the end: {partial}");
        assert_eq!(directed_paths_from(b, 0, &mut StopAfter(1)), 304);
    }

    #[test]
    fn small_boards_have_no_tours() {
        assert_eq!(directed_paths(board(1, 1), &mut ()), 1);
        assert_eq!(directed_paths(board(4, 4), &mut ()), 0);
        assert_eq!(directed_paths(board(3, 3), &mut ()), 0);
        assert_eq!(closed_tours(board(1, 2), &mut ()), 0);
    }
}
