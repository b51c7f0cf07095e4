//! The neural network of Takefuji & Lee (Neurocomputing 4, 1992).
//!
//! There is one neuron for every knight's move (every edge of the knight's graph). Its output
//! `V` is 1 when the move is in the answer. A neuron's state `U` moves by
//! `4 − deg(a) − deg(b)`, where `a` and `b` are the two squares the move joins and `deg` counts
//! the active moves at a square, this one included: so `U` rises while its squares have fewer
//! than two active moves and falls while they have more. The output switches on when `U > 3`
//! and off when `U < 0` (hysteresis), neurons are updated one at a time in a random order, and
//! the network has settled when every square has exactly two active moves: then every `U` stops
//! moving. (The popular restatement `U += 2 − Σ V(neighbours)` counts the neighbouring neurons
//! of both ends together and, applied literally, keeps oscillating; the degrees of the two ends
//! are what the paper balances.)
//!
//! A settled network is a cover of the board by cycles, not always one cycle. The share of
//! restarts ending in a single cycle is the network's success rate; when no restart succeeds,
//! the cycles of the best cover are joined by exchanges (see the `links` module) so the method
//! still answers, and the report says so.

use super::links::Links;
use super::{rotate_to_start, FindError, Tour, TourBoard};

/// How long to let the network run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NeuralOptions {
    /// Restarts from fresh random outputs before giving up on a single cycle.
    pub(crate) restarts: u32,
    /// Sweeps over all neurons allowed per restart.
    pub(crate) sweeps: u32,
    /// Seed of the pseudo-random generator (the same seed gives the same run).
    pub seed: u64,
}

impl Default for NeuralOptions {
    fn default() -> NeuralOptions {
        NeuralOptions {
            restarts: 2000,
            sweeps: 400,
            seed: 1992,
        }
    }
}

/// What the restarts did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NeuralReport {
    /// Restarts run.
    pub(crate) restarts: u32,
    /// Restarts that settled (every square with two active moves).
    pub(crate) settled: u32,
    /// Settled restarts whose cover was a single cycle: a closed tour straight from the network.
    pub(crate) single_cycle: u32,
    /// Cycles in the cover the answer came from (1 when the network found the tour itself).
    pub(crate) cycles_in_answer: usize,
    /// Exchanges made to join those cycles into one.
    pub(crate) joins: usize,
}

/// A small, fast, seedable generator (xorshift64*); quality is ample for shuffling.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// The network: neurons are moves `(a, b)` with `a < b`.
struct Network {
    ends: Vec<(u32, u32)>,
    state: Vec<i32>,
    output: Vec<bool>,
    degree: Vec<u8>,
    order: Vec<usize>,
}

impl Network {
    fn new(board: TourBoard) -> Network {
        let mut ends = Vec::new();
        for a in 0..board.squares() as u32 {
            for b in board.knight_moves(a) {
                if a < b {
                    ends.push((a, b));
                }
            }
        }
        let count = ends.len();
        Network {
            ends,
            state: vec![0; count],
            output: vec![false; count],
            degree: vec![0; board.squares()],
            order: (0..count).collect(),
        }
    }

    fn set_output(&mut self, neuron: usize, on: bool) {
        if self.output[neuron] != on {
            self.output[neuron] = on;
            let (a, b) = self.ends[neuron];
            for square in [a, b] {
                if on {
                    self.degree[square as usize] += 1;
                } else {
                    self.degree[square as usize] -= 1;
                }
            }
        }
    }

    /// One restart: random outputs, zero states, then sweeps until settled. Returns whether
    /// every square ended with exactly two active moves.
    fn run(&mut self, rng: &mut Rng, sweeps: u32) -> bool {
        self.degree.iter_mut().for_each(|degree| *degree = 0);
        for neuron in 0..self.ends.len() {
            self.output[neuron] = false;
            self.state[neuron] = 0;
            self.set_output(neuron, rng.next() & 1 == 1);
        }
        for i in (1..self.order.len()).rev() {
            let j = rng.below(i + 1);
            self.order.swap(i, j);
        }
        for _ in 0..sweeps {
            if self.degree.iter().all(|&degree| degree == 2) {
                return true;
            }
            for at in 0..self.order.len() {
                let neuron = self.order[at];
                let (a, b) = self.ends[neuron];
                let pressure =
                    4 - i32::from(self.degree[a as usize]) - i32::from(self.degree[b as usize]);
                self.state[neuron] += pressure;
                if self.state[neuron] > 3 {
                    self.set_output(neuron, true);
                } else if self.state[neuron] < 0 {
                    self.set_output(neuron, false);
                }
            }
        }
        self.degree.iter().all(|&degree| degree == 2)
    }

    fn cover(&self, board: TourBoard) -> Links {
        let mut links = Links::new(board);
        for (neuron, &(a, b)) in self.ends.iter().enumerate() {
            if self.output[neuron] {
                links.add(a, b);
            }
        }
        links
    }
}

/// Hears of each restart of the network, and may stop the restarts early: the best cover so far
/// is then the answer. The no-op `()` costs nothing.
pub(crate) trait NeuralProgress {
    /// Called after each restart with what the restarts have done so far.
    fn restart_done(&mut self, _report: &NeuralReport) {}

    /// Polled before each restart: `true` stops restarting.
    fn should_stop(&self) -> bool {
        false
    }
}

impl NeuralProgress for () {}

/// The work of one restart, in neuron updates: `sweeps` over the board's moves (about four a
/// square). A caller bounding the time bounds this times the restarts.
#[must_use]
pub(crate) fn restart_work(board: TourBoard, sweeps: u32) -> u64 {
    u64::from(sweeps) * board.squares() as u64 * 4
}

/// Runs up to `options.restarts` restarts, stopping at the first single cycle (or when
/// `progress` says so), and returns the best cover found (fewest cycles) with the report, or
/// `None` if no restart settled.
pub(crate) fn best_cover(
    board: TourBoard,
    options: NeuralOptions,
    stop_at_success: bool,
    progress: &mut dyn NeuralProgress,
) -> (Option<Vec<Vec<u32>>>, NeuralReport) {
    let mut network = Network::new(board);
    let mut rng = Rng(options.seed | 1);
    let mut report = NeuralReport::default();
    let mut best: Option<Vec<Vec<u32>>> = None;
    for _ in 0..options.restarts {
        if progress.should_stop() {
            break;
        }
        report.restarts += 1;
        if !network.run(&mut rng, options.sweeps) {
            progress.restart_done(&report);
            continue;
        }
        report.settled += 1;
        let cycles = network.cover(board).cycles();
        if cycles.len() == 1 {
            report.single_cycle += 1;
        }
        if best.as_ref().is_none_or(|held| cycles.len() < held.len()) {
            best = Some(cycles);
        }
        progress.restart_done(&report);
        if stop_at_success && report.single_cycle > 0 {
            break;
        }
    }
    (best, report)
}

/// Joins the cycles of a cover into one by exchanges; returns the number made, or `None` when
/// no exchange joins the remaining cycles.
fn join_cycles(links: &mut Links, squares: usize) -> Option<usize> {
    let mut joins = 0;
    loop {
        let cycles = links.cycles();
        if cycles.len() == 1 {
            return Some(joins);
        }
        let mut label = vec![0u32; squares];
        for (id, cycle) in cycles.iter().enumerate() {
            for &square in cycle {
                label[square as usize] = id as u32;
            }
        }
        let mut joined = false;
        'search: for cycle in &cycles {
            for i in 0..cycle.len() {
                let (a1, a2) = (cycle[i], cycle[(i + 1) % cycle.len()]);
                let own = label[a1 as usize];
                if links.join_at(a1, a2, &|square| label[square as usize] != own) {
                    joined = true;
                    break 'search;
                }
            }
        }
        if !joined {
            return None;
        }
        joins += 1;
    }
}

/// A tour from the network: closed, or opened at `start`. Needs an even number of squares (a
/// cover by cycles alternates colours). `progress` hears of each restart; when it stops them,
/// the best cover so far is joined into the tour.
pub(crate) fn find(
    board: TourBoard,
    closed: bool,
    start: Option<u32>,
    options: NeuralOptions,
    progress: &mut dyn NeuralProgress,
) -> Result<(Tour, NeuralReport), FindError> {
    if board.squares() % 2 == 1 {
        return Err(FindError::MethodFailed(format!(
            "the neural network settles on covers of the board by cycles, and the {board} board has an odd number of squares, so it has none; try `method` divide or backtrack"
        )));
    }
    let (cover, mut report) = best_cover(board, options, true, progress);
    let Some(cycles) = cover else {
        return Err(FindError::MethodFailed(format!(
            "the neural network did not settle in {} restarts of {} sweeps on the {board} board; try `method` divide",
            report.restarts, options.sweeps
        )));
    };
    report.cycles_in_answer = cycles.len();
    let mut links = Links::new(board);
    for cycle in &cycles {
        for i in 0..cycle.len() {
            links.add(cycle[i], cycle[(i + 1) % cycle.len()]);
        }
    }
    report.joins = join_cycles(&mut links, board.squares()).ok_or_else(|| {
        FindError::MethodFailed(format!(
            "the neural network's best cover has {} cycles and no exchange joins them; try `method` divide",
            cycles.len()
        ))
    })?;
    let mut path = links.walk(0);
    rotate_to_start(&mut path, start.unwrap_or(0));
    let tour = Tour::new(board, path, closed)
        .map_err(|fault| FindError::MethodFailed(format!("internal error: {fault}")))?;
    Ok((tour, report))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settles_and_answers_on_the_chessboard() {
        let board = TourBoard::new(8, 8).unwrap();
        let (tour, report) = find(board, true, None, NeuralOptions::default(), &mut ()).unwrap();
        assert!(tour.is_closed());
        assert!(report.settled >= 1);
        assert_eq!(report.joins + 1, report.cycles_in_answer);
    }

    #[test]
    fn joins_cycles_when_asked_to_answer_at_once() {
        // One restart rarely gives a single cycle on 10×10, so joining is exercised.
        let board = TourBoard::new(10, 10).unwrap();
        let options = NeuralOptions {
            restarts: 50,
            ..NeuralOptions::default()
        };
        let start = board.parse_square("c3").unwrap();
        let (tour, _) = find(board, false, Some(start), options, &mut ()).unwrap();
        assert_eq!(tour.path()[0], start);
    }

    #[test]
    fn odd_boards_are_declined() {
        let board = TourBoard::new(5, 5).unwrap();
        assert!(find(board, false, None, NeuralOptions::default(), &mut ()).is_err());
    }

    /// Stops after a given number of restarts, as Ctrl-C does.
    struct StopAfter(u32, u32);

    impl NeuralProgress for StopAfter {
        fn restart_done(&mut self, report: &NeuralReport) {
            self.0 = report.restarts;
        }

        fn should_stop(&self) -> bool {
            self.0 >= self.1
        }
    }

    #[test]
    fn a_stop_ends_the_restarts_and_the_best_cover_answers() {
        let board = TourBoard::new(10, 10).unwrap();
        let options = NeuralOptions {
            restarts: u32::MAX,
            ..NeuralOptions::default()
        };
        // Without the stop this would run for ever on a board where single cycles are rare.
        let (cover, report) = best_cover(board, options, false, &mut StopAfter(0, 5));
        assert_eq!(report.restarts, 5);
        assert!(cover.is_some() || report.settled == 0);
    }
}
