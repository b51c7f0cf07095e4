//! Refusals quote what was typed and say what is true of it: a size too large for any number
//! type is not reported with a clamped count, an empty part of a name is shown in its whole,
//! and an option that does not apply is refused, not ignored.

use crate::common::{fails_with, grundy};

#[test]
fn boards_too_large_are_refused_with_their_true_size() {
    fails_with(
        &["value", "knights", "99999999999999999999x1"],
        "`99999999999999999999x1` has 99999999999999999999 squares",
    );
    fails_with(
        &["tour", "99999999999999999999x1"],
        "`99999999999999999999x1` has 99999999999999999999 squares",
    );
    fails_with(
        &["value", "knights", "5000000000x2"],
        "has 10000000000 squares",
    );
    let huge = format!("{}0x1", u128::MAX);
    fails_with(
        &["value", "knights", &huge],
        &format!("`{huge}` has more than {} squares", u128::MAX),
    );
    fails_with(
        &["value", "knights", "0x99999999999999999999"],
        "has a side of zero",
    );
    for args in [
        vec!["value", "knights", "99999999999999999999x1"],
        vec!["tour", "99999999999999999999x1"],
    ] {
        let output = grundy().args(&args).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("4294967295"), "{args:?}: {stderr}");
    }
}

#[test]
fn empty_names_and_sizes_are_quoted_as_typed() {
    for (pieces, named) in [
        ("knights++bishops", "knights++bishops"),
        ("knights+", "knights+"),
        ("+knights", "+knights"),
        // A game quoted with a space is read as typed unquoted: the game is its first word.
        ("knights+ +bishops", "knights+"),
    ] {
        fails_with(
            &["value", pieces, "3x3"],
            &format!("`{named}` has an empty piece name"),
        );
    }
    for range in ["3x3..", "..3x3", " .. "] {
        fails_with(
            &["conjecture", "parity", "knights", range],
            &format!("board range `{range}` is malformed"),
        );
    }
    fails_with(
        &["conjecture", "parity", "knights", "3x3..0x4"],
        "board range `3x3..0x4`: board size `0x4` has a side of zero",
    );
    for args in [
        vec!["value", "knights++bishops", "3x3"],
        vec!["conjecture", "parity", "knights", "3x3.."],
    ] {
        let output = grundy().args(&args).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("``"), "{args:?}: {stderr}");
    }
}

/// `--format` says how a graph file is written; given where no graph file is read, it is
/// refused naming where it applies, and it still works where it does.
#[test]
fn format_is_refused_where_no_graph_file_is_read() {
    for args in [
        vec!["value", "knights", "3x3", "--format", "xml"],
        vec!["moves", "knights", "3x3", "--format", "edges"],
        vec!["value", "kayles", "3", "--format", "dimacs"],
        vec!["value", "knights 3x3 + kayles 3", "--format", "edges"],
        vec!["graph", "knights", "3x3", "--format", "dimacs"],
    ] {
        fails_with(&args, "applies only to `graph FILE`");
    }
    let dir = tempfile::tempdir().unwrap();
    let edges = dir.path().join("edge.txt");
    std::fs::write(&edges, "a b\n").unwrap();
    let edges = edges.to_str().unwrap();
    for args in [
        vec!["value", "graph", edges, "--format", "edges"],
        vec!["moves", "graph", edges, "--format", "edges"],
        vec!["graph", "graph", edges, "--format", "edges"],
    ] {
        let output = grundy().args(&args).output().unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
    }
    let sum = format!("graph {edges} + *1");
    let output = grundy()
        .args(["value", &sum, "--format", "edges"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
}

/// Issue 54's messages: a thinking time is echoed as people write it (`1e308`, not its 309
/// digits) and a negative one reaches the check instead of being taken for an option; a board
/// size typed with spaces is named whole; one placement game under misère play is named as
/// under normal play.
#[test]
fn numbers_and_boards_are_named_as_people_wrote_them() {
    fails_with(
        &["moves", "knights", "5x5", "--seconds", "1e308"],
        "seconds 1e308: expected a thinking time from 0 to 1e9 seconds",
    );
    fails_with(
        &["moves", "knights", "5x5", "--seconds", "-1"],
        "seconds -1: expected a thinking time",
    );
    fails_with(
        &["play", "knights", "5x5", "--reply", "--seconds", "-1"],
        "seconds -1: expected a thinking time",
    );
    for board in ["5 x 5", "5 x5", "5x 5"] {
        fails_with(
            &["value", "knights", board],
            &format!("board size `{board}` has spaces in it: write it as one word, `5x5`"),
        );
    }
    let output = grundy()
        .args(["outcome", "--misere", "knights", "5x5"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("game       knights on 5x5\n"), "{text}");
    assert!(!text.contains("position   "), "{text}");
}

/// A reader that has gone (`grundy tour 3x3 | head -c 1` after `head` ended) is no reason to
/// panic: each of these writes to a pipe whose reading end is already closed, on stdout (an
/// answer, a "no" printed as an answer) or on stderr (an error), and ends with the status it
/// would have had, not 101.
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::process::{Command, Stdio};

    for (args, on_stdout, status) in [
        (&["tour", "3x3"][..], true, 1),
        (&["value", "knights", "3x3"][..], true, 0),
        (
            &["value", "knights", "3x3", "--position", "Q../.../..."][..],
            false,
            2,
        ),
    ] {
        // The writing end of a pipe whose only reader, `true`, has ended.
        let mut reader = Command::new("true")
            .stdin(Stdio::piped())
            .spawn()
            .expect("true runs");
        let writer = Stdio::from(reader.stdin.take().expect("a pipe to true"));
        reader.wait().expect("true ends");
        let mut command = Command::new(assert_cmd::cargo::cargo_bin("grundy"));
        command.args(args).stdin(Stdio::null());
        if on_stdout {
            command.stdout(writer).stderr(Stdio::piped());
        } else {
            command.stdout(Stdio::null()).stderr(writer);
        }
        let output = command.output().expect("grundy runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(output.status.code(), Some(status), "{args:?}: {stderr}");
    }
}
