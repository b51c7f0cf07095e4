//! The `grundy graph`, `grundy conjecture` and `value`/`moves graph FILE` commands, checked
//! against published values (OEIS), the board solver, and for their handling of bad input.

use std::io::Write;

use grundy::games::placement::Piece;
use grundy::graph::Graph;
use grundy::BoardSize;
use serde_json::Value;
use tempfile::TempPath;

use crate::common::{fails_with, grundy, json_of};

/// A temporary file holding `contents`, removed when the returned path is dropped; `name`
/// becomes part of its file name, so a failing test's message says which file it was.
fn temp_file(name: &str, contents: &str) -> TempPath {
    let mut file = tempfile::Builder::new()
        .prefix(&format!("grundy-graph-{name}-"))
        .tempfile()
        .expect("the temporary directory is writable");
    file.write_all(contents.as_bytes())
        .expect("the temporary directory is writable");
    file.into_temp_path()
}

fn edge_list(graph: &Graph) -> String {
    let mut text = String::from("# written by graph_cli.rs\n");
    for u in 0..graph.vertex_count() {
        if graph.degree(u) == 0 {
            text.push_str(&format!("{}\n", graph.name(u)));
        }
        for &v in graph.neighbours(u).iter().filter(|&&v| v > u) {
            text.push_str(&format!("{} {}\n", graph.name(u), graph.name(v)));
        }
    }
    text
}

fn dimacs(graph: &Graph) -> String {
    let mut text = format!(
        "c written by graph_cli.rs\np edge {} {}\n",
        graph.vertex_count(),
        graph.edge_count()
    );
    for u in 0..graph.vertex_count() {
        for &v in graph.neighbours(u).iter().filter(|&&v| v > u) {
            text.push_str(&format!("e {} {}\n", u + 1, v + 1));
        }
    }
    text
}

#[test]
fn knights_8x8_facts_match_the_literature() {
    let report = json_of(&["graph", "knights", "8x8"]);
    assert_eq!(report["vertices"], 64);
    assert_eq!(report["edges"], 168);
    assert_eq!(report["bipartite"], true);
    assert_eq!(report["components"], 1);
    assert_eq!(report["degree"]["min"], 2);
    assert_eq!(report["degree"]["max"], 8);
    // Boone (2016), section 1.3: alpha = mn/2 and gamma = 12; OEIS A342576: i = 14.
    assert_eq!(report["independence_number"], 32);
    assert_eq!(report["domination_number"], 12);
    assert_eq!(report["independent_domination_number"], 14);
    // OEIS A289201: 900243 maximal independent sets; the smallest have i pieces, the largest
    // alpha, and there are two of those (the two colours).
    let terminal = &report["terminal_positions"];
    assert_eq!(terminal["total"], 900243);
    let sizes = terminal["sizes"].as_array().unwrap();
    assert_eq!(sizes.first().unwrap()["size"], 14);
    assert_eq!(sizes.last().unwrap()["size"], 32);
    assert_eq!(sizes.last().unwrap()["count"], 2);
    let graph = Graph::attack_graph(Piece::Knight, "8x8".parse().unwrap());
    for class in sizes {
        let example: Vec<usize> = class["example"]
            .as_array()
            .unwrap()
            .iter()
            .map(|name| graph.vertex_named(name.as_str().unwrap()).unwrap())
            .collect();
        assert_eq!(example.len() as u64, class["size"].as_u64().unwrap());
        assert!(graph.is_independent(&example) && graph.is_dominating(&example));
    }
}

#[test]
fn queens_domination_numbers_are_oeis_a075458_and_a075324() {
    let gamma = [1, 1, 1, 2, 3, 3, 4];
    let independent = [1, 1, 1, 3, 3, 4, 4];
    for n in 1..=7 {
        let board = format!("{n}x{n}");
        let report = json_of(&["graph", "queens", &board]);
        assert_eq!(report["domination_number"], gamma[n - 1], "{board}");
        assert_eq!(
            report["independent_domination_number"],
            independent[n - 1],
            "{board}"
        );
    }
}

#[test]
fn a_small_limit_reports_bounds_not_values() {
    let report = json_of(&["graph", "knights", "8x8", "--limit", "5", "--states", "100"]);
    assert!(report["domination_number"].is_null());
    let bounds = &report["bounds"]["domination_number"];
    assert!(bounds["lower"].as_u64().unwrap() <= 12 && bounds["upper"].as_u64().unwrap() >= 12);
    assert!(report["terminal_positions"].is_null());
    assert!(report["terminal_error"].as_str().unwrap().contains("100"));
    let text = grundy()
        .args(["graph", "knights", "8x8", "--limit", "5", "--states", "100"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("between") && text.contains("not counted"),
        "{text}"
    );
}

#[test]
fn node_kayles_on_attack_graphs_matches_the_board_solver() {
    for piece in [
        Piece::Knight,
        Piece::Queen,
        Piece::King,
        Piece::Leaper(1, 3),
    ] {
        for (m, n) in [(1, 5), (2, 4), (3, 3), (3, 4), (4, 4), (3, 6), (4, 5)] {
            let board = BoardSize::new(m, n).unwrap();
            let graph = Graph::attack_graph(piece, board);
            let expected = json_of(&["value", &piece.to_string(), &board.to_string()]);
            for (format, text) in [("edges", edge_list(&graph)), ("dimacs", dimacs(&graph))] {
                let file = temp_file(&format!("{piece}-{board}.{format}"), &text);
                let found = json_of(&["value", "graph", file.to_str().unwrap()]);
                assert_eq!(
                    found["nimber"], expected["nimber"],
                    "{piece} {board} {format}"
                );
                assert_eq!(found["outcome"], expected["outcome"]);
            }
        }
    }
}

#[test]
fn winning_moves_are_named_by_their_vertices() {
    for (piece, board) in [
        (Piece::Knight, "3x3"),
        (Piece::Queen, "4x5"),
        (Piece::King, "3x5"),
    ] {
        let graph = Graph::attack_graph(piece, board.parse().unwrap());
        let file = temp_file(&format!("moves-{piece}-{board}"), &edge_list(&graph));
        let on_board = json_of(&["moves", &piece.to_string(), board, "--all"]);
        let on_graph = json_of(&["moves", "graph", file.to_str().unwrap(), "--all"]);
        let pairs = |report: &Value, key: &str| -> Vec<(String, u64)> {
            let mut list: Vec<(String, u64)> = report["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    (
                        m[key].as_str().unwrap().to_string(),
                        m["nimber"].as_u64().unwrap(),
                    )
                })
                .collect();
            list.sort();
            list
        };
        assert_eq!(
            pairs(&on_graph, "vertex"),
            pairs(&on_board, "square"),
            "{piece} {board}"
        );
        let winning = json_of(&["moves", "graph", file.to_str().unwrap()]);
        let expected: Vec<_> = pairs(&on_board, "square")
            .into_iter()
            .filter(|(_, n)| *n == 0)
            .collect();
        assert_eq!(pairs(&winning, "vertex"), expected);
    }
}

#[test]
fn paths_are_dawsons_chess_and_small_graphs_are_known() {
    for n in 1..=20usize {
        let text: String = (1..n).map(|v| format!("p{v} p{}\n", v + 1)).collect();
        let text = if n == 1 { "p1\n".to_string() } else { text };
        let file = temp_file(&format!("path-{n}"), &text);
        let path = json_of(&["value", "graph", file.to_str().unwrap()]);
        let heap = json_of(&["value", "dawsons-chess", &n.to_string()]);
        assert_eq!(path["nimber"], heap["nimber"], "P{n}");
    }
    let complete: String = (0..7)
        .flat_map(|u| (u + 1..7).map(move |v| format!("{u} {v}\n")))
        .collect();
    let file = temp_file("k7", &complete);
    assert_eq!(
        json_of(&["value", "graph", file.to_str().unwrap()])["nimber"],
        1
    );
    let file = temp_file("empty5", "a\nb\nc\n# d is named twice\nd\nd\ne\n");
    assert_eq!(
        json_of(&["value", "graph", file.to_str().unwrap()])["nimber"],
        1
    );
}

#[test]
fn bad_graph_files_name_the_file_line_and_text() {
    let file = temp_file("bad-edges", "a b\n\nb c d\n");
    let output = grundy()
        .args(["value", "graph", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(
        error.contains("bad-edges") && error.contains("line 3") && error.contains("b c d"),
        "{error}"
    );

    let file = temp_file("bad-dimacs", "p edge 3 2\ne 1 2\ne 2 9\n");
    let output = grundy()
        .args(["moves", "graph", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(
        error.contains("line 3") && error.contains("e 2 9") && error.contains("from 1 to 3"),
        "{error}"
    );

    let file = temp_file("plain-edges", "1 2\n2 3\n");
    let output = grundy()
        .args([
            "value",
            "graph",
            file.to_str().unwrap(),
            "--format",
            "dimacs",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    for args in [
        vec!["value", "graph", "/no/such/file"],
        vec!["value", "graph"],
        vec!["graph", "graph", "/no/such/file"],
        vec!["value", "graph", "x", "--format", "csv"],
        vec!["graph", "pawns", "8x8"],
        vec!["graph", "knights", "23x23"],
        vec!["conjecture", "parity", "knights", "8x8..3x3"],
        vec!["outcome", "graph", "x"],
    ] {
        let output = grundy().args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn the_parity_conjecture_fails_on_3x3_knights() {
    let report = json_of(&["conjecture", "parity", "knights", "3x3..8x8"]);
    assert_eq!(report["holds"], false);
    let counterexample = &report["counterexample"];
    assert_eq!(counterexample["board"], "3x3");
    let size = counterexample["size"].as_u64().unwrap();
    assert_eq!(
        size % 2,
        0,
        "3x3 has an odd area, the counterexample an even size"
    );
    let graph = Graph::attack_graph(Piece::Knight, "3x3".parse().unwrap());
    let squares: Vec<usize> = counterexample["squares"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| graph.vertex_named(s.as_str().unwrap()).unwrap())
        .collect();
    assert_eq!(squares.len() as u64, size);
    assert!(graph.is_independent(&squares) && graph.is_dominating(&squares));

    let holds = json_of(&["conjecture", "parity", "knights", "1x1..2x2"]);
    assert_eq!(holds["holds"], true);
    assert!(holds["counterexample"].is_null());
    assert_eq!(holds["boards_checked"].as_array().unwrap().len(), 4);
    let text = grundy()
        .args(["conjecture", "parity", "knights", "3x3..8x8"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("false: on 3x3") && text.contains("a b c"),
        "{text}"
    );
}

#[test]
fn svg_shows_a_smallest_terminal_position() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k5.svg");
    let report = json_of(&["graph", "knights", "5x5", "--svg", path.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&path).expect("--svg writes the file");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let pieces = svg.matches("<circle").count() as u64;
    assert_eq!(
        pieces,
        report["independent_domination_number"].as_u64().unwrap()
    );
    // Every square without a piece is attacked in a terminal position: 25 squares, 5 pieces.
    let attacked = svg.matches("#f2b8b5").count() + svg.matches("#e39a96").count();
    assert_eq!(attacked as u64, 25 - pieces);
    let output = grundy()
        .args([
            "graph",
            "graph",
            temp_file("svg-edges", "a b\n").to_str().unwrap(),
            "--svg",
            "x.svg",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

/// gamma <= i <= alpha: a search stopped by --limit reports bounds no looser than what the other
/// searches proved. Knights 9x9 at 2,000 nodes settles i = 14 before gamma's search gets below
/// 15; knights 7x7 settles gamma = 10 while i's search alone knows only 6.
#[test]
fn stopped_searches_keep_gamma_at_most_i_at_most_alpha() {
    // Few --states: the terminal positions of 9x9 take seconds to count and are not the point.
    let report = json_of(&[
        "graph", "knights", "9x9", "--limit", "2000", "--states", "1000",
    ]);
    let bounds = &report["bounds"];
    let (gamma, i) = (
        &bounds["domination_number"],
        &bounds["independent_domination_number"],
    );
    assert_eq!(report["independent_domination_number"], 14, "{report}");
    assert_eq!(i["upper"], 14, "{report}");
    assert_eq!(gamma["upper"], 14, "{report}");
    assert_eq!(gamma["witness"].as_array().unwrap().len(), 14);
    let text = grundy()
        .args([
            "graph", "knights", "9x9", "--limit", "2000", "--states", "1000",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("domination number: between 10 and 14"),
        "{text}"
    );

    let report = json_of(&["graph", "knights", "7x7", "--limit", "2000"]);
    let bounds = &report["bounds"];
    assert_eq!(report["domination_number"], 10, "{report}");
    assert_eq!(
        bounds["independent_domination_number"]["lower"], 10,
        "{report}"
    );
    for report in [
        json_of(&[
            "graph", "knights", "8x8", "--limit", "100", "--states", "1000",
        ]),
        json_of(&["graph", "queens", "7x7", "--limit", "50"]),
    ] {
        let b = &report["bounds"];
        let number = |key: &str, end: &str| b[key][end].as_u64().unwrap();
        assert!(
            number("domination_number", "upper")
                <= number("independent_domination_number", "upper"),
            "{report}"
        );
        assert!(
            number("domination_number", "lower")
                <= number("independent_domination_number", "lower"),
            "{report}"
        );
        assert!(
            number("independent_domination_number", "upper")
                <= number("independence_number", "upper"),
            "{report}"
        );
    }
}

/// Graph files are bounded before anything is read or allocated for them: a 20-byte DIMACS
/// header declaring 300 million vertices (it took 18.6 GiB), a file of NUL bytes and
/// /dev/zero (read whole until memory ran out) are refused at once with the limit named.
#[test]
fn graph_files_are_bounded_before_reading_or_allocating() {
    let huge = temp_file("huge-header", "p edge 300000000 0\n");
    let huge = huge.to_str().unwrap();
    for command in ["value", "graph", "moves"] {
        fails_with(
            &[command, "graph", huge],
            "declares 300000000 vertices: a graph may have at most 1024",
        );
    }
    let zeros = temp_file("nul-bytes", &"\0".repeat(10 << 20));
    fails_with(
        &["value", "graph", zeros.to_str().unwrap()],
        "is not text: byte 0 is NUL",
    );
    let long = temp_file("too-long", &"# a comment line\n".repeat(600_000));
    fails_with(
        &["graph", "graph", long.to_str().unwrap()],
        "is longer than 8388608 bytes (8 MiB)",
    );
    let many = temp_file(
        "many-vertices",
        &(0..1100).map(|v| format!("v{v}\n")).collect::<String>(),
    );
    fails_with(
        &["value", "graph", many.to_str().unwrap()],
        "line 1025: `v1024`: vertex `v1024` would be number 1025: a graph may have at most 1024 vertices",
    );
    if std::path::Path::new("/dev/zero").exists() {
        fails_with(
            &["value", "graph", "/dev/zero"],
            "is not text: byte 0 is NUL",
        );
    }
}

/// A count of terminal positions is bounded before it starts: `--states` past what this
/// machine's memory could hold is refused naming the value and the most accepted, in `graph`
/// and in `conjecture` alike.
#[test]
fn states_past_the_machines_memory_are_refused() {
    let most = usize::MAX.to_string();
    fails_with(
        &["graph", "knights", "4x4", "--states", &most],
        &format!("`states` {most} could take"),
    );
    fails_with(
        &[
            "conjecture",
            "parity",
            "knights",
            "3x3..4x4",
            "--states",
            &most,
        ],
        "bytes a state), more than",
    );
}

/// A file saved with a UTF-8 byte-order mark (as Notepad saves) is the same graph: the mark is
/// not read into the first vertex's name, which made knights 4x4 a graph of 17 vertices of
/// value *3 instead of 16 of value 0.
#[test]
fn a_byte_order_mark_is_not_a_vertex() {
    let graph = Graph::attack_graph(Piece::Knight, "4x4".parse().unwrap());
    let expected = json_of(&["value", "knights", "4x4"]);
    for (format, text) in [("edges", edge_list(&graph)), ("dimacs", dimacs(&graph))] {
        // The mark first, before any comment line.
        let text = text.lines().skip(1).collect::<Vec<_>>().join("\n");
        let file = temp_file(&format!("bom.{format}"), &format!("\u{feff}{text}\n"));
        let path = file.to_str().unwrap();
        let facts = json_of(&["graph", "graph", path]);
        assert_eq!(facts["vertices"], 16, "{format}");
        let found = json_of(&["value", "graph", path]);
        assert_eq!(found["nimber"], expected["nimber"], "{format}");
    }
}

#[test]
fn value_names_the_components_of_a_graph_and_only_then() {
    let text = |path: &TempPath| {
        let path = path.to_str().unwrap();
        String::from_utf8(
            grundy()
                .args(["value", "graph", path])
                .output()
                .unwrap()
                .stdout,
        )
        .unwrap()
    };
    // A triangle (*1) and a path of three vertices (*2).
    let two = temp_file("two-parts", "a b\nb c\nc a\nd e\ne f\n");
    let shown = text(&two);
    assert!(
        shown.contains("parts      *1 (a b c) + *2 (d e f)\nnim-value  *3\n"),
        "{shown}"
    );
    let one = temp_file("one-part", "a b\nb c\n");
    assert!(!text(&one).contains("parts"));
}

/// A count stopped by its states says a larger `--states` tries harder; one stopped by a
/// frontier too wide says nothing of the states, which would not help.
#[test]
fn a_count_not_made_says_what_would_help() {
    let said = |args: &[&str]| {
        let output = grundy().arg("graph").args(args).output().unwrap();
        assert!(output.status.success(), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let out = said(&["queens", "10x10"]);
    assert!(out.contains("not counted: the frontier reaches"), "{out}");
    assert!(!out.contains("--states"), "{out}");
    let out = said(&["knights", "8x8", "--states", "100"]);
    assert!(
        out.contains("not counted: more than 100 frontier states") && out.contains("--states"),
        "{out}"
    );
}

/// A bound of no nodes or no states would only report every count as undecided.
#[test]
fn bounds_of_zero_are_refused() {
    for args in [
        &["graph", "knights", "3x3", "--states", "0"][..],
        &["graph", "knights", "3x3", "--limit", "0"][..],
        &["conjecture", "parity", "knights", "3x3", "--states", "0"][..],
    ] {
        fails_with(args, "0 is not in 1..");
    }
}
