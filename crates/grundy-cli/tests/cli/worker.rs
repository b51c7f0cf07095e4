//! `grundy worker`: a typed request on stdin, the same answer as the command's `--json`.

use serde_json::Value;

use crate::common::{grundy, json_of};

/// Runs `grundy worker` on `request`: its exit status, stdout and stderr.
fn worker(request: &str) -> (Option<i32>, String, String) {
    let output = grundy()
        .arg("worker")
        .write_stdin(request)
        .output()
        .expect("grundy runs");
    (
        output.status.code(),
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
    )
}

/// An answer without its timing and search counts, which differ from run to run.
fn answer(mut value: Value) -> Value {
    let object = value.as_object_mut().expect("an object");
    for key in [
        "seconds",
        "positions_searched",
        "table_hits",
        "endgame_positions",
        "search_seconds",
        "count_seconds",
    ] {
        object.remove(key);
    }
    value
}

#[test]
fn a_request_is_answered_as_the_command_answers_it() {
    for (request, command) in [
        (
            r#"{"question":"value","game":"knights 5x5"}"#,
            vec!["value", "knights", "5x5", "--threads", "2"],
        ),
        (
            r#"{"question":"moves","game":"queens 5x5","all":true}"#,
            vec!["moves", "queens", "5x5", "--all"],
        ),
        (
            r#"{"question":"outcome","game":"knights 6x6","limits":{"threads":1}}"#,
            vec!["outcome", "knights", "6x6", "--threads", "1"],
        ),
        (
            r#"{"question":"value","game":"knights 5x5 + kayles 7 + *3"}"#,
            vec!["value", "knights 5x5 + kayles 7 + *3"],
        ),
        (
            r#"{"question":"moves","game":"corner-knight 7 9"}"#,
            vec!["moves", "corner-knight", "7", "9"],
        ),
        (
            r#"{"question":"tour","board":"6x6","method":"warnsdorff","start":"c3"}"#,
            vec!["tour", "6x6", "--method", "warnsdorff", "--start", "c3"],
        ),
        (
            r#"{"question":"tour_exists","board":"3x8"}"#,
            vec!["tour", "exists", "3x8"],
        ),
        (
            r#"{"question":"tour_count","board":"5x5","undirected":true}"#,
            vec!["tour", "count", "5x5", "--undirected"],
        ),
        (
            r#"{"question":"tour_count","board":"6x6","closed":true}"#,
            vec!["tour", "count", "6x6", "--closed"],
        ),
        (
            r#"{"question":"graph","game":"queens 6x6"}"#,
            vec!["graph", "queens", "6x6"],
        ),
        (
            r#"{"question":"table","game":"knights torus","rows":[3,4,5],"cols":[3,4]}"#,
            vec![
                "table", "knights", "--board", "torus", "--rows", "3-5", "--cols", "3-4",
            ],
        ),
        (
            r#"{"question":"table","game":"corner-queen","rows":[0,1,2,3],"cols":[0,2]}"#,
            vec!["table", "corner-queen", "--rows", "0-3", "--cols", "0,2"],
        ),
        (
            r#"{"question":"sequence","game":"dawsons-chess","to":200}"#,
            vec!["sequence", "dawsons-chess", "--to", "200"],
        ),
        (
            r#"{"question":"sequence","game":"0.6","to":100000,"window":65536}"#,
            vec!["sequence", "0.6", "--to", "100000", "--window", "65536"],
        ),
    ] {
        let (status, stdout, stderr) = worker(request);
        assert_eq!(status, Some(0), "{request}: {stderr}");
        let by_worker: Value = serde_json::from_str(&stdout).expect("one JSON line");
        let mut by_command = answer(json_of(&command));
        let mut by_worker = answer(by_worker);
        // The threads a search ran on are the machine's when the request does not say.
        by_command.as_object_mut().unwrap().remove("threads");
        by_worker.as_object_mut().unwrap().remove("threads");
        assert_eq!(by_worker, by_command, "{request}");
    }
}

#[test]
fn a_bad_request_is_refused_by_its_types_and_no_file_is_read() {
    for (request, needle) in [
        (
            r#"{"question":"value","game":"graph /etc/passwd"}"#,
            "no file is read here",
        ),
        (
            r#"{"question":"value","game":"knights 5x5","svg":"x.svg"}"#,
            "unknown field `svg`",
        ),
        (
            r#"{"question":"tour verify","game":"knights 5x5"}"#,
            "`question` \"tour verify\" is not a question",
        ),
        (
            r#"{"question":"play","game":"kayles 3","opponent":"symmetry"}"#,
            "the symmetry strategies",
        ),
        (r#"{"question":"value","game":"kayles -1"}"#, "heap `-1`"),
        (
            r#"{"question":"table","game":"kayles"}"#,
            "`grundy table` is for",
        ),
        (
            r#"{"question":"sequence","game":"kayles-2d","to":5}"#,
            "boards, not heaps",
        ),
        ("not json", "the request is not JSON"),
        (
            r#"{"question":"value","game":["knights"]}"#,
            "`game`: invalid type",
        ),
    ] {
        let (status, stdout, stderr) = worker(request);
        assert_eq!(status, Some(2), "{request}: {stderr}");
        assert!(stdout.is_empty(), "{request}: {stdout}");
        assert!(stderr.contains(needle), "{request}: {stderr}");
    }
    let long = format!(
        r#"{{"question":"value","game":"{}"}}"#,
        "*1 + ".repeat(300_000)
    );
    let (status, _, stderr) = worker(&long);
    assert_eq!(status, Some(2));
    assert!(stderr.contains("longer than"), "{stderr}");
}

/// Issue "Faults found by trying grundy": the worker, the server and Python answer with the
/// library's messages, which named the command line's flags (`--to 5 is too large`, `give
/// --rows and --cols`); they name the request's keys, as the command line's flags spell them.
#[test]
fn refusals_name_the_request_s_keys_not_the_command_line_s_flags() {
    for (request, said) in [
        (
            r#"{"question":"sequence","game":"0.F","to":10000000}"#,
            "`to` 10000000 is too large for 0.F",
        ),
        (
            r#"{"question":"sequence","game":"grundys-game","to":30000000,"limits":{"memory":100000000}}"#,
            "more than `memory` 95 MiB: give more `memory` or `to` at most",
        ),
        (
            r#"{"question":"table","game":"knights","rows":[],"cols":[1,2]}"#,
            "the table has no cells: give at least one row (`rows`) and one column (`cols`)",
        ),
        (
            r#"{"question":"quotient","game":"kayles","heaps":0}"#,
            "`heaps` 0: a quotient is asked for heaps 1 to N",
        ),
        (
            r#"{"question":"tour_count","board":"5x5","closed":true,"start":"a1"}"#,
            "`start` does not apply to a count of closed tours (`closed`)",
        ),
        (
            r#"{"question":"table","game":"corner-knight torus"}"#,
            "a surface or a ray rule is for the placement games",
        ),
    ] {
        let (status, stdout, stderr) = worker(request);
        assert_eq!(status, Some(2), "{request}: {stderr}");
        assert!(stdout.is_empty(), "{request}: {stdout}");
        assert!(stderr.contains(said), "{request}: {stderr}");
        assert!(!stderr.contains("--"), "{request}: {stderr}");
    }
}

/// Issue "Faults found by trying grundy": a `rows` value neither a list nor text was refused
/// as "data did not match any variant of untagged enum Labels", and a row out of range sent
/// as text (as Python sends a list) as a malformed range; each says what `rows` may be and
/// names the value at fault.
#[test]
fn a_bad_rows_value_says_what_rows_may_be() {
    for (request, said) in [
        (
            r#"{"question":"table","game":"knights","rows":{}}"#,
            "`rows`: invalid type: map, expected a list of whole numbers such as [1, 2, 3], or text such as \"1-6\" or \"2,4,8\"",
        ),
        (
            r#"{"question":"table","game":"knights","rows":[1,-2]}"#,
            "`rows`: item 2 of the list: invalid value: integer `-2`, expected a whole number",
        ),
        (
            r#"{"question":"table","game":"knights","rows":[0,1]}"#,
            "`rows`: 0 is out of range: board sides go from 1 to 512 for knights",
        ),
        (
            r#"{"question":"table","game":"knights","rows":"0,1"}"#,
            "`rows`: 0 is out of range: board sides go from 1 to 512 for knights (in `0,1`)",
        ),
        (
            r#"{"question":"table","game":"corner-queen","cols":"x"}"#,
            "`cols`: `x` is not a number or a range: expected FROM-TO (for example 0-15)",
        ),
    ] {
        let (status, stdout, stderr) = worker(request);
        assert_eq!(status, Some(2), "{request}: {stderr}");
        assert!(stdout.is_empty(), "{request}: {stdout}");
        assert!(stderr.contains(said), "{request}: {stderr}");
        assert!(!stderr.contains("untagged"), "{request}: {stderr}");
    }
}

/// Issue "Faults found by trying grundy": `play` of a graph sent with its edges asked for the
/// edges ("send the graph's edges with the request"). The computer now plays graphs: the edges
/// sent are the graph, only a request without them is asked for them, and a graph sent beside
/// a game on none is refused as the other questions refuse it.
#[test]
fn play_takes_the_graph_sent_with_it() {
    let (status, stdout, stderr) =
        worker(r#"{"question":"play","game":"graph g","graph":"0 1\n1 2"}"#);
    assert_eq!(status, Some(0), "{stderr}");
    let answer: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(answer["played"], "1", "{stdout}");
    assert_eq!(
        answer["moves"][0]["after_graph"], "# edge list\n",
        "{stdout}"
    );
    for (request, said) in [
        (
            r#"{"question":"play","game":"graph g"}"#,
            "send the graph's edges",
        ),
        (
            r#"{"question":"play","game":"knights 3x3","graph":"0 1"}"#,
            "plays on none",
        ),
    ] {
        let (status, stdout, stderr) = worker(request);
        assert_eq!(status, Some(2), "{request}: {stderr}");
        assert!(stdout.is_empty(), "{request}: {stdout}");
        assert!(stderr.contains(said), "{request}: {stderr}");
    }
}

/// `grundy serve` keeps its workers' stdin open: a server that dies, however it dies, closes
/// it, and the worker's search stops with it instead of running on alone.
/// Requests whose answers could not fit their memory are refused before any work, with the
/// library's message and status 2: a sequence of 10^11 heaps aborted the worker on an
/// allocation of 400 GB, and one of 3x10^8 heaps under 1 MiB printed 600 MB.
#[test]
fn answers_too_large_for_the_request_are_refused_before_the_work() {
    for (request, said) in [
        (
            r#"{"question":"sequence","game":"kayles","to":99999999999}"#,
            "100000000000 values (heaps 0 to 99999999999)",
        ),
        (
            r#"{"question":"sequence","game":"kayles","to":1000000000}"#,
            "more than the 1.0 GiB of memory the request allows",
        ),
        (
            r#"{"question":"sequence","game":"kayles","to":300000000,"limits":{"memory":1048576}}"#,
            "more than the 1.0 MiB of memory",
        ),
        (
            r#"{"question":"tour","board":"10000x10000","limits":{"memory":268435456}}"#,
            "the 100000000 squares of a tour of 10000x10000",
        ),
        (
            r#"{"question":"table","game":"corner-knight","rows":"0-5000","cols":"0-5000","limits":{"memory":104857600}}"#,
            "25010001 cells",
        ),
        (
            r#"{"question":"sequence","game":"kayles","to":100000,"limits":{"answer_bytes":1000}}"#,
            "more than the 1000 bytes an answer may take here",
        ),
    ] {
        let (status, stdout, stderr) = worker(request);
        assert_eq!(status, Some(2), "{request}: {stderr}");
        assert!(stdout.is_empty(), "{request}: {} bytes", stdout.len());
        assert!(stderr.contains(said), "{request}: {stderr}");
    }
}

#[test]
fn a_worker_stops_when_the_program_that_started_it_goes() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    let mut worker = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["worker", "--stop-when-stdin-closes"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy worker starts");
    let mut stdin = worker.stdin.take().unwrap();
    // Minutes of search on any machine.
    stdin
        .write_all(b"{\"question\":\"value\",\"game\":\"knights 9x11\"}\n")
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        worker.try_wait().unwrap().is_none(),
        "the search is running"
    );
    let closed = Instant::now();
    drop(stdin);
    let output = worker.wait_with_output().unwrap();
    assert!(
        closed.elapsed() < Duration::from_secs(10),
        "{:?}",
        closed.elapsed()
    );
    assert_eq!(output.status.code(), Some(130));
    // The message names what stopped the work, not a Ctrl-C nobody pressed.
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("interrupted by the closing of stdin"),
        "{stderr}"
    );
}

/// For `grundy serve` (`GRUNDY_PROGRESS_JSON` set) the worker writes the library's typed
/// error on stderr, its kind and status beside the message; for a terminal, only the message.
#[test]
fn a_worker_run_by_the_server_writes_its_error_typed() {
    let typed_line = |request: &str| {
        let output = grundy()
            .arg("worker")
            .env("GRUNDY_PROGRESS_JSON", "1")
            .write_stdin(request)
            .output()
            .expect("grundy runs");
        let stderr = String::from_utf8(output.stderr).expect("UTF-8");
        let line = stderr
            .lines()
            .find(|line| line.starts_with(r#"{"error""#))
            .unwrap_or_else(|| panic!("no error line: {stderr}"))
            .to_string();
        (
            output.status.code(),
            serde_json::from_str::<Value>(&line).unwrap(),
        )
    };
    let (status, line) = typed_line(r#"{"question":"value","game":"knights 0x5"}"#);
    assert_eq!(status, Some(2));
    assert_eq!(line["error"]["kind"], "input");
    assert_eq!(line["error"]["status"], 2);
    assert!(
        line["error"]["message"].as_str().unwrap().contains("0x5"),
        "{line}"
    );
    let (status, line) =
        typed_line(r#"{"question":"tour","board":"8x8","closed":true,"method":"warnsdorff"}"#);
    assert_eq!(status, Some(1));
    assert_eq!(line["error"]["kind"], "failed");
    let (_, _, stderr) = worker(r#"{"question":"value","game":"knights 0x5"}"#);
    assert!(!stderr.contains(r#"{"error""#), "{stderr}");
}
