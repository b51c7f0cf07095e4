//! `grundy sequence GAME --window W` and `--checkpoint FILE`: a nim-sequence in memory that
//! does not grow with `--to`, for games whose rare values are finished, resumable from a
//! checkpoint. The library runs it ([`windowed_sequence`]); this module reads the checkpoint,
//! writes each state it is handed, and prints the report. A run holds a lock beside the
//! checkpoint, so that a second run on it is refused.

use std::path::{Path, PathBuf};

use anyhow::Result;
use grundy::request::{
    windowed_request, windowed_sequence, RunError, SequenceRequest, StateKeeper, WindowedSequence,
    MAX_WINDOW,
};

use super::checkpoint_file::LockBeside;
use crate::input::{input_error, run_error};
use crate::interrupt;
use crate::progress::Shown;
use crate::render::json_line;

/// The largest checkpoint read: the window's values at the largest window, and the counts.
const MAX_CHECKPOINT_BYTES: u64 = 2 * MAX_WINDOW as u64 + (64 << 20);

/// The checkpoint file the state is kept in: each state written whole (a temporary file beside
/// it, synced, then renamed), with a line on stderr that a log, and a test, wait for.
struct CheckpointFile<'a> {
    path: &'a Path,
}

impl StateKeeper for CheckpointFile<'_> {
    fn resumed(&mut self, finished: usize) {
        errln!(
            "resuming from {}: heaps 0 to {} were computed",
            self.path.display(),
            finished - 1
        );
    }

    fn keep(&mut self, state: &WindowedSequence) -> Result<(), String> {
        let mut partial = self.path.as_os_str().to_owned();
        partial.push(".partial");
        crate::files::replace_through(self.path, &PathBuf::from(partial), &state.to_bytes())
            .map_err(|error| {
                format!(
                    "cannot write the checkpoint {}: {error}",
                    self.path.display()
                )
            })?;
        errln!(
            "checkpoint: heaps 0 to {} saved in {}",
            state.finished() - 1,
            self.path.display()
        );
        Ok(())
    }
}

/// The checkpoint's bytes, when the file exists, read within [`MAX_CHECKPOINT_BYTES`].
fn checkpoint_bytes(path: &Path) -> Result<Option<Vec<u8>>> {
    if !path.exists() {
        return Ok(None);
    }
    let unreadable = |error: std::io::Error| {
        input_error(format!(
            "cannot read the checkpoint {}: {error}",
            path.display()
        ))
    };
    let metadata = std::fs::metadata(path).map_err(unreadable)?;
    if !metadata.is_file() {
        return Err(input_error(format!(
            "the checkpoint {} is not a file",
            path.display()
        )));
    }
    let size = metadata.len();
    if size > MAX_CHECKPOINT_BYTES {
        return Err(input_error(format!(
            "{}: {size} bytes is larger than any checkpoint of a windowed sequence (at most {MAX_CHECKPOINT_BYTES})",
            path.display()
        )));
    }
    std::fs::read(path).map(Some).map_err(unreadable)
}

/// Where a windowed run ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastHeap {
    /// At the request's `to`.
    Asked,
    /// At the last heap the checkpoint holds (no `--to` was given): its report, with nothing
    /// more computed.
    TheCheckpoints,
}

/// Runs `grundy sequence` with `--window` or `--checkpoint`: `request` as its options read
/// it, to `last`, kept in `checkpoint` when given, printed as JSON with `json`.
pub fn run(
    request: &SequenceRequest,
    last: LastHeap,
    checkpoint: Option<&Path>,
    json: bool,
) -> Result<String> {
    // Refused by its options before any file is touched.
    let mut request = windowed_request(request).map_err(run_error)?;
    // Held until the run ends: a second run on the same checkpoint is refused before it reads.
    let _lock = checkpoint.map(LockBeside::take).transpose()?;
    if let Some(path) = checkpoint {
        request.resume = checkpoint_bytes(path)?;
    }
    if last == LastHeap::TheCheckpoints {
        match (checkpoint, &request.resume) {
            (Some(_), Some(_)) => request.to = None,
            (Some(path), None) => {
                return Err(input_error(format!(
                    "{} does not exist yet: give --to, the last heap to compute",
                    path.display()
                )))
            }
            (None, _) => {}
        }
    }
    let shown = Shown::new("sequence");
    let watch = shown.watch()?;
    let mut file = checkpoint.map(|path| CheckpointFile { path });
    let mut nowhere = grundy::request::Kept::Nowhere;
    let keeper: &mut dyn StateKeeper = match &mut file {
        Some(file) => file,
        None => &mut nowhere,
    };
    let answer = windowed_sequence(&request, &watch, keeper);
    shown.finish();
    let run = match answer {
        Ok(run) => run,
        Err(RunError::Stopped(_)) => {
            return Err(interrupt::Interrupted(format!(
                "interrupted by {} while computing the first window of values: nothing was kept",
                interrupt::stopped_by()
            ))
            .into())
        }
        Err(RunError::Input(message)) if request.resume.is_some() => {
            let path = checkpoint.expect("resumed from a checkpoint");
            return Err(input_error(format!("{}: {message}", path.display())));
        }
        Err(other) => return Err(run_error(other)),
    };
    let report = &run.report;
    let out = if json {
        json_line(report)
    } else {
        report.text()
    };
    // Where the heaps above are kept, and whether the run can go on from there: a run that
    // stopped on a heap its window cannot prove (now, or before it was resumed) cannot, since a
    // checkpoint keeps its window; a checkpoint that could not be written holds the last state
    // written, if any.
    let keeps_window = "which keeps this window: a larger one starts again from heap 0";
    let kept = match (checkpoint, &run.not_kept, &report.stopped_by) {
        (Some(path), Some(not_kept), stopped_by) => {
            let path = path.display();
            let holds = match (not_kept.kept, stopped_by) {
                (Some(finished), Some(_)) => {
                    format!("{path} still holds heaps 0 to {}, {keeps_window}", finished - 1)
                }
                (Some(finished), None) => format!(
                    "{path} still holds heaps 0 to {}: once it can be written, run the same command to go on from there",
                    finished - 1
                ),
                (None, _) => format!("{path} was not written"),
            };
            format!("; {}, so {holds}", not_kept.why)
        }
        (Some(path), None, Some(_)) => format!(" and in {}, {keeps_window}", path.display()),
        (Some(path), None, None) => format!(
            "; the state is in {}: run the same command to go on",
            path.display()
        ),
        (None, _, Some(_)) => String::new(),
        (None, _, None) => "; give --checkpoint FILE to keep the state".to_string(),
    };
    let above = format!("heaps 0 to {} are above{kept}", report.finished - 1);
    // The first reason the run ended decides the exit status: a heap the window cannot
    // prove (2), Ctrl-C (130), then a checkpoint that could not be written (1), which ends a
    // run early by itself too.
    if let Some(error) = run.ended_by {
        out!("{out}");
        return Err(input_error(format!("{error} ({above})")));
    }
    if report.interrupted && (watch.is_stopped() || run.not_kept.is_none()) {
        out!("{out}");
        return Err(interrupt::Interrupted(format!(
            "interrupted by {}: {above}",
            interrupt::stopped_by()
        ))
        .into());
    }
    if run.not_kept.is_some() {
        out!("{out}");
        return Err(anyhow::anyhow!("the state could not be kept: {above}"));
    }
    Ok(out)
}
