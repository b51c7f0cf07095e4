//! The command line's side of the parallel first-move search of `grundy outcome` and
//! `grundy value` (the search itself is [`grundy::games::placement::root_search`], the
//! checkpoint's text [`grundy::games::placement::checkpoint`]): the checkpoint file, the
//! progress bar and Ctrl-C.
//!
//! Each line of the checkpoint is written whole by one write, so a run killed at any moment
//! leaves at most a torn last line, which the next run drops (that question was never settled)
//! and cuts off the file before carrying on. A run holds an advisory lock on the file from
//! before it reads it until it ends, so a second run on the same file is refused before it has
//! written anything, instead of both writing headers and lines into one file.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::Result;
use grundy::games::placement::checkpoint::{CheckpointLines, CheckpointText};
use grundy::games::placement::root_search::{
    Interrupted, ResumeError, RootObserver, RootOutcome, RootProgress, RootSearch, RootValue,
    SettledRecord,
};
use grundy::games::placement::unit_search::Goal;
use grundy::games::placement::{PlacementGame, PlacementPosition};
use grundy::Nimber;
use indicatif::ProgressBar;

use super::cluster::{search_if_launched, ClusterOptions, Distributed};
use crate::input::input_error;
use crate::interrupt;
use crate::progress::counting_bar;

/// The largest checkpoint read. A line is about 70 bytes, and the largest search has at most a
/// few thousand groups of first moves (512 squares, 4 pieces) times a few values: a few
/// megabytes. A larger file is not a checkpoint of this program.
const MAX_CHECKPOINT_BYTES: u64 = 64 << 20;

/// A first-move search as a command asks for it: the game and position, and where it runs.
pub struct FirstMoveSearch<'a> {
    pub game: &'a PlacementGame,
    pub position: &'a PlacementPosition,
    pub threads: usize,
    pub memory: u64,
    pub checkpoint: Option<&'a Path>,
    pub cluster: &'a ClusterOptions,
}

/// What a [`FirstMoveSearch`] answered: the answer, the seconds the search took (without
/// making the tables, as the figures in docs/PERFORMANCE.md are), and the distributed run
/// when the ranks shared it.
pub struct Answered<T> {
    pub answer: T,
    pub seconds: f64,
    pub distributed: Option<Distributed>,
}

impl FirstMoveSearch<'_> {
    /// Who wins, and a winning first move.
    pub fn outcome(&self) -> Result<Answered<RootOutcome>> {
        self.answer(Goal::Outcome, Distributed::outcome, |root, observer| {
            root.outcome(observer)
        })
    }

    /// The nim-value.
    pub fn nim_value(&self) -> Result<Answered<RootValue>> {
        self.answer(Goal::NimValue, Distributed::value, |root, observer| {
            root.nim_value(observer)
        })
    }

    /// Under mpirun or srun (built with the `mpi` feature) the ranks share the search, and
    /// `from_ranks` reads their answer; otherwise this process's threads run `search`.
    fn answer<T>(
        &self,
        goal: Goal,
        from_ranks: impl FnOnce(&Distributed) -> T,
        search: impl FnOnce(&mut RootSearch, &mut dyn RootObserver) -> Result<T, Interrupted>,
    ) -> Result<Answered<T>> {
        let label_values = goal == Goal::NimValue;
        let distributed = search_if_launched(
            self.game,
            self.position,
            goal,
            self.threads,
            self.memory,
            self.checkpoint,
            label_values,
            self.cluster,
        )?;
        if let Some(distributed) = distributed {
            return Ok(Answered {
                answer: from_ranks(&distributed),
                seconds: distributed.seconds,
                distributed: Some(distributed),
            });
        }
        let (answer, seconds) = search_first_moves(
            self.game,
            self.position,
            self.threads,
            self.memory,
            self.checkpoint,
            label_values,
            |root, observer| {
                let started = Instant::now();
                let answer = search(root, observer)?;
                Ok((answer, started.elapsed().as_secs_f64()))
            },
        )?;
        Ok(Answered {
            answer,
            seconds,
            distributed: None,
        })
    }
}

/// Runs `search` (an outcome or a nim-value search of `position`) on `threads` threads within
/// `memory` bytes, with a progress bar, resuming from and recording to `checkpoint` when one
/// is given. Ctrl-C stops it: what was settled is kept in the checkpoint and the error is
/// [`interrupt::Interrupted`].
pub fn search_first_moves<T>(
    game: &PlacementGame,
    position: &PlacementPosition,
    threads: usize,
    memory: u64,
    checkpoint: Option<&Path>,
    label_values: bool,
    search: impl FnOnce(&mut RootSearch, &mut dyn RootObserver) -> Result<T, Interrupted>,
) -> Result<T> {
    // Before the tables are allocated, which takes a moment: a Ctrl-C from now on stops the
    // search as soon as it starts.
    let stop = interrupt::stop_flag()?;
    // The checkpoint is read before the tables are allocated, so that a wrong file is refused
    // at once.
    let opened = checkpoint
        .map(|path| Checkpoint::open(path, game, position))
        .transpose()?;
    let mut root = RootSearch::new(game, position, threads, memory);
    let mut checkpoint = match opened {
        Some((checkpoint, read)) => {
            let lines = &read.lines;
            root.resume(&read.records).map_err(|error| {
                let why = match error {
                    ResumeError::NotAFirstMove { index, .. } => format!(
                        "line {}: its move is not a first move of this position",
                        lines[index]
                    ),
                    ResumeError::Contradiction { first, second } => format!(
                        "lines {} and {} settle the same first moves two different ways (the file was edited or mixes two searches); use another file",
                        lines[first], lines[second]
                    ),
                };
                input_error(format!("checkpoint {}: {why}", checkpoint.path.display()))
            })?;
            Some(checkpoint)
        }
        None => None,
    };
    let bar = counting_bar(root.groups().len() as u64, "first moves settled");
    let mut observer = CommandLine {
        checkpoint: checkpoint.as_mut(),
        bar: bar.clone(),
        stop,
        label_values,
        value: None,
    };
    let answer = search(&mut root, &mut observer);
    bar.finish_and_clear();
    if let Some(checkpoint) = &checkpoint {
        checkpoint.warn_if_incomplete();
    }
    answer.map_err(|Interrupted { report }| {
        let kept = match &checkpoint {
            Some(checkpoint) if checkpoint.failure.is_none() => format!(
                "they are in {}: run the same command again to resume:\n  {}",
                checkpoint.path.display(),
                this_command()
            ),
            Some(checkpoint) => format!(
                "the checkpoint {} holds those settled before writing it failed",
                checkpoint.path.display()
            ),
            None => "nothing was kept: give --checkpoint FILE to keep what is settled".to_string(),
        };
        interrupt::Interrupted(format!(
            "interrupted by {}: {} questions about the {} groups of first moves settled ({} from the checkpoint); {kept}",
            interrupt::stopped_by(),
            report.settled,
            report.groups,
            report.resumed
        ))
        .into()
    })
}

/// The command line that ran this program, for the user to run again: `grundy` and the
/// arguments, those with spaces or quotes quoted.
pub(crate) fn this_command() -> String {
    let arguments = std::env::args().skip(1).map(|argument| {
        if !argument.is_empty()
            && argument
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.,:/=+@%".contains(c))
        {
            argument
        } else {
            format!("'{}'", argument.replace('\'', "'\\''"))
        }
    });
    std::iter::once("grundy".to_string())
        .chain(arguments)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The observer of the command line: records go to the checkpoint, progress to the bar, and
/// Ctrl-C stops the search.
struct CommandLine<'a> {
    checkpoint: Option<&'a mut Checkpoint>,
    bar: ProgressBar,
    stop: &'static AtomicBool,
    /// The bar names the value asked about (for `grundy value`, which asks several).
    label_values: bool,
    value: Option<Nimber>,
}

impl RootObserver for CommandLine<'_> {
    fn settled(&mut self, record: &SettledRecord) {
        if let Some(checkpoint) = self.checkpoint.as_deref_mut() {
            checkpoint.append(record);
        }
    }

    fn progress(&mut self, progress: &RootProgress) {
        if self.label_values && self.value != Some(progress.value) {
            self.value = Some(progress.value);
            self.bar.set_prefix(format!(
                "moves to value {}: first moves settled",
                progress.value
            ));
        }
        crate::progress::report_to_server(&[
            ("positions_searched", progress.positions),
            ("first_moves_settled", progress.settled as u64),
            ("first_moves_total", progress.groups as u64),
        ]);
        self.bar.set_length(progress.groups as u64);
        self.bar.set_position(progress.settled as u64);
        let seconds = self.bar.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_message(format!(
            "{} positions ({:.0}/s)",
            progress.positions,
            progress.positions as f64 / seconds
        ));
    }

    fn should_stop(&mut self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// A checkpoint file being appended to.
pub(crate) struct Checkpoint {
    pub(crate) path: PathBuf,
    /// `None` once a write has failed: the search goes on without the checkpoint.
    file: Option<File>,
    /// Bytes of whole lines in the file: a failed write is cut back to this.
    written: u64,
    /// Why writing failed, if it did.
    pub(crate) failure: Option<String>,
    /// The lines of the search's checkpoint.
    lines: CheckpointLines,
    /// The lock on the file, held until the search ends (even after a write failed).
    _lock: Option<HeldLock>,
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for a search of `position`: locks it (refusing a file
    /// another run holds), reads what it holds (the settled records with the line of each),
    /// drops a torn last line, and writes the header to a new or empty file. A file that is not
    /// a regular file (`/dev/null`) is only written to.
    pub(crate) fn open(
        path: &Path,
        game: &PlacementGame,
        position: &PlacementPosition,
    ) -> Result<(Checkpoint, CheckpointText)> {
        let shown = path.display();
        let file = OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .map_err(|e| input_error(format!("cannot open the checkpoint {shown}: {e}")))?;
        let lock = lock(&file, path)?;
        let regular = file.metadata().is_ok_and(|metadata| metadata.is_file());
        let contents = if regular {
            read_bounded(&file, path)?
        } else {
            Vec::new()
        };
        let lines = CheckpointLines::new(game, position);
        let read = lines
            .parse(&contents)
            .map_err(|why| input_error(format!("checkpoint {shown} {why}")))?;
        if let Some(line) = read.torn_line {
            eprintln!(
                "note: checkpoint {shown} line {line} was cut short (the run writing it was stopped); dropped, its question will be searched again"
            );
        }
        if regular && read.whole_bytes < contents.len() as u64 {
            file.set_len(read.whole_bytes).map_err(|e| {
                input_error(format!(
                    "cannot cut the torn last line off the checkpoint {shown}: {e}"
                ))
            })?;
        }
        let mut checkpoint = Checkpoint {
            path: path.to_path_buf(),
            file: Some(file),
            written: read.whole_bytes,
            failure: None,
            lines,
            _lock: lock,
        };
        if !read.has_header {
            checkpoint.write_line(checkpoint.lines.header_line());
        }
        Ok((checkpoint, read))
    }

    fn append(&mut self, record: &SettledRecord) {
        self.write_line(self.lines.record_line(record));
    }

    /// The lines of this search's checkpoint, to write lines of other kinds.
    #[cfg_attr(not(feature = "mpi"), allow(dead_code))]
    pub(crate) fn lines(&self) -> &CheckpointLines {
        &self.lines
    }

    /// Writes `line` (ending in a newline) by one write, so that no other line and no stop
    /// can split it. On failure (a full disk) says so once, cuts off what was written of the
    /// line, and writes no more.
    pub(crate) fn write_line(&mut self, line: String) {
        let Some(file) = self.file.as_mut() else {
            return;
        };
        match file.write_all(line.as_bytes()).and_then(|()| file.flush()) {
            Ok(()) => self.written += line.len() as u64,
            Err(error) => {
                // Best effort: a device cannot be cut, and then holds nothing to resume.
                let _ = file.set_len(self.written);
                eprintln!(
                    "warning: cannot write the checkpoint {}: {error}; the search goes on, but the checkpoint lacks what is settled from now on",
                    self.path.display()
                );
                self.failure = Some(error.to_string());
                self.file = None;
            }
        }
    }

    pub(crate) fn warn_if_incomplete(&self) {
        if let Some(failure) = &self.failure {
            eprintln!(
                "warning: the checkpoint {} is incomplete (writing it failed: {failure}); the answer printed is complete",
                self.path.display()
            );
        }
    }
}

/// The advisory lock a run holds on its checkpoint: on unix, `flock(2)` on the file's open
/// description, let go when dropped (or when the process ends, however it ends).
#[cfg(unix)]
type HeldLock = nix::fcntl::Flock<File>;
#[cfg(not(unix))]
type HeldLock = ();

/// Takes the advisory lock on the checkpoint `file` at `path`, refusing it when another run
/// holds it. Where the file system cannot lock (some network file systems), says so and goes
/// on without: one run on a file is then the user's to ensure. (`nix`'s flock rather than
/// std's `File::try_lock`, which needs Rust 1.89 where the workspace's rust-version is 1.82.)
#[cfg(unix)]
fn lock(file: &File, path: &Path) -> Result<Option<HeldLock>> {
    use nix::errno::Errno;
    use nix::fcntl::{Flock, FlockArg};
    let cannot_lock = |error: &dyn std::fmt::Display| {
        eprintln!(
            "warning: cannot lock the checkpoint {}: {error}; a second run on the same file would not be refused",
            path.display()
        );
    };
    // A second handle on the same open file: the lock is the description's, so it holds
    // for `file` too.
    let handle = match file.try_clone() {
        Ok(handle) => handle,
        Err(error) => {
            cannot_lock(&error);
            return Ok(None);
        }
    };
    match Flock::lock(handle, FlockArg::LockExclusiveNonblock) {
        Ok(held) => Ok(Some(held)),
        Err((_, Errno::EWOULDBLOCK)) => Err(input_error(format!(
            "checkpoint {} is in use: another grundy run holds its lock and writes to it; wait for that run to end (or stop it), or give another file. Nothing was written to it",
            path.display()
        ))),
        Err((_, error)) => {
            cannot_lock(&error);
            Ok(None)
        }
    }
}

/// Elsewhere the checkpoint is not locked: one run on a file is the user's to ensure.
#[cfg(not(unix))]
fn lock(_file: &File, _path: &Path) -> Result<Option<HeldLock>> {
    Ok(None)
}

/// The bytes of the checkpoint `file` at `path`, refused when there are more than a checkpoint
/// can hold.
fn read_bounded(file: &File, path: &Path) -> Result<Vec<u8>> {
    let too_large = || {
        input_error(format!(
            "checkpoint {} is larger than {} MiB, more than any checkpoint of this program: is it the right file?",
            path.display(),
            MAX_CHECKPOINT_BYTES >> 20
        ))
    };
    if file
        .metadata()
        .is_ok_and(|m| m.len() > MAX_CHECKPOINT_BYTES)
    {
        return Err(too_large());
    }
    let mut contents = Vec::new();
    file.take(MAX_CHECKPOINT_BYTES + 1)
        .read_to_end(&mut contents)
        .map_err(|e| {
            input_error(format!(
                "cannot read the checkpoint {}: {e}",
                path.display()
            ))
        })?;
    if contents.len() as u64 > MAX_CHECKPOINT_BYTES {
        return Err(too_large());
    }
    Ok(contents)
}
