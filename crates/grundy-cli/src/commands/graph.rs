//! `grundy graph`: the facts of a piece's attack graph (or of any graph from a file) that bear
//! on its placement game: size, degrees, components, bipartiteness, the independence,
//! domination and independent domination numbers, and the terminal positions by size. The
//! library finds them ([`grundy::request::graph`]); this reads the game and renders them.

use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Result;
use grundy::games::registry::games_for;
use grundy::graph::search::SearchLimit;
use grundy::graph::terminal::TerminalLimit;
use grundy::picture;
use grundy::report::Command;
use grundy::request::{self, GraphRequest};
use grundy::watch::{Event, Watch};

use crate::input::{
    input_error, is_graph_game, read_game, refuse_format_without_graph, require_verb, run_error,
};
use crate::progress::Shown;
use crate::render::json_line;

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
    #[arg(long_help = games_for(Command::Graph))]
    pub game: String,
    /// The board size ROWSxCOLS (at most 512 squares), or the graph's file.
    #[arg(value_name = "BOARD|FILE")]
    pub args: Vec<String>,
    /// For `graph FILE`: the file's format, edges or dimacs (default: detected).
    #[arg(long, value_name = "edges|dimacs")]
    pub format: Option<String>,
    /// The most branch-and-bound nodes for each of alpha, gamma and i; a search that reaches it
    /// reports bounds instead of a value.
    #[arg(long, value_name = "NODES", default_value_t = SearchLimit::default().nodes, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// The most frontier states when counting terminal positions; beyond it they are not
    /// counted. About 320 bytes each: more than this machine's memory could hold is refused.
    #[arg(long, value_name = "STATES", default_value_t = TerminalLimit::default().entries, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
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
    if let Some(path) = &args.svg {
        // The library's smallest terminal position is a position of the game: always drawn.
        if let Some(svg) = picture::of_graph_answer(&request.game, &answer) {
            crate::files::write_after_report(path, svg);
        }
    }
    if args.json {
        return Ok(json_line(&answer));
    }
    Ok(request::graph_text(&answer, &request.game))
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
