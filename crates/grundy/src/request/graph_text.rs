//! The answer of `graph` as text for people, as the command line prints it: the graph's size,
//! degrees and components, its numbers (or their bounds), and its terminal positions by size,
//! each drawn on the board for a piece's attack graph.

use super::GraphAnswer;
use crate::games::contract::FamilyGame;
use crate::games::game::Game;
use crate::report::{BoundsReport, Count, GraphReport, TerminalCount};

/// A count as its digits.
fn count_digits(count: &Count) -> String {
    match count {
        Count::Exact(count) => count.to_string(),
        Count::Decimal(digits) => digits.clone(),
    }
}

/// The facts of `graph` for `game`, for people: a piece's terminal positions drawn on its board,
/// a graph's by the names of their vertices.
#[must_use]
pub fn graph_text(answer: &GraphAnswer, game: &Game) -> String {
    let report = &answer.report;
    let mut out = String::new();
    match (&report.board, &report.position) {
        (Some(board), _) => out.push_str(&format!("attack graph of {} on {board}\n", report.game)),
        (None, path) => out.push_str(&format!("graph {}\n", path.as_deref().unwrap_or_default())),
    }
    out.push_str(&format!("vertices    {}\n", report.vertices));
    out.push_str(&format!("edges       {}\n", report.edges));
    // The report keys degrees by their digits; people read them in numeric order.
    let mut degrees: Vec<(usize, usize)> = report
        .degree
        .counts
        .iter()
        .map(|(d, &c)| (d.parse().expect("a degree is a number"), c))
        .collect();
    degrees.sort_unstable();
    let counts: Vec<String> = degrees
        .iter()
        .map(|(d, c)| format!("{c} of degree {d}"))
        .collect();
    out.push_str(&format!("degrees     {}\n", counts.join(", ")));
    let sizes: Vec<String> = report
        .component_sizes
        .iter()
        .map(ToString::to_string)
        .collect();
    out.push_str(&format!(
        "components  {} (sizes {})\n",
        report.components,
        sizes.join(", ")
    ));
    out.push_str(&format!(
        "bipartite   {}\n",
        if report.bipartite { "yes" } else { "no" }
    ));
    let line = |symbol: &str, name: &str, exact: Option<usize>, b: &BoundsReport, note: &str| {
        match exact {
            Some(v) => format!("{symbol:<6}{v:<4}{name}{note}\n"),
            None => format!(
                "{symbol:<6}{name}: between {} and {} (the search stopped after {} nodes; raise --limit)\n",
                b.lower, b.upper, b.search_nodes
            ),
        }
    };
    let (numbers, bounds) = (&report.numbers, &report.bounds);
    out.push_str(&line(
        "alpha",
        "independence number",
        numbers.independence_number,
        &bounds.independence_number,
        ": the most pieces a game can end with",
    ));
    out.push_str(&line(
        "gamma",
        "domination number",
        numbers.domination_number,
        &bounds.domination_number,
        "",
    ));
    out.push_str(&line(
        "i",
        "independent domination number",
        numbers.independent_domination_number,
        &bounds.independent_domination_number,
        ": the fewest pieces a game can end with",
    ));
    out.push_str(&format!(
        "searched    {} nodes in {:.3} s\n",
        bounds.independence_number.search_nodes
            + bounds.domination_number.search_nodes
            + bounds.independent_domination_number.search_nodes,
        report.search_seconds
    ));
    out.push('\n');
    match (&report.terminal_positions, &report.terminal_error) {
        (Some(sets), _) => out.push_str(&terminal_report(answer, sets, game)),
        (None, error) => out.push_str(&format!(
            "terminal positions: not counted: {}\n",
            error.as_deref().unwrap_or_default()
        )),
    }
    out
}

fn terminal_report(answer: &GraphAnswer, sets: &TerminalCount, game: &Game) -> String {
    let report: &GraphReport = &answer.report;
    let mut out = String::new();
    let total = sets
        .total
        .as_ref()
        .map_or_else(|| "more than 2^128".to_string(), count_digits);
    out.push_str(&format!(
        "terminal positions (maximal independent sets): {total}, counted exactly in {:.3} s (frontier of {} vertices, at most {} states)\n",
        report.count_seconds, sets.frontier_width, sets.peak_states
    ));
    out.push_str("  size  count\n");
    for class in &sets.sizes {
        out.push_str(&format!(
            "  {:>4}  {}\n",
            class.size,
            count_digits(&class.count)
        ));
    }
    out.push_str("one terminal position of each size:\n");
    for (class, example) in sets.sizes.iter().zip(&answer.terminal_examples) {
        match game
            .as_single()
            .and_then(|single| single.vertex_set_text(example))
        {
            Some(drawn) => {
                out.push_str(&format!("size {}:\n", class.size));
                out.push_str(&drawn);
            }
            None => {
                out.push_str(&format!(
                    "size {}: {}\n",
                    class.size,
                    class.example.join(" ")
                ));
            }
        }
    }
    out
}
