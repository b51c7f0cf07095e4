//! `grundy tour`: find, check and count knight's tours.
//!
//! `grundy tour BOARD` finds a tour (short for `grundy tour find BOARD`); the subcommands
//! `exists`, `verify` and `count` do the rest. The bare form keeps the common case to one word.

use std::fmt;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};
use grundy::report::{
    Command, TourCountReport, TourExistsReport, TourReport, TourVerifyReport, SCHEMA_VERSION,
};
use grundy::tour::count::{self, CountProgress};
use grundy::tour::existence::{tour_exists, tour_from};
use grundy::tour::frontier::{
    closed_tours_by_frontier, open_tours_by_frontier, FrontierError, FrontierProgress,
    MAX_NARROW_SIDE,
};
use grundy::tour::neural::{self, NeuralOptions};
use grundy::tour::warnsdorff::{self, TieBreak};
use grundy::tour::{backtrack, divide, four_rows, narrow, verify, FindError, Tour, TourBoard};
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde_json::{json, Value};

use crate::render::json_line;

use crate::input::input_error;
use crate::interrupt;
use crate::progress::counting_bar;

/// Boards with more squares than this are summarised instead of drawn.
const MAX_DRAWN_SQUARES: usize = 10_000;

/// `--svg` draws boards up to this many squares.
const MAX_SVG_SQUARES: usize = 250_000;

/// `--json` writes the path of boards up to this many squares (10000x10000): about 14 bytes of
/// text a square on top of the 4-byte path, some 1.8 GB at the limit, where 20000x20000 would
/// need over 7 GB.
const MAX_JSON_SQUARES: usize = 100_000_000;

/// The search methods (backtracking, and the searches divide and conquer falls back on) keep
/// about 80 bytes a square, the two-halves search of 4xn boards about 150: at this limit
/// 2000x2000 takes some 320 MB, and 4x1000000 from c1 600 MB and 7 s.
const MAX_SEARCH_SQUARES: usize = 4_000_000;

/// Search nodes a backtracking search may use unless --limit says otherwise: a few seconds.
const DEFAULT_SEARCH_NODES: u64 = 100_000_000;

/// Directed open tours are counted by search up to this many squares: 6x6 (36 squares) takes
/// about a minute on two cores, and each further square multiplies the time several times over.
const MAX_OPEN_COUNT_SQUARES: usize = 36;

/// Past [`MAX_OPEN_COUNT_SQUARES`], open tours are counted by the frontier program on boards
/// with a side of at most this. Their cost is the frontier's states, not the squares: a side
/// of 3 keeps about 4,000 (3x30 in 0.07 s), 4 about 39,000 (4x20 in 0.7 s), 5 about 2.3
/// million (5x12 in 53 s, 5x20 in 126 s, 340 MB); the counts pass 128 bits (refused, not
/// wrapped) before the length costs more. A side of 6 needs more states than 1G holds.
const MAX_OPEN_COUNT_NARROW_SIDE: u32 = 5;

const TOUR_EXAMPLES: &str = "Examples:
  grundy tour 8x8                          an open tour (same as `grundy tour find 8x8`)
  grundy tour 8x8 --closed --start c3 --method warnsdorff
  grundy tour 1000x1000 --closed
  grundy tour 30x30 --svg tour.svg
  grundy tour exists 3x8 --closed
  grundy tour exists 7x7 --start b1
  grundy tour 8x8 > tour.txt; grundy tour verify tour.txt
  grundy tour count 5x5
  grundy tour count 6x6 --closed";

const FIND_EXAMPLES: &str = "Examples:
  grundy tour find 8x8                     the same as `grundy tour 8x8`
  grundy tour find 8x8 --closed --start c3
  grundy tour find 12x12 --method backtrack --limit 1000000000
  grundy tour find 10000x10000 --json > tour.json";

const EXISTS_EXAMPLES: &str = "Examples:
  grundy tour exists 3x8                   yes: an open tour
  grundy tour exists 3x8 --closed          no, by Schwenk (1991)
  grundy tour exists 7x7 --start b1        no: the minority colour of an odd board
  grundy tour exists 4x10 --start a1 --json
Exit status: 0 yes, 1 no (or unknown: the theorems do not decide and the search budget ran out).";

const VERIFY_EXAMPLES: &str = "Examples:
  grundy tour 8x8 > tour.txt; grundy tour verify tour.txt
  grundy tour 8x8 --json > tour.json; grundy tour verify tour.json
  grundy tour verify grid.txt --closed     rows of move numbers, checked as a closed tour
Reads what `grundy tour` prints (text or --json) or plain rows of move numbers.
Exit status: 0 valid, 1 not a valid tour, 2 unreadable.";

const COUNT_EXAMPLES: &str = "Examples:
  grundy tour count 5x5                    1,728 directed open tours
  grundy tour count 5x5 --undirected       864
  grundy tour count 5x5 --start a1         304
  grundy tour count 6x6 --closed           9,862 closed tours
  grundy tour count 5x20 --closed
Open tours are counted by search up to 36 squares (6x6: about a minute on two cores), and
longer boards with a side of at most 5 by a frontier program (3x13 at once, 5x20 in about two
minutes); closed tours by a frontier program on boards with a side of at most 5 (any length
to 1000), or 6 by at most 8. The frontier program's states are bounded by --memory. Ctrl-C stops an open count and prints what was counted so far as a lower bound
(exit status 130).";

/// Arguments of `grundy tour`.
#[derive(Debug, clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = TOUR_EXAMPLES
)]
pub struct Args {
    #[command(subcommand)]
    command: Option<TourCommand>,
    #[command(flatten)]
    find: FindArgs,
}

#[derive(Debug, clap::Subcommand)]
enum TourCommand {
    /// Find a tour: `grundy tour BOARD` is short for this.
    #[command(after_help = FIND_EXAMPLES)]
    Find(FindArgs),
    /// Whether a tour exists (from --start; closed with --closed), by the theorems, or by a
    /// bounded search where they do not decide.
    #[command(after_help = EXISTS_EXAMPLES)]
    Exists(ExistsArgs),
    /// Check a tour in a file: what `grundy tour` prints (text or --json), or rows of move
    /// numbers.
    #[command(after_help = VERIFY_EXAMPLES)]
    Verify(VerifyArgs),
    /// Count the tours of a small board exactly.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
}

/// Arguments of finding a tour.
#[derive(Debug, clap::Args)]
struct FindArgs {
    /// The board: ROWSxCOLS, e.g. 8x8.
    // An Option only so that the subcommands can leave it out; clap requires it otherwise.
    #[arg(value_name = "BOARD", required = true)]
    board: Option<String>,
    /// A closed tour: the last square a knight's move from the first.
    #[arg(long)]
    closed: bool,
    /// The first square, e.g. c3 (column letters, then the row number; row 1 is the top row).
    #[arg(long, value_name = "SQUARE")]
    start: Option<String>,
    /// How to find the tour [default: divide, which is sure to succeed on every board].
    #[arg(long, value_enum)]
    method: Option<Method>,
    /// Warnsdorff's tie-break rule: first, pohl or roth.
    #[arg(long, value_name = "RULE", default_value = "roth", value_parser = parse_tie_break)]
    tie_break: TieBreak,
    /// Searches (backtracking, and the search tried where divide and conquer has no tour from
    /// --start): give up after this many nodes [default: 100000000, a few seconds].
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Neural network: restarts before joining the best cover's cycles [default: 2000, or as
    /// many as about two minutes of work allow on a large board]. Ctrl-C stops the restarts
    /// and joins the best cover so far.
    #[arg(long, value_name = "N")]
    restarts: Option<u32>,
    /// Neural network: seed of the random generator.
    #[arg(long, value_name = "N", default_value_t = NeuralOptions::default().seed)]
    seed: u64,
    /// Write the tour as an SVG drawing to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Arguments of `grundy tour exists`.
#[derive(Debug, clap::Args)]
struct ExistsArgs {
    /// The board: ROWSxCOLS, e.g. 8x8.
    #[arg(value_name = "BOARD")]
    board: Option<String>,
    /// Ask about closed tours.
    #[arg(long)]
    closed: bool,
    /// Ask about tours that start on this square, e.g. c3.
    #[arg(long, value_name = "SQUARE")]
    start: Option<String>,
    /// Where the theorems do not decide: search this many nodes at most [default: 100000000].
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Arguments of `grundy tour verify`.
#[derive(Debug, clap::Args)]
struct VerifyArgs {
    /// The file holding the tour.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// Check that the tour is closed (a JSON or text tour that says it is closed is checked so
    /// anyway).
    #[arg(long)]
    closed: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Arguments of `grundy tour count`.
#[derive(Debug, clap::Args)]
struct CountArgs {
    /// The board: ROWSxCOLS, e.g. 5x5.
    #[arg(value_name = "BOARD")]
    board: Option<String>,
    /// Count closed tours (each once, whatever its direction and first square).
    #[arg(long)]
    closed: bool,
    /// Count only the open tours that start on this square.
    #[arg(long, value_name = "SQUARE")]
    start: Option<String>,
    /// Count undirected open tours (each path once, not once from each end).
    #[arg(long)]
    undirected: bool,
    /// Memory for the frontier program's states, which count the boards past the search (K, M,
    /// G, T suffixes; powers of 1024): a state takes about 150 bytes, and a count that needs
    /// more states than fit stops and says so.
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = crate::input::parse_memory)]
    memory: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The ways of finding a tour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Exhaustive depth-first search with Warnsdorff ordering and pruning.
    Backtrack,
    /// Warnsdorff's rule with a tie-break (--tie-break).
    Warnsdorff,
    /// Takefuji & Lee's neural network, cycles joined if needed.
    Neural,
    /// Divide and conquer: linear time, every board that has a tour.
    Divide,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Backtrack => "backtrack",
            Method::Warnsdorff => "warnsdorff",
            Method::Neural => "neural",
            Method::Divide => "divide",
        })
    }
}

fn parse_tie_break(text: &str) -> Result<TieBreak, String> {
    text.parse()
}

/// A "no" that is the command's answer rather than a failure: printed on stdout, exit status 1.
#[derive(Debug)]
pub struct NegativeAnswer(pub String);

impl fmt::Display for NegativeAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NegativeAnswer {}

/// Runs `grundy tour`.
pub fn run(args: &Args) -> Result<String> {
    match &args.command {
        None => find(&args.find),
        Some(TourCommand::Find(find_args)) => find(find_args),
        Some(TourCommand::Exists(exists_args)) => exists(exists_args),
        Some(TourCommand::Verify(verify_args)) => verify_file(verify_args),
        Some(TourCommand::Count(count_args)) => count_tours(count_args),
    }
}

/// The operand of a subcommand, with an example when it is missing.
fn operand<'a>(given: Option<&'a str>, word: &str, what: &str, example: &str) -> Result<&'a str> {
    given.ok_or_else(|| {
        input_error(format!(
            "`grundy tour {word}` needs a {what}, for example `grundy tour {word} {example}`"
        ))
    })
}

fn parse_board(text: &str) -> Result<TourBoard> {
    text.parse::<TourBoard>().map_err(|error| {
        let hint = if text.contains('x') || text.chars().all(|c| c.is_ascii_digit()) {
            String::new()
        } else {
            " (or start with one of the words find, exists, verify, count)".to_string()
        };
        input_error(format!("{error}{hint}"))
    })
}

fn parse_start(board: TourBoard, start: Option<&str>) -> Result<Option<u32>> {
    start
        .map(|text| board.parse_square(text).map_err(input_error))
        .transpose()
}

/// The search methods allocate for every square, so they are refused on boards too large to
/// hold, before anything is allocated.
fn refuse_search_on_huge_board(board: TourBoard, what: &str) -> Result<()> {
    if board.squares() > MAX_SEARCH_SQUARES {
        return Err(input_error(format!(
            "{what} is limited to {MAX_SEARCH_SQUARES} squares (2000x2000) and {board} has {}: the search keeps about 80 bytes a square",
            board.squares()
        )));
    }
    Ok(())
}

/// "no" (exit status 1) as text, or as JSON with the board and the question.
fn no_answer(
    json: bool,
    board: TourBoard,
    closed: bool,
    start: Option<u32>,
    reason: &str,
) -> anyhow::Error {
    if json {
        NegativeAnswer(json_line(&TourReport {
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
            reason: Some(reason.to_string()),
            seconds: None,
        }))
        .into()
    } else {
        NegativeAnswer(format!("no: {reason}\n")).into()
    }
}

/// Why a budgeted search gave no tour, in words.
fn budget_ran_out(board: TourBoard, closed: bool, start: Option<u32>, nodes: u64) -> String {
    let kind = if closed { "closed" } else { "open" };
    let from = start.map_or(String::new(), |square| {
        format!(" starting on {}", board.square_name(square))
    });
    // The same theorems as `grundy tour exists`, so the two commands never disagree.
    let decided = match start {
        Some(first) => tour_from(board, closed, first),
        None => Some(tour_exists(board, closed)),
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
        "no {kind} knight's tour of {board}{from} was found within the search budget of {nodes} nodes (--limit N raises the budget); {known}"
    )
}

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
/// backtracking.
fn search_from(
    board: TourBoard,
    closed: bool,
    start: Option<u32>,
    limit: u64,
) -> Result<(Tour, &'static str), FindError> {
    let backtracking = |nodes: u64| {
        backtrack::search(board, closed, start, Some(nodes)).map(|tour| (tour, "backtrack"))
    };
    match start {
        Some(first) if !closed && board.rows().min(board.cols()) == 4 => {
            four_rows::open_tour_from(board, first, limit).map(|tour| (tour, "two-halves search"))
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

/// `grundy tour BOARD` and `grundy tour find BOARD`.
fn find(args: &FindArgs) -> Result<String> {
    let board = parse_board(operand(args.board.as_deref(), "find", "board size", "8x8")?)?;
    let start = parse_start(board, args.start.as_deref())?;
    if let Some(path) = &args.svg {
        if board.squares() > MAX_SVG_SQUARES {
            return Err(input_error(format!(
                "--svg {} draws boards of at most {MAX_SVG_SQUARES} squares; {board} has {}",
                path.display(),
                board.squares()
            )));
        }
    }
    if args.json && board.squares() > MAX_JSON_SQUARES {
        return Err(input_error(format!(
            "--json writes the path of boards of at most {MAX_JSON_SQUARES} squares (10000x10000); {board} has {} (without --json the tour is found and summarised)",
            board.squares()
        )));
    }
    // Only the theorems here: where they do not decide, the methods below settle it (the
    // searches they fall back on are exact when they finish).
    let decided = match start {
        Some(first) => tour_from(board, args.closed, first),
        None => Some(tour_exists(board, args.closed)),
    };
    if let Some(existence) = &decided {
        if !existence.exists {
            return Err(no_answer(
                args.json,
                board,
                args.closed,
                start,
                &existence.reason,
            ));
        }
    }
    let method = args.method.unwrap_or(Method::Divide);
    if method == Method::Backtrack || method == Method::Neural {
        refuse_search_on_huge_board(board, &format!("--method {method}"))?;
    }
    let limit = args.limit.unwrap_or(DEFAULT_SEARCH_NODES);
    let started = Instant::now();
    let mut notes = Vec::new();
    // What found the tour, as printed: the method asked for, or the search it fell back on.
    let mut found_by = method.to_string();
    let found = match method {
        Method::Backtrack => backtrack::search(board, args.closed, start, Some(limit)),
        Method::Warnsdorff => warnsdorff::find(board, args.closed, start, args.tie_break),
        Method::Neural => {
            let options = neural_options(board, args)?;
            let mut progress = RestartBar {
                bar: counting_bar(u64::from(options.restarts), "restarts"),
                stop: interrupt::stop_flag()?,
            };
            let found = neural::find(board, args.closed, start, options, &mut progress);
            progress.bar.finish_and_clear();
            if progress.stop.load(Ordering::Relaxed) {
                notes.push(
                    "Ctrl-C stopped the restarts: the best cover so far was joined".to_string(),
                );
            }
            found.map(|(tour, report)| {
                notes.push(format!(
                    "network: {} restart{}, {} settled with every square on two moves, {} of them a single cycle ({:.1}%)",
                    report.restarts,
                    if report.restarts == 1 { "" } else { "s" },
                    report.settled,
                    report.single_cycle,
                    100.0 * f64::from(report.single_cycle) / f64::from(report.restarts.max(1))
                ));
                if report.joins > 0 {
                    notes.push(format!(
                        "no restart gave a single cycle: the best cover had {} cycles, joined by {} exchanges",
                        report.cycles_in_answer, report.joins
                    ));
                }
                tour
            })
        }
        Method::Divide => match divide::construct(board, args.closed, start) {
            Err(FindError::MethodFailed(why)) if args.method.is_none() => {
                refuse_search_on_huge_board(
                    board,
                    &format!("{why}; the backtracking search that would be tried instead"),
                )?;
                search_from(board, args.closed, start, limit).map(|(tour, name)| {
                    found_by = name.to_string();
                    notes.push(format!(
                        "{}; found by {name} instead",
                        why.trim_end_matches("; try --method backtrack")
                    ));
                    tour
                })
            }
            other => other,
        },
    };
    let tour = match found {
        Ok(tour) => tour,
        Err(FindError::NoTour(reason)) => {
            return Err(no_answer(args.json, board, args.closed, start, &reason))
        }
        Err(FindError::LimitReached { nodes }) => {
            anyhow::bail!("{}", budget_ran_out(board, args.closed, start, nodes))
        }
        Err(error) => return Err(error.into()),
    };
    let seconds = started.elapsed().as_secs_f64();
    // The methods verify before returning; check again here so nothing unverified is printed.
    verify::verify(board, tour.path(), tour.is_closed())
        .context("internal error: a method returned an invalid tour")?;
    if let Some(path) = &args.svg {
        crate::files::write_after_report(path, svg(&tour));
    }
    if args.json {
        return Ok(tour_json(&tour, &found_by, seconds));
    }
    let mut out = String::new();
    let kind = if tour.is_closed() { "closed" } else { "open" };
    let first = board.square_name(tour.path()[0]);
    let last = board.square_name(tour.path()[tour.path().len() - 1]);
    writeln!(
        out,
        "{kind} knight's tour of {board} by {found_by}, from {first} to {last}"
    )?;
    if board.squares() <= MAX_DRAWN_SQUARES {
        out.push_str(&draw_numbers(&tour));
    } else {
        writeln!(
            out,
            "({} squares: too many to draw; --json gives the whole path, --svg a picture up to {MAX_SVG_SQUARES} squares)",
            board.squares()
        )?;
    }
    for note in notes {
        writeln!(out, "{note}")?;
    }
    writeln!(
        out,
        "verified   {} squares, every step a knight's move{}",
        board.squares(),
        if tour.is_closed() {
            ", and back to the start"
        } else {
            ""
        }
    )?;
    writeln!(out, "time       {seconds:.3} s")?;
    if let Some(path) = &args.svg {
        writeln!(out, "svg        {}", path.display())?;
    }
    Ok(out)
}

/// The board with each square's move number, row 1 at the top, column letters above.
fn draw_numbers(tour: &Tour) -> String {
    let board = tour.board();
    let numbers = tour.move_numbers();
    let width = board.squares().to_string().len().max(2);
    let mut out = String::new();
    let label_width = board.rows().to_string().len();
    out.push_str(&" ".repeat(label_width));
    for col in 0..board.cols() {
        let name = board.square_name(board.index(0, col));
        let letters = name.trim_end_matches(|c: char| c.is_ascii_digit());
        out.push_str(&format!(" {letters:>width$}"));
    }
    out.push('\n');
    for row in 0..board.rows() {
        out.push_str(&format!("{:>label_width$}", row + 1));
        for col in 0..board.cols() {
            let number = numbers[board.index(row, col) as usize];
            out.push_str(&format!(" {number:>width$}"));
        }
        out.push('\n');
    }
    out
}

/// The tour as one JSON object and a newline, written straight into text: a `serde_json::Value`
/// of the path would take some hundred bytes a square, where this takes what the text needs.
fn tour_json(tour: &Tour, method: &str, seconds: f64) -> String {
    let board = tour.board();
    let text = |value: String| Value::String(value).to_string();
    // "[row,col]," is at most 2 × 5 digits and 4 marks for the boards --json accepts.
    let mut out = String::with_capacity(tour.path().len() * 14 + 256);
    let _ = write!(
        out,
        "{{\"schema\":{SCHEMA_VERSION},\"command\":\"tour\",\"board\":{},\"closed\":{},\"start\":{},\"exists\":true,\"rows\":{},\"cols\":{},\"method\":{},\"path\":[",
        text(board.to_string()),
        tour.is_closed(),
        text(board.square_name(tour.path()[0])),
        board.rows(),
        board.cols(),
        text(method.to_string())
    );
    for (at, (row, col)) in tour.coordinates().enumerate() {
        if at > 0 {
            out.push(',');
        }
        let _ = write!(out, "[{row},{col}]");
    }
    let _ = writeln!(out, "],\"seconds\":{}}}", json!(seconds));
    out
}

/// The tour as a path over a chequered board.
fn svg(tour: &Tour) -> String {
    let board = tour.board();
    let cell = if board.squares() <= 4096 { 40.0 } else { 8.0 };
    let (width, height) = (
        f64::from(board.cols()) * cell,
        f64::from(board.rows()) * cell,
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let _ = writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#f0d9b5"/>"##
    );
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if (row + col) % 2 == 1 {
                let _ = writeln!(
                    out,
                    r##"<rect x="{}" y="{}" width="{cell}" height="{cell}" fill="#b58863"/>"##,
                    f64::from(col) * cell,
                    f64::from(row) * cell
                );
            }
        }
    }
    let centre = |square: u32| {
        let (row, col) = board.position(square);
        ((f64::from(col) + 0.5) * cell, (f64::from(row) + 0.5) * cell)
    };
    let mut points = String::new();
    for &square in tour.path() {
        let (x, y) = centre(square);
        let _ = write!(points, "{x},{y} ");
    }
    if tour.is_closed() {
        let (x, y) = centre(tour.path()[0]);
        let _ = write!(points, "{x},{y}");
    }
    let stroke = (cell / 12.0).max(1.0);
    let _ = writeln!(
        out,
        r##"<polyline points="{}" fill="none" stroke="#1f3a93" stroke-width="{stroke}" stroke-linejoin="round"/>"##,
        points.trim_end()
    );
    let (x, y) = centre(tour.path()[0]);
    let _ = writeln!(
        out,
        r##"<circle cx="{x}" cy="{y}" r="{}" fill="#2e8b57"/>"##,
        cell / 5.0
    );
    let (x, y) = centre(tour.path()[tour.path().len() - 1]);
    let _ = writeln!(
        out,
        r##"<circle cx="{x}" cy="{y}" r="{}" fill="#c0392b"/>"##,
        cell / 5.0
    );
    out.push_str("</svg>\n");
    out
}

/// `grundy tour exists BOARD`: the theorems where they decide, else a bounded search.
fn exists(args: &ExistsArgs) -> Result<String> {
    let board = parse_board(operand(
        args.board.as_deref(),
        "exists",
        "board size",
        "8x8",
    )?)?;
    let start = parse_start(board, args.start.as_deref())?;
    let decided = match start {
        None => Some(tour_exists(board, args.closed)),
        Some(first) => tour_from(board, args.closed, first),
    };
    // `None`: neither the theorems nor the search within its budget decide.
    let (answer, reason) = match (decided, start) {
        (Some(existence), _) => (Some(existence.exists), existence.reason),
        (None, None) => unreachable!("the theorems decide every board"),
        (None, Some(first)) => {
            refuse_search_on_huge_board(board, "the search for a tour from a given square")?;
            let limit = args.limit.unwrap_or(DEFAULT_SEARCH_NODES);
            let kind = if args.closed { "a closed" } else { "an open" };
            let square = board.square_name(first);
            match search_from(board, args.closed, Some(first), limit) {
                Ok((_, name)) => (
                    Some(true),
                    format!("{kind} knight's tour of {board} starting on {square} was found by {name} (and verified); the theorems alone do not decide this square"),
                ),
                Err(FindError::NoTour(why)) => (Some(false), why),
                Err(FindError::LimitReached { nodes }) => (
                    None,
                    budget_ran_out(board, args.closed, start, nodes),
                ),
                Err(error) => return Err(error.into()),
            }
        }
    };
    if args.json {
        let report = json_line(&TourExistsReport {
            schema: SCHEMA_VERSION,
            command: Command::TourExists,
            board: board.to_string(),
            closed: args.closed,
            start: start.map(|square| board.square_name(square)),
            exists: answer,
            reason: reason.to_string(),
        });
        return match answer {
            Some(true) => Ok(report),
            _ => Err(NegativeAnswer(report).into()),
        };
    }
    match answer {
        Some(true) => Ok(format!("yes: {reason}\n")),
        Some(false) => Err(NegativeAnswer(format!("no: {reason}\n")).into()),
        None => Err(NegativeAnswer(format!("unknown: {reason}\n")).into()),
    }
}

/// Tour files are read whole, so they are refused beyond what the largest tour `grundy tour
/// --json` writes could take (about 14 bytes a square).
const MAX_TOUR_FILE_BYTES: u64 = MAX_JSON_SQUARES as u64 * 16;

/// Text grids are read word by word (some 20 bytes a word in memory); `grundy tour` draws
/// boards up to 10000 squares, and this leaves room for grids far larger, written by hand.
const MAX_TEXT_TOUR_BYTES: u64 = 64 << 20;

/// Why a tour file was not read.
enum TourFileError {
    Unreadable(std::io::Error),
    /// The file is not a tour this command reads; the text follows the file's name.
    Refused(String),
}

/// The text of the tour file `path`, read only as far as its kind allows: the first bytes say
/// whether it is JSON, and no more than [`MAX_TOUR_FILE_BYTES`] (JSON) or
/// [`MAX_TEXT_TOUR_BYTES`] (text) is read, whatever the file says its size is (a device such
/// as `/dev/zero` says 0). Binary files (a NUL byte) are refused at their first bytes; a
/// leading byte-order mark is dropped. Returns the text and whether it is JSON.
fn read_tour_text(path: &std::path::Path) -> Result<(String, bool), TourFileError> {
    use std::io::Read as _;
    let mut file = std::fs::File::open(path).map_err(TourFileError::Unreadable)?;
    let mut bytes = Vec::new();
    (&mut file)
        .take(4096)
        .read_to_end(&mut bytes)
        .map_err(TourFileError::Unreadable)?;
    if bytes.starts_with(UTF8_BYTE_ORDER_MARK) {
        bytes.drain(..UTF8_BYTE_ORDER_MARK.len());
    }
    let not_text = |bytes: &[u8]| {
        bytes.iter().position(|&byte| byte == 0).map(|offset| {
            TourFileError::Refused(format!(
                "is not text: byte {offset} is NUL; give a tour as `grundy tour` prints it (text or --json)"
            ))
        })
    };
    if let Some(refusal) = not_text(&bytes) {
        return Err(refusal);
    }
    let is_json = bytes
        .iter()
        .find(|byte| !byte.is_ascii_whitespace())
        .is_some_and(|&byte| byte == b'{');
    let limit = if is_json {
        MAX_TOUR_FILE_BYTES
    } else {
        MAX_TEXT_TOUR_BYTES
    };
    file.take(limit + 1 - bytes.len() as u64)
        .read_to_end(&mut bytes)
        .map_err(TourFileError::Unreadable)?;
    if bytes.len() as u64 > limit {
        return Err(TourFileError::Refused(if is_json {
            format!("has more than {limit} bytes: JSON tours are limited to {limit} bytes (a {MAX_JSON_SQUARES}-square tour as `grundy tour --json` writes it)")
        } else {
            format!("has more than {limit} bytes: text tours are limited to {limit} bytes (JSON tours to {MAX_TOUR_FILE_BYTES})")
        }));
    }
    if let Some(refusal) = not_text(&bytes) {
        return Err(refusal);
    }
    let text = String::from_utf8(bytes).map_err(|error| {
        TourFileError::Refused(format!(
            "is not UTF-8 text (byte {} is not part of a character)",
            error.utf8_error().valid_up_to()
        ))
    })?;
    Ok((text, is_json))
}

/// The UTF-8 byte-order mark some editors put at the start of a text file: not part of the
/// tour.
const UTF8_BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// `grundy tour verify FILE`: a tour as `grundy tour` prints it (text or `--json`), or rows of
/// move numbers.
fn verify_file(args: &VerifyArgs) -> Result<String> {
    let path = args.file.as_deref().ok_or_else(|| {
        input_error("`grundy tour verify` needs a file, for example `grundy tour verify tour.json`")
    })?;
    let shown = path.display().to_string();
    let unreadable = |error: std::io::Error| {
        input_error(format!("cannot read the tour file `{shown}`: {error}"))
    };
    let (text, is_json) = read_tour_text(path).map_err(|why| match why {
        TourFileError::Unreadable(error) => unreadable(error),
        TourFileError::Refused(why) => input_error(format!("the tour file `{shown}` {why}")),
    })?;
    let (board, path, claimed_closed) = if is_json {
        read_json_tour(&text).map_err(|why| input_error(format!("{shown}: {why}")))?
    } else {
        read_text_tour(&text).map_err(|why| input_error(format!("{shown}: {why}")))?
    };
    let check_closed = args.closed || claimed_closed.unwrap_or(false);
    match verify::verify(board, &path, check_closed) {
        Ok(()) => {
            let closes = board.squares() > 1 && board.is_knight_move(path[path.len() - 1], path[0]);
            let kind = if closes { "closed" } else { "open" };
            if args.json {
                return Ok(json_line(&TourVerifyReport {
                    schema: SCHEMA_VERSION,
                    command: Command::TourVerify,
                    board: board.to_string(),
                    valid: true,
                    closed: Some(closes),
                    fault: None,
                }));
            }
            Ok(format!(
                "valid {kind} knight's tour of {board}: {} squares, each once, every step a knight's move\n",
                board.squares()
            ))
        }
        Err(fault) => {
            if args.json {
                return Err(NegativeAnswer(json_line(&TourVerifyReport {
                    schema: SCHEMA_VERSION,
                    command: Command::TourVerify,
                    board: board.to_string(),
                    valid: false,
                    closed: None,
                    fault: Some(fault.to_string()),
                }))
                .into());
            }
            Err(NegativeAnswer(format!("not a valid tour of {board}: {fault}\n")).into())
        }
    }
}

type ReadTour = (TourBoard, Vec<u32>, Option<bool>);

/// The keys of a JSON tour that `verify` reads; others (`method`, `seconds`, ...) are passed
/// over. Read straight into pairs: 8 bytes a square, where a `serde_json::Value` takes about
/// a hundred.
#[derive(serde::Deserialize)]
struct JsonTour {
    path: Vec<(u32, u32)>,
    rows: Option<u32>,
    cols: Option<u32>,
    closed: Option<bool>,
}

fn read_json_tour(text: &str) -> Result<ReadTour, String> {
    let tour: JsonTour = serde_json::from_str(text).map_err(|error| {
        format!("not a JSON tour ({error}): expected {{\"path\": [[row, column], ...]}} with rows and columns from 1")
    })?;
    let coordinates = tour.path;
    if coordinates.is_empty() {
        return Err("the path is empty".to_string());
    }
    if let Some(at) = coordinates
        .iter()
        .position(|&(row, col)| row == 0 || col == 0)
    {
        let (row, col) = coordinates[at];
        return Err(format!(
            "path entry {} is [{row}, {col}]: rows and columns are counted from 1",
            at + 1
        ));
    }
    let rows = tour
        .rows
        .unwrap_or_else(|| coordinates.iter().map(|&(row, _)| row).max().unwrap_or(1));
    let cols = tour
        .cols
        .unwrap_or_else(|| coordinates.iter().map(|&(_, col)| col).max().unwrap_or(1));
    let board = TourBoard::new(rows, cols).map_err(|error| error.to_string())?;
    let mut path = Vec::with_capacity(coordinates.len());
    for (at, &(row, col)) in coordinates.iter().enumerate() {
        if row > rows || col > cols {
            return Err(format!(
                "move {} is to [{row}, {col}], which is off the {board} board",
                at + 1
            ));
        }
        path.push(board.index(row - 1, col - 1));
    }
    Ok((board, path, tour.closed))
}

/// A tour as text: what `grundy tour` prints (a first line naming the tour, column letters,
/// rows of move numbers each after its row number, then `verified ...` lines), or bare rows of
/// move numbers. Lines of words before and after the grid are passed over; inside it they are
/// an error, as is any word in a row.
fn read_text_tour(text: &str) -> Result<ReadTour, String> {
    let lines: Vec<(usize, Vec<&str>)> = text
        .lines()
        .enumerate()
        .map(|(at, line)| (at + 1, line.split_whitespace().collect::<Vec<_>>()))
        .filter(|(_, words)| !words.is_empty())
        .collect();
    let starts_with_number =
        |words: &[&str]| words[0].chars().next().is_some_and(|c| c.is_ascii_digit());
    let Some(first_row) = lines
        .iter()
        .position(|(_, words)| starts_with_number(words))
    else {
        return Err(if text.contains("too many to draw") {
            "the tour is summarised, not drawn (boards of more than 10000 squares): write it with --json to check it".to_string()
        } else {
            "no rows of move numbers: expected a JSON tour, the text `grundy tour` prints, or rows of move numbers".to_string()
        });
    };
    let last_row = lines
        .iter()
        .rposition(|(_, words)| starts_with_number(words))
        .expect("there is a first row");
    if let Some((line, words)) = lines[first_row..=last_row]
        .iter()
        .find(|(_, words)| !starts_with_number(words))
    {
        return Err(format!(
            "line {line} (`{}`) interrupts the rows of move numbers",
            words.join(" ")
        ));
    }
    let before = &lines[..first_row];
    // What the printed tour claims: "closed knight's tour of 8x8 ..." and the column letters.
    let mut claimed_closed = None;
    let mut claimed_board = None;
    for (_, words) in before {
        if words.len() >= 5 && words[1] == "knight's" && words[2] == "tour" && words[3] == "of" {
            claimed_closed = match words[0] {
                "closed" => Some(true),
                "open" => Some(false),
                _ => None,
            };
            claimed_board = Some(words[4].trim_end_matches(',').to_string());
        }
    }
    let letters = before
        .last()
        .map(|(_, words)| words.clone())
        .filter(|words| {
            words
                .iter()
                .all(|word| word.chars().all(|c| c.is_ascii_lowercase()))
        });
    let mut rows: Vec<Vec<&str>> = lines[first_row..=last_row]
        .iter()
        .map(|(_, words)| words.clone())
        .collect();
    if let Some(letters) = &letters {
        // Printed rows carry their row number first, one word more than the column letters.
        for (at, row) in rows.iter_mut().enumerate() {
            if row.len() == letters.len() + 1 {
                if row[0] != (at + 1).to_string() {
                    return Err(format!(
                        "row {} is labelled `{}`: expected its row number {}",
                        at + 1,
                        row[0],
                        at + 1
                    ));
                }
                row.remove(0);
            }
        }
        if let Some((at, row)) = rows
            .iter()
            .enumerate()
            .find(|(_, row)| row.len() != letters.len())
        {
            return Err(format!(
                "row {} has {} numbers but there are {} column letters",
                at + 1,
                row.len(),
                letters.len()
            ));
        }
    }
    let (board, path, _) = read_grid_rows(&rows)?;
    if let Some(letters) = &letters {
        let expected: Vec<String> = (0..board.cols())
            .map(|col| {
                let name = board.square_name(board.index(0, col));
                name.trim_end_matches(|c: char| c.is_ascii_digit())
                    .to_string()
            })
            .collect();
        if *letters != expected {
            return Err(format!(
                "the column letters `{}` are not those of the {board} board",
                letters.join(" ")
            ));
        }
    }
    if let Some(claimed) = claimed_board {
        if claimed != board.to_string() {
            return Err(format!(
                "the first line says the board is {claimed}, but the grid is {board}"
            ));
        }
    }
    Ok((board, path, claimed_closed))
}

/// Rows of move numbers, each row as many as the first.
fn read_grid_rows(rows: &[Vec<&str>]) -> Result<ReadTour, String> {
    let cols = rows[0].len();
    if let Some((at, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != cols) {
        return Err(format!(
            "row {} has {} numbers but row 1 has {cols}: every row of the grid must be as long",
            at + 1,
            row.len()
        ));
    }
    let board =
        TourBoard::new(rows.len() as u32, cols as u32).map_err(|error| error.to_string())?;
    let squares = board.squares();
    let mut at_number: Vec<Option<u32>> = vec![None; squares];
    for (row, line) in rows.iter().enumerate() {
        for (col, token) in line.iter().enumerate() {
            let square = board.index(row as u32, col as u32);
            let number: usize = token.parse().map_err(|_| {
                format!(
                    "square {} holds `{token}`: expected a move number from 1 to {squares}",
                    board.square_name(square)
                )
            })?;
            if number == 0 || number > squares {
                return Err(format!(
                    "square {} holds {number}: expected a move number from 1 to {squares}",
                    board.square_name(square)
                ));
            }
            if let Some(earlier) = at_number[number - 1] {
                return Err(format!(
                    "move {number} is written on two squares, {} and {}",
                    board.square_name(earlier),
                    board.square_name(square)
                ));
            }
            at_number[number - 1] = Some(square);
        }
    }
    // Every number appears once, since there are as many squares as numbers and none repeats.
    let path = at_number
        .into_iter()
        .map(|square| square.expect("all numbers present"))
        .collect();
    Ok((board, path, None))
}

/// The most neuron updates the network may make over all its restarts: at about 7 ns each
/// (measured: 20 restarts of 400 sweeps on 100x100 in 2.3 s), about two minutes. Without a
/// bound, `--restarts 1000000000` on 1000x1000 would run for centuries with no sign of life.
const MAX_NEURAL_WORK: u64 = 16_000_000_000;

/// The network's options: the restarts asked for, refused past [`MAX_NEURAL_WORK`] (naming
/// the most this board allows), or by default 2000 cut to that bound.
fn neural_options(board: TourBoard, args: &FindArgs) -> Result<NeuralOptions> {
    let defaults = NeuralOptions::default();
    let per_restart = neural::restart_work(board, defaults.sweeps).max(1);
    let most = u32::try_from(MAX_NEURAL_WORK / per_restart)
        .unwrap_or(u32::MAX)
        .max(1);
    let restarts = match args.restarts {
        Some(asked) if asked > most => {
            return Err(input_error(format!(
                "--restarts {asked} is too many for {board}: each restart makes {per_restart} neuron updates ({} sweeps over about 4 moves a square), and the network is allowed {MAX_NEURAL_WORK} in all (about two minutes), so at most {most} restarts",
                defaults.sweeps
            )))
        }
        Some(asked) => asked.max(1),
        None => defaults.restarts.min(most),
    };
    Ok(NeuralOptions {
        restarts,
        seed: args.seed,
        ..defaults
    })
}

/// Shows the network's restarts on a bar and stops them on Ctrl-C.
struct RestartBar {
    bar: ProgressBar,
    stop: &'static AtomicBool,
}

impl neural::NeuralProgress for RestartBar {
    fn restart_done(&mut self, report: &neural::NeuralReport) {
        self.bar.set_position(u64::from(report.restarts));
        self.bar.set_message(format!(
            "{} settled, {} a single cycle",
            report.settled, report.single_cycle
        ));
    }

    fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Reports counting progress on the bar (nodes searched so far, from every thread) and passes
/// Ctrl-C on to the search.
struct BarProgress {
    bar: ProgressBar,
    nodes: Arc<AtomicU64>,
    stop: &'static AtomicBool,
    /// Raised when the search was told to stop, so the count is known to be partial.
    cut_short: Arc<AtomicBool>,
}

impl CountProgress for BarProgress {
    fn nodes(&mut self, nodes: u64) {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        self.bar.set_message(format!("{total} nodes searched"));
    }

    fn should_stop(&self) -> bool {
        let stop = self.stop.load(Ordering::Relaxed);
        if stop {
            self.cut_short.store(true, Ordering::Relaxed);
        }
        stop
    }
}

/// What one live frontier state costs at the peak: an entry of 32 bytes (state and count) in
/// the map of the square being processed and in the one being filled, each map at most half
/// full after it doubles, with a control byte an entry (measured: 3x1000 closed, 6x7 closed).
const FRONTIER_BYTES_PER_STATE: u64 = 150;

/// The frontier states `--memory` allows.
fn frontier_states(memory: u64) -> usize {
    usize::try_from(memory / FRONTIER_BYTES_PER_STATE).unwrap_or(usize::MAX)
}

/// The closed count's frontier states multiply several times with each square of width. With
/// a side of at most 5, a row takes a fraction of a second (5x16 in 1.6 s), and the count
/// passes 128 bits (refused, not wrapped) long before the length limit; a side of 6 takes
/// 16 s at 6x8 (6x7: 14 s; 6x10 more than 100 s); from 7 on no count finishes.
const MAX_CLOSED_COUNT_NARROW_SIDE: u32 = 6;

/// The longest board the closed count takes with a side of 6, and with a narrower side.
const MAX_CLOSED_COUNT_LENGTH_AT_SIX: u32 = 8;
const MAX_CLOSED_COUNT_LENGTH: u32 = 1000;

/// Shows the frontier count's progress (squares processed and live states) and passes Ctrl-C
/// on to it.
struct FrontierBar {
    bar: ProgressBar,
    peak_states: usize,
    stop: &'static AtomicBool,
}

impl FrontierProgress for FrontierBar {
    fn square_done(&mut self, square: usize, _squares: usize, states: usize) {
        self.peak_states = self.peak_states.max(states);
        self.bar.set_position(square as u64);
        self.bar.set_message(format!("{states} frontier states"));
    }

    fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The keys every count report has; the caller adds how it was counted.
fn count_report(
    board: TourBoard,
    closed: bool,
    directed: bool,
    start: Option<String>,
    count: u128,
    complete: bool,
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
        complete,
        method: method.to_string(),
        reason: None,
        search_nodes: None,
        peak_states: None,
        seconds: None,
    }
}

/// `grundy tour count BOARD` by the frontier dynamic program: closed tours, or open ones
/// (undirected, or directed: each from both ends).
fn count_by_frontier(args: &CountArgs, board: TourBoard) -> Result<String> {
    let started = Instant::now();
    let mut progress = FrontierBar {
        bar: counting_bar(board.squares() as u64, "squares"),
        peak_states: 0,
        stop: interrupt::stop_flag()?,
    };
    let max_states = frontier_states(args.memory);
    let counted = if args.closed {
        closed_tours_by_frontier(board, max_states, &mut progress)
    } else {
        open_tours_by_frontier(board, max_states, &mut progress)
    };
    progress.bar.finish_and_clear();
    let count = match counted {
        Ok(count) => count,
        Err(FrontierError::Stopped { square, squares, .. }) => {
            return Err(interrupt::Interrupted(format!(
                "interrupted by {} after {square} of {squares} squares: the frontier count of {board} has no partial result (it counts whole tours only at the last square)",
                interrupt::stopped_by()
            ))
            .into())
        }
        Err(FrontierError::TooManyStates { square, squares, .. }) => {
            return Err(input_error(format!(
                "the frontier count of {board} needs more than {max_states} states at once (--memory {} at {FRONTIER_BYTES_PER_STATE} bytes a state) by square {square} of {squares}: give more --memory, or a narrower board",
                format_bytes(args.memory)
            )))
        }
        Err(error) => anyhow::bail!("{error}"),
    };
    let seconds = started.elapsed().as_secs_f64();
    let directed = !args.closed && !args.undirected;
    // Each undirected path is two directed ones, one from each end (one square: one path).
    let count = if directed && board.squares() > 1 {
        count.checked_mul(2).ok_or_else(|| {
            anyhow::anyhow!("the number of directed open tours of {board} passes 2^128 - 1, the largest count this program holds (--undirected counts each once)")
        })?
    } else {
        count
    };
    if args.json {
        return Ok(json_line(&TourCountReport {
            peak_states: Some(progress.peak_states as u64),
            seconds: Some(seconds),
            ..count_report(board, args.closed, directed, None, count, true, "frontier")
        }));
    }
    let what = match (args.closed, directed) {
        (true, _) => "closed tours (Hamiltonian cycles, up to direction and starting square)",
        (false, true) => "directed open tours (Hamiltonian paths, closed ones included)",
        (false, false) => "undirected open tours (Hamiltonian paths, closed ones included)",
    };
    Ok(format!(
        "board      {board}\ncounting   {what}\ncount      {}\nmethod     frontier dynamic program, at most {} states at once, in {seconds:.3} s\n",
        group_digits(count),
        progress.peak_states
    ))
}

/// A byte count as `--memory` takes it: `1G`, `512M`, or bytes.
fn format_bytes(bytes: u64) -> String {
    match bytes {
        b if b % (1 << 30) == 0 => format!("{}G", b >> 30),
        b if b % (1 << 20) == 0 => format!("{}M", b >> 20),
        b => b.to_string(),
    }
}

/// `grundy tour count BOARD`.
fn count_tours(args: &CountArgs) -> Result<String> {
    let board = parse_board(operand(
        args.board.as_deref(),
        "count",
        "board size",
        "5x5",
    )?)?;
    if args.closed && args.start.is_some() {
        return Err(input_error(
            "--start does not apply to --closed counts: every closed tour passes through every square",
        ));
    }
    if args.closed && args.undirected {
        return Err(input_error(
            "--undirected applies to open counts: closed tours are already counted once whatever their direction",
        ));
    }
    let start = parse_start(board, args.start.as_deref())?;
    if args.closed {
        let (narrow, long) = (
            board.rows().min(board.cols()),
            board.rows().max(board.cols()),
        );
        let schwenk = tour_exists(board, true);
        if !schwenk.exists {
            // No search needed: the count is 0 by the theorem, which is cited.
            return Ok(if args.json {
                json_line(&TourCountReport {
                    reason: Some(schwenk.reason.to_string()),
                    ..count_report(board, true, false, None, 0, true, "theorem")
                })
            } else {
                format!("board      {board}\ncounting   closed tours (Hamiltonian cycles, up to direction and starting square)\ncount      0\nreason     {}\n", schwenk.reason)
            });
        }
        let longest = if narrow < MAX_CLOSED_COUNT_NARROW_SIDE {
            MAX_CLOSED_COUNT_LENGTH
        } else {
            MAX_CLOSED_COUNT_LENGTH_AT_SIX
        };
        if narrow > MAX_CLOSED_COUNT_NARROW_SIDE.min(MAX_NARROW_SIDE) || long > longest {
            return Err(input_error(format!(
                "counting closed tours is limited to boards with a side of at most 5 and the other at most {MAX_CLOSED_COUNT_LENGTH}, or a side of 6 and the other at most {MAX_CLOSED_COUNT_LENGTH_AT_SIX} (6x8 takes about 20 s, 6x10 over a minute and a half), and {board} is neither: the count could not finish"
            )));
        }
        return count_by_frontier(args, board);
    }
    if board.squares() > MAX_OPEN_COUNT_SQUARES {
        // Past the search, the frontier program counts boards with a narrow side, whose cost
        // is its states (bounded by --memory), not the squares.
        let narrow = board.rows().min(board.cols());
        if let Some(square) = &args.start {
            return Err(input_error(format!(
                "--start {square} counts by search, limited to {MAX_OPEN_COUNT_SQUARES} squares (6x6), and {board} has {}; without --start the frontier program counts the open tours of boards with a side of at most {MAX_OPEN_COUNT_NARROW_SIDE}",
                board.squares()
            )));
        }
        if narrow > MAX_OPEN_COUNT_NARROW_SIDE {
            return Err(input_error(format!(
                "counting open tours is limited to {MAX_OPEN_COUNT_SQUARES} squares (6x6) by search, or a side of at most {MAX_OPEN_COUNT_NARROW_SIDE} by the frontier program, and {board} is neither: the count could not finish (the frontier's states multiply with each square of the narrow side)"
            )));
        }
        return count_by_frontier(args, board);
    }
    let stop = interrupt::stop_flag()?;
    let cut_short = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let nodes = Arc::new(AtomicU64::new(0));
    let jobs = count::count_jobs(board, false, start);
    let bar = counting_bar(jobs.len() as u64, "counting");
    let finished_jobs = AtomicU64::new(0);
    // The shares are independent: rayon spreads them over both cores.
    let total: u128 = jobs
        .par_iter()
        .map(|job| {
            if stop.load(Ordering::Relaxed) {
                cut_short.store(true, Ordering::Relaxed);
                return 0;
            }
            let mut progress = BarProgress {
                bar: bar.clone(),
                nodes: nodes.clone(),
                stop,
                cut_short: cut_short.clone(),
            };
            let paths = count::run_job(board, job, &mut progress);
            bar.inc(1);
            // A share that saw Ctrl-C may have stopped short; only the others are finished.
            if !stop.load(Ordering::Relaxed) {
                finished_jobs.fetch_add(1, Ordering::Relaxed);
            }
            paths
        })
        .sum();
    bar.finish_and_clear();
    let complete = !cut_short.load(Ordering::Relaxed);
    let from = match start {
        Some(start) => format!(" starting at {}", board.square_name(start)),
        None => String::new(),
    };
    let (count, what) = if args.undirected {
        // From a fixed start, each undirected path with an end there is one directed path;
        // over all starts, each is counted from both ends (a single square has one).
        let undirected = if start.is_some() || board.squares() == 1 {
            total
        } else {
            total / 2
        };
        (
            undirected,
            format!("undirected open tours (Hamiltonian paths, closed ones included){from}"),
        )
    } else {
        (
            total,
            format!("directed open tours (Hamiltonian paths, closed ones included){from}"),
        )
    };
    let seconds = started.elapsed().as_secs_f64();
    let searched = nodes.load(Ordering::Relaxed);
    let report = if args.json {
        json_line(&TourCountReport {
            search_nodes: Some(searched),
            seconds: Some(seconds),
            ..count_report(
                board,
                false,
                !args.undirected,
                start.map(|square| board.square_name(square)),
                count,
                complete,
                "search",
            )
        })
    } else if complete {
        format!(
            "board      {board}\ncounting   {what}\ncount      {}\nsearched   {searched} nodes in {seconds:.3} s\n",
            group_digits(count)
        )
    } else {
        format!(
            "board      {board}\ncounting   {what}\ncount      at least {} (interrupted: a lower bound, not the count)\nsearched   {searched} nodes in {seconds:.3} s, {} of {} shares finished\n",
            group_digits(count),
            finished_jobs.load(Ordering::Relaxed),
            jobs.len()
        )
    };
    if complete {
        Ok(report)
    } else {
        // What was counted is kept on stdout; the exit status says it is not the whole count.
        print!("{report}");
        Err(interrupt::Interrupted(format!(
            "interrupted by {}: the count printed is a lower bound",
            interrupt::stopped_by()
        ))
        .into())
    }
}

/// 6637920 as 6,637,920.
fn group_digits(number: u128) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped() {
        assert_eq!(group_digits(6_637_920), "6,637,920");
        assert_eq!(group_digits(304), "304");
        assert_eq!(group_digits(1000), "1,000");
    }

    #[test]
    fn grids_read_back() {
        let (board, path, _) = read_text_tour("1 4 7 10\n8 11 2 5\n3 6 9 12\n").unwrap();
        assert_eq!(board.to_string(), "3x4");
        assert_eq!(verify::verify(board, &path, false), Ok(()));
        let error = read_text_tour("1 4 7 10\n8 11 2 5\n3 6 9 9\n").unwrap_err();
        assert_eq!(error, "move 9 is written on two squares, c3 and d3");
    }
}
