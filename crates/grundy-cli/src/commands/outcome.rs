//! `grundy outcome`: who wins, by outcome searches of the first moves, on every core, with a
//! checkpoint that lets a long search stop and resume.

use std::path::PathBuf;

use anyhow::Result;
use grundy::games::placement::root_search::RootOutcome;
use grundy::report::{Command, GameReport, Move};

use super::cluster::ClusterOptions;
use super::first_moves::{Answered, FirstMoveSearch};
use super::{searched_line, thread_count, RuleOptions, SearchOptions};
use crate::input::{parse_game, parse_position, require_verb, GameSpec};
use crate::render::{json_line, outcome_sentence, player_to_move};
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
q14.jsonl --threads 2 --memory 8G\n  grundy outcome knights 7x7 --json"
)]
pub struct Args {
    /// The pieces: a placement game (the list: `grundy outcome --help`).
    #[arg(long_help = format!("The pieces: {}.", Family::Placement.names()))]
    pub game: String,
    /// The board size, ROWSxCOLS.
    #[arg(value_name = "BOARD")]
    pub args: Vec<String>,
    /// Start from this position instead of the empty board (see `grundy value --help`).
    #[arg(long)]
    pub position: Option<String>,
    /// Worker threads (default: one per core). The memory budget is shared among them.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Record settled first moves in FILE (JSON lines, each with a checksum) and resume from it
    /// if it exists. FILE is locked while the run writes it: a second run on it is refused.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleOptions,
    #[command(flatten)]
    pub search: SearchOptions,
    #[command(flatten)]
    pub cluster: ClusterOptions,
}

/// Runs `grundy outcome`.
pub fn run(args: &Args) -> Result<String> {
    require_verb(&args.game, Verb::Outcome)?;
    let GameSpec::Placement(game) = parse_game(&args.game, &args.args)? else {
        unreachable!("only placement games answer `outcome`, and require_verb checked that");
    };
    let game = args.rules.apply(game)?;
    let position = parse_position(&game, args.position.as_deref())?;
    let Answered {
        answer,
        seconds,
        distributed,
    } = FirstMoveSearch {
        game: &game,
        position: &position,
        threads: thread_count(args.threads),
        memory: args.search.memory,
        checkpoint: args.checkpoint.as_deref(),
        cluster: &args.cluster,
    }
    .outcome()?;
    let RootOutcome {
        outcome,
        winning_moves,
        settled_by,
        report,
    } = answer;
    let winning_move = winning_moves.first().copied();
    let several = game.pieces().len() > 1;
    let to_move = player_to_move(&game, &position);
    if args.search.json {
        let as_move = |first: &grundy::games::placement::PlacementMove| {
            Move::placement(first.square, first.piece, several, grundy::Nimber::ZERO)
        };
        let report = GameReport {
            board: Some(game.board().to_string()),
            surface: Some(game.rules().surface().to_string()),
            rays: Some(game.rules().rays().to_string()),
            winning_move: winning_move.as_ref().map(as_move),
            symmetric_winning_moves: winning_move
                .map(|_| winning_moves[1..].iter().map(as_move).collect()),
            first_moves: Some(report.first_moves),
            first_moves_up_to_symmetry: Some(report.groups),
            first_moves_settled: Some(report.settled),
            resumed_from_checkpoint: Some(report.resumed),
            positions_searched: Some(report.positions),
            endgame_positions: Some(report.stats.endgame_positions),
            threads: Some(report.threads),
            ranks: distributed.as_ref().map(|d| d.ranks),
            units_settled: distributed.as_ref().map(|d| d.units_settled()),
            seconds,
            settled_by: settled_by.clone(),
            ..GameReport::new(
                Command::Outcome,
                game.name(),
                game.format_position(&position),
                outcome,
                to_move,
            )
        };
        return Ok(json_line(&report));
    }
    let mut out = format!(
        "game       {} on {}{}\n",
        game.name(),
        game.board(),
        super::rules_note(game.rules())
    );
    if args.position.is_some() {
        out.push_str(&format!("position   {}\n", game.format_position(&position)));
    }
    out.push_str(&format!(
        "outcome    {}\n",
        outcome_sentence(to_move, outcome)
    ));
    if let Some(first) = winning_move {
        let (row, col) = first.square.coordinates();
        let others: Vec<String> = winning_moves[1..]
            .iter()
            .map(|other| other.square.to_string())
            .collect();
        let symmetric = if others.is_empty() {
            String::new()
        } else {
            format!(", and by symmetry {}", others.join(" "))
        };
        let piece = if several {
            format!("{} ", first.piece.letter())
        } else {
            String::new()
        };
        out.push_str(&format!(
            "winning    {piece}{} ({row},{col}){symmetric}\n",
            first.square
        ));
    }
    if let Some(strategy) = &settled_by {
        out.push_str(&super::settled_line(strategy));
    }
    out.push_str(&format!(
        "first      {} moves, {} up to symmetry, {} settled{}\n",
        report.first_moves,
        report.groups,
        report.settled,
        // A distributed search counts what it resumed on its `units` line.
        if report.resumed > 0 && distributed.is_none() {
            format!(" ({} from the checkpoint)", report.resumed)
        } else {
            String::new()
        }
    ));
    if let Some(distributed) = &distributed {
        out.push_str(&distributed.units_line());
    }
    out.push_str(&searched_line(
        report.positions,
        report.stats.endgame_positions,
        seconds,
        report.threads,
    ));
    Ok(out)
}
