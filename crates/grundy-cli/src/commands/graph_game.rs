//! The text of `grundy value graph FILE` and `grundy moves graph FILE`: Node Kayles on a graph
//! read from a file, reported like the placement games (a board's squares become the graph's
//! vertices).

use grundy::report::GameReport;
use grundy::{Nimber, Outcome};

use crate::render::outcome_sentence;

fn describe(report: &GameReport) -> String {
    format!(
        "Node Kayles on {} ({} vertices, {} edges)",
        report.position,
        report.vertices.unwrap_or(0),
        report.edges.unwrap_or(0)
    )
}

fn nimber(report: &GameReport) -> Nimber {
    Nimber::new(report.nimber.unwrap_or(0))
}

/// The text of `grundy value graph FILE`.
pub fn value_text(report: &GameReport) -> String {
    format!(
        "game       {}\nnim-value  {}\noutcome    {}\nsearched   {} positions ({} table hits) in {:.3} s\n",
        describe(report),
        nimber(report),
        outcome_sentence(report.to_move, report.outcome),
        report.positions_searched.unwrap_or(0),
        report.table_hits.unwrap_or(0),
        report.seconds,
    )
}

/// The text of `grundy moves graph FILE`: the winning first moves, or with `all` every vertex
/// and the nim-value a move there leads to.
pub fn moves_text(report: &GameReport, all: bool) -> String {
    let (legal, winning) = (
        report.legal_moves.unwrap_or(0),
        report.winning_moves.unwrap_or(0),
    );
    let moves = report.moves.as_deref().unwrap_or_default();
    let mut out = format!(
        "{}: nim-value {}, {legal} legal moves, {winning} winning\n",
        describe(report),
        nimber(report)
    );
    if legal == 0 {
        out.push_str("no legal moves: the player to move has lost\n");
    } else if moves.is_empty() {
        out.push_str("no winning move: every move leads to a position the opponent wins\n");
    }
    let width = moves.iter().map(|m| m.notation.len()).max().unwrap_or(0);
    for m in moves {
        let verdict = if m.wins() { "  wins" } else { "" };
        out.push_str(&format!(
            "  {:<width$} -> {}{verdict}\n",
            m.notation,
            m.value()
        ));
    }
    if report.outcome == Some(Outcome::N) && !all {
        out.push_str("(a move on a vertex takes it and its neighbours out of play)\n");
    }
    out.push_str(&format!(
        "searched {} positions in {:.3} s\n",
        report.positions_searched.unwrap_or(0),
        report.seconds
    ));
    out
}
