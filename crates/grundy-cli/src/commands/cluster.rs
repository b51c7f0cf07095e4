//! `grundy outcome` and `grundy value` spread over the ranks of an MPI job (built with the
//! `mpi` feature and launched by `mpirun` or `srun`; docs/CLUSTER.md). Rank 0 runs the
//! [`UnitCoordinator`](grundy::games::placement::unit_search::UnitCoordinator): it hands out units, keeps the checkpoint and prints the answer and the
//! progress; every other rank answers units on `--threads` threads with its own tables. Without
//! the feature, or without a launcher, or with one rank, the commands search as they always have.
//!
//! Messages are point-to-point texts
//! ([`encode_unit`](grundy::games::placement::unit_search::encode_unit),
//! [`encode_answer`](grundy::games::placement::unit_search::encode_answer)), each bounded
//! before it is received. Rank 0 polls for them (with Ctrl-C between), so it never blocks on a rank.

use std::path::Path;

use anyhow::Result;
use grundy::games::placement::root_search::{RootOutcome, RootReport, RootValue};
#[cfg(feature = "mpi")]
use grundy::games::placement::unit_search::UnitBudget;
use grundy::games::placement::unit_search::{Goal, UnitCounts, UnitResult};
use grundy::games::placement::{PlacementGame, PlacementPosition};
use grundy::solver::SearchStats;
use grundy::values::Outcome;
use grundy::Nimber;

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

/// What rank 0 of a distributed search answers.
pub struct Distributed {
    result: UnitResult,
    report: RootReport,
    counts: UnitCounts,
    /// The ranks of the job, rank 0 included.
    pub ranks: usize,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
}

impl Distributed {
    #[cfg_attr(not(feature = "mpi"), allow(dead_code))]
    fn new(
        result: UnitResult,
        groups: &[Vec<grundy::games::placement::PlacementMove>],
        counts: UnitCounts,
        ranks: usize,
        threads: usize,
        seconds: f64,
    ) -> Distributed {
        let report = RootReport {
            first_moves: groups.iter().map(Vec::len).sum(),
            groups: groups.len(),
            settled: counts.first_moves_settled as usize,
            resumed: counts.resumed as usize,
            positions: counts.positions,
            stats: SearchStats {
                positions: counts.positions,
                ..SearchStats::default()
            },
            threads,
        };
        Distributed {
            result,
            report,
            counts,
            ranks,
            seconds,
        }
    }

    /// The answer as the first-move search gives it, for `grundy outcome`.
    #[must_use]
    pub fn outcome(&self) -> RootOutcome {
        let (outcome, winning_moves) = match &self.result {
            UnitResult::Outcome {
                outcome,
                winning_moves,
            } => (*outcome, winning_moves.clone()),
            UnitResult::NimValue(nimber) => (nimber.outcome(), Vec::new()),
        };
        RootOutcome {
            outcome,
            winning_moves,
            settled_by: None,
            report: self.report,
        }
    }

    /// The answer as the first-move search gives it, for `grundy value`.
    #[must_use]
    pub fn value(&self) -> RootValue {
        let nimber = match &self.result {
            UnitResult::NimValue(nimber) => *nimber,
            UnitResult::Outcome { outcome, .. } => {
                // Only an outcome was asked: 0 or not.
                Nimber::new(u32::from(*outcome == Outcome::N))
            }
        };
        RootValue {
            nimber,
            settled_by: None,
            report: self.report,
        }
    }

    /// Units answered by the workers in this run.
    #[must_use]
    pub fn units_settled(&self) -> u64 {
        self.counts.settled
    }

    /// The report's line about the units, for people.
    #[must_use]
    pub fn units_line(&self) -> String {
        format!(
            "units      {} settled on {} ranks ({} split deeper, {} questions from the checkpoint)\n",
            self.counts.settled, self.ranks, self.counts.split, self.counts.resumed
        )
    }
}

/// Runs the search over the ranks when this process was launched by `mpirun` or `srun` with
/// more than one rank: on rank 0 returns the answer, on the others searches until rank 0 is
/// done and then ends the process. `Ok(None)`: not launched so (or built without the `mpi`
/// feature): the caller searches as usual.
pub fn search_if_launched(
    game: &PlacementGame,
    position: &PlacementPosition,
    goal: Goal,
    threads: usize,
    memory: u64,
    checkpoint: Option<&Path>,
    options: &ClusterOptions,
) -> Result<Option<Distributed>> {
    #[cfg(feature = "mpi")]
    {
        ranks::search_if_launched(game, position, goal, threads, memory, checkpoint, options)
    }
    #[cfg(not(feature = "mpi"))]
    {
        let _ = (game, position, goal, threads, memory, checkpoint, options);
        Ok(None)
    }
}

#[cfg(feature = "mpi")]
mod ranks {
    use std::collections::HashMap;
    use std::io::IsTerminal;
    use std::path::Path;
    use std::sync::atomic::Ordering;
    use std::sync::mpsc::{self, RecvTimeoutError};
    use std::time::{Duration, Instant};

    use anyhow::{anyhow, Result};
    use grundy::games::placement::search_threads::SearchThreads;
    use grundy::games::placement::unit_search::{
        decode_answer, decode_unit, encode_answer, encode_unit, serve_units, Goal, SettledUnit,
        UnitBudget, UnitCoordinator, UnitQueue, UnitResumeError, UnitWorker, MAX_UNIT_TEXT_BYTES,
    };
    use grundy::games::placement::{PlacementGame, PlacementPosition};
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use mpi::point_to_point::{Destination, Source};
    use mpi::topology::{Communicator, SimpleCommunicator};
    use mpi::Threading;

    use super::{ClusterOptions, Distributed};
    use crate::commands::checkpoint_file::{kept_message, Checkpoint};
    use crate::input::input_error;
    use crate::interrupt;

    /// A worker's first message: how many threads it searches on.
    const TAG_READY: i32 = 1;
    /// A unit for a worker.
    const TAG_UNIT: i32 = 2;
    /// A worker's answer to a unit.
    const TAG_ANSWER: i32 = 3;
    /// A unit no longer needed: the worker may give it up.
    const TAG_ABANDON: i32 = 4;
    /// The search is over: the worker ends.
    const TAG_STOP: i32 = 5;

    /// How long a rank waits, when nothing came, before it looks again.
    const IDLE: Duration = Duration::from_millis(1);

    /// The environment variables the launchers set (Open MPI's mpirun, MPICH's Hydra, Slurm's
    /// srun through PMI or PMIx): without any of them the process was not launched as a rank,
    /// and MPI is not even initialised.
    const LAUNCHER_VARIABLES: [&str; 4] =
        ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "PMI_RANK"];

    pub(super) fn search_if_launched(
        game: &PlacementGame,
        position: &PlacementPosition,
        goal: Goal,
        threads: usize,
        memory: u64,
        checkpoint: Option<&Path>,
        options: &ClusterOptions,
    ) -> Result<Option<Distributed>> {
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
        let world = universe.world();
        let ranks = usize::try_from(world.size()).unwrap_or(1);
        if ranks < 2 {
            return Ok(None);
        }
        if world.rank() != 0 {
            let status = match work(&world, game, position, threads, memory) {
                Ok(()) => 0,
                Err(error) => {
                    eprintln!("error: rank {}: {error:#}", world.rank());
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
        let answer = coordinate(&world, game, position, goal, budget, checkpoint);
        for rank in 1..world.size() {
            world
                .process_at_rank(rank)
                .send_with_tag(&[0u8; 0][..], TAG_STOP);
        }
        drop(universe);
        answer.map(Some)
    }

    /// A message's bytes, refused when there are more than any message of this program.
    fn receive(
        message: mpi::point_to_point::Message,
        status: mpi::point_to_point::Status,
        buffer: &mut [u8],
    ) -> Result<String> {
        let length = usize::try_from(status.count(u8::equivalent_datatype())).unwrap_or(usize::MAX);
        if length > buffer.len() {
            return Err(anyhow!(
                "rank {} sent a message of {length} bytes, more than the {} of any message of this program",
                status.source_rank(),
                buffer.len()
            ));
        }
        message.matched_receive_into(&mut buffer[..length]);
        String::from_utf8(buffer[..length].to_vec()).map_err(|_| {
            anyhow!(
                "rank {} sent a message that is not text",
                status.source_rank()
            )
        })
    }

    use mpi::datatype::Equivalence;

    /// Rank 0: hands out units, keeps the checkpoint, shows progress, stops on Ctrl-C.
    fn coordinate(
        world: &SimpleCommunicator,
        game: &PlacementGame,
        position: &PlacementPosition,
        goal: Goal,
        budget: UnitBudget,
        checkpoint: Option<&Path>,
    ) -> Result<Distributed> {
        let stop = interrupt::stop_flag()?;
        let mut coordinator = UnitCoordinator::new(game, position, goal, budget);
        let mut checkpoint = match checkpoint {
            Some(path) => Some(open_checkpoint(path, game, position, &mut coordinator)?),
            None => None,
        };
        let started = Instant::now();
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {prefix} {elapsed} {msg}")
                .expect("the template is valid"),
        );
        let size = world.size();
        let mut capacity = vec![0usize; size as usize];
        let mut running = vec![0usize; size as usize];
        let mut rank_of: HashMap<u64, i32> = HashMap::new();
        let mut threads = 0;
        let mut buffer = vec![0u8; MAX_UNIT_TEXT_BYTES];
        let mut last_shown = Instant::now();
        let mut last_logged = Instant::now();
        let terminal = std::io::stderr().is_terminal();
        let interrupted = loop {
            let mut busy = false;
            while let Some((message, status)) = world.any_process().immediate_matched_probe() {
                busy = true;
                let rank = status.source_rank();
                let text = receive(message, status, &mut buffer)?;
                match status.tag() {
                    TAG_READY => {
                        let count: usize = text.trim().parse().map_err(|_| {
                            anyhow!("rank {rank} sent `{text}` for its thread count")
                        })?;
                        capacity[rank as usize] = count.clamp(1, 1 << 16);
                        threads += capacity[rank as usize];
                    }
                    TAG_ANSWER => {
                        let answer =
                            decode_answer(&text).map_err(|e| anyhow!("rank {rank}: {e}"))?;
                        if rank_of.remove(&answer.id).is_some() {
                            running[rank as usize] -= 1;
                        }
                        coordinator.settle(&answer);
                    }
                    tag => return Err(anyhow!("rank {rank} sent a message of kind {tag}")),
                }
            }
            if let Some(checkpoint) = checkpoint.as_mut() {
                for unit in coordinator.take_settled() {
                    let line = checkpoint.lines().unit_line(&unit);
                    checkpoint.write_line(line);
                }
            } else {
                coordinator.take_settled();
            }
            if coordinator.result().is_some() {
                break false;
            }
            if stop.load(Ordering::Relaxed) {
                break true;
            }
            for id in coordinator.take_abandoned() {
                if let Some(&rank) = rank_of.get(&id) {
                    world
                        .process_at_rank(rank)
                        .send_with_tag(id.to_string().as_bytes(), TAG_ABANDON);
                }
            }
            for rank in 1..size {
                while running[rank as usize] < capacity[rank as usize] {
                    let Some(unit) = coordinator.next_unit() else {
                        break;
                    };
                    busy = true;
                    world
                        .process_at_rank(rank)
                        .send_with_tag(encode_unit(&unit, game).as_bytes(), TAG_UNIT);
                    rank_of.insert(unit.id, rank);
                    running[rank as usize] += 1;
                }
            }
            if last_shown.elapsed() >= Duration::from_millis(200) {
                last_shown = Instant::now();
                let counts = coordinator.counts();
                let rate = counts.settled as f64 / started.elapsed().as_secs_f64().max(1e-9);
                if goal == Goal::NimValue {
                    bar.set_prefix(format!("moves to value {}:", counts.value));
                }
                let progress = format!(
                    "units {} settled, {} running, {rate:.1}/s ({} split, {} resumed), {} positions",
                    counts.settled, counts.running, counts.split, counts.resumed, counts.positions
                );
                // A batch job's log has no terminal to draw the bar on: a line a minute there.
                if !terminal && last_logged.elapsed() >= crate::progress::LOG_PERIOD {
                    last_logged = Instant::now();
                    eprintln!(
                        "progress: {:.0} s, value {}: {progress}",
                        started.elapsed().as_secs_f64(),
                        counts.value
                    );
                }
                bar.set_message(progress);
                bar.tick();
            }
            if !busy {
                std::thread::sleep(IDLE);
            }
        };
        bar.finish_and_clear();
        if let Some(checkpoint) = &checkpoint {
            checkpoint.warn_if_incomplete();
        }
        let counts = coordinator.counts();
        if interrupted {
            let kept = kept_message(
                checkpoint.as_ref(),
                "run the same command again, under mpirun or srun as this one,",
            );
            return Err(interrupt::Interrupted(format!(
                "interrupted by {}: {} units settled ({} questions from the checkpoint); {kept}",
                interrupt::stopped_by(),
                counts.settled,
                counts.resumed
            ))
            .into());
        }
        let result = coordinator
            .result()
            .cloned()
            .expect("the loop ends on an answer");
        Ok(Distributed::new(
            result,
            coordinator.groups(),
            counts,
            size as usize,
            threads,
            started.elapsed().as_secs_f64(),
        ))
    }

    /// Opens the checkpoint as the first-move search does (locked, the header written, a torn
    /// last line cut off) and gives the coordinator what it holds.
    fn open_checkpoint(
        path: &Path,
        game: &PlacementGame,
        position: &PlacementPosition,
        coordinator: &mut UnitCoordinator,
    ) -> Result<Checkpoint> {
        let (checkpoint, read) = Checkpoint::open(path, game, position)?;
        let mut records: Vec<SettledUnit> = read
            .records
            .iter()
            .copied()
            .map(SettledUnit::from)
            .collect();
        let mut lines = read.lines.clone();
        records.extend(read.units);
        lines.extend(read.unit_lines);
        coordinator.resume(&records).map_err(|error| {
            let why = match error {
                UnitResumeError::IllegalPath { index } => format!(
                    "line {}: its moves are not legal moves of this position",
                    lines[index]
                ),
                UnitResumeError::Contradiction { index } => format!(
                    "line {} contradicts an earlier line (the file was edited or mixes two searches); use another file",
                    lines[index]
                ),
            };
            input_error(format!("checkpoint {}: {why}", path.display()))
        })?;
        Ok(checkpoint)
    }

    /// A rank other than 0: answers the units rank 0 sends on `threads` threads until told
    /// to stop.
    fn work(
        world: &SimpleCommunicator,
        game: &PlacementGame,
        position: &PlacementPosition,
        threads: usize,
        memory: u64,
    ) -> Result<()> {
        // Open MPI binds each rank to one core when there are no more ranks than cores: its
        // threads would then take turns on that core (measured: a rank of two threads on two
        // cores ran at one core's speed).
        let cores = std::thread::available_parallelism().map_or(threads, usize::from);
        if cores < threads {
            eprintln!(
                "warning: rank {} may run on {cores} core(s) only (its CPU binding) but has \
                 --threads {threads}: with Open MPI add `--bind-to none` (or \
                 `--map-by slot:PE={threads}`), under Slurm `--cpus-per-task={threads}`",
                world.rank()
            );
        }
        let mut searchers = SearchThreads::new(game, threads, memory);
        let workers = UnitWorker::all(game, position, &mut searchers);
        let coordinator = world.process_at_rank(0);
        coordinator.send_with_tag(workers.len().to_string().as_bytes(), TAG_READY);
        let queue = UnitQueue::new();
        let (sender, answers) = mpsc::channel();
        let mut buffer = vec![0u8; MAX_UNIT_TEXT_BYTES];
        std::thread::scope(|scope| {
            let queue = &queue;
            scope.spawn(move || serve_units(workers, queue, &sender));
            let outcome = (|| loop {
                while let Some((message, status)) = coordinator.immediate_matched_probe() {
                    let text = receive(message, status, &mut buffer)?;
                    match status.tag() {
                        TAG_UNIT => queue.push(
                            decode_unit(&text, game, position)
                                .map_err(|e| anyhow!("a unit from rank 0: {e}"))?,
                        ),
                        TAG_ABANDON => queue.abandon(
                            text.parse()
                                .map_err(|_| anyhow!("rank 0 abandoned `{text}`"))?,
                        ),
                        TAG_STOP => return Ok(()),
                        tag => return Err(anyhow!("rank 0 sent a message of kind {tag}")),
                    }
                }
                match answers.recv_timeout(IDLE) {
                    Ok(answer) => {
                        coordinator.send_with_tag(encode_answer(&answer).as_bytes(), TAG_ANSWER)
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => {
                        return Err(anyhow!("the search threads ended"));
                    }
                }
            })();
            queue.close();
            outcome
        })
    }
}
