//! `grundy check`: checks the theorems about corner games value by value on a large square.
//! The library checks them ([`grundy::request::check`]); this reads the arguments and renders
//! the report.

use anyhow::{bail, Result};
use grundy::report::CheckReport;
use grundy::request::{self, check_game, CheckRequest};
use grundy::watch::Watch;

use crate::input::{input_error, run_error};
use crate::render::json_line;

/// Arguments of `grundy check`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "corner-knight: Theorem 2.2 of Katayama and Koyama (2021), Corner the Knight Game, symmetry g(m, n) = g(n, m), period 4 \
g(m + 4, n + 4) = g(m, n) and the closed form.\ncorner-queen: the P-positions of Wythoff's game are \
exactly the pairs (floor(k phi), floor(k phi^2)) and their mirror images.\n\nExamples:\n  \
grundy check corner-knight --to 2000\n  grundy check corner-queen --to 2000 --json"
)]
pub struct Args {
    /// corner-knight or corner-queen.
    pub game: String,
    /// Check every position (m, n) with m, n below this.
    #[arg(long, default_value_t = 200)]
    pub to: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `grundy check`. A theorem that fails is an error (exit status 1) after the report.
pub fn run(args: &Args) -> Result<String> {
    let request = CheckRequest {
        game: check_game(&args.game).map_err(input_error)?,
        to: args.to,
    };
    // Ctrl-C ends the process: a check keeps nothing until it is finished.
    let report = request::check(&request, &Watch::new()).map_err(run_error)?;
    let out = if args.json {
        json_line(&report)
    } else {
        check_text(&report)
    };
    if report.holds {
        Ok(out)
    } else {
        out!("{out}");
        bail!("a theorem failed on {}", report.game)
    }
}

/// The report for people: each statement and its verdict, every failure, and the time.
fn check_text(report: &CheckReport) -> String {
    let mut out = format!("{} on 0 <= m, n < {}\n", report.game, report.to);
    let verdict = if report.holds { "holds" } else { "checked" };
    for checked in &report.checked {
        out.push_str(&format!(
            "  {verdict}: {} ({} {})\n",
            checked.statement,
            checked.cases,
            if checked.cases == 1 {
                "position"
            } else {
                "positions"
            }
        ));
    }
    for failure in &report.failures {
        out.push_str(&format!("  FAILS: {failure}\n"));
    }
    let summary = if report.holds {
        "all hold"
    } else {
        "some fail"
    };
    out.push_str(&format!("{summary} in {:.3} s\n", report.seconds));
    out
}
