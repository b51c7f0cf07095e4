//! Tests of the unit search against the plain recursion.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use super::*;
use crate::games::placement::root_search::RootSearch;
use crate::games::placement::search_threads::SearchThreads;
use crate::games::placement::{
    parse_pieces, PlacementGame, PlacementMove, PlacementPosition, PlacementRules, RayRule, Surface,
};
use crate::values::{Nimber, Outcome};

fn game_of(pieces: &str, size: &str, rays: RayRule) -> PlacementGame {
    let rules =
        PlacementRules::new(&parse_pieces(pieces).unwrap(), Surface::Rectangle, rays).unwrap();
    PlacementGame::with_rules(rules, size.parse().unwrap())
}

/// The nim-value by the mex rule over every move, nothing else.
fn naive_value(game: &PlacementGame, position: &PlacementPosition) -> u32 {
    game.naive_nim_value(position, &mut HashMap::new()).value()
}

/// Budgets so small that every unit of fewer than `unbounded_from` moves is split.
fn tiny(unbounded_from: usize) -> UnitBudget {
    UnitBudget {
        first: 1,
        unbounded_from,
    }
}

fn solve(
    game: &PlacementGame,
    position: &PlacementPosition,
    goal: Goal,
    budget: UnitBudget,
    threads: usize,
) -> (UnitResult, UnitCounts, Vec<SettledUnit>) {
    let mut coordinator = UnitCoordinator::new(game, position, goal, budget);
    let mut searchers = SearchThreads::new(game, threads, 1 << 24);
    let mut kept = Vec::new();
    let result = run_in_process(
        &mut coordinator,
        &mut searchers,
        &AtomicBool::new(false),
        |settled| kept.extend_from_slice(settled),
    )
    .expect("not stopped");
    (result, coordinator.counts(), kept)
}

/// Several pieces, blocked lines, positions part played, units split down to five moves:
/// the answers are the naive recursion's and the first-move search's.
#[test]
fn the_distributed_search_agrees_with_the_naive_recursion() {
    let cases = [
        ("queens", "6x6", RayRule::Through),
        ("queens", "7x7", RayRule::Through),
        ("queens", "5x7", RayRule::Through),
        // Large enough for the win search to count positions beyond its sweep.
        ("queens", "8x8", RayRule::Through),
        ("knights", "5x5", RayRule::Through),
        ("kings", "4x6", RayRule::Through),
        ("bishops+knights", "4x4", RayRule::Through),
        ("queens+rooks", "4x4", RayRule::Blocked),
    ];
    let mut deep = 0;
    let mut next_replies = 0;
    let mut deepest = 0;
    for (pieces, size, rays) in cases {
        let game = game_of(pieces, size, rays);
        let last = *game.legal_placements(&game.empty()).last().unwrap();
        let started = game.play_move(&game.empty(), last).unwrap();
        for position in [game.empty(), started] {
            let case = format!("{pieces} {size} {rays} {}", game.format_position(&position));
            let expected = naive_value(&game, &position);
            let root = RootSearch::new(&game, &position, 2, 1 << 24)
                .nim_value(&mut ())
                .unwrap()
                .nimber;
            assert_eq!(root.value(), expected, "{case}");
            for (threads, unbounded_from) in [(1, 6), (3, 8)] {
                let (result, counts, kept) = solve(
                    &game,
                    &position,
                    Goal::NimValue,
                    tiny(unbounded_from),
                    threads,
                );
                assert_eq!(
                    result,
                    UnitResult::NimValue(Nimber::new(expected)),
                    "{case}"
                );
                let (result, _, _) = solve(
                    &game,
                    &position,
                    Goal::Outcome,
                    tiny(unbounded_from),
                    threads,
                );
                let UnitResult::Outcome {
                    outcome,
                    winning_moves,
                } = result
                else {
                    panic!("{case}: an outcome was asked");
                };
                assert_eq!(outcome == Outcome::P, expected == 0, "{case}");
                for step in winning_moves {
                    let after = game.play_move(&position, step).unwrap();
                    assert_eq!(naive_value(&game, &after), 0, "{case}");
                }
                // Every question kept is true.
                for unit in &kept {
                    let mut after = position;
                    for &step in &unit.path {
                        after = game.play_move(&after, step).unwrap();
                    }
                    let value = naive_value(&game, &after);
                    assert_eq!(unit.is_p, value == unit.heap, "{case}: {unit:?}");
                }
                deep += usize::from(counts.split > 0 && kept.iter().any(|u| u.path.len() >= 3));
                deepest = kept.iter().map(|u| u.path.len()).fold(deepest, usize::max);
                next_replies += counts.next_replies;
            }
        }
    }
    assert!(
        next_replies > 0,
        "a reply that did not win was followed by the next"
    );
    assert!(
        deep >= 6,
        "units were split below the first moves in {deep} cases"
    );
}

/// A search stopped part way resumes from what it kept: the same answer, and no question
/// kept is asked of a worker again.
#[test]
fn a_stopped_search_resumes_without_asking_again() {
    let mut resumed_runs = 0;
    for (pieces, size) in [("queens", "6x6"), ("queens", "7x7"), ("knights", "5x5")] {
        let game = game_of(pieces, size, RayRule::Through);
        let empty = game.empty();
        let expected = naive_value(&game, &empty);
        for stop_after in [1, 5, 20] {
            let case = format!("{pieces} {size} stopped after {stop_after}");
            let mut coordinator = UnitCoordinator::new(&game, &empty, Goal::NimValue, tiny(6));
            let mut searchers = SearchThreads::new(&game, 1, 1 << 22);
            let stop = AtomicBool::new(false);
            let mut kept: Vec<SettledUnit> = Vec::new();
            let stopped = run_in_process(&mut coordinator, &mut searchers, &stop, |settled| {
                kept.extend_from_slice(settled);
                if kept.len() >= stop_after {
                    stop.store(true, Ordering::Relaxed);
                }
            });
            if stopped.is_some() {
                continue;
            }
            let mut coordinator = UnitCoordinator::new(&game, &empty, Goal::NimValue, tiny(6));
            let taken = coordinator.resume(&kept).unwrap();
            assert_eq!(taken, kept.len(), "{case}");
            assert_eq!(coordinator.counts().resumed, taken as u64, "{case}");
            let mut searchers = SearchThreads::new(&game, 2, 1 << 22);
            let mut again: Vec<SettledUnit> = Vec::new();
            let result = run_in_process(
                &mut coordinator,
                &mut searchers,
                &AtomicBool::new(false),
                |settled| again.extend_from_slice(settled),
            );
            assert_eq!(
                result,
                Some(UnitResult::NimValue(Nimber::new(expected))),
                "{case}"
            );
            let position_of = |unit: &SettledUnit| {
                unit.path
                    .iter()
                    .fold(empty, |at, &step| game.play_move(&at, step).unwrap())
            };
            let kept_questions: HashSet<(PlacementPosition, u32)> =
                kept.iter().map(|u| (position_of(u), u.heap)).collect();
            for unit in again.iter().filter(|u| u.positions > 0) {
                assert!(
                    !kept_questions.contains(&(position_of(unit), unit.heap)),
                    "{case}: {unit:?} asked again"
                );
            }
            resumed_runs += 1;
        }
    }
    assert!(resumed_runs > 3, "some searches stopped part way");
}

#[test]
fn contradicting_or_illegal_records_are_refused() {
    let game = game_of("queens", "4x4", RayRule::Through);
    let empty = game.empty();
    let square = |name: &str| PlacementMove {
        square: game.board().parse_square(name).unwrap(),
        piece: crate::games::placement::Piece::Queen,
    };
    let unit = |path: &[&str], heap: u32, is_p: bool| SettledUnit {
        path: path.iter().map(|&s| square(s)).collect(),
        heap,
        is_p,
        positions: 1,
    };
    let mut coordinator = UnitCoordinator::new(&game, &empty, Goal::Outcome, tiny(6));
    assert_eq!(
        coordinator.resume(&[unit(&["a1"], 0, true), unit(&["a1"], 0, false)]),
        Err(UnitResumeError::Contradiction { index: 1 })
    );
    // Two values for one position (a1 and d4 are symmetric: one group).
    assert_eq!(
        coordinator.resume(&[unit(&["a1"], 0, true), unit(&["d4"], 1, true)]),
        Err(UnitResumeError::Contradiction { index: 1 })
    );
    assert_eq!(
        coordinator.resume(&[unit(&["a1", "b2"], 0, true)]),
        Err(UnitResumeError::IllegalPath { index: 0 })
    );
    assert_eq!(
        coordinator.resume(&[unit(&[], 0, true)]),
        Err(UnitResumeError::IllegalPath { index: 0 })
    );
    assert_eq!(coordinator.counts().resumed, 0);
    assert_eq!(
        coordinator.resume(&[unit(&["a1", "b3"], 1, false), unit(&["a1", "b3"], 1, false)]),
        Ok(2)
    );
}

#[test]
fn units_and_answers_round_trip_through_their_text() {
    for (pieces, path) in [("queens", "a1 b3 e2"), ("bishops+knights", "0a1 1c1 0b4")] {
        let game = game_of(pieces, "5x6", RayRule::Through);
        let empty = game.empty();
        let path = parse_path(path, &game, &empty).unwrap();
        assert_eq!(path.len(), 3);
        for budget in [None, Some(12_345_678_901)] {
            let unit = Unit {
                id: 77,
                path: path.clone(),
                heap: 3,
                budget,
            };
            let text = encode_unit(&unit, &game);
            assert_eq!(decode_unit(&text, &game, &empty), Ok(unit), "{text}");
        }
        let root_unit = Unit {
            id: 0,
            path: Vec::new(),
            heap: 0,
            budget: None,
        };
        let text = encode_unit(&root_unit, &game);
        assert_eq!(decode_unit(&text, &game, &empty), Ok(root_unit));
    }
    for is_p in [Some(true), Some(false), None] {
        let answer = UnitAnswer {
            id: u64::MAX,
            is_p,
            positions: 5,
        };
        assert_eq!(decode_answer(&encode_answer(&answer)), Ok(answer));
    }
}

#[test]
fn hostile_unit_text_is_refused() {
    let game = game_of("queens", "5x5", RayRule::Through);
    let empty = game.empty();
    for text in [
        "",
        "1",
        "1 0",
        "x 0 -",
        "1 -1 -",
        "1 0 many",
        "1 0 - a1 a2",
        "1 0 - z9",
        "1 0 - 0a1",
        "1 0 - a1 b3 c5 d2 e4 a1",
    ] {
        assert!(decode_unit(text, &game, &empty).is_err(), "{text}");
    }
    let long = format!("1 0 - {}", "a1 ".repeat(MAX_UNIT_TEXT_BYTES));
    assert!(decode_unit(&long, &game, &empty).is_err());
    let many = format!("1 0 - {}", "a1 ".repeat(30));
    let error = decode_unit(&many, &game, &empty).unwrap_err();
    assert!(error.to_string().contains("squares"), "{error}");
    for text in ["", "1 p", "1 p 5 6", "1 q 5", "x p 5", "1 p -5"] {
        assert!(decode_answer(text).is_err(), "{text}");
    }
    let bishops = game_of("bishops+knights", "5x5", RayRule::Through);
    for text in ["1 0 - a1", "1 0 - 2a1", "1 0 - 1"] {
        assert!(
            decode_unit(text, &bishops, &bishops.empty()).is_err(),
            "{text}"
        );
    }
}

/// A unit abandoned before a worker takes it is answered at once without an answer; the
/// others are answered.
#[test]
fn an_abandoned_unit_is_given_up() {
    let game = game_of("queens", "9x9", RayRule::Through);
    let empty = game.empty();
    let mut threads = SearchThreads::new(&game, 1, 1 << 22);
    let workers = UnitWorker::all(&game, &empty, &mut threads);
    let queue = UnitQueue::new();
    let whole = |id| Unit {
        id,
        path: Vec::new(),
        heap: 0,
        budget: None,
    };
    queue.push(whole(1));
    queue.push(whole(2));
    queue.abandon(1);
    // Units already answered or never handed out are left alone.
    queue.abandon(7);
    let (sender, receiver) = mpsc::channel();
    let answers = std::thread::scope(|scope| {
        scope.spawn(|| serve_units(workers, &queue, &sender));
        let answers: Vec<UnitAnswer> = (0..2).map(|_| receiver.recv().unwrap()).collect();
        queue.close();
        answers
    });
    assert_eq!(answers[0].id, 1);
    assert_eq!(answers[0].is_p, None);
    assert_eq!(answers[0].positions, 0);
    assert_eq!(answers[1].id, 2);
    // Queens 9x9 is a first-player win (the centre, then mirror play).
    assert_eq!(answers[1].is_p, Some(false));
    assert!(queue.lock().abandoned.is_empty());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Random positions of random games, units cut at random depths: the nim-value is the
    /// naive recursion's.
    #[test]
    fn random_positions_get_the_naive_value(
        game_index in 0usize..4,
        moves in proptest::collection::vec(0usize..64, 0..3),
        first in 1u64..64,
        unbounded_from in 2usize..8,
        threads in 1usize..3,
    ) {
        let (pieces, size) = [("queens", "6x6"), ("knights", "5x5"), ("kings", "4x5"),
            ("bishops+knights", "3x4")][game_index];
        let game = game_of(pieces, size, RayRule::Through);
        let mut position = game.empty();
        for choice in moves {
            let legal = game.legal_placements(&position);
            if legal.is_empty() {
                break;
            }
            position = game.play_move(&position, legal[choice % legal.len()]).unwrap();
        }
        let expected = naive_value(&game, &position);
        let budget = UnitBudget { first, unbounded_from };
        let (result, _, _) = solve(&game, &position, Goal::NimValue, budget, threads);
        proptest::prop_assert_eq!(result, UnitResult::NimValue(Nimber::new(expected)));
    }
}
