//! `grundy outcome` and `grundy value` spread over the ranks of an MPI job (built with the
//! `mpi` feature and launched by `mpirun` or `srun`; docs/CLUSTER.md). The search is the
//! library's ([`grundy::request::coordinate_ranks`] on rank 0, which hands out units, and
//! [`grundy::request::serve_rank`] on every other rank, which answers them on `--threads`
//! threads with its own tables); this module carries their messages over MPI, keeps the
//! checkpoint and shows the progress. Without the feature, or without a launcher, or with one
//! rank, the commands search as they always have.
//!
//! Each message is received only once its size is known to be within the bound of any message
//! of this program. Rank 0 polls for them (with Ctrl-C between), so it never blocks on a rank.

use std::path::Path;

use anyhow::Result;
#[cfg(feature = "mpi")]
use grundy::request::UnitBudget;
use grundy::request::{Goal, RanksAnswer, ResumableSearch};

/// The options of a search spread over MPI ranks; none without the `mpi` feature.
#[derive(Debug, Default, clap::Args)]
pub struct ClusterOptions {
    /// Under mpirun or srun: the positions a unit of one move may search before it is split
    /// into units one move deeper (each move deeper may search twice as many; from eight moves
    /// on units are not split).
    #[cfg(feature = "mpi")]
    #[arg(long, value_name = "N", default_value_t = UnitBudget::default().first, value_parser = clap::value_parser!(u64).range(1..))]
    pub unit_positions: u64,
}

/// Runs the search over the ranks when this process was launched by `mpirun` or `srun` with
/// more than one rank: on rank 0 returns the answer, on the others searches until rank 0 is
/// done and then ends the process. `Ok(None)`: not launched so (or built without the `mpi`
/// feature): the caller searches as usual.
pub fn search_if_launched(
    search: &ResumableSearch,
    goal: Goal,
    threads: usize,
    memory: u64,
    checkpoint: Option<&Path>,
    options: &ClusterOptions,
) -> Result<Option<RanksAnswer>> {
    #[cfg(feature = "mpi")]
    {
        mpi_ranks::search_if_launched(search, goal, threads, memory, checkpoint, options)
    }
    #[cfg(not(feature = "mpi"))]
    {
        let _ = (search, goal, threads, memory, checkpoint, options);
        Ok(None)
    }
}

#[cfg(feature = "mpi")]
mod mpi_ranks {
    use std::io::IsTerminal;
    use std::path::Path;
    use std::time::Instant;

    use anyhow::{anyhow, Result};
    use grundy::request::{
        coordinate_ranks, serve_rank, Goal, MessageKind, Ranks, RanksAnswer, RanksError,
        RanksObserver, RanksSearch, ResumableSearch, SettledUnit, UnitBudget, UnitCounts,
        MAX_UNIT_TEXT_BYTES,
    };
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use mpi::datatype::Equivalence;
    use mpi::point_to_point::{Destination, Source};
    use mpi::topology::{Communicator, SimpleCommunicator};
    use mpi::Threading;

    use super::ClusterOptions;
    use crate::commands::checkpoint_file::{kept_message, Checkpoint};
    use crate::input::input_error;
    use crate::interrupt;

    /// The environment variables the launchers set (Open MPI's mpirun, MPICH's Hydra, Slurm's
    /// srun through PMI or PMIx): without any of them the process was not launched as a rank,
    /// and MPI is not even initialised.
    const LAUNCHER_VARIABLES: [&str; 4] =
        ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "PMI_RANK"];

    /// The MPI tag of each kind of message.
    const TAGS: [(MessageKind, i32); 5] = [
        (MessageKind::Ready, 1),
        (MessageKind::Unit, 2),
        (MessageKind::Answer, 3),
        (MessageKind::Abandon, 4),
        (MessageKind::Stop, 5),
    ];

    pub(super) fn search_if_launched(
        search: &ResumableSearch,
        goal: Goal,
        threads: usize,
        memory: u64,
        checkpoint: Option<&Path>,
        options: &ClusterOptions,
    ) -> Result<Option<RanksAnswer>> {
        let launched = LAUNCHER_VARIABLES
            .iter()
            .any(|name| std::env::var_os(name).is_some());
        let one_rank = ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"]
            .iter()
            .any(|name| std::env::var(name).is_ok_and(|size| size.trim() == "1"));
        if !launched || one_rank {
            return Ok(None);
        }
        // Only this thread calls MPI; the search threads talk to it through channels.
        let Some((universe, _)) = mpi::initialize_with_threading(Threading::Funneled) else {
            return Err(anyhow!("MPI was initialised twice"));
        };
        let mut world = MpiRanks {
            world: universe.world(),
            buffer: vec![0u8; MAX_UNIT_TEXT_BYTES],
        };
        if world.count() < 2 {
            return Ok(None);
        }
        if world.world.rank() != 0 {
            let status = match work(&mut world, search, threads, memory) {
                Ok(()) => 0,
                Err(error) => {
                    errln!("error: rank {}: {error:#}", world.world.rank());
                    1
                }
            };
            drop(universe);
            std::process::exit(status);
        }
        let budget = UnitBudget {
            first: options.unit_positions,
            ..UnitBudget::default()
        };
        let answer = coordinate(&mut world, search, goal, budget, memory, checkpoint);
        drop(universe);
        answer.map(Some)
    }

    /// The ranks of the MPI job, as the library's search talks to them.
    struct MpiRanks {
        world: SimpleCommunicator,
        /// Room for the largest message of this program.
        buffer: Vec<u8>,
    }

    impl Ranks for MpiRanks {
        fn count(&self) -> usize {
            usize::try_from(self.world.size()).unwrap_or(1)
        }

        fn send(&mut self, rank: usize, kind: MessageKind, text: &str) {
            let tag = TAGS
                .iter()
                .find(|(known, _)| *known == kind)
                .map_or(0, |&(_, tag)| tag);
            let rank = i32::try_from(rank).expect("a rank of the job");
            self.world
                .process_at_rank(rank)
                .send_with_tag(text.as_bytes(), tag);
        }

        /// A message's bytes, refused when there are more than any message of this program.
        fn receive(&mut self) -> Result<Option<(usize, MessageKind, String)>, String> {
            let Some((message, status)) = self.world.any_process().immediate_matched_probe() else {
                return Ok(None);
            };
            let rank = status.source_rank();
            let length =
                usize::try_from(status.count(u8::equivalent_datatype())).unwrap_or(usize::MAX);
            if length > self.buffer.len() {
                return Err(format!(
                    "rank {rank} sent a message of {length} bytes, more than the {} of any message of this program",
                    self.buffer.len()
                ));
            }
            message.matched_receive_into(&mut self.buffer[..length]);
            let text = String::from_utf8(self.buffer[..length].to_vec())
                .map_err(|_| format!("rank {rank} sent a message that is not text"))?;
            let kind = TAGS
                .iter()
                .find(|&&(_, tag)| tag == status.tag())
                .map(|&(kind, _)| kind)
                .ok_or_else(|| format!("rank {rank} sent a message of kind {}", status.tag()))?;
            Ok(Some((usize::try_from(rank).unwrap_or(0), kind, text)))
        }
    }

    /// What rank 0 does with what the search tells it: the settled units go to the
    /// checkpoint, the counts to the progress bar (a line a minute in a batch job's log).
    struct Shown {
        checkpoint: Option<Checkpoint>,
        goal: Goal,
        bar: ProgressBar,
        terminal: bool,
        last_logged: Instant,
    }

    impl RanksObserver for Shown {
        fn settled(&mut self, units: &[SettledUnit]) {
            if let Some(checkpoint) = self.checkpoint.as_mut() {
                for unit in units {
                    let line = checkpoint.search().unit_line(unit);
                    checkpoint.write_line(line);
                }
            }
        }

        fn progress(&mut self, counts: &UnitCounts, seconds: f64) {
            let rate = counts.settled as f64 / seconds.max(1e-9);
            if self.goal == Goal::NimValue {
                self.bar
                    .set_prefix(format!("moves to value {}:", counts.value));
            }
            let progress = format!(
                "units {} settled, {} running, {rate:.1}/s ({} split, {} resumed), {} positions",
                counts.settled, counts.running, counts.split, counts.resumed, counts.positions
            );
            // A batch job's log has no terminal to draw the bar on: a line a minute there.
            if !self.terminal && self.last_logged.elapsed() >= crate::progress::LOG_PERIOD {
                self.last_logged = Instant::now();
                errln!(
                    "progress: {seconds:.0} s, value {}: {progress}",
                    counts.value
                );
            }
            self.bar.set_message(progress);
            self.bar.tick();
        }
    }

    /// Rank 0: the library's search over the ranks, with the checkpoint, progress and Ctrl-C.
    fn coordinate(
        world: &mut MpiRanks,
        search: &ResumableSearch,
        goal: Goal,
        budget: UnitBudget,
        memory: u64,
        checkpoint: Option<&Path>,
    ) -> Result<RanksAnswer> {
        let stop = interrupt::stop_flag()?;
        let (checkpoint, resume) = match checkpoint {
            Some(path) => {
                let (checkpoint, read) = Checkpoint::open(path, search)?;
                let (resume, lines) = ResumableSearch::units(&read);
                (Some((checkpoint, lines)), resume)
            }
            None => (None, Vec::new()),
        };
        let (checkpoint, lines) = checkpoint.unzip();
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {prefix} {elapsed} {msg}")
                .expect("the template is valid"),
        );
        let mut shown = Shown {
            checkpoint,
            goal,
            bar,
            terminal: std::io::stderr().is_terminal(),
            last_logged: Instant::now(),
        };
        let search = RanksSearch {
            search,
            goal,
            budget,
            resume,
            memory,
        };
        let answer = coordinate_ranks(&search, world, &mut shown, stop);
        shown.bar.finish_and_clear();
        let checkpoint = shown.checkpoint;
        if let Some(checkpoint) = &checkpoint {
            checkpoint.warn_if_incomplete();
        }
        answer.map_err(|error| match error {
            RanksError::Stopped(counts) => {
                let kept = kept_message(
                    checkpoint.as_ref(),
                    "run the same command again, under mpirun or srun as this one,",
                );
                interrupt::Interrupted(format!(
                    "interrupted by {}: {} units settled ({} questions from the checkpoint); {kept}",
                    interrupt::stopped_by(),
                    counts.settled,
                    counts.resumed
                ))
                .into()
            }
            RanksError::Resume(error) => {
                let why = ResumableSearch::unit_refusal(&lines.unwrap_or_default(), &error);
                let path = checkpoint.as_ref().map(|c| c.path.display().to_string());
                input_error(format!("checkpoint {}: {why}", path.unwrap_or_default()))
            }
            error @ RanksError::OutOfMemory { .. } => {
                let kept = kept_message(
                    checkpoint.as_ref(),
                    "run the command again with a larger --memory (each rank's), under mpirun or srun as this one,",
                );
                input_error(format!("{error}; {kept}"))
            }
            RanksError::Protocol(why) => anyhow!(why),
        })
    }

    /// A rank other than 0: answers the units rank 0 sends on `threads` threads until told
    /// to stop.
    fn work(
        world: &mut MpiRanks,
        search: &ResumableSearch,
        threads: usize,
        memory: u64,
    ) -> Result<()> {
        // Open MPI binds each rank to one core when there are no more ranks than cores: its
        // threads would then take turns on that core (measured: a rank of two threads on two
        // cores ran at one core's speed).
        let cores = std::thread::available_parallelism().map_or(threads, usize::from);
        if cores < threads {
            errln!(
                "warning: rank {} may run on {cores} core(s) only (its CPU binding) but has \
                 --threads {threads}: with Open MPI add `--bind-to none` (or \
                 `--map-by slot:PE={threads}`), under Slurm `--cpus-per-task={threads}`",
                world.world.rank()
            );
        }
        serve_rank(search, threads, memory, world).map_err(|error| anyhow!(error))
    }
}
