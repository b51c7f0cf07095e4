//! The native half of the Python package `grundy` (`grundy._native`): it reads a request as the
//! library's typed [`Request`] (the JSON of docs/JSON.md#requests, which the Python half builds
//! from keyword arguments), runs it with [`grundy::run`] on a thread of its own while the
//! calling thread, without the GIL, waits for it, passes progress on and watches for Ctrl-C,
//! and hands back the answer as the same JSON `--json` prints, with its picture. No game logic
//! lives here: the library parses, searches and draws.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use grundy::request::{parse_memory, read_game, Answer, ErrorKind, RunError, Stopped, MAX_THREADS};
use grundy::watch::{ProgressEvent, Watch};
use grundy::{Game, Request};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The most bytes of a request: a game is a line of text, a graph at most a few MiB.
const MAX_REQUEST_BYTES: usize = 16 << 20;

/// The most bytes of an answer's JSON handed to Python, which holds it about ten times over
/// as objects: a tour of 3000x3000, a nim-sequence of 30 million values. Set as each
/// request's cap on its answer, so that an answer that could not fit is refused before it is
/// computed. The command line writes answers of any size its memory holds (`--json > FILE`).
const MAX_ANSWER_BYTES: usize = 128 << 20;

/// How often the waiting thread looks for Ctrl-C, the deadline and news to show: often enough
/// that an interrupted search hands control back well within a second.
const POLL: Duration = Duration::from_millis(50);

/// The least time between two progress calls: a notebook redraws its bar at each.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// An answer of the library: its JSON, and its picture on demand.
#[pyclass(frozen, module = "grundy._native")]
struct NativeAnswer {
    request: Request,
    answer: Answer,
    json: String,
}

#[pymethods]
impl NativeAnswer {
    /// The answer as one JSON object: the keys `grundy ... --json` prints (docs/JSON.md).
    fn json(&self) -> &str {
        &self.json
    }

    /// The picture of the answer as SVG, as `--svg` and the web page draw it, or None when the
    /// answer has none (a heap game's value) or is too big to draw.
    fn svg(&self) -> Option<String> {
        grundy::picture::of_answer(&self.request, &self.answer)
    }
}

impl NativeAnswer {
    fn new(request: Request, answer: Answer) -> PyResult<NativeAnswer> {
        let json = answer_json(&answer).map_err(|message| raise("InputError", message, None))?;
        Ok(NativeAnswer {
            request,
            answer,
            json,
        })
    }
}

/// The answer's JSON, refused past [`MAX_ANSWER_BYTES`] before it is written (counted
/// first: the request's own cap, [`Request::bound_answer`], refused most such answers before
/// they were computed).
fn answer_json(answer: &Answer) -> Result<String, String> {
    if grundy::request::json_bytes(answer) > MAX_ANSWER_BYTES as u64 {
        return Err(format!(
            "the answer's JSON passes {} MiB, the most the Python package hands over: ask for fewer values or a smaller board (the command line writes any size: `grundy ... --json > FILE`)",
            MAX_ANSWER_BYTES >> 20
        ));
    }
    let mut json = grundy::request::json_line(answer);
    json.pop();
    Ok(json)
}

/// The exception `name` of `grundy._errors` (defined in Python, where `InputError` can be a
/// `ValueError` too), raised with `message` and what a stopped search finished.
fn raise(name: &'static str, message: String, partial: Option<NativeAnswer>) -> PyErr {
    Python::attach(|py| {
        let made = py
            .import("grundy._errors")
            .and_then(|errors| errors.getattr(name))
            .and_then(|class| class.call1((message, partial)));
        match made {
            Ok(error) => PyErr::from_value(error),
            Err(missing) => missing,
        }
    })
}

/// Reads `text` as a game, every `graph NAME` in it standing for the graph of `graph` (its
/// text: an edge list or DIMACS); returns the game as the library writes it.
#[pyfunction]
#[pyo3(signature = (text, graph=None))]
fn parse_game(text: &str, graph: Option<&str>) -> PyResult<String> {
    within_request_bytes("the game's text", text)?;
    let game: Result<Game, _> = read_game(text, graph);
    game.map(|game| game.to_string())
        .map_err(|error| raise("InputError", error.to_string(), None))
}

/// The picture of the game `text` (with `graph` as in [`parse_game`]) before any question: a
/// placement game's board with its pieces and the squares they attack, as its answers draw
/// it; None for a game without a board.
#[pyfunction]
#[pyo3(signature = (text, graph=None))]
fn game_svg(text: &str, graph: Option<&str>) -> PyResult<Option<String>> {
    within_request_bytes("the game's text", text)?;
    let game: Game =
        read_game(text, graph).map_err(|error| raise("InputError", error.to_string(), None))?;
    Ok(grundy::picture::of_game(&game))
}

/// The lesson positions of the references, as `(game, title, source)`: the page's Lesson
/// menu and `grundy games`'s, from the library's registry.
#[pyfunction]
fn lessons() -> Vec<(String, &'static str, &'static str)> {
    grundy::games::registry::lessons()
        .into_iter()
        .map(|lesson| (lesson.game, lesson.title, lesson.source))
        .collect()
}

/// Reads a memory size such as `512M` or `2G` (powers of 1024), within this machine's memory.
#[pyfunction]
fn memory_size(text: &str) -> PyResult<u64> {
    parse_memory(text).map_err(|message| raise("InputError", message, None))
}

/// Refuses `text` (what `what` names) past [`MAX_REQUEST_BYTES`], before it is read.
fn within_request_bytes(what: &str, text: &str) -> PyResult<()> {
    if text.len() > MAX_REQUEST_BYTES {
        return Err(raise(
            "InputError",
            format!(
                "{what} has {} bytes: at most {MAX_REQUEST_BYTES}",
                text.len()
            ),
            None,
        ));
    }
    Ok(())
}

/// Answers `request` (its JSON): progress goes to `progress(event: dict)` at most four times a
/// second; after `seconds` the work is stopped; Ctrl-C stops it and raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (request, progress=None, seconds=None))]
fn run(
    py: Python<'_>,
    request: &str,
    progress: Option<Bound<'_, PyAny>>,
    seconds: Option<f64>,
) -> PyResult<NativeAnswer> {
    within_request_bytes("the request", request)?;
    let mut request: Request = grundy::request::read_request(request.as_bytes())
        .map_err(|message| raise("InputError", message, None))?;
    request.bound_answer(MAX_ANSWER_BYTES as u64);
    request
        .check_answer_room()
        .map_err(|error| raise("InputError", error.to_string(), None))?;
    let deadline = match seconds {
        None => None,
        Some(seconds) if (0.0..=1e9).contains(&seconds) => {
            Some(Instant::now() + Duration::from_secs_f64(seconds))
        }
        Some(seconds) => {
            return Err(raise(
                "InputError",
                format!("seconds={seconds}: expected a number of seconds from 0 to 1e9"),
                None,
            ))
        }
    };

    // The latest news of the work's threads not yet shown, for progress (a checkpoint's
    // records and facts are not progress: Python keeps no checkpoint).
    let news = Arc::new(Mutex::new(None::<ProgressEvent>));
    let told = Arc::clone(&news);
    let watch = Watch::new().on_event(move |event| {
        if let Some(progress) = event.progress() {
            *told.lock().unwrap_or_else(PoisonError::into_inner) = Some(progress);
        }
    });
    let (sender, receiver) = mpsc::channel();
    let work_request = request.clone();
    let work_watch = watch.clone();
    // Misère searches recurse once a move, up to 2,000 moves deep: more stack than a thread's
    // default.
    let worker = std::thread::Builder::new()
        .name("grundy".to_string())
        .stack_size(64 << 20)
        .spawn(move || {
            // The JSON is made here, without the GIL: a long answer takes a while to write.
            let answer = catch_unwind(AssertUnwindSafe(|| {
                grundy::run(&work_request, &work_watch).map(|answer| (answer_json(&answer), answer))
            }));
            // The receiver is gone only when the caller gave up, which it never does first.
            let _ = sender.send(answer);
        })
        .map_err(|error| raise("Error", format!("cannot start a thread: {error}"), None))?;

    // The waiting is done without the GIL, from a closure that must be Sync: a Receiver is not.
    let receiver = Mutex::new(receiver);
    let started = Instant::now();
    let mut last_progress = started;
    let mut timed_out = false;
    let outcome = loop {
        match py.detach(|| {
            receiver
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .recv_timeout(POLL)
        }) {
            Ok(outcome) => break outcome,
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(raise(
                    "Error",
                    "the search's thread ended without an answer".to_string(),
                    None,
                ))
            }
        }
        let mut stop_for = py.check_signals().err();
        if stop_for.is_none() && last_progress.elapsed() >= PROGRESS_EVERY {
            if let Some(callback) = &progress {
                last_progress = Instant::now();
                let event = news.lock().unwrap_or_else(PoisonError::into_inner).take();
                let called = match event {
                    Some(event) => progress_dict(py, &event, started.elapsed())
                        .and_then(|event| callback.call1((event,)).map(drop)),
                    None => Ok(()),
                };
                stop_for = called.err();
            }
        }
        if let Some(error) = stop_for {
            // Ctrl-C, or a progress callback that raised: stop the work, wait for its
            // thread (it reads the flag between positions), and pass the exception on, with
            // what the work finished as its `partial` (a table's finished cells, a
            // sequence's values), as the command line prints them when stopped.
            watch.stop();
            py.detach(|| worker.join()).ok();
            let finished = receiver
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .try_recv();
            let kept = match finished {
                Ok(Ok(Err(RunError::Stopped(kept)))) => partial_answer(&request, kept),
                _ => None,
            };
            keep_partial(py, &error, kept);
            return Err(error);
        }
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) && !watch.is_stopped() {
            timed_out = true;
            watch.stop();
        }
    };
    py.detach(|| worker.join()).ok();
    let Ok(answer) = outcome else {
        return Err(raise(
            "Error",
            "grundy failed inside: this is a bug, please report it with the request".to_string(),
            None,
        ));
    };
    match answer {
        Ok((Ok(json), answer)) => Ok(NativeAnswer {
            request,
            answer,
            json,
        }),
        Ok((Err(message), _)) => Err(raise("InputError", message, None)),
        Err(error) => Err(run_error(request, error, timed_out, seconds)),
    }
}

/// What stopped work finished, as an answer, when it keeps anything.
fn partial_answer(request: &Request, kept: Stopped) -> Option<NativeAnswer> {
    NativeAnswer::new(request.clone(), kept.into_answer()?).ok()
}

/// Hands `answer`, what a stopped search finished, to `error`, the exception that stopped it:
/// a `grundy.Error` (raised by a progress callback) keeps it where its read-only `partial`
/// reads it; any other exception (KeyboardInterrupt, the callback's own) gets a `partial`,
/// None when nothing was finished, as a `grundy.Stopped` has.
fn keep_partial(py: Python<'_>, error: &PyErr, answer: Option<NativeAnswer>) {
    let value = error.value(py);
    let grundy_error = py
        .import("grundy._errors")
        .and_then(|errors| errors.getattr("Error"))
        .and_then(|class| value.is_instance(&class))
        .unwrap_or(false);
    if grundy_error {
        if let Some(answer) = answer {
            let _ = value.setattr("_native_partial", answer);
        }
        return;
    }
    let kept = match answer {
        Some(answer) => py
            .import("grundy._answers")
            .and_then(|answers| answers.getattr("answer_of"))
            .and_then(|answer_of| answer_of.call1((answer,))),
        None => Ok(py.None().into_bound(py)),
    };
    if let Ok(kept) = kept {
        let _ = value.setattr("partial", kept);
    }
}

/// The exception for a request the library could not answer (by the error's kind), with
/// what it finished.
fn run_error(request: Request, error: RunError, timed_out: bool, seconds: Option<f64>) -> PyErr {
    let exception = exception_of(error.kind());
    let (message, kept) = match error {
        RunError::Stopped(kept) => {
            let message = match (timed_out, seconds) {
                (true, Some(seconds)) => format!("stopped after seconds={seconds}"),
                _ => "stopped before the answer".to_string(),
            };
            let message = match &kept {
                Stopped::Described(how_far) => format!("{message}: {how_far}"),
                Stopped::Frontier { square, squares } => {
                    format!(
                        "{message}: the frontier count had processed {square} of {squares} squares"
                    )
                }
                _ => message,
            };
            (message, Some(kept))
        }
        RunError::OutOfMemory { message, kept } => (message, Some(*kept)),
        other => (other.to_string(), None),
    };
    raise(
        exception,
        message,
        kept.and_then(|kept| partial_answer(&request, kept)),
    )
}

/// The exception of `grundy._errors` an error of `kind` raises.
fn exception_of(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Input | ErrorKind::TooLarge | ErrorKind::Resume => "InputError",
        ErrorKind::Failed => "SearchFailed",
        ErrorKind::OutOfMemory => "OutOfMemory",
        ErrorKind::Stopped => "Stopped",
    }
}

/// What the work says of its progress, as a dict for Python: `seconds`, the time since the
/// work began, then the library's [`ProgressEvent`] as its JSON writes it (`kind` names it,
/// the other keys are its counts), as `grundy serve` reads it from a worker.
fn progress_dict<'py>(
    py: Python<'py>,
    progress: &ProgressEvent,
    elapsed: Duration,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("seconds", elapsed.as_secs_f64())?;
    let json = serde_json::to_string(progress)
        .map_err(|error| raise("Error", format!("cannot write progress: {error}"), None))?;
    let fields = py.import("json")?.getattr("loads")?.call1((json,))?;
    dict.call_method1("update", (fields,))?;
    Ok(dict)
}

/// The native module: `parse_game`, `game_svg`, `memory_size`, `lessons`, `run`, the answers `run`
/// gives, and `MAX_THREADS`.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<NativeAnswer>()?;
    module.add("MAX_THREADS", MAX_THREADS)?;
    module.add("MAX_GRAPH_TEXT_BYTES", grundy::graph::MAX_GRAPH_TEXT_BYTES)?;
    module.add("QUESTIONS", grundy::request::QUESTIONS.to_vec())?;
    module.add_function(wrap_pyfunction!(parse_game, module)?)?;
    module.add_function(wrap_pyfunction!(game_svg, module)?)?;
    module.add_function(wrap_pyfunction!(memory_size, module)?)?;
    module.add_function(wrap_pyfunction!(lessons, module)?)?;
    module.add_function(wrap_pyfunction!(run, module)?)?;
    Ok(())
}
