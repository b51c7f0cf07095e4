//! `grundy moves`: the winning moves, or every legal move with the nim-value it leads to.

use std::collections::HashMap;
use std::time::Instant;

use anyhow::Result;
use grundy::games::placement::{MoveValue, PlacementSolver};
use grundy::report::{Command, GameReport, Move};
use grundy::Nimber;

use super::{heaps, rules_note, GameArgs, SearchOptions};
use crate::input::{is_graph_game, parse_game, parse_position, GameSpec};
use crate::progress::SearchProgress;
use crate::render::{draw_board, json_line, plain, player_to_move};

/// Arguments of `grundy moves`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "A winning move leads to a position of nim-value 0. Squares are named by \
column letter and row number (c3 is row 3, column 3); row 1 is drawn at the top.\n\nExamples:\n  \
grundy moves knights 5x5\n  grundy moves queens 5x5 --all\n  grundy moves queens 5x5 --all --svg queens.svg\n  grundy moves kings 4x5 --position \
\"K..../...../...../.....\" --json\n  grundy moves bishops+knights 3x3 --all\n  grundy moves knights 5x5 --board mobius\n  grundy moves kayles 3 2 1 5 2 5\n  grundy moves corner-queen 4 6\n  grundy moves graph edges.txt --all"
)]
pub struct Args {
    #[command(flatten)]
    pub target: GameArgs,
    /// List every legal move and the nim-value it leads to, not only the winning ones.
    #[arg(long)]
    pub all: bool,
    /// For a placement game: draw the position to FILE as SVG, attacked squares shaded, the
    /// winning moves framed and (with --all) the nim-value of each move in its square.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub search: SearchOptions,
}

/// Runs `grundy moves`.
pub fn run(args: &Args) -> Result<String> {
    args.target.refuse_format_without_graph()?;
    if let Some(words) = super::sum::sum_words(&args.target) {
        super::board_svg::refuse(args.svg.as_deref())?;
        return super::sum::moves_report(&words, &args.target, args.all, &args.search);
    }
    if is_graph_game(&args.target.game) {
        super::board_svg::refuse(args.svg.as_deref())?;
        return super::graph_game::moves_report(&args.target, args.all, &args.search);
    }
    let game = match parse_game(&args.target.game, &args.target.args)? {
        GameSpec::Placement(game) => args.target.rules.apply(game)?,
        spec => {
            args.target.rules.refuse(&args.target.game)?;
            heaps::refuse_position(args.target.position()?)?;
            super::board_svg::refuse(args.svg.as_deref())?;
            return heaps::moves_report(&spec, args.all, args.search.json);
        }
    };
    let position = parse_position(&game, args.target.position()?)?;
    let progress = SearchProgress::new("searching");
    let mut solver = PlacementSolver::new(&game, args.search.memory);
    solver.set_observer(progress.observer());
    let started = Instant::now();
    // Mirror play settles a second-player win: nim-value 0 and no winning move, without
    // search (the solver consults the same check). With --all each move's value is still
    // searched: the strategy proves only that every move leads to a non-zero value.
    let settled_by = solver
        .settlement(&position)
        .filter(|settled| settled.outcome == grundy::Outcome::P)
        .map(|settled| settled.strategy);
    let nimber = solver.nim_value(&position);
    let legal_moves = game.legal_placements(&position).len();
    let several = game.pieces().len() > 1;
    // Without --all only the winning moves are needed, and outcome searches find them faster
    // than full nimbers of every move.
    let moves: Vec<MoveValue> = if args.all {
        solver.move_values(&position)
    } else {
        solver
            .winning_placements(&position)
            .into_iter()
            .map(|placement| MoveValue {
                square: placement.square,
                piece: placement.piece,
                nimber: Nimber::ZERO,
            })
            .collect()
    };
    let seconds = started.elapsed().as_secs_f64();
    progress.finish();
    let stats = solver.stats();
    if let Some(path) = &args.svg {
        let winning: Vec<_> = moves
            .iter()
            .filter(|m| m.nimber == Nimber::ZERO)
            .map(|m| m.square)
            .collect();
        let values = if args.all { &moves[..] } else { &[] };
        let title = format!("{} on {}: nim-value {nimber}", game.name(), game.board());
        let svg = super::board_svg::placement_svg(&title, &game, &position, &winning, values);
        crate::files::write_after_report(path, svg);
    }
    let listed: Vec<_> = moves
        .iter()
        .filter(|m| args.all || m.nimber == Nimber::ZERO)
        .collect();
    if args.search.json {
        let report = GameReport {
            board: Some(game.board().to_string()),
            surface: Some(game.rules().surface().to_string()),
            rays: Some(game.rules().rays().to_string()),
            legal_moves: Some(legal_moves),
            winning_moves: Some(moves.iter().filter(|m| m.nimber == Nimber::ZERO).count()),
            moves: Some(
                listed
                    .iter()
                    .map(|m| Move::placement(m.square, m.piece, several, m.nimber))
                    .collect(),
            ),
            positions_searched: Some(stats.positions),
            table_hits: Some(stats.table_hits),
            endgame_positions: Some(stats.endgame_positions),
            seconds,
            settled_by: settled_by.clone(),
            ..GameReport::of_value(
                Command::Moves,
                game.name(),
                game.format_position(&position),
                nimber,
                player_to_move(&game, &position),
            )
        };
        return Ok(json_line(&report));
    }
    let mut out = String::new();
    let winning = moves.iter().filter(|m| m.nimber == Nimber::ZERO).count();
    out.push_str(&format!(
        "{} on {}{}: nim-value {nimber}, {} legal moves, {winning} winning\n",
        game.name(),
        game.board(),
        rules_note(game.rules()),
        legal_moves
    ));
    let mut labels: HashMap<_, String> = HashMap::new();
    for m in if args.all {
        moves.iter().collect()
    } else {
        listed.clone()
    } {
        let label = if args.all {
            plain(m.nimber)
        } else {
            "*".to_string()
        };
        labels
            .entry(m.square)
            .and_modify(|text| {
                if args.all {
                    text.push('/');
                    text.push_str(&label);
                }
            })
            .or_insert(label);
    }
    out.push_str(&draw_board(&game, &position, &labels));
    if args.all && several {
        let letters: Vec<String> = game
            .pieces()
            .iter()
            .map(|piece| piece.letter().to_string())
            .collect();
        out.push_str(&format!(
            "(each free square shows the nim-values after a {} is put there; 0 wins)\n",
            letters.join("/")
        ));
    } else if args.all {
        out.push_str("(each free square shows the nim-value after a piece is put there; 0 wins)\n");
    } else if winning > 0 {
        out.push_str("(* marks a winning move)\n");
    }
    if legal_moves == 0 {
        out.push_str("no legal moves: the player to move has lost\n");
    } else if listed.is_empty() {
        out.push_str("no winning move: every move leads to a position the opponent wins\n");
    }
    if let Some(strategy) = &settled_by {
        out.push_str(&super::settled_line(strategy));
    }
    for m in &listed {
        let (row, col) = m.square.coordinates();
        let verdict = if m.nimber == Nimber::ZERO {
            "  wins"
        } else {
            ""
        };
        let piece = if several {
            format!("{} ", m.piece.letter())
        } else {
            String::new()
        };
        out.push_str(&format!(
            "  {piece}{:<4} ({row},{col}) -> {}{verdict}\n",
            m.square.to_string(),
            m.nimber
        ));
    }
    out.push_str(&format!(
        "searched {} positions in {seconds:.3} s\n",
        stats.positions
    ));
    Ok(out)
}
