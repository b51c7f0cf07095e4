//! `grundy outcome`: who wins, by outcome searches of the first moves, on every core, with a
//! checkpoint that lets a long search stop and resume.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use grundy::{Nimber, Outcome, Square};
use serde_json::json;

use super::first_moves::FirstMoveSearch;
use super::{searched_line, thread_count, RuleOptions, SearchOptions};
use crate::input::{input_error, parse_game, parse_position, GameSpec};
use crate::progress::counting_bar;
use crate::render::{outcome_sentence, player_to_move, winner};

/// Arguments of `grundy outcome`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The first moves are grouped by symmetry and searched in parallel, each \
by an outcome search that stops at the first winning reply: usually much faster than the \
nim-value. The search stops as soon as one first move is found to win.\n\n\
With --checkpoint FILE every settled first move is written to FILE as it is settled; Ctrl-C \
stops the search, and the same command run again resumes without searching those moves \
again.\n\nExamples:\n  grundy outcome queens 12x12\n  grundy outcome queens 14x14 --checkpoint \
q14.jsonl --threads 2 --memory 8G\n  grundy outcome knights 7x7 --json"
)]
pub struct Args {
    /// The game: knights, bishops, rooks, queens, kings, camels, zebras, giraffes or leaper:A,B.
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
    /// Record settled first moves in FILE (JSON lines) and resume from it if it exists.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleOptions,
    #[command(flatten)]
    pub search: SearchOptions,
}

/// Runs `grundy outcome`.
pub fn run(args: &Args) -> Result<String> {
    let GameSpec::Placement(game) = parse_game(&args.game, &args.args)? else {
        return Err(input_error(format!(
            "`grundy outcome` searches the placement games; for `{}` use `grundy value`, which gives the outcome with the nim-value",
            args.game
        )));
    };
    let game = args.rules.apply(game)?;
    if game.pieces().len() > 1 {
        return Err(input_error(format!(
            "`grundy outcome` searches games of one piece; for `{}` use `grundy value` or `grundy moves`",
            game.name()
        )));
    }
    let position = parse_position(&game, args.position.as_deref())?;
    let threads = thread_count(args.threads);
    let mut search = FirstMoveSearch::new(
        &game,
        &position,
        threads,
        args.search.memory,
        args.checkpoint.as_deref(),
    )?;
    let started = Instant::now();
    let bar = counting_bar(search.groups().len() as u64, "first moves settled");
    let first_player_wins = search.some_move_leaves(Nimber::ZERO, &bar)?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();

    let outcome = if first_player_wins {
        Outcome::N
    } else {
        Outcome::P
    };
    let winning = search.groups_leaving(Nimber::ZERO);
    let winning_move = winning.first().map(|group| group[0]);
    let groups = search.groups();
    let first_moves = groups.iter().map(Vec::len).sum::<usize>();
    let (nodes, resumed, settled) = (search.nodes(), search.resumed(), search.settled());
    let stats = search.stats();
    let threads = search.threads();
    let to_move = player_to_move(&game, &position);
    if args.search.json {
        let report = json!({
            "game": game.name(),
            "board": game.board().to_string(),
            "surface": game.rules().surface().to_string(),
            "position": game.format_position(&position),
            "outcome": outcome.to_string(),
            "to_move": to_move,
            "winner": winner(to_move, outcome),
            "winning_move": winning_move.map(|square| square.to_string()),
            "first_moves": first_moves,
            "first_moves_up_to_symmetry": groups.len(),
            "first_moves_settled": settled,
            "resumed_from_checkpoint": resumed,
            "nodes": nodes,
            "endgame_positions": stats.endgame_positions,
            "threads": threads,
            "seconds": seconds,
        });
        return Ok(format!("{report}\n"));
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
    if let Some(group) = winning.first() {
        let (row, col) = group[0].coordinates();
        let others: Vec<String> = group[1..].iter().map(Square::to_string).collect();
        let symmetric = if others.is_empty() {
            String::new()
        } else {
            format!(", and by symmetry {}", others.join(" "))
        };
        out.push_str(&format!(
            "winning    {} ({row},{col}){symmetric}\n",
            group[0]
        ));
    }
    out.push_str(&format!(
        "first      {first_moves} moves, {} up to symmetry, {settled} settled{}\n",
        groups.len(),
        if resumed > 0 {
            format!(" ({resumed} from the checkpoint)")
        } else {
            String::new()
        }
    ));
    out.push_str(&searched_line(
        nodes,
        stats.endgame_positions,
        seconds,
        threads,
    ));
    Ok(out)
}
