//! `grundy play` driven through stdin, and `--svg` on `value` and `moves`.

use crate::common::grundy;

/// Every square of a `rows` x `cols` board as typed input, row by row: fed to `play`, the
/// person plays the first square that is still legal each turn (the others are refused).
fn every_square(rows: usize, cols: usize) -> String {
    let mut typed = String::new();
    for row in 1..=rows {
        for col in 0..cols {
            typed.push_str(&format!("{}{row}\n", (b'a' + col as u8) as char));
        }
    }
    typed
}

fn run_play(args: &[&str], typed: &str) -> (bool, String, String) {
    let output = grundy()
        .arg("play")
        .args(args)
        .write_stdin(typed)
        .output()
        .expect("grundy runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_full_game_against_perfect_play_on_a_lost_board_is_lost() {
    // Knights 4x4 has nim-value 0: whoever moves first loses against perfect play.
    let (ok, out, err) = run_play(&["knights", "4x4"], &every_square(4, 4).repeat(4));
    assert!(ok, "{err}");
    assert!(
        out.contains("the computer plays second with perfect play"),
        "{out}"
    );
    assert!(
        out.contains("You have no move left: the computer wins"),
        "{out}"
    );
    // Squares already taken or attacked were refused with a reason, not ended the game.
    assert!(out.contains("is not a legal move: it is"), "{out}");
    let person = out.matches("\nyou play ").count() + out.matches("> you play ").count();
    let computer = out.matches("\ncomputer plays ").count();
    assert_eq!(person, computer, "{out}");
    assert!(computer >= 2, "{out}");
}

#[test]
fn the_symmetry_opponent_wins_both_sides_where_it_applies() {
    let (ok, out, err) = run_play(
        &["knights", "6x6", "--opponent", "symmetry"],
        &every_square(6, 6).repeat(8),
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("mirror play (reflection in the horizontal middle line)"),
        "{out}"
    );
    assert!(out.contains("the computer wins"), "{out}");

    let (ok, out, err) = run_play(
        &["queens", "5x5", "--second", "--opponent", "symmetry"],
        &every_square(5, 5).repeat(4),
    );
    assert!(ok, "{err}");
    assert!(out.contains("computer plays c3 (3,3)"), "{out}");
    assert!(
        out.contains("the computer wins (centre c3 then half turn)"),
        "{out}"
    );
}

#[test]
fn symmetry_without_a_strategy_for_the_computers_side_exits_with_status_2() {
    let output = grundy()
        .args(["play", "knights", "5x5", "--opponent", "symmetry"])
        .write_stdin("c3\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("no symmetry strategy for the computer as second player"),
        "{err}"
    );
    assert!(err.contains("fixes c3"), "{err}");
    assert!(err.contains("try `--second`"), "{err}");
    assert!(output.stdout.is_empty(), "the game did not start");

    let output = grundy().args(["play", "kayles", "5"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn hints_bad_input_and_quit() {
    let typed = "help\nhint\nzz\n(9,9)\nb2\nb2\nhint\nmoves\nquit\n";
    let (ok, out, err) = run_play(
        &["knights", "3x3", "--opponent", "random", "--seed", "5"],
        typed,
    );
    assert!(ok, "{err}");
    assert!(out.contains("commands:"), "{out}");
    // 3x3 knights: the first player wins, and the centre is among the winning moves.
    assert!(
        out.contains("winning moves: ") && out.contains("b2 (2,2)"),
        "{out}"
    );
    assert!(
        out.contains("`zz` is neither a square nor a command"),
        "{out}"
    );
    assert!(out.contains("(9,9) is off the 3x3 board"), "{out}");
    assert!(
        out.contains("b2 is not a legal move: it is occupied"),
        "{out}"
    );
    assert!(out.contains("legal moves: "), "{out}");
    assert!(out.trim_end().ends_with("game abandoned"), "{out}");

    // At the start of a lost position the hint says there is none; end of input ends cleanly.
    let (ok, out, _) = run_play(&["knights", "4x4"], "hint\n");
    assert!(ok);
    assert!(out.contains("no winning move"), "{out}");
    assert!(out.contains("end of input: game abandoned"), "{out}");
}

#[test]
fn moves_svg_shows_pieces_winning_moves_and_values() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("moves.svg");
    grundy()
        .args([
            "moves",
            "queens",
            "4x4",
            "--position",
            ".Q../..../..../....",
            "--all",
            "--svg",
        ])
        .arg(&path)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<circle").count(), 1, "one queen");
    // Six free squares (nine are attacked), each labelled with the value its move leaves.
    assert_eq!(svg.matches(r#"font-size="11""#).count(), 6);
    let json: serde_json::Value = serde_json::from_slice(
        &grundy()
            .args([
                "moves",
                "queens",
                "4x4",
                "--position",
                ".Q../..../..../....",
                "--all",
                "--json",
            ])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6);
    let winning = moves.iter().filter(|m| m["winning"] == true).count();
    assert_eq!(svg.matches(r#"stroke="green""#).count(), winning);
    for m in moves {
        assert!(svg.contains(&format!(">{}</text>", m["nimber"])), "{m}");
    }
}

#[test]
fn value_svg_marks_the_winning_moves_and_refuses_games_without_a_board() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("value.svg");
    let out = grundy()
        .args(["value", "knights", "3x3", "--svg"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("wrote"));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("knights on 3x3: nim-value *1"), "{svg}");
    assert_eq!(svg.matches("<circle").count(), 0);
    let winning = grundy()
        .args(["moves", "knights", "3x3", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&winning.stdout).unwrap();
    let count = json["moves"].as_array().unwrap().len();
    assert!(count > 0);
    assert_eq!(svg.matches(r#"stroke="green""#).count(), count);

    let dir = tempfile::tempdir().unwrap();
    let refused = dir.path().join("refused.svg");
    let out = grundy()
        .args(["value", "kayles", "3", "4", "--svg"])
        .arg(&refused)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!refused.exists(), "nothing written on error");
    let out = grundy()
        .args([
            "moves",
            "knights",
            "3x3",
            "--position",
            "N../..N/...",
            "--svg",
        ])
        .arg(&refused)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "a1 and c2 attack each other");
    assert!(!refused.exists(), "nothing written on error");
}
