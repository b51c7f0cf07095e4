//! Files written beside the report (`--svg`): written after the answer is printed, so a path
//! that cannot be written costs the file, never the answer.

use crate::common::grundy;

/// The commands that draw a picture, each with what its answer prints.
const PICTURES: [(&[&str], &str); 6] = [
    (&["value", "knights", "5x5"], "nim-value  *1"),
    (&["moves", "queens", "4x4", "--all"], "8 winning"),
    (&["sequence", "kayles", "--to", "30"], "period     12"),
    (&["tour", "5x5"], "verified"),
    (&["graph", "knights", "4x4"], "alpha"),
    (
        &["table", "corner-knight", "--rows", "0-3", "--cols", "0-3"],
        "m\\n",
    ),
];

#[test]
fn an_unwritable_svg_path_keeps_the_printed_answer() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder").join("picture.svg");
    let missing = missing.to_str().unwrap();
    for (args, answer) in PICTURES {
        let output = grundy()
            .args(args)
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
        assert!(
            !stdout.contains("wrote") && !stderr.contains("wrote"),
            "{args:?} claims a file it did not write: {stdout}{stderr}"
        );
        assert!(
            !stderr.contains("at path"),
            "{args:?} names a temporary file: {stderr}"
        );
    }
    // Nothing is left behind, not even a temporary file.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// Every command that draws a picture says so in one wording, `wrote PATH` on stderr once the
/// file is there (stdout keeps the answer alone, so `--json` stays one object), and the file
/// gets the mode the umask gives a new file, not a temporary file's private 0600.
#[test]
fn every_picture_is_announced_once_written_with_the_umask_mode() {
    let dir = tempfile::tempdir().unwrap();
    for (index, (args, answer)) in PICTURES.iter().enumerate() {
        let path = dir.path().join(format!("picture-{index}.svg"));
        let path_text = path.to_str().unwrap();
        let output = grundy()
            .args(*args)
            .args(["--svg", path_text])
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(output.status.success(), "{args:?}: {stderr}");
        assert!(stdout.contains(answer), "{args:?}: {stdout}");
        assert!(!stdout.contains("wrote"), "{args:?}: {stdout}");
        assert_eq!(
            stderr.matches(&format!("wrote {path_text}\n")).count(),
            1,
            "{args:?}: {stderr}"
        );
        assert!(std::fs::read_to_string(&path).unwrap().starts_with("<svg"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o666 & !umask(), "{args:?}: mode {mode:o}");
        }
    }
}

/// A picture written over an existing file keeps that file's mode.
#[cfg(unix)]
#[test]
fn a_picture_written_over_a_file_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.svg");
    std::fs::write(&path, "old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    let output = grundy()
        .args(["value", "knights", "3x3", "--svg"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("<svg"));
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "mode {mode:o}");
}

/// The umask the test (and so the `grundy` it starts) runs under, as the shell reports it.
#[cfg(unix)]
fn umask() -> u32 {
    let output = std::process::Command::new("sh")
        .args(["-c", "umask"])
        .output()
        .expect("sh runs");
    let text = String::from_utf8(output.stdout).unwrap();
    u32::from_str_radix(text.trim(), 8).expect("umask prints an octal number")
}

/// A link is followed (the file it names gets the picture, the link stays a link), and what is
/// not a regular file is written into, never replaced by a file: as root, a rename onto
/// `/dev/full` once put an SVG file in the device's place.
#[cfg(unix)]
#[test]
fn a_picture_goes_through_links_and_into_devices_and_pipes() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.svg");
    std::fs::write(&target, "old").unwrap();
    let link = dir.path().join("link.svg");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    grundy()
        .args(["value", "knights", "5x5", "--svg", link.to_str().unwrap()])
        .assert()
        .success();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&target)
        .unwrap()
        .starts_with("<svg"));

    let pipe = dir.path().join("pipe.svg");
    let made = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let reader = {
        let pipe = pipe.clone();
        std::thread::spawn(move || std::fs::read_to_string(pipe).unwrap())
    };
    grundy()
        .args(["value", "knights", "5x5", "--svg", pipe.to_str().unwrap()])
        .assert()
        .success();
    assert!(reader.join().unwrap().starts_with("<svg"));
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&pipe).unwrap().file_type().is_fifo());
}
