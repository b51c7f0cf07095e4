//! Times the Cram engine on one board, to set beside other solvers: prints the board's
//! nim-value, the positions searched and the seconds taken.
//!
//! ```text
//! cargo run --release -p grundy --example cram -- 5x9 [TABLE_MIB]
//! ```

use std::time::Instant;

use grundy::games::cram::{Cram, CramSolver};
use grundy::BoardSize;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(board) = args.next() else {
        eprintln!("usage: cram ROWSxCOLS [TABLE_MIB]");
        std::process::exit(2);
    };
    let board: BoardSize = match board.parse() {
        Ok(board) => board,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    };
    let mebibytes: u64 = match args.next().map(|text| text.parse()) {
        None => 1024,
        Some(Ok(mebibytes)) => mebibytes,
        Some(Err(error)) => {
            eprintln!("error: the table's size in MiB: {error}");
            std::process::exit(2);
        }
    };
    let cram = match Cram::new(board) {
        Ok(cram) => cram,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    };
    let mut solver = CramSolver::new(&cram, mebibytes << 20);
    let start = Instant::now();
    let value = solver.nim_value(&cram.empty());
    let stats = solver.stats();
    println!(
        "cram {board}: {value}  ({} positions, {} table hits, {} table entries, {} endgame positions, {:.2} s)",
        stats.positions,
        stats.table_hits,
        stats.table.entries,
        stats.endgame_positions,
        start.elapsed().as_secs_f64()
    );
}
