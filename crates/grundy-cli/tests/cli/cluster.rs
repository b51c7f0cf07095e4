//! The checkpoint lines of a search spread over MPI ranks (docs/CLUSTER.md), read by the
//! search of one process: questions about one move are its own records, deeper ones are
//! skipped, and a damaged one is refused by its line.

use grundy::games::placement::checkpoint::CheckpointLines;
use grundy::games::placement::{Piece, PlacementGame};

use crate::common::{fails_with, json_of};

/// `object` as a line of the checkpoint of `grundy outcome queens 7x7`, with its checksum
/// (without a newline).
fn sealed(object: &str) -> String {
    let game = PlacementGame::new(Piece::Queen, "7x7".parse().unwrap());
    let line = CheckpointLines::new(&game, &game.empty()).seal(object);
    line.trim_end().to_string()
}

/// The header of a checkpoint of `grundy outcome queens 7x7`, as the program writes it.
fn header() -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("header.jsonl");
    json_of(&[
        "outcome",
        "queens",
        "7x7",
        "--checkpoint",
        path.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines().next().unwrap().to_string()
}

#[test]
fn a_checkpoint_with_deeper_questions_resumes_the_search_of_one_process() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.jsonl");
    let file = path.to_str().unwrap();
    let alone = json_of(&["outcome", "queens", "7x7"]);
    // a1 then b3: a deeper question, which this search has no use for; a1 alone: a record.
    let lines = [
        header(),
        sealed(r#"{"heap":0,"is_p":false,"nodes":12,"path":"a1 b3"}"#),
        sealed(r#"{"leaves_value":false,"nodes":40,"square":"a1","value":0}"#),
    ];
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let resumed = json_of(&["outcome", "queens", "7x7", "--checkpoint", file]);
    assert_eq!(resumed["outcome"], alone["outcome"]);
    assert_eq!(resumed["resumed_from_checkpoint"], 1);
}

#[test]
fn a_deeper_question_with_illegal_moves_is_refused_by_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.jsonl");
    let file = path.to_str().unwrap();
    for (bad, needle) in [
        // b2 is attacked by the queen on a1.
        (
            r#"{"heap":0,"is_p":true,"nodes":1,"path":"a1 b2"}"#,
            "line 2",
        ),
        (
            r#"{"heap":0,"is_p":true,"nodes":1,"path":"a1 z9"}"#,
            "line 2",
        ),
        (r#"{"heap":0,"nodes":1,"path":"a1 b3"}"#, "is_p"),
    ] {
        std::fs::write(
            &path,
            format!(
                "{}\n{}\n{}\n",
                header(),
                sealed(bad),
                sealed(r#"{"leaves_value":false,"nodes":40,"square":"a1","value":0}"#)
            ),
        )
        .unwrap();
        fails_with(&["outcome", "queens", "7x7", "--checkpoint", file], needle);
    }
}
