//! The `grundy` command on games of several pieces and on other surfaces: every two-piece value
//! of Boone (2016), *Abstractions and Analyses of Grid Games* (Figures A.1.4–A.1.9), under the ray rule that reproduces each figure, and the
//! handling of positions and bad input.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::common::{fails_with, grundy, json_of};

/// (rows, cols) -> nimber for `game`, from the published tables of Boone (2016).
fn published(game: &str) -> HashMap<(u64, u64), u64> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../grundy/tests/oracles/placement-nimbers.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read the oracle {}: {e}", path.display()));
    text.lines()
        .skip(1)
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .filter(|fields| fields[0] == game)
        .map(|fields| {
            let number = |i: usize| fields[i].parse::<u64>().expect("numeric field");
            ((number(1), number(2)), number(3))
        })
        .collect()
}

/// The cells of `game`'s 6x6 table under `rays` that differ from the published figure, and
/// how many published cells were compared.
fn differences(game: &str, rays: &str) -> (Vec<String>, usize) {
    let expected = published(game);
    let table = json_of(&[
        "table", game, "--rays", rays, "--rows", "1-6", "--cols", "1-6",
    ]);
    let mut differ = Vec::new();
    let mut compared = 0;
    for m in 1..=6u64 {
        for n in 1..=6u64 {
            let computed = table["nimbers"][m as usize - 1][n as usize - 1]
                .as_u64()
                .unwrap();
            if let Some(&value) = expected.get(&(m, n)) {
                compared += 1;
                if value != computed {
                    differ.push(format!("{m}x{n}"));
                }
            }
        }
    }
    assert_eq!(
        compared,
        expected.len(),
        "{game}: every published cell is in 1-6 x 1-6"
    );
    (differ, compared)
}

/// Figure A.1.4 (26 values): lines through or blocked, both reproduce it.
#[test]
fn bishops_knights_reproduces_figure_a_1_4() {
    assert_eq!(differences("bishops+knights", "through"), (vec![], 26));
    assert_eq!(differences("bishops+knights", "blocked"), (vec![], 26));
}

/// Figure A.1.5 (30 values): reproduced with lines passing through; blocked lines differ in
/// five cells.
#[test]
fn bishops_rooks_reproduces_figure_a_1_5_with_lines_through() {
    assert_eq!(differences("bishops+rooks", "through"), (vec![], 30));
    let (differ, _) = differences("bishops+rooks", "blocked");
    assert_eq!(differ, ["3x4", "3x5", "4x3", "4x4", "5x3"]);
}

/// Figure A.1.6 (33 values): reproduced only with blocked lines; lines through differ in nine
/// cells.
#[test]
fn bishops_queens_reproduces_figure_a_1_6_with_blocked_lines() {
    assert_eq!(differences("bishops+queens", "blocked"), (vec![], 33));
    let (differ, _) = differences("bishops+queens", "through");
    assert_eq!(
        differ,
        ["3x5", "3x6", "4x5", "4x6", "5x3", "5x4", "5x5", "6x3", "6x4"]
    );
}

/// Figure A.1.7 (26 values): no line pieces, so the ray rule cannot matter.
#[test]
fn kings_knights_reproduces_figure_a_1_7() {
    assert_eq!(differences("kings+knights", "through"), (vec![], 26));
}

/// Figure A.1.8 (30 values): reproduced with lines passing through; blocked lines differ in
/// nine cells.
#[test]
fn knights_queens_reproduces_figure_a_1_8_with_lines_through() {
    assert_eq!(differences("knights+queens", "through"), (vec![], 30));
    let (differ, _) = differences("knights+queens", "blocked");
    assert_eq!(
        differ,
        ["2x3", "2x6", "3x2", "3x3", "3x5", "4x5", "5x3", "5x4", "6x2"]
    );
}

/// Figure A.1.9 (36 values): both rules reproduce it.
#[test]
fn queens_rooks_reproduces_figure_a_1_9() {
    assert_eq!(differences("queens+rooks", "through"), (vec![], 36));
    assert_eq!(differences("queens+rooks", "blocked"), (vec![], 36));
}

#[test]
fn value_and_moves_name_the_pieces() {
    let value = json_of(&["value", "knights+bishops", "3x3"]);
    assert_eq!(value["game"], "bishops+knights");
    assert_eq!(value["nimber"], 3);
    let all = json_of(&["moves", "bishops+knights", "3x3", "--all"]);
    let moves = all["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 18, "nine squares, two pieces each");
    assert_eq!(all["legal_moves"], 18);
    // Each move's value is the value of the position it leads to.
    for m in moves
        .iter()
        .filter(|m| m["square"] == "b2" || m["square"] == "a1")
    {
        let letter = if m["piece"] == "bishops" { "B" } else { "N" };
        let position = if m["square"] == "b2" {
            format!(".../.{letter}./...")
        } else {
            format!("{letter}../.../...")
        };
        let after = json_of(&["value", "bishops+knights", "3x3", "--position", &position]);
        assert_eq!(after["nimber"], m["nimber"], "{m}");
    }
    let winning = json_of(&["moves", "bishops+knights", "3x3"]);
    for m in winning["moves"].as_array().unwrap() {
        assert_eq!(m["nimber"], 0);
        assert!(moves.contains(m), "{m}");
    }
    let text = grundy()
        .args(["moves", "bishops+knights", "3x3", "--all"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("B/N"), "{text}");
}

#[test]
fn positions_must_arise_in_play() {
    // A bishop on a1 attacks the knight on b2, which does not attack it: the knight came first.
    let ok = json_of(&[
        "value",
        "bishops+knights",
        "3x3",
        "--position",
        "B../.N./...",
    ]);
    assert_eq!(ok["to_move"], "first");
    // Two rooks on one row attack each other.
    fails_with(
        &["value", "queens+rooks", "3x3", "--position", "R.R/.../..."],
        "attack each other",
    );
    // a1 attacks c3 attacks b1 attacks c2 attacks a1, and no two attack each other both
    // ways: whichever came last stood on an attacked square.
    fails_with(
        &[
            "value",
            "bishops+knights",
            "3x4",
            "--position",
            "BB../..N./..N.",
        ],
        "whichever of them was placed last",
    );
    // With blocked lines a piece between two rooks shields them from each other.
    let blocked = json_of(&[
        "value",
        "bishops+rooks",
        "1x3",
        "--position",
        "RBR",
        "--rays",
        "blocked",
    ]);
    assert_eq!(blocked["nimber"], 0);
    fails_with(
        &["value", "bishops+rooks", "1x3", "--position", "RBR"],
        "attack each other",
    );
    fails_with(
        &[
            "value",
            "bishops+knights",
            "3x3",
            "--position",
            "Q../.../...",
        ],
        "`B` for a bishops piece or `N` for a knights piece",
    );
}

#[test]
fn other_surfaces_through_every_command() {
    let torus = json_of(&["value", "knights", "4x4", "--board", "torus"]);
    assert_eq!(torus["surface"], "torus");
    let moves = json_of(&["moves", "knights", "5x5", "--board", "mobius", "--all"]);
    let value = json_of(&["value", "knights", "5x5", "--board", "mobius"]);
    let outcome = json_of(&["outcome", "knights", "5x5", "--board", "mobius"]);
    assert_eq!(outcome["outcome"], value["outcome"]);
    let listed: Vec<u64> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["nimber"].as_u64().unwrap())
        .collect();
    let mut mex = 0;
    while listed.contains(&mex) {
        mex += 1;
    }
    assert_eq!(
        value["nimber"], mex,
        "the value is the mex of the moves' values"
    );
    // Knights on a1 and d3 of 3x4 are two columns and one row apart only across the seam.
    let apart = json_of(&["value", "knights", "3x4", "--position", "N.../..../...N"]);
    assert_eq!(apart["surface"], "rectangle");
    fails_with(
        &[
            "value",
            "knights",
            "3x4",
            "--board",
            "cylinder",
            "--position",
            "N.../..../...N",
        ],
        "attack each other",
    );
    let table = json_of(&[
        "table", "knights", "--board", "cylinder", "--rows", "2-3", "--cols", "3-4",
    ]);
    assert_eq!(table["surface"], "cylinder");
    for (board, cell) in [("2x3", (0, 0)), ("3x4", (1, 1))] {
        let value = json_of(&["value", "knights", board, "--board", "cylinder"]);
        assert_eq!(table["nimbers"][cell.0][cell.1], value["nimber"], "{board}");
    }
}

#[test]
fn bad_rules_are_refused() {
    fails_with(&["value", "knights", "5x5", "--board", "sphere"], "sphere");
    fails_with(&["value", "queens+rooks", "5x5", "--rays", "bent"], "bent");
    fails_with(&["value", "knights+knights", "5x5"], "twice");
    fails_with(&["value", "camels+zebras", "5x5"], "`L`");
    fails_with(&["value", "knights+pawns", "5x5"], "pawns");
    fails_with(&["table", "bishops+pawns"], "pawns");
    fails_with(
        &["value", "kayles", "3", "--board", "torus"],
        "placement games",
    );
}

/// `--svg` draws each piece with its own letter and, with `moves --all`, the values of every
/// piece's move on each square, as the text board does.
#[test]
fn svg_pictures_of_several_pieces_show_each_piece_and_every_value() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("value.svg");
    grundy()
        .args([
            "value",
            "bishops+knights",
            "4x4",
            "--position",
            "B.../..../.N../....",
            "--svg",
        ])
        .arg(&path)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(svg.matches(">B</text>").count(), 1, "{svg}");
    assert_eq!(svg.matches(">N</text>").count(), 1, "{svg}");

    let path = dir.path().join("moves.svg");
    let out = grundy()
        .args(["moves", "bishops+knights", "3x3", "--all", "--svg"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(
        svg.contains("bishops+knights on 3x3: nim-value *3"),
        "{svg}"
    );
    // The text board's labels, such as 1/5 on a corner, are the picture's labels.
    let text = String::from_utf8_lossy(&out.stdout);
    let labels: Vec<&str> = text
        .lines()
        .skip(2)
        .take(3)
        .flat_map(|line| line.split_whitespace().skip(1))
        .collect();
    assert_eq!(labels.len(), 9, "{text}");
    assert!(labels.contains(&"1/5"), "{text}");
    for label in labels {
        assert!(svg.contains(&format!(">{label}</text>")), "{label}: {svg}");
    }
}

/// The attack graph's facts are those of one piece: `graph` refuses several, saying why.
#[test]
fn graph_refuses_several_pieces_and_says_why() {
    fails_with(
        &["graph", "bishops+knights", "3x3"],
        "its positions are not the independent sets of one graph",
    );
    fails_with(
        &["graph", "bishops+knights", "3x3", "--json"],
        "`grundy graph bishops 3x3` or `grundy graph knights 3x3`",
    );
}
