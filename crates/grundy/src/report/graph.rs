//! The answer of `grundy graph`: the facts of an attack graph.

use serde::{Deserialize, Serialize};

use super::{Command, Count, GraphDrawing};

/// A search's proven bounds on a graph number, and the best set found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoundsReport {
    /// A proven lower bound.
    pub(crate) lower: usize,
    /// A proven upper bound.
    pub(crate) upper: usize,
    /// The best set found, by vertex (square) names.
    pub(crate) witness: Vec<String>,
    /// Branch-and-bound nodes searched.
    pub(crate) search_nodes: u64,
}

/// The three graph numbers `grundy graph` bounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphNumbers<T> {
    /// The largest independent set.
    pub(crate) independence_number: T,
    /// The smallest dominating set.
    pub(crate) domination_number: T,
    /// The smallest independent dominating set: the fewest pieces of a terminal position.
    pub(crate) independent_domination_number: T,
}

/// How many vertices have each degree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DegreeReport {
    /// The smallest degree (`null` for an empty graph).
    pub(crate) min: Option<usize>,
    /// The largest degree (`null` for an empty graph).
    pub(crate) max: Option<usize>,
    /// Degree (as a string key) to the number of vertices with it.
    pub(crate) counts: std::collections::BTreeMap<String, usize>,
}

/// Terminal positions (maximal independent sets) counted by size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerminalCount {
    /// How many there are in all (`null` past what the count holds).
    pub(crate) total: Option<Count>,
    /// One entry per size that occurs.
    pub(crate) sizes: Vec<TerminalSize>,
    /// The widest frontier of the count's sweep.
    pub(crate) frontier_width: usize,
    /// The most states held at once.
    pub(crate) peak_states: usize,
}

/// Terminal positions of one size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerminalSize {
    /// The number of pieces (vertices).
    pub(crate) size: usize,
    /// How many terminal positions have it.
    pub(crate) count: Count,
    /// One of them, by vertex names.
    pub(crate) example: Vec<String>,
}

/// The answer of `grundy graph`: the attack graph of a board, or a graph from a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GraphReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub(crate) schema: u32,
    /// [`Command::Graph`].
    pub(crate) command: Command,
    /// The piece(s) (`knights`), or `graph` for a file.
    pub(crate) game: String,
    /// Boards: `ROWSxCOLS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) board: Option<String>,
    /// Files: the file name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) position: Option<String>,
    /// Vertices (squares).
    pub(crate) vertices: usize,
    /// Edges (pairs of squares that attack each other).
    pub(crate) edges: usize,
    /// The degree distribution.
    pub(crate) degree: DegreeReport,
    /// Connected components.
    pub(crate) components: usize,
    /// Their sizes.
    pub(crate) component_sizes: Vec<usize>,
    /// Whether the graph is two-coloured.
    pub(crate) bipartite: bool,
    /// The graph numbers when the searches settled them (`null` each one that was not).
    #[serde(flatten)]
    pub(crate) numbers: GraphNumbers<Option<usize>>,
    /// The searches' bounds and witnesses.
    pub(crate) bounds: GraphNumbers<BoundsReport>,
    /// The count of terminal positions; `null` when it could not be made.
    pub(crate) terminal_positions: Option<TerminalCount>,
    /// Why the count could not be made, or `null`.
    pub(crate) terminal_error: Option<String>,
    /// Seconds of the three searches.
    pub(crate) search_seconds: f64,
    /// Seconds of the count.
    pub(crate) count_seconds: f64,
    /// The graph itself, its vertices and edges by name, when the request asked for it
    /// ([`crate::request::GraphRequest::drawing`]) and the graph is small enough to draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawing: Option<GraphDrawing>,
}
