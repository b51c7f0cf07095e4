//! Node Kayles on a graph as one of grundy's families ([`crate::games::contract`]); the
//! graphs themselves and their searches are [`crate::graph`].

use std::sync::Arc;

use crate::games::contract::{
    plain_report, valued_report, with_winning_move, AloneQuestion, FamilyGame, NormalPlay,
    PositionsGraph,
};
use crate::games::move_list::MoveOffers;
use crate::games::parts::{
    Family, MisereStart, PartFamily, Parts, Shape, State, TooLarge, MAX_MISERE_SQUARES, WORDS,
};
use crate::graph::kayles::{GraphKayles, GraphSolver};
use crate::graph::{Graph, GraphError};
use crate::report::{
    Command, FamilyPart, GameReport, Move, MovePart, MovesPart, PartReport, SearchCost,
};
use crate::solver::{ImpartialGame, SearchObserver};
use crate::values::{Nimber, Outcome};

/// Node Kayles on a graph.
#[derive(Clone, Debug)]
pub struct GraphGame {
    /// What the graph was called where it came from: its file's name.
    pub(crate) name: String,
    /// The graph.
    pub(crate) graph: Graph,
}

impl FamilyGame for GraphGame {
    fn name(&self) -> String {
        "graph".to_string()
    }

    fn text(&self) -> String {
        format!("graph {}", self.name)
    }

    fn position_text(&self) -> String {
        self.name.clone()
    }

    fn same_as(&self, other: &GraphGame) -> bool {
        self.graph == other.graph
    }

    fn report(&self, command: Command, outcome: Outcome) -> GameReport {
        GameReport {
            family: FamilyPart::Graph {
                vertices: self.graph.vertex_count(),
                edges: self.graph.edge_count(),
                graph: self.graph.drawing(),
            },
            ..plain_report(self, command, outcome)
        }
    }

    fn moves_after(&self) -> Vec<(Move, Self)> {
        (0..self.graph.vertex_count())
            .map(|vertex| {
                (
                    Move::vertex(self.graph.name(vertex), Nimber::ZERO),
                    GraphGame {
                        name: self.name.clone(),
                        graph: self.graph.after_taking(vertex),
                    },
                )
            })
            .collect()
    }

    fn play(&self, notation: &str) -> Result<Self, String> {
        let vertex = self
            .graph
            .vertex_named(notation.trim())
            .ok_or_else(|| format!("`{notation}` is not a vertex of the graph {}", self.name))?;
        Ok(GraphGame {
            name: self.name.clone(),
            graph: self.graph.after_taking(vertex),
        })
    }

    fn edge_list(&self) -> Option<String> {
        Some(self.graph.edge_list())
    }

    fn normal_play(&self, budget_bytes: u64) -> Result<Box<dyn NormalPlay>, GraphError> {
        Ok(Box::new(GraphValues {
            solver: GraphSolver::new(&self.graph, budget_bytes)?,
            graph: self.graph.clone(),
        }))
    }

    fn positions_graph(&self) -> Option<Result<PositionsGraph, String>> {
        Some(Ok(PositionsGraph {
            graph: self.graph.clone(),
            game: "graph".to_string(),
            board: None,
            source: Some(self.name.clone()),
            orders: Vec::new(),
        }))
    }

    /// Node Kayles's search answers the graph alone, with the positions it visited.
    fn answer_alone(
        &self,
        question: AloneQuestion,
        budget_bytes: u64,
        observer: Box<dyn SearchObserver + Send>,
    ) -> Option<Result<GameReport, String>> {
        let mut solver = match GraphSolver::new(&self.graph, budget_bytes) {
            Ok(solver) => solver,
            Err(error) => return Some(Err(error.to_string())),
        };
        solver.set_observer(observer);
        let nimber = solver.nim_value();
        let (report, stats) = match question {
            // What the value cost, the parts' values (the table's) left out.
            AloneQuestion::Value => (valued_report(self, Command::Value, nimber), solver.stats()),
            AloneQuestion::Outcome => {
                // The winning moves are valued with the table that valued the graph.
                let winning = (nimber != Nimber::ZERO)
                    .then(|| solver.winning_moves().first().copied())
                    .flatten()
                    .map(|vertex| Move::vertex(self.graph.name(vertex), Nimber::ZERO));
                let report = with_winning_move(
                    valued_report(self, Command::Value, nimber),
                    winning,
                    Some(self.graph.vertex_count()),
                );
                (report, solver.stats())
            }
            AloneQuestion::Moves { all, .. } => {
                let moves: Vec<(usize, Nimber)> = if all {
                    solver.move_values()
                } else {
                    solver
                        .winning_moves()
                        .into_iter()
                        .map(|vertex| (vertex, Nimber::ZERO))
                        .collect()
                };
                let report = GameReport {
                    listed: MovesPart::listed(
                        self.graph.vertex_count(),
                        moves.iter().filter(|(_, n)| *n == Nimber::ZERO).count(),
                        moves
                            .iter()
                            .map(|&(vertex, nimber)| Move::vertex(self.graph.name(vertex), nimber))
                            .collect(),
                    ),
                    ..valued_report(self, Command::Moves, nimber)
                };
                (report, solver.stats())
            }
        };
        let parts = match question {
            AloneQuestion::Value => self.parts(&mut solver),
            AloneQuestion::Moves { .. } | AloneQuestion::Outcome => None,
        };
        Some(Ok(GameReport {
            parts,
            cost: SearchCost {
                positions_searched: Some(stats.positions),
                table_hits: Some(stats.table_hits),
                ..SearchCost::default()
            },
            ..report
        }))
    }

    fn misere_start(&self) -> Result<MisereStart, TooLarge> {
        let engine = self.misere_engine()?;
        let start = engine.start();
        Ok(MisereStart {
            rules: Arc::new(GraphParts {
                graph: self.graph.clone(),
                engine,
            }),
            states: vec![State::Vertices(start)],
        })
    }

    /// A graph's move is made on the vertices in play: a smaller graph would be another game
    /// to the search, which could not share what it learns with the whole graph's.
    fn misere_moves(&self) -> Result<Vec<(Move, Vec<State>)>, TooLarge> {
        let engine = self.misere_engine()?;
        let start = engine.start();
        Ok((0..self.graph.vertex_count())
            .map(|vertex| {
                let left = start.without(engine.closed_neighbourhood(vertex));
                (
                    Move::vertex(self.graph.name(vertex), Nimber::ZERO),
                    vec![State::Vertices(left)],
                )
            })
            .collect())
    }
}

impl GraphGame {
    /// Node Kayles on the graph at the width of misère searches.
    fn misere_engine(&self) -> Result<GraphKayles<WORDS>, TooLarge> {
        GraphKayles::<WORDS>::new(&self.graph).map_err(|_| {
            TooLarge(format!(
                "the graph has {} vertices: misère searches take graphs of at most {MAX_MISERE_SQUARES}",
                self.graph.vertex_count()
            ))
        })
    }
}

/// A graph's components as parts of a misère position: the vertices in play in each.
#[derive(Debug)]
struct GraphParts {
    graph: Graph,
    engine: GraphKayles<WORDS>,
}

/// The same graph makes the same engine: the rules are the graph.
impl PartialEq for GraphParts {
    fn eq(&self, other: &GraphParts) -> bool {
        self.graph == other.graph
    }
}

impl PartFamily for GraphParts {
    fn has_moves(&self, state: State) -> bool {
        matches!(state, State::Vertices(in_play) if !in_play.is_empty())
    }

    fn longest_play(&self, state: State) -> u64 {
        match state {
            State::Vertices(in_play) => in_play.len() as u64,
            _ => 0,
        }
    }

    fn add_parts(&self, family: Family, state: State, parts: &mut Parts) {
        let State::Vertices(in_play) = state else {
            return;
        };
        self.engine.for_each_component(&in_play, |component| {
            parts.push(family.part(Shape::Vertices(component), State::Vertices(component)));
        });
    }

    fn for_each_option(&self, family: Family, state: State, visit: &mut dyn FnMut(&mut Parts)) {
        let State::Vertices(in_play) = state else {
            return;
        };
        let mut left = Vec::new();
        self.engine.for_each_option(&in_play, |after| {
            left.clear();
            self.add_parts(family, State::Vertices(after), &mut left);
            visit(&mut left);
        });
    }
}

/// Node Kayles on a graph valued by its search, which values its moves with the same table.
impl GraphGame {
    /// The graph's components, each named by its vertices with its value from `solver`, which
    /// valued the graph; `None` for a graph of one component.
    fn parts(&self, solver: &mut GraphSolver) -> Option<Vec<PartReport>> {
        let parts = solver.part_values();
        (parts.len() > 1).then(|| {
            parts
                .into_iter()
                .map(|(vertices, nimber)| {
                    PartReport::new(
                        vertices.iter().map(|&vertex| self.graph.name(vertex)),
                        nimber,
                    )
                })
                .collect()
        })
    }
}

struct GraphValues {
    graph: Graph,
    solver: GraphSolver,
}

impl NormalPlay for GraphValues {
    fn nim_value(&mut self) -> Nimber {
        self.solver.nim_value()
    }

    fn offer_moves(&mut self, moves: &mut MoveOffers<'_>) {
        for (vertex, value) in self.solver.move_values() {
            moves.offer(value, || self.graph.name(vertex).to_string());
        }
    }

    fn set_observer(&mut self, observer: Box<dyn SearchObserver + Send>) {
        self.solver.set_observer(observer);
    }

    fn positions_searched(&self) -> u64 {
        self.solver.stats().positions
    }
}

/// The report of a move of this family.
impl Move {
    /// Taking `vertex` in Node Kayles.
    #[must_use]
    pub(crate) fn vertex(vertex: &str, nimber: Nimber) -> Move {
        Move::with_part(
            vertex.to_string(),
            nimber,
            MovePart::Vertex {
                vertex: vertex.to_string(),
            },
        )
    }
}
