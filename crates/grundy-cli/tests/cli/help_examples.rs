//! The examples of every `--help`, run as they are written, as `tests/readme.rs` runs the
//! README's: every line `  grundy ...` of every command's and subcommand's help (what follows
//! two spaces on the line is a comment) is run by `sh` in a folder of its own, so examples that
//! write files (`--svg`, `> tour.txt`) write them there. Each runs for at most [`BOUND`]: one
//! still running then (a server, a table that takes minutes, a tour of 10000x10000) has got
//! past reading its arguments and checking its game, which is what can go stale, and is
//! stopped. The files the examples name as the user's own (`edges.txt`, `grid.txt`) are made
//! first; `docs/examples/petersen.col` is copied from the repository, whose root the example
//! is run from.

#![cfg(unix)]

use std::collections::BTreeSet;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::grundy;

/// How long an example may run before it is stopped.
const BOUND: Duration = Duration::from_secs(3);

fn help(words: &[String]) -> String {
    let output = grundy().args(words).arg("--help").output().unwrap();
    assert!(output.status.success(), "grundy {words:?} --help");
    String::from_utf8(output.stdout).unwrap()
}

/// The subcommands a help page lists under `Commands:`, `help` left out.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| line.trim() != "Commands:")
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The example commands of a help page, without their comments.
fn examples(help: &str) -> Vec<String> {
    help.lines()
        .filter_map(|line| line.strip_prefix("  "))
        .filter(|line| line.starts_with("grundy "))
        .map(|line| line.split("  ").next().unwrap().trim().to_string())
        .collect()
}

/// Every example of every help page, each once; every page but the top one has some.
fn every_example() -> BTreeSet<String> {
    let mut pages = vec![Vec::<String>::new()];
    let mut found = BTreeSet::new();
    while let Some(words) = pages.pop() {
        let text = help(&words);
        assert!(
            words.is_empty() || text.contains("\nExamples:\n"),
            "`grundy {} --help` has no examples",
            words.join(" ")
        );
        found.extend(examples(&text));
        for name in subcommands(&text) {
            let mut deeper = words.clone();
            deeper.push(name);
            pages.push(deeper);
        }
    }
    found
}

/// A folder with `grundy` (and a browser opener that opens nothing) on its `PATH`, and the
/// files the examples read.
fn workspace(dir: &Path) -> String {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(assert_cmd::cargo::cargo_bin("grundy"), bin.join("grundy")).unwrap();
    std::fs::write(bin.join("xdg-open"), "#!/bin/sh\nexit 0\n").unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(bin.join("xdg-open"), mode).unwrap();
    std::fs::write(dir.join("edges.txt"), "a b\nb c\nc a\nc d\n").unwrap();
    let examples = dir.join("docs/examples");
    std::fs::create_dir_all(&examples).unwrap();
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::copy(
        repository.join("docs/examples/petersen.col"),
        examples.join("petersen.col"),
    )
    .unwrap();
    // A closed tour of 6x6 as rows of move numbers.
    let tour = crate::common::json_of(&["tour", "6x6", "--closed"]);
    let mut grid = vec![vec![0; 6]; 6];
    for (step, square) in tour["path"].as_array().unwrap().iter().enumerate() {
        let (row, col) = (square[0].as_u64().unwrap(), square[1].as_u64().unwrap());
        grid[row as usize - 1][col as usize - 1] = step + 1;
    }
    let rows: Vec<String> = grid
        .iter()
        .map(|row| {
            row.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    std::fs::write(dir.join("grid.txt"), rows.join("\n") + "\n").unwrap();
    format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// Runs `example` in `dir`; `Err` says why it failed.
fn run(example: &str, dir: &Path, path: &str) -> Result<(), String> {
    let (out, err) = (dir.join("example.out"), dir.join("example.err"));
    let mut child = Command::new("sh")
        .args(["-c", example])
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .process_group(0)
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > BOUND {
            // The whole group: `sh` and the `grundy` it started.
            Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status()
                .unwrap();
            child.wait().unwrap();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = std::fs::read_to_string(&out).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    if stderr.contains("panicked") || stderr.contains("error") {
        // A busy machine may have the server's port taken: the example did what it says.
        if example.starts_with("grundy serve") && stderr.contains("another program uses the port") {
            return Ok(());
        }
        return Err(format!("stderr: {stderr}"));
    }
    match status.map(|status| status.code()) {
        None | Some(Some(0)) => Ok(()),
        // `tour exists` answers "no" with status 1, on stdout.
        Some(Some(1)) if stdout.starts_with("no") => Ok(()),
        Some(code) => Err(format!("exit status {code:?}; stdout: {stdout}")),
    }
}

#[test]
fn every_help_example_runs() {
    let examples = every_example();
    assert!(examples.len() > 40, "{examples:?}");
    for command in [
        "value", "moves", "outcome", "table", "sequence", "tour", "play",
    ] {
        assert!(
            examples
                .iter()
                .any(|example| example.starts_with(&format!("grundy {command} "))),
            "no example of {command} found: {examples:?}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let path = workspace(dir.path());
    let failed: Vec<String> = examples
        .iter()
        .filter_map(|example| {
            run(example, dir.path(), &path)
                .err()
                .map(|why| format!("{example}\n  {why}"))
        })
        .collect();
    assert!(
        failed.is_empty(),
        "examples that fail:\n{}",
        failed.join("\n")
    );
}
