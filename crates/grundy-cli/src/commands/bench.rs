//! `grundy bench`: times the solver on the benchmark boards of docs/PERFORMANCE.md.

use std::io::IsTerminal;
use std::time::Instant;

use anyhow::Result;
use grundy::games::placement::{Piece, PlacementGame, PlacementSolver};
use grundy::report::{BenchCase, BenchReport, Command, SCHEMA_VERSION};
use grundy::BoardSize;

use crate::render::json_line;

use super::SearchOptions;
use crate::input::input_error;

/// The boards the targets are set on: empty boards, full nim-value computation.
const CASES: [(Piece, &str); 4] = [
    (Piece::Knight, "5x9"),
    (Piece::Knight, "7x7"),
    (Piece::Queen, "9x9"),
    (Piece::Queen, "10x10"),
];

/// Arguments of `grundy bench`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Each case runs in a fresh solver with an empty table, on one thread. \
Figures are wall-clock times on this machine."
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

/// The largest component the dense endgame search may be given. Its time doubles with about
/// every square beyond this: knights 7x7 takes 2 s at 24 squares, 26 s at 28, and at 30 or more
/// the benchmark does not finish in any reasonable time.
const MAX_DENSE_SIZE: usize = 24;

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
    let selected: Vec<(Piece, BoardSize)> = CASES
        .iter()
        .map(|&(piece, board)| (piece, board.parse().expect("benchmark boards are valid")))
        .filter(|(piece, board)| {
            args.only
                .as_ref()
                .is_none_or(|only| format!("{piece} {board}").contains(only.as_str()))
        })
        .collect();
    if selected.is_empty() {
        return Err(input_error(format!(
            "no benchmark case matches `{}`: the cases are knights 5x9, knights 7x7, queens 9x9 and queens 10x10",
            args.only.as_deref().unwrap_or_default()
        )));
    }
    let mut rows = Vec::new();
    for (piece, board) in selected {
        let game = PlacementGame::new(piece, board);
        let mut solver = PlacementSolver::new(&game, args.search.memory);
        if let Some(size) = args.full_mex_size {
            solver.set_full_mex_size(size);
        }
        if let Some(size) = args.dense_size {
            solver.set_dense_size(size);
        }
        let started = Instant::now();
        let nimber = solver.nim_value(&game.empty());
        let seconds = started.elapsed().as_secs_f64();
        let stats = solver.stats();
        rows.push(BenchCase {
            game: piece.to_string(),
            board: board.to_string(),
            nimber: nimber.value(),
            positions_searched: stats.positions,
            table_hits: stats.table_hits,
            endgame_positions: stats.endgame_positions,
            table_bytes: stats.table.bytes,
            seconds,
        });
        if std::io::stderr().is_terminal() {
            eprintln!("{piece} {board}: {nimber} in {seconds:.3} s");
        }
    }
    if args.search.json {
        return Ok(json_line(&BenchReport {
            schema: SCHEMA_VERSION,
            command: Command::Bench,
            cases: rows,
        }));
    }
    let mut out = format!(
        "{:<8} {:>6} {:>6} {:>10} {:>12} {:>12}\n",
        "game", "board", "value", "seconds", "positions", "table MiB"
    );
    for row in rows {
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
    Ok(out)
}
