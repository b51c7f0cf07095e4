//! `grundy serve`: every endpoint over real HTTP, with good and bad requests, the limits and
//! cancellation. Each test starts its own server on a free port and kills it at the end.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::json_of;

/// A `grundy serve --port 0` running for one test.
struct Server {
    child: Child,
    address: String,
    /// The server's stdout, kept open as a terminal would be.
    _stdout: BufReader<std::process::ChildStdout>,
}

impl Server {
    fn start(options: &[&str]) -> Server {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .args(["serve", "--port", "0"])
            .args(options)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("grundy serve starts");
        let mut first_line = String::new();
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        stdout
            .read_line(&mut first_line)
            .expect("grundy serve prints its address");
        let address = first_line
            .trim()
            .strip_prefix("http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("the first line is the page's address: {first_line:?}"))
            .to_string();
        assert!(address.starts_with("127.0.0.1:"), "{address}");
        Server {
            child,
            address,
            _stdout: stdout,
        }
    }

    /// Sends one request and returns the status and the body.
    fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
        headers: &[&str],
    ) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).expect("the server accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("a timeout can be set");
        let body = body.unwrap_or("");
        let mut request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.address,
            body.len()
        );
        if !body.is_empty() {
            request.push_str("Content-Type: application/json\r\n");
        }
        for header in headers {
            request.push_str(header);
            request.push_str("\r\n");
        }
        request.push_str("\r\n");
        // A refused request may be answered before all of a large body is sent.
        let _ = stream.write_all(request.as_bytes());
        let _ = stream.write_all(body.as_bytes());
        let mut response = Vec::new();
        if let Err(error) = stream.read_to_end(&mut response) {
            assert!(!response.is_empty(), "{method} {path} {body}: {error}");
        }
        let response = String::from_utf8(response).expect("responses are UTF-8");
        let (head, body) = response
            .split_once("\r\n\r\n")
            .expect("a response has a head and a body");
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|code| code.parse().ok())
            .expect("a status code");
        (status, body.to_string())
    }

    fn get(&self, path: &str) -> (u16, String) {
        self.request("GET", path, None, &[])
    }

    /// POSTs the request `body` to `path` and parses the JSON answer.
    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, text) = self.request("POST", path, Some(&body.to_string()), &[]);
        (status, parse(&text))
    }

    fn job(&self, id: &str) -> Value {
        let (status, text) = self.get(&format!("/api/jobs/{id}"));
        assert_eq!(status, 200, "{text}");
        parse(&text)
    }

    /// Polls job `id` until `done` says it is where the test wants it, for at most `seconds`.
    fn wait_for_job(&self, id: &str, seconds: u64, done: impl Fn(&Value) -> bool) -> Value {
        let until = Instant::now() + Duration::from_secs(seconds);
        loop {
            let job = self.job(id);
            if done(&job) {
                return job;
            }
            assert!(Instant::now() < until, "job {id} did not get there: {job}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|error| panic!("not JSON ({error}): {text}"))
}

/// The keys that differ from one run to the next.
fn without_timings(mut report: Value) -> Value {
    let object = report.as_object_mut().expect("a report is an object");
    for key in [
        "seconds",
        "threads",
        "table_hits",
        "positions_searched",
        "endgame_positions",
    ] {
        object.remove(key);
    }
    report
}

/// A search that runs for minutes on any machine: the nim-value of knights on a 9x11 board.
/// (Not a board with an even side: mirror play settles those at once. On 9x11 the centre
/// settles only the outcome, and the value is searched.)
fn long_search() -> Value {
    json!({ "question": "value", "game": "knights 9x11" })
}

/// The modules `script` imports (`import ... from './play.js';`, `import './table.js';`).
fn imports(script: &str) -> Vec<String> {
    script
        .lines()
        .filter(|line| line.starts_with("import ") || line.starts_with("} from "))
        .filter_map(|line| line.split('\'').nth(1))
        .map(|path| {
            path.strip_prefix("./")
                .unwrap_or_else(|| panic!("a module of the page's own: {path}"))
                .to_string()
        })
        .collect()
}

#[test]
fn serve_the_page_and_its_files_load_nothing_from_elsewhere() {
    let server = Server::start(&[]);
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    for needle in [
        "data-testid=\"nimber\"",
        "data-testid=\"outcome\"",
        "<script type=\"module\" src=\"/main.js\"></script>",
        "/style.css",
    ] {
        assert!(page.contains(needle), "the page has {needle}");
    }
    // Every module the page's script imports, from its entry on, is served as JavaScript (a
    // browser runs a module of no JavaScript type for none), none over 600 lines.
    let mut files = vec![page];
    let mut scripts = vec!["main.js".to_string()];
    let mut index = 0;
    while index < scripts.len() {
        let response = server.raw(&format!(
            "GET /{} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
            scripts[index]
        ));
        let (status, headers, script) = parts(&response);
        assert_eq!(status, 200, "{}", scripts[index]);
        assert!(
            headers
                .iter()
                .any(|(name, value)| name == "content-type" && value.starts_with("text/javascript")),
            "{}: {headers:?}",
            scripts[index]
        );
        assert!(
            script.lines().count() <= 600,
            "{} has {} lines",
            scripts[index],
            script.lines().count()
        );
        for imported in imports(&script) {
            if !scripts.contains(&imported) {
                scripts.push(imported);
            }
        }
        files.push(script);
        index += 1;
    }
    assert!(scripts.len() > 5, "{scripts:?}");
    assert!(files.iter().any(|script| script.contains("data-square")));
    let (status, style) = server.get("/style.css");
    assert_eq!(status, 200);
    files.push(style);
    for text in &files {
        let outside = text
            .replace("http://www.w3.org/2000/svg", "")
            .replace("http://127.0.0.1:PORT/", "");
        assert!(
            !outside.contains("http://")
                && !outside.contains("https://")
                && !outside.contains("//cdn"),
            "the page loads nothing from elsewhere"
        );
    }
}

#[test]
fn serve_answers_with_the_same_json_as_the_command_line() {
    let server = Server::start(&[]);
    for (request, words) in [
        (
            json!({ "question": "value", "game": "knights 5x5" }),
            &["value", "knights", "5x5"][..],
        ),
        (
            json!({ "question": "moves", "game": "queens 4x4", "all": true }),
            &["moves", "queens", "4x4", "--all"],
        ),
        (
            json!({ "question": "moves", "game": "bishops+knights 3x3 at N../.../...", "all": true }),
            &[
                "moves",
                "bishops+knights",
                "3x3",
                "--all",
                "--position",
                "N../.../...",
            ],
        ),
        (
            json!({ "question": "value", "game": "knights 5x5 torus" }),
            &["value", "knights", "5x5", "--board", "torus"],
        ),
        (
            json!({ "question": "moves", "game": "kayles 3 4 5", "all": true }),
            &["moves", "kayles", "3", "4", "5", "--all"],
        ),
        (
            json!({ "question": "moves", "game": "corner-knight 7 9", "all": true }),
            &["moves", "corner-knight", "7", "9", "--all"],
        ),
        (
            json!({ "question": "value", "game": "knights 3x3 + kayles 4 + *2" }),
            &["value", "knights 3x3 + kayles 4 + *2"],
        ),
        (
            json!({ "question": "outcome", "game": "queens 6x6" }),
            &["outcome", "queens", "6x6"],
        ),
        (
            json!({ "question": "tour", "board": "8x8", "closed": true }),
            &["tour", "8x8", "--closed"],
        ),
        (
            json!({ "question": "tour", "board": "6x6", "method": "warnsdorff", "start": "c3" }),
            &["tour", "6x6", "--method", "warnsdorff", "--start", "c3"],
        ),
        (
            json!({ "question": "tour_count", "board": "5x5" }),
            &["tour", "count", "5x5"],
        ),
        (
            json!({ "question": "graph", "game": "knights 4x4" }),
            &["graph", "knights", "4x4"],
        ),
    ] {
        let (status, answer) = server.post("/api/run", &request);
        assert_eq!(status, 200, "{words:?}: {answer}");
        let mut timings_removed = without_timings(answer);
        let mut expected = without_timings(json_of(words));
        for report in [&mut timings_removed, &mut expected] {
            // How many first moves a parallel outcome search settled before one won depends on
            // which thread finished first.
            for key in ["search_seconds", "count_seconds", "first_moves_settled"] {
                report.as_object_mut().unwrap().remove(key);
            }
        }
        assert_eq!(timings_removed, expected, "{words:?}");
    }
}

#[test]
fn serve_plays_the_computers_reply() {
    let server = Server::start(&[]);
    // Knights 5x5 is a first-player win (nim-value *1): the perfect computer's first move wins.
    let (status, reply) = server.post(
        "/api/run",
        &json!({ "question": "play", "game": "knights 5x5" }),
    );
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["command"], "play");
    assert_eq!(reply["nimber"], 0);
    assert_eq!(reply["moves"][0]["winning"], true);
    assert_eq!(reply["to_move"], "second");
    let position = reply["position"].as_str().unwrap();
    assert_eq!(position.matches('N').count(), 1, "{position}");
    // The reply is the command line's, and a winning move by the library's own check.
    assert_eq!(
        without_timings(reply.clone()),
        without_timings(json_of(&["play", "knights", "5x5", "--reply"]))
    );
    let after = json_of(&["value", "knights", "5x5", "--position", position]);
    assert_eq!(after["nimber"], 0);
    let (status, random) = server.post(
        "/api/run",
        &json!({
            "question": "play",
            "game": format!("knights 5x5 at {position}"),
            "opponent": "random",
            "seed": 7,
        }),
    );
    assert_eq!(status, 200, "{random}");
    assert_eq!(random["position"].as_str().unwrap().matches('N').count(), 2);
    let (status, refused) = server.post(
        "/api/run",
        &json!({ "question": "play", "game": "kings 4x4", "opponent": "symmetry" }),
    );
    assert_eq!(status, 400);
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("no symmetry strategy"),
        "{refused}"
    );
}

/// Two Host headers are refused (RFC 9112: 400), whichever comes first; `/api/limits` names
/// every question a request may ask, `quotient` among them.
#[test]
fn serve_refuses_two_hosts_and_lists_every_question() {
    let server = Server::start(&[]);
    for extra in ["Host: evil.example", "Host: 127.0.0.1"] {
        let (status, body) = server.request("GET", "/api/limits", None, &[extra]);
        assert_eq!(status, 400, "{extra}: {body}");
        assert!(body.contains("more than one Host header"), "{body}");
    }
    let (status, body) = server.get("/api/limits");
    assert_eq!(status, 200, "{body}");
    // The server lists the library's questions: every command of its one list that a request
    // asks, quotient included.
    let questions = parse(&body)["questions"].as_str().unwrap().to_string();
    let library: Vec<&str> = grundy::report::Command::ALL
        .iter()
        .filter_map(|command| command.question())
        .collect();
    assert_eq!(questions, library.join(", "));
    assert!(library.contains(&"quotient"), "{questions}");
    let (status, answer) = server.post(
        "/api/run",
        &json!({"question": "quotient", "game": "kayles", "heaps": 10}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["command"], "quotient");
}

#[test]
fn serve_refuses_bad_requests_with_the_command_lines_message() {
    let server = Server::start(&["--memory", "64M"]);
    for (request, status, needle) in [
        (
            json!({ "question": "value", "game": "knights 0x5" }),
            400,
            "0x5",
        ),
        (
            json!({ "question": "value", "game": "knights 23x23" }),
            400,
            "at most 512",
        ),
        (
            json!({ "question": "value", "game": "dragons 5x5" }),
            400,
            "dragons",
        ),
        (
            json!({ "question": "bench" }),
            400,
            "`question` \"bench\" is not a question: expected one of value",
        ),
        (
            json!({ "question": "value", "game": "knights 5x5", "svg": "/tmp/x.svg" }),
            400,
            "unknown field `svg`",
        ),
        (
            json!({ "question": "value", "game": "knights 5x5", "checkpoint": "c.txt" }),
            400,
            "unknown field `checkpoint`",
        ),
        (
            json!({ "question": "value", "game": "graph /etc/passwd" }),
            400,
            "no file is read here",
        ),
        (
            json!({ "question": "tour_verify", "path": "/etc/passwd" }),
            400,
            "unknown field `path`",
        ),
        (
            json!({ "question": "moves", "game": "knights 5x5 at N..../..N../...../...../....." }),
            400,
            "attack",
        ),
        (json!({}), 400, "names no `question`"),
    ] {
        let (got, answer) = server.post("/api/run", &request);
        assert_eq!(got, status, "{request}: {answer}");
        let message = answer["error"].as_str().expect("an error message");
        assert!(message.contains(needle), "{request}: {message}");
        assert!(!message.contains("panicked"), "{message}");
    }
    // A request for more memory than the server gives runs within the server's; one for
    // more than the machine has is refused, naming the size.
    let (status, answer) = server.post(
        "/api/run",
        &json!({ "question": "value", "game": "knights 4x4", "limits": { "memory": 2u64 << 30 } }),
    );
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = server.post(
        "/api/run",
        &json!({ "question": "value", "game": "knights 4x4", "limits": { "memory": u64::MAX } }),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("18446744073709551615"),
        "{answer}"
    );
    // A method that finds no tour answers why, as the command line does.
    let (status, answer) = server.post(
        "/api/run",
        &json!({ "question": "tour", "board": "8x8", "closed": true, "method": "warnsdorff" }),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("does not close"),
        "{answer}"
    );
    // A request the library's types refuse is refused as a job at once.
    let (status, answer) = server.post("/api/jobs", &json!({ "question": "bench" }));
    assert_eq!(status, 400, "{answer}");
    let (status, answer) = server.post(
        "/api/jobs",
        &json!({ "question": "value", "game": "knights 0x5" }),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("0x5"),
        "{answer}"
    );

    let (status, text) = server.request("POST", "/api/run", Some("{\"command\": \"value\"}"), &[]);
    assert_eq!(status, 400, "{text}");
    assert!(parse(&text)["error"]
        .as_str()
        .unwrap()
        .contains("must be JSON like"));
    let (status, text) = server.request("POST", "/api/run", Some("not json"), &[]);
    assert_eq!(status, 400, "{text}");
    let large = json!({ "question": "value", "game": "x".repeat(70_000) }).to_string();
    let (status, text) = server.request("POST", "/api/run", Some(&large), &[]);
    assert_eq!(status, 413, "{text}");
    assert!(parse(&text)["error"].as_str().unwrap().contains("64 KiB"));
    let (status, text) = server.get("/api/nothing");
    assert_eq!(status, 404, "{text}");
    let (status, text) = server.get("/api/run");
    assert_eq!(status, 405, "{text}");
    assert!(parse(&text)["error"].as_str().unwrap().contains("method"));
    let (status, text) = server.get("/api/jobs/12345");
    assert_eq!(status, 404, "{text}");
    let (status, text) = server.request(
        "GET",
        "/api/limits",
        None,
        &["Origin: http://example.invalid"],
    );
    assert_eq!(status, 403, "{text}");
}

#[test]
fn serve_stops_a_request_at_the_time_limit_and_says_how_to_raise_it() {
    let server = Server::start(&["--max-seconds", "1"]);
    let started = Instant::now();
    let (status, answer) = server.post("/api/run", &long_search());
    assert_eq!(status, 422, "{answer}");
    let message = answer["error"].as_str().unwrap();
    assert!(
        message.contains("1 s") && message.contains("--max-seconds"),
        "{message}"
    );
    assert!(
        message.contains(r#"echo '{"question":"value","game":"knights 9x11""#)
            && message.contains("| grundy worker"),
        "{message}"
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    // An answer larger than the server returns is refused before it is made.
    let started = Instant::now();
    let (status, answer) = server.post(
        "/api/run",
        &json!({ "question": "tour", "board": "2000x2000" }),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("32.0 MiB"),
        "{answer}"
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    let (status, limits) = server.get("/api/limits");
    assert_eq!(status, 200);
    assert_eq!(parse(&limits)["max_seconds"], 1);
}

#[test]
fn serve_keeps_what_a_table_finished_when_it_is_stopped() {
    let server = Server::start(&["--max-seconds", "2"]);
    // Queens up to 16x16: the small boards are done at once, the largest take hours.
    let sides: Vec<usize> = (1..=16).collect();
    let request = json!({ "question": "table", "game": "queens", "rows": sides, "cols": sides });
    let body = request.to_string();
    let started = Instant::now();
    let (status, text) = server.request("POST", "/api/run", Some(&body), &[]);
    assert_eq!(status, 200, "{text}");
    assert!(started.elapsed() < Duration::from_secs(30));
    let table = parse(&text);
    assert_eq!(table["interrupted"], true, "{table}");
    // How many cells two seconds finish depends on the machine (none, on a busy one): what
    // is checked is that the answer holds exactly the cells it says it finished, right.
    let finished = table["finished_cells"].as_u64().unwrap();
    assert!(finished < 256, "{finished}");
    let cells: Vec<&Value> = table["nimbers"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap())
        .collect();
    let known = cells.iter().filter(|cell| !cell.is_null()).count();
    assert_eq!(known as u64, finished, "{table}");
    if !table["nimbers"][0][0].is_null() {
        assert_eq!(table["nimbers"][0][0], 1, "queens 1x1 has value *1");
    }
    assert!(table["nimbers"][15][15].is_null());

    // Cancelled, a table job keeps what it finished too.
    let (status, job) = server.post("/api/jobs", &request);
    assert_eq!(status, 202, "{job}");
    let id = job["id"].as_str().unwrap().to_string();
    server.wait_for_job(&id, 30, |job| {
        job["progress"]["cells_finished"].as_u64().unwrap_or(0) > 0
    });
    let (status, _) = server.request("DELETE", &format!("/api/jobs/{id}"), None, &[]);
    assert_eq!(status, 200);
    let cancelled = server.wait_for_job(&id, 30, |job| job["state"] != "running");
    assert_eq!(cancelled["state"], "cancelled", "{cancelled}");
    assert_eq!(cancelled["result"]["interrupted"], true, "{cancelled}");
    assert!(cancelled["error"]
        .as_str()
        .unwrap()
        .contains("what was finished"));
}

#[test]
fn serve_runs_jobs_with_progress_and_cancels_them() {
    // One slot: the request after the cancelled job is answered only if the job's command
    // was stopped and its slot freed.
    let server = Server::start(&["--jobs", "1"]);
    let (status, job) = server.post("/api/jobs", &long_search());
    assert_eq!(status, 202, "{job}");
    let id = job["id"].as_str().unwrap().to_string();
    assert!(
        matches!(job["state"].as_str(), Some("queued" | "running")),
        "{job}"
    );
    let running = server.wait_for_job(&id, 60, |job| {
        job["progress"]["positions_searched"].as_u64().unwrap_or(0) > 0
    });
    assert_eq!(running["state"], "running");
    assert!(
        running["progress"]["first_moves_total"].as_u64().unwrap() > 0,
        "{running}"
    );
    let (status, text) = server.request("DELETE", &format!("/api/jobs/{id}"), None, &[]);
    assert_eq!(status, 200, "{text}");
    let cancelled = server.wait_for_job(&id, 10, |job| job["state"] != "running");
    assert_eq!(cancelled["state"], "cancelled", "{cancelled}");
    let started = Instant::now();
    let knights = json!({ "question": "value", "game": "knights 5x5" });
    let (status, answer) = server.post("/api/run", &knights);
    assert_eq!(status, 200, "{answer}");
    assert!(started.elapsed() < Duration::from_secs(20));

    let (status, job) = server.post("/api/jobs", &knights);
    assert_eq!(status, 202, "{job}");
    let done = server.wait_for_job(job["id"].as_str().unwrap(), 30, |job| {
        job["state"] == "done"
    });
    assert_eq!(done["result"]["nimber"], 1);
    assert_eq!(done["result"]["command"], "value");
    assert_eq!(done["request"]["question"], "value");

    // A job the library refuses says its error's kind, which the page acts on.
    let side = json!({ "question": "play", "game": "knights 5x5", "opponent": "symmetry", "side": "second" });
    let (status, job) = server.post("/api/jobs", &side);
    assert_eq!(status, 202, "{job}");
    let failed = server.wait_for_job(job["id"].as_str().unwrap(), 30, |job| {
        job["state"] == "failed"
    });
    assert_eq!(failed["error_kind"], "input", "{failed}");
    assert!(
        failed["error"]
            .as_str()
            .unwrap()
            .starts_with("no symmetry strategy for the computer as second player"),
        "{failed}"
    );
}

/// Answers that could not fit the server's memory or the most it sends are refused at once,
/// by the library's check on the parsed request: with the one slot taken by a long search,
/// an oversized request that needed a worker would wait for it.
#[test]
fn serve_refuses_oversized_answers_before_running_them() {
    let server = Server::start(&["--jobs", "1", "--memory", "256M"]);
    let (status, job) = server.post("/api/jobs", &long_search());
    assert_eq!(status, 202, "{job}");
    let id = job["id"].as_str().unwrap().to_string();
    server.wait_for_job(&id, 60, |job| job["state"] == "running");
    for (request, said) in [
        (
            json!({"question": "sequence", "game": "kayles", "to": 99_999_999_999_u64}),
            "100000000000 values",
        ),
        (
            json!({"question": "sequence", "game": "kayles", "to": 300_000_000, "limits": {"memory": 1_048_576}}),
            "more than the 1.0 MiB of memory the request allows",
        ),
        (
            json!({"question": "sequence", "game": "kayles", "to": 30_000_000}),
            "more than the 32.0 MiB an answer may take here",
        ),
        (
            json!({"question": "tour", "board": "10000x10000"}),
            "the 100000000 squares of a tour of 10000x10000",
        ),
        (
            json!({"question": "table", "game": "corner-knight", "rows": "0-5000", "cols": "0-5000"}),
            "25010001 cells",
        ),
    ] {
        for endpoint in ["/api/run", "/api/jobs"] {
            let (status, answer) = server.post(endpoint, &request);
            assert_eq!(status, 422, "{endpoint} {request}: {answer}");
            let message = answer["error"].as_str().unwrap();
            assert!(message.contains(said), "{endpoint} {request}: {message}");
        }
    }
    assert_eq!(server.job(&id)["state"], "running");
}

/// An answer whose size only shows once it is made (every move of a line of heaps) is refused
/// by the worker with the status of one refused before it runs, and its kind, `too_large`.
#[test]
fn serve_refuses_an_answer_found_too_large_as_one_refused_before_it_runs() {
    let server = Server::start(&[]);
    let request = json!({"question": "moves", "game": "kayles 30 40", "all": true, "limits": {"answer_bytes": 300}});
    let (status, answer) = server.post("/api/run", &request);
    assert_eq!(status, 422, "{answer}");
    let message = answer["error"].as_str().unwrap();
    assert!(
        message.contains("more than the 300 bytes an answer may take here"),
        "{message}"
    );
    let (status, job) = server.post("/api/jobs", &request);
    assert_eq!(status, 202, "{job}");
    let failed = server.wait_for_job(job["id"].as_str().unwrap(), 30, |job| {
        job["state"] == "failed"
    });
    assert_eq!(failed["error_kind"], "too_large", "{failed}");
}

/// The memory the server's process holds now, from Linux's account of it.
#[cfg(target_os = "linux")]
fn resident_bytes(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let line = status
        .lines()
        .find(|line| line.starts_with("VmRSS:"))
        .unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib << 10
}

/// Forty clients that ask for a job's answer of 24 MB and read only its first bytes share
/// the one copy the server keeps: each reply used to be a copy of its own (a gigabyte for
/// forty).
#[cfg(target_os = "linux")]
#[test]
fn serve_sends_a_jobs_answer_from_the_one_copy_it_keeps() {
    let server = Server::start(&[]);
    let (status, job) = server.post(
        "/api/jobs",
        &json!({"question": "tour", "board": "1500x1500"}),
    );
    assert_eq!(status, 202, "{job}");
    let id = job["id"].as_str().unwrap().to_string();
    let done = server.wait_for_job(&id, 120, |job| {
        job["state"] != "running" && job["state"] != "queued"
    });
    assert_eq!(done["state"], "done");
    assert_eq!(
        done["result"]["path"].as_array().unwrap().len(),
        1500 * 1500
    );
    let before = resident_bytes(&server.child);
    let readers: Vec<TcpStream> = (0..40)
        .map(|_| {
            let mut stream = TcpStream::connect(&server.address).unwrap();
            write!(
                stream,
                "GET /api/jobs/{id} HTTP/1.1\r\nHost: {}\r\n\r\n",
                server.address
            )
            .unwrap();
            // The reply has begun: its body was made before its first byte was sent.
            let mut first = [0u8; 12];
            stream.read_exact(&mut first).unwrap();
            assert_eq!(&first, b"HTTP/1.1 200");
            stream
        })
        .collect();
    let grown = resident_bytes(&server.child).saturating_sub(before);
    assert!(grown < 100 << 20, "the server grew by {} MB", grown >> 20);
    drop(readers);
}

#[test]
fn serve_answers_several_pages_at_once() {
    let server = Server::start(&["--jobs", "2"]);
    std::thread::scope(|scope| {
        let answers: Vec<_> = ["4x4", "5x5", "3x6", "4x5"]
            .iter()
            .map(|board| {
                let server = &server;
                scope.spawn(move || {
                    server.post(
                        "/api/run",
                        &json!({ "question": "value", "game": format!("queens {board}") }),
                    )
                })
            })
            .collect();
        for answer in answers {
            let (status, report) = answer.join().unwrap();
            assert_eq!(status, 200, "{report}");
            assert_eq!(report["command"], "value");
        }
    });
}

#[test]
fn serve_plays_node_kayles_on_the_edges_a_page_sends() {
    let server = Server::start(&[]);
    let edges = "a b\nb c\nc d\nd e\ne a\na f\n";
    let body = json!({ "question": "moves", "game": "graph sent", "graph": edges, "all": true })
        .to_string();
    let (status, text) = server.request("POST", "/api/run", Some(&body), &[]);
    assert_eq!(status, 200, "{text}");
    let answer = parse(&text);
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), edges).unwrap();
    let expected = json_of(&["moves", "graph", file.path().to_str().unwrap(), "--all"]);
    assert_eq!(answer["nimber"], expected["nimber"]);
    // Each move's game after it names the graph as the request did (`graph sent`, or the
    // file's name); the graph after it is the same.
    let without_name = |moves: &Value| -> Vec<Value> {
        let mut moves = moves.as_array().unwrap().clone();
        for one in &mut moves {
            one.as_object_mut().unwrap().remove("after");
        }
        moves
    };
    assert_eq!(
        without_name(&answer["moves"]),
        without_name(&expected["moves"])
    );
    assert_eq!(answer["moves"][0]["after"], "graph sent");
    // A page names no file: whatever name its game gives the graph, the graph is the one sent.
    let body =
        json!({ "question": "value", "game": "graph /etc/hostname", "graph": edges }).to_string();
    let (status, text) = server.request("POST", "/api/run", Some(&body), &[]);
    assert_eq!(status, 200, "{text}");
    assert_eq!(parse(&text)["vertices"], 6, "{text}");
    for (graph, game, needle) in [
        ("a b c d\n", "graph sent", "4 tokens"),
        (edges, "kayles 3", "plays on none"),
    ] {
        let body = json!({ "question": "moves", "game": game, "graph": graph }).to_string();
        let (status, text) = server.request("POST", "/api/run", Some(&body), &[]);
        assert_eq!(status, 400, "{text}");
        assert!(
            parse(&text)["error"].as_str().unwrap().contains(needle),
            "{text}"
        );
    }
}

#[test]
fn serve_lists_the_games_of_the_registry() {
    let server = Server::start(&[]);
    let (status, text) = server.get("/api/games");
    assert_eq!(status, 200);
    let games = parse(&text);
    let names: Vec<&str> = games["families"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|family| family["games"].as_array().unwrap())
        .map(|name| name.as_str().unwrap())
        .collect();
    for name in [
        "knights",
        "queens",
        "kayles",
        "grundys-game",
        "corner-knight",
    ] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    assert!(games["surfaces"]
        .as_array()
        .unwrap()
        .contains(&json!("torus")));
    // The letters a page writes a position set up by clicking with: the library's.
    assert_eq!(games["piece_letters"]["knights"], "N", "{text}");
    assert_eq!(games["piece_letters"]["queens"], "Q", "{text}");
    assert_eq!(games["leaper_letter"], "L", "{text}");
    // How the page plays each family, from the registry: the game its form starts with and
    // how a position is drawn; a nimber is not offered on its own.
    let play_of = |name: &str| {
        games["families"]
            .as_array()
            .unwrap()
            .iter()
            .find(|family| family["family"] == name)
            .map(|family| family["play"].clone())
            .unwrap_or_else(|| panic!("no family {name}: {text}"))
    };
    assert_eq!(play_of("placement")["drawing"], "board", "{text}");
    assert_eq!(play_of("placement")["game"], "knights", "{text}");
    assert_eq!(play_of("placement")["symmetry"], true, "{text}");
    assert_eq!(play_of("heap")["drawing"], "heaps", "{text}");
    assert_eq!(play_of("heap")["timed"], false, "{text}");
    assert_eq!(play_of("corner")["drawing"], "corner", "{text}");
    assert_eq!(play_of("graph")["drawing"], "graph", "{text}");
    assert_eq!(play_of("cram")["drawing"], "dominoes", "{text}");
    assert_eq!(play_of("cram")["game"], "cram", "{text}");
    assert_eq!(play_of("cram")["timed"], false, "{text}");
    assert_eq!(play_of("nimber"), Value::Null, "{text}");
}

#[test]
fn serve_open_without_an_opener_says_so_and_serves_on() {
    let empty = tempfile::tempdir().unwrap();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["serve", "--port", "0", "--open"])
        .env("PATH", empty.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy serve starts");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut address = String::new();
    stdout.read_line(&mut address).unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    stderr.read_line(&mut said).unwrap();
    assert!(said.contains("--open: found no"), "{said}");
    assert!(said.contains(address.trim()), "{said}");
    let address = address
        .trim()
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .write_all(
            format!("GET /api/limits HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    let _ = child.kill();
    let _ = child.wait();
}

/// The status, the headers (names in lower case) and the body of `response`.
fn parts(response: &str) -> (u16, Vec<(String, String)>, String) {
    let (head, body) = response
        .split_once("\r\n\r\n")
        .expect("a response has a head and a body");
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|line| line.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .expect("a status code");
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    (status, headers, body.to_string())
}

impl Server {
    /// Sends `request` as it is and returns the whole response.
    fn raw(&self, request: &str) -> String {
        let mut stream = TcpStream::connect(&self.address).expect("the server accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("a timeout can be set");
        stream
            .write_all(request.as_bytes())
            .expect("the request is sent");
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        String::from_utf8(response).expect("responses are UTF-8")
    }

    /// Sends the request `body` to `path` with the cookie `client` (none if empty).
    fn post_as(&self, client: &str, path: &str, body: &Value) -> (u16, Value) {
        let body = body.to_string();
        let cookie = format!("Cookie: grundy-client={client}");
        let headers: &[&str] = if client.is_empty() { &[] } else { &[&cookie] };
        let (status, text) = self.request("POST", path, Some(&body), headers);
        (status, parse(&text))
    }

    fn get_as(&self, client: &str, method: &str, path: &str) -> u16 {
        let cookie = format!("Cookie: grundy-client={client}");
        let headers: &[&str] = if client.is_empty() { &[] } else { &[&cookie] };
        self.request(method, path, None, headers).0
    }
}

#[test]
fn serve_reads_no_file_whatever_the_request_says() {
    let server = Server::start(&[]);
    let folder = tempfile::tempdir().unwrap();
    let secret = folder.path().join("secret.json");
    std::fs::write(&secret, "{\"path\": [[1, 1]], \"secret\": \"hunter2\"}").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    let secret = secret.to_str().unwrap();
    let missing = folder.path().join("missing.json");
    let missing = missing.to_str().unwrap();
    for file in [secret, missing, "/dev/zero"] {
        for request in [
            json!({ "question": "tour_verify", "file": file }),
            json!({ "question": "tour_verify", "text": file }),
            json!({ "question": "value", "game": "knights 3x3", "svg": file }),
            json!({ "question": "value", "game": "knights 3x3", "checkpoint": file }),
            json!({ "question": "value", "game": format!("graph {file}") }),
            json!({ "question": "moves", "game": format!("knights 3x3 + graph {file}") }),
            json!({ "question": "graph", "game": format!("GRAPH {file}") }),
        ] {
            let started = Instant::now();
            let (status, answer) = server.post("/api/run", &request);
            // A tour's text that is a file's name is read as a tour, and is not one.
            assert!(matches!(status, 400 | 422), "{request}: {answer}");
            let message = answer["error"].as_str().unwrap();
            // Nothing was read: not the content, not whether the file is there.
            assert!(!message.contains("hunter2"), "{request}: {message}");
            assert!(
                !message.contains("No such file") && !message.contains("denied"),
                "{request}: {message}"
            );
            assert!(started.elapsed() < Duration::from_secs(5), "{request}");
        }
    }
    // The same request refused for a file that is there and one that is not.
    let ask = |file: &str| json!({ "question": "value", "game": format!("graph {file}") });
    let (_, there) = server.post("/api/run", &ask(secret));
    let (_, not_there) = server.post("/api/run", &ask(missing));
    assert_eq!(
        there["error"].as_str().unwrap().replace(secret, "FILE"),
        not_there["error"]
            .as_str()
            .unwrap()
            .replace(missing, "FILE")
    );
}

#[test]
fn serve_shows_no_path_of_its_own() {
    let server = Server::start(&[]);
    let temporary = std::env::temp_dir().display().to_string();
    for graph in ["a b c d\n", "a b\nb c\n"] {
        let body = json!({ "question": "value", "game": "graph sent", "graph": graph }).to_string();
        let (_, text) = server.request("POST", "/api/run", Some(&body), &[]);
        assert!(
            !text.contains(&temporary) && !text.contains("grundy-serve"),
            "{text}"
        );
    }
}

#[test]
fn serve_says_to_the_browser_what_it_may_load_and_frame() {
    let server = Server::start(&[]);
    for request in [
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        "GET /main.js HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        "GET /play.js HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        "GET /api/limits HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        "GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    ] {
        let (_, headers, _) = parts(&server.raw(request));
        let header = |name: &str| {
            headers
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.clone())
                .unwrap_or_else(|| panic!("{request}: no {name} in {headers:?}"))
        };
        assert!(header("content-security-policy").contains("frame-ancestors 'none'"));
        assert!(header("content-security-policy").contains("script-src 'self'"));
        assert_eq!(header("x-frame-options"), "DENY");
        assert_eq!(header("x-content-type-options"), "nosniff");
    }
}

#[test]
fn serve_closes_connections_that_send_too_slowly() {
    let server = Server::start(&[]);
    std::thread::scope(|scope| {
        // Connections that send nothing, or headers without their end, are closed.
        let silent: Vec<_> = (0..3)
            .map(|_| {
                scope.spawn(|| {
                    let started = Instant::now();
                    let mut stream = TcpStream::connect(&server.address).unwrap();
                    stream
                        .set_read_timeout(Some(Duration::from_secs(60)))
                        .unwrap();
                    let _ = stream.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
                    let mut rest = Vec::new();
                    let _ = stream.read_to_end(&mut rest);
                    started.elapsed()
                })
            })
            .collect();
        // A body that never comes is answered 408.
        let slow_body = scope.spawn(|| {
            let started = Instant::now();
            let response = server.raw(
                "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{\"comm",
            );
            (parts(&response).0, started.elapsed())
        });
        for connection in silent {
            let held = connection.join().unwrap();
            assert!(held < Duration::from_secs(30), "held for {held:?}");
        }
        let (status, held) = slow_body.join().unwrap();
        assert_eq!(status, 408);
        assert!(held < Duration::from_secs(30), "held for {held:?}");
    });
    // And the server still answers.
    assert_eq!(server.get("/api/limits").0, 200);
}

#[test]
fn serve_jobs_have_names_nobody_guesses_and_only_their_page_sees() {
    let server = Server::start(&[]);
    // The page gives a browser its cookie.
    let (_, headers, _) =
        parts(&server.raw("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
    let cookie = headers
        .iter()
        .find(|(name, _)| name == "set-cookie")
        .map(|(_, value)| value.clone())
        .expect("the page sets a cookie");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    let mine = cookie
        .split(';')
        .next()
        .and_then(|pair| pair.split_once('='))
        .map(|(_, value)| value.to_string())
        .unwrap();
    assert_eq!(mine.len(), 32, "{cookie}");
    let theirs = "0123456789abcdef0123456789abcdef";

    let knights = json!({ "question": "value", "game": "knights 3x3" });
    let (status, job) = server.post_as(&mine, "/api/jobs", &knights);
    assert_eq!(status, 202, "{job}");
    let id = job["id"].as_str().unwrap().to_string();
    assert!(
        id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()),
        "{id}"
    );
    let (_, other) = server.post_as(&mine, "/api/jobs", &knights);
    assert_ne!(other["id"], job["id"]);
    let path = format!("/api/jobs/{id}");
    assert_eq!(server.get_as(&mine, "GET", &path), 200);
    assert_eq!(server.get_as(theirs, "GET", &path), 404);
    assert_eq!(server.get_as("", "GET", &path), 404);
    assert_eq!(server.get_as(theirs, "DELETE", &path), 404);
    assert_eq!(server.get_as("", "DELETE", &path), 404);
    assert_eq!(server.get_as(&mine, "DELETE", &path), 200);
}

/// Clients that ask for answers and never read them are cut off once writing to them has
/// stalled: they would otherwise hold every connection the server takes, and the answers'
/// memory, for ever.
#[test]
fn serve_cuts_off_clients_that_read_nothing() {
    let server = Server::start(&[]);
    // About 8 MB of answers a connection (the largest module, some 17 KB, 500 times): far
    // more than a socket's buffers hold, so the server's writes stall.
    let request = "GET /play.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".repeat(500);
    // One more than the connections the server keeps open at once.
    let readers_of_nothing: Vec<TcpStream> = (0..257)
        .filter_map(|_| {
            let mut stream = TcpStream::connect(&server.address).ok()?;
            stream
                .set_write_timeout(Some(Duration::from_secs(2)))
                .ok()?;
            let _ = stream.write_all(request.as_bytes());
            Some(stream)
        })
        .collect();
    assert!(readers_of_nothing.len() > 200);
    let until = Instant::now() + Duration::from_secs(40);
    loop {
        let answered = TcpStream::connect(&server.address)
            .ok()
            .and_then(|mut stream| {
                stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
                stream
                    .write_all(
                        b"GET /api/limits HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                    )
                    .ok()?;
                let mut response = Vec::new();
                let _ = stream.read_to_end(&mut response);
                Some(response.starts_with(b"HTTP/1.1 200"))
            });
        if answered == Some(true) {
            break;
        }
        assert!(
            Instant::now() < until,
            "the server answers no one while clients that read nothing hold its connections"
        );
        std::thread::sleep(Duration::from_millis(500));
    }
    drop(readers_of_nothing);
}
