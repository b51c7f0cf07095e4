//! A generic solver for impartial games under normal play.
//!
//! A game describes its positions and their options through [`ImpartialGame`], and may say how a
//! position splits into independent components and how to key a component by a canonical form.
//! The solver computes nimbers by the mex rule, nim-sums the components (Sprague–Grundy) and
//! memoises component values in a bounded [`TranspositionTable`].

mod naive;
mod table;

pub use naive::naive_nim_value;
pub use table::{mix_words, TableKey, TableStats, TranspositionTable};

use crate::values::{MexSet, Nimber};

/// An impartial game: positions and the options (moves) from each.
pub trait ImpartialGame {
    /// A position of the game. Positions are also table keys: the solver remembers the values
    /// of whole positions exactly as they are, which saves splitting and canonicalising them
    /// again when a position is reached by another order of moves.
    type Position: TableKey;
    /// A canonical form of a component, used as the transposition-table key.
    type Key: TableKey;

    /// Calls `visit` once with each option of `position`.
    fn for_each_option(&self, position: &Self::Position, visit: impl FnMut(Self::Position));

    /// Calls `visit` with each independent component of `position`: the position is their sum.
    /// The default treats every position as a single component.
    fn for_each_component(&self, position: &Self::Position, mut visit: impl FnMut(Self::Position)) {
        visit(*position);
    }

    /// The key of a component; two components with equal keys must have equal nimbers.
    fn key(&self, component: &Self::Position) -> Self::Key;

    /// The nimber of a component when it is known without search (for example a terminal
    /// position), to save a table lookup. The default knows none.
    fn known_value(&self, _component: &Self::Position) -> Option<Nimber> {
        None
    }
}

/// Counters of a search, reported to the observer and at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Components whose options were searched (each counted once per computation).
    pub positions: u64,
    /// Components answered by the transposition table.
    pub table_hits: u64,
    /// How the transposition table is used.
    pub table: TableStats,
}

/// Watches a long search; the solver calls it every few tens of thousands of positions.
pub trait SearchObserver {
    /// Progress so far.
    fn progress(&mut self, _stats: &SearchStats) {}
}

/// The observer that ignores everything.
impl SearchObserver for () {}

/// How many positions pass between calls to the observer.
const PROGRESS_INTERVAL: u64 = 1 << 16;

/// The default memory budget of a transposition table: 1 GiB.
pub const DEFAULT_TABLE_BYTES: u64 = 1 << 30;

/// Computes nimbers of positions of one game, keeping what it learns between calls.
pub struct Solver<G: ImpartialGame> {
    game: G,
    state: SearchState<G::Key, G::Position>,
}

/// The share of the memory budget given to the table of whole positions.
const EXACT_SHARE: u64 = 4;

struct SearchState<K, P> {
    /// Values of components, by canonical key.
    table: TranspositionTable<K>,
    /// Values of whole positions, by the position itself: a cheaper first look.
    exact: TranspositionTable<P>,
    /// The options of the components being searched, deepest last.
    options: Vec<P>,
    positions: u64,
    table_hits: u64,
    observer: Option<Box<dyn SearchObserver + Send>>,
}

impl<G: ImpartialGame> Solver<G> {
    /// A solver whose table may use `budget_bytes` of memory.
    #[must_use]
    pub fn new(game: G, budget_bytes: u64) -> Solver<G> {
        let components = budget_bytes - budget_bytes / EXACT_SHARE;
        Solver::with_table(game, TranspositionTable::with_budget(components))
    }

    /// A solver that starts from an existing table, for example one filled while solving a
    /// related game whose keys mean the same thing.
    #[must_use]
    pub fn with_table(game: G, table: TranspositionTable<G::Key>) -> Solver<G> {
        let exact_budget = table.stats().budget / (EXACT_SHARE - 1);
        Solver {
            game,
            state: SearchState {
                table,
                exact: TranspositionTable::with_budget(exact_budget),
                options: Vec::new(),
                positions: 0,
                table_hits: 0,
                observer: None,
            },
        }
    }

    /// Reports progress to `observer` during searches.
    pub fn set_observer(&mut self, observer: Box<dyn SearchObserver + Send>) {
        self.state.observer = Some(observer);
    }

    /// The game being solved.
    #[must_use]
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Gives back the table, to seed another solver.
    #[must_use]
    pub fn into_table(self) -> TranspositionTable<G::Key> {
        self.state.table
    }

    /// The counters so far.
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        self.state.stats()
    }

    /// The nimber of `position`.
    pub fn nim_value(&mut self, position: &G::Position) -> Nimber {
        self.state.position_value(&self.game, position)
    }
}

impl<K: TableKey, P: TableKey> SearchState<K, P> {
    fn stats(&self) -> SearchStats {
        SearchStats {
            positions: self.positions,
            table_hits: self.table_hits,
            table: self.table.stats(),
        }
    }

    /// The nim-sum of the values of the components of `position`.
    fn position_value<G: ImpartialGame<Key = K, Position = P>>(
        &mut self,
        game: &G,
        position: &G::Position,
    ) -> Nimber {
        if let Some(value) = self.exact.get(position) {
            self.table_hits += 1;
            return value;
        }
        let start = self.positions;
        let mut total = Nimber::ZERO;
        game.for_each_component(position, |component| {
            total += self.component_value(game, &component);
        });
        self.exact.insert(*position, total, self.positions - start);
        total
    }

    fn component_value<G: ImpartialGame<Key = K, Position = P>>(
        &mut self,
        game: &G,
        component: &G::Position,
    ) -> Nimber {
        if let Some(value) = game.known_value(component) {
            return value;
        }
        // The same component, square for square, recurs in many positions: look it up as it
        // is before paying for its canonical form.
        if let Some(value) = self.exact.get(component) {
            self.table_hits += 1;
            return value;
        }
        let key = game.key(component);
        if let Some(value) = self.table.get(&key) {
            self.table_hits += 1;
            self.exact.insert(*component, value, 1);
            return value;
        }
        let start = self.positions;
        self.positions += 1;
        if self.positions % PROGRESS_INTERVAL == 0 {
            let stats = self.stats();
            if let Some(observer) = self.observer.as_mut() {
                observer.progress(&stats);
            }
        }
        // Gather the options first and touch their table slots together: the memory loads
        // then overlap instead of each stalling the search in turn.
        let first = self.options.len();
        game.for_each_option(component, |option| self.options.push(option));
        let mut touched = 0;
        for option in &self.options[first..] {
            touched ^= self.exact.touch(option);
        }
        std::hint::black_box(touched);
        let mut seen = MexSet::default();
        for index in first..self.options.len() {
            let option = self.options[index];
            seen.insert(self.position_value(game, &option));
        }
        self.options.truncate(first);
        let value = seen.mex();
        self.table.insert(key, value, self.positions - start);
        self.exact.insert(*component, value, self.positions - start);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim on a single heap: its value is the heap size.
    struct NimHeap;

    impl TableKey for u32 {
        fn hash64(&self) -> u64 {
            u64::from(*self).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        }
    }

    impl ImpartialGame for NimHeap {
        type Position = u32;
        type Key = u32;
        fn for_each_option(&self, heap: &u32, mut visit: impl FnMut(u32)) {
            (0..*heap).for_each(&mut visit);
        }
        fn key(&self, heap: &u32) -> u32 {
            *heap
        }
    }

    #[test]
    fn a_nim_heap_is_its_size() {
        let mut solver = Solver::new(NimHeap, 1 << 20);
        for heap in 0..40 {
            assert_eq!(solver.nim_value(&heap), Nimber::new(heap));
            assert_eq!(naive_nim_value(&NimHeap, &heap), Nimber::new(heap));
        }
    }
}
