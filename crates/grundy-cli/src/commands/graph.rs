//! `grundy graph`: the facts of a piece's attack graph (or of any graph from a file) that bear
//! on its placement game: size, degrees, components, bipartiteness, the independence,
//! domination and independent domination numbers, and the terminal positions by size. The
//! library finds them ([`grundy::request::graph`]); this reads the game and renders them.

use grundy::games::placement::Placement;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Result;
use grundy::games::placement::{PlacementGame, PlacementPosition};
use grundy::games::registry::Family;
use grundy::games::sum::Summand;
use grundy::graph::search::SearchLimit;
use grundy::graph::terminal::TerminalLimit;
use grundy::picture;
use grundy::report::{BoundsReport, Command, Count, GraphReport, TerminalCount};
use grundy::request::{self, GraphAnswer, GraphRequest};
use grundy::watch::{Event, Watch};

use crate::input::{
    input_error, is_graph_game, read_game, refuse_format_without_graph, require_verb, run_error,
};
use crate::progress::Shown;
use crate::render::{draw_board, json_line};

/// Arguments of `grundy graph`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Terminal positions (where no move is left) are the maximal \
independent sets of the attack graph: i is the fewest pieces a game can end with, alpha the most.\n\n\
Examples:\n  grundy graph knights 8x8\n  grundy graph queens 8x8 --json\n  grundy graph knights 4x4 --json --drawing\n  \
grundy graph knights 8x8 --svg knights.svg\n  grundy graph graph edges.txt"
)]
pub struct Args {
    /// A piece (the list: `grundy graph --help`), or `graph` for a graph read from a file.
    #[arg(long_help = format!("A piece: {}; or `graph` for a graph read from a file.", Family::Placement.names()))]
    pub game: String,
    /// The board size ROWSxCOLS (at most 512 squares), or the graph's file.
    #[arg(value_name = "BOARD|FILE")]
    pub args: Vec<String>,
    /// For `graph FILE`: the file's format, edges or dimacs (default: detected).
    #[arg(long, value_name = "edges|dimacs")]
    pub format: Option<String>,
    /// The most branch-and-bound nodes for each of alpha, gamma and i; a search that reaches it
    /// reports bounds instead of a value.
    #[arg(long, value_name = "NODES", default_value_t = SearchLimit::default().nodes)]
    pub limit: u64,
    /// The most frontier states when counting terminal positions; beyond it they are not
    /// counted.
    #[arg(long, value_name = "STATES", default_value_t = TerminalLimit::default().entries)]
    pub states: usize,
    /// Draw a smallest terminal position (a minimum independent dominating set) into this SVG
    /// file: pieces, and attacked squares shaded. Boards only.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// With --json: draw the graph, its vertices and edges by name (`drawing`), for graphs of at
    /// most 144 vertices.
    #[arg(long, requires = "json")]
    pub drawing: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `grundy graph`.
pub fn run(args: &Args) -> Result<String> {
    require_verb(&args.game, Command::Graph)?;
    refuse_format_without_graph(
        args.format.as_deref(),
        &args.game,
        is_graph_game(&args.game),
    )?;
    let words: Vec<String> = std::iter::once(args.game.clone())
        .chain(args.args.iter().cloned())
        .collect();
    let game = read_game(&words, args.format.as_deref())?;
    if args.svg.is_some() && is_graph_game(&args.game) {
        return Err(input_error(
            "--svg draws boards: it needs a piece and a board",
        ));
    }
    let request = GraphRequest {
        game,
        graph: None,
        limit: args.limit,
        states: args.states,
        drawing: args.drawing,
    };
    let (watch, shown) = graph_watch();
    let answer = request::graph(&request, &watch);
    shown.finish();
    let answer = answer.map_err(run_error)?;
    let board_game = match request.game.as_single() {
        Some(Summand::Placement(Placement { game, .. })) => Some(game),
        _ => None,
    };
    if let (Some(path), Some(game)) = (&args.svg, board_game) {
        // The library's smallest terminal position is a position of the game: always drawn.
        if let Some(svg) = picture::smallest_terminal(game, &answer.smallest_terminal) {
            crate::files::write_after_report(path, svg);
        }
    }
    if args.json {
        return Ok(json_line(&answer));
    }
    Ok(graph_text(&answer, board_game))
}

/// The watch of the three searches (a spinner of positions searched, also reported to
/// `grundy serve`) and of the count of terminal positions (a bar of vertices swept, in place of
/// the spinner). Neither looks at a stop flag: Ctrl-C ends the process.
fn graph_watch() -> (Watch, Shown) {
    let shown = Shown::new("independence and domination");
    let shows = shown.clone();
    let searching = AtomicBool::new(true);
    let watch = Watch::new().on_event(move |event| {
        if matches!(event, Event::Steps { .. }) && searching.swap(false, Ordering::Relaxed) {
            shows.finish_search();
        }
        shows.show(event);
    });
    (watch, shown)
}

/// A count as its digits.
fn count_digits(count: &Count) -> String {
    match count {
        Count::Exact(count) => count.to_string(),
        Count::Decimal(digits) => digits.clone(),
    }
}

/// The facts for people.
fn graph_text(answer: &GraphAnswer, board_game: Option<&PlacementGame>) -> String {
    let report = &answer.report;
    let mut out = String::new();
    match (board_game, &report.position) {
        (Some(game), _) => out.push_str(&format!(
            "attack graph of {} on {}\n",
            game.name(),
            game.board()
        )),
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
        (Some(sets), _) => out.push_str(&terminal_report(answer, sets, board_game)),
        (None, error) => out.push_str(&format!(
            "terminal positions: not counted: {}; raise --states to try harder\n",
            error.as_deref().unwrap_or_default()
        )),
    }
    out
}

/// The position with pieces on `squares` (an independent set, so each placement is legal).
fn position_of(game: &PlacementGame, squares: &[usize]) -> PlacementPosition {
    squares.iter().fold(game.empty(), |position, &index| {
        game.play(&position, game.board().square_at(index))
            .expect("an independent set is reached by legal moves")
    })
}

fn terminal_report(
    answer: &GraphAnswer,
    sets: &TerminalCount,
    board_game: Option<&PlacementGame>,
) -> String {
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
        match board_game {
            Some(game) => {
                out.push_str(&format!("size {}:\n", class.size));
                let position = position_of(game, example);
                out.push_str(&draw_board(game, &position, &HashMap::new()));
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
