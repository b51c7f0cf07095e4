//! The `grundy` command on Cram (dominoes put on a board), end to end: every command takes
//! `cram MxN [at POSITION]` through the registry, alone, in sums and under misère play.

use crate::common::{fails_with, grundy, json_of};
use predicates::str::contains;

#[test]
fn value_moves_and_outcome_answer_cram_with_its_board() {
    let report = json_of(&["value", "cram", "4x5"]);
    assert_eq!(report["game"], "cram");
    assert_eq!(report["board"], "4x5");
    assert_eq!(report["position"], "...../...../...../.....");
    // Beling's table (tests/oracles/cram-nimbers.tsv).
    assert_eq!(report["nimber"], 2);
    grundy()
        .args(["value", "cram", "4x5"])
        .assert()
        .success()
        .stdout(contains("nim-value  *2"));

    // Both sides even: the second player mirrors, so 0 without search.
    let even = json_of(&["value", "cram", "4x4"]);
    assert_eq!(
        (&even["nimber"], &even["positions_searched"]),
        (&0.into(), &0.into())
    );
    assert!(even["settled_by"]
        .as_str()
        .unwrap()
        .starts_with("mirror play"));

    // 2x3: the three dominoes down win (each leaves two separate dominoes' room: *1 + *1).
    let moves = json_of(&["moves", "cram", "2x3", "--all"]);
    assert_eq!(
        (&moves["legal_moves"], &moves["winning_moves"]),
        (&7.into(), &3.into())
    );
    let winning: Vec<&str> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(winning, ["a1-a2", "b1-b2", "c1-c2"]);
    // The game after each move is written as a game that reads back, with the value it said.
    for listed in moves["moves"].as_array().unwrap() {
        let after = listed["after"].as_str().unwrap();
        assert_eq!(
            json_of(&["value", after])["nimber"],
            listed["nimber"],
            "{after}"
        );
    }

    // One side even, the other odd: the first player wins by the centre domino, then mirrors.
    let outcome = json_of(&["outcome", "cram", "5x6"]);
    assert_eq!(outcome["outcome"], "N");
    assert_eq!(outcome["winning_move"]["move"], "c3-d3");
    assert_eq!(outcome["positions_searched"], 0);
    let after = outcome["winning_move"]["after"].as_str().unwrap();
    assert_eq!(after, "cram 5x6 at ....../....../..##../....../......");
    assert_eq!(json_of(&["value", after])["nimber"], 0);
}

#[test]
fn a_position_with_dominoes_placed_reads_and_is_refused_when_malformed() {
    let report = json_of(&["value", "cram 3x4 at #.../#.../...."]);
    assert_eq!(report["position"], "#.../#.../....");
    assert_eq!(report["to_move"], "second");
    fails_with(
        &["value", "cram", "12x11"],
        "at most 128 squares: 12x11 has 132",
    );
    fails_with(&["value", "cram", "3x3", "torus"], "played on a rectangle");
    fails_with(
        &["value", "cram", "3x3", "at", "..x/.../..."],
        "`x` in row 1",
    );
    fails_with(&["value", "cram"], "needs a board size");
    fails_with(&["moves", "cram 2x2 at .../.."], "row 1 has 3 squares");
    fails_with(
        &["table", "cram", "--rows", "12", "--cols", "11"],
        "12x11 has 132",
    );
    fails_with(&["table", "cram", "--board", "torus"], "not for `cram`");
}

#[test]
fn sums_and_misere_play_take_cram() {
    // 3x3 Cram is 0, Kayles 5 is *4, knights on 3x3 *1.
    let sum = json_of(&["value", "cram 3x3 + kayles 5 + knights 3x3"]);
    assert_eq!(sum["nimber"], 5);
    assert_eq!(sum["summands"][0]["game"], "cram 3x3");
    let misere = json_of(&["value", "--misere", "cram", "3x4"]);
    assert_eq!(misere["convention"], "misere");
    assert_eq!(misere["outcome"], "P");
    let misere_sum = json_of(&["outcome", "--misere", "cram 2x2 + cram 1x3"]);
    // 2x2 always takes two dominoes and 1x3 one: the first player makes the third, last
    // move and loses.
    assert_eq!(misere_sum["outcome"], "P");
}

#[test]
fn the_table_settles_the_even_boards_and_searches_the_rest() {
    let table = json_of(&["table", "cram", "--rows", "1-4", "--cols", "1-6"]);
    // Row 1 is Dawson's Kayles (0.07); 4x4, 4x5 and 4x6 are Beling's.
    assert_eq!(table["nimbers"][0], serde_json::json!([0, 1, 1, 2, 0, 3]));
    assert_eq!(table["nimbers"][3], serde_json::json!([2, 0, 1, 0, 2, 0]));
    assert!(table["settled_by"][3][3]
        .as_str()
        .unwrap()
        .starts_with("mirror play"));
    assert_eq!(table["settled_by"][2][2], serde_json::Value::Null);
    grundy()
        .args(["table", "cram", "--rows", "2-4", "--cols", "2-4"])
        .assert()
        .success()
        .stdout(contains("boards settled without search by mirror play"));
    let misere = json_of(&[
        "table", "cram", "--rows", "1-2", "--cols", "1-3", "--misere",
    ]);
    assert_eq!(misere["outcomes"][0], serde_json::json!(["N", "P", "P"]));
}

#[test]
fn the_computer_plays_the_symmetry_strategy() {
    let reply = json_of(&["play", "cram", "4x5", "--reply", "--opponent", "symmetry"]);
    assert_eq!(reply["played"], "c2-c3");
    assert_eq!(reply["nimber"], 0);
    // After a domino in the corner the computer answers with its image under the half turn.
    let reply = json_of(&["play", "cram 4x5 at ##.../..#../..#../.....", "--reply"]);
    assert_eq!(reply["played"], "d4-e4");
    assert!(reply["played_by"]
        .as_str()
        .unwrap()
        .starts_with("perfect play: mirror play"));
    let output = grundy()
        .args(["play", "cram", "2x4", "--opponent", "symmetry"])
        .write_stdin("a1-a2\nb1-b2\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("computer plays d1-d2"), "{out}");
    assert!(out.contains("the computer wins"), "{out}");
    fails_with(
        &["play", "cram", "3x3", "--reply", "--opponent", "symmetry"],
        "none wins `cram 3x3`",
    );
    // A side the strategy does not win for is refused before the game, not at the
    // computer's first move.
    for (args, said) in [
        (
            ["play", "cram", "3x3", "--second"],
            "no symmetry strategy for the computer as first player in cram on 3x3: no symmetry of the board",
        ),
        (
            ["play", "cram", "2x4", "--second"],
            "the second player has one: try `--first`",
        ),
        (
            ["play", "kayles", "3", "4"],
            "no symmetry strategy for `kayles 3 4`",
        ),
    ] {
        let output = grundy()
            .args(args)
            .args(["--opponent", "symmetry"])
            .write_stdin("3 -> 2\na1-a2\n")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

/// `grundy play` shows the board between moves, each domino one piece marked by who laid it
/// (X first, O second, joined by - across and | down), and takes a move typed as `moves`
/// lists it.
#[test]
fn a_game_in_the_terminal_draws_each_domino_by_who_laid_it() {
    let output = grundy()
        .args(["play", "cram", "2x4", "--opponent", "symmetry"])
        .write_stdin("moves\nc1-b1\nb1-b2\nboard\nhelp\na1-a2\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let out = String::from_utf8_lossy(&output.stdout);
    for said in [
        "cram on 2x4: you play first, the computer plays second with mirror play (each domino answered by its image under a symmetry of the free squares).\n",
        "X marks the first player's dominoes, O the second's",
        "   a b c d\n1  . . . .\n2  . . . .\nyour move> legal moves: a1-b1 b1-c1 c1-d1 a2-b2 b2-c2 c2-d2 a1-a2 b1-b2 c1-c2 d1-d2\n",
        "your move> you play b1-c1\n   a b c d\n1  . X-X .\n2  . . . .\n",
        "computer plays b2-c2 (mirror play",
        "   a b c d\n1  . X-X .\n2  . O-O .\nyour move> ",
        "your move> domino `b1-b2` lies on a covered square",
        "your move>    a b c d\n1  . X-X .\n2  . O-O .\nyour move> commands:\n  a1-b1        put a domino",
        "your move> you play a1-a2\n   a b c d\n1  X X-X .\n   |\n2  X O-O .\n",
        "computer plays d1-d2",
        "   a b c d\n1  X X-X O\n   |     |\n2  X O-O O\nYou have no move left: the computer wins",
    ] {
        assert!(out.contains(said), "{said}\n---\n{out}");
    }
}

#[test]
fn svg_draws_a_cram_position_with_its_winning_dominoes() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves.svg");
    let value = dir.path().join("value.svg");
    let game = "cram 4x5 at ##.../..#../..#../.....";
    grundy()
        .args(["moves", game, "--svg", moves.to_str().unwrap()])
        .assert()
        .success();
    let drawn = std::fs::read_to_string(&moves).unwrap();
    assert!(drawn.contains("cram on 4x5: nim-value *1"));
    let winning = json_of(&["moves", game])["winning_moves"].as_u64().unwrap();
    assert_eq!(
        drawn.matches(r##"stroke="#111111""##).count() as u64,
        winning
    );
    // value --svg draws the same picture: the winning dominoes found by a moves search.
    grundy()
        .args(["value", game, "--svg", value.to_str().unwrap()])
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&value).unwrap(), drawn);
    fails_with(
        &["value", "kayles", "3", "--svg", "x.svg"],
        "--svg draws boards: it works with the games played on a board",
    );
}

#[test]
fn value_names_the_regions_of_a_cut_board_and_only_then() {
    let text =
        |args: &[&str]| String::from_utf8(grundy().args(args).output().unwrap().stdout).unwrap();
    // A row of covered squares across the board: the two regions, e3 alone in none.
    let cut = text(&["value", "cram 3x5 at ...../#####/...#."]);
    assert!(
        cut.contains("parts      0 (a1 b1 c1 d1 e1) + *1 (a3 b3 c3)\nnim-value  *1\n"),
        "{cut}"
    );
    let whole = text(&["value", "cram", "3x5"]);
    assert!(!whole.contains("parts"), "{whole}");
}
