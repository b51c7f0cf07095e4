//! Cram's published nim-values (`tests/oracles/cram-nimbers.tsv`, Beling's table, which
//! includes Glop's and Uiterwijk's boards), checked through the library's Cram engine: every
//! board that takes seconds. The larger ones take minutes to hours (4x11 about four CPU-minutes
//! today), too long for any test pass, CI's `--ignored` one included; check one with
//! `cargo run --release -p grundy --example cram -- 4x11` against the table.

use std::collections::BTreeMap;

use grundy::games::cram::{Cram, CramSolver};
use grundy::request::{table, value, TableRequest, ValueRequest};
use grundy::watch::Watch;
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

/// `grundy table cram` through the library's table request: each cell of up to
/// [`QUICK_SQUARES`] squares against the published value, the first row against Dawson's
/// Kayles (a domino in a row of `n` squares takes two neighbours: the octal game 0.07 on a
/// heap of `n`), and every board with both sides even settled without search by mirror play.
#[test]
fn the_table_request_gives_the_published_cells_and_settles_the_even_boards() {
    let published: BTreeMap<(usize, usize), u32> = published()
        .into_iter()
        .map(|(rows, cols, nimber)| ((rows as usize, cols as usize), nimber.value()))
        .collect();
    let mut checked = 0;
    for (rows, cols) in [("1-4", "1-9"), ("5", "5-7"), ("6", "6")] {
        let request: TableRequest = serde_json::from_str(&format!(
            r#"{{"game":"cram","rows":"{rows}","cols":"{cols}"}}"#
        ))
        .unwrap();
        let report = table(&request, &Watch::new()).unwrap();
        assert!(!report.interrupted);
        let settled_by = report
            .settled_by
            .as_ref()
            .expect("the strategies are listed");
        for (i, &m) in report.rows.iter().enumerate() {
            for (j, &n) in report.cols.iter().enumerate() {
                let nimber = report.nimbers[i][j].expect("every cell is finished");
                if let Some(&value) = published.get(&(m, n)) {
                    assert_eq!(nimber, value, "{m}x{n}");
                    checked += 1;
                }
                if m == 1 {
                    let row: ValueRequest =
                        serde_json::from_str(&format!(r#"{{"game":"0.07 {n}"}}"#)).unwrap();
                    let dawson = value(&row, &Watch::new()).unwrap();
                    assert_eq!(Some(nimber), dawson.nimber(), "1x{n}");
                }
                if m % 2 == 0 && n % 2 == 0 {
                    assert_eq!(nimber, 0, "{m}x{n}");
                    let strategy = settled_by[i][j].as_deref().unwrap_or_default();
                    assert!(strategy.starts_with("mirror play"), "{m}x{n}: {strategy}");
                }
            }
        }
    }
    // 4x4 to 4x9, 5x5 to 5x7 and 6x6.
    assert_eq!(checked, 10);
}
