//! `grundy moves`: the winning moves, or every legal move with the nim-value it leads to.

use anyhow::Result;
use grundy::games::answer_text;
use grundy::misere::Convention;
use grundy::request::{Limits, MovesRequest};
use grundy::watch::Watch;
use grundy::{picture, Game};

use super::{GameArgs, SearchOptions};
use crate::input::run_error;
use crate::progress::Shown;
use crate::render::json_line;

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
    /// For a game on a board (pieces, or Cram): draw the position to FILE as SVG, attacked or
    /// covered squares shaded, the winning moves marked and (with --all) the nim-value of each
    /// move in its square (a domino's on the edge its squares share).
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
    if picture::of_game(&game).is_none() {
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
        // A game on a board has a picture of each report: other games were refused above.
        if let Some(svg) = picture::of_game_report(&request.game, &report, args.all) {
            crate::files::write_after_report(path, svg);
        }
    }
    if args.search.json {
        return Ok(json_line(&report));
    }
    Ok(answer_text::moves_text(&request.game, &report, args.all))
}

/// The picture of `game` with its winning moves framed, for `grundy value --svg`: a value
/// report names none, so they are found by the search of `grundy moves` and drawn as its
/// picture, which has the same title.
pub fn winning_picture(game: Game, memory: u64) -> Result<Option<String>> {
    let request = MovesRequest::new(game, Limits::new(memory, None));
    let report = grundy::request::moves(&request, &Watch::new()).map_err(run_error)?;
    Ok(picture::of_game_report(&request.game, &report, false))
}
