//! The text of `grundy value` and `grundy moves` on a sum of games from different families,
//! written as CGSuite users write it: `grundy value "knights 5x5 + kayles 7 + *3"` (quoted or
//! not). The library's value and moves requests answer; this module prints their report.

use grundy::games::contract::FamilyGame;
use grundy::games::graph::GraphGame;
use grundy::games::placement::Placement;
use grundy::games::sum::Summand;
use grundy::report::GameReport;
use grundy::request::LIST_LIMIT;
use grundy::{Game, Nimber};

use super::rules_note;
use crate::render::outcome_words;

/// A summand for people: `knights on 5x5 at N..../...`, `graph edges.txt (12 vertices)`.
fn title(summand: &Summand) -> String {
    match summand {
        Summand::Placement(Placement { game, position }) => {
            let mut title = format!(
                "{} on {}{}",
                game.name(),
                game.board(),
                rules_note(game.rules())
            );
            if *position != game.empty() {
                title.push_str(&format!(" at {}", game.format_position(position)));
            }
            title
        }
        Summand::Graph(GraphGame { name, graph }) => {
            format!("graph {name} ({} vertices)", graph.vertex_count())
        }
        other => other.text(),
    }
}

fn nimber(report: &GameReport) -> Nimber {
    Nimber::new(report.nimber.unwrap_or(0))
}

/// The text of `grundy value` on a sum.
pub fn value_text(game: &Game, report: &GameReport) -> String {
    let titles: Vec<String> = game.summands().iter().map(title).collect();
    let width = titles.iter().map(String::len).max().unwrap_or(0);
    let mut out = format!("game       {}\n", report.game);
    let summands = report.summands.as_deref().unwrap_or_default();
    for (index, (title, summand)) in titles.iter().zip(summands).enumerate() {
        let label = if index == 0 { "summands" } else { "" };
        let settled = summand
            .settled_by
            .as_ref()
            .map_or_else(String::new, |strategy| format!("  (by {strategy})"));
        out.push_str(&format!(
            "{label:<10} {title:<width$}  {}{settled}\n",
            Nimber::new(summand.nimber)
        ));
    }
    out.push_str(&format!("nim-value  {}\n", nimber(report)));
    out.push_str(&format!("outcome    {}\n", outcome_words(report.outcome)));
    out.push_str(&format!(
        "searched   {} positions in {:.3} s\n",
        report.positions_searched.unwrap_or(0),
        report.seconds
    ));
    out
}

/// The text of `grundy moves` on a sum: the winning moves, or with `all` every move.
pub fn moves_text(game: &Game, report: &GameReport) -> String {
    let (legal, winning) = (
        report.legal_moves.unwrap_or(0),
        report.winning_moves.unwrap_or(0),
    );
    let mut out = format!(
        "{}: nim-value {}, {legal} legal moves, {winning} winning\n",
        report.game,
        nimber(report),
    );
    if winning == 0 && legal > 0 {
        out.push_str(
            "no winning move: the sum has nim-value 0, so every move loses against perfect play\n",
        );
    }
    let texts: Vec<String> = game.summands().iter().map(FamilyGame::text).collect();
    let listed = report.moves.as_deref().unwrap_or_default();
    let summand_of = |m: &grundy::report::Move| m.summand.unwrap_or(1) - 1;
    let width = listed
        .iter()
        .map(|m| texts[summand_of(m)].len() + m.notation.len())
        .max()
        .unwrap_or(0);
    for m in listed {
        let shown = format!("{}: {}", texts[summand_of(m)], m.notation);
        let verdict = if m.wins() { "  wins" } else { "" };
        out.push_str(&format!(
            "  {shown:<w$}  -> {} in its game, {} in all{verdict}\n",
            Nimber::new(m.summand_nimber.unwrap_or(0)),
            m.value(),
            w = width + 2
        ));
    }
    if let Some(unlisted) = report.moves_not_listed {
        out.push_str(&format!(
            "  ... and {unlisted} more (only the first {LIST_LIMIT} are listed)\n"
        ));
    }
    out.push_str(&format!(
        "searched   {} positions in {:.3} s\n",
        report.positions_searched.unwrap_or(0),
        report.seconds
    ));
    out
}
