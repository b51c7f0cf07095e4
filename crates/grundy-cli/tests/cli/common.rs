//! Running the `grundy` binary from the end-to-end tests.

use assert_cmd::Command;
use serde_json::Value;

/// The `grundy` binary of this build.
pub fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// Runs `grundy ARGS --json`, which must succeed, and parses what it prints.
pub fn json_of(args: &[&str]) -> Value {
    json_by(grundy(), args, "")
}

/// Runs `command ARGS --json` (`grundy`, plain or within a limit, which `limit` names for the
/// message); it must succeed, and what it prints is parsed.
fn json_by(mut command: Command, args: &[&str], limit: &str) -> Value {
    let output = command
        .args(args)
        .arg("--json")
        .output()
        .expect("grundy runs");
    assert!(
        output.status.success(),
        "grundy {args:?} failed{limit}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("--json prints one JSON object")
}

/// Runs `grundy ARGS`, which must be refused as bad input: exit status 2, nothing on standard
/// output, and a message containing `needle` on standard error, not a panic.
pub fn fails_with(args: &[&str], needle: &str) {
    let output = grundy().args(args).output().expect("grundy runs");
    assert_eq!(
        output.status.code(),
        Some(2),
        "grundy {args:?} should exit 2"
    );
    assert!(
        output.stdout.is_empty(),
        "nothing is printed on stdout for {args:?}"
    );
    let stderr = String::from_utf8(output.stderr).expect("messages are UTF-8");
    assert!(stderr.contains(needle), "grundy {args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The `grundy` binary run under an address-space limit of `megabytes` (`ulimit -v`), so that
/// an allocation beyond its bound fails the test at once instead of taking the machine's memory.
pub fn grundy_within(megabytes: u64) -> Command {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(
            "ulimit -v {} && exec \"$0\" \"$@\"",
            megabytes << 10
        ))
        .arg(assert_cmd::cargo::cargo_bin("grundy"));
    command
}

/// Runs `grundy ARGS --json` within `megabytes` of address space ([`grundy_within`]); it must
/// succeed, and what it prints is parsed.
pub fn json_within(megabytes: u64, args: &[&str]) -> Value {
    json_by(
        grundy_within(megabytes),
        args,
        &format!(" within {megabytes} MB"),
    )
}

/// Sends SIGINT (as Ctrl-C does) to the process `child` after `delay`; whether it was sent.
pub fn interrupt_after(child: &std::process::Child, delay: std::time::Duration) -> bool {
    signal_after(child, "-INT", delay)
}

/// Sends `signal` (`-INT`, `-TERM`) to the process `child` after `delay`; whether it was sent
/// (the process may have ended meanwhile: the exit status checked afterwards tells).
pub fn signal_after(child: &std::process::Child, signal: &str, delay: std::time::Duration) -> bool {
    std::thread::sleep(delay);
    std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("kill runs")
        .success()
}

/// What a run of `grundy` stopped by a signal left: its exit status, stdout, and the lines of
/// stderr that are not progress.
pub struct Stopped {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `grundy ARGS` with its progress written as JSON lines on stderr (as `grundy serve`
/// reads it), and sends `signal` (`-INT`, `-TERM`) once a line's counts satisfy `ready`:
/// the test waits for the work to have got somewhere, not for a time, so a busy machine only
/// makes it take longer. Panics if the run ends before it gets there.
pub fn signal_when(
    args: &[&str],
    signal: &str,
    ready: impl Fn(&serde_json::Value) -> bool,
) -> Stopped {
    use std::io::{BufRead, Read};
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .env("GRUNDY_PROGRESS_JSON", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("grundy runs");
    let mut stdout_pipe = child.stdout.take().expect("stdout is piped");
    let stdout_reader = std::thread::spawn(move || {
        let mut stdout = String::new();
        let _ = stdout_pipe.read_to_string(&mut stdout);
        stdout
    });
    let stderr_pipe = child.stderr.take().expect("stderr is piped");
    let (mut stderr, mut signalled) = (String::new(), false);
    for line in std::io::BufReader::new(stderr_pipe).lines() {
        let Ok(line) = line else { break };
        let progress = serde_json::from_str::<serde_json::Value>(&line)
            .ok()
            .and_then(|value| value.get("progress").cloned());
        match progress {
            Some(counts) => {
                if !signalled && ready(&counts) {
                    signalled = signal_after(&child, signal, std::time::Duration::ZERO);
                }
            }
            None => {
                stderr.push_str(&line);
                stderr.push('\n');
            }
        }
    }
    let status = child.wait().expect("grundy ends").code();
    let stdout = stdout_reader.join().expect("stdout is read");
    assert!(
        signalled,
        "grundy {args:?} ended ({status:?}) before its progress was ready for {signal}: {stdout}{stderr}"
    );
    Stopped {
        status,
        stdout,
        stderr,
    }
}

/// Whether a progress line (the library's `ProgressEvent`) of one of `kinds` says `count`
/// has reached `least`.
pub fn reached(event: &serde_json::Value, kinds: &[&str], count: &str, least: u64) -> bool {
    kinds.iter().any(|kind| event["kind"] == *kind)
        && event[count].as_u64().is_some_and(|done| done >= least)
}
