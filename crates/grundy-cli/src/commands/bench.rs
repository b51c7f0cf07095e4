//! `grundy bench`: times the solver on the benchmark boards of docs/PERFORMANCE.md. The
//! library runs them ([`grundy::request::bench`]); this reads the arguments and prints the
//! figures.

use anyhow::Result;
use grundy::report::BenchReport;
use grundy::request::{self, BenchRequest, MAX_DENSE_SIZE};

use super::SearchOptions;
use crate::input::run_error;
use crate::progress::Shown;
use crate::render::json_line;

/// Arguments of `grundy bench`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Each case runs in a fresh solver with an empty table, on one thread. \
Figures are wall-clock times on this machine.\n\nExamples:\n  grundy bench --only 7x7\n  \
grundy bench --only queens --json\n  grundy bench --only knights --dense-size 0  the endgame search turned off"
)]
pub struct Args {
    /// Run only the cases whose name contains this text, e.g. `queens` or `7x7`.
    #[arg(long)]
    pub only: Option<String>,
    /// Value components of at most this many squares by the plain mex rule and larger ones by
    /// outcome probes, instead of the per-piece default (0 probes everything; a large value
    /// such as 1000 gives the plain memoised mex search). Changes the speed, never the values.
    #[arg(long, value_name = "SQUARES")]
    pub full_mex_size: Option<usize>,
    /// Value components of at most this many squares (at most 24) by the dense endgame search
    /// instead of the per-piece default (0 turns it off). Changes the speed, never the values.
    #[arg(long, value_name = "SQUARES", value_parser = parse_dense_size)]
    pub dense_size: Option<usize>,
    #[command(flatten)]
    pub search: SearchOptions,
}

fn parse_dense_size(text: &str) -> Result<usize, String> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|&size| size <= MAX_DENSE_SIZE)
        .ok_or_else(|| {
            format!(
                "dense size `{text}` is not valid: expected a number of squares from 0 to {MAX_DENSE_SIZE} (the dense search's time doubles with every square beyond)"
            )
        })
}

/// Runs `grundy bench`.
pub fn run(args: &Args) -> Result<String> {
    let request = BenchRequest {
        only: args.only.clone(),
        full_mex_size: args.full_mex_size,
        dense_size: args.dense_size,
        memory: args.search.memory,
    };
    // Ctrl-C ends the process: a case stopped has no figure.
    let shown = Shown::new("benchmark cases");
    let report = request::bench(&request, &shown.watch_without_stop());
    shown.finish();
    let report = report.map_err(run_error)?;
    if args.search.json {
        return Ok(json_line(&report));
    }
    Ok(bench_text(&report))
}

/// The figures for people: a row a case.
fn bench_text(report: &BenchReport) -> String {
    let mut out = format!(
        "{:<8} {:>6} {:>6} {:>10} {:>12} {:>12}\n",
        "game", "board", "value", "seconds", "positions", "table MiB"
    );
    for row in &report.cases {
        out.push_str(&format!(
            "{:<8} {:>6} {:>6} {:>10.3} {:>12} {:>12}\n",
            row.game,
            row.board,
            row.nimber,
            row.seconds,
            row.positions_searched,
            row.table_bytes >> 20,
        ));
    }
    out
}
