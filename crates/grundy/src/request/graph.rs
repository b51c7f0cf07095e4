//! The facts of a piece's attack graph (or of any graph) that bear on its placement game:
//! size, degrees, components, bipartiteness, the independence, domination and independent
//! domination numbers, and the terminal positions counted by size.

use std::time::Instant;

use serde::{Deserialize, Serialize, Serializer};

use super::{read_game, RunError, Stopped};
use crate::games::contract::{FamilyGame, PositionsGraph};
use crate::games::game::Game;
use crate::games::game::GameError;
use crate::graph::search::{
    domination_observed, independence_number_observed, tighten_by_order, Bounds, SearchLimit,
};
use crate::graph::terminal::{narrowest_order, terminal_sets, TerminalLimit};
use crate::report::{
    BoundsReport, Command, Count, DegreeReport, GraphNumbers, GraphReport, TerminalCount,
    TerminalSize, SCHEMA_VERSION,
};
use crate::watch::{Event, Watch};

/// The most vertices of a graph an answer draws ([`GraphRequest::drawing`]): a board of 12x12,
/// the largest whose squares a page shows at a readable size; a queen's graph there has 3,080
/// edges, a few tens of kilobytes of names.
pub const MAX_DRAWN_VERTICES: usize = 144;

/// The attack graph of one piece on a board (`knights 8x8`), or a graph (`graph FILE`, read by
/// the front end).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "GraphFields")]
pub struct GraphRequest {
    /// One piece on an empty rectangular board, or a graph.
    pub game: Game,
    /// The text of the graph a `graph NAME` stands for, when the request brought it (an edge
    /// list or DIMACS), as in [`super::ValueRequest`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<String>,
    /// The most branch-and-bound nodes for each of alpha, gamma and i; a search that reaches
    /// it answers bounds instead of a value.
    #[serde(default = "default_limit")]
    pub limit: u64,
    /// The most frontier states when counting terminal positions; beyond it they are not
    /// counted. More than this machine's memory could hold is refused.
    #[serde(default = "default_states")]
    pub states: usize,
    /// Whether the answer draws the graph: its vertices and edges by name
    /// ([`GraphReport::drawing`]), for a front end to show it without knowing how any piece
    /// moves; left out of the answer for graphs over [`MAX_DRAWN_VERTICES`] vertices.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawing: bool,
}

/// A [`GraphRequest`] as JSON brings it: the game still text, read with its graph.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GraphFields {
    game: String,
    #[serde(default)]
    graph: Option<String>,
    #[serde(default = "default_limit")]
    limit: u64,
    #[serde(default = "default_states")]
    states: usize,
    #[serde(default)]
    drawing: bool,
}

impl TryFrom<GraphFields> for GraphRequest {
    type Error = GameError;

    fn try_from(fields: GraphFields) -> Result<GraphRequest, GameError> {
        Ok(GraphRequest {
            game: read_game(&fields.game, fields.graph.as_deref())?,
            graph: fields.graph,
            limit: fields.limit,
            states: fields.states,
            drawing: fields.drawing,
        })
    }
}

fn default_limit() -> u64 {
    SearchLimit::default().nodes
}

fn default_states() -> usize {
    TerminalLimit::default().entries
}

impl GraphRequest {
    /// A request about `game` with the default limits.
    #[must_use]
    pub fn new(game: Game) -> GraphRequest {
        GraphRequest {
            game,
            graph: None,
            limit: default_limit(),
            states: default_states(),
            drawing: false,
        }
    }
}

/// The answer of a [`GraphRequest`]: the report, and the sets it names by vertex number (for
/// drawing them on the board). Serialised as the report.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphAnswer {
    /// The facts.
    pub report: GraphReport,
    /// A smallest terminal position: the independent domination number's witness.
    pub smallest_terminal: Vec<usize>,
    /// One terminal position of each size, in the order of the report's sizes.
    pub terminal_examples: Vec<Vec<usize>>,
}

impl Serialize for GraphAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.report.serialize(serializer)
    }
}

/// The graph a request asks about: the one whose independent sets are its game's positions.
fn graph_of(asked: &Game) -> Result<PositionsGraph, RunError> {
    match asked.as_single().and_then(FamilyGame::positions_graph) {
        Some(graph) => graph.map_err(RunError::Input),
        None => Err(RunError::input(format!(
            "graph describes the attack graph of one piece on a board, or a graph from a file, not `{asked}`"
        ))),
    }
}

/// The facts of the graph of `request.game`. The watch hears the three searches (positions
/// searched) and the count of terminal positions (vertices swept).
///
/// # Errors
/// A game that is not one piece on an empty board or a graph, or a graph too large to search
/// ([`RunError::Input`]).
pub fn graph(request: &GraphRequest, watch: &Watch) -> Result<GraphAnswer, RunError> {
    let PositionsGraph {
        graph,
        game,
        board,
        source,
        orders,
    } = graph_of(&request.game)?;
    let terminal_limit = TerminalLimit::within_machine(request.states).map_err(RunError::input)?;
    if request.limit == 0 {
        return Err(RunError::input(format!(
            "`limit` 0: each search needs at least 1 node (the default is {})",
            SearchLimit::default().nodes
        )));
    }
    let started = Instant::now();
    let limit = SearchLimit {
        nodes: request.limit,
    };
    let mut observer = watch.clone();
    let mut alpha =
        independence_number_observed(&graph, limit, &mut observer).map_err(RunError::input)?;
    let mut gamma =
        domination_observed(&graph, false, limit, &mut observer).map_err(RunError::input)?;
    let mut i = domination_observed(&graph, true, limit, &mut observer).map_err(RunError::input)?;
    // The watch's flag ends the three searches as a spent budget would: their bounds are then
    // not the answer.
    if watch.is_stopped() {
        return Err(RunError::Stopped(Stopped::Described(format!(
            "the graph has {} vertices and {} edges; its independence and domination numbers were not found by then",
            graph.vertex_count(),
            graph.edge_count()
        ))));
    }
    tighten_by_order(&mut alpha, &mut gamma, &mut i);
    let search_seconds = started.elapsed().as_secs_f64();

    let counting = Instant::now();
    let order = narrowest_order(&graph, orders);
    let terminal = terminal_sets(&graph, &order, terminal_limit, &mut |done, total| {
        watch.send(&Event::Steps {
            task: "terminal positions".to_string(),
            done: done as u64,
            total: total as u64,
        });
    });
    let count_seconds = counting.elapsed().as_secs_f64();

    let components = graph.components();
    let degrees = graph.degree_distribution();
    let name_list =
        |set: &[usize]| -> Vec<String> { set.iter().map(|&v| graph.name(v).to_string()).collect() };
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
    let report = GraphReport {
        schema: SCHEMA_VERSION,
        command: Command::Graph,
        game,
        board,
        position: source,
        vertices: graph.vertex_count(),
        edges: graph.edge_count(),
        degree: DegreeReport {
            min: degrees.keys().next().copied(),
            max: degrees.keys().next_back().copied(),
            counts: degrees.iter().map(|(d, &c)| (d.to_string(), c)).collect(),
        },
        components: components.len(),
        component_sizes: components.iter().map(Vec::len).collect(),
        bipartite: graph.bipartition().is_some(),
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
        drawing: (request.drawing && graph.vertex_count() <= MAX_DRAWN_VERTICES)
            .then(|| graph.drawing()),
    };
    let terminal_examples = terminal.map_or_else(
        |_| Vec::new(),
        |sets| sets.sizes.into_iter().map(|c| c.example).collect(),
    );
    Ok(GraphAnswer {
        report,
        smallest_terminal: i.witness,
        terminal_examples,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(text: &str) -> GraphReport {
        graph(&GraphRequest::new(text.parse().unwrap()), &Watch::new())
            .unwrap()
            .report
    }

    #[test]
    fn eight_queens_and_the_knights_graph() {
        // Eight queens: alpha 8, gamma 5, i 5, and 92 solutions among the terminal positions.
        let queens = facts("queens 8x8");
        assert_eq!(queens.numbers.independence_number, Some(8));
        assert_eq!(queens.numbers.domination_number, Some(5));
        assert_eq!(queens.numbers.independent_domination_number, Some(5));
        let sizes = queens.terminal_positions.unwrap().sizes;
        let eights = sizes.iter().find(|size| size.size == 8).unwrap();
        assert_eq!(eights.count, Count::Exact(92));
        let knights = facts("knights 8x8");
        assert_eq!((knights.vertices, knights.edges), (64, 168));
        assert!(knights.bipartite);
        assert_eq!(knights.numbers.independence_number, Some(32));
        assert_eq!(knights.drawing, None);
    }

    /// No states, or no nodes, would leave every count and number undecided: refused, as the
    /// command line refuses `--states 0` and `--limit 0`, with the default named.
    #[test]
    fn no_states_and_no_nodes_are_refused() {
        for (json, said) in [
            (r#"{"game":"knights 3x3","states":0}"#, "`states` 0: "),
            (r#"{"game":"knights 3x3","limit":0}"#, "`limit` 0: "),
        ] {
            let asked: GraphRequest = serde_json::from_str(json).unwrap();
            match graph(&asked, &Watch::new()) {
                Err(RunError::Input(message)) => assert!(message.starts_with(said), "{message}"),
                other => panic!("{json}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_stopped_graph_says_its_vertices_and_edges() {
        // What a page shows after the server's time limit, when the numbers were not found.
        let watch = Watch::new();
        watch.stop();
        let asked = GraphRequest::new("knights 8x8".parse().unwrap());
        match graph(&asked, &watch) {
            Err(RunError::Stopped(stopped)) => {
                let how_far = stopped.how_far().unwrap();
                assert!(
                    how_far.starts_with("the graph has 64 vertices and 168 edges"),
                    "{how_far}"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_drawing_is_the_graph_by_name_when_asked_and_small_enough() {
        let asked = |text: &str| GraphRequest {
            drawing: true,
            ..GraphRequest::new(text.parse().unwrap())
        };
        let drawn = graph(&asked("knights 3x3"), &Watch::new()).unwrap().report;
        let drawing = drawn.drawing.expect("a drawing of 9 vertices");
        assert_eq!(drawing.vertices.len(), 9);
        assert_eq!(drawing.edges.len(), drawn.edges);
        // The knight on a1 attacks b3 and c2, nothing else.
        let from_a1: Vec<&String> = drawing
            .edges
            .iter()
            .filter_map(|[a, b]| match (a.as_str(), b.as_str()) {
                ("a1", _) => Some(b),
                (_, "a1") => Some(a),
                _ => None,
            })
            .collect();
        assert_eq!(from_a1.len(), 2);
        assert!(from_a1.iter().any(|square| *square == "b3"));
        assert!(from_a1.iter().any(|square| *square == "c2"));
        let large = graph(&asked("kings 13x12"), &Watch::new()).unwrap().report;
        assert_eq!((large.vertices, large.drawing), (156, None));
    }

    #[test]
    fn a_graph_is_read_by_the_front_end_and_several_pieces_are_refused() {
        let game = Game::parse_with("graph triangle", &mut |_| {
            crate::graph::parse_graph("a b\nb c\nc a\n", None).map_err(|e| e.to_string())
        })
        .unwrap();
        let answer = graph(&GraphRequest::new(game), &Watch::new()).unwrap();
        assert_eq!(answer.report.position.as_deref(), Some("triangle"));
        assert_eq!(answer.report.numbers.independence_number, Some(1));
        assert_eq!(answer.terminal_examples.len(), 1);
        let sent: GraphRequest =
            serde_json::from_str(r#"{"game":"graph square","graph":"a b\nb c\nc d\nd a\n"}"#)
                .unwrap();
        let square = graph(&sent, &Watch::new()).unwrap().report;
        assert_eq!((square.vertices, square.bipartite), (4, true));
        for refused in ["bishops+knights 3x3", "knights 3x3 torus", "kayles 3"] {
            let request = GraphRequest::new(refused.parse().unwrap());
            assert!(matches!(
                graph(&request, &Watch::new()),
                Err(RunError::Input(_))
            ));
        }
    }
}
