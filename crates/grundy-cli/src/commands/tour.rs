//! `grundy tour`: find, check and count knight's tours.
//!
//! `grundy tour BOARD` finds a tour; `grundy tour exists BOARD`, `grundy tour verify FILE` and
//! `grundy tour count BOARD` do the rest. One subcommand with a leading word rather than nested
//! subcommands, so that the common case needs no word at all.

use std::fmt;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};
use grundy::tour::count::{self, CountProgress, MAX_COUNT_SQUARES};
use grundy::tour::existence::tour_exists;
use grundy::tour::frontier::{closed_tours_by_frontier, FrontierProgress, MAX_NARROW_SIDE};
use grundy::tour::neural::{self, NeuralOptions};
use grundy::tour::warnsdorff::{self, TieBreak};
use grundy::tour::{backtrack, divide, verify, FindError, Tour, TourBoard};
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde_json::{json, Value};

use crate::input::input_error;
use crate::progress::counting_bar;

/// Boards with more squares than this are summarised instead of drawn.
const MAX_DRAWN_SQUARES: usize = 10_000;

/// `--svg` draws boards up to this many squares.
const MAX_SVG_SQUARES: usize = 250_000;

/// Arguments of `grundy tour`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  grundy tour 8x8
  grundy tour 8x8 --closed --start c3 --method warnsdorff
  grundy tour 1000x1000 --closed
  grundy tour 30x30 --svg tour.svg
  grundy tour exists 3x8 --closed
  grundy tour verify tour.json
  grundy tour count 5x5
  grundy tour count 6x6 --closed")]
pub struct Args {
    /// BOARD (ROWSxCOLS, e.g. 8x8) to find a tour; or `exists BOARD`, `verify FILE` or
    /// `count BOARD`.
    #[arg(value_name = "BOARD | exists BOARD | verify FILE | count BOARD", required = true, num_args = 1..=2)]
    words: Vec<String>,
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
    /// Backtracking: give up after this many search nodes (closed tours beyond about 12x12 can
    /// take very long without one).
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Neural network: restarts before joining the best cover's cycles.
    #[arg(long, value_name = "N", default_value_t = NeuralOptions::default().restarts)]
    restarts: u32,
    /// Neural network: seed of the random generator.
    #[arg(long, value_name = "N", default_value_t = NeuralOptions::default().seed)]
    seed: u64,
    /// Write the tour as an SVG drawing to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    /// `count`: count undirected tours (each path once, not once from each end).
    #[arg(long)]
    undirected: bool,
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
    let word = args.words[0].as_str();
    let operand = || -> Result<&str> {
        args.words.get(1).map(String::as_str).ok_or_else(|| {
            input_error(format!(
                "`grundy tour {word}` needs a {}, for example `grundy tour {word} {}`",
                if word == "verify" {
                    "file"
                } else {
                    "board size"
                },
                if word == "verify" { "tour.json" } else { "8x8" }
            ))
        })
    };
    match word {
        "exists" => exists(args, parse_board(operand()?)?),
        "verify" => verify_file(args, operand()?),
        "count" => count_tours(args, parse_board(operand()?)?),
        _ => {
            if let Some(extra) = args.words.get(1) {
                return Err(input_error(format!(
                    "unexpected argument `{extra}`: `grundy tour BOARD` takes one board size; the words before a board are exists, verify and count"
                )));
            }
            find(args, parse_board(word)?)
        }
    }
}

fn parse_board(text: &str) -> Result<TourBoard> {
    text.parse::<TourBoard>().map_err(|error| {
        let hint = if text.contains('x') || text.chars().all(|c| c.is_ascii_digit()) {
            String::new()
        } else {
            " (or start with one of the words exists, verify, count)".to_string()
        };
        input_error(format!("{error}{hint}"))
    })
}

fn parse_start(board: TourBoard, start: Option<&str>) -> Result<Option<u32>> {
    start
        .map(|text| board.parse_square(text).map_err(input_error))
        .transpose()
}

fn refuse_flag(set: bool, flag: &str, applies_to: &str) -> Result<()> {
    if set {
        Err(input_error(format!("{flag} applies only to {applies_to}")))
    } else {
        Ok(())
    }
}

/// `grundy tour BOARD`.
fn find(args: &Args, board: TourBoard) -> Result<String> {
    refuse_flag(args.undirected, "--undirected", "`grundy tour count`")?;
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
    let existence = tour_exists(board, args.closed);
    if !existence.exists {
        anyhow::bail!("{}", existence.reason);
    }
    let method = args.method.unwrap_or(Method::Divide);
    let started = Instant::now();
    let mut notes = Vec::new();
    let found = match method {
        Method::Backtrack => backtrack::search(board, args.closed, start, args.limit),
        Method::Warnsdorff => warnsdorff::find(board, args.closed, start, args.tie_break),
        Method::Neural => {
            let options = NeuralOptions {
                restarts: args.restarts.max(1),
                seed: args.seed,
                ..NeuralOptions::default()
            };
            neural::find(board, args.closed, start, options).map(|(tour, report)| {
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
                notes.push(format!("{why}; used backtracking instead"));
                backtrack::search(board, args.closed, start, args.limit)
            }
            other => other,
        },
    };
    let tour = found.map_err(anyhow::Error::new)?;
    let seconds = started.elapsed().as_secs_f64();
    // The methods verify before returning; check again here so nothing unverified is printed.
    verify::verify(board, tour.path(), tour.is_closed())
        .context("internal error: a method returned an invalid tour")?;
    if let Some(path) = &args.svg {
        std::fs::write(path, svg(&tour))
            .with_context(|| format!("cannot write the SVG file {}", path.display()))?;
    }
    if args.json {
        return Ok(format!(
            "{}\n",
            tour_json(&tour, &method.to_string(), seconds)
        ));
    }
    let mut out = String::new();
    let kind = if tour.is_closed() { "closed" } else { "open" };
    let first = board.square_name(tour.path()[0]);
    let last = board.square_name(tour.path()[tour.path().len() - 1]);
    writeln!(
        out,
        "{kind} knight's tour of {board} by {method}, from {first} to {last}"
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

fn tour_json(tour: &Tour, method: &str, seconds: f64) -> Value {
    let board = tour.board();
    let path: Vec<[u32; 2]> = tour.coordinates().map(|(row, col)| [row, col]).collect();
    json!({
        "board": board.to_string(),
        "rows": board.rows(),
        "cols": board.cols(),
        "closed": tour.is_closed(),
        "method": method,
        "start": board.square_name(tour.path()[0]),
        "path": path,
        "seconds": seconds,
    })
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

/// `grundy tour exists BOARD`.
fn exists(args: &Args, board: TourBoard) -> Result<String> {
    refuse_flag(args.undirected, "--undirected", "`grundy tour count`")?;
    let existence = tour_exists(board, args.closed);
    if args.json {
        let report = json!({
            "board": board.to_string(),
            "closed": args.closed,
            "exists": existence.exists,
            "reason": existence.reason,
        });
        return if existence.exists {
            Ok(format!("{report}\n"))
        } else {
            Err(NegativeAnswer(format!("{report}\n")).into())
        };
    }
    if existence.exists {
        Ok(format!("yes: {}\n", existence.reason))
    } else {
        Err(NegativeAnswer(format!("no: {}\n", existence.reason)).into())
    }
}

/// `grundy tour verify FILE`: a tour in the `--json` format or as a numbered grid.
fn verify_file(args: &Args, file: &str) -> Result<String> {
    refuse_flag(args.undirected, "--undirected", "`grundy tour count`")?;
    let text = std::fs::read_to_string(file)
        .map_err(|error| input_error(format!("cannot read the tour file `{file}`: {error}")))?;
    let (board, path, claimed_closed) = if text.trim_start().starts_with('{') {
        read_json_tour(&text).map_err(|why| input_error(format!("{file}: {why}")))?
    } else {
        read_grid_tour(&text).map_err(|why| input_error(format!("{file}: {why}")))?
    };
    let check_closed = claimed_closed.unwrap_or(args.closed);
    match verify::verify(board, &path, check_closed) {
        Ok(()) => {
            let closes = board.squares() > 1 && board.is_knight_move(path[path.len() - 1], path[0]);
            let kind = if closes { "closed" } else { "open" };
            if args.json {
                return Ok(format!(
                    "{}\n",
                    json!({"board": board.to_string(), "valid": true, "closed": closes})
                ));
            }
            Ok(format!(
                "valid {kind} knight's tour of {board}: {} squares, each once, every step a knight's move\n",
                board.squares()
            ))
        }
        Err(fault) => {
            if args.json {
                return Err(NegativeAnswer(format!(
                    "{}\n",
                    json!({"board": board.to_string(), "valid": false, "fault": fault.to_string()})
                ))
                .into());
            }
            Err(NegativeAnswer(format!("not a valid tour of {board}: {fault}\n")).into())
        }
    }
}

type ReadTour = (TourBoard, Vec<u32>, Option<bool>);

fn read_json_tour(text: &str) -> Result<ReadTour, String> {
    let value: Value =
        serde_json::from_str(text).map_err(|error| format!("not valid JSON: {error}"))?;
    let pairs = value
        .get("path")
        .and_then(Value::as_array)
        .ok_or("no \"path\" array: expected [[row, column], ...] from 1")?;
    let mut coordinates = Vec::with_capacity(pairs.len());
    for (at, pair) in pairs.iter().enumerate() {
        let numbers = pair
            .as_array()
            .filter(|pair| pair.len() == 2)
            .and_then(|pair| Some((pair[0].as_u64()?, pair[1].as_u64()?)));
        match numbers {
            Some((row, col))
                if row >= 1
                    && col >= 1
                    && row <= u64::from(u32::MAX)
                    && col <= u64::from(u32::MAX) =>
            {
                coordinates.push((row as u32, col as u32))
            }
            _ => {
                return Err(format!(
                    "path entry {} is {pair}: expected a [row, column] pair of numbers from 1",
                    at + 1
                ))
            }
        }
    }
    if coordinates.is_empty() {
        return Err("the path is empty".to_string());
    }
    let rows = match value.get("rows").and_then(Value::as_u64) {
        Some(rows) => rows as u32,
        None => coordinates.iter().map(|&(row, _)| row).max().unwrap_or(1),
    };
    let cols = match value.get("cols").and_then(Value::as_u64) {
        Some(cols) => cols as u32,
        None => coordinates.iter().map(|&(_, col)| col).max().unwrap_or(1),
    };
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
    let closed = value.get("closed").and_then(Value::as_bool);
    Ok((board, path, closed))
}

fn read_grid_tour(text: &str) -> Result<ReadTour, String> {
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .filter(|row| !row.is_empty())
        .collect();
    if rows.is_empty() {
        return Err("the file is empty: expected a JSON tour or rows of move numbers".to_string());
    }
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

/// Reports counting progress on the bar: nodes searched so far, from every thread.
struct BarProgress {
    bar: ProgressBar,
    nodes: Arc<AtomicU64>,
}

impl CountProgress for BarProgress {
    fn nodes(&mut self, nodes: u64) {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        self.bar.set_message(format!("{total} nodes searched"));
    }
}

/// Frontier states the closed count may keep alive at once: two maps of this many entries of
/// 32 bytes (plus the maps' overhead) stay within a few GiB.
const MAX_FRONTIER_STATES: usize = 40_000_000;

/// Shows the frontier count's progress: squares processed and live states.
struct FrontierBar {
    bar: ProgressBar,
    peak_states: usize,
}

impl FrontierProgress for FrontierBar {
    fn square_done(&mut self, square: usize, _squares: usize, states: usize) {
        self.peak_states = self.peak_states.max(states);
        self.bar.set_position(square as u64);
        self.bar.set_message(format!("{states} frontier states"));
    }
}

/// `grundy tour count BOARD --closed` by the frontier dynamic program.
fn count_closed_by_frontier(args: &Args, board: TourBoard) -> Result<String> {
    let started = Instant::now();
    let mut progress = FrontierBar {
        bar: counting_bar(board.squares() as u64, "squares"),
        peak_states: 0,
    };
    let count = closed_tours_by_frontier(board, MAX_FRONTIER_STATES, &mut progress)
        .map_err(|error| anyhow::anyhow!("{error}"))?;
    progress.bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let count_value =
            u64::try_from(count).map_or_else(|_| json!(count.to_string()), |small| json!(small));
        let report = json!({
            "board": board.to_string(),
            "closed": true,
            "directed": false,
            "start": null,
            "count": count_value,
            "method": "frontier",
            "peak_states": progress.peak_states,
            "seconds": seconds,
        });
        return Ok(format!("{report}\n"));
    }
    Ok(format!(
        "board      {board}\ncounting   closed tours (Hamiltonian cycles, up to direction and starting square)\ncount      {}\nmethod     frontier dynamic program, at most {} states at once, in {seconds:.3} s\n",
        group_digits(count),
        progress.peak_states
    ))
}

/// `grundy tour count BOARD`.
fn count_tours(args: &Args, board: TourBoard) -> Result<String> {
    if args.method.is_some() || args.svg.is_some() {
        return Err(input_error(
            "--method and --svg apply to finding a tour, not to `grundy tour count`",
        ));
    }
    if args.closed && args.start.is_some() {
        return Err(input_error(
            "--start does not apply to --closed counts: every closed tour passes through every square",
        ));
    }
    // Closed tours are counted square by square, not tour by tour, whenever a side is narrow
    // enough for the frontier states.
    if args.closed && board.rows().min(board.cols()) <= MAX_NARROW_SIDE {
        return count_closed_by_frontier(args, board);
    }
    if board.squares() > MAX_COUNT_SQUARES {
        return Err(input_error(format!(
            "counting by search is limited to {MAX_COUNT_SQUARES} squares and {board} has {}: it could not finish (6x6 takes about a minute)",
            board.squares()
        )));
    }
    if args.closed && args.start.is_some() {
        return Err(input_error(
            "--start does not apply to --closed counts: every closed tour passes through every square",
        ));
    }
    let start = parse_start(board, args.start.as_deref())?;
    let started = Instant::now();
    let nodes = Arc::new(AtomicU64::new(0));
    let jobs = count::count_jobs(board, args.closed, start);
    let bar = counting_bar(jobs.len() as u64, "counting");
    // The shares are independent: rayon spreads them over both cores.
    let total: u128 = jobs
        .par_iter()
        .map(|job| {
            let mut progress = BarProgress {
                bar: bar.clone(),
                nodes: nodes.clone(),
            };
            let paths = count::run_job(board, job, &mut progress);
            bar.inc(1);
            paths
        })
        .sum();
    bar.finish_and_clear();
    let from = match start {
        Some(start) => format!(" starting at {}", board.square_name(start)),
        None => String::new(),
    };
    let (count, what) = if args.closed {
        (
            total,
            "closed tours (Hamiltonian cycles, up to direction and starting square)".to_string(),
        )
    } else if args.undirected {
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
    if args.json {
        let count_value =
            u64::try_from(count).map_or_else(|_| json!(count.to_string()), |small| json!(small));
        let report = json!({
            "board": board.to_string(),
            "closed": args.closed,
            "directed": !args.closed && !args.undirected,
            "start": start.map(|square| board.square_name(square)),
            "count": count_value,
            "nodes": searched,
            "seconds": seconds,
        });
        return Ok(format!("{report}\n"));
    }
    Ok(format!(
        "board      {board}\ncounting   {what}\ncount      {}\nsearched   {searched} nodes in {seconds:.3} s\n",
        group_digits(count)
    ))
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
        let (board, path, _) = read_grid_tour("1 4 7 10\n8 11 2 5\n3 6 9 12\n").unwrap();
        assert_eq!(board.to_string(), "3x4");
        assert_eq!(verify::verify(board, &path, false), Ok(()));
        let error = read_grid_tour("1 4 7 10\n8 11 2 5\n3 6 9 9\n").unwrap_err();
        assert_eq!(error, "move 9 is written on two squares, c3 and d3");
    }
}
