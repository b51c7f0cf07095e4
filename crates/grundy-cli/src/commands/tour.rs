//! `grundy tour`: find, check and count knight's tours.
//!
//! `grundy tour BOARD` finds a tour (short for `grundy tour find BOARD`); the subcommands
//! `exists`, `verify` and `count` do the rest. The bare form keeps the common case to one word.
//! Each reads its arguments into a request, asks the library, and renders the answer.

use std::fmt;
use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Result;
use grundy::picture::{self, MAX_TOUR_SQUARES};
use grundy::request::{
    self, RunError, Stopped, TourAnswer, TourCountRequest, TourExistsRequest, TourMethod,
    TourRequest, TourVerifyRequest,
};
use grundy::tour::neural::NeuralOptions;
use grundy::tour::text::{
    refuse_binary_tour, tour_file_read_limit, tour_file_text, FIRST_TOUR_BYTES,
};
use grundy::tour::warnsdorff::TieBreak;
use grundy::tour::TourBoard;
use grundy::watch::Watch;

use crate::input::{input_error, run_error};
use crate::interrupt;
use crate::progress::Shown;
use crate::render::json_line;

const TOUR_EXAMPLES: &str = "Examples:
  grundy tour 8x8                          a tour (divide and conquer closes it where it can)
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
  grundy tour find 10000x10000 --json --memory 2G > tour.json";

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
    /// Memory for the tour and, with --json, its text (K, M, G, T suffixes; powers of 1024):
    /// the path takes 4 bytes a square and its JSON about 13 more on a large board, so
    /// 10000x10000 --json needs 2G. A tour that would need more is refused before it is
    /// searched.
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = crate::input::parse_memory)]
    memory: u64,
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

impl From<Method> for TourMethod {
    fn from(method: Method) -> TourMethod {
        match method {
            Method::Backtrack => TourMethod::Backtrack,
            Method::Warnsdorff => TourMethod::Warnsdorff,
            Method::Neural => TourMethod::Neural,
            Method::Divide => TourMethod::Divide,
        }
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

/// The watch of a tour search, its steps shown on a bar: with the Ctrl-C flag when
/// `stoppable`. Only searches that look at the flag install the handler: elsewhere Ctrl-C ends
/// the process at once, which is right for work with nothing to keep.
fn tour_watch(stoppable: bool) -> Result<(Watch, Shown)> {
    // No search here reports positions: the spinner's label is never shown.
    let shown = Shown::new("tour");
    let watch = if stoppable {
        shown.watch()?
    } else {
        shown.watch_without_stop()
    };
    Ok((watch, shown))
}

/// `grundy tour BOARD` and `grundy tour find BOARD`.
fn find(args: &FindArgs) -> Result<String> {
    let board = parse_board(operand(args.board.as_deref(), "find", "board size", "8x8")?)?;
    if let Some(path) = &args.svg {
        if board.squares() > MAX_TOUR_SQUARES {
            return Err(input_error(format!(
                "--svg {} draws boards of at most {MAX_TOUR_SQUARES} squares; {board} has {}",
                path.display(),
                board.squares()
            )));
        }
    }
    let request = TourRequest {
        board,
        closed: args.closed,
        start: args.start.clone(),
        method: args.method.map(TourMethod::from),
        tie_break: args.tie_break,
        limit: args.limit,
        restarts: args.restarts,
        seed: args.seed,
        limits: request::Limits::new(args.memory, None),
    };
    // The answer's JSON is bounded as every front end's is; the text only summarises it.
    if args.json {
        grundy::Request::Tour(request.clone())
            .check_answer_room()
            .map_err(run_error)?;
    }
    // Only the network has something to keep when stopped: Ctrl-C stops its restarts and
    // joins the best cover. The other methods' searches are ended with the process.
    let (watch, shown) = tour_watch(args.method == Some(Method::Neural))?;
    let answer = request::tour(&request, &watch);
    shown.finish();
    let answer = answer.map_err(run_error)?;
    let found = match &answer {
        TourAnswer::Found(found) => found,
        TourAnswer::NoTour { .. } => {
            return Err(NegativeAnswer(if args.json {
                json_line(&answer)
            } else {
                answer.text()
            })
            .into())
        }
    };
    if let Some(path) = &args.svg {
        // Boards past the picture's bound were refused before the search.
        if let Some(svg) = picture::tour(&found.tour) {
            crate::files::write_after_report(path, svg);
        }
    }
    if args.json {
        return Ok(tour_json(&answer, board.squares()));
    }
    let mut out = found.text();
    if let Some(path) = &args.svg {
        writeln!(out, "svg        {}", path.display())?;
    }
    Ok(out)
}

/// The tour as one JSON object and a newline, written into a buffer sized for it: about 14
/// bytes a square, so that a path of a hundred million squares is not copied as it grows.
fn tour_json(answer: &TourAnswer, squares: usize) -> String {
    let mut out = Vec::with_capacity(squares * 14 + 256);
    serde_json::to_writer(&mut out, answer).expect("a tour serializes");
    out.push(b'\n');
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// `grundy tour exists BOARD`: the theorems where they decide, else a bounded search.
fn exists(args: &ExistsArgs) -> Result<String> {
    let board = parse_board(operand(
        args.board.as_deref(),
        "exists",
        "board size",
        "8x8",
    )?)?;
    let request = TourExistsRequest {
        board,
        closed: args.closed,
        start: args.start.clone(),
        limit: args.limit,
    };
    let answer = request::tour_exists(&request, &Watch::new()).map_err(run_error)?;
    let text = if args.json {
        json_line(&answer)
    } else {
        answer.text()
    };
    match answer.exists {
        Some(true) => Ok(text),
        _ => Err(NegativeAnswer(text).into()),
    }
}

/// The text of the tour file `path`, read only as far as its kind allows: its first bytes say
/// whether it is JSON or binary, and how much more to read ([`tour_file_read_limit`]); the
/// library checks and decodes what was read.
fn read_tour_text(path: &std::path::Path) -> Result<String, TourFileError> {
    use std::io::Read as _;
    let mut file = std::fs::File::open(path).map_err(TourFileError::Unreadable)?;
    let mut bytes = Vec::new();
    (&mut file)
        .take(FIRST_TOUR_BYTES)
        .read_to_end(&mut bytes)
        .map_err(TourFileError::Unreadable)?;
    refuse_binary_tour(&bytes).map_err(TourFileError::Refused)?;
    file.take(tour_file_read_limit(&bytes) - bytes.len() as u64)
        .read_to_end(&mut bytes)
        .map_err(TourFileError::Unreadable)?;
    tour_file_text(bytes).map_err(TourFileError::Refused)
}

/// Why a tour file was not read.
enum TourFileError {
    Unreadable(std::io::Error),
    /// The file is not a tour this command reads; the text follows the file's name.
    Refused(String),
}

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
    let text = read_tour_text(path).map_err(|why| match why {
        TourFileError::Unreadable(error) => unreadable(error),
        TourFileError::Refused(why) => input_error(format!("the tour file `{shown}` {why}")),
    })?;
    let request = TourVerifyRequest {
        text,
        closed: args.closed,
    };
    let answer = request::tour_verify(&request, &Watch::new()).map_err(|error| match error {
        RunError::Input(why) => input_error(format!("{shown}: {why}")),
        other => run_error(other),
    })?;
    let text = if args.json {
        json_line(&answer)
    } else {
        answer.text()
    };
    if answer.valid {
        Ok(text)
    } else {
        Err(NegativeAnswer(text).into())
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
    let request = TourCountRequest {
        board,
        closed: args.closed,
        start: args.start.clone(),
        undirected: args.undirected,
        limits: request::Limits::new(args.memory, None),
    };
    let (watch, shown) = tour_watch(true)?;
    let answer = request::tour_count(&request, &watch);
    shown.finish();
    let answer = match answer {
        Ok(answer) => answer,
        Err(RunError::Stopped(Stopped::Frontier { square, squares })) => {
            return Err(interrupt::Interrupted(format!(
                "interrupted by {} after {square} of {squares} squares: the frontier count of {board} has no partial result (it counts whole tours only at the last square)",
                interrupt::stopped_by()
            ))
            .into())
        }
        Err(error) => return Err(run_error(error)),
    };
    let report = &answer.report;
    let text = if args.json {
        json_line(&answer)
    } else {
        answer.text()
    };
    if report.complete {
        Ok(text)
    } else {
        // What was counted is kept on stdout; the exit status says it is not the whole count.
        out!("{text}");
        Err(interrupt::Interrupted(format!(
            "interrupted by {}: the count printed is a lower bound",
            interrupt::stopped_by()
        ))
        .into())
    }
}
