//! The text of `grundy value` and `grundy moves` for heap games, two-dimensional Kayles and
//! corner games, whose answers the library reads from the game's nim-sequence or table, and
//! for a game its family searches by its own evaluator (Cram).

use grundy::games::corner::CornerPiece;
use grundy::games::sum::Summand;
use grundy::report::GameReport;
use grundy::request::LIST_LIMIT;
use grundy::Nimber;

use crate::render::outcome_words;

/// The game for people: `kayles (0.77)`, `0.137`, `kayles-2d`, `corner-knight`.
fn describe(report: &GameReport) -> String {
    match &report.code {
        Some(code) if *code != report.game => format!("{} ({code})", report.game),
        _ => report.game.clone(),
    }
}

/// The position for people: the heaps `3 4 5`, the boards, the corner piece's square `(7, 9)`.
fn position(summand: &Summand, report: &GameReport) -> String {
    match summand {
        Summand::Corner(CornerPiece { m, n, .. }) => format!("({m}, {n})"),
        _ => report.position.clone(),
    }
}

fn nimber(report: &GameReport) -> Nimber {
    Nimber::new(report.nimber.unwrap_or(0))
}

/// The text of `grundy value` for a heap or corner game.
pub fn value_text(summand: &Summand, report: &GameReport) -> String {
    let mut out = format!(
        "game       {}\nposition   {}\n",
        describe(report),
        position(summand, report)
    );
    if let Some(parts) = report
        .heap_nimbers
        .as_ref()
        .filter(|parts| !parts.is_empty())
    {
        let shown: Vec<String> = parts.iter().map(|&v| Nimber::new(v).to_string()).collect();
        out.push_str(&format!("heaps      {}\n", shown.join(" + ")));
    }
    // An outcome a strategy settled comes without the value.
    if report.nimber.is_some() {
        out.push_str(&format!("nim-value  {}\n", nimber(report)));
    }
    out.push_str(&format!("outcome    {}\n", outcome_words(report.outcome)));
    if let Some(winning) = &report.winning_move {
        out.push_str(&format!("winning    {}\n", winning.notation));
    }
    out.push_str(&searched_lines(report));
    out
}

/// For a game its family searches (Cram): the strategy that settled it without search, and the
/// positions searched. A game read from its sequence or table has neither.
fn searched_lines(report: &GameReport) -> String {
    let mut out = report
        .settled_by
        .as_deref()
        .map_or_else(String::new, super::settled_line);
    if let Some(positions) = report.positions_searched {
        out.push_str(&format!(
            "searched   {positions} positions in {:.3} s\n",
            report.seconds
        ));
    }
    out
}

/// The text of `grundy moves` for a heap or corner game.
pub fn moves_text(summand: &Summand, report: &GameReport, all: bool) -> String {
    let (legal, winning) = (
        report.legal_moves.unwrap_or(0),
        report.winning_moves.unwrap_or(0),
    );
    let mut out = format!(
        "{} at {}: nim-value {}, {legal} different moves, {winning} winning\n",
        describe(report),
        position(summand, report),
        nimber(report)
    );
    if legal == 0 {
        out.push_str("no legal moves: the player to move has lost\n");
    } else if winning == 0 && !all {
        out.push_str("no winning move: every move leads to a position the opponent wins\n");
    }
    if let Some(strategy) = &report.settled_by {
        out.push_str(&super::settled_line(strategy));
    }
    for m in report.moves.as_deref().unwrap_or_default() {
        let verdict = if m.wins() { "  wins" } else { "" };
        out.push_str(&format!(
            "  {:<24} leaves {}{verdict}\n",
            m.notation,
            m.value()
        ));
    }
    let unlisted = report.moves_not_listed.unwrap_or(0);
    if unlisted > 0 {
        out.push_str(&format!(
            "  ... and {unlisted} more (only the first {LIST_LIMIT} are listed)\n"
        ));
    }
    if let Some(cells) = report.winning_cells.as_ref().filter(|c| !c.is_empty()) {
        let cells: Vec<String> = cells.iter().map(ToString::to_string).collect();
        out.push_str(&format!(
            "winning cells (numbered from 1): {}\n",
            cells.join(", ")
        ));
    }
    out
}
