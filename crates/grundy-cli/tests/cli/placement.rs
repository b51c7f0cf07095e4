//! The `grundy` command on the placement games, checked against published values and for its
//! handling of bad input.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::common::{fails_with, grundy, json_of};

fn oracle_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../grundy/tests/oracles")
        .join(name)
}

/// (game, rows, cols) -> nimber, from the published tables of seed 000.
fn published_nimbers() -> HashMap<(String, u32, u32), u32> {
    let path = oracle_path("placement-nimbers.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read the oracle {}: {e}", path.display()));
    text.lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let number = |i: usize| fields[i].parse::<u32>().expect("numeric field");
            ((fields[0].to_string(), number(1), number(2)), number(3))
        })
        .collect()
}

#[test]
fn tables_reproduce_every_published_single_piece_value() {
    let published = published_nimbers();
    let mut checked = 0;
    for game in ["knights", "bishops", "rooks", "queens", "kings"] {
        let table = json_of(&["table", game, "--rows", "1-6", "--cols", "1-6"]);
        let rows: Vec<u64> = serde_json::from_value(table["rows"].clone()).unwrap();
        let cols: Vec<u64> = serde_json::from_value(table["cols"].clone()).unwrap();
        for (i, &m) in rows.iter().enumerate() {
            for (j, &n) in cols.iter().enumerate() {
                let computed = table["nimbers"][i][j].as_u64().unwrap() as u32;
                if let Some(&expected) = published.get(&(game.to_string(), m as u32, n as u32)) {
                    assert_eq!(computed, expected, "{game} {m}x{n}");
                    checked += 1;
                }
            }
        }
    }
    let single_piece = published
        .keys()
        .filter(|(game, _, _)| !game.contains('+'))
        .count();
    assert_eq!(
        checked, single_piece,
        "every single-piece oracle row was compared"
    );
    assert_eq!(checked, 180);
}

#[test]
fn value_reports_nimber_and_outcome() {
    let published = published_nimbers();
    for (game, board, m, n) in [
        ("knights", "3x5", 3, 5),
        ("knights", "5x5", 5, 5),
        ("queens", "5x5", 5, 5),
        ("kings", "5x5", 5, 5),
        ("bishops", "3x3", 3, 3),
        ("rooks", "6x5", 6, 5),
    ] {
        let report = json_of(&["value", game, board]);
        let expected = published[&(game.to_string(), m, n)];
        assert_eq!(report["nimber"], expected, "{game} {board}");
        let outcome = if expected == 0 { "P" } else { "N" };
        assert_eq!(report["outcome"], outcome, "{game} {board}");
    }
    let text = grundy().args(["value", "knights", "5x5"]).output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("*1") && text.contains("wins"), "{text}");
}

#[test]
fn positions_are_about_the_game_that_remains() {
    // After a queen on b1 of 4x4 the free squares are a3, a4, c3, c4, d2, d3:
    // the same game as the empty board minus what b1 takes.
    let after = json_of(&[
        "value",
        "queens",
        "4x4",
        "--position",
        ".Q../..../..../....",
    ]);
    let moves = json_of(&["moves", "queens", "4x4", "--all"]);
    let b1 = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["square"] == "b1")
        .expect("b1 is a legal first move");
    assert_eq!(after["nimber"], b1["nimber"]);
    assert_eq!(after["to_move"], "second");
}

#[test]
fn winning_moves_lead_to_zero() {
    let report = json_of(&["moves", "knights", "5x5"]);
    let moves = report["moves"].as_array().unwrap();
    assert!(!moves.is_empty(), "5x5 knights is a first-player win");
    for m in moves {
        assert_eq!(m["nimber"], 0);
        let square = m["square"].as_str().unwrap();
        let position = position_with_knight(5, 5, square);
        let after = json_of(&["value", "knights", "5x5", "--position", &position]);
        assert_eq!(after["nimber"], 0, "after {square}");
    }
    // Theorem 2.2.2: the centre is a winning first move on odd x odd boards.
    assert!(moves.iter().any(|m| m["square"] == "c3"));
    let all = json_of(&["moves", "knights", "5x5", "--all"]);
    assert_eq!(all["moves"].as_array().unwrap().len(), 25);
}

fn position_with_knight(rows: usize, cols: usize, square: &str) -> String {
    let col = (square.as_bytes()[0] - b'a') as usize;
    let row: usize = square[1..].parse().unwrap();
    (1..=rows)
        .map(|r| {
            (0..cols)
                .map(|c| if r == row && c == col { 'N' } else { '.' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn bad_input_is_refused_with_a_clear_message() {
    fails_with(&["value", "knights", "0x5"], "0x5");
    fails_with(&["value", "knights", "17x16"], "17x16");
    fails_with(&["value", "knights", "5by5"], "5by5");
    fails_with(&["value", "pawns", "5x5"], "pawns");
    fails_with(&["value", "leaper:0,0", "5x5"], "leaper:0,0");
    fails_with(&["value", "knights"], "board size");
    fails_with(&["value", "knights", "5x5", "6x6"], "6x6");
    fails_with(
        &[
            "value",
            "queens",
            "4x4",
            "--position",
            "Q.Q./..../..../....",
        ],
        "attack each other",
    );
    fails_with(
        &["value", "queens", "4x4", "--position", "..../..../...."],
        "3 rows",
    );
    fails_with(
        &[
            "value",
            "queens",
            "4x4",
            "--position",
            "..N./..../..../....",
        ],
        "`N`",
    );
    fails_with(&["value", "knights", "5x5", "--memory", "lots"], "lots");
    fails_with(&["table", "knights", "--rows", "0-3"], "0-3");
    fails_with(
        &["table", "knights", "--rows", "1-20", "--cols", "1-20"],
        "at most 256",
    );
}

#[test]
fn every_command_has_help() {
    for command in ["value", "moves", "outcome", "table", "bench"] {
        let output = grundy().args([command, "--help"]).output().unwrap();
        assert!(output.status.success(), "{command} --help");
        assert!(String::from_utf8(output.stdout).unwrap().contains("Usage"));
    }
}

#[test]
fn outcome_agrees_with_the_nim_value_and_names_a_winning_move() {
    for (game, board) in [
        ("knights", "5x5"),
        ("queens", "6x6"),
        ("kings", "4x5"),
        ("queens", "10x10"),
    ] {
        let value = json_of(&["value", game, board]);
        let outcome = json_of(&["outcome", game, board]);
        assert_eq!(outcome["outcome"], value["outcome"], "{game} {board}");
        assert!(outcome["nodes"].as_u64().unwrap() > 0);
        match outcome["winning_move"].as_str() {
            None => assert_eq!(outcome["outcome"], "P"),
            Some(square) => {
                let winning = winning_squares(&["moves", game, board]);
                assert!(
                    winning.iter().any(|w| w == square),
                    "{game} {board}: {square} not in {winning:?}"
                );
            }
        }
    }
}

/// Who wins the queens game on n x n, as Jenrich (2014) published it for n <= 16: `outcome`
/// agrees on every board up to 14 x 14 (15 and 16 take minutes; see docs/PERFORMANCE.md).
#[test]
fn queens_outcomes_match_the_published_winners() {
    let text = std::fs::read_to_string(oracle_path("queens-game-outcomes.tsv")).unwrap();
    let mut checked = 0;
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let n: u32 = fields[0].parse().expect("numeric n");
        if n > 14 {
            continue;
        }
        let board = format!("{n}x{n}");
        let outcome = json_of(&["outcome", "queens", &board]);
        let winner = if outcome["outcome"] == "N" {
            "first"
        } else {
            "second"
        };
        assert_eq!(winner, fields[1], "queens {board}");
        checked += 1;
    }
    assert_eq!(checked, 14);
}

/// On an odd board the centre leaves a position the second player wins by point reflection
/// (seed 004, section 4): found without search, so even 15x15 is answered at once, and a
/// second search (`moves`, square by square) agrees that the centre wins on a smaller board.
#[test]
fn odd_boards_are_won_by_the_centre_without_search() {
    for (board, centre) in [("9x9", "e5"), ("13x13", "g7"), ("15x15", "h8")] {
        let outcome = json_of(&["outcome", "queens", board]);
        assert_eq!(outcome["outcome"], "N", "{board}");
        assert_eq!(outcome["winning_move"], centre, "{board}");
        assert_eq!(outcome["nodes"], 0, "{board}");
    }
    let winning = winning_squares(&["moves", "queens", "9x9"]);
    assert!(winning.iter().any(|w| w == "e5"), "{winning:?}");
}

/// The squares of the winning moves `grundy` lists for a `moves` command.
fn winning_squares(args: &[&str]) -> Vec<String> {
    json_of(args)["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["square"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn an_outcome_search_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("queens8.jsonl");
    let file = path.to_str().unwrap();
    let full = json_of(&[
        "outcome",
        "queens",
        "8x8",
        "--checkpoint",
        file,
        "--threads",
        "1",
    ]);
    let lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert!(
        lines.len() >= 3,
        "a header and settled first moves: {lines:?}"
    );
    // Keep the header and the first settled move, as if the search had been stopped there.
    std::fs::write(&path, format!("{}\n{}\n", lines[0], lines[1])).unwrap();
    let resumed = json_of(&["outcome", "queens", "8x8", "--checkpoint", file]);
    assert_eq!(resumed["resumed_from_checkpoint"], 1);
    assert_eq!(resumed["outcome"], full["outcome"]);
    assert_eq!(resumed["outcome"], "N");
    // A checkpoint of another search is refused, not silently reused.
    fails_with(
        &["outcome", "queens", "7x7", "--checkpoint", file],
        "not for this search",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_value_search_resumes_from_its_checkpoint_and_agrees_with_one_thread() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("queens7.jsonl");
    let file = path.to_str().unwrap();
    let full = json_of(&["value", "queens", "7x7", "--checkpoint", file]);
    assert_eq!(full["nimber"], 2, "OEIS A344227: queens 7x7 is *2");
    let lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    // Values 0 and 1 are each left by some first move, so both rounds are recorded.
    assert!(lines.iter().any(|l| l.contains("\"value\":1")), "{lines:?}");
    std::fs::write(&path, format!("{}\n{}\n", lines[0], lines[1])).unwrap();
    let resumed = json_of(&["value", "queens", "7x7", "--checkpoint", file]);
    assert_eq!(resumed["resumed_from_checkpoint"], 1);
    assert_eq!(resumed["nimber"], 2);
    let one_thread = json_of(&["value", "queens", "7x7", "--threads", "1"]);
    assert_eq!(one_thread["nimber"], 2);
    assert_eq!(one_thread["threads"], 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `grundy value` (the parallel first-move search) reproduces OEIS A344227 for n <= 10, and
/// `grundy outcome` agrees with it.
#[test]
fn value_and_outcome_reproduce_the_queens_sequence() {
    let published = [1, 1, 2, 1, 3, 1, 2, 3, 1, 0];
    for (n, &expected) in (1..).zip(published.iter()) {
        let board = format!("{n}x{n}");
        let value = json_of(&["value", "queens", &board]);
        assert_eq!(value["nimber"], expected, "queens {board}");
        let outcome = json_of(&["outcome", "queens", &board]);
        let expected_outcome = if expected == 0 { "P" } else { "N" };
        assert_eq!(outcome["outcome"], expected_outcome, "queens {board}");
        assert!(outcome["nodes"].is_u64());
    }
}
