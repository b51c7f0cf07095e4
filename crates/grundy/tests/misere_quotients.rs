//! Misère quotients against what is published about them: the orders (and, where given, the
//! P-portions and relations) in `tests/oracles/misere-quotients.tsv`, each row naming its
//! source, and two theorems every misère quotient obeys.

use std::sync::atomic::AtomicBool;

use grundy::games::heap::quotient::{
    quotient, quotient_with_max_order, MisereQuotient, QuotientError,
};
use grundy::games::heap::TakeBreak;

#[path = "common/oracles.rs"]
mod oracles;

use oracles::oracle_rows;

fn compute(code: &str, up_to: usize) -> MisereQuotient {
    let rule: TakeBreak = code.parse().expect("the oracle's codes are valid");
    quotient(&rule, up_to, &AtomicBool::new(false))
        .unwrap_or_else(|error| panic!("{code} to heap {up_to}: {error}"))
}

#[test]
fn every_published_quotient() {
    // A row of order `infinite` says the quotient of heaps up to that bound is infinite.
    let rows = oracle_rows("misere-quotients.tsv");
    assert!(rows.len() >= 6, "the oracle lost rows");
    for row in rows {
        let [game, heaps, order, p_portion, relations, source] = row.as_slice() else {
            panic!("a row of six fields: {row:?}");
        };
        assert!(!source.is_empty(), "{game} to {heaps} names no source");
        let context = format!("{game} with heaps up to {heaps} ({source})");
        let up_to: usize = heaps.parse().unwrap();
        if order == "infinite" {
            // No limit is enough: the computation must give up by that heap.
            let rule: TakeBreak = game.parse().unwrap();
            match quotient_with_max_order(&rule, up_to, 2000, &AtomicBool::new(false)) {
                Err(QuotientError::TooLarge { heap, .. }) => {
                    assert!(heap <= up_to, "{context}: refused only at heap {heap}")
                }
                other => panic!("{context}: expected a refusal, got {other:?}"),
            }
            continue;
        }
        let q = compute(game, up_to);
        assert_eq!(q.order().to_string(), *order, "order of {context}");
        if p_portion != "-" {
            assert_eq!(
                q.p_portion().len().to_string(),
                *p_portion,
                "P-portion of {context}"
            );
        }
        if relations != "-" {
            let computed: Vec<String> = q.relations().iter().map(ToString::to_string).collect();
            assert_eq!(computed.join(", "), *relations, "relations of {context}");
        }
    }
}

/// Games and bounds cheap enough to run in a test, every step of which is a misère quotient.
const GAMES: [(&str, usize); 10] = [
    ("0.77", 80),
    ("0.07", 30),
    ("0.137", 29),
    ("0.75", 40),
    ("0.15", 80),
    ("0.3...", 40),
    ("0.31", 40),
    ("0.33", 40),
    ("0.6", 14),
    ("4.7", 14),
];

/// Plambeck and Siegel (2008) prove that a misère quotient of impartial games has even order
/// (as restated in the introduction of Rubinstein-Salzedo and Zhou, "Finite cardinalities of
/// misère quotients", arXiv 2603.18244), apart from the trivial quotient `{1}` of positions
/// with no move at all (Dawson's Kayles with heaps of one pin only).
#[test]
fn every_quotient_has_even_order() {
    for (code, up_to) in GAMES {
        let q = compute(code, up_to);
        for step in q.history().iter().filter(|step| step.order > 1) {
            assert_eq!(step.order % 2, 0, "{code} with heaps up to {}", step.heap);
        }
    }
}

/// Siegel, "The structure and classification of misère quotients" (arXiv math/0703070,
/// abstract): a finite misère quotient whose P-portion has two elements has order `2^n + 2`
/// or `2^n + 4`.
#[test]
fn two_p_positions_mean_order_two_to_the_n_plus_two_or_four() {
    let mut seen = 0;
    for (code, up_to) in GAMES {
        let q = compute(code, up_to);
        for step in q.history().iter().filter(|step| step.p_count == 2) {
            let allowed = (1..20).any(|n| step.order == (1 << n) + 2 || step.order == (1 << n) + 4);
            assert!(
                allowed,
                "{code} with heaps up to {}: order {}",
                step.heap, step.order
            );
            seen += 1;
        }
    }
    assert!(
        seen > 50,
        "only {seen} quotients with two P-positions were checked"
    );
}
