//! `grundy play` driven through stdin, and `--svg` on `value` and `moves`.

use crate::common::{fails_with, grundy, json_of, reached, signal_when};

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
    // Knights 4x4 has nim-value 0: whoever moves first loses against perfect play. The first
    // square is typed twice: the computer answers by mirror play, which the squares in order
    // would otherwise never meet.
    let typed = "a1\n".to_string() + &every_square(4, 4).repeat(4);
    let (ok, out, err) = run_play(&["knights", "4x4"], &typed);
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

    let output = grundy()
        .args(["play", "kayles", "5", "--opponent", "symmetry", "--reply"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("symmetry strategies"), "{err}");
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
    assert_eq!(svg.matches(r##"stroke="#111111""##).count(), winning);
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
    assert!(String::from_utf8_lossy(&out.stderr).contains("wrote"));
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
    assert_eq!(svg.matches(r##"stroke="#111111""##).count(), count);

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

/// A game of several pieces is played to its end through stdin, on either side and against
/// either opponent, with moves typed in every notation (the letter before the square or after
/// it, the square as a name or as (row,column)); a square without a letter is refused.
#[test]
fn a_whole_game_of_several_pieces_through_stdin() {
    // Each turn: ask for a hint and the legal moves, then try every notation of every square
    // with the knight (the legal ones are played, the others refused with a reason).
    let mut typed = String::from("c3\nhelp\n");
    for round in 0..14 {
        typed.push_str("hint\nmoves\n");
        for row in 1..=5 {
            for col in ['a', 'b', 'c', 'd', 'e'] {
                let square = format!("{col}{row}");
                typed.push_str(&match (round + row) % 3 {
                    0 => format!("N{square}\n"),
                    1 => format!("{square} N\n"),
                    _ => format!("B ({row},{})\n", col as u8 - b'a' + 1),
                });
            }
        }
    }
    for args in [
        &["knights+bishops", "5x5"][..],
        &["knights+bishops", "5x5", "--second"],
        &["knights+bishops", "5x5", "--opponent", "random"],
    ] {
        let (ok, out, err) = run_play(args, &typed);
        assert!(ok, "{args:?}: {err}");
        assert!(
            out.contains("say which goes on c3, for example Bc3 or Nc3"),
            "{out}"
        );
        assert!(out.contains("Nc3, N c3, c3 N or N (3,3)"), "{out}");
        assert!(out.contains("legal moves: B or N on any of"), "{out}");
        assert!(
            out.contains("you win!") || out.contains("the computer wins"),
            "{args:?}: the game was played to its end: {out}"
        );
        assert!(!out.contains("illegal"), "{out}");
        // Every move names its piece: `you play Nc3 (3,3)`, `computer plays Bb2 (2,2)`.
        let moves: Vec<&str> = out
            .lines()
            .filter_map(|line| {
                line.split("you play ")
                    .nth(1)
                    .or_else(|| line.split("computer plays ").nth(1))
            })
            .filter(|played| played.ends_with(')'))
            .collect();
        assert!(moves.len() >= 4, "{out}");
        for played in moves {
            assert!(
                played.starts_with('B') || played.starts_with('N'),
                "{played}: {out}"
            );
        }
    }
}

#[test]
fn a_line_too_long_is_refused_and_binary_input_ends_the_game() {
    let long = format!("{}\nquit\n", "c".repeat(100_000));
    let (ok, out, err) = run_play(&["knights", "3x3"], &long);
    assert!(ok, "{err}");
    assert!(out.contains("longer than 1024 bytes"), "{out}");
    assert!(out.ends_with("game abandoned\n"), "{out}");
    let output = grundy()
        .args(["play", "knights", "3x3"])
        .write_stdin(vec![0u8; 4 << 20])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("not text (it holds a NUL byte)"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn play_reply_prints_the_computers_move_and_refuses_a_finished_game() {
    // Knights 3x3 after a1 and c1, the second player to move: the reply is one legal move
    // (one more knight), and its nim-value is the position's.
    let reply = json_of(&[
        "play",
        "knights",
        "3x3",
        "--reply",
        "--position",
        "N.N/.../...",
    ]);
    assert_eq!(reply["command"], "play");
    let position = reply["position"].as_str().unwrap();
    assert_eq!(position.matches('N').count(), 3, "{position}");
    let check = json_of(&["value", "knights", "3x3", "--position", position]);
    assert_eq!(reply["nimber"], check["nimber"]);
    // The king fills a 1x1 board: no move is left.
    fails_with(
        &["play", "kings", "1x1", "--reply", "--position", "K"],
        "no legal move",
    );
    fails_with(
        &["play", "knights", "3x3", "--position", "N../.../..."],
        "--reply",
    );
}

/// Issue 30: `play queens 22x22 --reply` ran with no answer and no sign of life. A known
/// strategy answers at once (knights 22x22 after a1: the mirror reply, which search could not
/// find in minutes); where none applies the search shows progress and Ctrl-C stops it cleanly.
#[cfg(unix)]
#[test]
fn play_reply_uses_a_known_strategy_and_stops_on_ctrl_c() {
    let mut rows = vec![".".repeat(22); 22];
    rows[0].replace_range(0..1, "N");
    let position = rows.join("/");
    let reply = json_of(&[
        "play",
        "knights",
        "22x22",
        "--reply",
        "--position",
        &position,
    ]);
    assert_eq!(reply["nimber"], 0);
    assert_eq!(reply["moves"][0]["square"], "a22");

    // Stopped once its progress says it has searched: on a busy machine that only comes later.
    let stopped = signal_when(&["play", "queens", "22x22", "--reply"], "-INT", |counts| {
        reached(counts, &["searched", "first_moves"], "positions", 1)
    });
    assert_eq!(stopped.status, Some(130), "{}", stopped.stderr);
    assert!(
        stopped.stderr.contains("no move played"),
        "{}",
        stopped.stderr
    );
    assert!(stopped.stdout.is_empty());
}

/// Issue 33: with a thinking time the computer answers in time on a board it cannot solve,
/// with the best move it has, and says so; the value it did not find is left out.
#[test]
fn play_reply_with_a_thinking_time_plays_in_time_and_says_so() {
    // Knights 8x8 after a1 and b1: no symmetry strategy applies, and no search ends soon.
    let position = "NN....../......../......../......../......../......../......../........";
    let started = std::time::Instant::now();
    let args = [
        "play",
        "knights",
        "8x8",
        "--reply",
        "--seconds",
        "0.3",
        "--position",
        position,
    ];
    let reply = json_of(&args);
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    let played_by = reply["played_by"].as_str().unwrap();
    assert!(
        played_by.starts_with("perfect play, out of time: ") && played_by.contains(" in 0.3 s"),
        "{played_by}"
    );
    let after = reply["position"].as_str().unwrap();
    assert_eq!(after.matches('N').count(), 3, "{after}");
    let square = reply["played"].as_str().unwrap();
    assert!(square.parse::<grundy::Square>().is_ok(), "{square}");
    for unknown in ["nimber", "moves", "outcome", "winner"] {
        assert!(reply.get(unknown).is_none(), "{unknown} in {reply}");
    }
    let text = grundy().args(args).assert().success();
    let text = String::from_utf8_lossy(&text.get_output().stdout).to_string();
    assert!(
        text.starts_with(&format!("computer plays {square} (")),
        "{text}"
    );
    assert!(text.contains("nim-value  not found"), "{text}");
    // A time out of range is refused, naming it.
    fails_with(
        &["play", "knights", "8x8", "--reply", "--seconds", "1e10"],
        "seconds 1e10:",
    );
}

#[test]
fn moves_with_a_thinking_time_answer_in_time_with_what_they_settled() {
    // Knights 8x8 after a1 and b1: no move's value is found in a fraction of a second.
    let position = "NN....../......../......../......../......../......../......../........";
    let args = [
        "moves",
        "knights",
        "8x8",
        "--all",
        "--seconds",
        "0.3",
        "--position",
        position,
    ];
    let started = std::time::Instant::now();
    let report = json_of(&args);
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    let moves = report["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 57);
    let unvalued = moves.iter().filter(|m| m.get("nimber").is_none()).count();
    assert!(unvalued > 0);
    assert_eq!(report["moves_unsettled"].as_u64(), Some(unvalued as u64));
    assert!(report.get("nimber").is_none(), "{report}");
    let text = grundy().args(args).assert().success();
    let text = String::from_utf8_lossy(&text.get_output().stdout).to_string();
    assert!(
        text.starts_with(
            "knights on 8x8: nim-value ? (not found in the time given), 57 legal moves"
        ),
        "{text}"
    );
    assert!(
        text.contains("not valued to the end in the time given (? on the board)"),
        "{text}"
    );
    assert!(text.contains("  c1   (1,3) -> ?"), "{text}");
    // Time enough: the whole answer, the same as without a time.
    let timed = json_of(&["moves", "queens", "5x5", "--all", "--seconds", "60"]);
    let whole = json_of(&["moves", "queens", "5x5", "--all"]);
    assert_eq!(timed["moves"], whole["moves"]);
    assert_eq!(timed["nimber"], whole["nimber"]);
    assert_eq!(timed["moves_unsettled"].as_u64(), Some(0));
    // A time is for one placement game under normal play.
    fails_with(
        &["moves", "kayles", "3", "4", "--seconds", "1"],
        "seconds (moves within a time) is for one placement game under normal play (any game under misère play)",
    );
    // Under misère play, any game: the moves judged in the time, the rest said to be not.
    let misere = grundy()
        .args([
            "moves",
            "knights",
            "7x7",
            "--misere",
            "--all",
            "--seconds",
            "0.2",
        ])
        .assert()
        .success();
    let misere = String::from_utf8_lossy(&misere.get_output().stdout).to_string();
    assert!(
        misere.contains("a1               not judged in the time given"),
        "{misere}"
    );
    assert!(
        misere.contains("of 49 moves not judged in the time given"),
        "{misere}"
    );
}

/// `grundy play … | head -1`: once the reader has gone, the game ends quietly (exit status 0,
/// nothing on stderr), as every other command's output does.
#[test]
fn a_game_whose_reader_has_gone_ends_quietly() {
    use std::io::{BufRead, Write};
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["play", "knights", "5x5", "--second"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("grundy runs");
    let mut first_line = String::new();
    std::io::BufReader::new(child.stdout.take().expect("stdout is piped"))
        .read_line(&mut first_line)
        .unwrap();
    assert!(
        first_line.starts_with("knights on 5x5: you play second"),
        "{first_line}"
    );
    // The reader is dropped before the person types: the board drawn next meets a closed pipe.
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let _ = stdin.write_all(b"board\nquit\n");
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}
