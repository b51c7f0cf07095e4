//! The misère genus of single heaps against the values CGSuite computes, kept in
//! `tests/oracles/misere-genus.tsv` with their source: each game's sequence under misère play
//! must give every heap's normal nim-value and its eight misère terms γ₀…γ₇.

use std::collections::BTreeMap;

use grundy::request::{sequence, SequenceRequest};
use grundy::watch::Watch;

const TABLE: &str = include_str!("oracles/misere-genus.tsv");

/// A heap, its normal nim-value, and its eight misère terms γ₀…γ₇.
type Row = (usize, u32, Vec<u32>);

#[test]
fn heap_genera_agree_with_cgsuite() {
    let mut games: BTreeMap<&str, Vec<Row>> = BTreeMap::new();
    for line in TABLE.lines().filter(|line| !line.starts_with('#')).skip(1) {
        let cells: Vec<&str> = line.split('\t').collect();
        let terms = cells[4].chars().map(|c| c.to_digit(10).unwrap()).collect();
        games.entry(cells[0]).or_default().push((
            cells[1].parse().unwrap(),
            cells[2].parse().unwrap(),
            terms,
        ));
    }
    assert_eq!(games.len(), 4);
    for (game, rows) in games {
        let to = rows.iter().map(|row| row.0).max().unwrap();
        let request: SequenceRequest = serde_json::from_str(&format!(
            r#"{{"game":"{game}","to":{to},"convention":"misere"}}"#
        ))
        .unwrap();
        let answer = sequence(&request, &Watch::new()).unwrap();
        let genera = answer.genera.as_ref().unwrap();
        assert_eq!(genera.len(), to + 1, "{game}: every heap's genus is found");
        for (heap, nimber, terms) in rows {
            assert_eq!(genera[heap].normal, nimber, "{game} {heap}");
            assert_eq!(genera[heap].misere, terms, "{game} {heap}");
        }
    }
}
