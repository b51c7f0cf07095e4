//! `grundy value`: the nim-value and outcome of a game.

use std::collections::HashMap;
use std::path::PathBuf;

use anyhow::Result;

use super::cluster::ClusterOptions;
use super::first_moves::{Answered, FirstMoveSearch};
use super::{heaps, rules_note, searched_line, thread_count, GameArgs, SearchOptions};
use crate::input::{input_error, is_graph_game, parse_game, parse_position, GameSpec};
use crate::render::{draw_board, json_line, outcome_sentence, player_to_move};
use grundy::games::placement::root_search::RootValue;
use grundy::games::placement::PlacementSolver;
use grundy::report::{Command, GameReport};

/// Arguments of `grundy value`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  grundy value knights 5x5\n  grundy value queens 4x4 --position \".Q../..../..../....\"\n  grundy value leaper:1,3 6x6 --json\n  grundy value knights 6x6 --position \"N...../....../....../....../....../......\" --svg knights.svg\n  grundy value kayles 3 4 5 2 5\n  grundy value corner-knight 7 9\n  grundy value bishops+knights 4x4\n  grundy value knights 6x6 --board torus\n  grundy value queens+rooks 5x5 --rays blocked\n  grundy value graph edges.txt\n  grundy value graph docs/examples/petersen.col --format dimacs   (from the repository's root)"
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
    /// kept in FILE. FILE is locked while the run writes it: a second run on it is refused.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// For a placement game: draw the position to FILE as SVG, attacked squares shaded and the
    /// winning moves framed (finding them costs an outcome search per legal move).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
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
    args.target.refuse_format_without_graph()?;
    if let Some(words) = super::sum::sum_words(&args.target) {
        refuse_checkpoint(args)?;
        super::board_svg::refuse(args.svg.as_deref())?;
        return super::sum::value_report(&words, &args.target, &args.search);
    }
    if is_graph_game(&args.target.game) {
        refuse_checkpoint(args)?;
        super::board_svg::refuse(args.svg.as_deref())?;
        return super::graph_game::value_report(&args.target, &args.search);
    }
    let game = match parse_game(&args.target.game, &args.target.args)? {
        GameSpec::Placement(game) => args.target.rules.apply(game)?,
        spec => {
            args.target.rules.refuse(&args.target.game)?;
            heaps::refuse_position(args.target.position()?)?;
            refuse_checkpoint(args)?;
            super::board_svg::refuse(args.svg.as_deref())?;
            return heaps::value_report(&spec, args.search.json);
        }
    };
    let position = parse_position(&game, args.target.position()?)?;
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
    .nim_value()?;
    let RootValue {
        nimber,
        settled_by,
        report,
    } = answer;
    let (nodes, stats) = (report.positions, report.stats);
    let to_move = player_to_move(&game, &position);
    let outcome = nimber.outcome();
    if let Some(path) = &args.svg {
        let winning = PlacementSolver::new(&game, args.search.memory).winning_moves(&position);
        let title = format!("{} on {}: nim-value {nimber}", game.name(), game.board());
        let svg = super::board_svg::placement_svg(&title, &game, &position, &winning, &[]);
        crate::files::write_after_report(path, svg);
    }
    if args.search.json {
        let report = GameReport {
            board: Some(game.board().to_string()),
            surface: Some(game.rules().surface().to_string()),
            rays: Some(game.rules().rays().to_string()),
            positions_searched: Some(nodes),
            table_hits: Some(stats.table_hits),
            endgame_positions: Some(stats.endgame_positions),
            first_moves_up_to_symmetry: Some(report.groups),
            resumed_from_checkpoint: Some(report.resumed),
            threads: Some(report.threads),
            ranks: distributed.as_ref().map(|d| d.ranks),
            units_settled: distributed.as_ref().map(|d| d.units_settled()),
            seconds,
            settled_by: settled_by.clone(),
            ..GameReport::of_value(
                Command::Value,
                game.name(),
                game.format_position(&position),
                nimber,
                to_move,
            )
        };
        return Ok(json_line(&report));
    }
    let mut out = String::new();
    out.push_str(&format!(
        "game       {} on {}{}\n",
        game.name(),
        game.board(),
        rules_note(game.rules())
    ));
    if args.target.position()?.is_some() {
        out.push_str(&format!("position   {}\n", game.format_position(&position)));
        out.push_str(&draw_board(&game, &position, &HashMap::new()));
    }
    out.push_str(&format!("nim-value  {nimber}\n"));
    out.push_str(&format!(
        "outcome    {}\n",
        outcome_sentence(to_move, outcome)
    ));
    if let Some(strategy) = &settled_by {
        out.push_str(&super::settled_line(strategy));
    }
    // A distributed search counts what it resumed on its `units` line.
    if report.resumed > 0 && distributed.is_none() {
        out.push_str(&format!(
            "resumed    {} answers from the checkpoint (whether a first move leaves a value)\n",
            report.resumed
        ));
    }
    if let Some(distributed) = &distributed {
        out.push_str(&distributed.units_line());
    }
    out.push_str(&searched_line(
        nodes,
        stats.endgame_positions,
        seconds,
        report.threads,
    ));
    Ok(out)
}
