//! `grundy graph`: the facts of a piece's attack graph (or of any graph from a file) that bear
//! on its placement game: size, degrees, components, bipartiteness, the independence,
//! domination and independent domination numbers, and the terminal positions by size.

use std::collections::HashMap;
use std::time::Instant;

use anyhow::Result;
use grundy::games::sum::Summand;

use super::RuleOptions;
use grundy::games::placement::{PlacementGame, PlacementPosition};
use grundy::graph::search::{
    domination_observed, independence_number_observed, tighten_by_order, Bounds, SearchLimit,
};
use grundy::graph::terminal::{
    board_orders, narrowest_order, terminal_sets, TerminalLimit, TerminalSets,
};
use grundy::graph::Graph;
use grundy::report::{
    BoundsReport, Command, Count, DegreeReport, GraphNumbers, GraphReport, TerminalCount,
    TerminalSize, SCHEMA_VERSION,
};

use crate::input::{
    input_error, is_graph_game, read_game, refuse_format_without_graph, require_verb,
};
use crate::progress::{counting_bar, SearchProgress};
use crate::render::{draw_board, json_line};
use crate::svg::{board_picture, BoardPicture};
use grundy::games::registry::{Family, Verb};

/// Arguments of `grundy graph`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Terminal positions (where no move is left) are the maximal \
independent sets of the attack graph: i is the fewest pieces a game can end with, alpha the most.\n\n\
Examples:\n  grundy graph knights 8x8\n  grundy graph queens 8x8 --json\n  \
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
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// What is drawn: a board game, or a graph from a file.
enum Subject {
    Board(PlacementGame),
    File(String),
}

/// Runs `grundy graph`.
pub fn run(args: &Args) -> Result<String> {
    require_verb(&args.game, Verb::Graph)?;
    refuse_format_without_graph(
        args.format.as_deref(),
        &args.game,
        is_graph_game(&args.game),
    )?;
    let (subject, graph) = if is_graph_game(&args.game) {
        let words: Vec<String> = std::iter::once(args.game.clone())
            .chain(args.args.iter().cloned())
            .collect();
        let Some(Summand::Graph { name, graph }) = read_game(&words, args.format.as_deref())?
            .into_summands()
            .pop()
        else {
            unreachable!("`graph FILE` reads a graph");
        };
        (Subject::File(name), graph)
    } else {
        let (game, _) = RuleOptions::default().placement_game(&args.game, &args.args, None)?;
        let Some(piece) = game.single_piece() else {
            return Err(several_pieces_refused(&game));
        };
        let graph = Graph::attack_graph(piece, game.board());
        (Subject::Board(game), graph)
    };
    if args.svg.is_some() && matches!(subject, Subject::File(_)) {
        return Err(input_error(
            "--svg draws boards: it needs a piece and a board",
        ));
    }
    let started = Instant::now();
    let limit = SearchLimit { nodes: args.limit };
    let progress = SearchProgress::new("independence and domination");
    let mut observer = progress.observer();
    let mut alpha =
        independence_number_observed(&graph, limit, &mut *observer).map_err(input_error)?;
    let mut gamma =
        domination_observed(&graph, false, limit, &mut *observer).map_err(input_error)?;
    let mut i = domination_observed(&graph, true, limit, &mut *observer).map_err(input_error)?;
    tighten_by_order(&mut alpha, &mut gamma, &mut i);
    progress.finish();
    let search_seconds = started.elapsed().as_secs_f64();

    let counting = Instant::now();
    let order = match &subject {
        Subject::Board(game) => narrowest_order(&graph, board_orders(game.board())),
        Subject::File(_) => narrowest_order(&graph, Vec::new()),
    };
    let bar = counting_bar(graph.vertex_count() as u64, "terminal positions");
    let terminal = terminal_sets(
        &graph,
        &order,
        TerminalLimit {
            entries: args.states,
        },
        &mut |done, _| bar.set_position(done as u64),
    );
    bar.finish_and_clear();
    let count_seconds = counting.elapsed().as_secs_f64();

    if let (Some(path), Subject::Board(game)) = (&args.svg, &subject) {
        let title = format!(
            "{} on {}: a smallest terminal position, {} pieces",
            game.name(),
            game.board(),
            i.witness.len()
        );
        crate::files::write_after_report(
            path,
            board_picture(&terminal_picture(game, &i.witness, &title)),
        );
    }

    let components = graph.components();
    let degrees = graph.degree_distribution();
    let bipartite = graph.bipartition().is_some();
    let name_list =
        |set: &[usize]| -> Vec<String> { set.iter().map(|&v| graph.name(v).to_string()).collect() };
    if args.json {
        let bounds = |b: &Bounds| BoundsReport {
            lower: b.lower,
            upper: b.upper,
            witness: name_list(&b.witness),
            search_nodes: b.nodes,
        };
        let terminal_positions = terminal.as_ref().ok().map(|sets| TerminalCount {
            total: sets.total().map(Count::from),
            sizes: sets
                .sizes
                .iter()
                .map(|c| TerminalSize {
                    size: c.size,
                    count: c.count.into(),
                    example: name_list(&c.example),
                })
                .collect(),
            frontier_width: sets.frontier_width,
            peak_states: sets.peak_entries,
        });
        let (game, board, position) = match &subject {
            Subject::Board(game) => (game.name(), Some(game.board().to_string()), None),
            Subject::File(path) => ("graph".to_string(), None, Some(path.clone())),
        };
        let report = GraphReport {
            schema: SCHEMA_VERSION,
            command: Command::Graph,
            game,
            board,
            position,
            vertices: graph.vertex_count(),
            edges: graph.edge_count(),
            degree: DegreeReport {
                min: degrees.keys().next().copied(),
                max: degrees.keys().next_back().copied(),
                counts: degrees.iter().map(|(d, &c)| (d.to_string(), c)).collect(),
            },
            components: components.len(),
            component_sizes: components.iter().map(Vec::len).collect(),
            bipartite,
            numbers: GraphNumbers {
                independence_number: alpha.exact(),
                domination_number: gamma.exact(),
                independent_domination_number: i.exact(),
            },
            bounds: GraphNumbers {
                independence_number: bounds(&alpha),
                domination_number: bounds(&gamma),
                independent_domination_number: bounds(&i),
            },
            terminal_positions,
            terminal_error: terminal.as_ref().err().map(ToString::to_string),
            search_seconds,
            count_seconds,
        };
        return Ok(json_line(&report));
    }

    let mut out = String::new();
    match &subject {
        Subject::Board(game) => out.push_str(&format!(
            "attack graph of {} on {}\n",
            game.name(),
            game.board()
        )),
        Subject::File(path) => out.push_str(&format!("graph {path}\n")),
    }
    out.push_str(&format!("vertices    {}\n", graph.vertex_count()));
    out.push_str(&format!("edges       {}\n", graph.edge_count()));
    let counts: Vec<String> = degrees
        .iter()
        .map(|(d, c)| format!("{c} of degree {d}"))
        .collect();
    out.push_str(&format!("degrees     {}\n", counts.join(", ")));
    let sizes: Vec<String> = components.iter().map(|c| c.len().to_string()).collect();
    out.push_str(&format!(
        "components  {} (sizes {})\n",
        components.len(),
        sizes.join(", ")
    ));
    out.push_str(&format!(
        "bipartite   {}\n",
        if bipartite { "yes" } else { "no" }
    ));
    let line = |symbol: &str, name: &str, b: &Bounds, note: &str| -> String {
        match b.exact() {
            Some(v) => format!("{symbol:<6}{v:<4}{name}{note}\n"),
            None => format!(
                "{symbol:<6}{name}: between {} and {} (the search stopped after {} nodes; raise --limit)\n",
                b.lower, b.upper, b.nodes
            ),
        }
    };
    out.push_str(&line(
        "alpha",
        "independence number",
        &alpha,
        ": the most pieces a game can end with",
    ));
    out.push_str(&line("gamma", "domination number", &gamma, ""));
    out.push_str(&line(
        "i",
        "independent domination number",
        &i,
        ": the fewest pieces a game can end with",
    ));
    out.push_str(&format!(
        "searched    {} nodes in {search_seconds:.3} s\n",
        alpha.nodes + gamma.nodes + i.nodes
    ));
    out.push('\n');
    match &terminal {
        Ok(sets) => out.push_str(&terminal_report(&subject, &graph, sets, count_seconds)),
        Err(error) => out.push_str(&format!(
            "terminal positions: not counted: {error}; raise --states to try harder\n"
        )),
    }
    Ok(out)
}

/// Why `graph` refuses a game of several pieces: its facts are those of one graph whose
/// independent sets are the game's positions, and with pieces of different kinds there is no
/// such graph.
fn several_pieces_refused(game: &PlacementGame) -> anyhow::Error {
    let (name, board) = (game.name(), game.board());
    let each: Vec<String> = game
        .pieces()
        .iter()
        .map(|piece| format!("`grundy graph {piece} {board}`"))
        .collect();
    input_error(format!(
        "graph describes the attack graph of one piece, whose independent sets are the positions of its game; \
{name} has pieces that attack differently, and a piece may go on a square from which it attacks a piece of another kind \
placed before it (only the square it goes on must be unattacked), so its positions are not the independent sets of one graph \
and alpha, gamma, i and the terminal counts would not describe it. Try {} for each piece's graph, or `grundy value {name} {board}` for the game",
        each.join(" or ")
    ))
}

/// The position with pieces on `squares` (an independent set, so each placement is legal).
fn position_of(game: &PlacementGame, squares: &[usize]) -> PlacementPosition {
    squares.iter().fold(game.empty(), |position, &index| {
        game.play(&position, game.board().square_at(index))
            .expect("an independent set is reached by legal moves")
    })
}

/// A picture of the terminal position `squares`: pieces, and every other square attacked.
fn terminal_picture(game: &PlacementGame, squares: &[usize], title: &str) -> BoardPicture {
    let position = position_of(game, squares);
    let mut picture = BoardPicture::new(title, game.board());
    for (index, style) in picture.squares.iter_mut().enumerate() {
        let square = game.board().square_at(index);
        if let Some(piece) = game.piece_at(&position, square) {
            style.piece = Some(piece.letter());
        } else {
            style.attacked = game.is_attacked(&position, square);
        }
    }
    picture
}

fn terminal_report(subject: &Subject, graph: &Graph, sets: &TerminalSets, seconds: f64) -> String {
    let mut out = String::new();
    let total = sets
        .total()
        .map_or_else(|| "more than 2^128".to_string(), |t| t.to_string());
    out.push_str(&format!(
        "terminal positions (maximal independent sets): {total}, counted exactly in {seconds:.3} s (frontier of {} vertices, at most {} states)\n",
        sets.frontier_width, sets.peak_entries
    ));
    out.push_str("  size  count\n");
    for class in &sets.sizes {
        out.push_str(&format!("  {:>4}  {}\n", class.size, class.count));
    }
    out.push_str("one terminal position of each size:\n");
    for class in &sets.sizes {
        match subject {
            Subject::Board(game) => {
                out.push_str(&format!("size {}:\n", class.size));
                let position = position_of(game, &class.example);
                out.push_str(&draw_board(game, &position, &HashMap::new()));
            }
            Subject::File(_) => {
                let names: Vec<&str> = class.example.iter().map(|&v| graph.name(v)).collect();
                out.push_str(&format!("size {}: {}\n", class.size, names.join(" ")));
            }
        }
    }
    out
}
