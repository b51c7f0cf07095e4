//! `grundy moves`: the winning moves, or every legal move with the nim-value it leads to.

use grundy::games::graph::GraphGame;
use grundy::games::placement::Placement;
use std::collections::HashMap;

use anyhow::Result;
use grundy::board::Square;
use grundy::games::placement::{Piece, PlacementGame, PlacementPosition};
use grundy::games::sum::Summand;
use grundy::misere::Convention;
use grundy::report::GameReport;
use grundy::request::{Limits, MovesRequest};
use grundy::watch::Watch;
use grundy::{picture, Game, Nimber};

use super::{heaps, rules_note, GameArgs, SearchOptions};
use crate::input::run_error;
use crate::progress::Shown;
use crate::render::{draw_board, json_line, plain};

/// Arguments of `grundy moves`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "A winning move leads to a position of nim-value 0. Squares are named by \
column letter and row number (c3 is row 3, column 3); row 1 is drawn at the top.\n\nExamples:\n  \
grundy moves knights 5x5\n  grundy moves queens 5x5 --all\n  grundy moves knights 8x8 --all --seconds 5\n  grundy moves queens 5x5 --all --svg queens.svg\n  grundy moves kings 4x5 --position \
\"K..../...../...../.....\" --json\n  grundy moves bishops+knights 3x3 --all\n  grundy moves knights 5x5 --board mobius\n  grundy moves kayles 3 2 1 5 2 5\n  grundy moves corner-queen 4 6\n  grundy moves graph edges.txt --all\n  grundy moves kayles 3 4 5 7 --misere\n  grundy moves knights 4x4 --misere --all"
)]
pub struct Args {
    #[command(flatten)]
    pub target: GameArgs,
    /// List every legal move and the nim-value it leads to (under --misere: whether it
    /// wins), not only the winning ones.
    #[arg(long)]
    pub all: bool,
    /// For a placement game: draw the position to FILE as SVG, attacked squares shaded, the
    /// winning moves framed and (with --all) the nim-value of each move in its square.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// For one placement game (any game with --misere): search at most S seconds, then answer
    /// with what is settled: a move's value, or only whether it wins (`?` for a value not
    /// found), and the position's value when that much decides it.
    #[arg(long, value_name = "S", allow_negative_numbers = true,
          value_parser = super::play::parse_thinking_time)]
    pub seconds: Option<f64>,
    #[command(flatten)]
    pub convention: super::misere::ConventionOption,
    #[command(flatten)]
    pub search: SearchOptions,
}

/// Runs `grundy moves`.
pub fn run(args: &Args) -> Result<String> {
    if args.convention.misere {
        super::misere::refuse("--svg", args.svg.is_some())?;
        return super::misere::run(
            super::misere::Question::Moves {
                all: args.all,
                seconds: args.seconds,
            },
            &args.target,
            None,
            args.search.memory,
            args.search.json,
        );
    }
    let game = args.target.game()?;
    let placement = matches!(game.as_single(), Some(Summand::Placement(Placement { .. })));
    if !placement {
        super::board_svg::refuse(args.svg.as_deref())?;
    }
    let request = MovesRequest {
        game,
        graph: None,
        all: args.all,
        convention: Convention::Normal,
        limits: Limits::new(args.search.memory, None),
        seconds: args.seconds,
    };
    let shown = Shown::new("searching");
    let progress = shown.clone();
    let watch = Watch::new().on_event(move |event| progress.show(event));
    let report = grundy::request::moves(&request, &watch).map_err(run_error);
    shown.finish();
    let report = report?;
    if let Some(path) = &args.svg {
        // A placement game's report always has a picture: other games were refused above.
        if let Some(svg) = picture::of_game_report(&request.game, &report, args.all) {
            crate::files::write_after_report(path, svg);
        }
    }
    if args.search.json {
        return Ok(json_line(&report));
    }
    Ok(match request.game.as_single() {
        Some(Summand::Placement(Placement { game, position })) => {
            placement_text(game, position, &report, args.all)
        }
        Some(Summand::Graph(GraphGame { .. })) => super::graph_game::moves_text(&report, args.all),
        Some(summand) if !request.game.is_sum() => heaps::moves_text(summand, &report, args.all),
        _ => super::sum::moves_text(&request.game, &report),
    })
}

/// The picture of `position` with its winning moves framed, for `grundy value --svg`: a
/// value report names none, so they are found by the search of `grundy moves` and drawn as
/// its picture, which has the same title.
pub fn winning_picture(
    game: &PlacementGame,
    position: &PlacementPosition,
    memory: u64,
) -> Result<Option<String>> {
    let placement = Game::single(Summand::Placement(Placement {
        game: game.clone(),
        position: *position,
    }));
    let request = MovesRequest::new(placement, Limits::new(memory, None));
    let report = grundy::request::moves(&request, &Watch::new()).map_err(run_error)?;
    Ok(picture::of_game_report(&request.game, &report, false))
}

/// A placement move of a report, back on the board, with what is known of it.
struct PlacedMove {
    square: Square,
    piece: Piece,
    nimber: Option<Nimber>,
    winning: Option<bool>,
}

/// The placement moves of a report, back on the board.
fn placed_moves(game: &PlacementGame, report: &GameReport) -> Vec<PlacedMove> {
    let board = game.board();
    report
        .moves
        .as_deref()
        .unwrap_or_default()
        .iter()
        .filter_map(|m| {
            Some(PlacedMove {
                square: board.square(m.row? - 1, m.col? - 1)?,
                piece: m.piece.as_deref()?.parse::<Piece>().ok()?,
                nimber: m.nimber.map(Nimber::new),
                winning: m.winning,
            })
        })
        .collect()
}

/// The text of `grundy moves` for one placement game: the board with the winning moves (or
/// every move's value) marked, and the moves listed.
fn placement_text(
    game: &PlacementGame,
    position: &PlacementPosition,
    report: &GameReport,
    all: bool,
) -> String {
    let moves = placed_moves(game, report);
    let several = game.pieces().len() > 1;
    let legal_moves = report.legal_moves.unwrap_or(0);
    let winning = report.winning_moves.unwrap_or(0);
    let unsettled = report.moves_unsettled.unwrap_or(0);
    let value = match (report.nimber, report.outcome) {
        (Some(nimber), _) => Nimber::new(nimber).to_string(),
        (None, Some(grundy::Outcome::N)) => "not 0 (not found in the time given)".to_string(),
        (None, _) => "? (not found in the time given)".to_string(),
    };
    // Moves left unsearched may win too: the count is then what was found, not a fact.
    let winning_text = if unsettled > 0 && !(all && report.nimber.is_some()) {
        format!("{winning} winning found ({unsettled} not settled in the time given)")
    } else {
        format!("{winning} winning")
    };
    let mut out = String::new();
    out.push_str(&format!(
        "{} on {}{}: nim-value {value}, {legal_moves} legal moves, {winning_text}\n",
        game.name(),
        game.board(),
        rules_note(game.rules()),
    ));
    let listed: Vec<&PlacedMove> = moves
        .iter()
        .filter(|m| all || m.winning == Some(true))
        .collect();
    let mut labels: HashMap<_, String> = HashMap::new();
    for m in &listed {
        let label = match (all, m.nimber) {
            (false, _) => "*".to_string(),
            (true, Some(nimber)) => plain(nimber),
            (true, None) => "?".to_string(),
        };
        labels
            .entry(m.square)
            .and_modify(|text| {
                if all {
                    text.push('/');
                    text.push_str(&label);
                }
            })
            .or_insert(label);
    }
    out.push_str(&draw_board(game, position, &labels));
    if all && several {
        let letters: Vec<String> = game
            .pieces()
            .iter()
            .map(|piece| piece.letter().to_string())
            .collect();
        out.push_str(&format!(
            "(each free square shows the nim-values after a {} is put there; 0 wins)\n",
            letters.join("/")
        ));
    } else if all {
        out.push_str("(each free square shows the nim-value after a piece is put there; 0 wins)\n");
    } else if winning > 0 {
        out.push_str("(* marks a winning move)\n");
    }
    if unsettled > 0 {
        let what = if all { "valued" } else { "searched" };
        out.push_str(&format!(
            "{unsettled} of {legal_moves} moves not {what} to the end in the time given{}\n",
            if all { " (? on the board)" } else { "" }
        ));
    }
    if legal_moves == 0 {
        out.push_str("no legal moves: the player to move has lost\n");
    } else if listed.is_empty() && report.outcome == Some(grundy::Outcome::P) {
        out.push_str("no winning move: every move leads to a position the opponent wins\n");
    } else if listed.is_empty() {
        out.push_str("no winning move found in the time given\n");
    }
    if let Some(strategy) = &report.settled_by {
        out.push_str(&super::settled_line(strategy));
    }
    for m in &listed {
        let (row, col) = m.square.coordinates();
        let (value, verdict) = match (m.nimber, m.winning) {
            (Some(nimber), _) => (
                nimber.to_string(),
                if nimber == Nimber::ZERO { "  wins" } else { "" },
            ),
            (None, Some(false)) => ("?".to_string(), "  loses (value not found in time)"),
            (None, _) => ("?".to_string(), "  (not searched to the end in time)"),
        };
        let piece = if several {
            format!("{} ", m.piece.letter())
        } else {
            String::new()
        };
        out.push_str(&format!(
            "  {piece}{:<4} ({row},{col}) -> {value}{verdict}\n",
            m.square.to_string(),
        ));
    }
    out.push_str(&format!(
        "searched {} positions in {:.3} s\n",
        report.positions_searched.unwrap_or(0),
        report.seconds
    ));
    out
}
