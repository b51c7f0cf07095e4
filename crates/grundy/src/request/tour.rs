//! Knight's tours as requests: find one (by the method asked for, or divide and conquer with a
//! search from the start square where it has none), whether one exists, how many there are,
//! and whether a text holds one. The theorems answer first wherever they decide, so that every
//! question gets the same answer about the same board.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Deserialize, Serialize, Serializer};

use super::{memory_text, Limits, RunError, Stopped};
use crate::report::{
    Command, TourCountReport, TourExistsReport, TourReport, TourVerifyReport, SCHEMA_VERSION,
};
use crate::tour::count;
use crate::tour::existence::{self, tour_from};
use crate::tour::frontier::{
    closed_tours_by_frontier, open_tours_by_frontier, FrontierError, MAX_NARROW_SIDE,
};
use crate::tour::neural::{self, NeuralOptions, NeuralReport};
use crate::tour::text::read_tour;
use crate::tour::warnsdorff::{self, TieBreak};
use crate::tour::{backtrack, divide, four_rows, narrow, verify, FindError, Tour, TourBoard};
use crate::watch::{CountWatch, FrontierWatch, NeuralWatch, Watch};

/// The search methods (backtracking, and the searches divide and conquer falls back on) keep
/// about 80 bytes a square, the two-halves search of 4xn boards about 150: at this limit
/// 2000x2000 takes some 320 MB, and 4x1000000 from c1 600 MB and 7 s.
pub const MAX_SEARCH_SQUARES: usize = 4_000_000;

/// Search nodes a backtracking search may use unless the request says otherwise: a few
/// seconds.
pub const DEFAULT_SEARCH_NODES: u64 = 100_000_000;

/// Directed open tours are counted by search up to this many squares: 6x6 (36 squares) takes
/// about a minute on two cores, and each further square multiplies the time several times over.
pub const MAX_OPEN_COUNT_SQUARES: usize = 36;

/// Past [`MAX_OPEN_COUNT_SQUARES`], open tours are counted by the frontier program on boards
/// with a side of at most this. Their cost is the frontier's states, not the squares: a side
/// of 3 keeps about 4,000 (3x30 in 0.07 s), 4 about 39,000 (4x20 in 0.7 s), 5 about 2.3
/// million (5x12 in 53 s, 5x20 in 126 s, 340 MB); the counts pass 128 bits (refused, not
/// wrapped) before the length costs more. A side of 6 needs more states than 1G holds.
pub const MAX_OPEN_COUNT_NARROW_SIDE: u32 = 5;

/// The closed count's frontier states multiply several times with each square of width. With
/// a side of at most 5, a row takes a fraction of a second (5x16 in 1.6 s), and the count
/// passes 128 bits (refused, not wrapped) long before the length limit; a side of 6 takes
/// 16 s at 6x8 (6x7: 14 s; 6x10 more than 100 s); from 7 on no count finishes.
pub const MAX_CLOSED_COUNT_NARROW_SIDE: u32 = 6;

/// The longest board the closed count takes with a side of 6, and with a narrower side.
pub const MAX_CLOSED_COUNT_LENGTH_AT_SIX: u32 = 8;
/// See [`MAX_CLOSED_COUNT_LENGTH_AT_SIX`].
pub const MAX_CLOSED_COUNT_LENGTH: u32 = 1000;

/// What one live frontier state costs at the peak: an entry of 32 bytes (state and count) in
/// the map of the square being processed and in the one being filled, each map at most half
/// full after it doubles, with a control byte an entry (measured: 3x1000 closed, 6x7 closed).
pub const FRONTIER_BYTES_PER_STATE: u64 = 150;

/// The most neuron updates the network may make over all its restarts: at about 7 ns each
/// (measured: 20 restarts of 400 sweeps on 100x100 in 2.3 s), about two minutes. Without a
/// bound, `--restarts 1000000000` on 1000x1000 would run for centuries with no sign of life.
pub const MAX_NEURAL_WORK: u64 = 16_000_000_000;

/// The exact program for open tours from a square ([`narrow`]) is run, and its tour read
/// back, on boards with a side of at most 3 up to this many squares: reading back keeps about
/// 1,600 states a square (3x1001: 1.2 s, 180 MB; 3x1499 passes [`MAX_NARROW_PROGRAM_KEPT`]) ...
const MAX_NARROW_PROGRAM_SQUARES_THIN: usize = 3_100;
/// ... and on boards with a side of 5 up to this many (5x9 in about 2 s, 5x21 in 26 s).
const MAX_NARROW_PROGRAM_SQUARES_FIVE: usize = 45;
/// States the exact program may keep at once (a side of 5 needs about 150,000).
const MAX_NARROW_PROGRAM_STATES: usize = 4_000_000;

/// The nodes of the short search tried before the exact program.
const QUICK_SEARCH_NODES: u64 = 2_000_000;

/// States the exact program may keep over all its steps to read a tour back (some 40 bytes
/// each).
const MAX_NARROW_PROGRAM_KEPT: usize = 5_000_000;

/// The ways of finding a tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TourMethod {
    /// Exhaustive depth-first search with Warnsdorff ordering and pruning.
    Backtrack,
    /// Warnsdorff's rule with a tie-break.
    Warnsdorff,
    /// Takefuji & Lee's neural network, cycles joined if needed.
    Neural,
    /// Divide and conquer: linear time, every board that has a tour.
    Divide,
}

impl std::fmt::Display for TourMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TourMethod::Backtrack => "backtrack",
            TourMethod::Warnsdorff => "warnsdorff",
            TourMethod::Neural => "neural",
            TourMethod::Divide => "divide",
        })
    }
}

/// Find a knight's tour of a board.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourRequest {
    /// The board, `ROWSxCOLS`.
    pub board: TourBoard,
    /// A closed tour: the last square a knight's move from the first.
    #[serde(default)]
    pub closed: bool,
    /// The first square, e.g. `c3` (column letters, then the row number; row 1 is the top).
    #[serde(default)]
    pub start: Option<String>,
    /// How to find it; `None` for divide and conquer, which falls back on a search from
    /// `start` where it has no tour from there.
    #[serde(default)]
    pub method: Option<TourMethod>,
    /// Warnsdorff's tie-break rule.
    #[serde(default = "default_tie_break")]
    pub tie_break: TieBreak,
    /// The most nodes of a search (backtracking, or the search divide and conquer falls back
    /// on); `None` for [`DEFAULT_SEARCH_NODES`].
    #[serde(default)]
    pub limit: Option<u64>,
    /// The neural network's restarts; `None` for its default, cut to [`MAX_NEURAL_WORK`].
    #[serde(default)]
    pub restarts: Option<u32>,
    /// The seed of the neural network's random generator.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// The memory the tour and its answer may take (threads are not used).
    #[serde(default)]
    pub limits: Limits,
}

fn default_tie_break() -> TieBreak {
    TieBreak::Roth
}

fn default_seed() -> u64 {
    NeuralOptions::default().seed
}

impl TourRequest {
    /// A request for a tour of `board` by the default method, open, from anywhere.
    #[must_use]
    pub fn new(board: TourBoard) -> TourRequest {
        TourRequest {
            board,
            closed: false,
            start: None,
            method: None,
            tie_break: default_tie_break(),
            limit: None,
            restarts: None,
            seed: default_seed(),
            limits: Limits::default(),
        }
    }
}

/// Whether a knight's tour exists: by the theorems where they decide, else by a bounded search.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourExistsRequest {
    /// The board, `ROWSxCOLS`.
    pub board: TourBoard,
    /// Ask about closed tours.
    #[serde(default)]
    pub closed: bool,
    /// Ask about tours that start on this square, e.g. `c3`.
    #[serde(default)]
    pub start: Option<String>,
    /// Where the theorems do not decide: the most nodes of the search; `None` for
    /// [`DEFAULT_SEARCH_NODES`].
    #[serde(default)]
    pub limit: Option<u64>,
}

/// Count the knight's tours of a small board exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourCountRequest {
    /// The board, `ROWSxCOLS`.
    pub board: TourBoard,
    /// Count closed tours (each once, whatever its direction and first square).
    #[serde(default)]
    pub closed: bool,
    /// Count only the open tours that start on this square.
    #[serde(default)]
    pub start: Option<String>,
    /// Count undirected open tours (each path once, not once from each end).
    #[serde(default)]
    pub undirected: bool,
    /// The memory of the frontier program's states (about [`FRONTIER_BYTES_PER_STATE`] bytes
    /// each) and the threads of the search.
    #[serde(default)]
    pub limits: Limits,
}

/// Check a tour written as text: what a tour answer prints (text or JSON), or rows of move
/// numbers.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourVerifyRequest {
    /// The tour's text.
    pub text: String,
    /// Check that the tour is closed (a tour that says it is closed is checked so anyway).
    #[serde(default)]
    pub closed: bool,
}

/// The answer of a [`TourRequest`]: a tour, or why there is none. Serialised as a
/// [`TourReport`], the path written square by square (a 10000x10000 tour is not first copied
/// into a report of a hundred million pairs).
#[derive(Clone, Debug, PartialEq)]
pub enum TourAnswer {
    /// A tour, verified.
    Found(FoundTour),
    /// No tour of the kind asked for.
    NoTour {
        /// The board.
        board: TourBoard,
        /// Whether a closed tour was asked for.
        closed: bool,
        /// The first square asked for.
        start: Option<u32>,
        /// Why, citing the theorem or the search.
        reason: String,
    },
}

/// A tour found, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundTour {
    /// The tour, verified.
    pub tour: Tour,
    /// What found it: the method asked for, or the search divide and conquer fell back on
    /// (`backtrack`, `two-halves search`, `frontier program`).
    pub method: String,
    /// Why divide and conquer had no tour, when a search found this one instead.
    pub fallback: Option<String>,
    /// The neural network's restarts, when it found the tour.
    pub network: Option<NeuralReport>,
    /// Whether the watch stopped the network's restarts (the best cover so far was joined).
    pub network_stopped: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl TourAnswer {
    /// The answer as a report, the path copied out.
    #[must_use]
    pub fn report(&self) -> TourReport {
        match self {
            TourAnswer::Found(found) => {
                let board = found.tour.board();
                TourReport {
                    rows: Some(board.rows() as usize),
                    cols: Some(board.cols() as usize),
                    method: Some(found.method.clone()),
                    path: Some(
                        found
                            .tour
                            .coordinates()
                            .map(|(row, col)| [row as usize, col as usize])
                            .collect(),
                    ),
                    seconds: Some(found.seconds),
                    exists: true,
                    ..no_tour_report(
                        board,
                        found.tour.is_closed(),
                        Some(found.tour.path()[0]),
                        None,
                    )
                }
            }
            TourAnswer::NoTour {
                board,
                closed,
                start,
                reason,
            } => no_tour_report(*board, *closed, *start, Some(reason.clone())),
        }
    }
}

fn no_tour_report(
    board: TourBoard,
    closed: bool,
    start: Option<u32>,
    reason: Option<String>,
) -> TourReport {
    TourReport {
        schema: SCHEMA_VERSION,
        command: Command::Tour,
        board: board.to_string(),
        closed,
        start: start.map(|square| board.square_name(square)),
        exists: false,
        rows: None,
        cols: None,
        method: None,
        path: None,
        reason,
        seconds: None,
    }
}

/// A tour's squares as `[row, col]` pairs counted from 1, written one by one.
struct Coordinates<'a>(&'a Tour);

impl Serialize for Coordinates<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.path().len()))?;
        for (row, col) in self.0.coordinates() {
            seq.serialize_element(&[row, col])?;
        }
        seq.end()
    }
}

/// The keys of [`TourReport`], in its order.
impl Serialize for TourAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let TourAnswer::Found(found) = self else {
            return self.report().serialize(serializer);
        };
        let tour = &found.tour;
        let board = tour.board();
        let mut report = serializer.serialize_struct("TourReport", 11)?;
        report.serialize_field("schema", &SCHEMA_VERSION)?;
        report.serialize_field("command", &Command::Tour)?;
        report.serialize_field("board", &board.to_string())?;
        report.serialize_field("closed", &tour.is_closed())?;
        report.serialize_field("start", &Some(board.square_name(tour.path()[0])))?;
        report.serialize_field("exists", &true)?;
        report.serialize_field("rows", &board.rows())?;
        report.serialize_field("cols", &board.cols())?;
        report.serialize_field("method", &found.method)?;
        report.serialize_field("path", &Coordinates(tour))?;
        report.serialize_field("seconds", &found.seconds)?;
        report.end()
    }
}

/// The answer of a [`TourCountRequest`]: the report, and how far a stopped search got.
#[derive(Clone, Debug, PartialEq)]
pub struct TourCountAnswer {
    /// The count and how it was made.
    pub report: TourCountReport,
    /// A count by search: the shares of the search finished, and in all.
    pub shares: Option<(usize, usize)>,
}

impl Serialize for TourCountAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.report.serialize(serializer)
    }
}

/// `start` read as a square of `board`.
fn parse_start(board: TourBoard, start: Option<&str>) -> Result<Option<u32>, RunError> {
    start
        .map(|text| board.parse_square(text).map_err(RunError::input))
        .transpose()
}

/// The search methods allocate for every square, so they are refused on boards too large to
/// hold, before anything is allocated.
fn refuse_search_on_huge_board(board: TourBoard, what: &str) -> Result<(), RunError> {
    if board.squares() > MAX_SEARCH_SQUARES {
        return Err(RunError::input(format!(
            "{what} is limited to {MAX_SEARCH_SQUARES} squares (2000x2000) and {board} has {}: the search keeps about 80 bytes a square",
            board.squares()
        )));
    }
    Ok(())
}

/// Why a budgeted search gave no tour, in words.
fn budget_ran_out(board: TourBoard, closed: bool, start: Option<u32>, nodes: u64) -> String {
    let kind = if closed { "closed" } else { "open" };
    let from = start.map_or(String::new(), |square| {
        format!(" starting on {}", board.square_name(square))
    });
    // The same theorems as the existence question, so the two answers never disagree.
    let decided = match start {
        Some(first) => tour_from(board, closed, first),
        None => Some(existence::tour_exists(board, closed)),
    };
    let known = match decided {
        Some(existence) if existence.exists => format!(
            "the theorems say one exists, as `grundy tour exists` does: {}",
            existence.reason
        ),
        Some(existence) => format!("none exists: {}", existence.reason),
        None => "the theorems do not decide whether one exists, and the search neither found one nor ruled one out".to_string(),
    };
    format!(
        "no {kind} knight's tour of {board}{from} was found within the search budget of {nodes} nodes (a larger `limit` raises the budget); {known}"
    )
}

/// Whether the exact program for open tours from a square finishes in seconds on `board`.
fn narrow_program_fits(board: TourBoard) -> bool {
    match board.rows().min(board.cols()) {
        1..=3 => board.squares() <= MAX_NARROW_PROGRAM_SQUARES_THIN,
        5 => board.squares() <= MAX_NARROW_PROGRAM_SQUARES_FIVE,
        _ => false,
    }
}

/// A budgeted search for a tour from `start`, with the name of what found it: on 4×n boards
/// the two-halves search, which finds open tours from every edge square quickly where the
/// plain search can lose itself; on boards with a side of 3 or 5 within the program's limits
/// a short backtracking search, then the exact frontier program, read back; elsewhere
/// backtracking. The searches end when `stop` is raised.
fn search_from(
    board: TourBoard,
    closed: bool,
    start: Option<u32>,
    limit: u64,
    stop: &AtomicBool,
) -> Result<(Tour, &'static str), FindError> {
    let backtracking = |nodes: u64| {
        backtrack::search_until(board, closed, start, Some(nodes), stop)
            .map(|tour| (tour, "backtrack"))
    };
    match start {
        Some(first) if !closed && board.rows().min(board.cols()) == 4 => {
            four_rows::open_tour_from(board, first, limit, stop)
                .map(|tour| (tour, "two-halves search"))
        }
        Some(first) if !closed && narrow_program_fits(board) => {
            // A short search first: it usually finds a tour at once, where the exact program
            // takes seconds on a side of 5.
            match backtracking(limit.min(QUICK_SEARCH_NODES)) {
                Err(FindError::LimitReached { .. }) => {}
                settled => return settled,
            }
            match narrow::open_tour_from(
                board,
                first,
                MAX_NARROW_PROGRAM_STATES,
                MAX_NARROW_PROGRAM_KEPT,
            ) {
                Ok(Some(tour)) => Ok((tour, "frontier program")),
                Ok(None) => Err(FindError::NoTour(format!(
                    "no open knight's tour of {board} starts on {}: ruled out exactly by a frontier program over every partial tour",
                    board.square_name(first)
                ))),
                Err(_) => backtracking(limit),
            }
        }
        _ => backtracking(limit),
    }
}

/// The error of a search for a tour that its watch stopped, saying how far it came.
fn stopped_search(stopped: &FindError) -> RunError {
    RunError::Stopped(Stopped::Described(stopped.to_string()))
}

/// The network's options: the restarts asked for, refused past [`MAX_NEURAL_WORK`] (naming
/// the most this board allows), or by default 2000 cut to that bound.
fn neural_options(board: TourBoard, request: &TourRequest) -> Result<NeuralOptions, RunError> {
    let defaults = NeuralOptions::default();
    let per_restart = neural::restart_work(board, defaults.sweeps).max(1);
    let most = u32::try_from(MAX_NEURAL_WORK / per_restart)
        .unwrap_or(u32::MAX)
        .max(1);
    let restarts = match request.restarts {
        Some(asked) if asked > most => {
            return Err(RunError::input(format!(
                "`restarts` {asked} is too many for {board}: each restart makes {per_restart} neuron updates ({} sweeps over about 4 moves a square), and the network is allowed {MAX_NEURAL_WORK} in all (about two minutes), so at most {most} restarts",
                defaults.sweeps
            )))
        }
        Some(asked) => asked.max(1),
        None => defaults.restarts.min(most),
    };
    Ok(NeuralOptions {
        restarts,
        seed: request.seed,
        ..defaults
    })
}

/// A knight's tour of `request.board`, verified, or why there is none.
///
/// # Errors
/// A start off the board, a board too large for the method, restarts past
/// [`MAX_NEURAL_WORK`] ([`RunError::Input`]); a search that ran out of its budget or a method
/// that does not apply ([`RunError::Failed`]); a search the watch stopped
/// ([`RunError::Stopped`], saying how many nodes it searched).
pub fn tour(request: &TourRequest, watch: &Watch) -> Result<TourAnswer, RunError> {
    let board = request.board;
    let closed = request.closed;
    let start = parse_start(board, request.start.as_deref())?;
    let no_tour = |reason: String| TourAnswer::NoTour {
        board,
        closed,
        start,
        reason,
    };
    // Only the theorems here: where they do not decide, the methods below settle it (the
    // searches they fall back on are exact when they finish).
    let decided = match start {
        Some(first) => tour_from(board, closed, first),
        None => Some(existence::tour_exists(board, closed)),
    };
    if let Some(existence) = decided {
        if !existence.exists {
            return Ok(no_tour(existence.reason));
        }
    }
    let method = request.method.unwrap_or(TourMethod::Divide);
    if method == TourMethod::Backtrack || method == TourMethod::Neural {
        refuse_search_on_huge_board(board, &format!("`method` {method}"))?;
    }
    let limit = request.limit.unwrap_or(DEFAULT_SEARCH_NODES);
    let started = Instant::now();
    // What found the tour: the method asked for, or the search it fell back on.
    let mut found_by = method.to_string();
    let (mut fallback, mut network, mut network_stopped) = (None, None, false);
    let found = match method {
        TourMethod::Backtrack => {
            backtrack::search_until(board, closed, start, Some(limit), watch.stop_flag())
        }
        TourMethod::Warnsdorff => warnsdorff::find(board, closed, start, request.tie_break),
        TourMethod::Neural => {
            let options = neural_options(board, request)?;
            let mut progress = NeuralWatch {
                watch,
                total: options.restarts,
            };
            let found = neural::find(board, closed, start, options, &mut progress);
            network_stopped = watch.is_stopped();
            found.map(|(tour, report)| {
                network = Some(report);
                tour
            })
        }
        TourMethod::Divide => match divide::construct(board, closed, start) {
            Err(FindError::MethodFailed(why)) if request.method.is_none() => {
                refuse_search_on_huge_board(
                    board,
                    &format!("{why}; the backtracking search that would be tried instead"),
                )?;
                search_from(board, closed, start, limit, watch.stop_flag()).map(|(tour, name)| {
                    found_by = name.to_string();
                    fallback = Some(why.trim_end_matches(divide::TRY_BACKTRACK).to_string());
                    tour
                })
            }
            other => other,
        },
    };
    let tour = match found {
        Ok(tour) => tour,
        Err(FindError::NoTour(reason)) => return Ok(no_tour(reason)),
        Err(FindError::LimitReached { nodes }) => {
            return Err(RunError::Failed(budget_ran_out(
                board, closed, start, nodes,
            )))
        }
        Err(stopped @ FindError::Stopped { .. }) => return Err(stopped_search(&stopped)),
        Err(error) => return Err(RunError::Failed(error.to_string())),
    };
    let seconds = started.elapsed().as_secs_f64();
    // The methods verify before returning; check again here so nothing unverified is answered.
    verify::verify(board, tour.path(), tour.is_closed()).map_err(|fault| {
        RunError::Failed(format!(
            "internal error: a method returned an invalid tour: {fault}"
        ))
    })?;
    Ok(TourAnswer::Found(FoundTour {
        tour,
        method: found_by,
        fallback,
        network,
        network_stopped,
        seconds,
    }))
}

/// Whether a tour exists: the theorems where they decide, else a bounded search (`exists`
/// `None` when it ran out of its budget).
///
/// # Errors
/// A start off the board, or a board too large to search ([`RunError::Input`]); a search the
/// watch stopped ([`RunError::Stopped`]).
pub fn tour_exists(
    request: &TourExistsRequest,
    watch: &Watch,
) -> Result<TourExistsReport, RunError> {
    let board = request.board;
    let closed = request.closed;
    let start = parse_start(board, request.start.as_deref())?;
    let decided = match start {
        None => Some(existence::tour_exists(board, closed)),
        Some(first) => tour_from(board, closed, first),
    };
    // `None`: neither the theorems nor the search within its budget decide.
    let (exists, reason) = match (decided, start) {
        (Some(existence), _) => (Some(existence.exists), existence.reason),
        (None, None) => unreachable!("the theorems decide every board"),
        (None, Some(first)) => {
            refuse_search_on_huge_board(board, "the search for a tour from a given square")?;
            let limit = request.limit.unwrap_or(DEFAULT_SEARCH_NODES);
            let kind = if closed { "a closed" } else { "an open" };
            let square = board.square_name(first);
            match search_from(board, closed, Some(first), limit, watch.stop_flag()) {
                Ok((_, name)) => (
                    Some(true),
                    format!("{kind} knight's tour of {board} starting on {square} was found by {name} (and verified); the theorems alone do not decide this square"),
                ),
                Err(FindError::NoTour(why)) => (Some(false), why),
                Err(FindError::LimitReached { nodes }) => {
                    (None, budget_ran_out(board, closed, start, nodes))
                }
                Err(stopped @ FindError::Stopped { .. }) => return Err(stopped_search(&stopped)),
                Err(error) => return Err(RunError::Failed(error.to_string())),
            }
        }
    };
    Ok(TourExistsReport {
        schema: SCHEMA_VERSION,
        command: Command::TourExists,
        board: board.to_string(),
        closed,
        start: start.map(|square| board.square_name(square)),
        exists,
        reason,
    })
}

/// The keys every count report has; the caller adds how it was counted.
fn count_report(
    board: TourBoard,
    closed: bool,
    directed: bool,
    start: Option<String>,
    count: u128,
    method: &str,
) -> TourCountReport {
    TourCountReport {
        schema: SCHEMA_VERSION,
        command: Command::TourCount,
        board: board.to_string(),
        closed,
        directed,
        start,
        count: count.into(),
        complete: true,
        method: method.to_string(),
        reason: None,
        search_nodes: None,
        peak_states: None,
        seconds: None,
    }
}

/// The exact number of knight's tours of `request.board`: zero by the theorem, or counted by
/// the frontier program (closed tours; open ones past the search) or by search over every
/// thread. A search the watch stops answers the paths counted so far, a lower bound
/// (`complete` false).
///
/// # Errors
/// Options that do not go together, a board no count can finish, more frontier states than
/// the memory holds ([`RunError::Input`]); a frontier count the watch stopped, which has no
/// partial count ([`RunError::Stopped`]); a count past 128 bits ([`RunError::Failed`]).
pub fn tour_count(request: &TourCountRequest, watch: &Watch) -> Result<TourCountAnswer, RunError> {
    let board = request.board;
    if request.closed && request.start.is_some() {
        return Err(RunError::input(
            "`start` does not apply to a count of closed tours (`closed`): every closed tour passes through every square",
        ));
    }
    if request.closed && request.undirected {
        return Err(RunError::input(
            "`undirected` applies to counts of open tours: closed tours (`closed`) are already counted once whatever their direction",
        ));
    }
    let start = parse_start(board, request.start.as_deref())?;
    if request.closed {
        let (narrow, long) = (
            board.rows().min(board.cols()),
            board.rows().max(board.cols()),
        );
        let schwenk = existence::tour_exists(board, true);
        if !schwenk.exists {
            // No search needed: the count is 0 by the theorem, which is cited.
            return Ok(TourCountAnswer {
                report: TourCountReport {
                    reason: Some(schwenk.reason),
                    ..count_report(board, true, false, None, 0, "theorem")
                },
                shares: None,
            });
        }
        let longest = if narrow < MAX_CLOSED_COUNT_NARROW_SIDE {
            MAX_CLOSED_COUNT_LENGTH
        } else {
            MAX_CLOSED_COUNT_LENGTH_AT_SIX
        };
        if narrow > MAX_CLOSED_COUNT_NARROW_SIDE.min(MAX_NARROW_SIDE) || long > longest {
            return Err(RunError::input(format!(
                "counting closed tours is limited to boards with a side of at most 5 and the other at most {MAX_CLOSED_COUNT_LENGTH}, or a side of 6 and the other at most {MAX_CLOSED_COUNT_LENGTH_AT_SIX} (6x8 takes about 20 s, 6x10 over a minute and a half), and {board} is neither: the count could not finish"
            )));
        }
        return count_by_frontier(request, watch);
    }
    if board.squares() > MAX_OPEN_COUNT_SQUARES {
        // Past the search, the frontier program counts boards with a narrow side, whose cost
        // is its states (bounded by the memory), not the squares.
        let narrow = board.rows().min(board.cols());
        if let Some(square) = &request.start {
            return Err(RunError::input(format!(
                "`start` {square} counts by search, limited to {MAX_OPEN_COUNT_SQUARES} squares (6x6), and {board} has {}; without `start` the frontier program counts the open tours of boards with a side of at most {MAX_OPEN_COUNT_NARROW_SIDE}",
                board.squares()
            )));
        }
        if narrow > MAX_OPEN_COUNT_NARROW_SIDE {
            return Err(RunError::input(format!(
                "counting open tours is limited to {MAX_OPEN_COUNT_SQUARES} squares (6x6) by search, or a side of at most {MAX_OPEN_COUNT_NARROW_SIDE} by the frontier program, and {board} is neither: the count could not finish (the frontier's states multiply with each square of the narrow side)"
            )));
        }
        return count_by_frontier(request, watch);
    }
    Ok(count_by_search(request, start, watch))
}

/// Closed tours, or open ones (undirected, or directed: each from both ends), by the frontier
/// dynamic program.
fn count_by_frontier(
    request: &TourCountRequest,
    watch: &Watch,
) -> Result<TourCountAnswer, RunError> {
    let board = request.board;
    let started = Instant::now();
    let mut progress = FrontierWatch {
        watch,
        peak_states: 0,
    };
    let memory = request.limits.memory;
    let max_states = usize::try_from(memory / FRONTIER_BYTES_PER_STATE).unwrap_or(usize::MAX);
    let counted = if request.closed {
        closed_tours_by_frontier(board, max_states, &mut progress)
    } else {
        open_tours_by_frontier(board, max_states, &mut progress)
    };
    let count = match counted {
        Ok(count) => count,
        Err(FrontierError::Stopped { square, squares, .. }) => {
            return Err(RunError::Stopped(Stopped::Frontier { square, squares }))
        }
        Err(FrontierError::TooManyStates { square, squares, .. }) => {
            return Err(RunError::input(format!(
                "the frontier count of {board} needs more than {max_states} states at once (`memory` {} at {FRONTIER_BYTES_PER_STATE} bytes a state) by square {square} of {squares}: give more `memory`, or a narrower board",
                memory_text(memory)
            )))
        }
        Err(error) => return Err(RunError::Failed(error.to_string())),
    };
    let seconds = started.elapsed().as_secs_f64();
    let directed = !request.closed && !request.undirected;
    // Each undirected path is two directed ones, one from each end (one square: one path).
    let count = if directed && board.squares() > 1 {
        count.checked_mul(2).ok_or_else(|| {
            RunError::Failed(format!("the number of directed open tours of {board} passes 2^128 - 1, the largest count this program holds (`undirected` counts each once)"))
        })?
    } else {
        count
    };
    Ok(TourCountAnswer {
        report: TourCountReport {
            peak_states: Some(progress.peak_states as u64),
            seconds: Some(seconds),
            ..count_report(board, request.closed, directed, None, count, "frontier")
        },
        shares: None,
    })
}

/// Open tours of a board of at most [`MAX_OPEN_COUNT_SQUARES`] by search, its shares spread
/// over the request's threads.
fn count_by_search(
    request: &TourCountRequest,
    start: Option<u32>,
    watch: &Watch,
) -> TourCountAnswer {
    let board = request.board;
    let started = Instant::now();
    let jobs = count::count_jobs(board, false, start);
    let (nodes, shares_done, finished, next) = (
        AtomicU64::new(0),
        AtomicU64::new(0),
        AtomicUsize::new(0),
        AtomicUsize::new(0),
    );
    let cut_short = AtomicBool::new(false);
    let threads = request.limits.thread_count().min(jobs.len()).max(1);
    // The shares are independent: each thread takes the next one until none is left.
    let total: u128 = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut paths = 0u128;
                    let mut progress = CountWatch {
                        watch,
                        nodes: &nodes,
                        shares_done: &shares_done,
                        shares: jobs.len() as u64,
                        cut_short: &cut_short,
                    };
                    while let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        if watch.is_stopped() {
                            cut_short.store(true, Ordering::Relaxed);
                            break;
                        }
                        paths += count::run_job(board, job, &mut progress);
                        shares_done.fetch_add(1, Ordering::Relaxed);
                        // A share that saw the stop may have stopped short; only the others
                        // are finished.
                        if !watch.is_stopped() {
                            finished.fetch_add(1, Ordering::Relaxed);
                        }
                        progress.tell();
                    }
                    paths
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a counting thread panicked"))
            .sum()
    });
    let complete = !cut_short.load(Ordering::Relaxed);
    // From a fixed start, each undirected path with an end there is one directed path; over
    // all starts, each is counted from both ends (a single square has one).
    let count = if request.undirected && start.is_none() && board.squares() > 1 {
        total / 2
    } else {
        total
    };
    TourCountAnswer {
        report: TourCountReport {
            search_nodes: Some(nodes.load(Ordering::Relaxed)),
            seconds: Some(started.elapsed().as_secs_f64()),
            complete,
            ..count_report(
                board,
                false,
                !request.undirected,
                start.map(|square| board.square_name(square)),
                count,
                "search",
            )
        },
        shares: Some((finished.load(Ordering::Relaxed), jobs.len())),
    }
}

/// Whether `request.text` holds a tour: read as JSON or as text (rows of move numbers, as a
/// tour answer prints them), then checked square by square. An invalid tour is an answer
/// (`valid` false, the first fault named); a text that holds no tour is an error.
///
/// # Errors
/// [`RunError::Input`] naming what in the text is not a tour.
pub fn tour_verify(
    request: &TourVerifyRequest,
    _watch: &Watch,
) -> Result<TourVerifyReport, RunError> {
    let (board, path, claimed_closed) = read_tour(&request.text).map_err(RunError::Input)?;
    let check_closed = request.closed || claimed_closed.unwrap_or(false);
    let report = TourVerifyReport {
        schema: SCHEMA_VERSION,
        command: Command::TourVerify,
        board: board.to_string(),
        valid: true,
        closed: None,
        fault: None,
    };
    // The squares before one that makes no path are checked first: the first fault in the
    // tour's order is named.
    let checked = verify::verify(board, &path.squares, check_closed && path.broken.is_none());
    let fault = match (checked, path.broken) {
        (Ok(()) | Err(verify::TourFault::WrongLength { .. }), Some(broken)) => Err(broken),
        (Err(fault), _) => Err(fault.to_string()),
        (Ok(()), None) => Ok(path.squares),
    };
    Ok(match fault {
        Ok(path) => TourVerifyReport {
            closed: Some(
                board.squares() > 1 && board.is_knight_move(path[path.len() - 1], path[0]),
            ),
            ..report
        },
        Err(fault) => TourVerifyReport {
            valid: false,
            fault: Some(fault),
            ..report
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Count;

    fn board(text: &str) -> TourBoard {
        text.parse().unwrap()
    }

    fn count_of(request: &TourCountRequest) -> TourCountReport {
        tour_count(request, &Watch::new()).unwrap().report
    }

    fn counting(text: &str) -> TourCountRequest {
        TourCountRequest {
            board: board(text),
            closed: false,
            start: None,
            undirected: false,
            limits: Limits::default(),
        }
    }

    #[test]
    fn counts_are_the_published_ones() {
        // OEIS A001230 (closed, 6x6), A165134 (directed open, 5x5), A169696 (3xn).
        let closed = count_of(&TourCountRequest {
            closed: true,
            ..counting("6x6")
        });
        assert_eq!(
            (closed.count, closed.method.as_str()),
            (Count::Exact(9862), "frontier")
        );
        let open = count_of(&counting("5x5"));
        assert_eq!((open.count, open.complete), (Count::Exact(1728), true));
        let undirected = count_of(&TourCountRequest {
            undirected: true,
            ..counting("5x5")
        });
        assert_eq!(undirected.count, Count::Exact(864));
        let from_corner = count_of(&TourCountRequest {
            start: Some("a1".to_string()),
            ..counting("5x5")
        });
        assert_eq!(from_corner.count, Count::Exact(304));
        let none = count_of(&TourCountRequest {
            closed: true,
            ..counting("5x5")
        });
        assert_eq!(
            (none.count, none.method.as_str()),
            (Count::Exact(0), "theorem")
        );
    }

    #[test]
    fn a_stopped_watch_stops_the_counts() {
        let watch = Watch::new();
        watch.stop();
        let open = tour_count(&counting("5x5"), &watch).unwrap();
        assert!(!open.report.complete);
        assert_eq!(open.shares.map(|(finished, _)| finished), Some(0));
        let closed = tour_count(
            &TourCountRequest {
                closed: true,
                ..counting("6x6")
            },
            &watch,
        );
        assert!(matches!(
            closed,
            Err(RunError::Stopped(Stopped::Frontier { square: 1, .. }))
        ));
    }

    #[test]
    fn the_watch_hears_the_frontier() {
        use std::sync::{Arc, Mutex};
        let heard = Arc::new(Mutex::new(0u64));
        let last = Arc::clone(&heard);
        let watch = Watch::new().on_event(move |event| {
            if let crate::watch::Event::Frontier { square, .. } = event {
                *last.lock().unwrap() = *square;
            }
        });
        let request = TourCountRequest {
            closed: true,
            ..counting("3x10")
        };
        tour_count(&request, &watch).unwrap();
        assert_eq!(*heard.lock().unwrap(), 30);
    }

    #[test]
    fn tours_are_found_and_refused() {
        let mut request = TourRequest::new(board("8x8"));
        request.closed = true;
        request.start = Some("c3".to_string());
        let TourAnswer::Found(found) = tour(&request, &Watch::new()).unwrap() else {
            panic!("8x8 has a closed tour");
        };
        assert!(found.tour.is_closed());
        assert_eq!(board("8x8").square_name(found.tour.path()[0]), "c3");
        let request = TourRequest {
            closed: true,
            ..TourRequest::new(board("3x8"))
        };
        let answer = tour(&request, &Watch::new()).unwrap();
        assert!(matches!(&answer, TourAnswer::NoTour { reason, .. } if reason.contains("Schwenk")));
    }

    #[test]
    fn a_found_tour_serialises_as_its_report() {
        let answer = tour(&TourRequest::new(board("5x6")), &Watch::new()).unwrap();
        assert_eq!(
            serde_json::to_value(&answer).unwrap(),
            serde_json::to_value(answer.report()).unwrap()
        );
        let request: TourRequest =
            serde_json::from_str(r#"{"board":"6x6","method":"warnsdorff","tie_break":"pohl"}"#)
                .unwrap();
        assert_eq!(request.tie_break, TieBreak::Pohl);
        assert!(serde_json::from_str::<TourRequest>(r#"{"board":"6x6","sides":2}"#).is_err());
    }

    #[test]
    fn existence_and_verification() {
        let request = TourExistsRequest {
            board: board("7x7"),
            closed: false,
            start: Some("b1".to_string()),
            limit: None,
        };
        assert_eq!(
            tour_exists(&request, &Watch::new()).unwrap().exists,
            Some(false)
        );
        let text = "1 4 7 10\n8 11 2 5\n3 6 9 12\n";
        let checked = tour_verify(
            &TourVerifyRequest {
                text: text.to_string(),
                closed: false,
            },
            &Watch::new(),
        )
        .unwrap();
        assert_eq!((checked.valid, checked.closed), (true, Some(false)));
    }
}
