//! `grundy conjecture`: tests a published conjecture on a range of boards and prints
//! the first counterexample found. The library tests it ([`grundy::request::conjecture`]);
//! this reads the arguments and renders the report.

use anyhow::Result;
use clap::Subcommand;
use grundy::graph::terminal::TerminalLimit;
use grundy::request::{self, BoardRange, ConjectureRequest};

use crate::input::{input_error, run_error};
use crate::progress::Shown;
use crate::render::json_line;

/// Arguments of `grundy conjecture`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  grundy conjecture parity knights 3x3..8x8\n  \
grundy conjecture parity kings 1x1..6x6 --json"
)]
pub struct Args {
    #[command(subcommand)]
    pub conjecture: Conjecture,
}

/// The conjectures that can be tested.
#[derive(Debug, Subcommand)]
pub enum Conjecture {
    /// Boone (2016), Proposition 2.2.3: every terminal position on an m x n board has a number of
    /// pieces with the parity of m*n.
    #[command(
        after_help = "Examples:\n  grundy conjecture parity knights 3x3..8x8\n  \
grundy conjecture parity kings 1x1..6x6 --json"
    )]
    Parity(ParityArgs),
}

/// Arguments of `grundy conjecture parity`.
#[derive(Debug, clap::Args)]
pub struct ParityArgs {
    /// The piece (Boone (2016) states it for knights; any piece may be tried).
    pub piece: String,
    /// The boards: AxB..CxD for every board with A to C rows and B to D columns (fewest squares
    /// first), or one board such as 5x5.
    #[arg(value_name = "BOARDS")]
    pub boards: Vec<String>,
    /// The most frontier states when counting a board's terminal positions; a board beyond it
    /// is reported as undecided. About 320 bytes each: more than this machine's memory could
    /// hold is refused.
    #[arg(long, value_name = "STATES", default_value_t = TerminalLimit::default().entries, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub states: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `grundy conjecture`.
pub fn run(args: &Args) -> Result<String> {
    match &args.conjecture {
        Conjecture::Parity(parity) => run_parity(parity),
    }
}

fn run_parity(args: &ParityArgs) -> Result<String> {
    let boards_text = match args.boards.as_slice() {
        [boards] => boards.as_str(),
        [] => {
            return Err(input_error(format!(
                "the parity conjecture needs the boards, for example `grundy conjecture parity {} 3x3..8x8`",
                args.piece
            )))
        }
        [_, extra, ..] => {
            return Err(input_error(format!(
                "unexpected argument `{extra}`: the parity conjecture takes one range of boards, for example 3x3..8x8"
            )))
        }
    };
    let boards: BoardRange = boards_text.parse().map_err(input_error)?;
    let request = ConjectureRequest {
        states: args.states,
        ..ConjectureRequest::parity_named(&args.piece, boards).map_err(input_error)?
    };
    // Ctrl-C ends the process: a test stopped between boards keeps nothing worth printing.
    let shown = Shown::new("boards");
    let report = request::conjecture(&request, &shown.watch_without_stop());
    shown.finish();
    let report = report.map_err(run_error)?;
    if args.json {
        return Ok(json_line(&report));
    }
    Ok(request::parity_text(request.game, &report))
}
