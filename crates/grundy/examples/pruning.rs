//! Values one placement game with a chosen set of the solver's cut-offs, to measure what each
//! is worth (docs/PERFORMANCE.md, "The field's pruning"): run it once per setting, in turns,
//! under `/usr/bin/time`.
//!
//! ```text
//! cargo run --release -p grundy --example pruning -- knights 5x11 skip 1G
//! ```
//!
//! Arguments: the piece, the board, the cut-offs (`none` or `skip`; default
//! `skip`), the memory for the tables (default 1G) and, if given, the largest component
//! valued by the dense endgame search (the solver's own default otherwise). Prints the value,
//! the positions searched and the table hits.

use grundy::games::placement::{Piece, PlacementGame, PlacementSolver};
use grundy::solver::Pruning;
use grundy::BoardSize;

fn main() {
    let mut args = std::env::args().skip(1);
    let piece: Piece = parse_or_exit(args.next().unwrap_or_else(|| "knights".into()), "piece");
    let board: BoardSize = parse_or_exit(args.next().unwrap_or_else(|| "5x5".into()), "board");
    let cuts = args.next().unwrap_or_else(|| "skip".into());
    let mut pruning = Pruning { skip: false };
    for cut in cuts.split(',') {
        match cut {
            "skip" => pruning.skip = true,
            "none" => {}
            other => {
                eprintln!("error: unknown cut-off {other:?}: expected none or skip");
                std::process::exit(2);
            }
        }
    }
    let memory = args.next().unwrap_or_else(|| "1G".into());
    let Some(budget) = bytes(&memory) else {
        eprintln!("error: memory {memory:?} is not a size such as 512M or 1G");
        std::process::exit(2);
    };
    let dense: Option<usize> = args.next().map(|text| parse_or_exit(text, "dense size"));
    let game = PlacementGame::new(piece, board);
    let mut solver = PlacementSolver::new(&game, budget);
    solver.set_pruning(pruning);
    if let Some(dense) = dense {
        solver.set_dense_size(dense);
    }
    let value = solver.nim_value(&game.empty());
    let stats = solver.stats();
    println!(
        "{piece} {board} {cuts}: value {value}, {} positions, {} table hits, {} endgame positions",
        stats.positions, stats.table_hits, stats.endgame_positions
    );
}

fn parse_or_exit<T: std::str::FromStr>(text: String, what: &str) -> T
where
    T::Err: std::fmt::Display,
{
    text.parse().unwrap_or_else(|error| {
        eprintln!("error: {what} {text:?}: {error}");
        std::process::exit(2);
    })
}

fn bytes(text: &str) -> Option<u64> {
    let (digits, unit) = text.split_at(text.len().checked_sub(1)?);
    let shift = match unit {
        "K" => 10,
        "M" => 20,
        "G" => 30,
        _ => return text.parse().ok(),
    };
    digits.parse::<u64>().ok()?.checked_mul(1 << shift)
}
