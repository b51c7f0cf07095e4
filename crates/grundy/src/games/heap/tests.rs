//! Known answers (OEIS; *Combinatorial Game Theory IV*, lesson 4) and the fast sequence against the
//! reference.

use proptest::prelude::*;

use super::*;

/// OEIS A002186, Sprague-Grundy values of Kayles, n = 0..104.
const A002186: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187, Sprague-Grundy values of Dawson's Chess (0.137), n = 0..129.
const A002187: [u32; 130] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1,
];

/// OEIS A002188, Sprague-Grundy values of Grundy's game, n = 0..104.
const A002188: [u32; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

fn line(name: &str) -> HeapGame {
    match name.parse::<HeapRuleset>().unwrap() {
        HeapRuleset::Line(game) => game,
        HeapRuleset::Kayles2d(_) => panic!("{name} is not a line game"),
    }
}

fn plain(values: &[Nimber]) -> Vec<u32> {
    values.iter().map(|v| v.value()).collect()
}

#[test]
fn oeis_sequences_are_reproduced() {
    assert_eq!(plain(&line("kayles").nim_values(104)), A002186);
    assert_eq!(plain(&line("dawsons-chess").nim_values(129)), A002187);
    assert_eq!(plain(&line("grundys-game").nim_values(104)), A002188);
    // Dawson's Kayles is Dawson's Chess shifted by one heap.
    assert_eq!(plain(&line("dawsons-kayles").nim_values(130))[1..], A002187);
}

#[test]
fn kayles_values_match_the_oracle() {
    let oracle = include_str!("../../../tests/oracles/kayles.tsv");
    let values = line("kayles").nim_values(20);
    for row in oracle.lines().skip(1) {
        let fields: Vec<&str> = row.split('\t').collect();
        let heap: usize = fields[0].parse().unwrap();
        let nimber: u32 = fields[1].parse().unwrap();
        assert_eq!(values[heap].value(), nimber, "heap {heap}");
    }
}

#[test]
fn the_lesson_worked_example() {
    let kayles = line("kayles");
    // 3 4 5 2 5 is a second-player win.
    assert_eq!(kayles.value_of_sum(&[3, 4, 5, 2, 5]), Nimber::ZERO);
    assert!(kayles.winning_moves(&[3, 4, 5, 2, 5]).is_empty());
    // After 4 -> 2 + 1 the position 3 2 1 5 2 5 has value *2, and 3 -> 1 answers it.
    let after = [3, 2, 1, 5, 2, 5];
    assert_eq!(kayles.value_of_sum(&after), Nimber::new(2));
    let answers: Vec<String> = kayles
        .winning_moves(&after)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(answers.contains(&"3 -> 1".to_string()), "{answers:?}");
}

#[test]
fn the_lesson_exercises() {
    // 1: Dawson's Kayles.
    let dawson = line("dawsons-kayles");
    assert_ne!(dawson.value_of_sum(&[12, 13, 14]), Nimber::ZERO);
    assert_eq!(dawson.value_of_sum(&[8, 9, 10, 13]), Nimber::ZERO);
    // 3: Grundy's game.
    let grundy = line("grundys-game");
    assert_eq!(grundy.value_of_sum(&[10, 11, 12]), Nimber::new(3));
    assert_eq!(grundy.value_of_sum(&[13, 14, 15]), Nimber::ZERO);
    // 4: Lasker's Nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
    let lasker = line("laskers-nim");
    let values = plain(&lasker.nim_values(40));
    for n in 1..=40u32 {
        let expected = match n % 4 {
            1 | 2 => n,
            3 => n + 1,
            _ => n - 1,
        };
        assert_eq!(values[n as usize], expected, "heap {n}");
    }
    assert_eq!(lasker.value_of_sum(&[7, 11, 15]), Nimber::new(8 ^ 12 ^ 16));
    // 7: Dawson's Chess on 3 x n is lost for the first player exactly where 0.137 is 0.
    let chess = line("dawsons-chess");
    let zeros: Vec<usize> = (0..=30)
        .filter(|&n| chess.value_of_sum(&[n]) == Nimber::ZERO)
        .collect();
    assert_eq!(zeros, vec![0, 4, 8, 14, 20, 24, 28]);
}

/// Treblecross by its real rules: crosses on a row, whoever completes three in a row wins.
/// Returns `Some(true)` when the player to move wins, `Some(false)` when they lose, `None` for a
/// draw (a full row without three, possible only for rows of one or two cells).
fn treblecross_by_the_rules(
    cells: usize,
    crosses: u32,
    memo: &mut Vec<Option<Option<bool>>>,
) -> Option<bool> {
    if let Some(known) = memo[crosses as usize] {
        return known;
    }
    let three = |set: u32| (0..cells.saturating_sub(2)).any(|i| set >> i & 7 == 7);
    let empty: Vec<usize> = (0..cells).filter(|&i| crosses & (1 << i) == 0).collect();
    let result = if empty.is_empty() {
        None
    } else if empty.iter().any(|&i| three(crosses | 1 << i)) {
        Some(true)
    } else {
        let replies: Vec<Option<bool>> = empty
            .iter()
            .map(|&i| treblecross_by_the_rules(cells, crosses | 1 << i, memo))
            .collect();
        if replies.contains(&Some(false)) {
            Some(true)
        } else if replies.contains(&None) {
            None
        } else {
            Some(false)
        }
    };
    memo[crosses as usize] = Some(result);
    result
}

#[test]
fn treblecross_is_the_octal_game_0_11337() {
    let game = line("treblecross");
    for cells in 3..=15usize {
        let mut memo = vec![None; 1 << cells];
        let first_wins = treblecross_by_the_rules(cells, 0, &mut memo) == Some(true);
        assert_eq!(
            game.value_of_sum(&[cells]) != Nimber::ZERO,
            first_wins,
            "{cells} cells"
        );
        // The winning first crosses by the rules are the cells the heap game finds.
        let by_rules: Vec<usize> = (0..cells)
            .filter(|&i| {
                let mut memo = vec![None; 1 << cells];
                treblecross_by_the_rules(cells, 1 << i, &mut memo) == Some(false)
            })
            .map(|i| i + 1)
            .collect();
        assert_eq!(treblecross_winning_cells(cells), by_rules, "{cells} cells");
    }
}

#[test]
fn names_and_errors() {
    assert_eq!(line("sub:3,1,2").rule().to_string(), "0.333");
    assert_eq!(line("sub:3,1,2").name(), "sub:1,2,3");
    assert_eq!(line("nim").value_of_sum(&[3, 4, 5]), Nimber::new(2));
    for bad in ["sub:", "sub:0", "sub:a", "chess", "0.8x"] {
        let error = bad.parse::<HeapRuleset>().unwrap_err().to_string();
        assert!(error.contains(bad), "{bad}: {error}");
    }
}

#[test]
fn subtraction_period_is_proven() {
    let sub = line("sub:1,2,3");
    let sequence = nim_sequence(sub.rule(), 100, &mut ());
    let found = sequence.periodicity.unwrap();
    assert_eq!((found.period, found.preperiod), (4, 0));
}

/// Codes with up to `digits` digits below 8 after a leading 0 or 4.
pub(super) fn octal_code(digits: usize) -> impl Strategy<Value = TakeBreak> {
    (
        prop::sample::select(vec![0u8, 4]),
        prop::collection::vec(0u8..8, 1..=digits),
    )
        .prop_filter_map("a game with moves", |(first, rest)| {
            let mut digits = vec![first];
            digits.extend(rest);
            TakeBreak::from_digits(digits).ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn fast_sequence_equals_the_naive_mex(rule in octal_code(3)) {
        let naive = naive_nim_sequence(&rule, 3000);
        let fast = nim_sequence(&rule, 3000, &mut ());
        prop_assert_eq!(fast.values, naive);
    }

    /// The move nim's rule finds, stopping at the first option that fits, is one of the
    /// moves every option's enumeration finds to the same value, for every value a move
    /// reaches, and none is found for a value no move reaches.
    #[test]
    fn the_move_to_a_value_is_one_of_the_moves_there(
        rule in octal_code(3),
        heaps in proptest::collection::vec(1usize..40, 1..4),
    ) {
        let game = line(&rule.to_string());
        let moves = game.moves(&heaps);
        for target in 0..8u32 {
            let target = Nimber::new(target);
            let found = game.move_to_value(&heaps, target);
            let there: Vec<&HeapMove> = moves.iter().filter(|m| m.nimber == target).collect();
            prop_assert_eq!(found.is_some(), !there.is_empty(), "{:?} to {}", heaps, target);
            if let Some(found) = found {
                prop_assert!(
                    there.iter().any(|m| m.index == found.index && m.to == found.to),
                    "{:?} to {}: {:?}", heaps, target, found
                );
            }
        }
    }

    #[test]
    fn codes_round_trip(rule in octal_code(3)) {
        prop_assert_eq!(rule.to_string().parse::<TakeBreak>().unwrap(), rule);
    }
}

#[test]
fn nim_is_valued_by_its_heaps_as_the_mex_over_every_move_finds() {
    for code in ["0.3...", "0.33...", "0.333..."] {
        let rule: TakeBreak = code.parse().unwrap();
        let naive = naive_nim_sequence(&rule, 400);
        assert_eq!(nim_sequence(&rule, 400, &mut ()).values, naive, "{code}");
        assert_eq!(naive[400], Nimber::new(400), "{code}");
    }
    let nim = line("nim");
    assert_eq!(
        nim.value_of_sum(&[1_000_000, 3]),
        Nimber::new(1_000_000 ^ 3)
    );
}

#[test]
fn huge_heaps_of_periodic_games_use_the_period() {
    let kayles = line("kayles");
    let values = kayles.nim_values(200);
    for huge in [100_000_000usize, 99_999_999, 12_345_677] {
        let expected = values[71 + (huge - 71) % 12];
        assert_eq!(kayles.value_of_sum(&[huge]), expected, "{huge}");
    }
}

#[test]
fn hexadecimal_digits_before_the_point_name_codes() {
    for code in ["C.7", "c.7", "8.1", "4.7", ".77", "[12].7"] {
        assert!(super::looks_like_heap_game(code), "{code}");
        let HeapRuleset::Line(game) = code.parse::<HeapRuleset>().unwrap() else {
            panic!("{code} is a line game");
        };
        assert_eq!(
            game.rule().digits()[1],
            if code.ends_with('1') { 1 } else { 7 }
        );
    }
    assert_eq!(
        "c.7".parse::<HeapRuleset>().unwrap(),
        "[12].7".parse::<HeapRuleset>().unwrap()
    );
    for name in ["corner-knight", "knights", "e", "bishops+knights"] {
        assert!(!super::looks_like_heap_game(name), "{name}");
    }
}

/// The digit check of a move agrees with the list of options, for every code of up to three
/// digits (octal and hexadecimal) and heaps up to 12.
#[test]
fn a_move_is_allowed_exactly_when_it_is_an_option() {
    let mut rules: Vec<(String, TakeBreak)> = [
        "0.137", "0.77", "0.07", "4.7", "0.6", "0.16", "C.7", "0.F", "8.0", "0.4", "0.8",
    ]
    .iter()
    .map(|code| (code.to_string(), code.parse().unwrap()))
    .collect();
    rules.push(("grundys-game".into(), TakeBreak::grundys_game()));
    rules.push(("nim".into(), TakeBreak::repeating(vec![0, 3]).unwrap()));
    rules.push(("lasker".into(), TakeBreak::repeating(vec![4, 3]).unwrap()));
    for (code, rule) in rules {
        for heap in 0..=12 {
            let mut options = Vec::new();
            rule.for_each_option(heap, |parts| options.push(parts.to_vec()));
            for a in 0..=heap {
                for b in a..=heap {
                    for c in b..=heap {
                        for parts in [vec![], vec![c], vec![b, c], vec![a, b, c]] {
                            if parts.contains(&0) {
                                continue;
                            }
                            assert_eq!(
                                rule.allows(heap, &parts),
                                options.contains(&parts),
                                "{code} {heap} -> {parts:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Parts typed by a person whose sum passes the largest number are refused, not wrapped round
/// to a small sum that a digit allows.
#[test]
fn parts_whose_sum_overflows_are_no_move() {
    let kayles: TakeBreak = "0.77".parse().unwrap();
    assert!(!kayles.allows(5, &[5, usize::MAX]));
    assert!(!kayles.allows(usize::MAX, &[usize::MAX, usize::MAX]));
    assert!(kayles.allows(5, &[1, 3]));
}
