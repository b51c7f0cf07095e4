//! `grundy sequence GAME --window W` and `--checkpoint FILE`: a nim-sequence in memory that
//! does not grow with `--to`, for games whose rare values are finished (the library's
//! [`WindowedSequence`]), resumable from a checkpoint. This module reads and writes the
//! checkpoint and prints the report; the library computes and (de)serialises the state.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Result;
use grundy::request::{sequence_game, WindowError, WindowedSequence, DEFAULT_WINDOW, MAX_WINDOW};
use grundy::watch::Watch;

use super::sequence::Args;
use crate::input::input_error;
use crate::interrupt;
use crate::progress::Shown;
use crate::render::json_line;

/// How often the state is saved while the run goes on (and always at the end or on a stop).
const SAVE_EVERY: Duration = Duration::from_secs(60);

/// Heaps computed between looks at the clock: a few seconds at most.
const CHUNK: usize = 1 << 22;

/// The largest checkpoint read: the window's values at the largest window, and the counts.
const MAX_CHECKPOINT_BYTES: u64 = 2 * MAX_WINDOW as u64 + (64 << 20);

/// The temporary file a checkpoint is written to before it is renamed over the old one.
fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Writes the state to `path` whole (a temporary file beside it, synced, then renamed), and
/// says so on stderr: a log, and a test that waits for it, read this line.
fn save(path: &Path, state: &WindowedSequence) -> Result<()> {
    crate::files::replace_through(path, &partial_path(path), &state.to_bytes()).map_err(
        |error| anyhow::anyhow!("cannot write the checkpoint {}: {error}", path.display()),
    )?;
    eprintln!(
        "checkpoint: heaps 0 to {} saved in {}",
        state.finished() - 1,
        path.display()
    );
    Ok(())
}

/// The state to go on from: read from the checkpoint when it exists, else started afresh.
fn first_state(args: &Args, watch: &Watch) -> Result<Option<WindowedSequence>> {
    let game = sequence_game(&args.game).map_err(input_error)?;
    let stopped = |error: WindowError| match error {
        WindowError::Stopped => Ok(None),
        other => Err(input_error(other)),
    };
    if let Some(path) = &args.checkpoint {
        if path.exists() {
            let size = std::fs::metadata(path)?.len();
            if size > MAX_CHECKPOINT_BYTES {
                return Err(input_error(format!(
                    "{}: {size} bytes is larger than any checkpoint of a windowed sequence (at most {MAX_CHECKPOINT_BYTES})",
                    path.display()
                )));
            }
            let bytes = std::fs::read(path)?;
            let state = match WindowedSequence::from_bytes(&game, &bytes, watch) {
                Ok(state) => state,
                Err(WindowError::Checkpoint(why)) => {
                    return Err(input_error(format!(
                        "{}: not a usable checkpoint of {}: {why}",
                        path.display(),
                        args.game
                    )))
                }
                Err(other) => return stopped(other),
            };
            if let Some(window) = args.window {
                if window != state.window() {
                    return Err(input_error(format!(
                        "--window {window} differs from the window {} of the checkpoint {}: leave --window out to resume",
                        state.window(),
                        path.display()
                    )));
                }
            }
            eprintln!(
                "resuming from {}: heaps 0 to {} were computed",
                path.display(),
                state.finished() - 1
            );
            return Ok(Some(state));
        }
    }
    let window = args.window.unwrap_or(DEFAULT_WINDOW);
    match WindowedSequence::start(&game, window, watch) {
        Ok(state) => Ok(Some(state)),
        Err(error) => stopped(error),
    }
}

/// Runs `grundy sequence` with `--window` or `--checkpoint`.
pub fn run(args: &Args) -> Result<String> {
    if args.misere || args.svg.is_some() || args.show.is_some() {
        return Err(input_error(
            "--window and --checkpoint report counts and the last values, not every value: leave out --misere, --svg and --show",
        ));
    }
    let window = args.window.unwrap_or(DEFAULT_WINDOW);
    if args.to < window {
        return Err(input_error(format!(
            "--to {} is below the window {window}: the window is computed whole first, so give --to at least {window} (or no --window nor --checkpoint)",
            args.to
        )));
    }
    let shown = Shown::new("sequence");
    let watch = shown.watch()?;
    let started = Instant::now();
    let Some(mut state) = first_state(args, &watch)? else {
        shown.finish();
        return Err(interrupt::Interrupted(format!(
            "interrupted by {} while computing the first {window} values: nothing was kept",
            interrupt::stopped_by()
        ))
        .into());
    };
    if state.finished() > args.to + 1 {
        shown.finish();
        return Err(input_error(format!(
            "the checkpoint is already past --to {}: it holds heaps 0 to {}",
            args.to,
            state.finished() - 1
        )));
    }
    if let Some(path) = &args.checkpoint {
        save(path, &state)?;
    }
    let mut saved = Instant::now();
    let ended = loop {
        let goal = (state.finished() + CHUNK - 1).min(args.to);
        match state.advance(goal, &watch) {
            Ok(true) if goal == args.to => break Ok(()),
            Ok(true) => {}
            Ok(false) => break Ok(()),
            Err(error) => break Err(error),
        }
        if let Some(path) = &args.checkpoint {
            if saved.elapsed() >= SAVE_EVERY {
                save(path, &state)?;
                saved = Instant::now();
            }
        }
    };
    shown.finish();
    if let Some(path) = &args.checkpoint {
        save(path, &state)?;
    }
    let report = state.report(args.to, started.elapsed().as_secs_f64());
    let out = if args.json {
        json_line(&report)
    } else {
        report.text()
    };
    let kept = match &args.checkpoint {
        Some(path) => format!(
            "the state is in {}: run the same command to go on",
            path.display()
        ),
        None => "give --checkpoint FILE to keep the state".to_string(),
    };
    if let Err(error) = ended {
        print!("{out}");
        return Err(input_error(format!(
            "{error} (heaps 0 to {} are above; {kept})",
            state.finished() - 1
        )));
    }
    if report.interrupted {
        print!("{out}");
        return Err(interrupt::Interrupted(format!(
            "interrupted by {}: heaps 0 to {} are above; {kept}",
            interrupt::stopped_by(),
            state.finished() - 1
        ))
        .into());
    }
    Ok(out)
}
