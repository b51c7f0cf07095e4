//! Property tests of the graph searches on random graphs: Node Kayles against the naive mex
//! recursion, terminal positions and the independence and domination numbers against plain
//! enumeration of every subset, and the parsers against the graphs they print.

use std::collections::BTreeMap;

use grundy::graph::kayles::{GraphKayles, GraphSolver};
use grundy::graph::search::{
    domination_number, independence_number, independent_domination_number, SearchLimit,
};
use grundy::graph::terminal::{narrowest_order, terminal_sets, TerminalLimit};
use grundy::graph::{parse_graph, Graph, GraphFormat};
use grundy::solver::naive_nim_value;
use proptest::prelude::*;

/// A random graph on up to `max_vertices` vertices, each pair joined with probability about
/// `density` percent.
fn random_graph(max_vertices: usize) -> impl Strategy<Value = Graph> {
    (0..=max_vertices, 5u32..70).prop_flat_map(|(n, density)| {
        let pairs = n * n.saturating_sub(1) / 2;
        proptest::collection::vec(0u32..100, pairs).prop_map(move |coins| {
            let mut edges = Vec::new();
            let mut coin = coins.iter();
            for u in 0..n {
                for v in u + 1..n {
                    if *coin.next().expect("one coin per pair") < density {
                        edges.push((u, v));
                    }
                }
            }
            let names = (0..n).map(|v| format!("v{v}")).collect();
            Graph::new(names, &edges).expect("no loops")
        })
    })
}

/// Sizes of all maximal independent sets, and the extreme sizes of the other families, by
/// looking at every subset.
struct Enumerated {
    terminal: BTreeMap<usize, u128>,
    alpha: usize,
    gamma: usize,
}

fn enumerate(graph: &Graph) -> Enumerated {
    let n = graph.vertex_count();
    let mut terminal = BTreeMap::new();
    let (mut alpha, mut gamma) = (0, n);
    for mask in 0u32..1 << n {
        let set: Vec<usize> = (0..n).filter(|&v| mask >> v & 1 == 1).collect();
        let independent = graph.is_independent(&set);
        let dominating = graph.is_dominating(&set);
        if independent {
            alpha = alpha.max(set.len());
        }
        if dominating {
            gamma = gamma.min(set.len());
        }
        if independent && dominating {
            *terminal.entry(set.len()).or_insert(0) += 1;
        }
    }
    Enumerated {
        terminal,
        alpha,
        gamma,
    }
}

fn edge_list(graph: &Graph) -> String {
    // Every vertex first, so that they are numbered in the same order when read back.
    let mut text: String = (0..graph.vertex_count())
        .map(|u| format!("{}\n", graph.name(u)))
        .collect();
    for u in 0..graph.vertex_count() {
        for &v in graph.neighbours(u).iter().filter(|&&v| v > u) {
            text.push_str(&format!("{} {} # an edge\n", graph.name(u), graph.name(v)));
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn node_kayles_matches_the_naive_mex_recursion(graph in random_graph(14), threshold in 0usize..12) {
        let game = GraphKayles::<1>::new(&graph).unwrap();
        let naive = naive_nim_value(&game, &game.start());
        let mut solver = GraphSolver::new(&graph, 1 << 20).unwrap();
        solver.set_full_mex_size(threshold);
        prop_assert_eq!(solver.nim_value(), naive);
    }

    #[test]
    fn searches_match_enumeration(graph in random_graph(13)) {
        let expected = enumerate(&graph);
        let limit = SearchLimit::default();
        prop_assert_eq!(independence_number(&graph, limit).unwrap().exact(), Some(expected.alpha));
        prop_assert_eq!(domination_number(&graph, limit).unwrap().exact(), Some(expected.gamma));
        let smallest = expected.terminal.keys().next().copied();
        prop_assert_eq!(independent_domination_number(&graph, limit).unwrap().exact(), smallest);
        let order = narrowest_order(&graph, vec![(0..graph.vertex_count()).rev().collect()]);
        let found = terminal_sets(&graph, &order, TerminalLimit::default(), &mut |_, _| {}).unwrap();
        let sizes: BTreeMap<usize, u128> = found.sizes.iter().map(|c| (c.size, c.count)).collect();
        prop_assert_eq!(sizes, expected.terminal);
        for class in &found.sizes {
            prop_assert!(graph.is_independent(&class.example) && graph.is_dominating(&class.example));
        }
    }

    #[test]
    fn printed_graphs_parse_back(graph in random_graph(20)) {
        let text = edge_list(&graph);
        prop_assert_eq!(GraphFormat::detect(&text), GraphFormat::EdgeList);
        prop_assert_eq!(parse_graph(&text, None).unwrap(), graph);
    }
}
