//! Every command's `--json` against the contract in docs/JSON.md: each key printed is in its
//! report's table with the type the table gives, and each key the table marks required is
//! printed. The tables are read from the document itself, so the two cannot drift apart.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Value};

use crate::common::grundy;

const CONTRACT: &str = include_str!("../../../../docs/JSON.md");

/// One row of a table: the key's type as written, and whether it is required.
#[derive(Debug)]
struct KeyRule {
    type_text: String,
    required: bool,
}

/// The tables of docs/JSON.md: `### report `NAME`` and `### object `NAME`` headings, each
/// followed by a `| key | type | required | meaning |` table.
#[derive(Debug, Default)]
struct Contract {
    reports: BTreeMap<String, BTreeMap<String, KeyRule>>,
    objects: BTreeMap<String, BTreeMap<String, KeyRule>>,
}

fn between_backticks(text: &str) -> Option<&str> {
    let start = text.find('`')? + 1;
    let end = start + text[start..].find('`')?;
    Some(&text[start..end])
}

fn read_contract(text: &str) -> Contract {
    let mut contract = Contract::default();
    let mut current: Option<(bool, String)> = None;
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("### ") {
            let name = between_backticks(heading)
                .unwrap_or_else(|| panic!("heading without a `name`: {line}"))
                .to_string();
            let is_report = heading.starts_with("report ");
            assert!(
                is_report || heading.starts_with("object "),
                "a ### heading is `report NAME` or `object NAME`: {line}"
            );
            let tables = if is_report {
                &mut contract.reports
            } else {
                &mut contract.objects
            };
            assert!(
                tables.insert(name.clone(), BTreeMap::new()).is_none(),
                "{name} twice"
            );
            current = Some((is_report, name));
            continue;
        }
        if line.starts_with("## ") {
            current = None;
        }
        let Some((is_report, name)) = &current else {
            continue;
        };
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // A table row is `| a | b | c | d |`: six pieces around the bars.
        if cells.len() != 6 || cells[1] == "key" || cells[1].starts_with("---") {
            continue;
        }
        let key = between_backticks(cells[1])
            .unwrap_or_else(|| panic!("key without backticks: {line}"))
            .to_string();
        let required = match cells[3] {
            "yes" => true,
            "no" => false,
            other => panic!("required is yes or no, not {other}: {line}"),
        };
        let tables = if *is_report {
            &mut contract.reports
        } else {
            &mut contract.objects
        };
        let table = tables.get_mut(name).expect("the heading made the table");
        let rule = KeyRule {
            type_text: cells[2].to_string(),
            required,
        };
        assert!(
            table.insert(key.clone(), rule).is_none(),
            "{name}.{key} twice"
        );
    }
    contract
}

impl Contract {
    /// Why `value` is not of the type `type_text`, or `None` when it is.
    fn type_error(&self, type_text: &str, value: &Value, at: &str) -> Option<String> {
        if let Some(element) = type_text.strip_prefix("array of ") {
            let Value::Array(items) = value else {
                return Some(format!("{at}: expected an array, got {value}"));
            };
            return items
                .iter()
                .enumerate()
                .find_map(|(i, item)| self.type_error(element, item, &format!("{at}[{i}]")));
        }
        if let Some(element) = type_text.strip_prefix("map of ") {
            let Value::Object(entries) = value else {
                return Some(format!("{at}: expected an object, got {value}"));
            };
            return entries
                .iter()
                .find_map(|(key, item)| self.type_error(element, item, &format!("{at}.{key}")));
        }
        let alternatives: Vec<&str> = type_text.split(" or ").collect();
        if alternatives.len() > 1 {
            let errors: Vec<String> = alternatives
                .iter()
                .filter_map(|alternative| self.type_error(alternative, value, at))
                .collect();
            return (errors.len() == alternatives.len())
                .then(|| format!("{at}: none of {type_text}: {}", errors.join("; ")));
        }
        let fits = match type_text {
            "string" => value.is_string(),
            "integer" => value.is_u64() || value.is_i64(),
            "number" => value.is_number(),
            "boolean" => value.is_boolean(),
            "null" => value.is_null(),
            object => {
                let table = self
                    .objects
                    .get(object)
                    .unwrap_or_else(|| panic!("{at}: type `{object}` is not described"));
                return self.table_error(table, value, at);
            }
        };
        (!fits).then(|| format!("{at}: expected {type_text}, got {value}"))
    }

    /// Why `value` does not follow `table`, or `None` when it does.
    fn table_error(
        &self,
        table: &BTreeMap<String, KeyRule>,
        value: &Value,
        at: &str,
    ) -> Option<String> {
        let Value::Object(fields) = value else {
            return Some(format!("{at}: expected an object, got {value}"));
        };
        for (key, field) in fields {
            let Some(rule) = table.get(key) else {
                return Some(format!("{at}: key `{key}` is not in docs/JSON.md"));
            };
            if let Some(error) = self.type_error(&rule.type_text, field, &format!("{at}.{key}")) {
                return Some(error);
            }
        }
        table
            .iter()
            .find(|(key, rule)| rule.required && !fields.contains_key(*key))
            .map(|(key, _)| format!("{at}: required key `{key}` is missing"))
    }

    /// Why a printed report breaks the contract, or `None`.
    fn report_error(&self, report: &Value) -> Option<String> {
        if report["schema"] != 1 {
            return Some(format!("schema is not 1: {report}"));
        }
        let Some(name) = report_name(report) else {
            return Some(format!("no command: {report}"));
        };
        let Some(table) = self.reports.get(&name) else {
            return Some(format!("report `{name}` has no table in docs/JSON.md"));
        };
        self.table_error(table, report, &name)
    }
}

/// The table a printed report follows: its command's, or for a sequence in bounded memory
/// (which reports counts, not values) `sequence --window`'s.
fn report_name(report: &Value) -> Option<String> {
    let command = report["command"].as_str()?;
    Some(if command == "sequence" && report.get("window").is_some() {
        "sequence --window".to_string()
    } else {
        command.to_string()
    })
}

fn contract() -> Contract {
    read_contract(CONTRACT)
}

/// Runs `grundy ARGS --json`, which answers yes (status 0) or no (status 1), and parses it.
fn report_of(args: &[&str]) -> Value {
    let output = grundy()
        .args(args)
        .arg("--json")
        .output()
        .expect("grundy runs");
    // A quotient past its limits, and a windowed sequence past its window, print the heaps
    // finished, then refuse the rest (status 2).
    let partial = (args.first() == Some(&"quotient") || args.contains(&"--window"))
        && output.status.code() == Some(2);
    assert!(
        partial || matches!(output.status.code(), Some(0 | 1)),
        "grundy {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 1, "one line of JSON for {args:?}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}: {text}"))
}

/// Keys printed only by a search spread over MPI ranks, which these runs (one process) cannot
/// print: `tests/mpi.rs` checks them, with the `mpi` feature.
const PRINTED_OVER_MPI_ONLY: &[&str] = &["ranks", "units_settled"];

#[test]
fn every_command_prints_what_docs_json_md_describes() {
    let contract = contract();
    let dir = tempfile::tempdir().unwrap();
    let edges = dir.path().join("path.txt");
    std::fs::write(&edges, "a b\nb c\nc d\n").unwrap();
    let edges = edges.to_str().unwrap();
    let two_parts = dir.path().join("two-parts.txt");
    std::fs::write(&two_parts, "a b\nb c\nc a\nd e\ne f\n").unwrap();
    let two_parts = two_parts.to_str().unwrap();
    let tour_file = dir.path().join("tour.json");
    let bad_tour = dir.path().join("bad.txt");
    std::fs::write(&bad_tour, "1 2\n3 4\n").unwrap();
    let tour = report_of(&["tour", "5x5"]);
    std::fs::write(&tour_file, tour.to_string()).unwrap();
    let tour_file = tour_file.to_str().unwrap();
    let bad_tour = bad_tour.to_str().unwrap();
    // A certificate, and the same with its last claim changed: verified, and refused.
    let certificate = dir.path().join("knights.cert");
    let written = grundy()
        .args(["value", "knights", "5x5", "--certificate"])
        .arg(&certificate)
        .output()
        .unwrap();
    assert!(written.status.success());
    let text = std::fs::read_to_string(&certificate).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let last = lines.len() - 2;
    let (shape, value) = lines[last].rsplit_once(' ').unwrap();
    lines[last] = format!("{shape} {}", value.parse::<u32>().unwrap() + 1);
    let edited = dir.path().join("edited.cert");
    std::fs::write(&edited, lines.join("\n") + "\n").unwrap();
    let (certificate, edited) = (certificate.to_str().unwrap(), edited.to_str().unwrap());
    let runs: &[&[&str]] = &[
        &["verify", certificate],
        &["verify", edited],
        &["value", "knights", "5x5"],
        // Settled by mirror play: `settled_by` in value, outcome, moves and a summand.
        &["value", "knights", "8x9"],
        &["moves", "knights", "4x4"],
        &["value", "knights 4x4 + *1"],
        &["value", "queens", "3x3", "--position", "Q../.../..."],
        &["value", "bishops+knights", "3x3", "--board", "torus"],
        &["value", "kayles", "3", "4", "5"],
        &["value", "0.137", "6"],
        &["value", "kayles-2d", "2x3", "1x4"],
        &["value", "corner-knight", "7", "9"],
        &["value", "graph", edges],
        // Positions in parts: `parts`.
        &["value", "bishops", "3x3"],
        &["value", "cram 3x5 at ...../#####/...#."],
        &["value", "graph", two_parts],
        &["value", "knights 3x3 + kayles 7 + *3"],
        &["moves", "knights 3x3 + corner-knight 7 9 + *1", "--all"],
        &["outcome", "knights", "5x5"],
        &["outcome", "knights", "4x4"],
        &["outcome", "queens+rooks", "3x3", "--rays", "blocked"],
        &["moves", "knights", "5x5"],
        // Within a time, on a board not solved in it: moves without their values.
        &[
            "moves",
            "knights",
            "8x8",
            "--position",
            "NN....../......../......../......../......../......../......../........",
            "--all",
            "--seconds",
            "0.2",
        ],
        &["moves", "bishops+knights", "3x3", "--all"],
        &["moves", "kayles", "3", "2", "1", "5"],
        &["moves", "kayles", "3", "2", "1", "5", "--all"],
        &["moves", "treblecross", "7"],
        &["moves", "kayles-2d", "2x3", "--all"],
        &["moves", "corner-queen", "4", "6", "--all"],
        &["moves", "graph", edges, "--all"],
        &["value", "kayles", "3", "4", "5", "--misere"],
        &["value", "knights", "4x4", "--misere"],
        &["value", "graph", edges, "--misere"],
        &[
            "moves",
            "knights 3x3 + corner-knight 2 3 + *1",
            "--all",
            "--misere",
        ],
        &["moves", "kayles-2d", "2x3", "--misere"],
        &["outcome", "knights", "5x5", "--misere"],
        &["outcome", "kayles", "3", "4", "5", "--misere"],
        &["outcome", "graph", edges, "--misere"],
        &["play", "knights", "4x4", "--reply", "--misere"],
        &["table", "knights", "--rows", "1-3", "--cols", "1-3"],
        &["table", "corner-knight", "--rows", "0-3", "--cols", "0-3"],
        &["value", "cram", "4x5"],
        &["value", "cram", "4x4"],
        &["moves", "cram 3x3 at #../.../...", "--all"],
        &["outcome", "cram", "5x6"],
        // Answered by the value, with a winning move.
        &["outcome", "cram", "3x5"],
        &["outcome", "kayles", "3", "4", "5"],
        &["outcome", "corner-knight", "7", "9"],
        &["outcome", "knights 3x3 + *3"],
        &["outcome", "graph", edges],
        &["value", "cram", "3x3", "--misere"],
        &["play", "cram", "4x5", "--reply"],
        &["table", "cram", "--rows", "1-4", "--cols", "1-4"],
        &[
            "table", "cram", "--rows", "1-2", "--cols", "1-3", "--misere",
        ],
        &[
            "table", "knights", "--rows", "1-3", "--cols", "2-4", "--misere",
        ],
        &["sequence", "kayles", "--to", "20"],
        &["sequence", "0.137", "--to", "10"],
        &["sequence", "0.6", "--to", "3000"],
        &["sequence", "0.167", "--to", "5000", "--window", "4096"],
        // Heap 1,201,951 needs pairs past the window: `stopped_by` says so.
        &["sequence", "0.6", "--to", "1300000", "--window", "65536"],
        &["sequence", "kayles", "--to", "12", "--misere"],
        &["quotient", "kayles", "--heaps", "200"],
        &["quotient", "0.07", "--heaps", "12"],
        &["quotient", "0.3122", "--heaps", "7"],
        &["tour", "5x5"],
        &["tour", "4x4", "--closed"],
        &["tour", "exists", "5x5"],
        &["tour", "exists", "4x4", "--closed"],
        &["tour", "verify", tour_file],
        &["tour", "verify", bad_tour],
        &["tour", "count", "5x5"],
        &["tour", "count", "4x4", "--closed"],
        &["tour", "count", "6x6", "--closed"],
        &["graph", "knights", "3x3"],
        &["graph", "knights", "3x3", "--drawing"],
        &["graph", "graph", edges],
        &["conjecture", "parity", "knights", "1x1..4x4"],
        &["check", "corner-knight", "--to", "20"],
        &["check", "corner-queen", "--to", "20"],
        &["bench", "--only", "knights 5x9"],
        &["play", "knights", "5x5", "--reply"],
        // Out of thinking time: no value, no outcome.
        &[
            "play",
            "knights",
            "8x8",
            "--reply",
            "--seconds",
            "0.1",
            "--position",
            "NN....../......../......../......../......../......../......../........",
        ],
        &[
            "play",
            "bishops+knights",
            "3x3",
            "--reply",
            "--opponent",
            "random",
        ],
    ];
    // Requests the command line does not make: the computer's move in games other than
    // placement games (the web page's), with the keys of their families, and the check of
    // the side it plays second, which the page asks as a game starts.
    let requests = [
        json!({"question": "play", "game": "kayles 3 5"}),
        json!({"question": "play", "game": "cram 2x4", "opponent": "symmetry", "side": "second"}),
        json!({"question": "play", "game": "graph sent", "graph": "a b\nb c\n"}),
        json!({"question": "play", "game": "*2 + corner-knight 3 4", "opponent": "random"}),
    ];
    let mut reports: Vec<(String, Value)> = runs
        .iter()
        .map(|args| (format!("grundy {} --json", args.join(" ")), report_of(args)))
        .collect();
    for request in requests {
        let output = grundy()
            .arg("worker")
            .write_stdin(request.to_string())
            .output()
            .unwrap();
        assert!(output.status.success(), "{request}");
        let report = serde_json::from_slice(&output.stdout).unwrap();
        reports.push((format!("grundy worker <<< {request}"), report));
    }
    let mut seen = BTreeSet::new();
    for (asked, report) in reports {
        if let Some(error) = contract.report_error(&report) {
            panic!("{asked}: {error}");
        }
        let command = report_name(&report).unwrap();
        for key in report.as_object().unwrap().keys() {
            seen.insert((command.clone(), key.clone()));
        }
    }
    // The other way round: a key documented but printed by no run is a stale row (or a run
    // missing from the list above).
    for (command, table) in &contract.reports {
        for key in table
            .keys()
            .filter(|key| !PRINTED_OVER_MPI_ONLY.contains(&key.as_str()))
        {
            assert!(
                seen.contains(&(command.clone(), key.clone())),
                "docs/JSON.md documents `{key}` in `{command}`, which no run printed"
            );
        }
    }
}

#[test]
fn the_examples_in_docs_json_md_follow_their_tables() {
    let contract = contract();
    let mut examples = 0;
    let mut in_block = false;
    for line in CONTRACT.lines() {
        match line {
            "```json" => in_block = true,
            "```" => in_block = false,
            text if in_block => {
                let report: Value = serde_json::from_str(text)
                    .unwrap_or_else(|e| panic!("example is not JSON: {e}: {text}"));
                if let Some(error) = contract.report_error(&report) {
                    panic!("docs/JSON.md example: {error}");
                }
                examples += 1;
            }
            _ => {}
        }
    }
    assert!(examples >= 5, "the examples were read: {examples}");
}

/// The checker itself finds drift: an undocumented key, a missing required key, a wrong type
/// (also inside a move object).
#[test]
fn the_contract_check_refuses_drift() {
    let contract = contract();
    let good = report_of(&["moves", "kayles", "3", "2", "1", "5"]);
    assert_eq!(contract.report_error(&good), None);
    let mut extra = good.clone();
    extra["nodes"] = 3.into();
    assert!(contract.report_error(&extra).unwrap().contains("`nodes`"));
    let mut missing = good.clone();
    missing.as_object_mut().unwrap().remove("to_move");
    assert!(contract
        .report_error(&missing)
        .unwrap()
        .contains("`to_move`"));
    let mut wrong_type = good.clone();
    wrong_type["moves"][0]["heap"] = "4".into();
    assert!(contract.report_error(&wrong_type).unwrap().contains("heap"));
    let mut old_heap_move = good;
    old_heap_move["moves"][0]["board"] = 0.into();
    assert!(contract.report_error(&old_heap_move).is_some());
}
