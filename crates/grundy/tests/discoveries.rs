//! docs/DISCOVERIES.md cannot drift from the program: every table it prints is read back from
//! the document, its cheap cells are recomputed here through the library, the tables' own
//! symmetries are checked, and each OEIS b-file in docs/oeis/ must list the same values.

use std::path::PathBuf;

use grundy::games::placement::{Piece, PlacementGame, PlacementSolver};
use grundy::BoardSize;

/// The repository's file `path`.
fn repository_file(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

/// The table printed below the line `$ COMMAND` in `text`: its column labels and its rows
/// (each a row label and its values).
fn printed_table(text: &str, command: &str) -> (Vec<u32>, Vec<(u32, Vec<u32>)>) {
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
            let values: Vec<u32> = words.map(|v| v.parse().expect("a value")).collect();
            (values.len() == cols.len()).then_some((label, values))
        })
        .collect();
    (cols, rows)
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

#[test]
fn the_queens_rectangles_are_the_programs() {
    let text = repository_file("docs/DISCOVERIES.md");
    let (cols, rows) = printed_table(&text, "grundy table queens --rows 1-14 --cols 1-14");
    assert_eq!(cols, (1..=14).collect::<Vec<_>>());
    assert_eq!(rows.len(), 14);
    let value = |m: u32, n: u32| rows[m as usize - 1].1[n as usize - 1];
    let mut recomputed = 0;
    for (m, row) in &rows {
        for (n, &printed) in cols.iter().zip(row) {
            // An m x n board is an n x m board turned: the table is symmetric.
            assert_eq!(printed, value(*n, *m), "{m}x{n} against {n}x{m}");
            if m * n <= 80 {
                let board: BoardSize = format!("{m}x{n}").parse().unwrap();
                let game = PlacementGame::new(Piece::Queen, board);
                let mut solver = PlacementSolver::new(&game, 1 << 26);
                assert_eq!(solver.nim_value(&game.empty()).value(), printed, "{m}x{n}");
                recomputed += 1;
            }
        }
    }
    assert!(recomputed > 100, "{recomputed} cells recomputed");
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
