//! `--misere` on `value`, `moves` and `outcome`: answers the library's plain recursions agree
//! with (see crates/grundy/src/misere/tests.rs), printed in text and JSON, and refusals.

use crate::common::{fails_with, grundy, json_of};

#[test]
fn the_issues_examples_answer() {
    // Kayles 3 4 5 under misère play: the first player wins, by 3 -> 1 + 1 among others.
    let kayles = json_of(&["outcome", "--misere", "kayles", "3", "4", "5"]);
    assert_eq!(kayles["convention"], "misere");
    assert_eq!(kayles["outcome"], "N");
    assert_eq!(kayles["winning_move"]["winning"], true);
    assert!(kayles.get("nimber").is_none());
    // Knights on 5x5 are *1 (a first-player win) under normal play, a second-player win
    // under misère play.
    let knights = json_of(&["outcome", "--misere", "knights", "5x5"]);
    assert_eq!(knights["outcome"], "P");
    assert_eq!(knights["winner"], "second");
    let text = grundy()
        .args(["outcome", "--misere", "kayles", "3", "4", "5"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("play       misère"), "{text}");
    assert!(text.contains("wins by"), "{text}");
}

#[test]
fn value_reports_the_genus_of_small_positions() {
    // Plambeck's page on 0.312 prints the genus of a heap of 4 as 2^1420.
    let heap = json_of(&["value", "0.312", "4", "--misere"]);
    assert_eq!(heap["genus"]["text"], "2^1420");
    assert_eq!(heap["genus"]["normal"], 2);
    assert_eq!(heap["outcome"], "N");
    // A second-player win under misère play has γ₀ = 0.
    let knights = json_of(&["value", "knights", "5x5", "--misere"]);
    assert_eq!(knights["outcome"], "P");
    assert_eq!(knights["genus"]["misere"][0], 0);
}

#[test]
fn moves_list_whether_each_move_wins() {
    let moves = json_of(&["moves", "kayles", "3", "--misere", "--all"]);
    let listed = moves["moves"].as_array().unwrap();
    assert_eq!(listed.len(), 3);
    // From a row of 3 the misère winner takes two pins and leaves one, which the opponent
    // must take last: leaving 2 lets the opponent leave 1, and leaving 1 + 1 lets them take one.
    let winners: Vec<&str> = listed
        .iter()
        .filter(|m| m["winning"] == true)
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(winners, ["3 -> 1"]);
    assert!(listed.iter().all(|m| m.get("nimber").is_none()));
}

#[test]
fn the_same_request_goes_through_the_worker() {
    let output = grundy()
        .arg("worker")
        .write_stdin(r#"{"question":"outcome","game":"kayles 3 4 5 + *1","convention":"misere"}"#)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["convention"], "misere");
}

#[test]
fn what_misere_play_cannot_take_is_refused_by_name() {
    fails_with(
        &[
            "value",
            "knights",
            "5x5",
            "--misere",
            "--checkpoint",
            "/tmp/x.jsonl",
        ],
        "--checkpoint is for normal play",
    );
    fails_with(
        &["value", "queens", "20x20", "--misere"],
        "at most 256 squares",
    );
    // A sum is searched (one heap game alone is answered by its quotient): its depth is bounded.
    fails_with(
        &["outcome", "kayles 3000 + *1", "--misere"],
        "at most 2000 moves",
    );
}

#[test]
fn a_misere_table_gives_each_cells_outcome() {
    let table = json_of(&[
        "table", "knights", "--rows", "1-4", "--cols", "1-4", "--misere",
    ]);
    assert_eq!(table["convention"], "misere");
    for (i, row) in table["outcomes"].as_array().unwrap().iter().enumerate() {
        for (j, cell) in row.as_array().unwrap().iter().enumerate() {
            let board = format!("{}x{}", i + 1, j + 1);
            let alone = json_of(&["outcome", "knights", &board, "--misere"]);
            assert_eq!(cell, &alone["outcome"], "{board}");
        }
    }
    // Knights on 2x2 never attack: four moves, and the second player makes the last one.
    assert_eq!(table["outcomes"][1][1], "N");
    assert!(table["nimbers"][0][0].is_null());
}

#[test]
fn the_quotient_of_kayles_and_of_misere_nim() {
    let nim = json_of(&["quotient", "nim", "--heaps", "3"]);
    assert_eq!(nim["order"], 6);
    assert_eq!(nim["relations"], serde_json::json!(["a² = 1", "b³ = b"]));
    // Kayles's heaps repeat with period 12 from heap 71, as normal play's values do: proven
    // once the quotient holds enough heaps.
    let kayles = json_of(&["quotient", "0.77", "--heaps", "1-200"]);
    assert_eq!(kayles["period"], 12);
    let text = grundy().args(["quotient", "0.77"]).output().unwrap();
    assert!(String::from_utf8(text.stdout)
        .unwrap()
        .contains("order      "));
    // A heap sum is answered by its quotient, and agrees with the search of the same sum
    // written beside a heap of no move (`*0` makes it a sum, which is searched).
    for heaps in [["3", "4", "5"], ["7", "9", "12"], ["2", "6", "11"]] {
        let by_quotient = json_of(&[&["outcome", "--misere", "kayles"][..], &heaps[..]].concat());
        assert!(by_quotient["settled_by"]
            .as_str()
            .unwrap()
            .contains("misère quotient"));
        let sum = format!("kayles {} + *0", heaps.join(" "));
        let searched = json_of(&["outcome", "--misere", &sum]);
        assert_eq!(by_quotient["outcome"], searched["outcome"], "{heaps:?}");
    }
    fails_with(&["quotient", "kayles", "--heaps", "0"], "--heaps `0`");
}

/// A nim heap lasts a move a token, not two: `nim 1000 + knights 1x1` lasts at most 1,001
/// moves and is answered, as `*1100` is (both were refused as lasting twice as long); a game
/// that splits heaps without taking a token still counts two a token.
#[test]
fn nim_heaps_last_a_move_a_token() {
    let sum = json_of(&["outcome", "--misere", "nim 1000 + knights 1x1"]);
    assert_eq!(sum["outcome"], "N");
    let heap = json_of(&["value", "--misere", "*1100"]);
    assert_eq!(heap["outcome"], "N");
    fails_with(
        &["value", "--misere", "grundys-game 1001"],
        "the game can last up to 2002 moves",
    );
}
