//! `grundy outcome`: who wins, by outcome searches of the first moves, on every core, with a
//! checkpoint that lets a long search stop and resume.

use std::path::PathBuf;

use anyhow::Result;
use grundy::games::placement::unit_search::Goal;

use super::cluster::ClusterOptions;
use super::first_moves::{closing_lines, Answered, FirstMoveSearch};
use super::{thread_count, RuleOptions, SearchOptions};
use crate::input::require_verb;
use crate::render::{json_line, outcome_sentence};
use grundy::games::registry::{Family, Verb};

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
    /// The pieces: a placement game (the list: `grundy outcome --help`); with --misere any
    /// game or sum, as `grundy value` takes it.
    #[arg(long_help = format!("The pieces: {}. With --misere, any game or sum, as `grundy value` takes it.", Family::Placement.names()))]
    pub game: String,
    /// The board size, ROWSxCOLS (with --misere, the game's arguments: heaps, a square).
    #[arg(value_name = "BOARD")]
    pub args: Vec<String>,
    /// Start from this position instead of the empty board (see `grundy value --help`).
    #[arg(long)]
    pub position: Option<String>,
    /// Worker threads (default: one per core). The memory budget is shared among them.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Record settled first moves in FILE (JSON lines, each with a checksum) and resume from it
    /// if it exists. A stopped search also keeps the costliest facts it had learnt of the move
    /// it was searching in FILE.facts, which the next run reads. FILE is locked while the run
    /// writes it: a second run on it is refused.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleOptions,
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
        // Under misère play any game is asked about, written as `grundy value` takes it.
        let target = super::GameArgs {
            game: args.game.clone(),
            args: args.args.clone(),
            positions: args.position.iter().cloned().collect(),
            format: None,
            rules: args.rules.clone(),
        };
        return super::misere::run(
            super::misere::Question::Outcome,
            &target,
            args.threads,
            args.search.memory,
            args.search.json,
        );
    }
    require_verb(&args.game, Verb::Outcome)?;
    let (game, position) =
        args.rules
            .placement_game(&args.game, &args.args, args.position.as_deref())?;
    let Answered {
        report,
        distributed,
    } = FirstMoveSearch {
        game: &game,
        position: &position,
        threads: thread_count(args.threads),
        memory: args.search.memory,
        checkpoint: args.checkpoint.as_deref(),
        cluster: &args.cluster,
    }
    .answer(Goal::Outcome)?;
    if args.search.json {
        return Ok(json_line(&report));
    }
    let mut out = format!(
        "game       {} on {}{}\n",
        game.name(),
        game.board(),
        super::rules_note(game.rules())
    );
    if args.position.is_some() || position != game.empty() {
        out.push_str(&format!("position   {}\n", report.position));
    }
    out.push_str(&format!(
        "outcome    {}\n",
        outcome_sentence(report.to_move, report.outcome)
    ));
    if let Some(first) = &report.winning_move {
        let others: Vec<&str> = report
            .symmetric_winning_moves
            .as_deref()
            .unwrap_or_default()
            .iter()
            .filter_map(|other| other.square.as_deref())
            .collect();
        let symmetric = if others.is_empty() {
            String::new()
        } else {
            format!(", and by symmetry {}", others.join(" "))
        };
        // With several pieces the move names its piece by letter, before the square.
        let square = first.square.as_deref().unwrap_or_default();
        let piece = match first.notation.strip_suffix(square) {
            Some(letter) if !letter.is_empty() => format!("{letter} "),
            _ => String::new(),
        };
        out.push_str(&format!(
            "winning    {piece}{square} ({},{}){symmetric}\n",
            first.row.unwrap_or(0),
            first.col.unwrap_or(0)
        ));
    }
    if let Some(strategy) = &report.settled_by {
        out.push_str(&super::settled_line(strategy));
    }
    let resumed = report.resumed_from_checkpoint.unwrap_or(0);
    out.push_str(&format!(
        "first      {} moves, {} up to symmetry, {} settled{}\n",
        report.first_moves.unwrap_or(0),
        report.first_moves_up_to_symmetry.unwrap_or(0),
        report.first_moves_settled.unwrap_or(0),
        // A distributed search counts what it resumed on its `units` line.
        if resumed > 0 && distributed.is_none() {
            format!(" ({resumed} from the checkpoint)")
        } else {
            String::new()
        }
    ));
    out.push_str(&closing_lines(&report, distributed.as_ref()));
    Ok(out)
}
