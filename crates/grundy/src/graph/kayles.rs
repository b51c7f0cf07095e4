//! Node Kayles on any graph: a move picks a vertex still in play and takes it and its
//! neighbours out of play; whoever cannot move loses. The placement games are Node Kayles on
//! attack graphs; this is the same game for graphs read from files.
//!
//! Positions are the sets of vertices still in play. Unlike the board engine
//! ([`crate::games::placement::NodeKayles`]), which keys components by their shape on the grid,
//! a general graph has no cheap canonical form, so components are keyed by their vertex sets
//! exactly: never wrong, only less sharing between isomorphic components.
//!
//! ```
//! use grundy::graph::{parse_graph, kayles::GraphSolver};
//! use grundy::Nimber;
//!
//! // A path on four vertices: a move in the middle leaves one vertex, *1; at an end, two
//! // joined vertices, *1 as well. So the value is mex{1} = 0.
//! let path = parse_graph("a b\nb c\nc d\n", None).unwrap();
//! let mut solver = GraphSolver::new(&path, 1 << 24).unwrap();
//! assert_eq!(solver.nim_value(), Nimber::ZERO);
//! ```

use crate::solver::{renumber, ImpartialGame, SearchObserver, SearchStats, Solver, DENSE_CAPACITY};
use crate::values::Nimber;

use super::{Graph, GraphError, VertexSet};

/// Node Kayles on one graph, positions as sets of `W` words of the vertices still in play.
#[derive(Clone, Debug)]
pub struct GraphKayles<const W: usize> {
    closed: Vec<VertexSet<W>>,
}

impl<const W: usize> GraphKayles<W> {
    /// Node Kayles on `graph`.
    ///
    /// # Errors
    /// When the graph has more vertices than `W` words hold.
    pub fn new(graph: &Graph) -> Result<GraphKayles<W>, GraphError> {
        Ok(GraphKayles {
            closed: graph.closed_neighbourhoods()?,
        })
    }

    /// The starting position: every vertex in play.
    #[must_use]
    pub fn start(&self) -> VertexSet<W> {
        VertexSet::first_n(self.closed.len())
    }

    /// The vertices a move on `vertex` takes out of play: it and its neighbours.
    #[must_use]
    pub(crate) fn closed_neighbourhood(&self, vertex: usize) -> VertexSet<W> {
        self.closed[vertex]
    }

    fn is_clique(&self, set: VertexSet<W>) -> bool {
        set.iter().all(|v| set.is_subset(&self.closed[v]))
    }
}

impl<const W: usize> ImpartialGame for GraphKayles<W> {
    type Position = VertexSet<W>;
    type Key = VertexSet<W>;

    fn for_each_option(&self, in_play: &VertexSet<W>, mut visit: impl FnMut(VertexSet<W>)) {
        in_play
            .iter()
            .for_each(|vertex| visit(in_play.without(self.closed[vertex])));
    }

    fn for_each_component(&self, in_play: &VertexSet<W>, visit: impl FnMut(VertexSet<W>)) {
        in_play.for_each_connected_part(|vertex| self.closed[vertex], visit);
    }

    fn key(&self, component: &VertexSet<W>) -> VertexSet<W> {
        *component
    }

    fn size(&self, component: &VertexSet<W>) -> usize {
        component.len()
    }

    fn local_graph(
        &self,
        component: &VertexSet<W>,
        neighbourhoods: &mut [u64; DENSE_CAPACITY],
    ) -> Option<usize> {
        // A byte per vertex of the largest graph searched.
        let mut scratch = [0u8; VertexSet::<16>::CAPACITY];
        renumber(&self.closed, component, &mut scratch, neighbourhoods)
    }

    fn known_value(&self, component: &VertexSet<W>) -> Option<Nimber> {
        // One move ends a clique; a connected set of at most two vertices is one.
        match component.len() {
            0 => Some(Nimber::ZERO),
            1 | 2 => Some(Nimber::new(1)),
            3..=16 if self.is_clique(*component) => Some(Nimber::new(1)),
            _ => None,
        }
    }
}

/// Nimbers and winning moves of Node Kayles on one graph, at the narrowest bit width that
/// holds it (up to [`super::MAX_SEARCH_VERTICES`] vertices).
pub struct GraphSolver {
    engine: Engine,
}

enum Engine {
    W1(Solver<GraphKayles<1>>),
    W2(Solver<GraphKayles<2>>),
    W4(Solver<GraphKayles<4>>),
    W8(Solver<GraphKayles<8>>),
    W16(Solver<GraphKayles<16>>),
}

macro_rules! with_engine {
    ($engine:expr, $solver:ident => $body:expr) => {
        match $engine {
            Engine::W1($solver) => $body,
            Engine::W2($solver) => $body,
            Engine::W4($solver) => $body,
            Engine::W8($solver) => $body,
            Engine::W16($solver) => $body,
        }
    };
}

impl GraphSolver {
    /// A solver for Node Kayles on `graph` whose tables may use `budget_bytes`.
    ///
    /// # Errors
    /// When the graph has more than [`super::MAX_SEARCH_VERTICES`] vertices.
    pub fn new(graph: &Graph, budget_bytes: u64) -> Result<GraphSolver, GraphError> {
        let n = graph.vertex_count();
        let engine = if n <= 64 {
            Engine::W1(Solver::new(GraphKayles::new(graph)?, budget_bytes))
        } else if n <= 128 {
            Engine::W2(Solver::new(GraphKayles::new(graph)?, budget_bytes))
        } else if n <= 256 {
            Engine::W4(Solver::new(GraphKayles::new(graph)?, budget_bytes))
        } else if n <= 512 {
            Engine::W8(Solver::new(GraphKayles::new(graph)?, budget_bytes))
        } else {
            Engine::W16(Solver::new(GraphKayles::new(graph)?, budget_bytes))
        };
        let mut solver = GraphSolver { engine };
        // As on boards (see the placement solver): the dense endgame search pays on dense
        // graphs, where each expansion of the main search is dear, and far less on sparse
        // ones, whose small endgames have many more sub-positions.
        let dense_graph = 2 * graph.edge_count() >= 8 * n;
        solver.set_dense_size(if dense_graph { 12 } else { 6 });
        Ok(solver)
    }

    /// Components of at most `vertices` vertices are valued by the dense endgame search; 0
    /// turns it off. Any value gives the same answers at a different speed.
    pub(crate) fn set_dense_size(&mut self, vertices: usize) {
        with_engine!(&mut self.engine, solver => solver.set_dense_size(vertices));
    }

    /// Components of at most `vertices` vertices are valued by the plain mex rule, larger ones
    /// by outcome probes; any value gives the same answers at a different speed.
    pub fn set_full_mex_size(&mut self, vertices: usize) {
        with_engine!(&mut self.engine, solver => solver.set_full_mex_size(vertices));
    }

    /// Reports progress to `observer` during searches.
    pub(crate) fn set_observer(&mut self, observer: Box<dyn SearchObserver + Send>) {
        with_engine!(&mut self.engine, solver => solver.set_observer(observer));
    }

    /// The counters so far.
    #[must_use]
    pub(crate) fn stats(&self) -> SearchStats {
        with_engine!(&self.engine, solver => solver.stats())
    }

    /// The nimber of the whole graph (every vertex in play).
    pub fn nim_value(&mut self) -> Nimber {
        with_engine!(&mut self.engine, solver => {
            let start = solver.game().start();
            solver.nim_value(&start)
        })
    }

    /// The components of the whole graph, each as its vertices in increasing order with its
    /// nimber: the graph's value is the nim-sum of theirs. Asked after
    /// [`GraphSolver::nim_value`], their values are the table's.
    pub(crate) fn part_values(&mut self) -> Vec<(Vec<usize>, Nimber)> {
        with_engine!(&mut self.engine, solver => {
            let start = solver.game().start();
            let mut components = Vec::new();
            solver.game().for_each_component(&start, |component| components.push(component));
            components
                .into_iter()
                .map(|component| (component.iter().collect(), solver.nim_value(&component)))
                .collect()
        })
    }

    /// The winning first moves (to a position of nimber 0), by vertex, in increasing order.
    /// Decided by outcome searches, without the full nimbers of the other moves.
    pub(crate) fn winning_moves(&mut self) -> Vec<usize> {
        with_engine!(&mut self.engine, solver => {
            let start = solver.game().start();
            start
                .iter()
                .filter(|&v| {
                    let after = start.without(solver.game().closed_neighbourhood(v));
                    solver.has_value(&after, Nimber::ZERO)
                })
                .collect()
        })
    }

    /// Every first move, by vertex, with the nimber of the position it leads to.
    pub(crate) fn move_values(&mut self) -> Vec<(usize, Nimber)> {
        with_engine!(&mut self.engine, solver => {
            let start = solver.game().start();
            start
                .iter()
                .map(|v| {
                    let after = start.without(solver.game().closed_neighbourhood(v));
                    (v, solver.nim_value(&after))
                })
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heap::HeapGame;
    use crate::games::heap::{HeapRuleset, TakeBreak};
    use crate::solver::naive_nim_value;

    fn path(n: usize) -> Graph {
        let names = (0..n).map(|v| v.to_string()).collect();
        let edges: Vec<_> = (1..n).map(|v| (v - 1, v)).collect();
        Graph::new(names, &edges).unwrap()
    }

    fn value(graph: &Graph) -> Nimber {
        GraphSolver::new(graph, 1 << 22).unwrap().nim_value()
    }

    #[test]
    fn paths_are_dawsons_chess() {
        // A move on a path takes a vertex and its neighbours: three from the middle, two from
        // an end, or a lone vertex. That is the octal game 0.137 (Dawson's chess), not Kayles.
        let HeapRuleset::Line(dawson) = "0.137".parse::<HeapRuleset>().unwrap() else {
            panic!("0.137 is a line game");
        };
        let expected = dawson.nim_values(60);
        for (n, &nimber) in expected.iter().enumerate() {
            assert_eq!(value(&path(n)), nimber, "P{n}");
        }
        // Kayles (0.77) differs already on three vertices: K3 = *3, but P3 = mex{0, 1} = *2.
        let kayles = HeapGame::from_rule(TakeBreak::from_digits(vec![0, 7, 7]).unwrap());
        assert_eq!(kayles.nim_values(3)[3], Nimber::new(3));
        assert_eq!(value(&path(3)), Nimber::new(2));
    }

    #[test]
    fn complete_empty_and_cycle_graphs() {
        for k in 1..=20 {
            let names: Vec<String> = (0..k).map(|v| v.to_string()).collect();
            let all_pairs: Vec<_> = (0..k)
                .flat_map(|u| (u + 1..k).map(move |v| (u, v)))
                .collect();
            let complete = Graph::new(names.clone(), &all_pairs).unwrap();
            assert_eq!(value(&complete), Nimber::new(1), "K{k}");
            let empty = Graph::new(names, &[]).unwrap();
            assert_eq!(value(&empty), Nimber::new(k as u32 % 2), "empty {k}");
        }
        // A move on a cycle C_n (n >= 3) leaves the path P_{n-3}.
        let HeapRuleset::Line(dawson) = "0.137".parse::<HeapRuleset>().unwrap() else {
            panic!("0.137 is a line game");
        };
        let paths = dawson.nim_values(40);
        for n in 4..=40 {
            let names = (0..n).map(|v| v.to_string()).collect();
            let edges: Vec<_> = (0..n).map(|v| (v, (v + 1) % n)).collect();
            let cycle = Graph::new(names, &edges).unwrap();
            let expected = if paths[n - 3] == Nimber::ZERO { 1 } else { 0 };
            assert_eq!(value(&cycle).value(), expected, "C{n}");
        }
    }

    #[test]
    fn the_solver_matches_the_naive_mex_recursion() {
        use crate::board::Piece;
        for piece in [
            Piece::Knight,
            Piece::Queen,
            Piece::King,
            Piece::Leaper(1, 3),
        ] {
            for (m, n) in [(3, 3), (3, 4), (2, 7), (4, 4)] {
                let graph = Graph::attack_graph(piece, crate::board::BoardSize::new(m, n).unwrap());
                let game = GraphKayles::<1>::new(&graph).unwrap();
                let naive = naive_nim_value(&game, &game.start());
                for threshold in [0, 4, 1000] {
                    let mut solver = GraphSolver::new(&graph, 1 << 20).unwrap();
                    solver.set_full_mex_size(threshold);
                    assert_eq!(solver.nim_value(), naive, "{piece} {m}x{n}");
                }
                let mut solver = GraphSolver::new(&graph, 1 << 20).unwrap();
                let winning: Vec<usize> = solver
                    .move_values()
                    .into_iter()
                    .filter(|&(_, v)| v == Nimber::ZERO)
                    .map(|(vertex, _)| vertex)
                    .collect();
                assert_eq!(solver.winning_moves(), winning);
            }
        }
    }
}
