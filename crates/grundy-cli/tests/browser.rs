//! The page of `grundy serve` in a real browser: starts the server and runs the browser tests
//! in `web-tests/` (Node, playwright-core, Debian's Chromium), which play a whole game of
//! knights 5x5, open a table cell, plot a sequence, draw a tour and keep a screenshot of each
//! view in `target/web-screenshots/`.
//!
//! It needs Chromium, Node and `web-tests/node_modules` (`npm ci` in `web-tests/`), so it is
//! `#[ignore]`d: a plain `cargo test` lists it as ignored, with what it needs, in cargo's own
//! summary, rather than passing a test that ran nothing. It runs when asked for
//! (`cargo test --release -p grundy-cli --test browser -- --ignored`, or `.ci/run`, whose
//! `cargo test --workspace --release -- --ignored` runs it), and then a missing prerequisite is
//! a failure that names it, in CI or not: a skip can never pass unseen.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const CHROMIUM: &str = "/usr/bin/chromium";

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository's folder")
}

/// Why the browser tests cannot run here, if they cannot.
fn missing(web_tests: &Path) -> Option<String> {
    if !Path::new(CHROMIUM).exists() {
        return Some(format!("{CHROMIUM} is missing (apt-get install chromium)"));
    }
    if !web_tests.join("node_modules/playwright-core").exists() {
        return Some("web-tests/node_modules is missing (run `npm ci` in web-tests/)".to_string());
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("node is missing".to_string());
    }
    None
}

#[test]
#[ignore = "needs chromium, node and web-tests/node_modules; run with -- --ignored (CI does)"]
fn the_page_works_in_chromium() {
    let repository = repository();
    let web_tests = repository.join("web-tests");
    if let Some(why) = missing(&web_tests) {
        panic!("the browser tests were asked for but cannot run: {why}");
    }
    let mut server = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("grundy serve starts");
    let mut stdout = BufReader::new(server.stdout.take().expect("stdout is piped"));
    let mut url = String::new();
    stdout
        .read_line(&mut url)
        .expect("grundy serve prints its address");
    let screenshots = repository.join("target/web-screenshots");
    let status = Command::new("node")
        .args(["--test", "--test-reporter=spec"])
        .current_dir(&web_tests)
        .env("GRUNDY_URL", url.trim())
        .env("GRUNDY_BIN", env!("CARGO_BIN_EXE_grundy"))
        .env("SCREENSHOT_DIR", &screenshots)
        .status();
    let _ = server.kill();
    let _ = server.wait();
    drop(stdout);
    let status = status.expect("node runs");
    assert!(status.success(), "the browser tests failed: {status}");
}
