//! The answer of `grundy graph`: the facts of an attack graph.

use serde::{Deserialize, Serialize};

use super::{Command, Count, GraphDrawing};

/// A search's proven bounds on a graph number, and the best set found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoundsReport {
    /// A proven lower bound.
    pub lower: usize,
    /// A proven upper bound.
    pub upper: usize,
    /// The best set found, by vertex (square) names.
    pub witness: Vec<String>,
    /// Branch-and-bound nodes searched.
    pub search_nodes: u64,
}

/// The three graph numbers `grundy graph` bounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphNumbers<T> {
    /// The largest independent set.
    pub independence_number: T,
    /// The smallest dominating set.
    pub domination_number: T,
    /// The smallest independent dominating set: the fewest pieces of a terminal position.
    pub independent_domination_number: T,
}

/// How many vertices have each degree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DegreeReport {
    /// The smallest degree (`null` for an empty graph).
    pub min: Option<usize>,
    /// The largest degree (`null` for an empty graph).
    pub max: Option<usize>,
    /// Degree (as a string key) to the number of vertices with it.
    pub counts: std::collections::BTreeMap<String, usize>,
}

/// Terminal positions (maximal independent sets) counted by size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerminalCount {
    /// How many there are in all (`null` past what the count holds).
    pub total: Option<Count>,
    /// One entry per size that occurs.
    pub sizes: Vec<TerminalSize>,
    /// The widest frontier of the count's sweep.
    pub frontier_width: usize,
    /// The most states held at once.
    pub peak_states: usize,
}

/// Terminal positions of one size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerminalSize {
    /// The number of pieces (vertices).
    pub size: usize,
    /// How many terminal positions have it.
    pub count: Count,
    /// One of them, by vertex names.
    pub example: Vec<String>,
}

/// The answer of `grundy graph`: the attack graph of a board, or a graph from a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GraphReport {
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub schema: u32,
    /// [`Command::Graph`].
    pub command: Command,
    /// The piece(s) (`knights`), or `graph` for a file.
    pub game: String,
    /// Boards: `ROWSxCOLS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Files: the file name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Vertices (squares).
    pub vertices: usize,
    /// Edges (pairs of squares that attack each other).
    pub edges: usize,
    /// The degree distribution.
    pub degree: DegreeReport,
    /// Connected components.
    pub components: usize,
    /// Their sizes.
    pub component_sizes: Vec<usize>,
    /// Whether the graph is two-coloured.
    pub bipartite: bool,
    /// The graph numbers when the searches settled them (`null` each one that was not).
    #[serde(flatten)]
    pub numbers: GraphNumbers<Option<usize>>,
    /// The searches' bounds and witnesses.
    pub bounds: GraphNumbers<BoundsReport>,
    /// The count of terminal positions; `null` when it could not be made.
    pub terminal_positions: Option<TerminalCount>,
    /// Why the count could not be made, or `null`.
    pub terminal_error: Option<String>,
    /// Seconds of the three searches.
    pub search_seconds: f64,
    /// Seconds of the count.
    pub count_seconds: f64,
    /// The graph itself, its vertices and edges by name, when the request asked for it
    /// ([`crate::request::GraphRequest::drawing`]) and the graph is small enough to draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawing: Option<GraphDrawing>,
}
