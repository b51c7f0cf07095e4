//! `grundy table`: empty-board nim-values over ranges of board sizes, on every core. The
//! library's table request computes them; this module reads the options and prints the table.

use anyhow::Result;
use grundy::games::registry::games_for;
use grundy::misere::Convention;
use grundy::picture::{self, MAX_GRID_CELLS};
use grundy::request::{Limits, RunError, Stopped, TableGame, TableRequest};
use grundy::watch::{Event, Watch};

use super::{RuleOptions, SearchOptions};
use crate::input::{input_error, run_error};
use crate::interrupt::{self, Interrupted};
use crate::progress::Shown;
use crate::render::json_line;

/// Arguments of `grundy table`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Ctrl-C stops the table: the finished cells are printed, the others shown as ?, \
and the exit status is 130.\n\nCell (m, n) is the nim-value of the empty board with m rows and n columns, \
laid out as in the figures of Boone (2016).\n\nExamples:\n  grundy table knights --rows 1-6 --cols 1-6\n  \
grundy table queens --rows 1-8 --cols 1-8 --json\n  grundy table bishops+knights --rows 1-6 --cols 1-8\n  \
grundy table queens+rooks --rays blocked\n  grundy table knights --board torus --rows 3-8 --cols 3-8\n  grundy table queens --rows 1-8 --cols 1-8 --svg queens.svg\n\nFor a corner game, cell (m, n) is the nim-value with the \
piece on (m, n); rows and columns start at 0:\n  grundy table corner-knight --rows 0-15 --cols 0-11\n  \
grundy table corner-queen --rows 0-9 --cols 0-9 --svg wythoff.svg\n  grundy table knights --rows 1-5 --cols 1-5 --misere\n\n\
Cram (dominoes), cell (m, n) the empty m x n board; boards with both sides even are 0 by mirror play, without search:\n  \
grundy table cram --rows 1-4 --cols 1-8"
)]
pub struct Args {
    /// The pieces of a placement game, a corner game, or cram (the lists: `grundy table --help`);
    /// quoted, a placement game's surface and ray rule may follow (`"queens torus blocked"`).
    #[arg(long_help = games_for(grundy::report::Command::Table))]
    pub game: String,
    /// Numbers of rows: FROM-TO, a single number, or a list like 2,4,8 (default 1-6; for a
    /// corner game the values of m, from 0, default 0-15). A number given again is kept once,
    /// where it first came.
    #[arg(long)]
    pub rows: Option<String>,
    /// Numbers of columns, in the same form as --rows (default 1-6; corner games: n, default 0-11).
    #[arg(long)]
    pub cols: Option<String>,
    /// Also draw the table as a coloured grid into this SVG file (unfinished cells as `?`).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub rules: RuleOptions,
    #[command(flatten)]
    pub convention: super::misere::ConventionOption,
    #[command(flatten)]
    pub search: SearchOptions,
}

/// Runs `grundy table`.
pub fn run(args: &Args) -> Result<String> {
    let game: TableGame = args.game.parse().map_err(input_error)?;
    let game = game
        .with_rules(args.rules.surface, args.rules.rays)
        .map_err(input_error)?;
    let labels = |flag: &str, text: &Option<String>| {
        text.as_deref()
            .map(|text| {
                game.parse_labels(text)
                    .map_err(|error| input_error(format!("{flag}: {error}")))
            })
            .transpose()
    };
    let request = TableRequest {
        rows: labels("--rows", &args.rows)?,
        cols: labels("--cols", &args.cols)?,
        game: game.clone(),
        limits: Limits::new(args.search.memory, None),
        convention: if args.convention.misere {
            Convention::Misere
        } else {
            Convention::Normal
        },
    };
    if args.convention.misere {
        super::misere::refuse("--svg", args.svg.is_some())?;
    }
    if args.svg.is_some() {
        let (rows, cols) = request.labels();
        let cells = rows.len() * cols.len();
        if cells > MAX_GRID_CELLS {
            return Err(input_error(format!(
                "--svg draws at most {MAX_GRID_CELLS} cells (200 x 200), and this table has {} x {} = {cells}: choose fewer --rows or --cols",
                rows.len(),
                cols.len()
            )));
        }
    }
    let shown = Shown::new("table");
    let bars = shown.clone();
    // A table read at once from the game's own table (a corner game's) has nothing to keep:
    // Ctrl-C ends it as usual.
    let watch = if game.searches_cells() {
        interrupt::watch()?.on_event(move |event| {
            // The cells finished are what the table shows and `grundy serve` reads; the
            // solvers' own counts are each thread's, only for a log's line a minute.
            if let Event::Steps { .. } = event {
                bars.show(event);
            } else {
                bars.log_only(event);
            }
        })
    } else if args.convention.misere {
        interrupt::watch()?
    } else {
        Watch::new()
    };
    let answer = grundy::request::table(&request, &watch);
    shown.finish();
    let (report, stopped) = match answer {
        Ok(report) => (report, false),
        Err(RunError::Stopped(Stopped::Table(report))) => (*report, true),
        Err(error) => return Err(run_error(error)),
    };
    if let Some(path) = &args.svg {
        // Grids past the picture's bound were refused before the table was made.
        if let Some(svg) = picture::table(&game, &report) {
            crate::files::write_after_report(path, svg);
        }
    }
    let out = if args.search.json {
        json_line(&report)
    } else {
        grundy::request::table_text(&report, &game, request.threads(), interrupt::stopped_by())
    };
    if stopped {
        // The finished cells are the answer so far: printed before the exit status says the
        // table is incomplete.
        out!("{out}");
        return Err(Interrupted(format!(
            "interrupted by {}: {} of {} cells finished",
            interrupt::stopped_by(),
            report.finished_cells,
            report.rows.len() * report.cols.len()
        ))
        .into());
    }
    Ok(out)
}
