//! Node Kayles on a graph as one of grundy's families ([`crate::games::contract`]); the
//! graphs themselves and their searches are [`crate::graph`].

use crate::games::contract::{plain_report, FamilyGame};
use crate::graph::Graph;
use crate::report::{Command, GameReport, Move};
use crate::values::{Nimber, Outcome};

/// Node Kayles on a graph.
#[derive(Clone, Debug)]
pub struct GraphGame {
    /// What the graph was called where it came from: its file's name.
    pub name: String,
    /// The graph.
    pub graph: Graph,
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
            vertices: Some(self.graph.vertex_count()),
            edges: Some(self.graph.edge_count()),
            graph: Some(self.graph.drawing()),
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
}

/// The report of a move of this family.
impl Move {
    /// Taking `vertex` in Node Kayles.
    #[must_use]
    pub fn vertex(vertex: &str, nimber: Nimber) -> Move {
        Move {
            vertex: Some(vertex.to_string()),
            ..Move::bare(vertex.to_string(), nimber)
        }
    }
}
