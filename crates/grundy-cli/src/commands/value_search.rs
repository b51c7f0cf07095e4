//! The command line's side of `grundy value` and `grundy outcome` under normal play (the search
//! is the library's value and outcome requests): where it runs (this host, or the ranks of an
//! MPI job: [`super::cluster`]), the checkpoint file of a resumable search
//! ([`super::checkpoint_file`]), the progress bar and Ctrl-C.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::Result;
use grundy::report::GameReport;
use grundy::request::{
    Goal, Limits, OutcomeRequest, ResumableSearch, Resume, RunError, Stopped, ValueRequest,
    RESUMABLE_GAMES,
};
use grundy::watch::Event;
use grundy::Game;

use super::checkpoint_file::{kept_message, Checkpoint};
use super::cluster::{search_if_launched, ClusterOptions};
use crate::input::{input_error, run_error};
use crate::interrupt;
use crate::progress::Shown;

/// `value` or `outcome` of a game as a command asks for it: the game, and where it runs.
pub struct ValueSearch<'a> {
    pub game: &'a Game,
    /// The game as the user named it, for messages.
    pub named: &'a str,
    pub threads: usize,
    pub memory: u64,
    pub checkpoint: Option<&'a Path>,
    pub cluster: &'a ClusterOptions,
}

/// What a [`ValueSearch`] answered: the report, and the line about the units when the ranks
/// of a job shared the search.
pub struct Answered {
    pub report: GameReport,
    pub units: Option<String>,
}

impl ValueSearch<'_> {
    /// Who wins and a winning first move ([`Goal::Outcome`]), or the nim-value
    /// ([`Goal::NimValue`]).
    pub fn answer(&self, goal: Goal) -> Result<Answered> {
        let resumable = ResumableSearch::of(self.game);
        if let Some(search) = &resumable {
            let distributed = search_if_launched(
                search,
                goal,
                self.threads,
                self.memory,
                self.checkpoint,
                self.cluster,
            )?;
            if let Some(distributed) = distributed {
                return Ok(Answered {
                    units: Some(distributed.units_line()),
                    report: distributed.report,
                });
            }
        } else if self.checkpoint.is_some() {
            // Nothing would be recorded, and a user counting on resuming would find an empty
            // file.
            return Err(input_error(format!(
                "--checkpoint is for {RESUMABLE_GAMES}, not for `{}`",
                self.named
            )));
        }
        Ok(Answered {
            report: self.on_this_host(resumable.as_ref(), goal)?,
            units: None,
        })
    }

    /// Runs the library's value or outcome request on this host, with a progress bar. A
    /// resumable search resumes from and records to the checkpoint when one is given, and
    /// Ctrl-C stops it with what was settled kept ([`interrupt::Interrupted`]); any other
    /// search keeps nothing, so Ctrl-C ends it at once.
    fn on_this_host(&self, resumable: Option<&ResumableSearch>, goal: Goal) -> Result<GameReport> {
        // Before the tables are allocated, which takes a moment: a Ctrl-C from now on stops
        // the search as soon as it starts. The checkpoint is read first, so that a wrong file
        // is refused at once.
        let shown = Shown::new("searching");
        let watch = match resumable {
            Some(_) => shown.watch()?,
            None => shown.watch_without_stop(),
        };
        let opened = resumable
            .zip(self.checkpoint)
            .map(|(search, path)| Checkpoint::open(path, search))
            .transpose()?;
        let mut resume = Resume::default();
        let mut watch = watch;
        if let (Some((checkpoint, read)), Some(search)) = (&opened, resumable) {
            resume = ResumableSearch::resume(read);
            if let Some(note) = search.unanswered_note(&resume) {
                errln!("note: {note}");
            }
            if checkpoint.keeps_facts() {
                watch = watch.keeping_facts();
            }
        }
        let (checkpoint, read) = opened.unzip();
        let checkpoint = checkpoint.map(|checkpoint| Arc::new(Mutex::new(checkpoint)));
        let recorder = checkpoint.clone();
        let bars = shown.clone();
        let watch = watch.on_event(move |event| {
            if let Some(checkpoint) = &recorder {
                let mut checkpoint = checkpoint.lock().unwrap_or_else(PoisonError::into_inner);
                match event {
                    Event::Learnt(facts) => checkpoint.keep_facts(facts),
                    event => checkpoint.record(event),
                }
            }
            shown.show(event);
        });
        // Only a first-move search shares its work among threads; the others are the
        // library's to spread as it likes.
        let threads = resumable.map(|_| self.threads);
        let request = ValueRequest {
            game: self.game.clone(),
            graph: None,
            convention: grundy::misere::Convention::Normal,
            limits: Limits::new(self.memory, threads),
            resume,
        };
        let answer = match goal {
            Goal::Outcome => grundy::request::outcome(&OutcomeRequest::from(request), &watch),
            Goal::NimValue => grundy::request::value(&request, &watch),
        };
        bars.finish();
        let mut checkpoint = checkpoint
            .as_ref()
            .map(|checkpoint| checkpoint.lock().unwrap_or_else(PoisonError::into_inner));
        if let Some(checkpoint) = &mut checkpoint {
            if matches!(answer, Err(RunError::Resume(_))) {
                checkpoint.withdraw();
            }
            checkpoint.warn_if_incomplete();
        }
        answer.map_err(|error| match (error, &checkpoint, &read) {
            (RunError::Resume(error), Some(checkpoint), Some(read)) => {
                checkpoint.refused(ResumableSearch::refusal(read, &error))
            }
            (RunError::Stopped(Stopped::FirstMoves(report)), _, _) => {
                let kept = kept_message(checkpoint.as_deref(), "run the same command again");
                interrupt::Interrupted(format!(
                    "interrupted by {}: {} questions about the {} groups of first moves settled ({} from the checkpoint); {kept}",
                    interrupt::stopped_by(),
                    report.settled,
                    report.groups,
                    report.resumed
                ))
                .into()
            }
            (other, _, _) => run_error(other),
        })
    }
}
