//! The windowed nim-sequence as a question ([`WindowedRequest`]): started afresh or resumed
//! from a checkpoint's bytes, carried to the heap asked, and handed to the caller's
//! [`StateKeeper`] at the start (unless resumed: the keeper holds that state), every
//! [`KEEP_EVERY`] and at the end when heaps were computed since, so that a front end only
//! writes the bytes where its user asked and renders the report. A state the keeper cannot
//! keep ends the run there, with its report ([`WindowedRun::not_kept`]).

use std::time::{Duration, Instant};

use super::sequence_question::{DEFAULT_SEQUENCE_TO, MAX_SEQUENCE_HEAP};
use super::windowed::{
    SavedState, WindowError, WindowedReport, WindowedSequence, BYTES_PER_WINDOW_HEAP,
    DEFAULT_WINDOW, MARKS_AHEAD_BYTES,
};
use super::HeapGame;
use crate::games::work_observer::WorkObserver;
use crate::limits::size_text;

/// How often the state is handed to the keeper while the run goes on (and always at the start,
/// at the end and on a stop, until the keeper fails): a kill loses at most this much work.
pub const KEEP_EVERY: Duration = Duration::from_secs(60);

/// Heaps computed between looks at the clock: a few seconds at most.
const CHUNK: usize = 1 << 22;

/// A nim-sequence in fixed memory: `game`'s heaps up to `to`, keeping the first and the last
/// `window` values (default [`DEFAULT_WINDOW`]), resumed from `resume` (the bytes a keeper was
/// handed) when given.
#[derive(Clone, Debug)]
pub struct WindowedRequest {
    /// The heap game.
    pub game: HeapGame,
    /// The last heap asked for; `None` when resuming, for the checkpoint's last heap: the
    /// report of what it holds, with nothing more computed.
    pub to: Option<usize>,
    /// The window; resuming, it must be the checkpoint's, or `None`.
    pub window: Option<usize>,
    /// A checkpoint's bytes ([`WindowedSequence::to_bytes`]) to go on from.
    pub resume: Option<Vec<u8>>,
    /// The most bytes the run may hold: a window that needs more
    /// ([`BYTES_PER_WINDOW_HEAP`] a heap, and the marks of the heaps ahead) is refused before
    /// anything is computed.
    pub memory: u64,
    /// Threads: with two or more, a second thread marks the sparse pairs of the heaps ahead
    /// while the heaps before them are computed (more are not used).
    pub threads: usize,
}

/// Refuses a window whose run would hold more than `memory` bytes.
fn check_window_memory(window: usize, memory: u64) -> Result<(), WindowedEnd> {
    let needed = (window as u64)
        .saturating_mul(BYTES_PER_WINDOW_HEAP)
        .saturating_add(MARKS_AHEAD_BYTES);
    if needed > memory {
        return Err(WindowedEnd::Refused(format!(
            "window {window} needs about {} of memory ({BYTES_PER_WINDOW_HEAP} bytes a heap of the window and {} for the marks of the heaps ahead), more than the {} the request allows: give more memory or a smaller window",
            size_text(needed),
            size_text(MARKS_AHEAD_BYTES),
            size_text(memory)
        )));
    }
    Ok(())
}

/// Where a windowed run's state is kept between runs: the command line's checkpoint file.
pub trait StateKeeper {
    /// The run goes on from a checkpoint whose heaps `0..finished` were computed.
    fn resumed(&mut self, _finished: usize) {}

    /// Keeps `state` (whole, replacing what was kept before).
    ///
    /// # Errors
    /// Why it could not be kept; the run then ends there, its report given with
    /// [`WindowedRun::not_kept`].
    fn keep(&mut self, state: &WindowedSequence) -> Result<(), String>;
}

/// The keepers that keep nothing: a run that is not resumable.
#[derive(Clone, Copy, Debug)]
pub enum Kept {
    /// The state is dropped at the end.
    Nowhere,
}

impl StateKeeper for Kept {
    fn keep(&mut self, _state: &WindowedSequence) -> Result<(), String> {
        Ok(())
    }
}

/// A windowed run's answer: the report of the heaps computed (all asked, or up to a stop), and
/// what ended it early, if anything did.
#[derive(Clone, Debug)]
pub struct WindowedRun {
    /// The heaps computed, their counts and rare values.
    pub report: WindowedReport,
    /// A heap that needed values outside the window: the heaps before it are reported and
    /// kept.
    pub ended_by: Option<WindowError>,
    /// The keeper could not keep a state (a full disk): the run ended there, and the report
    /// holds heaps the keeper may not.
    pub not_kept: Option<NotKept>,
}

/// Why a keeper could not keep a run's state, and what it still holds: a run whose
/// checkpoint cannot be written ends with its report rather than losing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotKept {
    /// The keeper's message.
    pub why: String,
    /// How many heaps (`0..kept`) the last state the keeper did keep holds, if it kept one.
    pub kept: Option<usize>,
}

/// Why a windowed run gave no report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WindowedEnd {
    /// The request cannot be answered as asked (a window out of range, `to` below the window, a
    /// checkpoint of another game or past `to`): the message names the value and the limit.
    Refused(String),
    /// Stopped while the first window of values was computed, before any state worth keeping.
    Stopped,
}

/// Runs `request`, telling `observer` the progress and asking it whether to stop, and handing
/// the state to `keeper` as it goes.
///
/// # Errors
/// [`WindowedEnd`]: a refused request, or a stop before the first state. A keeper's failure
/// ends the run with its report ([`WindowedRun::not_kept`]).
pub(crate) fn windowed_sequence(
    request: &WindowedRequest,
    observer: &mut impl WorkObserver,
    keeper: &mut dyn StateKeeper,
) -> Result<WindowedRun, WindowedEnd> {
    let started = Instant::now();
    let refused = |error: WindowError| match error {
        WindowError::Stopped => WindowedEnd::Stopped,
        WindowError::Checkpoint(why) => WindowedEnd::Refused(format!(
            "not a usable checkpoint of {}: {why}",
            request.game.name()
        )),
        other => WindowedEnd::Refused(other.to_string()),
    };
    if let Some(to) = request.to.filter(|&to| to > MAX_SEQUENCE_HEAP) {
        return Err(WindowedEnd::Refused(format!(
            "`to` {to} is too large: at most {MAX_SEQUENCE_HEAP}"
        )));
    }
    let window = request.window.unwrap_or(DEFAULT_WINDOW);
    // The heaps the keeper holds: a resumed run's start is its own state.
    let mut kept = None;
    let (mut state, to) = match &request.resume {
        Some(bytes) => {
            // The memory is asked for before the first window is computed again.
            let saved = SavedState::read(request.game.rule(), bytes).map_err(refused)?;
            check_window_memory(saved.window(), request.memory)?;
            let mut state = saved
                .resume(request.game.rule(), observer)
                .map_err(refused)?;
            if request.window.is_some_and(|asked| asked != state.window()) {
                return Err(WindowedEnd::Refused(format!(
                    "window {window} differs from the checkpoint's window {}: leave the window out to resume",
                    state.window()
                )));
            }
            let to = request.to.unwrap_or(state.finished() - 1);
            if state.finished() > to + 1 {
                return Err(WindowedEnd::Refused(format!(
                    "the checkpoint is already past heap {to}: it holds heaps 0 to {} (leave out the last heap to report them)",
                    state.finished() - 1
                )));
            }
            state.set_name(request.game.name());
            keeper.resumed(state.finished());
            kept = Some((state.finished(), state.ended_by().is_some()));
            (state, to)
        }
        None => {
            check_window_memory(window, request.memory)?;
            let Some(to) = request.to else {
                return Err(WindowedEnd::Refused(
                    "say the last heap (`to`): only a run resumed from a checkpoint may leave it out, to report what the checkpoint holds".to_string(),
                ));
            };
            if to < window {
                // The usual way here is a window asked for without a last heap.
                let defaulted = if to == DEFAULT_SEQUENCE_TO {
                    format!(" (without a last heap, the sequence ends at heap {to})")
                } else {
                    String::new()
                };
                return Err(WindowedEnd::Refused(format!(
                    "heap {to} is below the window {window}{defaulted}: the window is computed whole first, so ask for heaps to at least {window} (or no window)"
                )));
            }
            let mut state = WindowedSequence::start_observed(request.game.rule(), window, observer)
                .map_err(refused)?;
            state.set_name(request.game.name());
            (state, to)
        }
    };
    // The run goes on only while its state is kept: past a state the keeper could not keep,
    // a kill would lose every heap since the last one it did.
    let mut not_kept = keep_new(keeper, &state, &mut kept).err();
    let mut kept_at = Instant::now();
    // Advanced a chunk at a time, to keep the state between chunks; progress is told of the
    // whole run, not of the chunk.
    let mut observer = OfWholeRun {
        observer,
        heaps: to + 1,
    };
    let mut ended_by = None;
    while not_kept.is_none() {
        let goal = state.finished().saturating_add(CHUNK - 1).min(to);
        match state.advance_observed(goal, request.threads, &mut observer) {
            Ok(true) if goal == to => break,
            Ok(true) => {}
            Ok(false) => break,
            Err(error) => {
                ended_by = Some(error);
                break;
            }
        }
        if kept_at.elapsed() >= KEEP_EVERY {
            not_kept = keep_new(keeper, &state, &mut kept).err();
            kept_at = Instant::now();
        }
    }
    if let Some(error) = &ended_by {
        state.set_ended_by(error.to_string());
    }
    if not_kept.is_none() {
        not_kept = keep_new(keeper, &state, &mut kept).err();
    }
    let report = state.report(to, started.elapsed().as_secs_f64());
    Ok(WindowedRun {
        report,
        ended_by,
        not_kept,
    })
}

/// Hands `state` to `keeper` unless the keeper holds it already (`kept`: how many heaps the
/// state it holds has finished, and whether it says why its run ended), so that a run that
/// computes nothing new writes nothing.
///
/// # Errors
/// The keeper's failure, with the heaps of the state it last kept.
fn keep_new(
    keeper: &mut dyn StateKeeper,
    state: &WindowedSequence,
    kept: &mut Option<(usize, bool)>,
) -> Result<(), NotKept> {
    let now = (state.finished(), state.ended_by().is_some());
    if *kept != Some(now) {
        keeper.keep(state).map_err(|why| NotKept {
            why,
            kept: kept.map(|(finished, _)| finished),
        })?;
        *kept = Some(now);
    }
    Ok(())
}

/// An observer told the progress of a chunk as that of the whole run of `heaps` heaps.
struct OfWholeRun<'a, O> {
    observer: &'a mut O,
    heaps: usize,
}

impl<O: WorkObserver> WorkObserver for OfWholeRun<'_, O> {
    fn progress(&mut self, done: usize, _chunk_end: usize) {
        self.observer.progress(done, self.heaps);
    }

    fn should_stop(&mut self) -> bool {
        self.observer.should_stop()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::games::heap::sequence_question::{heap_game_of_sequence, SequenceRequest};
    use crate::request::{run, Answer, Request, RunError, Stopped};
    use crate::watch::{Event, Watch};

    /// Keeps every state's bytes, as a checkpoint file would hold the last.
    #[derive(Default)]
    struct Memory {
        kept: Vec<Vec<u8>>,
        resumed: Option<usize>,
    }

    impl StateKeeper for Memory {
        fn resumed(&mut self, finished: usize) {
            self.resumed = Some(finished);
        }
        fn keep(&mut self, state: &WindowedSequence) -> Result<(), String> {
            self.kept.push(state.to_bytes());
            Ok(())
        }
    }

    fn request(to: usize, window: Option<usize>, resume: Option<Vec<u8>>) -> WindowedRequest {
        WindowedRequest {
            game: heap_game_of_sequence("0.6").unwrap(),
            to: Some(to),
            window,
            resume,
            memory: 1 << 30,
            threads: 2,
        }
    }

    /// Stops at its first look, as a Ctrl-C at once would.
    struct StopsAtOnce;

    impl WorkObserver for StopsAtOnce {
        fn should_stop(&mut self) -> bool {
            true
        }
    }

    /// A resumed run too large for the memory is refused before its first window of values is
    /// computed again: stopped at once, it could not have got past that to the refusal.
    #[test]
    fn a_resumed_run_is_held_to_the_memory_before_its_first_window_is_computed() {
        let mut kept = Memory::default();
        windowed_sequence(&request(40_000, Some(1 << 15), None), &mut (), &mut kept).unwrap();
        let mut asked = request(50_000, None, kept.kept.pop());
        asked.memory = 1 << 16;
        let refused = windowed_sequence(&asked, &mut StopsAtOnce, &mut Memory::default());
        assert!(
            matches!(&refused, Err(WindowedEnd::Refused(why)) if why.starts_with("window 32768 needs about")),
            "{refused:?}"
        );
    }

    /// A run resumed from the bytes kept at its end gives the report of one run to the end;
    /// the keeper is handed the state at the start and at the end.
    #[test]
    fn a_run_resumed_from_what_was_kept_ends_as_one_run() {
        let mut whole = Memory::default();
        let one =
            windowed_sequence(&request(90_000, Some(1 << 15), None), &mut (), &mut whole).unwrap();
        let mut first = Memory::default();
        windowed_sequence(&request(50_000, Some(1 << 15), None), &mut (), &mut first).unwrap();
        assert_eq!(first.kept.len(), 2, "kept at the start and at the end");
        let bytes = first.kept.pop();
        let mut second = Memory::default();
        let resumed =
            windowed_sequence(&request(90_000, None, bytes), &mut (), &mut second).unwrap();
        assert_eq!(second.resumed, Some(50_001));
        let seconds_apart = |report: &WindowedReport| WindowedReport {
            seconds: 0.0,
            ..report.clone()
        };
        assert_eq!(seconds_apart(&resumed.report), seconds_apart(&one.report));
        assert_eq!(resumed.ended_by, None);
        // Resumed with no last heap, the run reports what the checkpoint holds.
        let held = WindowedRequest {
            to: None,
            ..request(0, None, second.kept.pop())
        };
        let held = windowed_sequence(&held, &mut (), &mut Kept::Nowhere).unwrap();
        assert_eq!(seconds_apart(&held.report), seconds_apart(&one.report));
    }

    /// Keeps the first `room` states, then fails as a full disk would.
    struct FillsUp {
        room: usize,
    }

    impl StateKeeper for FillsUp {
        fn keep(&mut self, _state: &WindowedSequence) -> Result<(), String> {
            if self.room == 0 {
                return Err("no space left on device".to_string());
            }
            self.room -= 1;
            Ok(())
        }
    }

    /// A state the keeper cannot keep ends the run there with its report, and says which
    /// heaps the keeper still holds: none when the first state failed (the first window,
    /// computed, is reported), the first window when the state at the end failed.
    #[test]
    fn a_state_that_cannot_be_kept_ends_the_run_with_its_report() {
        let asked = request(40_000, Some(1 << 15), None);
        let none = windowed_sequence(&asked, &mut (), &mut FillsUp { room: 0 }).unwrap();
        assert_eq!(none.report.finished, 1 << 15);
        assert!(none.report.interrupted);
        let why = "no space left on device".to_string();
        assert_eq!(
            none.not_kept,
            Some(NotKept {
                why: why.clone(),
                kept: None
            })
        );
        let first = windowed_sequence(&asked, &mut (), &mut FillsUp { room: 1 }).unwrap();
        assert_eq!(first.report.finished, 40_001);
        assert!(!first.report.interrupted);
        assert_eq!(
            first.not_kept,
            Some(NotKept {
                why,
                kept: Some(1 << 15)
            })
        );
        let whole = windowed_sequence(&asked, &mut (), &mut Kept::Nowhere).unwrap();
        assert_eq!(whole.not_kept, None);
        assert_eq!(first.report.counts, whole.report.counts);
    }

    /// A request the run cannot answer is refused by its value: another window than the
    /// checkpoint's, a checkpoint past the heap asked, a heap below the window, no last heap
    /// without a checkpoint.
    #[test]
    fn requests_that_cannot_be_answered_are_refused_by_their_value() {
        let mut kept = Memory::default();
        windowed_sequence(&request(40_000, Some(1 << 15), None), &mut (), &mut kept).unwrap();
        let bytes = kept.kept.pop();
        let refused = |request: WindowedRequest| match windowed_sequence(
            &request,
            &mut (),
            &mut Kept::Nowhere,
        ) {
            Err(WindowedEnd::Refused(message)) => message,
            other => panic!("{other:?}"),
        };
        assert!(refused(request(60_000, Some(1 << 16), bytes.clone())).contains("window 65536"));
        assert!(refused(request(30_000, None, bytes)).contains("heaps 0 to 40000"));
        assert!(refused(request(1000, Some(1 << 15), None)).contains("heap 1000"));
        let unbounded = WindowedRequest {
            to: None,
            ..request(0, Some(1 << 15), None)
        };
        assert!(refused(unbounded).contains("say the last heap"));
        let small = WindowedRequest {
            memory: 300_000,
            ..request(40_000, Some(1 << 15), None)
        };
        assert!(refused(small).contains("window 32768 needs about"));
        let far = request(MAX_SEQUENCE_HEAP + 1, Some(1 << 15), None);
        assert!(refused(far).contains("too large"));
    }

    fn sequence_request(json: &str) -> Request {
        Request::Sequence(serde_json::from_str::<SequenceRequest>(json).unwrap())
    }

    /// A `sequence` request with a window, as every front end asks it, is answered by the
    /// windowed run: its counts at every power of two, its largest value and its last values
    /// are those of the whole sequence listed.
    #[test]
    fn a_sequence_request_with_a_window_counts_what_the_whole_sequence_lists() {
        let to = 40_000;
        let Ok(Answer::Sequence(whole)) = run(
            &sequence_request(&format!(r#"{{"game":"0.167","to":{to}}}"#)),
            &Watch::new(),
        ) else {
            panic!("the whole sequence");
        };
        let Ok(Answer::WindowedSequence(windowed)) = run(
            &sequence_request(&format!(r#"{{"game":"0.167","to":{to},"window":4096}}"#)),
            &Watch::new(),
        ) else {
            panic!("the windowed sequence");
        };
        let values: Vec<u32> = (0..=to).map(|heap| whole.value(heap)).collect();
        for counted in &windowed.counts {
            let mut counts = vec![0u64; counted.counts.len()];
            for &value in &values[1..=counted.up_to as usize] {
                counts[value as usize] += 1;
            }
            assert_eq!(counts, counted.counts, "heaps 1 to {}", counted.up_to);
        }
        assert_eq!(windowed.counts.last().unwrap().up_to, to as u64);
        let largest = *values.iter().max().unwrap();
        assert_eq!(windowed.largest, largest);
        assert_eq!(
            Some(windowed.largest_at),
            values.iter().position(|&v| v == largest)
        );
        assert_eq!(
            windowed.last_values,
            values[windowed.last_values_from..].to_vec()
        );
        assert_eq!(windowed.stopped_by, None);
    }

    /// A windowed request stopped by its watch keeps the heaps finished, its progress told of
    /// the whole run (not of the chunk between two states kept); one that needs values
    /// outside its window is answered for the heaps before, saying why; misère play, `show` and
    /// a window the memory cannot hold are refused by name.
    #[test]
    fn a_windowed_request_stops_keeps_and_refuses_as_every_request_does() {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = Arc::clone(&flag);
        let totals_past_the_prefix = Arc::new(Mutex::new(Vec::new()));
        let totals = Arc::clone(&totals_past_the_prefix);
        let watch = Watch::new()
            .with_stop_flag(Arc::clone(&flag))
            .on_event(move |event| {
                if let Event::Steps { done, total, .. } = event {
                    if *done > 65_536 {
                        totals.lock().unwrap().push(*total);
                    }
                    if *done >= 1 << 17 {
                        raised.store(true, Ordering::SeqCst);
                    }
                }
            });
        let asked = sequence_request(
            r#"{"game":"0.6","to":10000000,"window":65536,"limits":{"threads":2}}"#,
        );
        match run(&asked, &watch) {
            Err(RunError::Stopped(Stopped::WindowedSequence(report))) => {
                assert!(report.interrupted && report.finished >= 1 << 17);
                assert!(report.finished < 10_000_001);
            }
            other => panic!("{other:?}"),
        }
        let totals = totals_past_the_prefix.lock().unwrap();
        assert!(!totals.is_empty());
        assert!(
            totals.iter().all(|&total| total == 10_000_001),
            "{totals:?}"
        );
        // Heap 1,201,951 of 0.6 needs pairs further back than a window of 65,536 holds.
        let Ok(Answer::WindowedSequence(ended)) = run(
            &sequence_request(r#"{"game":"0.6","to":2000000,"window":65536}"#),
            &Watch::new(),
        ) else {
            panic!("answered for the heaps before");
        };
        assert_eq!(ended.finished, 1_201_951);
        assert!(ended.interrupted);
        let why = ended.stopped_by.unwrap();
        assert!(why.contains("1201951"), "{why}");
        for (json, said) in [
            (
                r#"{"game":"0.6","to":100000,"window":4096,"convention":"misere"}"#,
                "leave out misère play",
            ),
            (
                r#"{"game":"0.6","to":100000,"window":4096,"show":5}"#,
                "`show`",
            ),
            (
                r#"{"game":"0.6","to":100000,"window":1048576,"limits":{"memory":1000000}}"#,
                "window 1048576 needs about",
            ),
        ] {
            match run(&sequence_request(json), &Watch::new()) {
                Err(RunError::Input(message)) => assert!(message.contains(said), "{message}"),
                other => panic!("{json}: {other:?}"),
            }
        }
    }
}
