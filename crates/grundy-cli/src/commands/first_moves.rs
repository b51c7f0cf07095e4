//! The command line's side of the parallel first-move search of `grundy outcome` and
//! `grundy value` (the search itself is the library's value and outcome requests): where it
//! runs (this host, or the ranks of an MPI job: [`super::cluster`]), its checkpoint file
//! ([`super::checkpoint_file`]), the progress bar and Ctrl-C.

use grundy::games::placement::Placement;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::Result;
use grundy::games::placement::root_search::ResumeError;
use grundy::games::placement::unit_search::Goal;
use grundy::games::placement::{PlacementGame, PlacementPosition};
use grundy::games::sum::Summand;
use grundy::report::GameReport;
use grundy::request::{
    Limits, OutcomeRequest, RanksAnswer, Resume, RunError, Stopped, ValueRequest,
};
use grundy::watch::{Event, Watch};
use grundy::Game;

use super::checkpoint_file::{facts_path, kept_message, Checkpoint};
use super::cluster::{search_if_launched, ClusterOptions};
use crate::input::{input_error, run_error};
use crate::interrupt;
use crate::progress::Shown;

/// A first-move search as a command asks for it: the game and position, and where it runs.
pub struct FirstMoveSearch<'a> {
    pub game: &'a PlacementGame,
    pub position: &'a PlacementPosition,
    pub threads: usize,
    pub memory: u64,
    pub checkpoint: Option<&'a Path>,
    pub cluster: &'a ClusterOptions,
}

/// What a [`FirstMoveSearch`] answered: the report, and the distributed run when the ranks
/// shared it.
pub struct Answered {
    pub report: GameReport,
    pub distributed: Option<RanksAnswer>,
}

impl FirstMoveSearch<'_> {
    /// Who wins and a winning first move ([`Goal::Outcome`]), or the nim-value
    /// ([`Goal::NimValue`]).
    pub fn answer(&self, goal: Goal) -> Result<Answered> {
        if let Some(distributed) = self.distributed(goal)? {
            return Ok(Answered {
                report: distributed.report.clone(),
                distributed: Some(distributed),
            });
        }
        let report = self.on_this_host(|game, limits, resume, watch| {
            let request = ValueRequest {
                game,
                graph: None,
                convention: grundy::misere::Convention::Normal,
                limits,
                resume,
            };
            match goal {
                Goal::Outcome => grundy::request::outcome(&OutcomeRequest::from(request), watch),
                Goal::NimValue => grundy::request::value(&request, watch),
            }
        })?;
        Ok(Answered {
            report,
            distributed: None,
        })
    }

    /// Under mpirun or srun (built with the `mpi` feature) the ranks share the search.
    fn distributed(&self, goal: Goal) -> Result<Option<RanksAnswer>> {
        search_if_launched(
            self.game,
            self.position,
            goal,
            self.threads,
            self.memory,
            self.checkpoint,
            self.cluster,
        )
    }

    /// Runs `ask` (the library's value or outcome request) on this host's threads, with a
    /// progress bar, resuming from and recording to the checkpoint when one is given. Ctrl-C
    /// stops it: what was settled is kept in the checkpoint and the error is
    /// [`interrupt::Interrupted`].
    fn on_this_host(
        &self,
        ask: impl FnOnce(Game, Limits, Resume, &Watch) -> Result<GameReport, RunError>,
    ) -> Result<GameReport> {
        // Before the tables are allocated, which takes a moment: a Ctrl-C from now on stops
        // the search as soon as it starts. The checkpoint is read first, so that a wrong file
        // is refused at once.
        let shown = Shown::new("searching");
        let watch = shown.watch()?;
        let opened = self
            .checkpoint
            .map(|path| Checkpoint::open(path, self.game, self.position))
            .transpose()?;
        let keeps_facts = opened
            .as_ref()
            .is_some_and(|(checkpoint, _)| checkpoint.keeps_facts());
        let (checkpoint, resume, lines, tried_lines, fact_lines) = match opened {
            Some((checkpoint, read)) => {
                let resume = Resume {
                    records: read.records,
                    tries: read.tries,
                    facts: read.facts,
                };
                note_tries(self.game, &resume);
                (
                    Some(Arc::new(Mutex::new(checkpoint))),
                    resume,
                    read.lines,
                    read.tried_lines,
                    read.fact_lines,
                )
            }
            None => (None, Resume::default(), Vec::new(), Vec::new(), Vec::new()),
        };
        let recorder = checkpoint.clone();
        let bars = shown.clone();
        let watch = if keeps_facts {
            watch.keeping_facts()
        } else {
            watch
        };
        let watch = watch.on_event(move |event| {
            if let Some(checkpoint) = &recorder {
                let mut checkpoint = checkpoint.lock().unwrap_or_else(PoisonError::into_inner);
                match event {
                    Event::Settled(record) => checkpoint.append(record),
                    Event::Tried(record) => checkpoint.append_tried(record),
                    Event::Learnt(facts) => checkpoint.keep_facts(facts),
                    _ => {}
                }
            }
            shown.show(event);
        });
        let game = Game::single(Summand::Placement(Placement {
            game: self.game.clone(),
            position: *self.position,
        }));
        let limits = Limits::new(self.memory, Some(self.threads));
        let answer = ask(game, limits, resume, &watch);
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
        answer.map_err(|error| match error {
            RunError::Resume(error) => {
                let not_a_first_move =
                    |line| format!("line {line}: its move is not a first move of this position");
                let why = match error {
                    ResumeError::NotAFirstMove { index, .. } => not_a_first_move(lines[index]),
                    ResumeError::TriedNotAFirstMove { index, .. } => {
                        not_a_first_move(tried_lines[index])
                    }
                    ResumeError::NotAFact { index } => {
                        let path = checkpoint.as_ref().map(|c| facts_path(&c.path));
                        return input_error(format!(
                            "facts {} line {}: not about a component of this game, or contradicts the checkpoint (the file was edited or is another search's); move it aside to search without it",
                            path.unwrap_or_default().display(),
                            fact_lines[index]
                        ));
                    }
                    ResumeError::Contradiction { first, second } => format!(
                        "lines {} and {} settle the same first moves two different ways (the file was edited or mixes two searches); use another file",
                        lines[first], lines[second]
                    ),
                };
                let path = checkpoint.as_ref().map(|c| c.path.display().to_string());
                input_error(format!("checkpoint {}: {why}", path.unwrap_or_default()))
            }
            RunError::Stopped(Stopped::FirstMoves(report)) => {
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
            other => run_error(other),
        })
    }
}

/// Says what earlier runs spent on the questions `resume` leaves unanswered: the search gives
/// each what its budgets leave after that.
fn note_tries(game: &PlacementGame, resume: &Resume) {
    let open = resume.unanswered();
    if open.is_empty() {
        return;
    }
    let named: Vec<String> = open
        .iter()
        .map(|tried| {
            format!(
                "{} for {} ({} positions)",
                game.move_name(tried.first_move),
                tried.value,
                tried.positions
            )
        })
        .collect();
    eprintln!(
        "note: earlier runs searched {} questions without an answer, and each now has what its budgets leave after them: {}",
        open.len(),
        named.join(", ")
    );
}
