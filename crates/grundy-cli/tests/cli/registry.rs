//! The one registry of games: every command recognises games alike, refuses a game its
//! question does not apply to by naming the questions that do, and lists every game in help.

use crate::common::{fails_with, grundy};

#[test]
fn a_verb_refuses_the_games_it_does_not_apply_to_naming_those_that_apply() {
    fails_with(
        &["sequence", "corner-knight"],
        "`grundy sequence` is for a heap game; `corner-knight` is a corner game, which takes grundy value, outcome, moves, table, check",
    );
    fails_with(&["sequence", "knights"], "`knights` is a placement game");
    fails_with(
        &["quotient", "knights"],
        "`grundy quotient` is for a heap game; `knights` is a placement game",
    );
    fails_with(
        &["graph", "corner-knight", "7", "9"],
        "`grundy graph` is for a placement game or Node Kayles on a graph",
    );
    fails_with(
        &["table", "0.77"],
        "`grundy table` is for a placement game, a corner game or Cram",
    );
    fails_with(
        &["check", "queens", "--to", "10"],
        "`queens` is a placement game",
    );
    // A name of no family is left to the verb's own parser, which says what it expected.
    fails_with(&["sequence", "kayless"], "unknown heap game `kayless`");
    fails_with(&["outcome", "pawns", "5x5"], "unknown piece `pawns`");
}

#[test]
fn help_lists_every_game_of_every_family() {
    let output = grundy().args(["value", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    for name in [
        "knights",
        "camels",
        "giraffes",
        "leaper:A,B",
        "nim",
        "grundys-game",
        "kayles-2d",
        "sub:",
        "corner-knight",
        "corner-queen",
        "corner:DX,DY",
        "graph",
        "*3",
        "knights 5x5 + kayles 7 + *3",
    ] {
        assert!(
            help.contains(name),
            "`grundy value --help` names {name}:\n{help}"
        );
    }
}

#[test]
fn games_lists_the_rules_and_each_lesson_with_a_command_that_runs() {
    let output = grundy().arg("games").output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Rules:\n"), "{text}");
    assert!(text.contains("The player who cannot move loses."), "{text}");
    // Each lesson's command, run as printed: the position of the reference, its moves listed.
    let commands: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("  grundy moves \""))
        .collect();
    assert!(commands.len() >= 10, "{text}");
    assert!(commands.contains(&"kayles 3 4 5 2 5\" --all"), "{text}");
    for command in commands {
        let (game, flags) = command.split_once("\" ").unwrap();
        let moves = grundy()
            .args(["moves", game, flags, "--json"])
            .output()
            .unwrap();
        assert!(moves.status.success(), "{game}");
        let report: serde_json::Value = serde_json::from_slice(&moves.stdout).unwrap();
        assert!(report["legal_moves"].as_u64().unwrap() > 0, "{game}");
    }
}
