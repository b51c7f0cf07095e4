//! `grundy value graph FILE` and `grundy moves graph FILE`: Node Kayles on a graph read from a
//! file, reported like the placement games (a board's squares become the graph's vertices).

use std::time::Instant;

use anyhow::Result;
use grundy::graph::kayles::GraphSolver;
use grundy::graph::Graph;
use grundy::report::{Command, GameReport, Move, Player};
use grundy::{Nimber, Outcome};

use super::{heaps, GameArgs, SearchOptions};
use crate::input::{input_error, read_graph};
use crate::progress::SearchProgress;
use crate::render::{json_line, outcome_sentence};

/// The graph, its file, and a solver for it.
fn load(target: &GameArgs, search: &SearchOptions) -> Result<(String, Graph, GraphSolver)> {
    heaps::refuse_position(target.position()?)?;
    let (path, graph) = read_graph(&target.args, target.format.as_deref())?;
    let solver = GraphSolver::new(&graph, search.memory).map_err(input_error)?;
    Ok((path, graph, solver))
}

fn describe(path: &str, graph: &Graph) -> String {
    format!(
        "Node Kayles on {path} ({} vertices, {} edges)",
        graph.vertex_count(),
        graph.edge_count()
    )
}

/// The report of `grundy value graph FILE`.
pub fn value_report(target: &GameArgs, search: &SearchOptions) -> Result<String> {
    let (path, graph, mut solver) = load(target, search)?;
    let progress = SearchProgress::new("searching");
    solver.set_observer(progress.observer());
    let started = Instant::now();
    let nimber = solver.nim_value();
    let seconds = started.elapsed().as_secs_f64();
    progress.finish();
    let stats = solver.stats();
    let outcome = nimber.outcome();
    if search.json {
        let report = GameReport {
            vertices: Some(graph.vertex_count()),
            edges: Some(graph.edge_count()),
            positions_searched: Some(stats.positions),
            table_hits: Some(stats.table_hits),
            seconds,
            ..GameReport::of_value(
                Command::Value,
                "graph".to_string(),
                path,
                nimber,
                Player::First,
            )
        };
        return Ok(json_line(&report));
    }
    Ok(format!(
        "game       {}\nnim-value  {nimber}\noutcome    {}\nsearched   {} positions ({} table hits) in {seconds:.3} s\n",
        describe(&path, &graph),
        outcome_sentence(Player::First, outcome),
        stats.positions,
        stats.table_hits,
    ))
}

/// The report of `grundy moves graph FILE`: the winning first moves, or with `all` every
/// vertex and the nim-value a move there leads to.
pub fn moves_report(target: &GameArgs, all: bool, search: &SearchOptions) -> Result<String> {
    let (path, graph, mut solver) = load(target, search)?;
    let progress = SearchProgress::new("searching");
    solver.set_observer(progress.observer());
    let started = Instant::now();
    let nimber = solver.nim_value();
    let moves: Vec<(usize, Nimber)> = if all {
        solver.move_values()
    } else {
        solver
            .winning_moves()
            .into_iter()
            .map(|v| (v, Nimber::ZERO))
            .collect()
    };
    let seconds = started.elapsed().as_secs_f64();
    progress.finish();
    let stats = solver.stats();
    let legal_moves = graph.vertex_count();
    let winning = moves.iter().filter(|(_, n)| *n == Nimber::ZERO).count();
    if search.json {
        let report = GameReport {
            vertices: Some(graph.vertex_count()),
            edges: Some(graph.edge_count()),
            legal_moves: Some(legal_moves),
            winning_moves: Some(winning),
            moves: Some(
                moves
                    .iter()
                    .map(|&(v, n)| Move::vertex(graph.name(v), n))
                    .collect(),
            ),
            positions_searched: Some(stats.positions),
            table_hits: Some(stats.table_hits),
            seconds,
            ..GameReport::of_value(
                Command::Moves,
                "graph".to_string(),
                path,
                nimber,
                Player::First,
            )
        };
        return Ok(json_line(&report));
    }
    let mut out = format!(
        "{}: nim-value {nimber}, {legal_moves} legal moves, {winning} winning\n",
        describe(&path, &graph)
    );
    if legal_moves == 0 {
        out.push_str("no legal moves: the player to move has lost\n");
    } else if moves.is_empty() {
        out.push_str("no winning move: every move leads to a position the opponent wins\n");
    }
    let width = moves
        .iter()
        .map(|&(v, _)| graph.name(v).len())
        .max()
        .unwrap_or(0);
    for &(v, n) in &moves {
        let verdict = if n == Nimber::ZERO { "  wins" } else { "" };
        out.push_str(&format!("  {:<width$} -> {n}{verdict}\n", graph.name(v)));
    }
    if nimber.outcome() == Outcome::N && !all {
        out.push_str("(a move on a vertex takes it and its neighbours out of play)\n");
    }
    out.push_str(&format!(
        "searched {} positions in {seconds:.3} s\n",
        stats.positions
    ));
    Ok(out)
}
