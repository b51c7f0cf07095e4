//! `grundy value`: the nim-value and outcome of a game.

use std::collections::HashMap;
use std::time::Instant;

use anyhow::Result;
use grundy::games::placement::PlacementSolver;
use serde_json::json;

use super::{heaps, SearchOptions};
use crate::input::{parse_game, parse_position, GameSpec};
use crate::progress::SearchProgress;
use crate::render::{draw_board, outcome_sentence, player_to_move, winner};

/// Arguments of `grundy value`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  grundy value knights 5x5\n  grundy value queens 4x4 --position \".Q../..../..../....\"\n  grundy value leaper:1,3 6x6 --json\n  grundy value kayles 3 4 5 2 5\n  grundy value corner-knight 7 9"
)]
pub struct Args {
    /// The game: a piece (knights, bishops, rooks, queens, kings, camels, zebras, giraffes,
    /// leaper:A,B), a heap game (a code such as 0.77, or nim, kayles, dawsons-kayles,
    /// grundys-game, laskers-nim, sub:1,2,3, treblecross, dawsons-chess, kayles-2d) or a corner
    /// game (corner-knight, corner-queen, corner:DX,DY;DX,DY;...).
    pub game: String,
    /// For a piece, the board size ROWSxCOLS (at most 256 squares, e.g. 16x16). For a heap game the heap sizes (kayles-2d: boards MxN); for a corner game the square M N.
    #[arg(value_name = "BOARD|HEAPS|M N")]
    pub args: Vec<String>,
    /// Start from this position instead of the empty board: rows separated by `/`, row 1
    /// first, `.` for an empty square and the piece letter (N B R Q K, L for a leaper) for an
    /// occupied one.
    #[arg(long)]
    pub position: Option<String>,
    #[command(flatten)]
    pub search: SearchOptions,
}

/// Runs `grundy value`.
pub fn run(args: &Args) -> Result<String> {
    let game = match parse_game(&args.game, &args.args)? {
        GameSpec::Placement(game) => game,
        spec => {
            heaps::refuse_position(args.position.as_deref())?;
            return heaps::value_report(&spec, args.search.json);
        }
    };
    let position = parse_position(&game, args.position.as_deref())?;
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
            "game": game.piece().to_string(),
            "board": game.board().to_string(),
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
        "game       {} on {}\n",
        game.piece(),
        game.board()
    ));
    if args.position.is_some() {
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
