//! `grundy value ... --certificate FILE` and `grundy verify FILE`: a certificate written is
//! verified (exit 0), one edited by a value is refused at that line (exit 1), a file that is
//! no certificate is refused with status 2, and the certificates kept in docs/certificates/
//! are verified.

use std::path::Path;

use crate::common::{grundy, json_of};

fn write_certificate(game: &[&str], path: &Path) {
    grundy()
        .arg("value")
        .args(game)
        .arg("--certificate")
        .arg(path)
        .assert()
        .success()
        .stderr(predicates::str::contains("wrote"));
}

#[test]
fn a_written_certificate_is_verified() {
    let dir = tempfile::tempdir().unwrap();
    for (game, value) in [
        (["knights", "5x5"], "*1"),
        (["kings", "5x5"], "*4"),
        (["bishops", "7x7"], "*1"),
        (["queens", "4x4"], "*1"),
    ] {
        let path = dir.path().join("game.cert");
        write_certificate(&game, &path);
        let shown = format!(
            "{} {}: verified, the empty board is worth {value}",
            game[0], game[1]
        );
        grundy()
            .arg("verify")
            .arg(&path)
            .assert()
            .success()
            .stdout(predicates::str::contains(shown));
    }
    // Written through a temporary file renamed when whole: nothing else is left beside it.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(left, ["game.cert"]);
    // Blank lines an editor leaves after the end line are no claim; text there is refused at
    // its line.
    let written = std::fs::read_to_string(dir.path().join("game.cert")).unwrap();
    let end = written.lines().count();
    for (tail, status, needle) in [("\n\r\n  \n", 0, "verified"), ("\n\nend 1\n", 2, "line")] {
        let path = dir.path().join("tail.cert");
        std::fs::write(&path, format!("{written}{tail}")).unwrap();
        let checked = grundy().arg("verify").arg(&path).assert().code(status);
        let out = checked.get_output();
        let said = String::from_utf8_lossy(if status == 0 {
            &out.stdout
        } else {
            &out.stderr
        });
        assert!(said.contains(needle), "{tail:?}: {said}");
        if status != 0 {
            assert!(said.contains(&format!("line {}", end + 3)), "{said}");
        }
    }
}

#[test]
fn a_certificate_edited_by_one_value_is_refused_at_that_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("knights.cert");
    write_certificate(&["knights", "5x5"], &path);
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The board's own part, listed last, claimed one more than it is worth.
    let edited_line = lines.len() - 1;
    let (shape, value) = lines[edited_line - 1].rsplit_once(' ').unwrap();
    let edited = format!("{shape} {}", value.parse::<u32>().unwrap() + 1);
    let mut changed = lines.clone();
    changed[edited_line - 1] = &edited;
    let edited_path = dir.path().join("edited.cert");
    std::fs::write(&edited_path, changed.join("\n") + "\n").unwrap();
    grundy()
        .arg("verify")
        .arg(&edited_path)
        .assert()
        .code(1)
        .stdout(predicates::str::contains(format!(
            "REFUSED at line {edited_line}"
        )));
    // `grundy verify FILE --json`: its exit status and its report.
    let verified = |path: &std::path::Path| {
        let output = grundy()
            .arg("verify")
            .arg(path)
            .arg("--json")
            .output()
            .unwrap();
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_default();
        (output.status.code(), report)
    };
    let (status, report) = verified(&edited_path);
    assert_eq!(status, Some(1));
    assert_eq!(report["verified"], false);
    assert_eq!(report["refused_line"], edited_line);
    assert!(report["reason"].as_str().unwrap().contains("claimed worth"));
    // Any line edited by one value is refused at that line, naming its position as the line
    // writes it (the checker looks positions up by an image under the board's symmetries).
    let mut refused = 0;
    for edited_line in 4..lines.len() {
        let (shape, value) = lines[edited_line - 1].rsplit_once(' ').unwrap();
        let edited = format!("{shape} {}", value.parse::<u32>().unwrap() ^ 1);
        let mut changed = lines.clone();
        changed[edited_line - 1] = &edited;
        std::fs::write(&edited_path, changed.join("\n") + "\n").unwrap();
        let (status, report) = verified(&edited_path);
        if status == Some(2) {
            continue; // a value larger than the shape's squares: not a certificate
        }
        refused += 1;
        assert_eq!(status, Some(1), "{edited}");
        assert_eq!(report["refused_line"], edited_line, "{edited}");
        let reason = report["reason"].as_str().unwrap();
        assert!(
            reason.starts_with(&format!("the position {shape} is claimed worth ")),
            "{edited}: {reason}"
        );
    }
    assert!(refused > lines.len() / 2, "{refused}");
}

#[test]
fn a_file_that_is_no_certificate_is_refused_with_status_2() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, needle) in [
        ("empty.cert", "", "line 1"),
        ("version.cert", "grundy-certificate 9\n", "version 1"),
        (
            "piece.cert",
            "grundy-certificate 1\ngame pawns 3x3\nvalue 0\n",
            "line 2",
        ),
        (
            "cut.cert",
            "grundy-certificate 1\ngame knights 3x3\nvalue 1\n1x1 1 1\n",
            "line 5",
        ),
        (
            "hex.cert",
            "grundy-certificate 1\ngame knights 3x3\nvalue 1\n1x1 q 1\nend 1\n",
            "line 4",
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        grundy()
            .arg("verify")
            .arg(&path)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(needle));
    }
    grundy()
        .args(["verify", "no-such-file.cert"])
        .assert()
        .code(2);
    std::fs::write(dir.path().join("big.cert"), vec![b'x'; 5000]).unwrap();
    grundy()
        .arg("verify")
        .arg(dir.path().join("big.cert"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("longer than"));
}

#[test]
fn games_without_certificates_are_refused_before_any_search() {
    for args in [
        &["value", "kayles", "3", "--certificate", "x.cert"][..],
        &[
            "value",
            "knights",
            "5x5",
            "--board",
            "torus",
            "--certificate",
            "x.cert",
        ],
        &["value", "knights", "17x3", "--certificate", "x.cert"],
        &["value", "knights+kings", "3x3", "--certificate", "x.cert"],
    ] {
        grundy()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicates::str::contains("certificates are written for"));
    }
    assert!(!Path::new("x.cert").exists());
}

/// A certificate path that cannot be written is refused before the search, whose answer it
/// would otherwise cost: nothing is printed on stdout, no search is shown.
#[test]
fn a_certificate_path_that_cannot_be_written_is_refused_before_the_search() {
    let folder = tempfile::tempdir().unwrap();
    let missing = folder.path().join("no-such-folder").join("x.cert");
    grundy()
        .args(["value", "knights", "6x6", "--certificate"])
        .arg(&missing)
        .assert()
        .failure()
        .stdout("")
        .stderr(predicates::str::contains("cannot write the certificate"));
}

/// A certificate whose positions outgrow their share of `--memory` (a quarter) is refused
/// with exit status 2 after the value it would have proved is printed; no file is left.
#[test]
fn a_certificate_past_its_share_of_the_memory_is_refused_after_the_value() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("knights-7x7.cert");
    grundy()
        .args(["value", "knights", "7x7", "--memory", "1M", "--certificate"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout(predicates::str::contains("knights"))
        .stderr(predicates::str::contains(
            "more than its share of the memory",
        ));
    assert!(!path.exists());
}

/// The certificates kept in the repository (docs/DISCOVERIES.md) are verified.
#[test]
fn the_certificates_in_docs_are_verified() {
    verify_kept(&[
        ("knights-7x7.cert", "knights 7x7", 1),
        ("bishops-15x15.cert", "bishops 15x15", 1),
        ("kings-9x5.cert", "kings 9x5", 6),
        ("queens-9x7.cert", "queens 9x7", 3),
        ("queens-11x9.cert", "queens 11x9", 2),
    ]);
}

/// The kept certificates that take longer to check (kings 9x7: about 10 CPU-s in a release
/// build, docs/PERFORMANCE.md): `cargo test --release -p grundy-cli --test cli -- --ignored`.
#[test]
#[ignore = "about 10 CPU-s in a release build"]
fn the_larger_certificates_in_docs_are_verified() {
    verify_kept(&[("kings-9x7.cert", "kings 9x7", 4)]);
}

/// Every file in docs/certificates/ is named in one of the two tests above.
#[test]
fn every_certificate_in_docs_is_tested() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/certificates");
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "bishops-15x15.cert",
            "kings-9x5.cert",
            "kings-9x7.cert",
            "knights-7x7.cert",
            "queens-11x9.cert",
            "queens-9x7.cert",
        ]
    );
}

fn verify_kept(kept: &[(&str, &str, u32)]) {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/certificates");
    for &(file, game, value) in kept {
        let report = json_of(&["verify", folder.join(file).to_str().unwrap()]);
        assert_eq!(report["verified"], true, "{file}: {report}");
        assert_eq!(report["game"], game);
        assert_eq!(report["nimber"], value);
    }
}
