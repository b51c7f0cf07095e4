//! Sums of games from different families: `grundy value "knights 5x5 + kayles 7 + *3"`.

use crate::common::{fails_with, grundy, json_of, json_within};

/// The nim-value `grundy value` gives one game on its own.
fn alone(words: &[&str]) -> u64 {
    json_of(&[&["value"], words].concat())["nimber"]
        .as_u64()
        .unwrap()
}

#[test]
fn a_sum_is_the_nim_sum_of_its_games_each_valued_alone() {
    // Boone (2016): knights on 5x5 is *1; a Kayles row of 7 is *2 (the lesson's worked example).
    let sum = json_of(&["value", "knights 5x5 + kayles 7 + *3"]);
    assert_eq!(sum["nimber"], 0);
    assert_eq!(sum["outcome"], "P");
    for expression in [
        "queens 4x4 + corner-knight 7 9 + dawsons-kayles 5 6",
        "bishops+knights 3x3 + kayles-2d 2x3 + *5 + grundys-game 9",
        "kings 3x4 + nim 3 5 + corner-queen 4 6",
    ] {
        let expected = expression
            .split(" + ")
            .map(|part| match part.strip_prefix('*') {
                Some(n) => n.parse::<u64>().unwrap(),
                None => alone(&part.split(' ').collect::<Vec<_>>()),
            })
            .fold(0, |a, b| a ^ b);
        let sum = json_of(&["value", expression]);
        assert_eq!(sum["nimber"].as_u64(), Some(expected), "{expression}");
        // Typed without quotes, the words make the same sum.
        let words: Vec<&str> = expression.split(' ').collect();
        assert_eq!(
            json_of(&[&["value"], &words[..]].concat())["nimber"],
            sum["nimber"]
        );
    }
}

#[test]
fn winning_moves_of_a_sum_leave_zero_and_each_summand_moves_alone() {
    let all = json_of(&["moves", "knights 3x3 + kayles 4 + *2", "--all"]);
    let total = all["nimber"].as_u64().unwrap();
    let moves = all["moves"].as_array().unwrap();
    // Every move changes one summand: the new total is the old one with that summand's value
    // swapped, and exactly the moves to total 0 are winning.
    let alone_values = [alone(&["knights", "3x3"]), alone(&["kayles", "4"]), 2];
    assert_eq!(total, alone_values.iter().fold(0, |a, b| a ^ b));
    for m in moves {
        let summand = m["summand"].as_u64().unwrap() as usize - 1;
        let after = m["summand_nimber"].as_u64().unwrap();
        assert_eq!(
            m["nimber"].as_u64().unwrap(),
            total ^ alone_values[summand] ^ after
        );
        assert_eq!(m["winning"], m["nimber"] == 0);
    }
    // *2 moves to 0 and *1; knights 3x3 has nine squares.
    assert_eq!(moves.iter().filter(|m| m["summand"] == 3).count(), 2);
    assert_eq!(moves.iter().filter(|m| m["summand"] == 1).count(), 9);
    let winning = json_of(&["moves", "knights 3x3 + kayles 4 + *2"]);
    let listed = winning["moves"].as_array().unwrap();
    assert_eq!(
        listed.len() as u64,
        all["winning_moves"].as_u64().unwrap(),
        "{winning}"
    );
    assert!(listed.iter().all(|m| m["nimber"] == 0));
}

#[test]
fn each_placement_game_of_a_sum_takes_its_own_position() {
    let sum = json_of(&[
        "value",
        "knights 4x4 + queens 4x4",
        "--position",
        "N.../..../..../....",
        "--position",
        ".Q../..../..../....",
    ]);
    let knights = alone(&["knights", "4x4", "--position", "N.../..../..../...."]);
    let queens = alone(&["queens", "4x4", "--position", ".Q../..../..../...."]);
    assert_eq!(sum["nimber"].as_u64(), Some(knights ^ queens));
}

#[test]
fn malformed_sums_are_refused_naming_the_part() {
    fails_with(
        &["value", "knights 5x5 + "],
        "summand 2 of the sum is empty",
    );
    fails_with(&["value", "kayles 3 + *x"], "`*x` is not a nimber");
    fails_with(&["value", "*3 4"], "a nimber stands alone");
    fails_with(&["value", "kayles 3 + pawns 5x5"], "unknown piece `pawns`");
    fails_with(
        &[
            "value",
            "knights 3x3 + *1",
            "--position",
            "N../.../...",
            "--position",
            "...",
        ],
        "has no game on a board to go to: the sum has one game on a board",
    );
    fails_with(
        &[
            "value",
            "knights",
            "3x3",
            "--position",
            "N../.../...",
            "--position",
            "N../.../...",
        ],
        "one too many",
    );
    fails_with(
        &["value", "kayles", "3", "--position", "N../.../..."],
        "is for a game on a board (a placement game, Cram); `kayles 3` has its position in its words",
    );
    // Cram takes --position as a placement game does, in a sum too.
    let rows = "##.../..#../..#../.....";
    for (by_position, by_words) in [
        (
            vec!["value", "cram", "4x5", "--position", rows],
            format!("cram 4x5 at {rows}"),
        ),
        (
            vec!["moves", "cram 4x5 + *1", "--position", rows],
            format!("cram 4x5 at {rows} + *1"),
        ),
    ] {
        let (a, b) = (
            json_of(&by_position),
            json_of(&[by_position[0], by_words.as_str()]),
        );
        for key in ["position", "nimber", "moves"] {
            assert_eq!(a[key], b[key], "{key}: {a}");
        }
        assert_eq!(a["nimber"], if by_position[0] == "value" { 1 } else { 0 });
    }
}

/// One game quoted as one argument, as users copy it from the sums above, is read as if typed
/// unquoted, by every command that takes a game; a command that takes the game alone names
/// the word too many.
#[test]
fn a_single_game_quoted_is_the_game_typed_unquoted() {
    /// The report without its timings and the counts that depend on how the threads met,
    /// which differ from run to run.
    fn untimed(mut report: serde_json::Value) -> serde_json::Value {
        if let Some(object) = report.as_object_mut() {
            object.retain(|key, _| {
                !key.ends_with("seconds")
                    && ![
                        "positions_searched",
                        "table_hits",
                        "endgame_positions",
                        "threads",
                    ]
                    .contains(&key.as_str())
            });
            for value in object.values_mut() {
                *value = untimed(value.take());
            }
        }
        report
    }
    let same = |quoted: &[&str], unquoted: &[&str]| {
        assert_eq!(
            untimed(json_of(quoted)),
            untimed(json_of(unquoted)),
            "{quoted:?}"
        );
    };
    same(&["value", "knights 5x5"], &["value", "knights", "5x5"]);
    same(&["value", "nim 3 5 7"], &["value", "nim", "3", "5", "7"]);
    // The words after a quoted game follow its own.
    same(
        &["value", "nim 3", "5", "7"],
        &["value", "nim", "3", "5", "7"],
    );
    same(
        &["value", " corner-knight 7 9 "],
        &["value", "corner-knight", "7", "9"],
    );
    same(
        &["moves", "kayles 3 4", "--all"],
        &["moves", "kayles", "3", "4", "--all"],
    );
    same(&["moves", "queens 4x4"], &["moves", "queens", "4x4"]);
    same(&["outcome", "queens 5x5"], &["outcome", "queens", "5x5"]);
    same(&["graph", "knights 4x4"], &["graph", "knights", "4x4"]);
    same(
        &["conjecture", "parity", "kings 1x1..3x3"],
        &["conjecture", "parity", "kings", "1x1..3x3"],
    );
    same(
        &[
            "play",
            "knights 3x3",
            "--reply",
            "--position",
            "N.N/.../...",
        ],
        &[
            "play",
            "knights",
            "3x3",
            "--reply",
            "--position",
            "N.N/.../...",
        ],
    );
    same(
        &["table", " knights ", "--rows", "1-3", "--cols", "1-3"],
        &["table", "knights", "--rows", "1-3", "--cols", "1-3"],
    );
    same(
        &["sequence", "kayles ", "--to", "20"],
        &["sequence", "kayles", "--to", "20"],
    );
    // A table's game takes its surface and ray rule as a request's does.
    same(
        &[
            "table",
            "queens torus blocked",
            "--rows",
            "1-3",
            "--cols",
            "1-3",
        ],
        &[
            "table", "queens", "--board", "torus", "--rays", "blocked", "--rows", "1-3", "--cols",
            "1-3",
        ],
    );
    fails_with(
        &["table", "knights 5x5"],
        "unexpected `5x5` after the game `knights`",
    );
    fails_with(
        &["sequence", "kayles 7"],
        "unexpected `7` after the game `kayles`",
    );
}

/// A move on one of several equal heaps leads where the same move on the first does: a sum
/// lists it once, as the game alone does, in `legal_moves`, in the moves listed, in text and
/// JSON; and a nimber summand is printed as typed, `*0` as well as `*3`.
#[test]
fn a_sum_lists_each_move_to_a_different_position_once() {
    let alone = json_of(&["moves", "sub:1,3", "10", "5", "5", "--all"]);
    let sum = json_of(&["moves", "sub:1,3 10 5 5 + *0", "--all"]);
    assert_eq!(alone["legal_moves"], 4);
    assert_eq!(sum["legal_moves"], alone["legal_moves"]);
    let listed = |report: &serde_json::Value| -> Vec<String> {
        report["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(listed(&sum), listed(&alone));
    // The same game twice moves as one of them (the sum it leads to is the same).
    let twice = json_of(&["moves", "sub:1,3 5 + sub:1,3 5", "--all"]);
    let once = json_of(&["moves", "sub:1,3", "5", "5", "--all"]);
    assert_eq!(twice["legal_moves"], once["legal_moves"]);
    assert_eq!(listed(&twice), listed(&once));
    // Boards of two-dimensional Kayles too, with --all or without.
    for all in [&["--all"][..], &[]] {
        let boards = json_of(&[&["moves", "kayles-2d", "1x3", "1x3"], all].concat());
        let board = json_of(&[&["moves", "kayles-2d", "1x3"], all].concat());
        assert_eq!(boards["legal_moves"], board["legal_moves"], "{all:?}");
        let in_sum = json_of(&[&["moves", "kayles-2d 1x3 1x3 + *0"], all].concat());
        assert_eq!(in_sum["legal_moves"], board["legal_moves"], "{all:?}");
    }
    let text = grundy()
        .args(["moves", "sub:1,3 10 5 5 + *0", "--all"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("4 different moves"), "{text}");
    assert_eq!(text.matches(" -> ").count(), 2 * 4, "{text}");
    // The summand *0 as typed, in JSON and in text; its value is 0.
    assert_eq!(sum["summands"][1]["game"], "*0");
    assert_eq!(sum["summands"][1]["position"], "*0");
    assert_eq!(sum["summands"][1]["nimber"], 0);
    let single = json_of(&["value", "*0"]);
    assert_eq!(single["summands"][0]["position"], single["position"]);
    let text = grundy().args(["value", "*0"]).output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    // Alone, the nimber is the game: named as typed, with no line of its one summand.
    assert!(text.starts_with("game       *0\nnim-value  0\n"), "{text}");
}

#[test]
fn a_huge_nimber_has_its_moves_counted_not_made() {
    // Issue 30: `moves '*100000000'` took 1.2 GB and `moves '*4294967295'` aborted allocating
    // 137 GB (one line per move), where `value` answers at once. The winning move of *n alone
    // is to 0; with --all the first moves are listed and the rest counted.
    let alone = json_within(64, &["moves", "*4294967295"]);
    assert_eq!(alone["legal_moves"], 4_294_967_295u64);
    assert_eq!(alone["winning_moves"], 1);
    assert_eq!(alone["moves"][0]["move"], "*4294967295 -> 0");
    assert_eq!(alone["moves"].as_array().unwrap().len(), 1);

    let all = json_within(64, &["moves", "*100000000 + *5", "--all"]);
    assert_eq!(all["legal_moves"], 100_000_005u64);
    let listed = all["moves"].as_array().unwrap();
    assert!(listed.len() <= 2000, "{}", listed.len());
    assert_eq!(
        all["moves_not_listed"].as_u64().unwrap() + listed.len() as u64,
        100_000_005
    );
    // The one winning move, *100000000 -> *5, is listed although it is far down the list.
    assert_eq!(all["winning_moves"], 1);
    let winning: Vec<_> = listed.iter().filter(|m| m["winning"] == true).collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["move"], "*100000000 -> *5");

    // A huge heap in a sum is counted the same way.
    let heap = json_within(256, &["moves", "kayles 100000000 + *1", "--all"]);
    assert_eq!(heap["legal_moves"], 100_000_001u64);
    assert!(heap["moves"].as_array().unwrap().len() <= 2000);
}

/// `outcome` of a sum, or of any game that is not one placement game, answers as `value`
/// does (who wins is whether the nim-value is 0): the first word naming pieces used to send
/// `knights 2x2 + kings 2x2` to the placement search, which panicked on the sum.
#[test]
fn outcome_of_a_sum_or_of_any_game_answers_as_value_does() {
    for game in [
        "knights 2x2 + kings 2x2",
        "knights 3x3 + *1",
        "kayles 3 4 5",
        "corner-knight 7 9",
        "*3",
    ] {
        let value = json_of(&["value", game]);
        let outcome = json_of(&["outcome", game]);
        assert_eq!(outcome["command"], "outcome", "{game}");
        assert_eq!(outcome["nimber"], value["nimber"], "{game}");
        assert_eq!(outcome["outcome"], value["outcome"], "{game}");
    }
    assert_eq!(json_of(&["outcome", "knights 3x3 + *1"])["outcome"], "P");
    let text = grundy()
        .args(["outcome", "knights 2x2 + kings 2x2"])
        .output()
        .unwrap();
    assert!(text.status.success(), "{text:?}");
    assert!(String::from_utf8(text.stdout)
        .unwrap()
        .contains("outcome    N: the player to move wins"));
    fails_with(
        &[
            "outcome",
            "knights 2x2 + kings 2x2",
            "--checkpoint",
            "x.jsonl",
        ],
        "--checkpoint is for the placement games",
    );
    // `play` plays a sum as any other game; `--position` is for one placement game.
    fails_with(
        &[
            "play",
            "knights 2x2 + kings 2x2",
            "--reply",
            "--position",
            "../..",
        ],
        "--position is for one game on a board",
    );
}

/// `outcome --misere` takes one --position for each placement game of a sum, as `value` and
/// `moves` do.
#[test]
fn outcome_takes_a_position_for_each_placement_game() {
    let asked = [
        "--misere",
        "knights 2x2 + kings 2x2",
        "--position",
        "N./..",
        "--position",
        "../..",
    ];
    let outcome = json_of(&[&["outcome"], &asked[..]].concat());
    let value = json_of(&[&["value"], &asked[..]].concat());
    assert_eq!(outcome["outcome"], value["outcome"]);
    assert_eq!(outcome["outcome"], "N");
}
