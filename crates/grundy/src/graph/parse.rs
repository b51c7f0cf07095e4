//! Reading graphs from text: edge lists and DIMACS.
//!
//! - **Edge list**: one edge `u v` per line; a line with a single token is a vertex (isolated,
//!   unless an edge names it too). Vertices are any whitespace-free tokens, numbered in the
//!   order they first appear. `#` starts a comment; blank lines are ignored. A first line
//!   `# edge list` marks the text as one (else a first vertex `c` or `p`, or a first line
//!   `e U V`, reads as DIMACS).
//! - **DIMACS** (the graph-colouring format): `c` lines are comments, `p edge N M` declares
//!   `N` vertices named `1` to `N`, and `e u v` is an edge. The edge count `M` is checked only
//!   against a text cut short: many files count each edge twice, some list each edge both
//!   ways, so a text is refused only when fewer `e` lines follow than `M` and `M` is not
//!   twice their number.
//!
//! The text is parsed, not read: the caller reads the file, at most [`MAX_GRAPH_TEXT_BYTES`] of
//! it. Errors give the line number (from 1) and its text. A graph may have at most
//! [`MAX_SEARCH_VERTICES`] vertices (every question asked of it is a search): a DIMACS problem
//! line declaring more is refused before anything is allocated for them.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Graph, GraphError, MAX_SEARCH_VERTICES};

/// The longest graph text read: 8 MiB. The complete graph on [`MAX_SEARCH_VERTICES`] vertices
/// (523,776 edges) takes 5,152,851 bytes as DIMACS `e U V` lines, 5,676,627 with CRLF line
/// ends, and 4,105,299 as an edge list of its vertex numbers; this leaves room for comments
/// and longer names, and is little to hold.
pub const MAX_GRAPH_TEXT_BYTES: usize = 8 << 20;

/// The first line that marks a text as an edge list, whatever follows.
pub(crate) const EDGE_LIST_HEADER: &str = "# edge list";

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
    /// comment starts with `p`, is an edge `e U V` (or it has a `c` comment line before
    /// that), an edge list otherwise.
    #[must_use]
    pub fn detect(text: &str) -> GraphFormat {
        let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
        // A first line `# edge list` says so: an edge list whose first vertex is named `c` or
        // `p` would otherwise read as DIMACS (grundy writes its edge lists so).
        if text
            .lines()
            .next()
            .is_some_and(|first| first.trim().eq_ignore_ascii_case(EDGE_LIST_HEADER))
        {
            return GraphFormat::EdgeList;
        }
        for line in text.lines() {
            // An edge list's `#` starts a comment, so its tokens are counted before it.
            let mut tokens = line
                .split('#')
                .next()
                .unwrap_or_default()
                .split_whitespace();
            match tokens.next() {
                None => {}
                Some("p") | Some("c") => return GraphFormat::Dimacs,
                // `e U V` is no edge list's line (three tokens) but a DIMACS edge, though
                // before its problem line: read so, the refusal says what is missing.
                Some("e") if tokens.clone().count() == 2 => return GraphFormat::Dimacs,
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
    pub(crate) text: String,
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

fn whole_text_error(problem: String) -> GraphParseError {
    GraphParseError {
        line: 0,
        text: String::new(),
        problem,
    }
}

/// The UTF-8 byte-order mark, which some editors (Notepad) put at the start of a text file.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// Reads a graph in `format`, or in the format [`GraphFormat::detect`] finds. Text longer than
/// [`MAX_GRAPH_TEXT_BYTES`], or holding a NUL character (binary data, not a graph), is refused.
/// A leading byte-order mark is not part of the text: it would otherwise be read into the first
/// vertex's name, making a vertex of its own.
pub fn parse_graph(text: &str, format: Option<GraphFormat>) -> Result<Graph, GraphParseError> {
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    if text.len() > MAX_GRAPH_TEXT_BYTES {
        return Err(whole_text_error(format!(
            "the text has {} bytes: a graph may take at most {MAX_GRAPH_TEXT_BYTES} (enough for the complete graph on {MAX_SEARCH_VERTICES} vertices)",
            text.len()
        )));
    }
    if let Some(offset) = text.find('\0') {
        return Err(whole_text_error(format!(
            "byte {offset} is NUL: this is binary data, not a graph's text"
        )));
    }
    match format.unwrap_or_else(|| GraphFormat::detect(text)) {
        GraphFormat::EdgeList => parse_edge_list(text),
        GraphFormat::Dimacs => parse_dimacs(text),
    }
}

fn parse_edge_list(text: &str) -> Result<Graph, GraphParseError> {
    let mut names: Vec<String> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut edges = Vec::new();
    let mut vertex = |name: &str| -> Option<usize> {
        if let Some(&i) = index.get(name) {
            return Some(i);
        }
        if names.len() == MAX_SEARCH_VERTICES {
            return None;
        }
        names.push(name.to_string());
        index.insert(name.to_string(), names.len() - 1);
        Some(names.len() - 1)
    };
    let too_many = |number: usize, line: &str, name: &str| {
        error(
            number,
            line,
            format!("vertex `{name}` would be number {}: a graph may have at most {MAX_SEARCH_VERTICES} vertices", MAX_SEARCH_VERTICES + 1),
        )
    };
    for (number, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("");
        let tokens: Vec<&str> = content.split_whitespace().collect();
        match tokens[..] {
            [] => {}
            [single] => {
                vertex(single).ok_or_else(|| too_many(number, line, single))?;
            }
            [u, v] => {
                if u == v {
                    return Err(error(
                        number,
                        line,
                        format!("vertex `{u}` is joined to itself: loops are not allowed"),
                    ));
                }
                let u = vertex(u).ok_or_else(|| too_many(number, line, u))?;
                let v = vertex(v).ok_or_else(|| too_many(number, line, v))?;
                edges.push((u, v));
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
    whole_text_error(e.to_string())
}

fn parse_dimacs(text: &str) -> Result<Graph, GraphParseError> {
    let mut vertices: Option<usize> = None;
    let mut declared_edges = 0u64;
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
                    ["p", kind, n, m] if kind == "edge" || kind == "col" => {
                        n.parse::<usize>().ok().zip(m.parse::<u64>().ok())
                    }
                    _ => None,
                };
                match count {
                    Some((n, _)) if n > MAX_SEARCH_VERTICES => {
                        return Err(error(
                            number,
                            line,
                            format!("the problem line declares {n} vertices: a graph may have at most {MAX_SEARCH_VERTICES}"),
                        ))
                    }
                    Some((n, m)) => {
                        vertices = Some(n);
                        declared_edges = m;
                    }
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
    let listed = edges.len() as u64;
    if listed < declared_edges && declared_edges != 2 * listed {
        return Err(whole_text_error(format!(
            "the problem line declares {declared_edges} edges, but {listed} `e` lines follow (nor half as many, for a file that counts each edge twice): is the text cut short?"
        )));
    }
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
    fn a_leading_byte_order_mark_is_not_part_of_a_name() {
        for text in ["a b\nb c\n", "p edge 3 2\ne 1 2\ne 2 3\n"] {
            let plain = parse_graph(text, None).unwrap();
            let marked = parse_graph(&format!("\u{feff}{text}"), None).unwrap();
            assert_eq!(marked.vertex_count(), plain.vertex_count(), "{text}");
            assert_eq!(marked.edge_count(), plain.edge_count(), "{text}");
            assert_eq!(marked.name(0), plain.name(0), "{text}");
        }
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
        // An edge list's line `e 1 #first` is the edge e-1, its comment not counted.
        let graph = parse_graph("e 1 #first\n1 2\n", None).unwrap();
        assert_eq!((graph.vertex_count(), graph.edge_count()), (3, 2));
        // An edge before the problem line is said to be so, not read as an edge list's line.
        let e = parse_graph("e 1 2\np edge 2 1\n", None).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(e.problem.contains("before the problem line"), "{e}");
    }

    /// A DIMACS text with fewer edges than its problem line declares is cut short, unless
    /// it counts each edge twice; more edge lines (each edge both ways) are read.
    #[test]
    fn a_dimacs_text_with_fewer_edges_than_declared_is_refused() {
        let triangle = "e 1 2\ne 2 3\ne 3 1\n";
        for (declared, read) in [
            (3, true),
            (6, true),
            (0, true),
            (1, true),
            (4, false),
            (5, false),
            (7, false),
        ] {
            let text = format!("p edge 3 {declared}\n{triangle}");
            match parse_graph(&text, None) {
                Ok(graph) => {
                    assert!(read, "{declared}");
                    assert_eq!(graph.edge_count(), 3);
                }
                Err(e) => {
                    assert!(!read, "{declared}: {e}");
                    assert!(
                        e.problem
                            .contains(&format!("declares {declared} edges, but 3")),
                        "{e}"
                    );
                }
            }
        }
    }

    /// Graphs too large for any search are refused as the text is read, before anything is
    /// allocated for them: a 20-byte DIMACS header declaring 300 million vertices, an edge
    /// list naming a 1,025th vertex, and text that is binary or longer than the limit.
    #[test]
    fn graphs_beyond_the_limits_are_refused_before_allocation() {
        let e = parse_graph("p edge 300000000 0\n", None).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(e.to_string().contains("300000000 vertices"), "{e}");
        assert!(e.to_string().contains("at most 1024"), "{e}");
        let header = format!("p edge {MAX_SEARCH_VERTICES} 0\n");
        assert_eq!(parse_graph(&header, None).unwrap().vertex_count(), 1024);
        let path: String = (0..MAX_SEARCH_VERTICES)
            .map(|v| format!("v{v} v{}\n", v + 1))
            .collect();
        let e = parse_graph(&path, None).unwrap_err();
        assert_eq!(e.line, MAX_SEARCH_VERTICES, "{e}");
        assert!(
            e.to_string().contains("`v1024` would be number 1025"),
            "{e}"
        );
        let e = parse_graph("1 2\n\0\0\0", None).unwrap_err();
        assert!(e.problem.contains("byte 4 is NUL"), "{e}");
        let long = "# comment\n".repeat(MAX_GRAPH_TEXT_BYTES / 10 + 1);
        let e = parse_graph(&long, None).unwrap_err();
        assert!(e.problem.contains("at most 8388608"), "{e}");
    }

    /// The limit holds the largest graph allowed, written out in full.
    #[test]
    fn the_complete_graph_on_the_most_vertices_fits_the_text_limit() {
        let mut text = format!("p edge {MAX_SEARCH_VERTICES} 0\r\n");
        for u in 1..=MAX_SEARCH_VERTICES {
            for v in u + 1..=MAX_SEARCH_VERTICES {
                text.push_str(&format!("e {u} {v}\r\n"));
            }
        }
        assert!(text.len() <= MAX_GRAPH_TEXT_BYTES, "{}", text.len());
        let graph = parse_graph(&text, None).unwrap();
        assert_eq!(graph.edge_count(), 523_776);
    }

    #[test]
    fn formats_round_trip_through_their_names() {
        for format in [GraphFormat::EdgeList, GraphFormat::Dimacs] {
            assert_eq!(format.to_string().parse::<GraphFormat>().unwrap(), format);
        }
        assert!("csv".parse::<GraphFormat>().is_err());
    }
}
