//! docs/DISCOVERIES.md cannot drift from the program: every table it prints is read back from
//! the document, its cheap cells are recomputed here through the library, the tables' own
//! symmetries are checked, and each OEIS b-file in docs/oeis/ must list the same values.

use std::path::PathBuf;

use grundy::games::cram::{Cram, CramSolver};
use grundy::games::placement::{Piece, PlacementGame, PlacementSolver};
use grundy::request::{sequence_game, windowed_sequence, Kept, WindowedRequest};
use grundy::watch::Watch;
use grundy::BoardSize;

#[path = "common/octal.rs"]
mod octal;
#[path = "common/oracles.rs"]
mod oracles;

use octal::frontier_figures;
use oracles::oracle_rows;

/// The repository's text file `path`.
fn repository_file(path: &str) -> String {
    String::from_utf8(repository_bytes(path))
        .unwrap_or_else(|error| panic!("{path} is not UTF-8: {error}"))
}

/// The bytes of the repository's file `path`.
fn repository_bytes(path: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    std::fs::read(&path).unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

/// A table printed below the line `$ COMMAND`: its column labels and its rows, each a row
/// label and its cells (`None` for a cell printed `?`, not finished).
type PrintedTable = (Vec<u32>, Vec<(u32, Vec<Option<u32>>)>);

/// The table printed below the line `$ COMMAND` in `text`.
fn printed_table(text: &str, command: &str) -> PrintedTable {
    let mut lines = text
        .lines()
        .skip_while(|line| *line != format!("$ {command}"))
        .skip(2);
    let header = lines
        .next()
        .unwrap_or_else(|| panic!("no table below `$ {command}`"));
    let cols: Vec<u32> = header
        .trim_start_matches("m\\n")
        .split_whitespace()
        .map(|n| n.parse().expect("a column label"))
        .collect();
    let rows = lines
        .map_while(|line| {
            let mut words = line.split_whitespace();
            let label = words.next()?.parse().ok()?;
            // A line of anything but values and `?` (a count below the table) ends it.
            let values: Option<Vec<Option<u32>>> = words
                .map(|v| {
                    if v == "?" {
                        Some(None)
                    } else {
                        v.parse().ok().map(Some)
                    }
                })
                .collect();
            values
                .filter(|values| values.len() == cols.len())
                .map(|values| (label, values))
        })
        .collect();
    (cols, rows)
}

/// The nim-value of the empty board as the mex of its first moves' values: the solver answers
/// a position a known strategy settles (mirror play, the kings' answer on a side of 4) without
/// search, and this checks such a cell instead of taking the strategy's word for it. (A first
/// move may itself leave a settled position, such as the centre of an odd board; every other
/// is searched.)
fn searched_value(game: &PlacementGame) -> u32 {
    let mut solver = PlacementSolver::new(game, 1 << 26);
    let empty = game.empty();
    let options: Vec<u32> = game
        .legal_placements(&empty)
        .into_iter()
        .map(|placement| {
            let after = game.play_move(&empty, placement).unwrap();
            solver.nim_value(&after).value()
        })
        .collect();
    (0..).find(|value| !options.contains(value)).unwrap()
}

/// Checks a printed table of `piece` from 1x1 to `sides`x`sides`: symmetric (an m x n board
/// is an n x m board turned) where both cells are printed, and every cell of at most
/// `cheap_squares` squares recomputed by search. The number of cells recomputed.
fn check_square_table(piece: Piece, table: &PrintedTable, sides: u32, cheap_squares: u32) -> usize {
    let (cols, rows) = table;
    assert_eq!(*cols, (1..=sides).collect::<Vec<_>>());
    assert_eq!(rows.len(), sides as usize);
    let value = |m: u32, n: u32| rows[m as usize - 1].1[n as usize - 1];
    let mut recomputed = 0;
    for (m, row) in rows {
        for (n, &printed) in cols.iter().zip(row) {
            if let (Some(printed), Some(turned)) = (printed, value(*n, *m)) {
                assert_eq!(printed, turned, "{m}x{n} against {n}x{m}");
            }
            if m * n <= cheap_squares {
                let board: BoardSize = format!("{m}x{n}").parse().unwrap();
                let game = PlacementGame::new(piece, board);
                assert_eq!(Some(searched_value(&game)), printed, "{m}x{n}");
                recomputed += 1;
            }
        }
    }
    recomputed
}

/// The `sides` x `sides` corner of `table` is the table docs/TABLES.md prints below
/// `$ COMMAND`.
fn check_tables_md_corner(table: &PrintedTable, command: &str, sides: usize) {
    let (_, earlier) = printed_table(&repository_file("docs/TABLES.md"), command);
    assert_eq!(earlier.len(), sides, "{command}");
    for ((m, row), (_, earlier_row)) in table.1.iter().zip(&earlier) {
        assert_eq!(&row[..sides], &earlier_row[..], "row {m}");
    }
}

/// The (n, a(n)) lines of a b-file.
fn b_file(path: &str) -> Vec<(u64, u32)> {
    repository_file(path)
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (n, value) = line.split_once(' ').expect("`n a(n)`");
            (n.parse().unwrap(), value.parse().unwrap())
        })
        .collect()
}

/// The b-file at `path` lists the n x n values of `table` as far as the diagonal is printed.
fn check_diagonal_b_file(table: &PrintedTable, path: &str) {
    let diagonal: Vec<(u64, u32)> = (1..=table.1.len())
        .map_while(|n| Some((n as u64, table.1[n - 1].1[n - 1]?)))
        .collect();
    assert_eq!(b_file(path), diagonal, "{path}");
}

#[test]
fn the_queens_rectangles_are_the_programs() {
    let text = repository_file("docs/DISCOVERIES.md");
    let table = printed_table(&text, "grundy table queens --rows 1-14 --cols 1-14");
    let recomputed = check_square_table(Piece::Queen, &table, 14, 80);
    assert!(recomputed > 100, "{recomputed} cells recomputed");
    let value = |m: u32, n: u32| table.1[m as usize - 1].1[n as usize - 1].expect("every cell");
    // The b-file lists the table by antidiagonals: T(1,1), T(1,2), T(2,1), T(1,3), ...
    let listed = b_file("docs/oeis/queens-rectangles.txt");
    let mut expected = Vec::new();
    for sum in 2..=15u32 {
        for m in 1..sum {
            expected.push(value(m, sum - m));
        }
    }
    assert_eq!(listed.len(), expected.len());
    for (index, ((n, listed), expected)) in listed.iter().zip(&expected).enumerate() {
        assert_eq!(*n, index as u64 + 1);
        assert_eq!(listed, expected, "a({n})");
    }
}

#[test]
fn the_kings_rectangles_are_the_programs() {
    let text = repository_file("docs/DISCOVERIES.md");
    let table = printed_table(&text, "grundy table kings --rows 1-12 --cols 1-12");
    let recomputed = check_square_table(Piece::King, &table, 12, 40);
    assert!(recomputed > 60, "{recomputed} cells recomputed");
    // To 8x8 the table is docs/TABLES.md's (whose cells to 6x6 are Boone's, checked in
    // published_values.rs).
    check_tables_md_corner(&table, "grundy table kings --rows 1-8 --cols 1-8", 8);
    // A king on a 1 x n or 2 x n board takes its column and those beside it: the strip is a
    // heap of Dawson's Chess, 0.137, whose values are published (OEIS A002187).
    let request: grundy::request::Request =
        serde_json::from_str(r#"{"question":"sequence","game":"0.137","to":12}"#).unwrap();
    let Ok(grundy::request::Answer::Sequence(dawson)) =
        grundy::request::run(&request, &Watch::new())
    else {
        panic!("the sequence of 0.137")
    };
    for (_, row) in &table.1[..2] {
        for (n, printed) in (1..).zip(row) {
            assert_eq!(*printed, Some(dawson.sequence.value(n).value()), "1x{n}");
        }
    }
    // The kings n x n sequence's b-file lists the diagonal as far as it is printed.
    check_diagonal_b_file(&table, "docs/oeis/kings-squares.txt");
}

#[test]
fn the_knights_rectangles_are_the_programs() {
    let text = repository_file("docs/DISCOVERIES.md");
    let table = printed_table(&text, "grundy table knights --rows 1-12 --cols 1-12");
    let recomputed = check_square_table(Piece::Knight, &table, 12, 45);
    assert!(recomputed > 50, "{recomputed} cells recomputed");
    for (m, row) in &table.1 {
        for (n, printed) in (1..).zip(row) {
            // An even side: mirror play, 0 without search (and so checked on every board).
            if m % 2 == 0 || n % 2 == 0 {
                let game = PlacementGame::new(Piece::Knight, format!("{m}x{n}").parse().unwrap());
                let mut solver = PlacementSolver::new(&game, 1 << 20);
                assert_eq!(
                    Some(solver.nim_value(&game.empty()).value()),
                    *printed,
                    "{m}x{n}"
                );
                assert_eq!(*printed, Some(0), "{m}x{n}");
            } else {
                // Odd x odd: the centre and the half turn win, so never 0.
                assert_ne!(*printed, Some(0), "{m}x{n}");
            }
        }
    }
    // The columns to 6, and the rows to 6, are docs/TABLES.md's (whose cells to 6x6 are
    // Boone's, checked in published_values.rs).
    let tables = repository_file("docs/TABLES.md");
    let (_, left) = printed_table(
        &tables,
        "RAYON_NUM_THREADS=1 grundy table knights --rows 1-12 --cols 1-6",
    );
    let (_, top) = printed_table(
        &tables,
        "RAYON_NUM_THREADS=1 grundy table knights --rows 1-6 --cols 7-12",
    );
    assert_eq!((left.len(), top.len()), (12, 6));
    for (m, row) in &table.1 {
        assert_eq!(&row[..6], &left[*m as usize - 1].1[..], "row {m}");
        if *m <= 6 {
            assert_eq!(&row[6..], &top[*m as usize - 1].1[..], "row {m}");
        }
    }
    check_diagonal_b_file(&table, "docs/oeis/knights-squares.txt");
}

#[test]
fn the_bishops_rectangles_are_the_programs() {
    let text = repository_file("docs/DISCOVERIES.md");
    let mut table = printed_table(&text, "grundy table bishops --rows 1-18 --cols 1-18");
    let recomputed = check_square_table(Piece::Bishop, &table, 18, 60);
    assert!(recomputed > 100, "{recomputed} cells recomputed");
    // The row of 19 and 19 x 19, printed apart, complete the table to 19 x 19 (the column of
    // 19 is the row turned).
    let (row_cols, row_19) = printed_table(&text, "grundy table bishops --rows 19 --cols 1-18");
    let (corner_cols, corner) = printed_table(&text, "grundy table bishops --rows 19 --cols 19");
    assert_eq!(row_cols, (1..=18).collect::<Vec<_>>());
    assert_eq!((corner_cols, corner.len(), row_19.len()), (vec![19], 1, 1));
    let mut last_row = row_19[0].clone();
    last_row.1.push(corner[0].1[0]);
    for (m, row) in &mut table.1 {
        row.push(last_row.1[*m as usize - 1]);
    }
    table.0.push(19);
    table.1.push(last_row);
    for (m, row) in &table.1 {
        for (n, printed) in (1..).zip(row) {
            // Noon's lemma: 0 exactly when mn is even (mirror play, and for an odd x odd
            // board the centre and the half turn).
            assert_eq!(*printed == Some(0), m * n % 2 == 0, "{m}x{n}");
            // The cells of 19 that are cheap; check_square_table did the others.
            if (*m == 19 || n == 19) && m * n <= 60 {
                let game = PlacementGame::new(Piece::Bishop, format!("{m}x{n}").parse().unwrap());
                assert_eq!(Some(searched_value(&game)), *printed, "{m}x{n}");
            }
        }
    }
    // To 12x12 the table is docs/TABLES.md's (whose cells to 6x6 are Boone's, checked in
    // published_values.rs).
    check_tables_md_corner(
        &table,
        "RAYON_NUM_THREADS=1 grundy table bishops --rows 1-12 --cols 1-12",
        12,
    );
    // The odd x odd cells to 15 x 15, larger than the cells recomputed above, by the table's
    // own search (one solver for all of them, as `grundy table` keeps, a few seconds).
    let largest = PlacementGame::new(Piece::Bishop, "15x15".parse().unwrap());
    let mut solver = PlacementSolver::new(&largest, 1 << 30);
    for m in (1..=15u32).step_by(2) {
        for n in (m..=15u32).step_by(2) {
            let game = PlacementGame::new(Piece::Bishop, format!("{m}x{n}").parse().unwrap());
            solver.retarget(&game);
            let value = Some(solver.nim_value(&game.empty()).value());
            let printed = table.1[m as usize - 1].1[n as usize - 1];
            assert_eq!(value, printed, "{m}x{n}");
        }
    }
    check_diagonal_b_file(&table, "docs/oeis/bishops-squares.txt");
}

/// Rooks need no table: a rook takes its row and its column, so every game on an m x n board
/// lasts min(m, n) moves and its value is min(m, n) mod 2, as docs/DISCOVERIES.md says. The
/// mex of the searched first moves agrees on every board to 12 x 12.
#[test]
fn the_rooks_rule_is_the_programs() {
    let text = repository_file("docs/DISCOVERIES.md");
    assert!(text.contains("min(m, n) mod 2"));
    for m in 1..=12u32 {
        for n in 1..=12u32 {
            let game = PlacementGame::new(Piece::Rook, format!("{m}x{n}").parse().unwrap());
            assert_eq!(searched_value(&game), m.min(n) % 2, "{m}x{n}");
        }
    }
}

/// The rows of the octal games' table, each its ten cells.
fn octal_frontier_rows() -> Vec<Vec<String>> {
    let text = repository_file("docs/DISCOVERIES.md");
    let rows: Vec<Vec<String>> = text
        .lines()
        .skip_while(|line| !line.starts_with("## Octal games: 0.04 and 0.06 past"))
        .skip(1)
        .take_while(|line| !line.starts_with("## "))
        .filter(|line| line.starts_with("| 0."))
        .map(|line| {
            line.trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().to_string())
                .collect()
        })
        .collect();
    assert!(rows.len() >= 8, "{rows:?}");
    rows
}

/// The octal games' table: each row's largest value, its first heap and the rare heaps under
/// the row's mask, recomputed for every row of at most 2^18 heaps (the others took minutes to
/// hours; their checks are listed beside the table, and the row of 0.6 to 2^36 is its run's
/// checkpoint's, below).
#[test]
fn the_octal_frontier_rows_are_the_programs() {
    let rows = octal_frontier_rows();
    let mut recomputed = 0;
    for row in &rows {
        let [game, to, largest, first_at, rare_heaps, last_rare, mask, bits, period, _time] =
            row.as_slice()
        else {
            panic!("a row of ten cells: {row:?}");
        };
        let rare_parity = match bits.as_str() {
            "even" => 0,
            "odd" => 1,
            other => panic!("`{other}`: even or odd"),
        };
        assert_eq!(period, "not proven", "{row:?}");
        let to: usize = to.parse().unwrap();
        if to >= 1 << 18 {
            continue;
        }
        let rule: grundy::games::heap::TakeBreak = game.parse().unwrap();
        let sequence = grundy::games::heap::nim_sequence_until_settled(&rule, to, &mut ());
        assert!(sequence.periodicity.is_none(), "{row:?}");
        let values: Vec<u32> = sequence.values.iter().map(|v| v.value()).collect();
        let mask = u32::from_str_radix(mask.trim_start_matches("0x"), 16).unwrap();
        // The mask and class are the program's own, as its report names them.
        let reported = sequence.rare.expect("the sparse-space method took over");
        assert_eq!(
            (reported.mask, reported.odd, reported.domain),
            (mask, rare_parity == 1, false),
            "{row:?}"
        );
        assert_eq!(
            frontier_figures(&values, mask, rare_parity),
            [
                largest.clone(),
                first_at.clone(),
                rare_heaps.clone(),
                last_rare.clone()
            ],
            "{row:?}"
        );
        recomputed += 1;
    }
    assert!(recomputed >= 4, "{recomputed} rows recomputed");
}

/// The row of 0.6 to 2^36 heaps took days, so it is not computed again: it is the report of
/// the run's committed checkpoint, read back (its first 2^22 values computed again to check
/// it) and compared with the row and with the report kept beside it.
#[test]
fn the_officers_row_to_2_36_is_its_runs_checkpoint() {
    let request = WindowedRequest {
        game: sequence_game("0.6").unwrap(),
        to: None,
        window: None,
        resume: Some(repository_bytes("docs/runs/officers-2-36.ckpt")),
        memory: 1 << 30,
        threads: 2,
    };
    let run = windowed_sequence(&request, &Watch::new(), &mut Kept::Nowhere).unwrap();
    assert_eq!(run.ended_by, None);
    let mut report = serde_json::to_value(&run.report).unwrap();
    let mut kept: serde_json::Value =
        serde_json::from_str(&repository_file("docs/runs/officers-2-36.json")).unwrap();
    for seconds_aside in [&mut report, &mut kept] {
        seconds_aside.as_object_mut().unwrap().remove("seconds");
    }
    assert_eq!(
        report, kept,
        "docs/runs/officers-2-36.json is the checkpoint's report"
    );

    let to = 1u64 << 36;
    assert_eq!(report["to"], to);
    let row = octal_frontier_rows()
        .into_iter()
        .find(|row| row[0] == "0.6" && row[1] == to.to_string())
        .expect("a row of 0.6 to 2^36");
    let rare = &report["rare"];
    let odd = rare["odd"].as_bool().unwrap();
    assert_eq!(
        row[2..8],
        [
            report["largest"].to_string(),
            report["largest_at"].to_string(),
            rare["heaps"].to_string(),
            rare["last"].to_string(),
            format!("{:#x}", rare["mask"].as_u64().unwrap()),
            String::from(if odd { "odd" } else { "even" }),
        ],
        "{row:?}"
    );
}

/// The empty `rows` x `cols` Cram board.
fn cram_board(rows: u32, cols: u32) -> Cram {
    Cram::new(BoardSize::new(rows, cols).unwrap()).unwrap()
}

/// The nim-value of the empty Cram board as the mex of its first moves' values, each searched
/// apart: a path through the search other than the one that valued the board (which may take
/// the board's symmetries and mirror play instead).
fn cram_mex_of_first_moves(cram: &Cram, solver: &mut CramSolver) -> u32 {
    let empty = cram.empty();
    let options: Vec<u32> = cram
        .legal_moves(&empty)
        .into_iter()
        .map(|domino| {
            solver
                .nim_value(&cram.play(&empty, domino).unwrap())
                .value()
        })
        .collect();
    (0..).find(|value| !options.contains(value)).unwrap()
}

/// Cram's 2 x n and 3 x n sequences: each b-file runs from n = 1 without a gap; its terms agree
/// with the published ones (`tests/oracles/cram-strips.tsv`) and with the values Beling's
/// igsolve gave in the run docs/DISCOVERIES.md tabulates; the small terms are recomputed here
/// by Cram's search, by the mex of the searched first moves, and the smallest by the plain
/// recursion; every even 2 x n is 0, which mirror play proves.
#[test]
fn the_cram_strips_are_the_programs() {
    let strips = [
        (2u32, b_file("docs/oeis/cram-2xn.txt"), 20u32, 8u32),
        (3, b_file("docs/oeis/cram-3xn.txt"), 10, 5),
    ];
    for (rows, listed, searched_to, naive_to) in &strips {
        for (index, (n, _)) in listed.iter().enumerate() {
            assert_eq!(*n, index as u64 + 1, "{rows} x n: the b-file skips a term");
        }
        let term = |n: u32| listed[n as usize - 1].1;
        for n in 1..=*searched_to {
            let cram = cram_board(*rows, n);
            // A solver knows one board's squares, so each board has its own.
            let mut solver = CramSolver::new(&cram, 1 << 24);
            assert_eq!(
                solver.nim_value(&cram.empty()).value(),
                term(n),
                "{rows}x{n}"
            );
            assert_eq!(
                cram_mex_of_first_moves(&cram, &mut solver),
                term(n),
                "{rows}x{n}"
            );
            if n <= *naive_to {
                assert_eq!(
                    cram.naive_nim_value(&cram.empty()).value(),
                    term(n),
                    "{rows}x{n}"
                );
            }
        }
        if *rows == 2 {
            for (n, value) in listed {
                if n % 2 == 0 {
                    assert_eq!(*value, 0, "2x{n}: mirror play by the half turn");
                }
            }
        }
    }
    // The published values.
    let published = oracle_rows("cram-strips.tsv");
    assert!(published.len() >= 10, "{published:?}");
    for row in &published {
        let number = |index: usize| -> u32 { row[index].parse().expect("a number") };
        let (rows, cols, nimber) = (number(0), number(1), number(2));
        let (_, listed, _, _) = strips
            .iter()
            .find(|strip| strip.0 == rows)
            .expect("a 2 x n or 3 x n row");
        assert_eq!(
            listed[cols as usize - 1].1,
            nimber,
            "{rows}x{cols}: {row:?}"
        );
    }
    // The rows of docs/DISCOVERIES.md's check: `| 3xN | grundy's value | igsolve's value | ... |`.
    let text = repository_file("docs/DISCOVERIES.md");
    let mut checked = 0;
    for line in text
        .lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with("| 2x") || line.starts_with("| 3x"))
    {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let (rows, cols) = cells[0].split_once('x').expect("a board RxC");
        let (rows, cols): (u32, usize) = (rows.parse().unwrap(), cols.parse().unwrap());
        let (_, listed, _, _) = strips.iter().find(|strip| strip.0 == rows).unwrap();
        let grundy: u32 = cells[1].parse().expect("grundy's value");
        let igsolve: u32 = cells[2].parse().expect("igsolve's value");
        assert_eq!(
            (grundy, igsolve),
            (listed[cols - 1].1, listed[cols - 1].1),
            "{line}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "{checked} rows of the igsolve check read");
}
