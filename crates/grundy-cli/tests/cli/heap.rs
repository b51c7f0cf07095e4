//! The `grundy` command on heap games and corner games, end to end.

use predicates::str::contains;

use crate::common::{grundy, json_of};

#[test]
fn seed_003_worked_example() {
    let report = json_of(&["value", "kayles", "3", "4", "5", "2", "5"]);
    assert_eq!(report["nimber"], 0);
    assert_eq!(report["outcome"], "P");
    assert_eq!(report["heap_nimbers"], serde_json::json!([3, 1, 4, 2, 4]));
    // After 4 -> 2 + 1, the answer 3 -> 1 wins.
    grundy()
        .args(["moves", "kayles", "3", "2", "1", "5", "2", "5"])
        .assert()
        .success()
        .stdout(contains("nim-value *2"))
        .stdout(contains("3 -> 1 "));
    let moves = json_of(&["moves", "kayles", "3", "2", "1", "5", "2", "5"]);
    let winning: Vec<&str> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert!(winning.contains(&"3 -> 1"), "{winning:?}");
}

#[test]
fn winning_moves_are_heap_changes() {
    grundy()
        .args(["moves", "kayles", "5"])
        .assert()
        .success()
        .stdout(contains("5 -> 2 + 2"));
    grundy()
        .args(["moves", "kayles", "5", "--all"])
        .assert()
        .success()
        .stdout(contains("5 -> 1 + 2"));
}

#[test]
fn seed_003_exercises() {
    let outcome = |args: &[&str]| json_of(args)["outcome"].as_str().unwrap().to_string();
    assert_eq!(outcome(&["value", "dawsons-kayles", "12", "13", "14"]), "N");
    assert_eq!(
        outcome(&["value", "dawsons-kayles", "8", "9", "10", "13"]),
        "P"
    );
    assert_eq!(outcome(&["value", "grundys-game", "10", "11", "12"]), "N");
    assert_eq!(outcome(&["value", "grundys-game", "13", "14", "15"]), "P");
    assert_eq!(
        json_of(&["value", "laskers-nim", "7", "11", "15"])["nimber"],
        8 ^ 12 ^ 16
    );
    assert_eq!(outcome(&["value", "treblecross", "12"]), "P");
    assert_eq!(outcome(&["value", "treblecross", "13"]), "N");
    assert_eq!(outcome(&["value", "dawsons-chess", "8"]), "P");
    assert_eq!(json_of(&["value", "kayles-2d", "7x4"])["outcome"], "N");
}

#[test]
fn sequences_with_proven_periods() {
    let kayles = json_of(&["sequence", "0.77", "--to", "1000"]);
    assert_eq!(kayles["period"], 12);
    assert_eq!(kayles["preperiod"], 71);
    let values = kayles["values"].as_array().unwrap();
    assert_eq!(values.len(), 1001);
    let start: Vec<u64> = values[..8].iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(start, vec![0, 1, 2, 3, 1, 4, 3, 2]);
    // A short sequence still gets its period: enough values are computed behind the scenes.
    let short = json_of(&["sequence", "kayles", "--to", "20"]);
    assert_eq!(
        (short["period"].as_u64(), short["preperiod"].as_u64()),
        (Some(12), Some(71))
    );
    assert_eq!(short["values"].as_array().unwrap().len(), 21);
    let grundy_game = json_of(&["sequence", "grundys-game", "--to", "300"]);
    assert!(grundy_game["period"].is_null());
    assert!(grundy_game["preperiod"].is_null());
    grundy()
        .args(["sequence", "dawsons-kayles", "--to", "500"])
        .assert()
        .success()
        .stdout(contains("period     34"))
        .stdout(contains("last exception at n = 52"));
}

#[test]
fn sequence_svg_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sequence.svg");
    grundy()
        .args(["sequence", "0.6", "--to", "300", "--show", "0", "--svg"])
        .arg(&path)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
}

#[test]
fn bad_games_are_refused_with_what_is_allowed() {
    for (args, says) in [
        (vec!["value", "0.8x", "3"], "0.8x"),
        (vec!["value", "2.7", "3"], "digit before the point"),
        (vec!["value", "sub:0", "3"], "sub:0"),
        (vec!["value", "kayles", "x"], "heap `x`"),
        (vec!["value", "kayles"], "needs at least one heap"),
        (vec!["sequence", "kayless"], "dawsons-kayles"),
        (vec!["value", "corner:1,1", "3", "3"], "for ever"),
        (vec!["value", "corner:-1,1;1,-1", "3", "3"], "for ever"),
        (vec!["value", "corner-bishop", "3", "3"], "corner-knight"),
        (vec!["value", "corner-knight", "3"], "two numbers"),
        (vec!["value", "frogs", "3x3"], "kayles"),
        (
            vec!["value", "kayles", "3", "--position", "x"],
            "--position",
        ),
    ] {
        grundy()
            .args(&args)
            .assert()
            .code(2)
            .stderr(contains("error:"))
            .stderr(contains(says));
    }
}

#[test]
fn corner_the_knight_value_and_moves() {
    let report = json_of(&["value", "corner-knight", "7", "9"]);
    assert_eq!(report["nimber"], 3);
    assert_eq!(report["outcome"], "N");
    grundy()
        .args(["moves", "corner-knight", "7", "9"])
        .assert()
        .success()
        .stdout(contains("(7, 9) -> (5, 8)"));
    let custom = json_of(&["value", "corner:-2,-1;-1,-2;-2,1;1,-2", "7", "9"]);
    assert_eq!(custom["nimber"], 3);
    // Wythoff: (3, 5) is a P-position.
    assert_eq!(
        json_of(&["value", "corner-queen", "3", "5"])["outcome"],
        "P"
    );
}

#[test]
fn corner_table_reproduces_seed_001_table_1() {
    let report = json_of(&["table", "corner-knight", "--rows", "0-15", "--cols", "0-11"]);
    let oracle = include_str!("../../../grundy/tests/oracles/corner-the-knight.tsv");
    for row in oracle.lines().skip(1) {
        let fields: Vec<&str> = row.split('\t').collect();
        let m: usize = fields[0].parse().unwrap();
        let n: usize = fields[1].parse().unwrap();
        let value: u64 = fields[2].parse().unwrap();
        assert_eq!(report["nimbers"][m][n].as_u64(), Some(value), "g({m}, {n})");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("corner.svg");
    grundy()
        .args([
            "table",
            "corner-knight",
            "--rows",
            "0-15",
            "--cols",
            "0-11",
            "--svg",
        ])
        .arg(&path)
        .assert()
        .success()
        .stdout(contains("m\\n"));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"));
}

#[test]
fn placement_tables_still_start_at_one() {
    grundy()
        .args(["table", "knights", "--rows", "0-2", "--cols", "1-2"])
        .assert()
        .code(2)
        .stderr(contains("sides from 1"));
}

#[test]
fn corner_theorems_are_checked() {
    let knight = json_of(&["check", "corner-knight", "--to", "300"]);
    assert_eq!(knight["holds"], true);
    let queen = json_of(&["check", "corner-queen", "--to", "300"]);
    assert_eq!(queen["holds"], true);
    grundy()
        .args(["check", "corner-knight", "--to", "100"])
        .assert()
        .success()
        .stdout(contains("period 4"))
        .stdout(contains("all hold"));
}

#[test]
fn treblecross_moves_name_cells() {
    let report = json_of(&["moves", "treblecross", "13"]);
    assert_eq!(report["winning_cells"], serde_json::json!([7]));
}
