//! Cram in sums and under misère play, through the library's requests (what every front end
//! asks), against plain recursions written here from the rules alone: a domino covers two free
//! squares side by side; a Kayles move takes one pin or two neighbouring pins from a row. Every
//! board of up to 20 squares may be drawn, with any squares covered.

use std::collections::HashMap;

use grundy::request::{value, ValueRequest};
use grundy::watch::Watch;
use proptest::prelude::*;

/// A Cram board and its free squares (bit `row * cols + col`).
#[derive(Clone, Copy, Debug)]
struct Board {
    rows: usize,
    cols: usize,
    free: u32,
}

impl Board {
    /// The free squares after each domino.
    fn options(self) -> Vec<u32> {
        let mut options = Vec::new();
        let free = |row: usize, col: usize| self.free >> (row * self.cols + col) & 1 == 1;
        for row in 0..self.rows {
            for col in 0..self.cols {
                let square = 1u32 << (row * self.cols + col);
                if col + 1 < self.cols && free(row, col) && free(row, col + 1) {
                    options.push(self.free & !(square | square << 1));
                }
                if row + 1 < self.rows && free(row, col) && free(row + 1, col) {
                    options.push(self.free & !(square | square << self.cols));
                }
            }
        }
        options
    }

    /// The position as `grundy` writes it: rows of `.` free and `#` covered.
    fn text(self) -> String {
        let rows: Vec<String> = (0..self.rows)
            .map(|row| {
                (0..self.cols)
                    .map(|col| {
                        if self.free >> (row * self.cols + col) & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        format!("cram {}x{} at {}", self.rows, self.cols, rows.join("/"))
    }

    fn with(self, free: u32) -> Board {
        Board { free, ..self }
    }
}

/// The heaps after each Kayles move on `heaps`, sorted.
fn kayles_options(heaps: &[usize]) -> Vec<Vec<usize>> {
    let mut options = Vec::new();
    for (index, &heap) in heaps.iter().enumerate() {
        for taken in 1..=2.min(heap) {
            for left in 0..=heap - taken {
                let mut after = heaps.to_vec();
                after.remove(index);
                after.extend([left, heap - taken - left].into_iter().filter(|&h| h > 0));
                after.sort_unstable();
                options.push(after);
            }
        }
    }
    options
}

/// The mex rule over every domino.
fn cram_value(board: Board, memo: &mut HashMap<u32, u32>) -> u32 {
    if let Some(&known) = memo.get(&board.free) {
        return known;
    }
    let values: Vec<u32> = board
        .options()
        .into_iter()
        .map(|free| cram_value(board.with(free), memo))
        .collect();
    let mex = (0..).find(|v| !values.contains(v)).unwrap();
    memo.insert(board.free, mex);
    mex
}

fn kayles_value(heaps: &[usize], memo: &mut HashMap<Vec<usize>, u32>) -> u32 {
    if let Some(&known) = memo.get(heaps) {
        return known;
    }
    let values: Vec<u32> = kayles_options(heaps)
        .iter()
        .map(|after| kayles_value(after, memo))
        .collect();
    let mex = (0..).find(|v| !values.contains(v)).unwrap();
    memo.insert(heaps.to_vec(), mex);
    mex
}

/// Whether the player to move wins the board beside the heaps under misère play: with no
/// move at all, yes (the other made the last move).
fn misere_wins(
    board: Board,
    heaps: Vec<usize>,
    memo: &mut HashMap<(u32, Vec<usize>), bool>,
) -> bool {
    if let Some(&known) = memo.get(&(board.free, heaps.clone())) {
        return known;
    }
    let mut options: Vec<(u32, Vec<usize>)> = board
        .options()
        .into_iter()
        .map(|free| (free, heaps.clone()))
        .collect();
    options.extend(
        kayles_options(&heaps)
            .into_iter()
            .map(|after| (board.free, after)),
    );
    let wins = options.is_empty()
        || options
            .into_iter()
            .any(|(free, after)| !misere_wins(board.with(free), after, memo));
    memo.insert((board.free, heaps), wins);
    wins
}

/// A board of up to 20 squares with some squares covered.
fn boards() -> impl Strategy<Value = Board> {
    (1usize..=4, 1usize..=5, any::<u32>()).prop_map(|(rows, cols, bits)| {
        let all = (1u32 << (rows * cols)) - 1;
        // About one square in four covered.
        let covered = bits & (bits >> 8) & all;
        Board {
            rows,
            cols,
            free: all & !covered,
        }
    })
}

fn asked(game: &str, convention: &str) -> grundy::report::GameReport {
    let request: ValueRequest = serde_json::from_value(serde_json::json!({
        "game": game,
        "convention": convention,
    }))
    .unwrap();
    value(&request, &Watch::new()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A sum's value is Cram's by the mex rule, nim-added to Kayles' and the nimber's.
    #[test]
    fn a_sum_with_cram_has_the_value_of_the_plain_recursion(
        board in boards(),
        heap in 0usize..=6,
        nimber in 0u32..=3,
    ) {
        let game = format!("{} + kayles {heap} + *{nimber}", board.text());
        let expected = cram_value(board, &mut HashMap::new())
            ^ kayles_value(&[heap].into_iter().filter(|&h| h > 0).collect::<Vec<_>>(), &mut HashMap::new())
            ^ nimber;
        prop_assert_eq!(asked(&game, "normal").nimber(), Some(expected), "{}", game);
        let alone = asked(&board.text(), "normal");
        prop_assert_eq!(alone.nimber(), Some(cram_value(board, &mut HashMap::new())), "{}", board.text());
    }

    /// Under misère play, Cram alone and beside Kayles is won exactly when the plain
    /// recursion over the whole position says so.
    #[test]
    fn misere_cram_alone_and_in_sums_agrees_with_the_plain_recursion(
        board in boards(),
        heap in 0usize..=5,
    ) {
        let alone = asked(&board.text(), "misere");
        let wins = misere_wins(board, Vec::new(), &mut HashMap::new());
        prop_assert_eq!(alone.outcome() == Some(grundy::Outcome::N), wins, "{}", board.text());
        let game = format!("{} + kayles {heap}", board.text());
        let heaps: Vec<usize> = [heap].into_iter().filter(|&h| h > 0).collect();
        let wins = misere_wins(board, heaps, &mut HashMap::new());
        let sum = asked(&game, "misere");
        prop_assert_eq!(sum.outcome() == Some(grundy::Outcome::N), wins, "{}", game);
    }
}
