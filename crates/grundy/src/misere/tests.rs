//! The misère search against plain recursions over whole positions, written with each family's
//! own moves (no parts, no keys, no symmetry), and against Bouton's rule and printed genera.

use crate::games::placement::Placement;
use std::collections::HashMap;

use proptest::prelude::*;

use super::genus::genus;
use super::nim::nim_wins;
use super::parts::PartRules;
use super::search::MisereSearch;
use crate::games::cram::{Cram, CramGame, CramPosition};
use crate::games::game::Game;
use crate::games::heap::{HeapGame, TakeBreak};
use crate::games::placement::{PlacementGame, PlacementPosition};
use crate::games::sum::Summand;
use crate::values::Nimber;

/// Whether the player to move wins `game` under misère play, by the search.
fn search_wins(game: &Game) -> bool {
    let (rules, parts) = PartRules::of_summands(game.summands()).unwrap();
    MisereSearch::new(rules, 1 << 26).wins(&parts).unwrap()
}

/// The plain misère recursion over placement positions: the player with no move wins.
fn placement_wins(
    game: &PlacementGame,
    position: &PlacementPosition,
    memo: &mut HashMap<PlacementPosition, bool>,
) -> bool {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let moves = game.legal_placements(position);
    let wins = moves.is_empty()
        || moves.into_iter().any(|placement| {
            let after = game.play_move(position, placement).unwrap();
            !placement_wins(game, &after, memo)
        });
    memo.insert(*position, wins);
    wins
}

/// The plain misère recursion over sums of heaps of `rule`, kept sorted.
fn heaps_wins(rule: &TakeBreak, heaps: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    if let Some(&known) = memo.get(heaps) {
        return known;
    }
    let mut wins = false;
    let mut any_move = false;
    for index in 0..heaps.len() {
        rule.for_each_option(heaps[index], |parts| {
            any_move = true;
            if wins {
                return;
            }
            let mut after: Vec<usize> = heaps[..index].to_vec();
            after.extend_from_slice(&heaps[index + 1..]);
            after.extend_from_slice(parts);
            after.sort_unstable();
            if !heaps_wins(rule, &after, memo) {
                wins = true;
            }
        });
    }
    let wins = wins || !any_move;
    memo.insert(heaps.to_vec(), wins);
    wins
}

#[test]
fn misere_nim_follows_boutons_rule() {
    for a in 0..6u32 {
        for b in 0..6 {
            for c in 0..6 {
                for d in [0u32, 1, 7] {
                    let game: Game = format!("*{a} + *{b} + *{c} + *{d}").parse().unwrap();
                    assert_eq!(search_wins(&game), nim_wins(&[a, b, c, d]), "{game}");
                }
            }
        }
    }
    // The end: no heap left is a win for the player to move (the other made the last move).
    assert!(nim_wins(&[]));
    assert!(!nim_wins(&[1]));
    assert!(nim_wins(&[1, 1]));
    assert!(!nim_wins(&[2, 2]));
}

#[test]
fn small_boards_agree_with_the_plain_recursion() {
    for name in [
        "knights",
        "kings",
        "queens",
        "bishops",
        "rooks",
        "knights+kings",
    ] {
        for rows in 1..=4 {
            for cols in rows..=5 {
                let game: Game = format!("{name} {rows}x{cols}").parse().unwrap();
                let Some(Summand::Placement(Placement {
                    game: rules,
                    position,
                })) = game.as_single()
                else {
                    unreachable!()
                };
                let expected = placement_wins(rules, position, &mut HashMap::new());
                assert_eq!(search_wins(&game), expected, "{game}");
            }
        }
    }
    for game in [
        "queens+rooks 4x4 blocked",
        "knights 4x4 torus",
        "kings 3x5 cylinder",
    ] {
        let game: Game = game.parse().unwrap();
        let Some(Summand::Placement(Placement {
            game: rules,
            position,
        })) = game.as_single()
        else {
            unreachable!()
        };
        let expected = placement_wins(rules, position, &mut HashMap::new());
        assert_eq!(search_wins(&game), expected, "{game}");
    }
}

#[test]
fn the_mirror_of_normal_play_does_not_carry_over() {
    // Knights never attack on 2x2, so four knights are placed: the second player makes the
    // last move, which wins normal play (mirror play, value 0) and loses misère play.
    assert!(search_wins(&"knights 2x2".parse().unwrap()));
    // Kings on 2x2: the first king attacks the rest; its player made the last move.
    assert!(!search_wins(&"kings 2x2".parse().unwrap()));
}

#[test]
fn corner_games_and_graphs_agree_with_the_plain_recursion() {
    use crate::games::corner::CornerGame;
    fn corner_wins(
        game: &CornerGame,
        at: (usize, usize),
        memo: &mut HashMap<(usize, usize), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&at) {
            return known;
        }
        let targets = game.targets(at.0, at.1);
        let wins = targets.is_empty() || targets.iter().any(|&t| !corner_wins(game, t, memo));
        memo.insert(at, wins);
        wins
    }
    for name in ["corner-knight", "wythoff", "corner:-1,0;0,-1;-2,-3"] {
        let rules: CornerGame = name.parse().unwrap();
        let mut memo = HashMap::new();
        for m in 0..9 {
            for n in 0..9 {
                let game: Game = format!("{name} {m} {n}").parse().unwrap();
                assert_eq!(
                    search_wins(&game),
                    corner_wins(&rules, (m, n), &mut memo),
                    "{game}"
                );
            }
        }
    }
    // Node Kayles on paths is Dawson's Kayles 0.137 on a row: compare with the heap recursion.
    let dawson: TakeBreak = "0.137".parse().unwrap();
    for length in 1..=12 {
        let edges: String = (1..length).map(|v| format!("{v} {}\n", v + 1)).collect();
        let text = if length == 1 {
            "1\n".to_string()
        } else {
            edges
        };
        let graph = crate::graph::parse_graph(&text, None).unwrap();
        let game = Game::single(Summand::Graph(crate::games::graph::GraphGame {
            name: format!("path {length}"),
            graph,
        }));
        let expected = heaps_wins(&dawson, &[length], &mut HashMap::new());
        assert_eq!(search_wins(&game), expected, "path of {length}");
    }
}

#[test]
fn genus_of_nim_heaps_and_of_heaps_of_0_312() {
    let genus_of = |text: &str, normal: u32| {
        let game: Game = text.parse().unwrap();
        let (rules, parts) = PartRules::of_summands(game.summands()).unwrap();
        let mut search = MisereSearch::new(rules, 1 << 26);
        genus(&mut search, &parts, Nimber::new(normal))
            .unwrap()
            .to_string()
    };
    assert_eq!(genus_of("*0", 0), "0^120");
    assert_eq!(genus_of("*1", 1), "1^031");
    assert_eq!(genus_of("*2", 2), "2^20");
    assert_eq!(genus_of("*3", 3), "3^31");
    assert_eq!(genus_of("*1 + *1", 0), "0^120");
    // Plambeck's page on the game 0.312 (plambeck.org, misère quaternary games, solved
    // 4 February 2003) prints the genus of heaps 2 to 6 as 2^20, 0^02, 2^1420, 0^02, 1^13.
    let rule: TakeBreak = "0.312".parse().unwrap();
    let values = HeapGame::from_rule(rule).nim_values(6);
    for (heap, printed) in [
        (2, "2^20"),
        (3, "0^02"),
        (4, "2^1420"),
        (5, "0^02"),
        (6, "1^13"),
    ] {
        let text = format!("0.312 {heap}");
        assert_eq!(genus_of(&text, values[heap].value()), printed, "{text}");
    }
}

fn heap_sums() -> impl Strategy<Value = (usize, Vec<usize>)> {
    (0usize..5, prop::collection::vec(1usize..9, 1..5))
}

proptest! {
    #[test]
    fn heap_sums_agree_with_the_plain_recursion((code, heaps) in heap_sums()) {
        let code = ["0.77", "0.137", "0.07", "4.7", "0.31"][code];
        let rule: TakeBreak = code.parse().unwrap();
        let list: Vec<String> = heaps.iter().map(usize::to_string).collect();
        let game: Game = format!("{code} {}", list.join(" ")).parse().unwrap();
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        prop_assert_eq!(search_wins(&game), heaps_wins(&rule, &sorted, &mut HashMap::new()));
    }

    #[test]
    fn positions_reached_by_play_agree_with_the_plain_recursion(
        piece in 0usize..4, rows in 2usize..5, cols in 2usize..6, moves in prop::collection::vec(0usize..64, 0..4)
    ) {
        let name = ["knights", "kings", "queens", "bishops"][piece];
        let game: Game = format!("{name} {rows}x{cols}").parse().unwrap();
        let Some(Summand::Placement(Placement { game: rules, position })) = game.as_single() else {
            unreachable!()
        };
        let mut position = *position;
        for choice in moves {
            let legal = rules.legal_placements(&position);
            if legal.is_empty() {
                break;
            }
            position = rules.play_move(&position, legal[choice % legal.len()]).unwrap();
        }
        let at = Game::single(Summand::Placement(Placement { game: rules.clone(), position }));
        let expected = placement_wins(rules, &position, &mut HashMap::new());
        prop_assert_eq!(search_wins(&at), expected);
    }

    #[test]
    fn sums_across_families_agree_with_the_plain_recursion(
        heaps in prop::collection::vec(1usize..7, 0..3), nim in 0u32..4, board in 0usize..3
    ) {
        // The sum's recursion: a move in one summand, the rest unchanged.
        let kayles: TakeBreak = "0.77".parse().unwrap();
        let knights: Game = format!("knights {}x3", board + 1).parse().unwrap();
        let Some(Summand::Placement(Placement { game: rules, position })) = knights.as_single() else {
            unreachable!()
        };
        fn wins(
            kayles: &TakeBreak, rules: &PlacementGame,
            state: (Vec<usize>, u32, PlacementPosition),
            memo: &mut HashMap<(Vec<usize>, u32, PlacementPosition), bool>,
        ) -> bool {
            if let Some(&known) = memo.get(&state) {
                return known;
            }
            let (heaps, nim, position) = state.clone();
            let mut after = Vec::new();
            for index in 0..heaps.len() {
                kayles.for_each_option(heaps[index], |parts| {
                    let mut rest: Vec<usize> = heaps[..index].to_vec();
                    rest.extend_from_slice(&heaps[index + 1..]);
                    rest.extend_from_slice(parts);
                    rest.sort_unstable();
                    after.push((rest, nim, position));
                });
            }
            after.extend((0..nim).map(|smaller| (heaps.clone(), smaller, position)));
            for placement in rules.legal_placements(&position) {
                after.push((heaps.clone(), nim, rules.play_move(&position, placement).unwrap()));
            }
            let result = after.is_empty()
                || after.into_iter().any(|next| !wins(kayles, rules, next, memo));
            memo.insert(state, result);
            result
        }
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        let expected = wins(&kayles, rules, (sorted, nim, *position), &mut HashMap::new());
        let list: Vec<String> = heaps.iter().map(usize::to_string).collect();
        let text = if heaps.is_empty() {
            format!("knights {}x3 + *{nim}", board + 1)
        } else {
            format!("knights {}x3 + kayles {} + *{nim}", board + 1, list.join(" "))
        };
        let game: Game = text.parse().unwrap();
        prop_assert_eq!(search_wins(&game), expected, "{}", text);
    }
}

/// Whether the player to move wins `free` under misère play, by trying every domino: no
/// splitting, no keys.
fn cram_misere_wins_by_recursion(rules: &Cram, free: u128) -> bool {
    let mut options = Vec::new();
    rules.for_each_domino_bits(free, |domino| options.push(free & !domino));
    options.is_empty()
        || options
            .into_iter()
            .any(|after| !cram_misere_wins_by_recursion(rules, after))
}

/// The misère search over Cram's parts (regions keyed by shape) agrees with the plain
/// recursion on every board of up to 12 squares, each from empty and with a square taken.
#[test]
fn misere_cram_by_parts_agrees_with_the_plain_recursion() {
    for rows in 1..=4 {
        for cols in 1..=12 / rows {
            let rules = Cram::new(format!("{rows}x{cols}").parse().unwrap()).unwrap();
            let empty = rules.empty().bits();
            let mut starts = vec![empty];
            starts.extend((0..rows * cols).map(|square| empty & !(1u128 << square)));
            for free in starts {
                let game = CramGame {
                    rules: rules.clone(),
                    position: CramPosition::from_bits(free),
                };
                let (part_rules, parts) = PartRules::of_summands(&[game]).unwrap();
                let mut search = MisereSearch::new(part_rules, 1 << 22);
                assert_eq!(
                    search.wins(&parts),
                    Some(cram_misere_wins_by_recursion(&rules, free)),
                    "{rows}x{cols} free {free:b}"
                );
            }
        }
    }
}

/// The positions one move on held along the search's path are held to the budget: a heap of
/// a game that splits it three ways has thousands of moves at every level of the first dive,
/// so a small budget ends the search, said as out of memory (not as a stop); a smaller heap
/// with room answers.
#[test]
fn the_positions_held_along_the_path_are_held_to_the_budget() {
    let search_of = |text: &str, budget: u64| {
        let game: Game = text.parse().unwrap();
        let (rules, parts) = PartRules::of_summands(game.summands()).unwrap();
        let mut search = MisereSearch::new(rules, budget);
        let wins = search.wins(&parts);
        (wins, search.ran_out_of_memory())
    };
    assert_eq!(search_of("0.F 60 + *1", 1 << 16), (None, true));
    let (wins, out_of_memory) = search_of("0.F 9 + *1", 1 << 26);
    assert!(wins.is_some() && !out_of_memory);
}
