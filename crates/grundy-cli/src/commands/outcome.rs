//! `grundy outcome`: who wins, by an outcome search that never needs the full nimber.

use std::time::Instant;

use anyhow::Result;
use grundy::games::placement::PlacementSolver;
use grundy::{Nimber, Outcome};
use serde_json::json;

use super::SearchOptions;
use crate::input::{parse_game, parse_position, GameSpec};
use crate::progress::SearchProgress;
use crate::render::{outcome_sentence, player_to_move, winner};

/// Arguments of `grundy outcome`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Decides whether the position is a second-player win (P) by searching \
the position plus nothing, stopping at the first winning reply wherever it can: usually much \
faster than the nim-value. When the player to move wins, a winning move is reported.\n\nExamples:\n  \
grundy outcome queens 12x12\n  grundy outcome knights 7x7 --json"
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
    #[command(flatten)]
    pub search: SearchOptions,
}

/// Runs `grundy outcome`.
pub fn run(args: &Args) -> Result<String> {
    let GameSpec::Placement(game) = parse_game(&args.game, &args.args)?;
    let position = parse_position(&game, args.position.as_deref())?;
    let progress = SearchProgress::new("searching");
    let mut solver = PlacementSolver::new(&game, args.search.memory);
    solver.set_observer(progress.observer());
    let started = Instant::now();
    let outcome = if solver.has_value(&position, Nimber::ZERO) {
        Outcome::P
    } else {
        Outcome::N
    };
    let winning_move = match outcome {
        Outcome::P => None,
        Outcome::N => solver.first_winning_move(&position),
    };
    let seconds = started.elapsed().as_secs_f64();
    progress.finish();
    let stats = solver.stats();
    let to_move = player_to_move(&game, &position);
    if args.search.json {
        let report = json!({
            "game": game.piece().to_string(),
            "board": game.board().to_string(),
            "position": game.format_position(&position),
            "outcome": outcome.to_string(),
            "to_move": to_move,
            "winner": winner(to_move, outcome),
            "winning_move": winning_move.map(|square| square.to_string()),
            "nodes": stats.positions,
            "table_hits": stats.table_hits,
            "seconds": seconds,
        });
        return Ok(format!("{report}\n"));
    }
    let mut out = format!("game       {} on {}\n", game.piece(), game.board());
    if args.position.is_some() {
        out.push_str(&format!("position   {}\n", game.format_position(&position)));
    }
    out.push_str(&format!(
        "outcome    {}\n",
        outcome_sentence(to_move, outcome)
    ));
    if let Some(square) = winning_move {
        let (row, col) = square.coordinates();
        out.push_str(&format!("winning    {square} ({row},{col})\n"));
    }
    out.push_str(&format!(
        "searched   {} positions ({} table hits) in {:.3} s\n",
        stats.positions, stats.table_hits, seconds
    ));
    Ok(out)
}
