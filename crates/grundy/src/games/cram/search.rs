//! Cram's nim-values and outcomes by the generic solver ([`crate::solver::Solver`]): the game
//! tells it the options, the regions and their keys; the solver does the rest.

use std::collections::HashMap;

use super::grid::Grid;
use super::pruning::PruningSearch;
use super::{Cram, CramKey, CramPosition};
use crate::solver::{naive_value_by, ImpartialGame, SearchStats, DENSE_CAPACITY};
use crate::values::{Nimber, Outcome};

impl ImpartialGame for Cram {
    type Position = CramPosition;
    type Key = CramKey;

    #[inline]
    fn for_each_option(&self, position: &CramPosition, mut visit: impl FnMut(CramPosition)) {
        let free = position.bits();
        self.for_each_domino_bits(free, |domino| {
            visit(CramPosition::from_bits(free & !domino))
        });
    }

    #[inline]
    fn for_each_component(&self, position: &CramPosition, visit: impl FnMut(CramPosition)) {
        Cram::for_each_component(self, position, visit);
    }

    #[inline]
    fn key(&self, component: &CramPosition) -> CramKey {
        Cram::key(self, component)
    }

    #[inline]
    fn size(&self, component: &CramPosition) -> usize {
        self.move_count(component) as usize
    }

    #[inline]
    fn known_value(&self, component: &CramPosition) -> Option<Nimber> {
        // A region of two or three squares takes one domino and is then dead; a symmetric
        // region that the second player wins by mirroring is 0.
        if component.free_squares() <= 3 {
            Some(Nimber::new(1))
        } else if self.loses_to_a_mirror(component) {
            Some(Nimber::ZERO)
        } else {
            None
        }
    }

    /// Seeking an option of value 0: first the options the mirror strategy settles (the
    /// centre domino of an even × odd board), then those whose regions are smallest.
    fn zero_seeking_rank(&self, option: &CramPosition) -> u64 {
        if self.loses_to_a_mirror(option) {
            0
        } else {
            // Moves that split the board first: a sum of small regions settles fastest
            // (Beling's "smaller components first").
            let mut rank = 0;
            Cram::for_each_component(self, option, |region| {
                rank += u64::from(region.free_squares()).pow(2);
            });
            rank
        }
    }

    /// Cram is Node Kayles on its dominoes: a domino put down removes itself and every
    /// domino that shares a square with it.
    fn local_graph(
        &self,
        component: &CramPosition,
        neighbourhoods: &mut [u64; DENSE_CAPACITY],
    ) -> Option<usize> {
        let mut dominoes = [0u64; DENSE_CAPACITY];
        let mut count = 0;
        let mut too_many = false;
        self.for_each_domino_bits(component.bits(), |domino| {
            if count < DENSE_CAPACITY {
                dominoes[count] = domino;
                count += 1;
            } else {
                too_many = true;
            }
        });
        if too_many {
            return None;
        }
        for (index, &domino) in dominoes[..count].iter().enumerate() {
            neighbourhoods[index] = dominoes[..count]
                .iter()
                .enumerate()
                .filter(|(_, &other)| other & domino != 0)
                .fold(0, |set, (other, _)| set | 1 << other);
        }
        Some(count)
    }
}

/// Nim-values and outcomes of Cram positions on one board, remembering what it learns in a
/// table of bounded size, by Beling and Rogalski's pruning ("On pruning search trees of
/// impartial games", 2020): a region is asked whether its value is in a set, not for its value.
pub struct CramSolver {
    cram: Cram,
    search: PruningSearch<u64>,
}

impl CramSolver {
    /// A solver for `cram` whose table may use `budget_bytes` of memory.
    #[must_use]
    pub fn new(cram: &Cram, budget_bytes: u64) -> CramSolver {
        let board = cram.board();
        CramSolver {
            cram: cram.clone(),
            search: PruningSearch::new(
                Grid::new(board.rows() as u32, board.cols() as u32),
                budget_bytes,
            ),
        }
    }

    /// The nim-value of `position`.
    pub fn nim_value(&mut self, position: &CramPosition) -> Nimber {
        if self.cram.loses_to_a_mirror(position) {
            return Nimber::ZERO;
        }
        Nimber::new(self.search.nim_value(position.bits()))
    }

    /// Who wins `position` with the player to move, by a search that stops at the first
    /// winning move (cheaper than the nim-value).
    pub fn outcome(&mut self, position: &CramPosition) -> Outcome {
        if self.cram.loses_to_a_mirror(position) || !self.search.first_player_wins(position.bits())
        {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// Tells `observer` of the search's progress, and stops when its flag is raised.
    pub fn set_observer(&mut self, observer: Box<dyn crate::solver::SearchObserver + Send>) {
        self.search.set_observer(observer);
    }

    /// The counters of the searches so far.
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        self.search.stats()
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
        let mut options = Vec::new();
        self.for_each_option(position, |option| options.push(option));
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
                let free = game.empty().bits() & (random() | random());
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
                for free in 0..=game.empty().bits() {
                    let reduced = narrow.reduced(free);
                    assert_eq!(wide.reduced(u128::from(free)), u128::from(reduced));
                    assert_eq!(reduced & !free, 0);
                    assert_eq!(
                        naive_value_by(&CramPosition::from_bits(reduced), &options, &mut memo),
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
