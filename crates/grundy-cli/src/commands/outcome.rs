//! `grundy outcome`: who wins, by outcome searches of the first moves, on every core, with a
//! checkpoint that lets a long search stop and resume.

use std::path::PathBuf;

use anyhow::Result;
use grundy::games::answer_text;
use grundy::report::Command;
use grundy::request::Goal;

use super::cluster::ClusterOptions;
use super::value_search::{Answered, ValueSearch};
use super::{thread_count, SearchOptions};
use crate::render::json_line;

/// Arguments of `grundy outcome`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The first moves are grouped by symmetry and searched in parallel, each \
by an outcome search that stops at the first winning reply: usually much faster than the \
nim-value. The search stops as soon as one first move is found to win.\n\n\
With --checkpoint FILE every settled first move is written to FILE as it is settled; Ctrl-C \
stops the search (exit status 130), and the same command run again resumes without searching \
those moves again.\n\nExamples:\n  grundy outcome queens 12x12\n  grundy outcome queens 14x14 --checkpoint \
q14.jsonl --threads 2 --memory 8G\n  grundy outcome knights 7x7 --json\n  grundy outcome knights 5x5 --misere\n  grundy outcome kayles 3 4 5 --misere\n  grundy outcome \"kayles 3 4 + knights 3x3\" --misere"
)]
pub struct Args {
    #[command(flatten)]
    pub target: super::GameArgs,
    /// Worker threads (default: one per core). The memory budget is shared among them.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// For a placement game: record settled first moves in FILE (JSON lines, each with a
    /// checksum) and resume from it if it exists. A stopped search also keeps the costliest
    /// facts it had learnt of the move it was searching in FILE.facts, which the next run
    /// reads. FILE is locked while the run writes it: a second run on it is refused.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    #[command(flatten)]
    pub convention: super::misere::ConventionOption,
    #[command(flatten)]
    pub search: SearchOptions,
    #[command(flatten)]
    pub cluster: ClusterOptions,
}

/// Runs `grundy outcome`.
pub fn run(args: &Args) -> Result<String> {
    if args.convention.misere {
        super::misere::refuse("--checkpoint", args.checkpoint.is_some())?;
        return super::misere::run(
            super::misere::Question::Outcome,
            &args.target,
            args.threads,
            args.search.memory,
            args.search.json,
        );
    }
    let game = args.target.game()?;
    let Answered { report, units } = ValueSearch {
        game: &game,
        named: &args.target.game,
        threads: thread_count(args.threads),
        memory: args.search.memory,
        checkpoint: args.checkpoint.as_deref(),
        cluster: &args.cluster,
    }
    .answer(Goal::Outcome)?;
    if args.search.json {
        return Ok(json_line(&report));
    }
    Ok(answer_text::answer_text(
        &game,
        Command::Outcome,
        &report,
        !args.target.positions.is_empty(),
        units.as_deref(),
    ))
}
