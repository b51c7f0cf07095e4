//! Cram's nim-values and outcomes: [`CramSolver`], the search of `pruning.rs` on a word as
//! wide as the board needs, and the plain recursion it is checked against.

use std::collections::HashMap;

use super::grid::Grid;
use super::pruning::PruningSearch;
use super::{Cram, CramPosition};
use crate::solver::{naive_value_by, SearchObserver, SearchStats};
use crate::values::{Nimber, Outcome};

/// Nim-values and outcomes of Cram positions on one board, remembering what it learns in a
/// table of bounded size, by Beling and Rogalski's pruning ("On pruning search trees of
/// impartial games", 2020): a region is asked whether its value is in a set, not for its value.
pub struct CramSolver {
    cram: Cram,
    search: Search,
}

/// The search on one word for boards of up to 64 squares, on two for larger ones.
enum Search {
    Narrow(PruningSearch<u64>),
    Wide(PruningSearch<u128>),
}

impl CramSolver {
    /// A solver for `cram` whose table may use `budget_bytes` of memory.
    #[must_use]
    pub fn new(cram: &Cram, budget_bytes: u64) -> CramSolver {
        let board = cram.board();
        let (rows, cols) = (board.rows() as u32, board.cols() as u32);
        let search = if board.squares() <= 64 {
            Search::Narrow(PruningSearch::new(Grid::new(rows, cols), budget_bytes))
        } else {
            Search::Wide(PruningSearch::new(Grid::new(rows, cols), budget_bytes))
        };
        CramSolver {
            cram: cram.clone(),
            search,
        }
    }

    /// The nim-value of `position`.
    pub fn nim_value(&mut self, position: &CramPosition) -> Nimber {
        if self.cram.loses_to_a_mirror(position) {
            return Nimber::ZERO;
        }
        let free = position.bits();
        Nimber::new(match &mut self.search {
            // The board's squares fit the narrow word.
            Search::Narrow(search) => search.nim_value(free as u64),
            Search::Wide(search) => search.nim_value(free),
        })
    }

    /// Who wins `position` with the player to move, by a search that stops at the first
    /// winning move (cheaper than the nim-value).
    pub fn outcome(&mut self, position: &CramPosition) -> Outcome {
        let free = position.bits();
        let first_player_wins = !self.cram.loses_to_a_mirror(position)
            && match &mut self.search {
                Search::Narrow(search) => search.first_player_wins(free as u64),
                Search::Wide(search) => search.first_player_wins(free),
            };
        if first_player_wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// Tells `observer` of the search's progress, and stops when its flag is raised.
    pub(crate) fn set_observer(&mut self, observer: Box<dyn SearchObserver + Send>) {
        match &mut self.search {
            Search::Narrow(search) => search.set_observer(observer),
            Search::Wide(search) => search.set_observer(observer),
        }
    }

    /// The counters of the searches so far.
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        match &self.search {
            Search::Narrow(search) => search.stats(),
            Search::Wide(search) => search.stats(),
        }
    }
}

impl Cram {
    /// The nim-value of `position` by the mex rule over every move, with no splitting and no
    /// symmetry: the slow reference the solver is checked against. Exponential; for small
    /// boards only.
    #[must_use]
    pub fn naive_nim_value(&self, position: &CramPosition) -> Nimber {
        naive_value_by(
            position,
            &|position| self.options(position),
            &mut HashMap::new(),
        )
    }

    /// The positions one domino from `position`, every domino once (no splitting, no
    /// symmetry): what the plain recursions of the tests move to.
    pub(crate) fn options(&self, position: &CramPosition) -> Vec<CramPosition> {
        let free = position.bits();
        let mut options = Vec::new();
        self.for_each_domino_bits(free, |domino| {
            options.push(CramPosition::from_bits(free & !domino));
        });
        options
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::games::heap::HeapGame;

    fn cram(rows: u32, cols: u32) -> Cram {
        Cram::new(BoardSize::new(rows, cols).unwrap()).unwrap()
    }

    /// Every board of up to 20 squares: the solver's value of the empty board is the
    /// reference's, its outcome agrees, and so do they on positions reached by a few moves.
    #[test]
    fn the_solver_agrees_with_the_plain_recursion_on_every_board_to_twenty_squares() {
        let mut checked = 0;
        for rows in 1..=20u32 {
            for cols in 1..=20 / rows {
                let game = cram(rows, cols);
                let mut solver = CramSolver::new(&game, 1 << 22);
                let mut memo = HashMap::new();
                let options = |position: &CramPosition| game.options(position);
                let mut positions = vec![game.empty()];
                // Positions after up to two dominoes, every other one kept.
                for depth in 0..2 {
                    let mut next = Vec::new();
                    for position in &positions {
                        next.extend(options(position).into_iter().skip(depth).step_by(2));
                    }
                    positions.extend(next);
                }
                for position in positions {
                    let expected = naive_value_by(&position, &options, &mut memo);
                    assert_eq!(
                        solver.nim_value(&position),
                        expected,
                        "{rows}x{cols} {}",
                        game.format_position(&position)
                    );
                    assert_eq!(solver.outcome(&position), expected.outcome());
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// Random positions of boards of 16 to 20 squares, with a fresh solver each (so that
    /// nothing learnt from the empty board helps).
    #[test]
    fn the_solver_agrees_with_the_plain_recursion_on_random_positions() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (rows, cols) in [(4, 4), (4, 5), (5, 4), (2, 10), (3, 6), (1, 20), (2, 9)] {
            let game = cram(rows, cols);
            for _ in 0..40 {
                // About three squares in four free.
                let free = game.empty().bits() & u128::from(random() | random());
                let position = CramPosition::from_bits(free);
                let mut solver = CramSolver::new(&game, 1 << 20);
                assert_eq!(
                    solver.nim_value(&position),
                    game.naive_nim_value(&position),
                    "{rows}x{cols} {}",
                    game.format_position(&position)
                );
            }
        }
    }

    /// Boards of more than 64 squares, searched on two words: positions with up to about 26
    /// free squares, anywhere on the board (across the two words), against the plain
    /// recursion; and the two-word search agrees with the one-word one on small boards.
    #[test]
    fn boards_over_sixty_four_squares_agree_with_the_plain_recursion() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (rows, cols) in [(9, 9), (8, 16), (1, 128), (11, 11), (5, 13)] {
            let game = cram(rows, cols);
            let mut solver = CramSolver::new(&game, 1 << 22);
            for _ in 0..30 {
                // Blobs of free squares around a few centres, so that dominoes fit.
                let mut free = 0u128;
                for _ in 0..2 {
                    let centre = (random() % u64::from(rows * cols)) as u32;
                    let (row, col) = (centre / cols, centre % cols);
                    for square in 0..rows * cols {
                        let (r, c) = (square / cols, square % cols);
                        if r.abs_diff(row) + c.abs_diff(col) <= 2 && random() % 4 != 0 {
                            free |= 1 << square;
                        }
                    }
                }
                let position = CramPosition::from_bits(free);
                assert_eq!(
                    solver.nim_value(&position),
                    game.naive_nim_value(&position),
                    "{rows}x{cols} {}",
                    game.format_position(&position)
                );
            }
        }
        for (rows, cols) in [(4, 5), (3, 6), (2, 9)] {
            let narrow = PruningSearch::<u64>::new(Grid::new(rows, cols), 1 << 20);
            let mut narrow = narrow;
            let mut wide = PruningSearch::<u128>::new(Grid::new(rows, cols), 1 << 20);
            let all = cram(rows, cols).empty().bits() as u64;
            for _ in 0..100 {
                let free = all & (random() | random());
                assert_eq!(
                    narrow.nim_value(free),
                    wide.nim_value(u128::from(free)),
                    "{free:#x}"
                );
            }
        }
    }

    /// Every position of every board of up to 12 squares keeps its value when the search's
    /// grid reduces it, in one word and in two.
    #[test]
    fn the_grids_reductions_keep_every_small_value() {
        for rows in 1..=12u32 {
            for cols in 1..=12 / rows {
                let game = cram(rows, cols);
                let narrow = Grid::<u64>::new(rows, cols);
                let wide = Grid::<u128>::new(rows, cols);
                let mut memo = HashMap::new();
                let options = |position: &CramPosition| game.options(position);
                for free in 0..=game.empty().bits() as u64 {
                    let reduced = narrow.reduced(free);
                    assert_eq!(wide.reduced(u128::from(free)), u128::from(reduced));
                    assert_eq!(reduced & !free, 0);
                    let free = u128::from(free);
                    assert_eq!(
                        naive_value_by(
                            &CramPosition::from_bits(u128::from(reduced)),
                            &options,
                            &mut memo
                        ),
                        naive_value_by(&CramPosition::from_bits(free), &options, &mut memo),
                        "{rows}x{cols} {free:#x}"
                    );
                }
            }
        }
    }

    /// Cram on one row is Dawson's Kayles (octal 0.07): a domino takes two adjacent pins.
    #[test]
    fn one_row_is_dawsons_kayles() {
        let dawson = HeapGame::from_rule("0.07".parse().unwrap());
        let values = dawson.nim_values(64);
        for cols in 1..=64u32 {
            let row = cram(1, cols);
            let column = cram(cols, 1);
            let mut solver = CramSolver::new(&row, 1 << 22);
            let mut down = CramSolver::new(&column, 1 << 22);
            let heap = cols as usize;
            assert_eq!(solver.nim_value(&row.empty()), values[heap], "1x{cols}");
            assert_eq!(down.nim_value(&column.empty()), values[heap], "{cols}x1");
        }
    }
}
