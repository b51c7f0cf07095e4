//! The `grundy tour` command end to end: finding, checking, existence and counting.

use predicates::prelude::*;
use serde_json::Value;

use std::time::Duration;

use crate::common::{fails_with, grundy, reached, signal_when};

fn json_of(args: &[&str]) -> Value {
    let output = grundy().args(args).output().expect("grundy runs");
    assert!(output.status.success(), "{args:?}: {output:?}");
    serde_json::from_slice(&output.stdout).expect("the output is JSON")
}

/// Checks a JSON path independently of the library: every square once, knight's moves.
fn assert_valid_path(value: &Value, rows: u64, cols: u64) {
    let path = value["path"].as_array().expect("a path");
    assert_eq!(path.len() as u64, rows * cols);
    let squares: Vec<(i64, i64)> = path
        .iter()
        .map(|pair| (pair[0].as_i64().unwrap(), pair[1].as_i64().unwrap()))
        .collect();
    let mut seen = std::collections::HashSet::new();
    for &(row, col) in &squares {
        assert!((1..=rows as i64).contains(&row) && (1..=cols as i64).contains(&col));
        assert!(seen.insert((row, col)), "{row},{col} twice");
    }
    let knight = |a: (i64, i64), b: (i64, i64)| {
        let (dr, dc) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
    };
    for pair in squares.windows(2) {
        assert!(knight(pair[0], pair[1]));
    }
    if value["closed"] == Value::Bool(true) {
        assert!(knight(squares[0], squares[squares.len() - 1]));
    }
}

#[test]
fn finds_a_tour_with_every_method() {
    for method in ["backtrack", "warnsdorff", "neural", "divide"] {
        let value = json_of(&["tour", "8x8", "--method", method, "--json"]);
        assert_valid_path(&value, 8, 8);
        assert_eq!(value["method"], method);
    }
    let value = json_of(&["tour", "8x8", "--closed", "--start", "c3", "--json"]);
    assert_eq!(value["closed"], true);
    assert_eq!(value["path"][0], serde_json::json!([3, 3]));
    assert_valid_path(&value, 8, 8);
}

#[test]
fn prints_the_numbered_board() {
    grundy()
        .args(["tour", "5x5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("open knight's tour of 5x5"))
        .stdout(predicate::str::contains("   a  b  c  d  e"))
        .stdout(predicate::str::contains("verified   25 squares"));
}

#[test]
fn large_boards_are_summarised() {
    grundy()
        .args(["tour", "300x301", "--closed"])
        .assert()
        .success()
        .stdout(predicate::str::contains("too many to draw"))
        .stdout(predicate::str::contains("and back to the start"));
}

#[test]
fn no_tour_exits_one_with_the_theorem() {
    // A "no" is the answer, on stdout like `grundy tour exists` gives it.
    grundy()
        .args(["tour", "5x5", "--closed"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("no:"))
        .stdout(predicate::str::contains("Schwenk (1991)"));
    grundy()
        .args(["tour", "4x4"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("Conrad et al. (1994)"));
}

#[test]
fn exists_answers_yes_and_no() {
    grundy()
        .args(["tour", "exists", "3x8"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("yes:"));
    grundy()
        .args(["tour", "exists", "3x8", "--closed"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("no:"))
        .stdout(predicate::str::contains("3 by 8"));
    let output = grundy()
        .args(["tour", "exists", "10x3", "--closed", "--json"])
        .output()
        .unwrap();
    let value: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["exists"], true);
}

#[test]
fn bad_input_exits_two_and_names_it() {
    for (args, named) in [
        (vec!["tour", "8by8"], "8by8"),
        (vec!["tour", "0x8"], "0x8"),
        (vec!["tour", "8x8", "--start", "z9"], "z9"),
        (vec!["tour", "exists"], "needs a board size"),
        (vec!["tour", "count", "9x12"], "limited to 36 squares"),
        (
            vec!["tour", "verify", "/nonexistent/tour.json"],
            "tour.json",
        ),
    ] {
        grundy()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("error:"))
            .stderr(predicate::str::contains(named));
    }
}

/// A file that says it is empty but never ends (`/dev/zero`), or one far larger than any tour,
/// is refused after its first bytes, not read to its end.
#[test]
fn verify_reads_no_more_than_a_tour_needs() {
    #[cfg(unix)]
    grundy()
        .args(["tour", "verify", "/dev/zero"])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not text: byte 0 is NUL"));
    let folder = tempfile::tempdir().unwrap();
    let large = folder.path().join("large.txt");
    let row = "1 2 3 4 5 6 7 8 9 10\n".repeat(1 << 16);
    let mut text = String::with_capacity(65 << 20);
    while text.len() <= 64 << 20 {
        text.push_str(&row);
    }
    std::fs::write(&large, text).unwrap();
    grundy()
        .args(["tour", "verify", large.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "text tours are limited to 67108864 bytes",
        ));
}

#[test]
fn verify_reads_json_and_grids_and_names_faults() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let good = grundy()
        .args(["tour", "6x6", "--closed", "--json"])
        .output()
        .unwrap()
        .stdout;
    let json_file = dir.join("good.json");
    std::fs::write(&json_file, &good).unwrap();
    grundy()
        .args(["tour", "verify", json_file.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "valid closed knight's tour of 6x6",
        ));

    let grid_file = dir.join("three_by_four.txt");
    std::fs::write(&grid_file, "1 4 7 10\n8 11 2 5\n3 6 9 12\n").unwrap();
    grundy()
        .args(["tour", "verify", grid_file.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("valid open knight's tour of 3x4"));

    let jump_file = dir.join("jump.txt");
    std::fs::write(&jump_file, "1 4 7 10\n8 11 2 5\n3 6 12 9\n").unwrap();
    grundy()
        .args(["tour", "verify", jump_file.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("illegal jump at move 9"));

    let mut value: Value = serde_json::from_slice(&good).unwrap();
    let path = value["path"].as_array_mut().unwrap();
    path[7] = path[3].clone();
    let repeat_file = dir.join("repeat.json");
    std::fs::write(&repeat_file, value.to_string()).unwrap();
    grundy()
        .args(["tour", "verify", repeat_file.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("at move 4 and again at move 8"));

    // A grid or a path read whole whose numbers make no path is no tour, as a repeated
    // square is: exit status 1, the fault named; a word in the grid is unreadable, status 2.
    for (name, text, fault) in [
        (
            "twice.txt",
            "1 4 7 10\n8 11 2 5\n3 6 9 9\n",
            "move 9 is written on two squares",
        ),
        (
            "large.txt",
            "1 4 7 10\n8 11 2 5\n3 6 99 12\n",
            "square c3 holds 99",
        ),
        (
            "off.json",
            r#"{"rows":3,"cols":4,"path":[[1,1],[4,2]]}"#,
            "move 2 is to [4, 2], which is off the 3x4 board",
        ),
        // The first fault in the tour's order is named, the move off the board being later.
        (
            "twice-then-off.json",
            r#"{"rows":3,"cols":4,"path":[[1,1],[2,3],[1,1],[4,2]]}"#,
            "square a1 is visited twice: at move 1 and again at move 3",
        ),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        grundy()
            .args(["tour", "verify", file.to_str().unwrap()])
            .assert()
            .code(1)
            .stdout(predicate::str::contains(fault));
        let output = grundy()
            .args(["tour", "verify", file.to_str().unwrap(), "--json"])
            .output()
            .unwrap();
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["valid"], false, "{report}");
    }
    let word_file = dir.join("word.txt");
    std::fs::write(&word_file, "1 4 7 10\n8 11 2 5\n3 6 x 12\n").unwrap();
    grundy()
        .args(["tour", "verify", word_file.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("square c3 holds `x`"));
}

#[test]
fn writes_an_svg() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tour.svg");
    grundy()
        .args(["tour", "6x6", "--closed", "--svg", file.to_str().unwrap()])
        .assert()
        .success();
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("<polyline") && svg.trim_end().ends_with("</svg>")
    );
}

#[test]
fn counts_match_oeis() {
    let count = |args: &[&str]| json_of(args)["count"].as_u64().unwrap();
    assert_eq!(count(&["tour", "count", "5x5", "--json"]), 1728);
    assert_eq!(
        count(&["tour", "count", "5x5", "--undirected", "--json"]),
        864
    );
    assert_eq!(
        count(&["tour", "count", "5x5", "--start", "a1", "--json"]),
        304
    );
    assert_eq!(count(&["tour", "count", "3x10", "--closed", "--json"]), 16);
    grundy()
        .args(["tour", "count", "3x7"])
        .assert()
        .success()
        .stdout(predicate::str::contains("count      104"));
}

/// The 6x6 counts, through the command: closed by the frontier program, directed open by the
/// search on both cores (half a minute to a minute and a half on two cores, so it runs only
/// with `cargo test --release -- --ignored`, as `.ci/run` does).
#[test]
#[ignore = "exhaustive 6x6 count: run with --ignored"]
fn six_by_six_counts_match_oeis() {
    let count = |args: &[&str]| json_of(args)["count"].as_u64().unwrap();
    assert_eq!(
        count(&["tour", "count", "6x6", "--closed", "--json"]),
        9_862
    );
    assert_eq!(
        count(&["tour", "count", "5x8", "--closed", "--json"]),
        44_202
    );
    assert_eq!(count(&["tour", "count", "6x6", "--json"]), 6_637_920);
}

/// Squares no tour starts on are refused at once, by the colour argument on odd boards and the
/// edge-row argument on 4×n boards, instead of a search that never ends.
#[test]
fn impossible_starts_answer_no_at_once() {
    for (board, start, reason) in [
        ("7x7", "b1", "colour of a1"),
        ("4x10", "a3", "Schwenk (1991)"),
        ("4x12", "a3", "Schwenk (1991)"),
        ("4x20", "a3", "Schwenk (1991)"),
        ("10x4", "b5", "first and last columns"),
    ] {
        grundy()
            .args(["tour", board, "--start", start])
            .timeout(Duration::from_secs(20))
            .assert()
            .code(1)
            .stdout(predicate::str::starts_with("no:"))
            .stdout(predicate::str::contains(reason));
    }
    let output = grundy()
        .args(["tour", "7x7", "--start", "b1", "--json"])
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let value: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["exists"], false);
    assert_eq!(value["start"], "b1");
}

/// Every edge square of a long 4×n board starts a tour, found by the two-halves search where
/// the plain search lost itself (4x11 from c1 ran out of a budget of 100,000,000 nodes); on
/// boards with a side of 3 the frontier program finds them.
#[test]
fn four_row_boards_give_tours_from_every_edge_square() {
    for (board, start) in [
        ("4x11", "c1"),
        ("4x12", "f4"),
        ("4x1000", "ab1"),
        ("999x4", "a500"),
        // By the exact frontier program, where backtracking ran out of budget.
        ("3x21", "i1"),
        ("21x3", "b12"),
        ("5x13", "c3"),
    ] {
        let value = json_of(&["tour", board, "--start", start, "--json"]);
        let (rows, cols) = (
            value["rows"].as_u64().unwrap(),
            value["cols"].as_u64().unwrap(),
        );
        assert_valid_path(&value, rows, cols);
        assert_eq!(value["start"], start);
    }
    grundy()
        .args(["tour", "exists", "4x11", "--start", "c1"])
        .timeout(Duration::from_secs(20))
        .assert()
        .success()
        .stdout(predicate::str::starts_with("yes:"));
}

/// Where the theorems leave a square open, the search is bounded and says so.
#[test]
fn an_undecided_start_gives_up_within_the_budget() {
    grundy()
        .args([
            "tour",
            "9x9",
            "--start",
            "c5",
            "--method",
            "backtrack",
            "--limit",
            "10",
        ])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "within the search budget of 10 nodes",
        ));
    grundy()
        .args(["tour", "exists", "9x9", "--start", "c5", "--limit", "10"])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("unknown:"));
}

#[test]
fn exists_honours_start_and_closed() {
    let answer = |args: &[&str]| {
        let output = grundy()
            .args(["tour", "exists"])
            .args(args)
            .arg("--json")
            .timeout(Duration::from_secs(20))
            .output()
            .unwrap();
        let value: Value = serde_json::from_slice(&output.stdout).unwrap();
        let exists = value["exists"].as_bool();
        assert_eq!(output.status.success(), exists == Some(true), "{args:?}");
        exists
    };
    assert_eq!(answer(&["4x5", "--start", "d2"]), Some(false));
    assert_eq!(answer(&["4x5", "--start", "d1"]), Some(true));
    assert_eq!(answer(&["5x5", "--start", "b1"]), Some(false));
    assert_eq!(answer(&["5x5", "--start", "c3"]), Some(true));
    assert_eq!(answer(&["7x7", "--start", "a1"]), Some(true));
    assert_eq!(answer(&["3x7", "--start", "d2"]), Some(false));
    // Decided exactly by the frontier program where backtracking runs out of budget.
    assert_eq!(answer(&["3x21", "--start", "i1"]), Some(true));
    assert_eq!(answer(&["3x21", "--start", "e3"]), Some(true));
    assert_eq!(answer(&["6x6", "--closed", "--start", "b1"]), Some(true));
    assert_eq!(answer(&["5x6", "--closed", "--start", "a1"]), Some(true));
    assert_eq!(answer(&["5x5", "--closed", "--start", "a1"]), Some(false));
    grundy()
        .args(["tour", "exists", "4x5", "--start", "d2"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("no:"))
        .stdout(predicate::str::contains("d2"));
}

/// `grundy tour verify` reads what `grundy tour` prints, text and JSON, and still reads plain
/// grids; a printed tour with two numbers swapped is caught.
#[test]
fn verify_reads_what_tour_prints() {
    let scratch = tempfile::tempdir().unwrap();
    for args in [
        vec!["tour", "8x8"],
        vec!["tour", "8x8", "--closed"],
        vec!["tour", "5x5", "--start", "c3", "--method", "backtrack"],
        vec!["tour", "12x30", "--closed"],
        vec!["tour", "3x4"],
        vec!["tour", "8x8", "--json"],
        vec!["tour", "find", "6x6", "--closed", "--json"],
    ] {
        let printed = grundy().args(&args).output().unwrap();
        assert!(printed.status.success(), "{args:?}");
        let file = scratch.path().join("printed");
        std::fs::write(&file, &printed.stdout).unwrap();
        let closed = args.contains(&"--closed");
        grundy()
            .args(["tour", "verify", file.to_str().unwrap()])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(if closed {
                "valid closed knight's tour"
            } else {
                "valid "
            }));
    }
    let printed =
        String::from_utf8(grundy().args(["tour", "5x5"]).output().unwrap().stdout).unwrap();
    // Swap moves 1 and 2 in the drawing (not the row numbers before them): no longer a tour.
    let swapped = printed
        .lines()
        .map(|line| {
            if line.starts_with(|c: char| c.is_ascii_digit()) {
                line.split(' ')
                    .enumerate()
                    .map(|(at, word)| match word {
                        "1" if at > 0 => "2",
                        "2" if at > 0 => "1",
                        other => other,
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let file = scratch.path().join("swapped");
    std::fs::write(&file, swapped).unwrap();
    grundy()
        .args(["tour", "verify", file.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("not a valid tour of 5x5"));
    let summary = scratch.path().join("summary");
    std::fs::write(
        &summary,
        grundy().args(["tour", "101x101"]).output().unwrap().stdout,
    )
    .unwrap();
    fails_with(
        &["tour", "verify", summary.to_str().unwrap()],
        "give it as JSON, which lists every square",
    );
}

/// Issue 30: long narrow boards were refused by the 36-square cap of the open count's search;
/// the frontier program counts them, bounded by its states (--memory), not by the squares.
#[test]
fn long_narrow_boards_count_open_tours_by_the_frontier() {
    // OEIS A169696, "Number of undirected Knight's tours on a 3 X n board" (open tours, those
    // whose ends are a knight's move apart included), a(13) to a(20): https://oeis.org/A169696.
    let a169696: [(u32, u64); 8] = [
        (13, 128_864),
        (14, 646_272),
        (15, 1_838_784),
        (16, 8_636_880),
        (17, 23_400_992),
        (18, 105_865_688),
        (19, 305_753_680),
        (20, 1_322_849_752),
    ];
    for (n, expected) in a169696 {
        let board = format!("3x{n}");
        let undirected = json_of(&["tour", "count", &board, "--undirected", "--json"]);
        assert_eq!(undirected["count"], expected, "{board}");
        assert_eq!(undirected["method"], "frontier");
        // Directed: each path from both ends, whichever way the board is turned.
        let turned = format!("{n}x3");
        let directed = json_of(&["tour", "count", &turned, "--json"]);
        assert_eq!(directed["count"], 2 * expected, "{turned}");
        assert_eq!(directed["directed"], true);
    }
    grundy()
        .args(["tour", "count", "3x13", "--undirected"])
        .assert()
        .success()
        .stdout(predicate::str::contains("count      128,864"));
    // The states are what costs: too few for the board is refused, naming `memory`.
    fails_with(
        &["tour", "count", "5x12", "--memory", "16M"],
        "`memory` 16M at 150 bytes a state",
    );
    fails_with(
        &["tour", "count", "3x13", "--start", "a1"],
        "`start` a1 counts by search",
    );
    fails_with(&["tour", "count", "6x7"], "a side of at most 5");
}

/// Counts that could not finish are refused, naming the limit.
#[test]
fn counts_that_cannot_finish_are_refused() {
    fails_with(&["tour", "count", "7x7"], "limited to 36 squares");
    fails_with(
        &["tour", "count", "8x8", "--closed"],
        "a side of 6 and the other at most 8",
    );
    fails_with(
        &["tour", "count", "6x10", "--closed"],
        "a side of 6 and the other at most 8",
    );
    fails_with(&["tour", "count", "5x1002", "--closed"], "at most 1000");
    // Beyond 128 bits the count is refused, not wrapped.
    grundy()
        .args(["tour", "count", "3x400", "--closed"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("passes 2^128 - 1"));
    // No closed tour at all: 0 by the theorem, at once, whatever the size.
    let value = crate::common::json_of(&["tour", "count", "9x9", "--closed"]);
    assert_eq!(value["count"], 0);
    assert_eq!(value["method"], "theorem");
}

/// Ctrl-C during a count prints what was counted as a lower bound and exits 130.
#[cfg(unix)]
#[test]
fn an_interrupted_count_keeps_a_lower_bound() {
    let stopped = signal_when(&["tour", "count", "6x6"], "-INT", |counts| {
        reached(counts, &["tour_count"], "nodes", 1)
    });
    let stdout = stopped.stdout;
    assert_eq!(stopped.status, Some(130), "{stdout}");
    assert!(stdout.contains("count      at least"), "{stdout}");
    assert!(stdout.contains("lower bound"), "{stdout}");
}

/// Every size the board limit accepts either works or is refused before allocating, naming
/// the limit: never an abort.
#[test]
fn outputs_at_the_size_limits_are_refused_cleanly() {
    fails_with(
        &["tour", "20000x20000", "--json"],
        "at least 4.8 GiB of JSON, more than the 1.0 GiB of memory",
    );
    fails_with(
        &["tour", "1000x1000", "--svg", "x.svg"],
        "at most 250000 squares",
    );
    fails_with(
        &["tour", "2001x2001", "--method", "backtrack"],
        "limited to 4000000 squares",
    );
}

/// The subcommands go through clap, each with examples in its help; the bare board still finds.
#[test]
fn help_has_examples_and_the_bare_board_still_finds() {
    for args in [
        vec!["tour", "--help"],
        vec!["tour", "find", "--help"],
        vec!["tour", "exists", "--help"],
        vec!["tour", "verify", "--help"],
        vec!["tour", "count", "--help"],
    ] {
        grundy()
            .args(&args)
            .assert()
            .success()
            .stdout(predicate::str::contains("Examples:"))
            .stdout(predicate::str::contains("grundy tour"));
    }
    grundy()
        .args(["tour", "--help"])
        .assert()
        .stdout(predicate::str::contains("count"))
        .stdout(predicate::str::contains("verify"));
    let bare = json_of(&["tour", "6x6", "--json"]);
    let named = json_of(&["tour", "find", "6x6", "--json"]);
    assert_eq!(bare["path"], named["path"]);
    // Flags that belong to another subcommand are refused by clap, with status 2.
    fails_with(&["tour", "count", "5x5", "--method", "divide"], "--method");
    fails_with(&["tour", "8x8", "--undirected"], "--undirected");
}

/// Ctrl-C during a closed count (which has no partial result) says so and exits 130.
#[cfg(unix)]
#[test]
fn an_interrupted_closed_count_says_it_has_no_result() {
    let stopped = signal_when(&["tour", "count", "6x8", "--closed"], "-INT", |counts| {
        reached(counts, &["frontier", "tour_count"], "done", 1)
    });
    let stderr = stopped.stderr;
    assert_eq!(stopped.status, Some(130), "{stderr}");
    assert!(stderr.contains("no partial result"), "{stderr}");
    assert!(stopped.stdout.is_empty());
}

/// A text file too large to be a tour is refused before it is read.
#[test]
fn oversized_text_tours_are_refused() {
    let scratch = tempfile::tempdir().unwrap();
    let file = scratch.path().join("huge.txt");
    let handle = std::fs::File::create(&file).unwrap();
    // A sparse file: its bytes are NUL, refused at the first one before the rest is read
    // (a text file past the limit: `verify_reads_no_more_than_a_tour_needs`).
    handle.set_len(65 << 20).unwrap();
    fails_with(
        &["tour", "verify", file.to_str().unwrap()],
        "is not text: byte 0 is NUL",
    );
}

/// A search that runs out of budget says what the theorems say, as `tour exists` does: on
/// 3x30 closed and 4x20 open a tour exists, so "the theorems do not decide" would be false.
#[test]
fn a_search_out_of_budget_says_what_the_theorems_say() {
    for (board, closed, kind) in [("3x30", true, "closed"), ("4x20", false, "open")] {
        let mut find = vec!["tour", board, "--method", "backtrack", "--limit", "1000"];
        let mut exists = vec!["tour", "exists", board];
        if closed {
            find.push("--closed");
            exists.push("--closed");
        }
        let decided = grundy().args(&exists).output().unwrap();
        let decided = String::from_utf8(decided.stdout).unwrap();
        assert!(decided.starts_with("yes: "), "{decided}");
        let output = grundy().args(&find).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(1), "{find:?}: {stderr}");
        assert!(stderr.contains("search budget of 1000 nodes"), "{stderr}");
        assert!(!stderr.contains("do not decide"), "{find:?}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "has a{} {kind} knight's tour",
                if closed { "" } else { "n" }
            )),
            "{find:?}: {stderr}"
        );
        assert!(
            stderr.contains(decided.trim_start_matches("yes: ").trim_end()),
            "{find:?} gives the reason `tour exists` gives: {stderr}"
        );
    }
}

/// "a closed", "an open": the article agrees with the word after it.
#[test]
fn existence_reasons_use_the_right_article() {
    for (args, phrase) in [
        (
            vec!["tour", "exists", "6x6", "--closed"],
            "has a closed knight's tour",
        ),
        (vec!["tour", "exists", "5x5"], "has an open knight's tour"),
    ] {
        let output = grundy().args(&args).output().unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(stdout.contains(phrase), "{args:?}: {stdout}");
        assert!(
            !stdout.contains("an closed") && !stdout.contains("a open"),
            "{stdout}"
        );
    }
}

/// A tour file saved with a UTF-8 byte-order mark (as Notepad saves) is read as without it,
/// JSON and grids alike.
#[test]
fn verify_reads_past_a_byte_order_mark() {
    let scratch = tempfile::tempdir().unwrap();
    let printed = grundy().args(["tour", "5x5"]).output().unwrap().stdout;
    let printed = String::from_utf8(printed).unwrap();
    // The rows of move numbers alone, without the title and the column letters.
    let grid: String = printed
        .lines()
        .filter(|line| line.starts_with(|c: char| c.is_ascii_digit()))
        .map(|line| {
            line.split_whitespace()
                .skip(1)
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let json = grundy()
        .args(["tour", "5x5", "--json"])
        .output()
        .unwrap()
        .stdout;
    for (name, text) in [("grid", grid.into_bytes()), ("json", json)] {
        let file = scratch.path().join(name);
        let mut marked = b"\xef\xbb\xbf".to_vec();
        marked.extend_from_slice(&text);
        std::fs::write(&file, marked).unwrap();
        grundy()
            .args(["tour", "verify", file.to_str().unwrap()])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(
                "valid open knight's tour of 5x5",
            ));
    }
}

/// Issue 30: `tour 1000x1000 --method neural --restarts 1000000000` ran with no answer and no
/// progress. The restarts are bounded by the network's work (refused past it, naming the most
/// the board allows), and Ctrl-C stops them and joins the best cover so far.
#[cfg(unix)]
#[test]
fn neural_restarts_are_bounded_and_stop_on_ctrl_c() {
    fails_with(
        &[
            "tour",
            "1000x1000",
            "--method",
            "neural",
            "--restarts",
            "1000000000",
        ],
        "so at most 10 restarts",
    );
    let stopped = signal_when(
        &[
            "tour",
            "40x40",
            "--method",
            "neural",
            "--restarts",
            "6000",
            "--closed",
        ],
        "-INT",
        // Once a restart has settled into a cover, which the stop then joins into a tour.
        |counts| reached(counts, &["restarts"], "settled", 1),
    );
    let (stdout, stderr) = (stopped.stdout, stopped.stderr);
    assert_eq!(stopped.status, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("Ctrl-C stopped the restarts"), "{stdout}");
    assert!(stdout.contains("verified   1600 squares"), "{stdout}");
}
