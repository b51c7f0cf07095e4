//! `grundy value`: the nim-value and outcome of a game.

use std::path::PathBuf;

use anyhow::Result;

use grundy::games::answer_text;
use grundy::picture;
use grundy::report::Command;
use grundy::request::Goal;

use super::cluster::ClusterOptions;
use super::value_search::{Answered, ValueSearch};
use super::{thread_count, GameArgs, SearchOptions};
use crate::render::json_line;

/// Arguments of `grundy value`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  grundy value knights 5x5\n  grundy value knights 5x5 --certificate knights-5x5.cert\n  grundy value queens 4x4 --position \".Q../..../..../....\"\n  grundy value leaper:1,3 6x6 --json\n  grundy value knights 6x6 --position \"N...../....../....../....../....../......\" --svg knights.svg\n  grundy value kayles 3 4 5 2 5\n  grundy value corner-knight 7 9\n  grundy value bishops+knights 4x4\n  grundy value knights 6x6 --board torus\n  grundy value queens+rooks 5x5 --rays blocked\n  grundy value graph edges.txt\n  grundy value graph docs/examples/petersen.col --format dimacs   (from the repository's root)\n  grundy value kayles 3 4 5 --misere\n  grundy value 0.312 4 --misere --json"
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
    /// For one piece on an empty rectangle of at most 16x16: also write to FILE a certificate
    /// of the value, which `grundy verify FILE` checks one move deep without the search
    /// (docs/ENGINE.md, "Certificates"). It lists positions with their values; finding them
    /// takes more search than the value alone. The writer keeps within --memory, a quarter of
    /// it for the positions listed.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    #[command(flatten)]
    pub convention: super::misere::ConventionOption,
    #[command(flatten)]
    pub search: SearchOptions,
    #[command(flatten)]
    pub cluster: ClusterOptions,
}

/// Runs `grundy value`.
pub fn run(args: &Args) -> Result<String> {
    if args.convention.misere {
        super::misere::refuse("--checkpoint", args.checkpoint.is_some())?;
        super::misere::refuse("--svg", args.svg.is_some())?;
        super::misere::refuse("--certificate", args.certificate.is_some())?;
        return super::misere::run(
            super::misere::Question::Value,
            &args.target,
            args.threads,
            args.search.memory,
            args.search.json,
        );
    }
    let game = args.target.game()?;
    if args.certificate.is_some() {
        grundy::games::registry::certifiable(&game).map_err(crate::input::input_error)?;
    }
    let picture = match &args.svg {
        Some(path) if picture::of_game(&game).is_some() => Some(path),
        svg => {
            super::board_svg::refuse(svg.as_deref())?;
            None
        }
    };
    if let Some(path) = &args.certificate {
        super::certificate::check_writable(path)?;
    }
    let Answered { report, units } = ValueSearch {
        game: &game,
        named: &args.target.game,
        threads: thread_count(args.threads),
        memory: args.search.memory,
        checkpoint: args.checkpoint.as_deref(),
        cluster: &args.cluster,
    }
    .answer(Goal::NimValue)?;
    let out = if args.search.json {
        json_line(&report)
    } else {
        answer_text::answer_text(
            &game,
            Command::Value,
            &report,
            !args.target.positions.is_empty(),
            units.as_deref(),
        )
    };
    if let Some(path) = &args.certificate {
        // The value searched is an answer whether or not its certificate can be written.
        if let Err(error) =
            super::certificate::write(&game, path, args.search.memory, report.nimber())
        {
            out!("{out}");
            return Err(error);
        }
    }
    if let Some(path) = picture {
        if let Some(svg) = super::moves::winning_picture(game.clone(), args.search.memory)? {
            crate::files::write_after_report(path, svg);
        }
    }
    Ok(out)
}
