//! Answering the requests a page sends, and the jobs that hold long ones.
//!
//! Each request is answered by a child process of this program (`grundy worker`, which reads
//! the typed request on stdin), not by a call inside the server: its JSON is what the command
//! line prints with `--json`, byte for byte; a search
//! that runs past the time limit, or is cancelled, is ended at once by killing the process
//! (no search needs to poll a flag for it, and none leaves memory behind); and a search that
//! fails cannot take the server down with it. Progress comes from the child's stderr, where
//! the command writes JSON lines when the server asks for them
//! ([`crate::progress::PROGRESS_JSON_VARIABLE`]).

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::request::{ErrorKind, ErrorReport, ServerLimits, WorkerLine};
use grundy::watch::ProgressCounts;
use grundy::Request;
use serde::Serialize;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::Command;
use tokio::sync::{watch, Semaphore};

use crate::progress::PROGRESS_JSON_VARIABLE;

/// The last bytes of a command's stderr kept for its error message.
const MAX_ERROR_BYTES: usize = 16 << 10;
/// How long a finished job's answer is kept for the page to fetch.
const KEEP_FINISHED: Duration = Duration::from_secs(600);
/// The largest answer returned.
const MAX_ANSWER_BYTES: usize = ServerLimits::MAX_ANSWER_BYTES;

/// Why a command gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The work met one of the library's errors (a request refused, a search that found no
    /// answer), answered by its kind ([`ErrorKind::http_status`]); never a stop.
    Met(ErrorReport),
    /// The command ran past one of the server's limits (time, the answer's size) and was
    /// stopped.
    OverLimit(String),
    /// Too many jobs wait already.
    Busy(String),
    /// Cancelled by the page.
    Cancelled,
    /// The command failed for another reason (it was killed, ran out of memory, ...).
    Failed(String),
}

/// What the page hears of a [`Failure::Failed`]: what a worker that aborts or panics prints
/// (a backtrace, the build machine's paths) is for the server's log, not for a page.
pub const INTERNAL_ERROR: &str =
    "internal error: the request could not be answered (the server's log says why)";

impl Failure {
    /// The message for the page. A [`Failure::Failed`] is written to the server's log (its
    /// stderr) and the page hears only [`INTERNAL_ERROR`].
    pub fn message(&self) -> String {
        match self {
            Failure::Met(ErrorReport { message, .. })
            | Failure::OverLimit(message)
            | Failure::Busy(message) => message.clone(),
            Failure::Failed(message) => {
                errln!("grundy serve: {message}");
                INTERNAL_ERROR.to_string()
            }
            Failure::Cancelled => "cancelled".to_string(),
        }
    }
}

/// What a command printed: its JSON line, and why it was stopped early when it was (a table
/// or a sequence stopped at the time limit or cancelled prints what it finished, marked
/// `"interrupted": true`).
#[derive(Debug)]
pub struct Answer {
    /// The JSON line, as the command printed it.
    pub json: String,
    /// Why the command was stopped before it finished, if it was.
    pub stopped: Option<Failure>,
}

/// How long a command stopped early may take to print what it finished before it is killed.
const GRACE: Duration = Duration::from_secs(3);

/// Asks the command `pid` to stop as Ctrl-C does, so that it prints what it finished.
#[cfg(unix)]
fn interrupt(pid: u32) {
    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;
    if let Ok(pid) = i32::try_from(pid) {
        let _ = kill(Pid::from_raw(pid), Signal::SIGINT);
    }
}

/// Elsewhere the command is killed when it is dropped, keeping nothing.
#[cfg(not(unix))]
fn interrupt(_pid: u32) {}

/// Requests waiting for a free slot at most (jobs and plain requests together); more are
/// refused until some finish.
pub const MAX_WAITING: usize = 64;

/// Runs checked commands as child processes, at most [`ServerLimits::jobs`] at once.
pub struct Runner {
    program: PathBuf,
    limits: ServerLimits,
    slots: Semaphore,
    waiting: std::sync::atomic::AtomicUsize,
}

/// Counts a request as waiting for a slot while it lives.
struct Waiting<'a>(&'a std::sync::atomic::AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Runner {
    /// A runner of `program` (this program) within `limits`.
    pub fn new(program: PathBuf, limits: ServerLimits) -> Runner {
        Runner {
            program,
            slots: Semaphore::new(limits.jobs),
            limits,
            waiting: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// The limits each command runs within.
    pub fn limits(&self) -> &ServerLimits {
        &self.limits
    }

    /// Waits for a free slot, answers `request` (parsed and bounded by the server's memory
    /// already) in a `grundy worker`, and returns what it printed (one JSON line). `progress`
    /// hears each progress line. When `cancel` turns true or the time limit passes, the worker
    /// is interrupted as by Ctrl-C, and what it then prints is the answer (marked as
    /// stopped), or, when it prints nothing, the failure. Dropping the future kills it.
    pub async fn run(
        &self,
        request: &Request,
        mut progress: impl FnMut(ProgressCounts),
        mut cancel: watch::Receiver<bool>,
    ) -> Result<Answer, Failure> {
        let sent = serde_json::to_string(request)
            .map_err(|error| Failure::Failed(format!("cannot write the request: {error}")))?;
        // Each worker runs in a new empty folder of its own, removed when it is done, so a
        // relative path names nothing (a worker reads no file in any case).
        let folder = command_folder()?;
        let waiting = Waiting(&self.waiting);
        if self.waiting.fetch_add(1, Ordering::Relaxed) >= MAX_WAITING {
            return Err(Failure::Busy(format!(
                "{MAX_WAITING} requests are waiting already, the most the server holds: try again when some have finished"
            )));
        }
        let _slot = tokio::select! {
            slot = self.slots.acquire() => slot.map_err(|_| Failure::Failed("the server is stopping".to_string()))?,
            _ = cancel.wait_for(|cancelled| *cancelled) => return Err(Failure::Cancelled),
        };
        drop(waiting);
        let started = Instant::now();
        let mut child = Command::new(&self.program)
            .args(["worker", "--stop-when-stdin-closes"])
            .current_dir(folder.path())
            .env(PROGRESS_JSON_VARIABLE, "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|error| Failure::Failed(format!("cannot start the command: {error}")))?;
        progress(ProgressCounts::default());
        let pid = child.id();
        // The request is one line, far smaller than a pipe's buffer. Stdin stays open while
        // the worker runs: when this server ends, however it ends, the pipe closes and the
        // worker stops with it.
        let mut stdin = child.stdin.take().expect("stdin is piped");
        stdin
            .write_all(format!("{sent}\n").as_bytes())
            .await
            .map_err(|error| Failure::Failed(format!("cannot send the request: {error}")))?;
        let mut stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let read_errors = async {
            let mut lines = BufReader::new(stderr).lines();
            let mut errors = String::new();
            let mut typed = None;
            while let Ok(Some(line)) = lines.next_line().await {
                match WorkerLine::parse(&line) {
                    Some(WorkerLine::Progress(reported)) => {
                        progress(ProgressCounts::of(&reported));
                        continue;
                    }
                    Some(WorkerLine::Error(error)) => {
                        typed = Some(error);
                        continue;
                    }
                    None => {}
                }
                errors.push_str(&line);
                errors.push('\n');
                if errors.len() > MAX_ERROR_BYTES {
                    let cut = errors.len() - MAX_ERROR_BYTES;
                    let cut = (cut..errors.len())
                        .find(|&i| errors.is_char_boundary(i))
                        .unwrap_or(errors.len());
                    errors.drain(..cut);
                }
            }
            (errors, typed)
        };
        let time_limit = Duration::from_secs(self.limits.max_seconds);
        let finished = async {
            let read_answer = async {
                let mut answer = Vec::new();
                let read = (&mut stdout)
                    .take(MAX_ANSWER_BYTES as u64 + 1)
                    .read_to_end(&mut answer)
                    .await;
                if answer.len() > MAX_ANSWER_BYTES {
                    // The rest is not read: stop the command rather than leave it blocked
                    // writing until the time limit.
                    let _ = child.start_kill();
                }
                read.map(|_| answer)
            };
            let (answer, errors) = tokio::join!(read_answer, read_errors);
            let status = child.wait().await;
            (answer, errors, status)
        };
        tokio::pin!(finished);
        let mut stopped = None;
        let outcome = tokio::select! {
            finished = &mut finished => Some(finished),
            () = tokio::time::sleep(time_limit) => {
                stopped = Some(Failure::OverLimit(too_long_message(&self.limits, &sent, None)));
                None
            }
            _ = cancel.wait_for(|cancelled| *cancelled) => {
                stopped = Some(Failure::Cancelled);
                None
            }
        };
        let (answer, (errors, typed_error), status) = match outcome {
            Some(finished) => finished,
            None => self.stop(pid, &mut finished, stopped.clone()).await?,
        };
        drop(stdin);
        let answer = answer.map_err(|error| {
            Failure::Failed(format!("cannot read the command's answer: {error}"))
        })?;
        if answer.len() > MAX_ANSWER_BYTES {
            return Err(Failure::OverLimit(format!(
                "the answer is larger than the {} MiB the server returns: ask for a smaller board or range (the command line has no such limit)",
                MAX_ANSWER_BYTES >> 20
            )));
        }
        let status =
            status.map_err(|error| Failure::Failed(format!("the command failed: {error}")))?;
        // An answer that is not UTF-8 is not JSON either; kept only for the error message.
        let answer = String::from_utf8(answer)
            .unwrap_or_else(|not_text| String::from_utf8_lossy(not_text.as_bytes()).into_owned());
        // Checked without building the answer's tree, which takes many times its size.
        let is_json = serde_json::from_str::<serde::de::IgnoredAny>(&answer).is_ok();
        if let Some(why) = stopped {
            // What the command finished before it stopped, if it printed any.
            return if is_json {
                Ok(Answer {
                    json: answer,
                    stopped: Some(why),
                })
            } else {
                // What the command says on stderr when interrupted is for a terminal (press
                // Ctrl-C again, give --checkpoint): the page hears why it stopped, and how far
                // the work came when the worker said so (a graph's vertices and edges).
                let how_far = typed_error
                    .as_ref()
                    .filter(|error| error.kind == ErrorKind::Stopped)
                    .and_then(|error| crate::commands::worker::how_far_of(&error.message));
                Err(match (why, how_far) {
                    (Failure::OverLimit(_), Some(how_far)) => {
                        Failure::OverLimit(too_long_message(&self.limits, &sent, Some(how_far)))
                    }
                    (why, _) => why,
                })
            };
        }
        match typed_error {
            None if status.success() => Ok(Answer {
                json: answer,
                stopped: None,
            }),
            // The worker said what kind of error it met: the library's own, not a guess from
            // the status. A stop the server did not ask for is a failure like a crash.
            Some(error) if error.kind != ErrorKind::Stopped => Err(Failure::Met(error)),
            _ => {
                let text = errors.trim();
                Err(Failure::Failed(format!(
                    "the command failed after {:.1} s ({status}): {}",
                    started.elapsed().as_secs_f64(),
                    text.strip_prefix("error: ").unwrap_or(text)
                )))
            }
        }
    }
}

impl Runner {
    /// Interrupts the command `pid` and waits a moment for `finished` (its output and exit);
    /// when it takes longer, gives up with `why` (and dropping `finished` kills it).
    async fn stop<T>(
        &self,
        pid: Option<u32>,
        finished: &mut std::pin::Pin<&mut impl std::future::Future<Output = T>>,
        why: Option<Failure>,
    ) -> Result<T, Failure> {
        if let Some(pid) = pid {
            interrupt(pid);
        }
        tokio::time::timeout(GRACE, finished.as_mut())
            .await
            .map_err(|_| why.unwrap_or(Failure::Cancelled))
    }
}

/// 128 random bits from the operating system, in hexadecimal: a job's number or a client's
/// cookie, which nobody can guess.
pub fn random_hex() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}

/// A new empty folder for one worker.
fn command_folder() -> Result<tempfile::TempDir, Failure> {
    let mut builder = tempfile::Builder::new();
    builder.prefix("grundy-serve-");
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o700));
    builder.tempdir().map_err(|error| {
        Failure::Failed(format!(
            "cannot make a temporary folder for the worker: {error}"
        ))
    })
}

/// The message of a request stopped at the time limit: first for whoever reads the page (ask
/// for less), then for whoever started the server, set apart: how to allow more, and the
/// request (`sent`, its JSON) as a terminal runs it without the page's limit; with how far
/// the work came when the worker said so (`how_far`).
fn too_long_message(limits: &ServerLimits, sent: &str, how_far: Option<&str>) -> String {
    let by_then = how_far
        .map(|how_far| format!(" By then {how_far}."))
        .unwrap_or_default();
    format!(
        "stopped after {} s, the longest this page works on one request: ask for something smaller.{by_then} (For whoever started the page: `grundy serve --max-seconds N` allows more, and `echo '{}' | grundy worker` runs it in a terminal.)",
        limits.max_seconds,
        sent.replace('\'', "'\\''")
    )
}

/// Where a job is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    /// Waiting for a free slot.
    Queued,
    /// Running.
    Running,
    /// Finished with an answer.
    Done,
    /// Finished without one (refused, too long, failed).
    Failed,
    /// Cancelled by the page.
    Cancelled,
}

/// A job as the page sees it.
#[derive(Clone, Debug, Serialize)]
pub struct JobReport {
    /// The job's name: 128 random bits in hexadecimal, which only the page that started the
    /// job is told.
    pub id: String,
    /// Where it is.
    pub state: JobState,
    /// The request, as it runs (within the server's memory).
    pub request: Request,
    /// How far it has come.
    pub progress: ProgressCounts,
    /// The command's JSON, when done: the line it printed, as it printed it. Shared, and
    /// sent in pieces by the job's endpoint after the other keys (not serialised here), so a
    /// report asked for again, or by many clients at once, copies no answer of megabytes.
    #[serde(skip)]
    pub result: Option<axum::body::Bytes>,
    /// Why it has no answer, when failed or cancelled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The kind of the library's error, when the work met one (`input`: the request refused
    /// as asked): what the page acts on, rather than the words of `error`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_kind: Option<ErrorKind>,
    /// Seconds since it was started (until it finished).
    pub seconds: f64,
}

struct Job {
    report: JobReport,
    /// The cookie of the page that started the job; only that page sees and cancels it.
    client: Option<String>,
    started: Instant,
    finished: Option<Instant>,
    cancel: watch::Sender<bool>,
}

/// The jobs of all the pages, bounded in number.
pub struct Jobs {
    runner: Arc<Runner>,
    jobs: Arc<Mutex<HashMap<String, Job>>>,
}

impl Jobs {
    /// No jobs yet; they will run on `runner`.
    pub fn new(runner: Arc<Runner>) -> Jobs {
        Jobs {
            runner,
            jobs: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Job>> {
        self.jobs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Starts a job answering `request` (parsed and bounded already) for the page whose cookie
    /// is `client` and returns its name; refused when too many jobs wait.
    pub fn start(&self, request: Request, client: Option<String>) -> Result<String, Failure> {
        let (cancel, cancelled) = watch::channel(false);
        let id = random_hex().map_err(|error| {
            Failure::Failed(format!("cannot draw a job's name at random: {error}"))
        })?;
        {
            let mut jobs = self.lock();
            forget_old_jobs(&mut jobs)?;
            jobs.insert(
                id.clone(),
                Job {
                    client,
                    report: JobReport {
                        id: id.clone(),
                        state: JobState::Queued,
                        request: request.clone(),
                        progress: ProgressCounts::default(),
                        result: None,
                        error: None,
                        error_kind: None,
                        seconds: 0.0,
                    },
                    started: Instant::now(),
                    finished: None,
                    cancel,
                },
            );
        }
        let runner = Arc::clone(&self.runner);
        let jobs = Arc::clone(&self.jobs);
        let name = id.clone();
        tokio::spawn(async move {
            let id = name;
            let update = |change: &dyn Fn(&mut Job)| {
                let mut jobs = jobs
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if let Some(job) = jobs.get_mut(&id) {
                    change(job);
                }
                forget_answers_beyond(&mut jobs, ServerLimits::MAX_KEPT_ANSWER_BYTES);
            };
            let outcome = runner
                .run(
                    &request,
                    |progress| {
                        update(&|job: &mut Job| {
                            job.report.state = JobState::Running;
                            job.report.progress.update(&progress);
                        });
                    },
                    cancelled,
                )
                .await;
            update(&|job: &mut Job| {
                job.finished = Some(Instant::now());
                match &outcome {
                    Ok(answer) => match serde_json::from_str::<serde::de::IgnoredAny>(&answer.json)
                    {
                        Ok(_) => {
                            job.report.result = Some(axum::body::Bytes::copy_from_slice(
                                answer.json.trim_end().as_bytes(),
                            ));
                            // Stopped early, the job keeps what the command finished.
                            job.report.state = match &answer.stopped {
                                None => JobState::Done,
                                Some(Failure::Cancelled) => JobState::Cancelled,
                                Some(_) => JobState::Failed,
                            };
                            job.report.error = answer.stopped.as_ref().map(|why| {
                                format!("{}; the result holds what was finished", why.message())
                            });
                        }
                        Err(error) => {
                            job.report.state = JobState::Failed;
                            job.report.error =
                                Some(format!("the command's answer is not JSON: {error}"));
                        }
                    },
                    Err(Failure::Cancelled) => {
                        job.report.state = JobState::Cancelled;
                        job.report.error = Some("cancelled".to_string());
                    }
                    Err(failure) => {
                        job.report.state = JobState::Failed;
                        job.report.error = Some(failure.message());
                        if let Failure::Met(met) = failure {
                            job.report.error_kind = Some(met.kind);
                        }
                    }
                }
            });
        });
        Ok(id)
    }

    /// The job named `id`, if it is still kept and the page whose cookie is `client` started
    /// it.
    pub fn report(&self, id: &str, client: Option<&str>) -> Option<JobReport> {
        let jobs = self.lock();
        let job = jobs.get(id).filter(|job| job.client.as_deref() == client)?;
        let mut report = job.report.clone();
        report.seconds = job
            .finished
            .unwrap_or_else(Instant::now)
            .duration_since(job.started)
            .as_secs_f64();
        Some(report)
    }

    /// Cancels the job named `id` (a finished job stays as it was); `None` if unknown, or
    /// started by another page than the one whose cookie is `client`.
    pub fn cancel(&self, id: &str, client: Option<&str>) -> Option<JobReport> {
        {
            let jobs = self.lock();
            let job = jobs.get(id).filter(|job| job.client.as_deref() == client)?;
            // The job's task sees the flag, kills the command and records the cancellation.
            let _ = job.cancel.send(true);
        }
        self.report(id, client)
    }
}

/// Forgets the oldest finished jobs while the answers kept take more than `budget` bytes.
fn forget_answers_beyond(jobs: &mut HashMap<String, Job>, budget: usize) {
    let answer_bytes = |job: &Job| job.report.result.as_ref().map_or(0, |result| result.len());
    let mut kept: usize = jobs.values().map(answer_bytes).sum();
    while kept > budget {
        let oldest = jobs
            .iter()
            .filter(|(_, job)| job.finished.is_some() && answer_bytes(job) > 0)
            .min_by_key(|(_, job)| job.finished)
            .map(|(id, _)| id.clone());
        let Some(oldest) = oldest else { break };
        if let Some(job) = jobs.remove(&oldest) {
            kept -= answer_bytes(&job);
        }
    }
}

/// Forgets finished jobs kept longer than [`KEEP_FINISHED`], then the oldest finished ones
/// while [`ServerLimits::MAX_JOBS_KEPT`] are kept; refuses a new job when too many wait or run.
fn forget_old_jobs(jobs: &mut HashMap<String, Job>) -> Result<(), Failure> {
    jobs.retain(|_, job| job.finished.is_none_or(|at| at.elapsed() < KEEP_FINISHED));
    while jobs.len() >= ServerLimits::MAX_JOBS_KEPT {
        let oldest_finished = jobs
            .iter()
            .filter(|(_, job)| job.finished.is_some())
            .min_by_key(|(_, job)| job.finished)
            .map(|(id, _)| id.clone());
        match oldest_finished {
            Some(id) => {
                jobs.remove(&id);
            }
            None => break,
        }
    }
    let unfinished = jobs.values().filter(|job| job.finished.is_none()).count();
    if unfinished >= ServerLimits::MAX_JOBS_WAITING || jobs.len() >= ServerLimits::MAX_JOBS_KEPT {
        return Err(Failure::Busy(format!(
            "{unfinished} jobs are waiting or running, the most the server keeps: cancel one or wait for one to finish"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finished_job(id: &str, answer_bytes: usize, finished: Instant) -> (String, Job) {
        let result = axum::body::Bytes::from(format!("\"{}\"", "x".repeat(answer_bytes - 2)));
        let report = JobReport {
            id: id.to_string(),
            state: JobState::Done,
            request: serde_json::from_str(r#"{"question":"value","game":"*1"}"#).unwrap(),
            progress: ProgressCounts::default(),
            result: Some(result),
            error: None,
            error_kind: None,
            seconds: 0.0,
        };
        let job = Job {
            report,
            client: None,
            started: finished,
            finished: Some(finished),
            cancel: watch::channel(false).0,
        };
        (id.to_string(), job)
    }

    #[test]
    fn the_answers_kept_stay_within_their_bytes_oldest_forgotten_first() {
        let now = Instant::now();
        let mut jobs: HashMap<String, Job> = [
            finished_job("old", 400, now),
            finished_job("middle", 400, now + Duration::from_millis(1)),
            finished_job("new", 400, now + Duration::from_millis(2)),
        ]
        .into_iter()
        .collect();
        forget_answers_beyond(&mut jobs, 1200);
        assert_eq!(jobs.len(), 3);
        forget_answers_beyond(&mut jobs, 1000);
        let mut kept: Vec<&str> = jobs.keys().map(String::as_str).collect();
        kept.sort_unstable();
        assert_eq!(kept, ["middle", "new"]);
        forget_answers_beyond(&mut jobs, 399);
        assert!(jobs.is_empty());
    }

    /// A worker that aborts or panics prints a backtrace with the build machine's paths: the
    /// page hears only that the server failed.
    #[test]
    fn a_failure_of_the_worker_is_an_internal_error_for_the_page() {
        let failed = Failure::Failed(
            "the command failed after 0.1 s (signal: 6): memory allocation of 400000000000 bytes failed\n   0: std::alloc::rust_oom at /rustc/59807616e/library/std/src/alloc.rs:424:5".to_string(),
        );
        assert_eq!(failed.message(), INTERNAL_ERROR);
        assert_eq!(
            Failure::Met(ErrorReport::new(
                ErrorKind::Input,
                "board size `0x0` is malformed"
            ))
            .message(),
            "board size `0x0` is malformed"
        );
    }

    #[test]
    fn the_time_limit_message_says_how_to_raise_it_and_the_request() {
        let limits = ServerLimits::new(5, 1 << 30, 2);
        let message = too_long_message(
            &limits,
            r#"{"question":"value","game":"knights' 3x3"}"#,
            Some("2 questions about the 30 groups of first moves were settled"),
        );
        assert!(message.starts_with("stopped after 5 s, the longest this page works on one request: ask for something smaller. By then 2 questions about the 30 groups of first moves were settled. (For whoever"), "{message}");
        assert!(message.contains("5 s"), "{message}");
        assert!(message.contains("--max-seconds"), "{message}");
        assert!(
            message.contains(r#"echo '{"question":"value","game":"knights'\''"#),
            "{message}"
        );
        assert!(message.contains("| grundy worker"), "{message}");
    }
}
