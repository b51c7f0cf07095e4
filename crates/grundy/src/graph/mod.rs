//! Graphs and the facts about them behind the placement games.
//!
//! A placement game is Node Kayles on its piece's attack graph, and a finished game (a terminal
//! position) is a maximal independent set of that graph, which is the same as an independent
//! dominating set. This module holds:
//! - [`Graph`]: a simple undirected graph with named vertices, built from a piece and a board
//!   ([`Graph::attack_graph`]) or read from an edge list or DIMACS text (`parse`);
//! - [`search`]: exact independence, domination and independent domination numbers by branch
//!   and bound, with a node budget;
//! - [`terminal`]: counting the maximal independent sets (terminal positions) by size;
//! - [`kayles`]: Node Kayles on any graph, for the generic solver.
//!
//! ```
//! use grundy::graph::{Graph, search::{domination_number, SearchLimit}};
//! use grundy::games::placement::Piece;
//!
//! let graph = Graph::attack_graph(Piece::Knight, "4x4".parse().unwrap());
//! assert_eq!(graph.edge_count(), 24);
//! let gamma = domination_number(&graph, SearchLimit::default()).unwrap();
//! assert_eq!(gamma.exact(), Some(4));
//! ```

pub mod kayles;
pub(crate) mod parse;
pub mod search;
pub mod terminal;

use std::collections::{BTreeMap, VecDeque};

use thiserror::Error;

use crate::board::BoardSize;
use crate::board::Piece;
use crate::report::GraphDrawing;
use crate::square_set::SquareSet;

pub use parse::{parse_graph, GraphFormat, GraphParseError, MAX_GRAPH_TEXT_BYTES};

/// Sets of vertices for the searches: the engine's fixed-width bit sets, indexed by vertex.
pub(crate) type VertexSet<const W: usize> = SquareSet<W>;

/// The most vertices the searches (independence, domination, terminal positions, Node Kayles)
/// accept: sixteen 64-bit words per vertex set. Counting edges, degrees, components and
/// bipartiteness works on any graph, but every graph read from text is searched, so
/// [`parse_graph`] refuses more vertices as it reads.
pub const MAX_SEARCH_VERTICES: usize = 1024;

/// Why a graph was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GraphError {
    /// An edge from a vertex to itself: the games here are on simple graphs.
    #[error(
        "vertex `{0}` is joined to itself: loops are not allowed (a vertex would attack itself)"
    )]
    Loop(String),
    /// An edge names a vertex number that does not exist.
    #[error("vertex number {vertex} does not exist: the graph has {vertices} vertices")]
    NoSuchVertex {
        /// The vertex asked for.
        vertex: usize,
        /// How many vertices there are.
        vertices: usize,
    },
    /// Too many vertices for a search.
    #[error("the graph has {0} vertices: searches handle at most {MAX_SEARCH_VERTICES}")]
    TooLarge(usize),
}

/// A simple undirected graph whose vertices have names (square names for attack graphs, the
/// tokens of the input for graphs read from text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    names: Vec<String>,
    /// Sorted, without repeats.
    neighbours: Vec<Vec<usize>>,
    edges: usize,
}

impl Graph {
    /// The graph on the named vertices with the given edges (pairs of indices into `names`).
    /// Repeated edges count once.
    pub fn new(names: Vec<String>, edges: &[(usize, usize)]) -> Result<Graph, GraphError> {
        let vertices = names.len();
        let mut neighbours = vec![Vec::new(); vertices];
        for &(u, v) in edges {
            for vertex in [u, v] {
                if vertex >= vertices {
                    return Err(GraphError::NoSuchVertex { vertex, vertices });
                }
            }
            if u == v {
                return Err(GraphError::Loop(names[u].clone()));
            }
            neighbours[u].push(v);
            neighbours[v].push(u);
        }
        let mut edges = 0;
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
            edges += list.len();
        }
        Ok(Graph {
            names,
            neighbours,
            edges: edges / 2,
        })
    }

    /// The attack graph of `piece` on `board`: a vertex per square (row-major, named like
    /// `a1`), an edge between two squares when a piece on one attacks the other.
    #[must_use]
    pub fn attack_graph(piece: Piece, board: BoardSize) -> Graph {
        let names = board.all_squares().map(|s| s.to_string()).collect();
        let mut edges = Vec::new();
        for from in board.all_squares() {
            for to in piece.attacked_squares(board, from) {
                let (u, v) = (board.index_of(from), board.index_of(to));
                if u < v {
                    edges.push((u, v));
                }
            }
        }
        Graph::new(names, &edges).expect("attack graphs have no loops")
    }

    /// The graph left by the Node Kayles move on `vertex`: the vertices outside its closed
    /// neighbourhood, with their names and the edges between them.
    #[must_use]
    pub(crate) fn after_taking(&self, vertex: usize) -> Graph {
        let taken = |v: usize| v == vertex || self.adjacent(vertex, v);
        let mut index = vec![usize::MAX; self.vertex_count()];
        let mut names = Vec::new();
        for v in (0..self.vertex_count()).filter(|&v| !taken(v)) {
            index[v] = names.len();
            names.push(self.names[v].clone());
        }
        let edges: Vec<(usize, usize)> = (0..self.vertex_count())
            .filter(|&u| !taken(u))
            .flat_map(|u| {
                self.neighbours[u]
                    .iter()
                    .filter(move |&&v| u < v && !taken(v))
                    .map(move |&v| (u, v))
            })
            .map(|(u, v)| (index[u], index[v]))
            .collect();
        Graph::new(names, &edges).expect("a subgraph of a simple graph is simple")
    }

    /// The graph as an edge list that [`parse_graph`] reads back to the same graph: the line
    /// `# edge list`, every vertex alone on a line, in order (so they are numbered as here,
    /// and those with no edge are kept), then each edge `u v` on a line.
    #[must_use]
    pub(crate) fn edge_list(&self) -> String {
        let mut text = format!("{}\n", parse::EDGE_LIST_HEADER);
        for name in &self.names {
            text.push_str(name);
            text.push('\n');
        }
        for u in 0..self.vertex_count() {
            for &v in self.neighbours[u].iter().filter(|&&v| u < v) {
                text.push_str(&format!("{} {}\n", self.names[u], self.names[v]));
            }
        }
        text
    }

    /// The graph as a report draws it: its vertices' names in order and its edges, each once
    /// (as [`Graph::edge_list`] writes them).
    #[must_use]
    pub(crate) fn drawing(&self) -> GraphDrawing {
        let edges = (0..self.vertex_count())
            .flat_map(|u| {
                self.neighbours[u]
                    .iter()
                    .filter(move |&&v| u < v)
                    .map(move |&v| [self.names[u].clone(), self.names[v].clone()])
            })
            .collect();
        GraphDrawing {
            vertices: self.names.clone(),
            edges,
        }
    }

    /// The number of vertices.
    #[must_use]
    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    /// The number of edges.
    #[must_use]
    pub fn edge_count(&self) -> usize {
        self.edges
    }

    /// The name of vertex `vertex`.
    #[must_use]
    pub fn name(&self, vertex: usize) -> &str {
        &self.names[vertex]
    }

    /// The vertex called `name`, if any.
    #[must_use]
    pub fn vertex_named(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The neighbours of `vertex`, in increasing order.
    #[must_use]
    pub fn neighbours(&self, vertex: usize) -> &[usize] {
        &self.neighbours[vertex]
    }

    /// Whether `u` and `v` are joined by an edge.
    #[must_use]
    pub(crate) fn adjacent(&self, u: usize, v: usize) -> bool {
        self.neighbours[u].binary_search(&v).is_ok()
    }

    /// The degree of `vertex`.
    #[must_use]
    pub fn degree(&self, vertex: usize) -> usize {
        self.neighbours[vertex].len()
    }

    /// How many vertices have each degree, smallest degree first.
    #[must_use]
    pub(crate) fn degree_distribution(&self) -> BTreeMap<usize, usize> {
        let mut counts = BTreeMap::new();
        for list in &self.neighbours {
            *counts.entry(list.len()).or_insert(0) += 1;
        }
        counts
    }

    /// The connected components, each in increasing order, ordered by their least vertex.
    #[must_use]
    pub(crate) fn components(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.vertex_count()];
        let mut components = Vec::new();
        for start in 0..self.vertex_count() {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut component = vec![start];
            let mut queue = VecDeque::from([start]);
            while let Some(u) = queue.pop_front() {
                for &v in &self.neighbours[u] {
                    if !seen[v] {
                        seen[v] = true;
                        component.push(v);
                        queue.push_back(v);
                    }
                }
            }
            component.sort_unstable();
            components.push(component);
        }
        components
    }

    /// A 2-colouring (side 0 or 1 for every vertex) when the graph is bipartite, found by
    /// breadth-first search; `None` when some cycle is odd.
    #[must_use]
    pub(crate) fn bipartition(&self) -> Option<Vec<u8>> {
        let mut side = vec![u8::MAX; self.vertex_count()];
        for start in 0..self.vertex_count() {
            if side[start] != u8::MAX {
                continue;
            }
            side[start] = 0;
            let mut queue = VecDeque::from([start]);
            while let Some(u) = queue.pop_front() {
                for &v in &self.neighbours[u] {
                    if side[v] == u8::MAX {
                        side[v] = 1 - side[u];
                        queue.push_back(v);
                    } else if side[v] == side[u] {
                        return None;
                    }
                }
            }
        }
        Some(side)
    }

    /// Whether no two vertices of `set` are adjacent.
    #[must_use]
    pub fn is_independent(&self, set: &[usize]) -> bool {
        set.iter()
            .all(|&u| set.iter().all(|&v| u == v || !self.adjacent(u, v)))
    }

    /// Whether every vertex is in `set` or next to a vertex of it.
    #[must_use]
    pub fn is_dominating(&self, set: &[usize]) -> bool {
        let mut dominated = vec![false; self.vertex_count()];
        for &u in set {
            dominated[u] = true;
            for &v in &self.neighbours[u] {
                dominated[v] = true;
            }
        }
        dominated.into_iter().all(|d| d)
    }

    /// Each vertex with its neighbours, as bit sets of `W` words: what a move there removes in
    /// Node Kayles.
    ///
    /// # Errors
    /// When the graph has more vertices than `W` words hold.
    pub(crate) fn closed_neighbourhoods<const W: usize>(
        &self,
    ) -> Result<Vec<VertexSet<W>>, GraphError> {
        if self.vertex_count() > VertexSet::<W>::CAPACITY {
            return Err(GraphError::TooLarge(self.vertex_count()));
        }
        Ok((0..self.vertex_count())
            .map(|u| {
                let mut set: VertexSet<W> = self.neighbours[u].iter().copied().collect();
                set.insert(u);
                set
            })
            .collect())
    }
}

/// Runs `$body` with `$width` bound, as a const, to the fewest words (1, 2, 4, 8 or 16) whose
/// bit sets hold `$vertices` vertices; evaluates `$too_large` beyond [`MAX_SEARCH_VERTICES`].
macro_rules! with_width {
    ($vertices:expr, $width:ident => $body:expr, $too_large:expr) => {{
        let vertices: usize = $vertices;
        if vertices <= 64 {
            const $width: usize = 1;
            $body
        } else if vertices <= 128 {
            const $width: usize = 2;
            $body
        } else if vertices <= 256 {
            const $width: usize = 4;
            $body
        } else if vertices <= 512 {
            const $width: usize = 8;
            $body
        } else if vertices <= $crate::graph::MAX_SEARCH_VERTICES {
            const $width: usize = 16;
            $body
        } else {
            $too_large
        }
    }};
}
pub(crate) use with_width;

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> BoardSize {
        text.parse().unwrap()
    }

    #[test]
    fn a_drawing_lists_the_vertices_in_order_and_each_edge_once() {
        let graph = parse_graph("b a\na c\nd\n", None).unwrap();
        let drawing = graph.drawing();
        assert_eq!(drawing.vertices, ["b", "a", "c", "d"]);
        assert_eq!(drawing.edges, [["b", "a"], ["a", "c"]]);
        let after = graph.after_taking(graph.vertex_named("c").unwrap());
        assert_eq!(after.drawing().vertices, ["b", "d"]);
        assert!(after.drawing().edges.is_empty());
    }

    #[test]
    fn knight_graph_facts() {
        let graph = Graph::attack_graph(Piece::Knight, board("8x8"));
        assert_eq!(graph.vertex_count(), 64);
        // 4(m-1)(n-2) + 4(m-2)(n-1) knight moves, halved: 168 on 8x8.
        assert_eq!(graph.edge_count(), 168);
        let degrees = graph.degree_distribution();
        assert_eq!(degrees.get(&2), Some(&4));
        assert_eq!(degrees.get(&8), Some(&16));
        assert_eq!(degrees.values().sum::<usize>(), 64);
        assert_eq!(graph.components().len(), 1);
        assert!(graph.bipartition().is_some());
        // 3x3: the centre is isolated, the rest is an 8-cycle.
        let small = Graph::attack_graph(Piece::Knight, board("3x3"));
        let components = small.components();
        assert_eq!(components.len(), 2);
        assert_eq!(components[1], vec![4]);
        assert!(small.bipartition().is_some());
    }

    #[test]
    fn queens_and_kings_are_not_bipartite() {
        for piece in [Piece::Queen, Piece::King, Piece::Rook] {
            let graph = Graph::attack_graph(piece, board("3x3"));
            assert!(graph.bipartition().is_none(), "{piece}");
        }
        let bishops = Graph::attack_graph(Piece::Bishop, board("4x4"));
        // Bishops on the two colours never meet: two components.
        assert_eq!(bishops.components().len(), 2);
    }

    #[test]
    fn bad_edges_are_refused() {
        let names = vec!["a".to_string(), "b".to_string()];
        assert_eq!(
            Graph::new(names.clone(), &[(0, 0)]),
            Err(GraphError::Loop("a".to_string()))
        );
        assert!(Graph::new(names.clone(), &[(0, 2)]).is_err());
        let graph = Graph::new(names, &[(0, 1), (1, 0)]).unwrap();
        assert_eq!(graph.edge_count(), 1);
        assert!(graph.is_dominating(&[0]) && graph.is_independent(&[1]));
        assert!(!graph.is_independent(&[0, 1]));
    }
}
