//! The `grundy` command on the placement games, checked against published values and for its
//! handling of bad input.

use std::collections::HashMap;
use std::path::PathBuf;

use grundy::games::placement::checkpoint::CheckpointLines;
use grundy::games::placement::root_search::RootSearch;
use grundy::games::placement::{Piece, PlacementGame};
use grundy::solver::Fact;
use grundy::Nimber;

use crate::common::{fails_with, grundy, interrupt_after, json_of, reached, signal_when};

fn oracle_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../grundy/tests/oracles")
        .join(name)
}

/// (game, rows, cols) -> nimber, from the published tables of Boone (2016).
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
fn value_names_the_parts_of_a_position_that_splits_and_only_then() {
    let text =
        |args: &[&str]| String::from_utf8(grundy().args(args).output().unwrap().stdout).unwrap();
    // The two colours of bishops 3x3, a line before the value whose nim-sum it is.
    let bishops = text(&["value", "bishops", "3x3"]);
    assert!(
        bishops.contains("parts      *2 (a1 c1 b2 a3 c3) + 0 (b1 a2 c2 b3)\nnim-value  *2\n"),
        "{bishops}"
    );
    let one_part = text(&["value", "knights", "3x4"]);
    assert!(!one_part.contains("parts"), "{one_part}");
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
    fails_with(&["value", "knights", "23x23"], "23x23");
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
    fails_with(
        &["table", "knights", "--rows", "0-3"],
        "--rows: 0 is out of range: board sides go from 1 to 512 for knights (in `0-3`)",
    );
    fails_with(
        &["table", "knights", "--cols", "2,x"],
        "--cols: `x` is not a number or a range (in `2,x`)",
    );
    fails_with(
        &["table", "knights", "--rows", "1-30", "--cols", "1-30"],
        "at most 512",
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
        // Some search happened: the Queens game's win search decides positions of up to 24
        // squares by its sweep, counted as endgame positions, so on small boards all of its
        // work may be there.
        let searched = outcome["positions_searched"].as_u64().unwrap()
            + outcome["endgame_positions"].as_u64().unwrap_or(0);
        // Unless a strategy settled it (the centre of knights 5x5), and says so.
        assert!(
            searched > 0 || outcome["settled_by"].is_string(),
            "{game} {board}: no search"
        );
        match outcome["winning_move"]["square"].as_str() {
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

/// A queens position on an `n` x `n` board with queens on `squares` (named like `c11`).
fn queens_position(n: usize, squares: &[&str]) -> String {
    let coordinates: Vec<(usize, usize)> = squares
        .iter()
        .map(|name| {
            let col = usize::from(name.as_bytes()[0] - b'a');
            let row: usize = name[1..].parse().unwrap();
            (row - 1, col)
        })
        .collect();
    (0..n)
        .map(|row| {
            (0..n)
                .map(|col| {
                    if coordinates.contains(&(row, col)) {
                        'Q'
                    } else {
                        '.'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Boards larger than 16 x 16 (the win search's wide layout, eight-word positions): on
/// positions a few queens into the game, `outcome` and `value` agree, and the winning move
/// `outcome` names is one of those `moves` (the general solver) finds.
#[test]
fn outcome_and_moves_agree_on_boards_larger_than_16x16() {
    for (n, queens, expected) in [
        (18, &["a3", "o10", "i14", "g6", "c11", "l16"][..], "P"),
        (18, &["o13", "a3", "q17", "i12", "g4", "r9"], "N"),
        (20, &["l4", "p14", "c2", "j11", "r13", "i15", "a18"], "P"),
        (20, &["f4", "n14", "q5", "b13", "c15", "i11", "l7"], "N"),
    ] {
        let board = format!("{n}x{n}");
        let position = queens_position(n, queens);
        let args = |command| [command, "queens", &board, "--position", &position];
        let outcome = json_of(&args("outcome"));
        assert_eq!(outcome["outcome"], expected, "{board} {queens:?}");
        assert_eq!(
            json_of(&args("value"))["outcome"],
            expected,
            "{board} {queens:?}"
        );
        let winning = winning_squares(&args("moves"));
        match outcome["winning_move"]["square"].as_str() {
            None => assert!(winning.is_empty(), "{board} {queens:?}: {winning:?}"),
            Some(square) => assert!(
                winning.iter().any(|w| w == square),
                "{board} {queens:?}: {square} not in {winning:?}"
            ),
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
/// (Jenrich (2014), section 4): found without search, so even 15x15 is answered at once, and a
/// second search (`moves`, square by square) agrees that the centre wins on a smaller board.
#[test]
fn odd_boards_are_won_by_the_centre_without_search() {
    for (board, centre) in [("9x9", "e5"), ("13x13", "g7"), ("15x15", "h8")] {
        let outcome = json_of(&["outcome", "queens", board]);
        assert_eq!(outcome["outcome"], "N", "{board}");
        assert_eq!(outcome["winning_move"]["square"], centre, "{board}");
        assert_eq!(outcome["positions_searched"], 0, "{board}");
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

/// Lines for questions tried without an answer (`"unanswered":true`), which a run writes when
/// it stops in the middle of a long question, only change the order of the work: a search
/// resumed from them, of any size and on every question, gives the same value. One whose
/// move is not a first move of the position is refused by its line's number.
#[test]
fn questions_tried_without_an_answer_are_resumed_and_change_no_value() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("queens7.jsonl");
    let file = path.to_str().unwrap();
    let queens = queens_7x7_lines();
    let mut text = queens.header_line();
    for square in ["a1", "b1", "c1", "d1", "b2", "c2", "d2", "c3", "d3", "d4"] {
        for (value, nodes) in [(0, 1_u64 << 40), (1, 5), (2, 1 << 30)] {
            text.push_str(&queens.seal(&format!(
                r#"{{"nodes":{nodes},"square":"{square}","unanswered":true,"value":{value}}}"#
            )));
        }
    }
    std::fs::write(&path, &text).unwrap();
    let (resumed, stderr) = json_and_stderr(&["value", "queens", "7x7", "--checkpoint", file]);
    assert_eq!(resumed["nimber"], 2, "OEIS A344227: queens 7x7 is *2");
    assert_eq!(resumed["resumed_from_checkpoint"], 0);
    assert!(
        stderr.contains("note: earlier runs searched 30 questions without an answer")
            && stderr.contains("a1 for 0 (1099511627776 positions), a1 for *1 (5 positions)"),
        "{stderr}"
    );

    let game = PlacementGame::new(Piece::Queen, "7x7".parse().unwrap());
    let position = "Q....../......./......./......./......./......./.......";
    let after_a1 = CheckpointLines::new(&game, &game.parse_position(position).unwrap());
    let text = format!(
        "{}{}",
        after_a1.header_line(),
        after_a1.seal(r#"{"nodes":9,"square":"b1","unanswered":true,"value":0}"#)
    );
    std::fs::write(&path, text).unwrap();
    fails_with(
        &[
            "value",
            "queens",
            "7x7",
            "--position",
            position,
            "--checkpoint",
            file,
        ],
        "line 2: its move is not a first move of this position",
    );
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
        assert!(outcome["positions_searched"].is_u64());
    }
}

/// The lines of a checkpoint file, each of which must be whole JSON.
fn checkpoint_lines(path: &std::path::Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.is_empty() || text.ends_with('\n'), "{text}");
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

/// The lines of a checkpoint file as written (each with its checksum, which holds only for
/// the text as written, not for the same JSON written again).
fn raw_lines(path: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(String::from).collect()
}

/// The lines of the checkpoint of a search of the empty queens 7x7 board, to write lines of
/// one's own with their checksums.
fn queens_7x7_lines() -> CheckpointLines {
    let game = PlacementGame::new(Piece::Queen, "7x7".parse().unwrap());
    CheckpointLines::new(&game, &game.empty())
}

/// A checkpoint line as JSON, without its checksum: what [`CheckpointLines::seal`] seals.
fn unsealed(line: &serde_json::Value) -> String {
    let mut line = line.clone();
    line.as_object_mut().unwrap().remove("check");
    line.to_string()
}

/// Runs `grundy ARGS --json`, which must succeed, and returns the report and standard error.
fn json_and_stderr(args: &[&str]) -> (serde_json::Value, String) {
    let output = grundy().args(args).arg("--json").output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "grundy {args:?}: {stderr}");
    (serde_json::from_slice(&output.stdout).unwrap(), stderr)
}

/// Games of several pieces, other surfaces and blocked lines go through the parallel search
/// too: its value is the mex of the values `moves --all` lists (the single-threaded solver),
/// its outcome agrees, the winning move it names wins, and a checkpoint resumes.
#[test]
fn several_piece_games_search_on_threads_and_agree_with_the_solver() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [&[&str]; 4] = [
        &["bishops+knights", "5x5"],
        &["knights+kings", "4x5", "--board", "torus"],
        &["queens+rooks", "4x4", "--rays", "blocked"],
        &["bishops+rooks", "3x5", "--board", "cylinder"],
    ];
    for (number, game) in cases.iter().enumerate() {
        let with = |command: &str, extra: &[&str]| -> Vec<String> {
            let mut args = vec![command.to_string()];
            args.extend(game.iter().map(|a| a.to_string()));
            args.extend(extra.iter().map(|a| a.to_string()));
            args
        };
        let refs = |args: &[String]| -> serde_json::Value {
            json_of(&args.iter().map(String::as_str).collect::<Vec<_>>())
        };
        let moves = refs(&with("moves", &["--all"]));
        let values: Vec<(String, String, u64)> = moves["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["square"].as_str().unwrap().to_string(),
                    m["piece"].as_str().unwrap_or_default().to_string(),
                    m["nimber"].as_u64().unwrap(),
                )
            })
            .collect();
        let mut mex = 0;
        while values.iter().any(|(_, _, v)| *v == mex) {
            mex += 1;
        }
        let path = dir.path().join(format!("game{number}.jsonl"));
        let file = path.to_str().unwrap();
        let value = refs(&with("value", &["--threads", "2", "--checkpoint", file]));
        assert_eq!(value["nimber"], mex, "{game:?}");
        assert_eq!(value["threads"], 2, "{game:?}");
        let outcome = refs(&with("outcome", &["--threads", "2"]));
        assert_eq!(outcome["outcome"], value["outcome"], "{game:?}");
        if let Some(square) = outcome["winning_move"]["square"].as_str() {
            let piece = outcome["winning_move"]["piece"].as_str().unwrap();
            assert!(
                values
                    .iter()
                    .any(|(s, p, v)| s == square && p == piece && *v == 0),
                "{game:?}: {square} {piece} wins"
            );
        }
        // Keep the header and one settled move, as if the search had been stopped there.
        let lines = checkpoint_lines(&path);
        assert!(lines[1]["piece"].is_string(), "{game:?}: {:?}", lines[1]);
        let lines = raw_lines(&path);
        std::fs::write(&path, format!("{}\n{}\n", lines[0], lines[1])).unwrap();
        let resumed = refs(&with("value", &["--checkpoint", file]));
        assert_eq!(resumed["resumed_from_checkpoint"], 1, "{game:?}");
        assert_eq!(resumed["nimber"], mex, "{game:?}");
    }
}

/// A run stopped mid-line (SIGKILL, or Ctrl-C in the old handler) leaves a torn last line: the
/// next run drops it with a note, cuts it off the file and carries on.
#[test]
fn a_torn_last_line_is_dropped_and_the_search_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("torn.jsonl");
    let file = path.to_str().unwrap();
    let full = json_of(&["value", "queens", "7x7", "--checkpoint", file]);
    let lines = raw_lines(&path);
    let torn = &lines[2][..20];
    std::fs::write(&path, format!("{}\n{}\n{torn}", lines[0], lines[1])).unwrap();
    let (resumed, stderr) = json_and_stderr(&["value", "queens", "7x7", "--checkpoint", file]);
    assert!(stderr.contains("line 3 was cut short"), "{stderr}");
    assert_eq!(resumed["resumed_from_checkpoint"], 1);
    assert_eq!(resumed["nimber"], full["nimber"]);
    // The torn bytes are gone: every line is whole, and a third run resumes from them all.
    let after = checkpoint_lines(&path);
    assert!(after.len() > 2, "{after:?}");
    let (again, stderr) = json_and_stderr(&["value", "queens", "7x7", "--checkpoint", file]);
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(again["resumed_from_checkpoint"], after.len() - 1);
    // A bad line in the middle is not torn: it is refused, by its line.
    std::fs::write(&path, format!("{}\n{torn}\n{}\n", lines[0], lines[1])).unwrap();
    fails_with(
        &["value", "queens", "7x7", "--checkpoint", file],
        "line 2: not a line of JSON",
    );
}

#[test]
fn an_empty_checkpoint_gets_its_header_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.jsonl");
    let file = path.to_str().unwrap();
    std::fs::write(&path, "").unwrap();
    json_of(&["outcome", "queens", "8x8", "--checkpoint", file]);
    let lines = checkpoint_lines(&path);
    assert_eq!(lines[0]["game"], "queens");
    assert_eq!(lines[0]["format"], 2);
    assert!(lines.len() >= 2);
    let resumed = json_of(&["outcome", "queens", "8x8", "--checkpoint", file]);
    assert_eq!(resumed["resumed_from_checkpoint"], lines.len() - 1);
}

/// A file of one line without a newline that is not this search's (a public key, a binary
/// file) is refused and left as it was: only a first line that starts this search's own
/// header is taken for a header cut short and written over.
#[test]
fn a_foreign_file_of_one_line_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("id.pub");
    let file = path.to_str().unwrap();
    let mut binary: Vec<u8> = (0..4096u32).map(|i| (i * 37 % 251) as u8).collect();
    binary.retain(|&byte| byte != b'\n');
    for contents in [
        b"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGrundyKeyKeyKey user@host".to_vec(),
        binary,
    ] {
        std::fs::write(&path, &contents).unwrap();
        fails_with(
            &["value", "queens", "6x6", "--checkpoint", file],
            "is not a checkpoint of this search, and is left as it is",
        );
        assert_eq!(std::fs::read(&path).unwrap(), contents);
    }
    // The start of this search's own header, as a run stopped while writing it leaves it, is
    // taken for what it is and written anew.
    let fresh = dir.path().join("fresh.jsonl");
    json_of(&[
        "outcome",
        "queens",
        "6x6",
        "--checkpoint",
        fresh.to_str().unwrap(),
    ]);
    let header = raw_lines(&fresh)[0].clone();
    std::fs::write(&path, &header[..header.len() / 2]).unwrap();
    json_of(&["outcome", "queens", "6x6", "--checkpoint", file]);
    assert_eq!(raw_lines(&path)[0], header);
}

#[test]
fn contradicting_and_foreign_checkpoints_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q7.jsonl");
    let file = path.to_str().unwrap();
    json_of(&["value", "queens", "7x7", "--checkpoint", file]);
    let queens = queens_7x7_lines();
    let raw = raw_lines(&path);
    let lines = checkpoint_lines(&path);
    let mut flipped = lines[1].clone();
    flipped["leaves_value"] = serde_json::json!(!lines[1]["leaves_value"].as_bool().unwrap());
    // Written with its checksum, as a mix of two searches would be.
    let flipped = queens.seal(&unsealed(&flipped));
    std::fs::write(&path, format!("{}\n{}\n{flipped}", raw[0], raw[1])).unwrap();
    fails_with(
        &["value", "queens", "7x7", "--checkpoint", file],
        "lines 2 and 3 settle the same first moves two different ways",
    );
    // A line for another board.
    let mut elsewhere = lines[1].clone();
    elsewhere["square"] = serde_json::json!("h8");
    let elsewhere = queens.seal(&unsealed(&elsewhere));
    std::fs::write(&path, format!("{}\n{elsewhere}", raw[0])).unwrap();
    fails_with(
        &["value", "queens", "7x7", "--checkpoint", file],
        "line 2: expected a \"square\" on the 7x7 board",
    );
    // A format this program does not know.
    let mut future = lines[0].clone();
    future["format"] = serde_json::json!(99);
    std::fs::write(&path, format!("{future}\n")).unwrap();
    fails_with(
        &["value", "queens", "7x7", "--checkpoint", file],
        "format 99",
    );
    // A header from before the checksums (format 1, named or not) is to be started anew.
    let mut old = lines[0].clone();
    for key in ["search", "check", "format"] {
        old.as_object_mut().unwrap().remove(key);
    }
    let old_line = r#"{"leaves_value":false,"nodes":0,"square":"a1","value":0}"#;
    std::fs::write(&path, format!("{old}\n{old_line}\n")).unwrap();
    fails_with(
        &["value", "queens", "7x7", "--checkpoint", file],
        "line 1: the checkpoint is in format 1, written by an older grundy without checksums",
    );
    // A JSON object that names no game is no checkpoint of any grundy's.
    std::fs::write(&path, "{\"garbage\": true}\n").unwrap();
    fails_with(
        &["value", "queens", "7x7", "--checkpoint", file],
        "line 1: expected the header, a JSON object naming the game and its board",
    );
    // A file far larger than any checkpoint is refused before it is read.
    let large = std::fs::File::create(&path).unwrap();
    large.set_len(1 << 30).unwrap();
    fails_with(
        &["value", "queens", "7x7", "--checkpoint", file],
        "larger than",
    );
}

/// Flipping one `leaves_value` by hand in a checkpoint made the resumed search answer a wrong
/// value; each line's checksum refuses it now, by its number, and the file is left as it was.
#[test]
fn a_checkpoint_line_edited_by_hand_is_refused_by_its_number() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("edited.jsonl");
    let file = path.to_str().unwrap();
    let full = json_of(&["value", "queens", "7x7", "--checkpoint", file]);
    let raw = raw_lines(&path);
    for (number, line) in raw.iter().enumerate().skip(1).take(3) {
        let flipped = if line.contains(r#""leaves_value":true"#) {
            line.replace(r#""leaves_value":true"#, r#""leaves_value":false"#)
        } else {
            line.replace(r#""leaves_value":false"#, r#""leaves_value":true"#)
        };
        let mut edited = raw.clone();
        edited[number] = flipped;
        let text = edited.join("\n") + "\n";
        std::fs::write(&path, &text).unwrap();
        fails_with(
            &["value", "queens", "7x7", "--checkpoint", file],
            &format!("line {}: it fails its checksum", number + 1),
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
    // The header edited to another position is refused as the header of another search.
    let header = raw[0].replace("position\":\".", "position\":\"Q");
    std::fs::write(&path, format!("{header}\n")).unwrap();
    fails_with(
        &["value", "queens", "7x7", "--checkpoint", file],
        "not for this search",
    );
    // As written, the lines resume the search to the same answer.
    std::fs::write(&path, raw.join("\n") + "\n").unwrap();
    let resumed = json_of(&["value", "queens", "7x7", "--checkpoint", file]);
    assert_eq!(resumed["resumed_from_checkpoint"], raw.len() - 1);
    assert_eq!(resumed["nimber"], full["nimber"]);
}

/// Two runs on one checkpoint both wrote their header and lines into it, and then both refused
/// it. A run holds the file's lock: a second run is refused (exit status 2), naming the file,
/// with nothing written; once the lock is let go, the file is used.
#[cfg(unix)]
#[test]
fn a_checkpoint_another_run_holds_is_refused_with_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("held.jsonl");
    let file = path.to_str().unwrap();
    // A new file, as the first run has just made it, and one with a header and lines.
    for before in ["", "resumed"] {
        if before == "resumed" {
            json_of(&["outcome", "queens", "6x6", "--checkpoint", file]);
        }
        let text = std::fs::read(&path).unwrap_or_default();
        let opened = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .unwrap();
        let held = nix::fcntl::Flock::lock(opened, nix::fcntl::FlockArg::LockExclusiveNonblock)
            .map_err(|(_, error)| error)
            .unwrap();
        for command in ["outcome", "value"] {
            fails_with(
                &[command, "queens", "6x6", "--checkpoint", file],
                &format!("checkpoint {file} is in use"),
            );
            assert_eq!(std::fs::read(&path).unwrap(), text, "{command} {before}");
        }
        drop(held);
    }
    let resumed = json_of(&["outcome", "queens", "6x6", "--checkpoint", file]);
    assert!(resumed["resumed_from_checkpoint"].as_u64().unwrap() > 0);
}

/// The checkpoints of long runs kept in docs/runs are read by this grundy (they are in its
/// format, each line's checksum right), so the README's way of carrying a run on holds.
#[test]
fn the_checkpoints_kept_in_docs_runs_are_read() {
    let mut read_runs = Vec::new();
    for (name, board, lines) in [
        ("queens-15x15-value.jsonl", "15x15", 41),
        ("queens-16x16-outcome.jsonl", "16x16", 37),
    ] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../docs/runs")
            .join(name);
        let text = std::fs::read(&path).unwrap();
        let game = PlacementGame::new(Piece::Queen, board.parse().unwrap());
        let read = CheckpointLines::new(&game, &game.empty())
            .parse(&text)
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        assert!(read.has_header && read.torn_line.is_none(), "{name}");
        assert_eq!(read.records.len(), lines - 1, "{name}");
        assert_eq!(read.whole_bytes as usize, text.len(), "{name}");
        read_runs.push(name);
    }
    // The runs of issue 35: every checkpoint there is read whole, and so is every facts file
    // beside one, whose facts the search then takes.
    let runs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/runs");
    for (name, piece, board) in [
        ("knights-7x9-value.jsonl", Piece::Knight, "7x9"),
        ("knights-9x9-value.jsonl", Piece::Knight, "9x9"),
        ("kings-8x12-value.jsonl", Piece::King, "8x12"),
        ("kings-8x12-outcome.jsonl", Piece::King, "8x12"),
        ("kings-10x10-value.jsonl", Piece::King, "10x10"),
        ("kings-10x10-outcome.jsonl", Piece::King, "10x10"),
        ("kings-9x11-value.jsonl", Piece::King, "9x11"),
    ] {
        let game = PlacementGame::new(piece, board.parse().unwrap());
        let lines = CheckpointLines::new(&game, &game.empty());
        let text = std::fs::read(runs.join(name)).unwrap();
        let read = lines.parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(read.has_header && read.torn_line.is_none(), "{name}");
        let mut search = RootSearch::new(&game, &game.empty(), 1, 1 << 24);
        search.resume(&read.records).unwrap();
        search.resume_tries(&read.tries).unwrap();
        let facts = runs.join(format!("{name}.facts"));
        if let Ok(text) = std::fs::read(&facts) {
            let read = lines
                .parse_facts(&text)
                .unwrap_or_else(|e| panic!("{name}.facts: {e}"));
            assert!(
                read.records.is_empty() && !read.facts.is_empty(),
                "{name}.facts"
            );
            assert_eq!(
                search.learn(&read.facts),
                Ok(read.facts.len()),
                "{name}.facts"
            );
        }
        read_runs.push(name);
    }
    // Every checkpoint kept there is one of those.
    let mut kept: Vec<String> = std::fs::read_dir(&runs)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".jsonl"))
        .collect();
    kept.sort();
    read_runs.sort();
    assert_eq!(kept, read_runs);
}

/// A full disk: the search goes on and its answer is printed; standard error says that the
/// checkpoint is incomplete.
#[test]
fn a_checkpoint_on_a_full_disk_still_gives_the_answer() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let expected = json_of(&["value", "queens", "7x7"]);
    let (answer, stderr) =
        json_and_stderr(&["value", "queens", "7x7", "--checkpoint", "/dev/full"]);
    assert_eq!(answer["nimber"], expected["nimber"]);
    assert!(stderr.contains("cannot write the checkpoint"), "{stderr}");
    assert!(stderr.contains("incomplete"), "{stderr}");
    assert_eq!(stderr.matches("cannot write").count(), 1, "{stderr}");
}

/// Ctrl-C stops a long search: exit status 130, every line of the checkpoint whole, and the
/// same command run again resumes from it and gives the right answer.
#[test]
fn ctrl_c_keeps_what_is_settled_and_the_search_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q13.jsonl");
    let file = path.to_str().unwrap();
    let args = [
        "value",
        "queens",
        "13x13",
        "--threads",
        "1",
        "--memory",
        "64M",
        "--checkpoint",
        file,
    ];
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = child;
    // Once some first moves are settled (the handler is installed before the search starts),
    // and unless the search has already finished.
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none()
        && std::fs::read_to_string(&path).map_or(0, |text| text.lines().count()) < 4
        && started.elapsed() < std::time::Duration::from_secs(60)
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    if child.try_wait().unwrap().is_none() {
        interrupt_after(&child, std::time::Duration::ZERO);
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let lines = checkpoint_lines(&path);
    let settled = lines.len() - 1;
    // A machine fast enough to finish first interrupts nothing.
    if !output.status.success() {
        assert_eq!(output.status.code(), Some(130), "{stderr}");
        assert!(output.stdout.is_empty());
        assert!(
            stderr.contains("run the same command again to resume"),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    let (resumed, _) = json_and_stderr(&args);
    assert_eq!(resumed["resumed_from_checkpoint"], settled);
    let one_run = json_of(&["value", "queens", "13x13", "--memory", "64M"]);
    assert_eq!(resumed["nimber"], one_run["nimber"]);
}

/// A search that takes minutes (kings 9x9, about two), for the tests that stop one.
const LONG_SEARCH: [&str; 7] = [
    "value",
    "kings",
    "9x9",
    "--threads",
    "1",
    "--memory",
    "256M",
];

/// A stopped search keeps the costliest facts it had learnt beside its checkpoint
/// (`FILE.facts`), and the next run reads them; a facts file edited by hand is refused by its
/// line, before any search.
#[test]
fn a_stopped_search_keeps_its_facts_and_the_next_run_reads_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kings9.jsonl");
    let facts = dir.path().join("kings9.jsonl.facts");
    let file = path.to_str().unwrap();
    let args = [LONG_SEARCH.as_slice(), &["--checkpoint", file]].concat();
    // Stopped once it has searched so many positions, however long that takes here.
    let run_for = |positions: u64| {
        let stopped = signal_when(&args, "-INT", |counts| {
            reached(counts, &["searched", "first_moves"], "positions", positions)
        });
        assert_eq!(stopped.status, Some(130), "{}", stopped.stderr);
        stopped.stderr
    };
    let stderr = run_for(3_000_000);
    assert!(
        stderr.contains("costliest facts") && stderr.contains("kings9.jsonl.facts"),
        "{stderr}"
    );
    let kept = raw_lines(&facts);
    assert!(kept.len() > 100, "{} lines", kept.len());
    let header: serde_json::Value = serde_json::from_str(&kept[0]).unwrap();
    let checkpoint_header: serde_json::Value = serde_json::from_str(&raw_lines(&path)[0]).unwrap();
    assert_eq!(header["facts"], 1, "{header}");
    assert_eq!(header["search"], checkpoint_header["search"], "{header}");
    for line in &kept[1..] {
        let fact: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(fact["key"].is_string() && fact["work"].is_u64(), "{line}");
        assert!(fact["value"].is_u64() != fact["not"].is_array(), "{line}");
    }
    // The next run reads them, and keeps its own in their place when stopped.
    let stderr = run_for(1_000_000);
    assert!(
        !stderr.contains("refused") && stderr.contains("costliest facts"),
        "{stderr}"
    );
    // No temporary file is left beside them.
    let mut names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["kings9.jsonl", "kings9.jsonl.facts"]);
    // One fact edited: refused by its line, and the run searches nothing.
    let mut edited = raw_lines(&facts);
    edited[5] = edited[5].replacen("\"work\":", "\"work\":1", 1);
    std::fs::write(&facts, edited.join("\n") + "\n").unwrap();
    let before = std::fs::read(&path).unwrap();
    fails_with(&args, "kings9.jsonl.facts line 6");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the checkpoint is left as it was"
    );
    // A checkpoint given where its facts should be is refused by its first line.
    std::fs::copy(&path, &facts).unwrap();
    fails_with(&args, "is this the checkpoint itself?");
    // Refused so with no checkpoint yet, the run leaves none behind (not even an empty one).
    std::fs::remove_file(&path).unwrap();
    fails_with(&args, "is this the checkpoint itself?");
    assert!(!path.exists(), "a refused run made no checkpoint");
    // Facts that read well but are about no component of this game (a shape of too few words,
    // sealed for this search) are refused by the search, once the checkpoint has been opened
    // and its header written: the run still leaves no checkpoint, and an empty file empty.
    let game = PlacementGame::new(Piece::King, "9x9".parse().unwrap());
    let stray = Fact {
        key: vec![1 << 16 | 3, 0b111],
        value: Some(Nimber::new(1)),
        not_values: 0,
        work: 1,
    };
    let text = CheckpointLines::new(&game, &game.empty()).facts_text(&[stray]);
    std::fs::write(&facts, text).unwrap();
    fails_with(&args, "kings9.jsonl.facts line 2: not about a component");
    assert!(!path.exists(), "a refused run made no checkpoint");
    std::fs::write(&path, "").unwrap();
    fails_with(&args, "kings9.jsonl.facts line 2: not about a component");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"",
        "the empty file is left empty"
    );
}

/// The first line of progress that `grundy ARGS` writes to its stderr when that is a file (a
/// run left going under `nohup`, where no bar can be drawn), stopped by Ctrl-C once that line
/// is in the log (it comes after ten seconds; the timing itself is tested in `progress.rs`).
fn first_logged_progress(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    // The line is waited for, however long a busy machine takes to write it.
    while child.try_wait().unwrap().is_none()
        && !std::fs::read_to_string(&log)
            .unwrap_or_default()
            .lines()
            .any(|line| line.starts_with("progress: "))
    {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    interrupt_after(&child, std::time::Duration::ZERO);
    let output = child.wait_with_output().unwrap();
    let stderr = std::fs::read_to_string(&log).unwrap();
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    stderr
        .lines()
        .find(|line| line.starts_with("progress: "))
        .unwrap_or_else(|| panic!("no line of progress in {stderr}"))
        .to_string()
}

/// A long first-move search (kings 9x9 takes minutes, so it is still searching when stopped)
/// logs how far it is, naming the groups of first moves being searched.
#[test]
fn a_long_search_writes_its_progress_to_a_log() {
    let line = first_logged_progress(&LONG_SEARCH);
    assert!(
        line.contains(" s, moves to value *") && line.contains(" of 15 first moves settled, "),
        "{line}"
    );
    // Which groups the threads are on, and for how long: `; searching a1 for *2 (41 min)`.
    assert!(
        line.contains("; searching ") && line.contains(" for "),
        "{line}"
    );
}

/// A table whose one cell takes minutes (kings 9x9 by the whole-board solver) still logs a
/// line a minute, from its solver's positions: no cell finishes to report.
#[test]
fn a_long_table_cell_writes_its_progress_to_a_log() {
    let line = first_logged_progress(&["table", "kings", "--rows", "9", "--cols", "9"]);
    assert!(
        line.contains("kings table: 0 of 1 done; a thread's solver: ")
            && line.contains(" positions searched"),
        "{line}"
    );
}

/// Ctrl-C stops a table: the finished cells are printed, the others as `?`, exit status 130.
/// SIGTERM (what a batch queue sends at the end of a job's time) and SIGHUP do the same, and
/// every message names the signal that stopped it, not Ctrl-C for all.
#[test]
fn ctrl_c_prints_the_finished_cells_of_a_table() {
    for (signal, name) in [
        ("-INT", "Ctrl-C (SIGINT)"),
        ("-TERM", "SIGTERM"),
        ("-HUP", "SIGHUP"),
    ] {
        table_stopped_by(signal, name);
    }
}

fn table_stopped_by(signal: &str, name: &str) {
    // 12x13 takes half a minute or more, the small boards a moment: stopped once a cell is
    // finished.
    let stopped = signal_when(
        &["table", "queens", "--rows", "1,2,12", "--cols", "1,2,13"],
        signal,
        |counts| reached(counts, &["steps"], "done", 1),
    );
    let (stdout, stderr) = (stopped.stdout, stopped.stderr);
    assert_eq!(stopped.status, Some(130), "{signal} {stdout}{stderr}");
    assert!(stdout.contains("m\\n"), "{stdout}");
    assert!(stdout.contains("?"), "{stdout}");
    assert!(
        stdout.contains(&format!("not finished, stopped by {name})")),
        "{stdout}"
    );
    assert!(
        stderr.contains(&format!("{name} received: stopping")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("interrupted by {name}: ")) && stderr.contains("cells finished"),
        "{stderr}"
    );
    if name != "Ctrl-C (SIGINT)" {
        assert!(
            !stdout.contains("Ctrl-C") && !stderr.contains("Ctrl-C"),
            "{stderr}"
        );
    }
}

#[test]
fn sizes_that_cannot_be_given_are_refused() {
    fails_with(&["value", "queens", "4x4", "--memory", "1000T"], "1000T");
    fails_with(&["bench", "--dense-size", "30"], "from 0 to 24");
    // Nothing would be recorded for a heap game: a checkpoint is refused, not ignored.
    fails_with(
        &["value", "kayles", "5", "--checkpoint", "unused.jsonl"],
        "--checkpoint is for the placement games",
    );
}

/// Issue 30: every knights board with an even side is a second-player win by mirror play
/// (Boone (2016), Theorem 2.2.2), and `outcome`, `value` and `moves` answer it without
/// searching a position, naming the strategy; on an odd board `outcome` answers with the
/// centre, while `value` searches (the strategy proves only that the value is not 0).
#[test]
fn boards_a_strategy_settles_are_answered_without_search() {
    for (command, board, symmetry) in [
        ("outcome", "8x9", "reflection in the horizontal middle line"),
        ("outcome", "9x8", "reflection in the vertical middle line"),
        (
            "outcome",
            "10x10",
            "reflection in the horizontal middle line",
        ),
        (
            "outcome",
            "6x11",
            "reflection in the horizontal middle line",
        ),
        ("value", "8x9", "reflection in the horizontal middle line"),
        ("value", "10x10", "reflection in the horizontal middle line"),
        ("moves", "8x9", "reflection in the horizontal middle line"),
    ] {
        let mut args = vec![command, "knights", board];
        if command != "moves" {
            args.extend(["--threads", "1"]);
        }
        let report = json_of(&args);
        let shown = format!("{command} knights {board}: {report}");
        assert_eq!(report["outcome"], "P", "{shown}");
        assert_eq!(report["positions_searched"], 0, "{shown}");
        assert_eq!(
            report["settled_by"],
            format!("mirror play ({symmetry})").as_str(),
            "{shown}"
        );
        if command != "outcome" {
            assert_eq!(report["nimber"], 0, "{shown}");
        }
        if command == "moves" {
            assert_eq!(report["winning_moves"], 0, "{shown}");
        }
    }
    let text = grundy()
        .args(["value", "knights", "8x9", "--threads", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains(
            "settled    by mirror play (reflection in the horizontal middle line), without search"
        ),
        "{text}"
    );

    let odd = json_of(&["outcome", "knights", "9x9", "--threads", "1"]);
    assert_eq!(odd["outcome"], "N");
    assert_eq!(odd["winning_move"]["square"], "e5");
    assert_eq!(odd["settled_by"], "centre e5 then half turn");
    assert_eq!(odd["positions_searched"], 0);
    let value = json_of(&["value", "knights", "5x5", "--threads", "1"]);
    assert_eq!(value["nimber"], 1);
    assert!(value.get("settled_by").is_none(), "{value}");
}

/// Issue 30: the cells of a knights table with an even side are settled by mirror play before
/// any search, so a table of them completes at once, and one with odd boards still gives the
/// searched values (9x3 and 9x5 are new here) beside the settled ones.
#[test]
fn tables_fill_the_cells_a_strategy_settles_without_search() {
    let even = json_of(&[
        "table",
        "knights",
        "--rows",
        "2,4,6,8,10,12",
        "--cols",
        "1-12",
    ]);
    assert_eq!(even["interrupted"], false);
    assert_eq!(even["finished_cells"], 72);
    assert_eq!(even["positions_searched"], 0);
    for row in even["nimbers"].as_array().unwrap() {
        assert!(row.as_array().unwrap().iter().all(|cell| cell == 0));
    }
    let table = json_of(&["table", "knights", "--rows", "1-9", "--cols", "1-6"]);
    assert_eq!(table["finished_cells"], 54);
    for (i, m) in (1..=9).enumerate() {
        for (j, n) in (1..=6).enumerate() {
            let settled = &table["settled_by"][i][j];
            assert_eq!(settled.is_string(), m % 2 == 0 || n % 2 == 0, "{m}x{n}");
        }
    }
    assert_eq!(table["nimbers"][8][2], 3, "knights 9x3");
    assert_eq!(table["nimbers"][8][4], 1, "knights 9x5");
}

#[test]
fn a_placement_table_is_drawn_into_svg() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("queens.svg");
    grundy()
        .args(["table", "queens", "--rows", "1-4", "--cols", "1-5", "--svg"])
        .arg(&path)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    // Each of the 20 boards is a cell with its value written in it, as `--json` gives them.
    let table = json_of(&["table", "queens", "--rows", "1-4", "--cols", "1-5"]);
    let cells = svg.matches(r#"stroke="gray"/><text"#).count();
    assert_eq!(cells, 20, "{svg}");
    for row in table["nimbers"].as_array().unwrap() {
        for value in row.as_array().unwrap() {
            assert!(svg.contains(&format!(">{}</text>", value.as_u64().unwrap())));
        }
    }
}
