//! Table 1 of Katayama and Koyama (2021) and the theorems, on squares small enough for a unit test.

use super::check::{check_knight, check_wythoff};
use super::*;

#[test]
fn table_1_of_katayama_and_koyama_is_reproduced() {
    let oracle = include_str!("../../../tests/oracles/corner-the-knight.tsv");
    let knight: CornerGame = "corner-knight".parse().unwrap();
    let table = knight.table(16, 12);
    let mut rows = 0;
    for row in oracle.lines().skip(1) {
        let fields: Vec<&str> = row.split('\t').collect();
        let m: usize = fields[0].parse().unwrap();
        let n: usize = fields[1].parse().unwrap();
        let value: u32 = fields[2].parse().unwrap();
        assert_eq!(table.get(m, n).value(), value, "g({m}, {n})");
        rows += 1;
    }
    assert_eq!(rows, 16 * 12);
}

#[test]
fn the_knight_theorems_hold() {
    let (_, report) = check_knight(200);
    assert!(report.holds(), "{:?}", report.failures);
}

#[test]
fn wythoff_p_positions_are_the_beatty_pairs() {
    let (table, report) = check_wythoff(300);
    assert!(report.holds(), "{:?}", report.failures);
    assert_eq!(wythoff_pair(1), (1, 2));
    assert_eq!(wythoff_pair(2), (3, 5));
    assert_eq!(wythoff_pair(3), (4, 7));
    assert_eq!(table.get(2, 1).value(), 0);
}

#[test]
fn wythoff_table_equals_the_plain_mex() {
    let table = wythoff_table(30, 25);
    for m in 0..30 {
        for n in 0..25 {
            let options = (1..=m)
                .map(|k| table.get(m - k, n))
                .chain((1..=n).map(|k| table.get(m, n - k)))
                .chain((1..=m.min(n)).map(|k| table.get(m - k, n - k)));
            assert_eq!(table.get(m, n), crate::values::mex(options), "({m}, {n})");
        }
    }
}

#[test]
fn step_games_agree_with_plain_recursion() {
    // Steps that move away from one edge exercise the ordering by weight.
    let game: StepMoves = "-3,1;1,-2;-1,-1".parse().unwrap();
    let table = game.table(12, 12);
    fn plain(game: &StepMoves, m: usize, n: usize) -> crate::values::Nimber {
        crate::values::mex(game.targets(m, n).map(|(m, n)| plain(game, m, n)))
    }
    for m in 0..12 {
        for n in 0..12 {
            assert_eq!(table.get(m, n), plain(&game, m, n), "({m}, {n})");
        }
    }
}

#[test]
fn endless_move_sets_are_refused() {
    for endless in [
        "1,0",
        "0,0",
        "-1,1;1,-1",
        "-1,2;1,-1",
        "-1,2;2,-1",
        "3,-1;-1,1",
    ] {
        let error = format!("corner:{endless}")
            .parse::<CornerGame>()
            .unwrap_err();
        assert!(
            matches!(error, CornerError::Endless { .. }),
            "{endless}: {error}"
        );
        assert!(error.to_string().contains(endless), "{error}");
    }
    for bad in [
        "corner:",
        "corner:1",
        "corner:a,b",
        "corner:-5000,1",
        "corner-bishop",
    ] {
        assert!(bad.parse::<CornerGame>().is_err(), "{bad}");
    }
    for fine in [
        "-2,1;1,-2",
        "-1,0;0,-1",
        "-2,-1;-1,-2;-2,1;1,-2",
        "-3,2;2,-3;-1,-1",
    ] {
        assert!(
            format!("corner:{fine}").parse::<CornerGame>().is_ok(),
            "{fine}"
        );
    }
}

#[test]
fn the_papers_example_and_display() {
    let knight: CornerGame = "corner:-2,-1;-1,-2;-2,1;1,-2".parse().unwrap();
    assert_eq!(knight.to_string(), "corner-knight");
    assert_eq!(knight.value(7, 9), crate::values::Nimber::new(3));
    let winning: Vec<(usize, usize)> = knight
        .moves(7, 9)
        .iter()
        .filter(|mv| mv.nimber.value() == 0)
        .map(|mv| (mv.m, mv.n))
        .collect();
    assert!(!winning.is_empty());
}

#[test]
fn steps_with_large_weights_are_ordered_too() {
    // Only weightings with b/a in (1/21, 1/20) decrease with both steps: the simplest is
    // (41, 2), whose product is too large for the level walk, so the sort is used.
    let game: StepMoves = "-1,20;1,-21".parse().unwrap();
    assert_eq!(game.weights(), (41, 2));
    let table = game.table(8, 30);
    fn memo_value(
        game: &StepMoves,
        m: usize,
        n: usize,
        memo: &mut std::collections::HashMap<(usize, usize), crate::values::Nimber>,
    ) -> crate::values::Nimber {
        if let Some(&value) = memo.get(&(m, n)) {
            return value;
        }
        let targets: Vec<(usize, usize)> = game.targets(m, n).collect();
        let value = crate::values::mex(
            targets
                .into_iter()
                .map(|(m, n)| memo_value(game, m, n, memo)),
        );
        memo.insert((m, n), value);
        value
    }
    let mut memo = std::collections::HashMap::new();
    for m in 0..8 {
        for n in 0..30 {
            assert_eq!(
                table.get(m, n),
                memo_value(&game, m, n, &mut memo),
                "({m}, {n})"
            );
        }
    }
}

#[test]
fn table_sizes_are_known_before_allocating() {
    let knight: CornerGame = "corner-knight".parse().unwrap();
    // Weights (1, 1): the box of weight up to 10,000 holds 10,001 x 10,001 bytes.
    assert_eq!(
        knight.table_bytes(5001, 5001),
        10_001 * 10_001 + 4 * 5001 * 5001
    );
    // Weights (1001, 1): moves to n + 1000 need 5 million columns per row.
    let long: CornerGame = "corner:-1,1000".parse().unwrap();
    assert!(long.value_bytes(5000, 5000) > 20_000_000_000);
    let queen: CornerGame = "corner-queen".parse().unwrap();
    assert!(queen.table_bytes(5001, 5001) < 200_000_000);
    assert_eq!(knight.table_bytes(0, 7), 0);
}

#[test]
fn a_search_finds_the_values_of_the_table() {
    for steps in [
        "-2,-1;-1,-2;-2,1;1,-2",
        "-1,20;1,-21",
        "-1,3;-2,0;0,-1",
        "-3,1;1,-3",
    ] {
        let game: StepMoves = steps.parse().unwrap();
        let table = game.table(30, 30);
        let starts: Vec<(usize, usize)> =
            (0..30).flat_map(|m| (0..30).map(move |n| (m, n))).collect();
        let known = game.search_values(&starts, usize::MAX).unwrap();
        for &(m, n) in &starts {
            assert_eq!(
                u32::from(known[&(m, n)]),
                table.get(m, n).value(),
                "{steps} ({m}, {n})"
            );
        }
    }
}

#[test]
fn a_vast_box_with_few_reachable_positions_is_searched() {
    let long: CornerGame = "corner:-1,1000".parse().unwrap();
    let (value, moves) = long
        .value_and_moves_within(5000, 5000, 1 << 30, 10_000)
        .expect("5001 positions are reachable");
    // The piece moves 5000 times whatever happens, an even number: the second player wins.
    assert_eq!(value, crate::values::Nimber::ZERO);
    let (odd, _) = long
        .value_and_moves_within(4999, 5000, 1 << 30, 10_000)
        .unwrap();
    assert_eq!(odd, crate::values::Nimber::new(1));
    assert_eq!(moves.len(), 1);
    // Steps that reach billions of positions are refused rather than searched.
    let wide: CornerGame = "corner:-1,1000;0,-1".parse().unwrap();
    assert!(wide
        .value_and_moves_within(5000, 5000, 1 << 30, 100_000)
        .is_none());
    // Where the table fits, it answers, with the same moves as before.
    let knight: CornerGame = "corner-knight".parse().unwrap();
    let (value, moves) = knight.value_and_moves_within(7, 9, 1 << 30, 0).unwrap();
    assert_eq!(value, knight.value(7, 9));
    assert_eq!(moves, knight.moves(7, 9));
}

#[test]
fn the_longest_play_bound_holds_and_is_the_longest_play_for_the_knight_and_queen() {
    // The longest play from each square, by plain recursion over the moves.
    use std::collections::HashMap;

    fn longest(
        game: &CornerGame,
        m: usize,
        n: usize,
        memo: &mut HashMap<(usize, usize), u64>,
    ) -> u64 {
        if let Some(&known) = memo.get(&(m, n)) {
            return known;
        }
        let steps = game.moves(m, n);
        let most = steps
            .iter()
            .map(|step| 1 + longest(game, step.m, step.n, memo))
            .max()
            .unwrap_or(0);
        memo.insert((m, n), most);
        most
    }
    for name in [
        "corner-knight",
        "corner-queen",
        "corner:-3,1;1,-2;-1,-1",
        "corner:-1,5;-2,-7",
        // A step away from an edge leaves the box below the start: from (0, 1) the one play
        // is 4 moves long, more than the box's 2 squares.
        "corner:3,-1;-1,0",
        "corner:-1,-1;-2,0",
    ] {
        let game: CornerGame = name.parse().unwrap();
        let mut memo = HashMap::new();
        for m in 0..25 {
            for n in 0..25 {
                let bound = game.longest_play_from(m as u64, n as u64);
                let played = longest(&game, m, n, &mut memo);
                assert!(
                    played <= bound,
                    "{name} from ({m}, {n}): {played} moves, bound {bound}"
                );
                if name == "corner-queen" {
                    assert_eq!(bound, played, "{name} from ({m}, {n})");
                }
            }
        }
    }
    // The misère search's limit of 2000 moves takes the queen from (1000, 1000); the bound by
    // squares said about a million.
    let queen: CornerGame = "corner-queen".parse().unwrap();
    assert_eq!(queen.longest_play_from(1000, 1000), 2000);
    let knight: CornerGame = "corner-knight".parse().unwrap();
    assert!(knight.longest_play_from(3000, 3000) <= 6000);
    let away: CornerGame = "corner:3,-1;-1,0".parse().unwrap();
    assert!(away.longest_play_from(0, 1) >= 4);
    // From (0, 1999) a play of `corner:1000,-1;-1,0` lasts about two million moves: past the
    // misère search's 2000 (it overflowed the stack when the box's squares bounded it).
    let far: CornerGame = "corner:1000,-1;-1,0".parse().unwrap();
    assert!(far.longest_play_from(0, 1999) > 1_000_000);
}

/// Steps past ±1000 are refused, the least 64-bit integer too (its absolute value does not fit,
/// so a test of it passed and a piece moving by it panicked in its bounds).
#[test]
fn steps_past_the_limit_are_refused_whatever_their_size() {
    for steps in [
        "corner:-1001,0",
        "corner:-9223372036854775808,0",
        "corner:-9223372036854775808,5;-1,0",
        "corner:0,-9223372036854775808",
    ] {
        let refused = steps.parse::<CornerGame>().unwrap_err();
        assert!(
            matches!(refused, CornerError::Malformed(_)),
            "{steps}: {refused}"
        );
    }
    assert!("corner:-1000,0".parse::<CornerGame>().is_ok());
}
