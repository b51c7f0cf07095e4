//! The searches spread over MPI ranks (feature `mpi`; docs/CLUSTER.md), with the ranks as
//! processes on this machine: `mpirun --oversubscribe -np N grundy ...` gives the answers of
//! the single process, and a run killed part way resumes from its checkpoint without searching
//! again what it kept. Needs `mpirun` (Open MPI) on the path; `.ci/run` installs it.
#![cfg(feature = "mpi")]

use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const GRUNDY: &str = env!("CARGO_BIN_EXE_grundy");

/// Each rank's tables: small, since up to five ranks share this machine.
const MEMORY: &str = "128M";

/// `grundy ARGS --json` on `ranks` ranks (0: without mpirun), one thread each.
fn command(ranks: usize, args: &[&str]) -> Command {
    let mut command = if ranks == 0 {
        Command::new(GRUNDY)
    } else {
        let mut mpirun = Command::new("mpirun");
        mpirun
            .args(["--oversubscribe", "-np", &ranks.to_string(), GRUNDY])
            // CI runs as root, which Open MPI refuses unless told.
            .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
            .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
            // Every rank on this machine: no remote shell needed (Open MPI otherwise refuses
            // to start where ssh is not installed, as in a bare container).
            .env("OMPI_MCA_plm", "isolated");
        mpirun
    };
    command
        .args(args)
        .args(["--memory", MEMORY, "--threads", "1", "--json"]);
    command
}

fn json_of(output: &Output, what: &str) -> Value {
    assert!(
        output.status.success(),
        "{what}: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    // Rank 0 alone prints: one line of JSON.
    assert_eq!(stdout.lines().count(), 1, "{what}: {stdout}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{what}: {e}: {stdout}"))
}

fn run(ranks: usize, args: &[&str]) -> Value {
    let output = command(ranks, args).output().expect("mpirun runs");
    json_of(&output, &format!("{ranks} ranks: {args:?}"))
}

/// Queens 12×12 and 14×14 outcomes, the knights 8×8 outcome and the queens 13×13 nim-value,
/// on 3 and 5 ranks, with units small enough to be split: the single process's answers.
#[test]
fn the_ranks_answer_as_one_process_does() {
    let cases: [&[&str]; 4] = [
        &["outcome", "queens", "12x12", "--unit-positions", "200"],
        &["outcome", "queens", "14x14", "--unit-positions", "2000"],
        &["outcome", "knights", "8x8", "--unit-positions", "50"],
        &["value", "queens", "13x13", "--unit-positions", "1000"],
    ];
    let mut split = 0;
    for args in cases {
        let alone = run(0, &args[..3]);
        for ranks in [3, 5] {
            let shared = run(ranks, args);
            let case = format!("{ranks} ranks: {args:?}");
            assert_eq!(shared["outcome"], alone["outcome"], "{case}");
            assert_eq!(shared["nimber"], alone["nimber"], "{case}");
            assert_eq!(shared["ranks"], ranks, "{case}");
            // Every worker rank searched on its one thread.
            assert_eq!(shared["threads"], ranks - 1, "{case}");
            let units = shared["units_settled"].as_u64().expect("units counted");
            let groups = shared["first_moves_up_to_symmetry"].as_u64().unwrap();
            split += usize::from(units > groups);
        }
    }
    assert!(
        split >= 4,
        "units were split below the first moves in {split} runs"
    );
}

/// The questions a checkpoint's lines settle, as (moves, heap): a first move's line by its
/// square and value, a deeper one by its path and heap.
fn questions(lines: &[&str]) -> Vec<(String, u64)> {
    lines
        .iter()
        .map(|line| {
            let value: Value = serde_json::from_str(line).expect("a line of JSON");
            match value.get("path") {
                Some(path) => (
                    path.as_str().unwrap().to_string(),
                    value["heap"].as_u64().unwrap(),
                ),
                None => (
                    value["square"].as_str().unwrap().to_string(),
                    value["value"].as_u64().unwrap(),
                ),
            }
        })
        .collect()
}

/// The lines of the checkpoint after its header.
fn question_lines(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines().skip(1).map(str::to_string).collect()
}

/// The ranks killed (SIGTERM, as a queue's wall-time limit sends) once some units are in the
/// checkpoint: the same command again takes every line kept, searches none of those questions
/// again, and gives the single process's answer.
#[test]
fn a_killed_run_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("run.jsonl");
    let checkpoint_arg = checkpoint.to_str().unwrap();
    let args = [
        "outcome",
        "queens",
        "14x14",
        "--unit-positions",
        "2000",
        "--checkpoint",
        checkpoint_arg,
    ];
    let mut first = command(3, &args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun runs");
    let started = Instant::now();
    while question_lines(&checkpoint).len() < 20 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no units settled in two minutes"
        );
        if first.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // The ranks are signalled, as a batch scheduler's wall-time limit signals a job's tasks:
    // mpirun signalled itself now and then hangs in its handler, its ranks already ended
    // (Open MPI 4.1.4, twice in three tries on a busy two-core machine).
    let killed = Command::new("pkill")
        .args(["-TERM", "-P", &first.id().to_string()])
        .status()
        .unwrap()
        .success();
    // mpirun may hang in its handler after its ranks ended too, without reaping them: once
    // none is left running (a zombie has ended) it has no more to write, and is ended.
    let mpirun = first.id().to_string();
    let status = loop {
        if let Some(status) = first.try_wait().unwrap() {
            break status;
        }
        let ranks_left = Command::new("ps")
            .args(["-o", "stat=", "--ppid", &mpirun])
            .output()
            .map_or(true, |found| {
                String::from_utf8_lossy(&found.stdout)
                    .lines()
                    .any(|state| !state.trim_start().starts_with('Z'))
            });
        if !ranks_left {
            let _ = first.kill();
            break first.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(
        killed && !status.success(),
        "the first run ended before it was killed ({status}): make it longer"
    );
    // Each line is written by one write: a kill leaves whole lines (and at most a torn last
    // one, which the next run drops).
    let kept: Vec<String> = question_lines(&checkpoint)
        .into_iter()
        .filter(|line| line.ends_with('}'))
        .collect();
    assert!(!kept.is_empty());

    let again = json_of(
        &command(3, &args).output().unwrap(),
        "the run resumed from the checkpoint",
    );
    let alone = run(0, &args[..3]);
    assert_eq!(again["outcome"], alone["outcome"]);
    assert_eq!(again["resumed_from_checkpoint"], kept.len());
    let all = question_lines(&checkpoint);
    let kept_refs: Vec<&str> = kept.iter().map(String::as_str).collect();
    let new_refs: Vec<&str> = all[kept.len()..].iter().map(String::as_str).collect();
    let kept_questions: HashSet<(String, u64)> = questions(&kept_refs).into_iter().collect();
    for question in questions(&new_refs) {
        assert!(
            !kept_questions.contains(&question),
            "{question:?} was kept and searched again"
        );
    }
    // The single-process search resumes from the same file, taking its first-move lines.
    let first_move_lines = all.iter().filter(|line| !line.contains("\"path\"")).count();
    let alone_resumed = run(
        0,
        &args[..3]
            .iter()
            .chain(&args[5..])
            .copied()
            .collect::<Vec<_>>(),
    );
    assert_eq!(alone_resumed["outcome"], alone["outcome"]);
    assert_eq!(alone_resumed["resumed_from_checkpoint"], first_move_lines);
}
