//! The published values of the placement games, checked through the library itself (the CLI's
//! tests check the same files through the `grundy` program): every single-piece nim-value of
//! Boone (2016)'s tables, and who wins the Queens game of Jenrich (2014) on n×n; and Czajka's
//! table of how far four unsolved octal games were computed. The files are in
//! `tests/oracles/`, each row naming its source.

use std::collections::BTreeMap;

use grundy::games::heap::{nim_sequence_until_settled, HeapRuleset};
use grundy::games::placement::{Piece, PlacementGame, PlacementSolver};
use grundy::request::{table, RunError, Stopped, TableRequest};
use grundy::watch::{Event, Watch};
use grundy::{BoardSize, Nimber};

#[path = "common/oracles.rs"]
mod oracles;

use oracles::oracle_rows;

#[path = "common/octal.rs"]
mod octal;

use octal::frontier_figures;

fn board(rows: u32, cols: u32) -> BoardSize {
    format!("{rows}x{cols}")
        .parse()
        .expect("a board of the tables")
}

#[test]
fn every_published_single_piece_nim_value() {
    let mut checked = BTreeMap::<String, usize>::new();
    for row in oracle_rows("placement-nimbers.tsv") {
        let [game, rows, cols, nimber, _source] = row.as_slice() else {
            panic!("a row of five fields: {row:?}");
        };
        // The two-piece tables follow rules no one ray rule reproduces (docs/TWO_PIECE.md);
        // the CLI's tests check each with the rule it needs.
        let Ok(piece) = game.parse::<Piece>() else {
            assert!(
                game.contains('+'),
                "`{game}` is a piece or a pair of pieces"
            );
            continue;
        };
        let (rows, cols): (u32, u32) = (rows.parse().unwrap(), cols.parse().unwrap());
        let expected = Nimber::new(nimber.parse().unwrap());
        let game_of = PlacementGame::new(piece, board(rows, cols));
        let mut solver = PlacementSolver::new(&game_of, 1 << 24);
        assert_eq!(
            solver.nim_value(&game_of.empty()),
            expected,
            "{game} on {rows}x{cols}"
        );
        *checked.entry(game.clone()).or_default() += 1;
    }
    // Figure 3.2.1 and A.1.1-A.1.4 of Boone (2016): 6x6 for each of the five pieces.
    assert_eq!(checked.values().sum::<usize>(), 180, "{checked:?}");
    assert_eq!(checked.len(), 5, "{checked:?}");
}

#[test]
fn table_requests_give_every_published_single_piece_table() {
    // Each piece's published values, by (rows, cols).
    let mut published = BTreeMap::<String, BTreeMap<(usize, usize), u32>>::new();
    for row in oracle_rows("placement-nimbers.tsv") {
        let [game, rows, cols, nimber, _source] = row.as_slice() else {
            panic!("a row of five fields: {row:?}");
        };
        if game.parse::<Piece>().is_ok() {
            published.entry(game.clone()).or_default().insert(
                (rows.parse().unwrap(), cols.parse().unwrap()),
                nimber.parse().unwrap(),
            );
        }
    }
    assert_eq!(published.len(), 5, "{published:?}");
    for (game, values) in &published {
        let request = TableRequest {
            game: game.parse().unwrap(),
            rows: Some((1..=6).collect()),
            cols: Some((1..=6).collect()),
            limits: Default::default(),
            convention: Default::default(),
        };
        let steps = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let counted = std::sync::Arc::clone(&steps);
        let watch = Watch::new().on_event(move |event| {
            if let Event::Steps { done, total, .. } = event {
                assert_eq!(*total, 36);
                counted.fetch_max(*done, std::sync::atomic::Ordering::Relaxed);
            }
        });
        let report = table(&request, &watch).unwrap_or_else(|error| panic!("{game}: {error}"));
        assert_eq!(
            steps.load(std::sync::atomic::Ordering::Relaxed),
            36,
            "{game}"
        );
        assert_eq!((report.finished_cells, report.interrupted), (36, false));
        for (&(rows, cols), &nimber) in values {
            assert_eq!(
                report.nimbers[rows - 1][cols - 1],
                Some(nimber),
                "{game} on {rows}x{cols}"
            );
        }
    }
}

#[test]
fn a_stopped_table_keeps_only_the_cells_settled_without_search() {
    let request: TableRequest =
        serde_json::from_str(r#"{"game":"knights","rows":[2,3,4],"cols":[2,3,4]}"#).unwrap();
    let watch = Watch::new();
    watch.stop();
    let Err(RunError::Stopped(Stopped::Table(report))) = table(&request, &watch) else {
        panic!("a stopped watch stops the table");
    };
    assert!(report.interrupted);
    // Mirror play settles every board with an even side as 0, by reflection (a knight never
    // attacks its mirror image); 3x3 needs a search.
    assert_eq!(report.finished_cells, 8);
    assert_eq!(report.nimbers[1], [Some(0), None, Some(0)]);
    let settled_by = report.settled_by.as_ref().unwrap();
    assert!(settled_by[0][0].as_ref().unwrap().contains("mirror play"));
}

#[test]
fn who_wins_the_queens_game_as_published() {
    let mut checked = 0;
    for row in oracle_rows("queens-game-outcomes.tsv") {
        let [n, winner, _source] = row.as_slice() else {
            panic!("a row of three fields: {row:?}");
        };
        let n: u32 = n.parse().unwrap();
        // 15x15 and 16x16 take minutes (docs/PERFORMANCE.md).
        if n > 14 {
            continue;
        }
        let game = PlacementGame::new(Piece::Queen, board(n, n));
        let mut solver = PlacementSolver::new(&game, 1 << 26);
        let second_player_wins = solver.has_value(&game.empty(), Nimber::ZERO);
        let found = if second_player_wins {
            "second"
        } else {
            "first"
        };
        assert_eq!(found, winner, "queens on {n}x{n}");
        checked += 1;
    }
    assert_eq!(checked, 14);
}

/// Czajka's table of unsolved octal games: per game, the first heap with the largest value of
/// the first `heaps` heaps, and how many heaps have a rare value under the table's own mask
/// (an even number of 1-bits in `value & mask`) with the last of them. The rare counts are
/// taken from the values under the published mask, not the one the program picked, so they
/// check the values themselves.
#[test]
fn the_octal_frontier_table_agrees_with_the_sequences() {
    let rows = oracle_rows("octal-frontiers.tsv");
    assert_eq!(rows.len(), 4);
    for row in rows {
        let [game, heaps, largest_at, largest, mask, rare_heaps, last_rare, _source] =
            row.as_slice()
        else {
            panic!("a row of eight fields: {row:?}");
        };
        let HeapRuleset::Line(line) = game.parse::<HeapRuleset>().expect("a heap game") else {
            panic!("{game} is played on a line of heaps");
        };
        let heaps: usize = heaps.parse().unwrap();
        let sequence = nim_sequence_until_settled(line.rule(), heaps - 1, &mut ());
        assert!(sequence.periodicity.is_none(), "{game} is unsolved");
        let values: Vec<u32> = sequence.values.iter().map(|v| v.value()).collect();
        assert_eq!(values.len(), heaps);
        let mask = u32::from_str_radix(mask, 16).unwrap();
        assert_eq!(
            frontier_figures(&values, mask, 0),
            [
                largest.clone(),
                largest_at.clone(),
                rare_heaps.clone(),
                last_rare.clone()
            ],
            "{game}: the largest value and the rare values under mask {mask:#x}"
        );
    }
}
