//! `grundy check`: checks the theorems about corner games value by value on a large square.

use std::time::Instant;

use anyhow::{bail, Result};
use grundy::games::corner::{check_knight, check_wythoff, CornerGame};
use grundy::report::{CheckReport, Checked, Command, SCHEMA_VERSION};

use crate::render::json_line;

use crate::input::{input_error, require_verb, MAX_CORNER};

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
    require_verb(&args.game, Command::Check)?;
    let game: CornerGame = args.game.parse().map_err(input_error)?;
    if args.to == 0 || args.to > MAX_CORNER {
        return Err(input_error(format!(
            "--to {} is not valid: expected a size from 1 to {MAX_CORNER}",
            args.to
        )));
    }
    let started = Instant::now();
    let (_, report) = match game.to_string().as_str() {
        "corner-knight" => check_knight(args.to),
        "corner-queen" => check_wythoff(args.to),
        other => {
            return Err(input_error(format!(
                "grundy check knows the theorems of corner-knight and corner-queen, not {other}"
            )))
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let out = if args.json {
        json_line(&CheckReport {
            schema: SCHEMA_VERSION,
            command: Command::Check,
            game: game.to_string(),
            to: args.to,
            checked: report
                .checked
                .iter()
                .map(|(statement, cases)| Checked {
                    statement: statement.clone(),
                    cases: *cases,
                })
                .collect(),
            holds: report.holds(),
            failures: report.failures.clone(),
            seconds,
        })
    } else {
        let mut out = format!("{game} on 0 <= m, n < {}\n", args.to);
        for (statement, cases) in &report.checked {
            let verdict = if report.holds() { "holds" } else { "checked" };
            out.push_str(&format!("  {verdict}: {statement} ({cases} positions)\n"));
        }
        for failure in &report.failures {
            out.push_str(&format!("  FAILS: {failure}\n"));
        }
        out.push_str(&format!(
            "{} in {seconds:.3} s\n",
            if report.holds() {
                "all hold"
            } else {
                "some fail"
            }
        ));
        out
    };
    if report.holds() {
        Ok(out)
    } else {
        print!("{out}");
        bail!("a theorem failed on {game}")
    }
}
