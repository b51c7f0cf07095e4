//! `grundy worker`: answers one typed request read as JSON on stdin, for programs (and, next,
//! the web server's child processes) that want the library's answer without building a command
//! line. The request is the library's own [`grundy::Request`], validated by its types; the
//! answer is the same JSON `--json` prints. Progress goes to stderr as `grundy serve` reads it
//! when `GRUNDY_PROGRESS_JSON` is set; Ctrl-C or SIGTERM stop the work.

use std::io::{BufRead, Read};

use anyhow::Result;
use grundy::request::{Answer, ErrorKind, ErrorReport, RunError};
use grundy::Request;

use crate::input::{input_error, run_error};
use crate::interrupt;
use crate::progress::{report_error_to_server, Shown};
use crate::render::json_line;

/// The most bytes a request may take: a game is a line of text.
const MAX_REQUEST_BYTES: usize = 1 << 20;

/// Arguments of `grundy worker`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Reads one request as JSON on stdin and prints its answer as one JSON line (the keys of `--json`, docs/JSON.md). The request names its question and game, with optional limits:\n  {\"question\": \"value\", \"game\": \"knights 5x5 + kayles 7\"}\n  {\"question\": \"moves\", \"game\": \"queens 5x5\", \"all\": true, \"limits\": {\"memory\": 268435456, \"threads\": 2}}\n  {\"question\": \"outcome\", \"game\": \"queens 8x8\"}\n  {\"question\": \"table\", \"game\": \"queens\", \"rows\": \"1-6\", \"cols\": \"1-6\"}\n  {\"question\": \"sequence\", \"game\": \"kayles\", \"to\": 100}\n  {\"question\": \"tour\", \"board\": \"8x8\", \"closed\": true}\n  {\"question\": \"moves\", \"game\": \"graph sent\", \"graph\": \"a b\\nb c\\n\"}\nNo file is read: a graph comes as its text, in the request's \"graph\" key. docs/JSON.md lists every question and its keys.\n\nExamples:\n  echo '{\"question\":\"value\",\"game\":\"knights 5x5\"}' | grundy worker\n  echo '{\"question\":\"moves\",\"game\":\"kayles 3 4 5\"}' | grundy worker"
)]
pub struct Args {
    /// Read the request as one line, and stop the work when stdin is closed after it: a
    /// program that starts the worker and then dies (its end of the pipe closes) takes the
    /// work with it. `grundy serve` runs its workers so. A stop that the search does not see
    /// within 3 s ends the worker at once.
    #[arg(long)]
    pub stop_when_stdin_closes: bool,
}

/// How long work may go on after stdin closed before the worker ends at once.
const GRACE_SECONDS: u64 = 3;

/// Runs `grundy worker`.
pub fn run(args: &Args) -> Result<String> {
    let mut bytes = Vec::new();
    let stdin = std::io::stdin();
    let limited = stdin.lock().take(MAX_REQUEST_BYTES as u64 + 1);
    let read = if args.stop_when_stdin_closes {
        std::io::BufReader::new(limited).read_until(b'\n', &mut bytes)
    } else {
        let mut limited = limited;
        limited.read_to_end(&mut bytes)
    };
    read.map_err(|error| refused(format!("cannot read the request: {error}")))?;
    if bytes.len() > MAX_REQUEST_BYTES {
        return Err(refused(format!(
            "the request is longer than {MAX_REQUEST_BYTES} bytes, the most a worker reads"
        )));
    }
    let request: Request = grundy::request::read_request(&bytes).map_err(refused)?;
    let shown = Shown::new("searching");
    let watch = shown.watch()?;
    if args.stop_when_stdin_closes {
        let stopper = watch.clone();
        std::thread::spawn(move || {
            let mut rest = [0u8; 256];
            while matches!(std::io::stdin().read(&mut rest), Ok(read) if read > 0) {}
            interrupt::stop_for_closed_stdin();
            stopper.stop();
            std::thread::sleep(std::time::Duration::from_secs(GRACE_SECONDS));
            errln!(
                "interrupted by {}: the work did not stop within {GRACE_SECONDS} s, so it ends here",
                interrupt::stopped_by()
            );
            std::process::exit(i32::from(interrupt::INTERRUPTED_STATUS));
        });
    }
    let answer = grundy::run(&request, &watch);
    shown.finish();
    match answer {
        // A count stopped by the flag answers a lower bound: printed, with the status of a stop.
        Ok(Answer::TourCount(count)) if !count.report.complete => {
            out!("{}", json_line(&count));
            Err(interrupt::Interrupted(format!(
                "interrupted by {}: the count printed is a lower bound",
                interrupt::stopped_by()
            ))
            .into())
        }
        Ok(answer) => Ok(json_line(&answer)),
        Err(RunError::Stopped(stopped)) => {
            let how_far = stopped.how_far();
            // What a table, a sequence or a quotient finished is an answer: printed, as the
            // command prints it when stopped.
            if let Some(finished) = stopped.into_answer() {
                out!("{}", json_line(&finished));
            }
            let mut message = format!("interrupted by {}", interrupt::stopped_by());
            if let Some(how_far) = how_far {
                message = format!("{message}{HOW_FAR_SEPARATOR}{how_far}");
            }
            report_error_to_server(&ErrorReport::new(ErrorKind::Stopped, &message));
            Err(interrupt::Interrupted(message).into())
        }
        Err(error) => {
            report_error_to_server(&ErrorReport::of(&error));
            Err(run_error(error))
        }
    }
}

/// A request refused before it runs: the user's to fix, told to the server as such.
fn refused(message: impl std::fmt::Display) -> anyhow::Error {
    let message = message.to_string();
    report_error_to_server(&ErrorReport::new(ErrorKind::Input, &message));
    input_error(message)
}

/// What separates, in the message of a stopped worker, why it stopped from how far it came.
const HOW_FAR_SEPARATOR: &str = ": ";

/// How far a stopped worker came, as its message says it (after why it stopped); `None` when
/// it said nothing of it.
pub(crate) fn how_far_of(stopped_message: &str) -> Option<&str> {
    stopped_message
        .split_once(HOW_FAR_SEPARATOR)
        .map(|(_, how_far)| how_far)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn how_far_a_stopped_worker_came_is_read_back_from_its_message() {
        let message = format!("interrupted by SIGINT{HOW_FAR_SEPARATOR}3 of 10 cells finished");
        assert_eq!(how_far_of(&message), Some("3 of 10 cells finished"));
        assert_eq!(how_far_of("interrupted by SIGINT"), None);
    }
}
