//! `grundy value`: the nim-value and outcome of a game.

use std::collections::HashMap;
use std::time::Instant;

use anyhow::Result;
use grundy::games::placement::PlacementSolver;
use serde_json::json;

use super::{heaps, rules_note, GameArgs, SearchOptions};
use crate::input::{parse_game, parse_position, GameSpec};
use crate::progress::SearchProgress;
use crate::render::{draw_board, outcome_sentence, player_to_move, winner};

/// Arguments of `grundy value`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  grundy value knights 5x5\n  grundy value queens 4x4 --position \".Q../..../..../....\"\n  grundy value leaper:1,3 6x6 --json\n  grundy value bishops+knights 4x4\n  grundy value knights 6x6 --board torus\n  grundy value queens+rooks 5x5 --rays blocked\n  grundy value kayles 3 4 5 2 5\n  grundy value corner-knight 7 9"
)]
pub struct Args {
    #[command(flatten)]
    pub target: GameArgs,
    #[command(flatten)]
    pub search: SearchOptions,
}

/// Runs `grundy value`.
pub fn run(args: &Args) -> Result<String> {
    let game = match parse_game(&args.target.game, &args.target.args)? {
        GameSpec::Placement(game) => args.target.rules.apply(game)?,
        spec => {
            args.target.rules.refuse(&args.target.game)?;
            heaps::refuse_position(args.target.position.as_deref())?;
            return heaps::value_report(&spec, args.search.json);
        }
    };
    let position = parse_position(&game, args.target.position.as_deref())?;
    let progress = SearchProgress::new("searching");
    let mut solver = PlacementSolver::new(&game, args.search.memory);
    solver.set_observer(progress.observer());
    let started = Instant::now();
    let nimber = solver.nim_value(&position);
    let seconds = started.elapsed().as_secs_f64();
    progress.finish();
    let stats = solver.stats();
    let to_move = player_to_move(&game, &position);
    let outcome = nimber.outcome();
    if args.search.json {
        let report = json!({
            "game": game.name(),
            "board": game.board().to_string(),
            "surface": game.rules().surface().to_string(),
            "rays": game.rules().rays().to_string(),
            "position": game.format_position(&position),
            "nimber": nimber.value(),
            "outcome": outcome.to_string(),
            "to_move": to_move,
            "winner": winner(to_move, outcome),
            "positions_searched": stats.positions,
            "nodes": stats.positions,
            "table_hits": stats.table_hits,
            "seconds": seconds,
        });
        return Ok(format!("{report}\n"));
    }
    let mut out = String::new();
    out.push_str(&format!(
        "game       {} on {}{}\n",
        game.name(),
        game.board(),
        rules_note(game.rules())
    ));
    if args.target.position.is_some() {
        out.push_str(&format!("position   {}\n", game.format_position(&position)));
        out.push_str(&draw_board(&game, &position, &HashMap::new()));
    }
    out.push_str(&format!("nim-value  {nimber}\n"));
    out.push_str(&format!(
        "outcome    {}\n",
        outcome_sentence(to_move, outcome)
    ));
    out.push_str(&format!(
        "searched   {} positions ({} table hits) in {:.3} s\n",
        stats.positions, stats.table_hits, seconds
    ));
    Ok(out)
}
