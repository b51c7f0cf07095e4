//! Reading graphs from text: edge lists and DIMACS.
//!
//! - **Edge list**: one edge `u v` per line; a line with a single token is a vertex (isolated,
//!   unless an edge names it too). Vertices are any whitespace-free tokens, numbered in the
//!   order they first appear. `#` starts a comment; blank lines are ignored.
//! - **DIMACS** (the graph-colouring format): `c` lines are comments, `p edge N M` declares
//!   `N` vertices named `1` to `N` (the edge count `M` is not checked, since many files count
//!   each edge twice), and `e u v` is an edge.
//!
//! The text is parsed, not read: the caller reads the file. Errors give the line number (from
//! 1) and its text.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Graph, GraphError};

/// The two text formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphFormat {
    /// One `u v` per line, any vertex names.
    EdgeList,
    /// `p edge N M` then `e u v` lines, vertices `1..=N`.
    Dimacs,
}

impl GraphFormat {
    /// The format `text` is in: DIMACS when its first line that is neither blank nor a
    /// comment starts with `p` (or it has a `c` comment line before that), an edge list
    /// otherwise.
    #[must_use]
    pub fn detect(text: &str) -> GraphFormat {
        for line in text.lines() {
            let mut tokens = line.split_whitespace();
            match tokens.next() {
                None => {}
                Some(first) if first.starts_with('#') => {}
                Some("p") | Some("c") => return GraphFormat::Dimacs,
                Some(_) => return GraphFormat::EdgeList,
            }
        }
        GraphFormat::EdgeList
    }
}

impl fmt::Display for GraphFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GraphFormat::EdgeList => "edges",
            GraphFormat::Dimacs => "dimacs",
        })
    }
}

/// A format name that is neither `edges` nor `dimacs`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown graph format `{0}`: expected edges or dimacs")]
pub struct GraphFormatError(pub String);

impl FromStr for GraphFormat {
    type Err = GraphFormatError;

    fn from_str(text: &str) -> Result<GraphFormat, GraphFormatError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "edges" | "edge-list" | "edgelist" => Ok(GraphFormat::EdgeList),
            "dimacs" => Ok(GraphFormat::Dimacs),
            _ => Err(GraphFormatError(text.to_string())),
        }
    }
}

/// Why a graph's text was refused: the line (from 1), its text, and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: `{text}`: {problem}")]
pub struct GraphParseError {
    /// The line number, from 1; 0 for a problem with the whole text.
    pub line: usize,
    /// The line as written.
    pub text: String,
    /// What was expected.
    pub problem: String,
}

fn error(line: usize, text: &str, problem: impl Into<String>) -> GraphParseError {
    GraphParseError {
        line: line + 1,
        text: text.trim().to_string(),
        problem: problem.into(),
    }
}

/// Reads a graph in `format`, or in the format [`GraphFormat::detect`] finds.
pub fn parse_graph(text: &str, format: Option<GraphFormat>) -> Result<Graph, GraphParseError> {
    match format.unwrap_or_else(|| GraphFormat::detect(text)) {
        GraphFormat::EdgeList => parse_edge_list(text),
        GraphFormat::Dimacs => parse_dimacs(text),
    }
}

fn parse_edge_list(text: &str) -> Result<Graph, GraphParseError> {
    let mut names: Vec<String> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut edges = Vec::new();
    let mut vertex = |name: &str| -> usize {
        if let Some(&i) = index.get(name) {
            return i;
        }
        names.push(name.to_string());
        index.insert(name.to_string(), names.len() - 1);
        names.len() - 1
    };
    for (number, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("");
        let tokens: Vec<&str> = content.split_whitespace().collect();
        match tokens[..] {
            [] => {}
            [single] => {
                vertex(single);
            }
            [u, v] => {
                if u == v {
                    return Err(error(
                        number,
                        line,
                        format!("vertex `{u}` is joined to itself: loops are not allowed"),
                    ));
                }
                let edge = (vertex(u), vertex(v));
                edges.push(edge);
            }
            _ => {
                return Err(error(
                    number,
                    line,
                    format!(
                        "{} tokens: expected an edge `u v`, or one vertex name",
                        tokens.len()
                    ),
                ))
            }
        }
    }
    Graph::new(names, &edges).map_err(|e| whole_text(&e))
}

fn whole_text(e: &GraphError) -> GraphParseError {
    GraphParseError {
        line: 0,
        text: String::new(),
        problem: e.to_string(),
    }
}

fn parse_dimacs(text: &str) -> Result<Graph, GraphParseError> {
    let mut vertices: Option<usize> = None;
    let mut edges = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match tokens.first().copied() {
            None | Some("c") => {}
            Some(first) if first.starts_with('#') => {}
            Some("p") => {
                if vertices.is_some() {
                    return Err(error(
                        number,
                        line,
                        "a second `p` line: give the problem line once",
                    ));
                }
                let count = match tokens[..] {
                    ["p", kind, n, _m] if kind == "edge" || kind == "col" => {
                        n.parse::<usize>().ok()
                    }
                    _ => None,
                };
                match count {
                    Some(n) => vertices = Some(n),
                    None => {
                        return Err(error(
                            number,
                            line,
                            "expected the problem line `p edge VERTICES EDGES`",
                        ))
                    }
                }
            }
            Some("e") => {
                let Some(n) = vertices else {
                    return Err(error(
                        number,
                        line,
                        "an edge before the problem line `p edge VERTICES EDGES`",
                    ));
                };
                let endpoint = |token: &str| -> Result<usize, GraphParseError> {
                    token
                        .parse::<usize>()
                        .ok()
                        .filter(|&v| (1..=n).contains(&v))
                        .map(|v| v - 1)
                        .ok_or_else(|| {
                            error(
                                number,
                                line,
                                format!("vertex `{token}` is not a number from 1 to {n}"),
                            )
                        })
                };
                match tokens[..] {
                    ["e", u, v] => {
                        let (u, v) = (endpoint(u)?, endpoint(v)?);
                        if u == v {
                            return Err(error(
                                number,
                                line,
                                "an edge from a vertex to itself: loops are not allowed",
                            ));
                        }
                        edges.push((u, v));
                    }
                    _ => return Err(error(number, line, "expected an edge line `e U V`")),
                }
            }
            Some(_) => {
                return Err(error(
                    number,
                    line,
                    "expected a DIMACS line: `c` comment, `p edge VERTICES EDGES` or `e U V`",
                ))
            }
        }
    }
    let Some(n) = vertices else {
        return Err(GraphParseError {
            line: 0,
            text: String::new(),
            problem: "no problem line `p edge VERTICES EDGES`: is this a DIMACS file?".to_string(),
        });
    };
    let names = (1..=n).map(|v| v.to_string()).collect();
    Graph::new(names, &edges).map_err(|e| whole_text(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_lists_with_comments_names_and_isolated_vertices() {
        let text = "# a path and a lone vertex\nx y\n\ny z   # trailing comment\nlonely\nz y\n";
        let graph = parse_graph(text, None).unwrap();
        assert_eq!(graph.vertex_count(), 4);
        assert_eq!(graph.edge_count(), 2);
        assert_eq!(graph.name(3), "lonely");
        assert_eq!(graph.degree(graph.vertex_named("y").unwrap()), 2);
    }

    #[test]
    fn dimacs_is_detected_and_read() {
        let text = "c a triangle and an isolated vertex\np edge 4 3\ne 1 2\ne 2 3\ne 3 1\n";
        assert_eq!(GraphFormat::detect(text), GraphFormat::Dimacs);
        let graph = parse_graph(text, None).unwrap();
        assert_eq!((graph.vertex_count(), graph.edge_count()), (4, 3));
        assert_eq!(graph.name(3), "4");
        assert_eq!(graph.degree(3), 0);
    }

    #[test]
    fn errors_name_the_line_and_its_text() {
        let cases = [
            ("a b\nb c d\n", None, 2, "b c d"),
            ("a a\n", None, 1, "a a"),
            ("p edge 3 1\ne 1 4\n", None, 2, "e 1 4"),
            ("c x\ne 1 2\n", None, 2, "e 1 2"),
            ("p edge 3 1\nq 1 2\n", None, 2, "q 1 2"),
            ("p edge x 1\n", Some(GraphFormat::Dimacs), 1, "p edge x 1"),
        ];
        for (text, format, line, bad) in cases {
            let e = parse_graph(text, format).unwrap_err();
            assert_eq!((e.line, e.text.as_str()), (line, bad), "{text:?}");
            assert!(e.to_string().contains(bad));
        }
        assert!(parse_graph("1 2\n", Some(GraphFormat::Dimacs)).is_err());
    }

    #[test]
    fn formats_round_trip_through_their_names() {
        for format in [GraphFormat::EdgeList, GraphFormat::Dimacs] {
            assert_eq!(format.to_string().parse::<GraphFormat>().unwrap(), format);
        }
        assert!("csv".parse::<GraphFormat>().is_err());
    }
}
