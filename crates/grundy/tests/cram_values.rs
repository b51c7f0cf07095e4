//! Cram's published nim-values (`tests/oracles/cram-nimbers.tsv`, Beling's table, which
//! includes Glop's and Uiterwijk's boards), checked through the library's Cram engine: every
//! board that takes seconds. The larger ones take minutes to hours (4x11 about four CPU-minutes
//! today), too long for any test pass, CI's `--ignored` one included; check one with
//! `cargo run --release -p grundy --example cram -- 4x11` against the table.

use grundy::games::cram::{Cram, CramSolver};
use grundy::{BoardSize, Nimber};

#[path = "common/oracles.rs"]
mod oracles;

use oracles::oracle_rows;

/// The published boards as (rows, cols, nimber).
fn published() -> Vec<(u32, u32, Nimber)> {
    oracle_rows("cram-nimbers.tsv")
        .iter()
        .map(|row| {
            let number = |index: usize| -> u32 { row[index].parse().expect("a number") };
            (number(0), number(1), Nimber::new(number(2)))
        })
        .collect()
}

/// Boards of at most this many squares are checked (4x9 and 5x7 take a few seconds each).
const QUICK_SQUARES: u32 = 36;

fn check(rows: u32, cols: u32, nimber: Nimber) {
    let cram = Cram::new(BoardSize::new(rows, cols).unwrap()).unwrap();
    let mut solver = CramSolver::new(&cram, 1 << 28);
    assert_eq!(solver.nim_value(&cram.empty()), nimber, "{rows}x{cols}");
}

#[test]
fn the_published_small_boards_have_their_published_values() {
    let quick: Vec<_> = published()
        .into_iter()
        .filter(|&(rows, cols, _)| rows * cols <= QUICK_SQUARES)
        .collect();
    assert!(quick.len() >= 5, "{quick:?}");
    for (rows, cols, nimber) in quick {
        check(rows, cols, nimber);
    }
}
