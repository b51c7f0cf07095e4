//! The solvers of a search's threads: the general solvers, sharing one table of components,
//! or for the Queens game the win searches, sharing theirs. The search of first moves
//! ([`RootSearch`](super::root_search::RootSearch)) and the workers of a distributed search
//! ([`UnitWorker`](super::unit_search::UnitWorker)) both search with these.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use crate::solver::{SearchObserver, SearchStats, WinTable};
use crate::values::Nimber;

use super::win_search::WinSearch;
use super::{Piece, PlacementGame, PlacementPosition, PlacementSolver};

/// The most memory the general solvers keep when the win search does the searching: they
/// only value first moves known without search (the centre of an odd board).
const GENERAL_MEMORY_BESIDE_WIN_SEARCH: u64 = 64 << 20;

/// Whether the first moves of `game` are searched by the [`WinSearch`]: the Queens game on a
/// rectangle (every board up to 22 × 22), where it is measured several times faster than the
/// general solver (docs/PERFORMANCE_HISTORY.md). The other pieces' attack graphs split into components
/// early, and the general solver, which values components apart, stays faster there.
pub(crate) fn uses_win_search(game: &PlacementGame) -> bool {
    WinSearch::plays(game) && game.single_piece() == Some(Piece::Queen)
}

/// The solvers of one process, one per thread, kept with what they learnt: the general
/// solvers share one table of components and each has its own table of exact positions; for
/// the games the win search is used for (see `uses_win_search`) the win searches, sharing
/// one table, do the searching instead. Both the search of first moves
/// ([`RootSearch`](super::root_search::RootSearch)) and the workers of a distributed search
/// ([`UnitWorker`](super::unit_search::UnitWorker)) search with these.
pub struct SearchThreads {
    pub(super) solvers: Vec<PlacementSolver>,
    win_searches: Vec<WinSearch>,
    /// Positions searched by the solvers, as last reported by them.
    pub(super) searched: Arc<AtomicU64>,
}

impl SearchThreads {
    /// The solvers of `threads` threads searching `game` within `memory` bytes.
    #[must_use]
    pub fn new(game: &PlacementGame, threads: usize, memory: u64) -> SearchThreads {
        let shared = SearchThreads::shared_solver(game, memory);
        SearchThreads::sharing(game, &shared, threads.max(1), memory)
    }

    /// The solver whose table of components the threads share. Three quarters of the budget
    /// go to it, a table of exact positions for each thread takes the rest. When the win
    /// search does the searching, the solvers only value positions known without search, and
    /// the win search's table takes the budget.
    pub(super) fn shared_solver(game: &PlacementGame, memory: u64) -> PlacementSolver {
        PlacementSolver::new(game, SearchThreads::solver_memory(game, memory) / 4 * 3)
    }

    fn solver_memory(game: &PlacementGame, memory: u64) -> u64 {
        if uses_win_search(game) {
            (memory / 16).min(GENERAL_MEMORY_BESIDE_WIN_SEARCH)
        } else {
            memory
        }
    }

    /// `threads` solvers sharing the table of `shared`, made by [`SearchThreads::shared_solver`].
    pub(super) fn sharing(
        game: &PlacementGame,
        shared: &PlacementSolver,
        threads: usize,
        memory: u64,
    ) -> SearchThreads {
        let solver_memory = SearchThreads::solver_memory(game, memory);
        let exact_budget = (solver_memory / 4 / threads as u64).max(1 << 20);
        let searched = Arc::new(AtomicU64::new(0));
        let win_searches = if uses_win_search(game) {
            let table = Arc::new(WinTable::with_budget(memory - solver_memory));
            let mut first = WinSearch::new(game, table);
            first.count_into(Arc::clone(&searched));
            let mut searches = vec![first];
            while searches.len() < threads {
                let mut another = searches[0].another();
                another.count_into(Arc::clone(&searched));
                searches.push(another);
            }
            searches
        } else {
            Vec::new()
        };
        let solvers = (0..threads)
            .map(|_| {
                let mut solver = shared.sharing(exact_budget);
                solver.set_observer(Box::new(PositionCounter {
                    total: Arc::clone(&searched),
                    last: 0,
                }));
                solver
            })
            .collect();
        SearchThreads {
            solvers,
            win_searches,
            searched,
        }
    }

    /// The threads.
    #[must_use]
    pub fn len(&self) -> usize {
        self.solvers.len()
    }

    /// Never: there is at least one thread.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.solvers.is_empty()
    }

    /// Positions searched so far, over all threads (updated every few tens of thousands of
    /// positions per thread).
    #[must_use]
    pub fn searched(&self) -> u64 {
        self.searched.load(Ordering::Relaxed)
    }

    /// The counters of the solvers, summed (the table counters are the shared table's).
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        let stats = self
            .solvers
            .iter()
            .fold(SearchStats::default(), |sum, solver| {
                let stats = solver.stats();
                SearchStats {
                    positions: sum.positions + stats.positions,
                    table_hits: sum.table_hits + stats.table_hits,
                    endgame_positions: sum.endgame_positions + stats.endgame_positions,
                    table: stats.table,
                }
            });
        self.win_searches
            .iter()
            .fold(stats, |sum, search| SearchStats {
                positions: sum.positions + search.positions(),
                endgame_positions: sum.endgame_positions + search.sweep_positions(),
                ..sum
            })
    }

    /// What each thread asks its questions of.
    pub(super) fn workers(&mut self) -> Vec<Worker<'_>> {
        if self.win_searches.is_empty() {
            self.solvers.iter_mut().map(Worker::General).collect()
        } else {
            self.win_searches.iter_mut().map(Worker::Wins).collect()
        }
    }
}

/// What a thread of the search asks its questions of.
pub(super) enum Worker<'a> {
    General(&'a mut PlacementSolver),
    Wins(&'a mut WinSearch),
}

impl Worker<'_> {
    pub(super) fn has_value_within(
        &mut self,
        game: &PlacementGame,
        position: &PlacementPosition,
        value: Nimber,
        stop: &Arc<AtomicBool>,
        max_positions: u64,
    ) -> Option<bool> {
        match self {
            Worker::General(solver) => {
                solver.has_value_within(position, value, stop, max_positions)
            }
            Worker::Wins(search) => {
                search.has_value_within(&game.available(position), value, stop, max_positions)
            }
        }
    }

    pub(super) fn positions(&self) -> u64 {
        match self {
            Worker::General(solver) => solver.stats().positions,
            Worker::Wins(search) => search.positions(),
        }
    }
}

/// Adds a solver's positions to the count of the whole search.
struct PositionCounter {
    total: Arc<AtomicU64>,
    last: u64,
}

impl SearchObserver for PositionCounter {
    fn progress(&mut self, stats: &SearchStats) {
        let added = stats.positions - self.last;
        self.last = stats.positions;
        self.total.fetch_add(added, Ordering::Relaxed);
    }
}
