//! The command line's side of the parallel first-move search of `grundy outcome` and
//! `grundy value` (the search itself is [`grundy::games::placement::root_search`]): where it
//! runs (this host, or the ranks of an MPI job: [`super::cluster`]), its checkpoint file
//! ([`super::checkpoint_file`]), the progress bar and Ctrl-C.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::Result;
use grundy::games::placement::root_search::{
    Interrupted, ResumeError, RootObserver, RootOutcome, RootProgress, RootSearch, RootValue,
    SettledRecord,
};
use grundy::games::placement::unit_search::Goal;
use grundy::games::placement::{PlacementGame, PlacementPosition};
use grundy::Nimber;
use indicatif::ProgressBar;

use super::checkpoint_file::{this_command, Checkpoint};
use super::cluster::{search_if_launched, ClusterOptions, Distributed};
use crate::input::input_error;
use crate::interrupt;
use crate::progress::counting_bar;

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
