//! Files written beside the report (`--svg`): written after the answer is printed, so a path
//! that cannot be written costs the file, never the answer.

use crate::common::grundy;

#[test]
fn an_unwritable_svg_path_keeps_the_printed_answer() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder").join("picture.svg");
    let missing = missing.to_str().unwrap();
    for (args, answer) in [
        (vec!["value", "knights", "5x5"], "nim-value  *1"),
        (vec!["moves", "queens", "4x4", "--all"], "8 winning"),
        (vec!["sequence", "kayles", "--to", "30"], "period     12"),
        (vec!["tour", "5x5"], "verified"),
        (vec!["graph", "knights", "4x4"], "alpha"),
        (
            vec!["table", "corner-knight", "--rows", "0-3", "--cols", "0-3"],
            "m\\n",
        ),
    ] {
        let output = grundy()
            .args(&args)
            .args(["--svg", missing])
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stdout.contains(answer),
            "{args:?} printed its answer: {stdout}"
        );
        assert!(
            stderr.contains(missing) && stderr.contains("the answer above is complete"),
            "{args:?}: {stderr}"
        );
    }
    // Nothing is left behind, not even a temporary file.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
