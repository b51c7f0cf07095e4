//! `grundy value`: the nim-value and outcome of a game.

use grundy::games::placement::Placement;
use std::path::PathBuf;

use anyhow::Result;

use grundy::games::answer_text;
use grundy::games::placement::unit_search::Goal;
use grundy::games::placement::{PlacementGame, PlacementPosition};
use grundy::games::sum::Summand;
use grundy::misere::Convention;
use grundy::request::{Limits, OutcomeRequest, ValueRequest};
use grundy::watch::Watch;
use grundy::{picture, Game};

use super::cluster::units_line;
use super::cluster::ClusterOptions;
use super::first_moves::{Answered, FirstMoveSearch};
use super::{thread_count, GameArgs, SearchOptions};
use crate::input::{input_error, run_error};
use crate::progress::Shown;
use crate::render::json_line;

/// Arguments of `grundy value`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  grundy value knights 5x5\n  grundy value queens 4x4 --position \".Q../..../..../....\"\n  grundy value leaper:1,3 6x6 --json\n  grundy value knights 6x6 --position \"N...../....../....../....../....../......\" --svg knights.svg\n  grundy value kayles 3 4 5 2 5\n  grundy value corner-knight 7 9\n  grundy value bishops+knights 4x4\n  grundy value knights 6x6 --board torus\n  grundy value queens+rooks 5x5 --rays blocked\n  grundy value graph edges.txt\n  grundy value graph docs/examples/petersen.col --format dimacs   (from the repository's root)\n  grundy value kayles 3 4 5 --misere\n  grundy value 0.312 4 --misere --json"
)]
pub struct Args {
    #[command(flatten)]
    pub target: GameArgs,
    /// Worker threads for a placement game (default: one per core); the memory budget is
    /// shared among them.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// For a placement game: record what is settled in FILE (JSON lines, each with a
    /// checksum) and resume from it if it exists. Ctrl-C stops the search with what is settled
    /// kept in FILE (and what it spent on long questions it had not answered, so that the next
    /// run takes its turns where this one stopped), and the costliest facts it had learnt of the
    /// questions it was searching in FILE.facts, which the next run reads. FILE is locked
    /// while the run writes it: a second run on it is refused.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// For a game on a board (pieces, or Cram): draw the position to FILE as SVG, attacked or
    /// covered squares shaded and the winning moves marked (finding them costs a search per
    /// legal move).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub convention: super::misere::ConventionOption,
    #[command(flatten)]
    pub search: SearchOptions,
    #[command(flatten)]
    pub cluster: ClusterOptions,
}

/// Refuses `--checkpoint` for a game that is not a placement game: nothing would be recorded,
/// and a user counting on resuming would find an empty file.
fn refuse_checkpoint(args: &Args) -> Result<()> {
    if args.checkpoint.is_some() {
        return Err(input_error(format!(
            "--checkpoint is for the placement games (pieces on a board), not for `{}`",
            args.target.game
        )));
    }
    Ok(())
}

/// Runs `grundy value`.
pub fn run(args: &Args) -> Result<String> {
    if args.convention.misere {
        super::misere::refuse("--checkpoint", args.checkpoint.is_some())?;
        super::misere::refuse("--svg", args.svg.is_some())?;
        return super::misere::run(
            super::misere::Question::Value,
            &args.target,
            args.threads,
            args.search.memory,
            args.search.json,
        );
    }
    let game = args.target.game()?;
    if let Some(Summand::Placement(Placement { game, position })) = game.as_single() {
        return placement(args, game, position);
    }
    refuse_checkpoint(args)?;
    let picture = match &args.svg {
        Some(path) if picture::of_game(&game).is_some() => Some((path, game.clone())),
        svg => {
            super::board_svg::refuse(svg.as_deref())?;
            None
        }
    };
    let answer =
        not_one_placement_game(game, Question::Value, args.search.memory, args.search.json)?;
    if let Some((path, game)) = picture {
        if let Some(svg) = super::moves::winning_picture(game, args.search.memory)? {
            crate::files::write_after_report(path, svg);
        }
    }
    Ok(answer)
}

/// Which of the two questions a game that is not one placement game is asked: both are
/// answered by its nim-value (the player to move wins when it is not 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// `grundy value`.
    Value,
    /// `grundy outcome`.
    Outcome,
}

/// `grundy value` or `grundy outcome` of `game`, which is not one placement game: the
/// library's answer as text, or as JSON with `json`.
pub fn not_one_placement_game(
    game: Game,
    question: Question,
    memory: u64,
    json: bool,
) -> Result<String> {
    // Nothing here is kept when it stops, so Ctrl-C ends it at once, as it always did.
    let shown = Shown::new("searching");
    let progress = shown.clone();
    let watch = Watch::new().on_event(move |event| progress.show(event));
    let request = ValueRequest {
        game,
        graph: None,
        convention: Convention::Normal,
        limits: Limits::new(memory, None),
        resume: Default::default(),
    };
    let report = match question {
        Question::Value => grundy::request::value(&request, &watch),
        Question::Outcome => {
            grundy::request::outcome(&OutcomeRequest::from(request.clone()), &watch)
        }
    }
    .map_err(run_error);
    shown.finish();
    let report = report?;
    if json {
        return Ok(json_line(&report));
    }
    Ok(answer_text::value_text(&request.game, &report))
}

/// `grundy value` for one placement game: a first-move search on this host's threads or the
/// ranks of an MPI job, with its checkpoint.
fn placement(args: &Args, game: &PlacementGame, position: &PlacementPosition) -> Result<String> {
    let Answered {
        report,
        distributed,
    } = FirstMoveSearch {
        game,
        position,
        threads: thread_count(args.threads),
        memory: args.search.memory,
        checkpoint: args.checkpoint.as_deref(),
        cluster: &args.cluster,
    }
    .answer(Goal::NimValue)?;
    if let Some(path) = &args.svg {
        let placement = Game::single(Summand::Placement(Placement {
            game: game.clone(),
            position: *position,
        }));
        if let Some(svg) = super::moves::winning_picture(placement, args.search.memory)? {
            crate::files::write_after_report(path, svg);
        }
    }
    if args.search.json {
        return Ok(json_line(&report));
    }
    let shows_position = !args.target.positions.is_empty() || *position != game.empty();
    let units = distributed.as_ref().map(units_line);
    Ok(answer_text::placement_value_text(
        game,
        position,
        &report,
        shows_position,
        units.as_deref(),
    ))
}
