//! A generic solver for impartial games under normal play.
//!
//! A game describes its positions and their options through [`ImpartialGame`], and may say how a
//! position splits into independent components and how to key a component by a canonical form.
//! The solver nim-sums the components (Sprague–Grundy), values small components by the mex rule
//! and large ones by outcome probes with cut-offs (see [`Solver`]), and remembers what it learns
//! in bounded tables: a `SharedTable` of components by canonical key, which solvers on other
//! threads may share, and a [`TranspositionTable`] of whole positions of its own.

mod dense;
mod facts;
mod huge_pages;
mod machine;
mod naive;
mod option_order;
mod shared;
mod table;
mod win_sweep;
mod win_table;

pub(crate) use dense::{renumber, DENSE_CAPACITY};
pub use facts::{Fact, FactSource};
pub(crate) use machine::physical_memory;
pub use naive::{naive_nim_value, naive_value_by};
pub(crate) use shared::SharedTable;
pub use table::{mix_words, TableKey, TableStats, TranspositionTable};
pub use win_sweep::WinSweep;
pub(crate) use win_table::WinSlots;
pub use win_table::WinTable;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::values::{MexSet, Nimber};
use dense::DenseNodeKayles;

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

    /// A key as words, to keep outside the program ([`Fact`]); `None` (the default) for a game
    /// whose keys are not kept.
    fn key_words(&self, _key: &Self::Key) -> Option<Vec<u64>> {
        None
    }

    /// The key [`ImpartialGame::key_words`] wrote as `words`; `None` when they are not one.
    fn key_from_words(&self, _words: &[u64]) -> Option<Self::Key> {
        None
    }

    /// The number of options of a component, or an estimate of its size: the solver values
    /// small components by the plain mex rule and probes large ones.
    fn size(&self, component: &Self::Position) -> usize;

    /// The nimber of a component when it is known without search (for example a terminal
    /// position), to save a table lookup. The default knows none.
    fn known_value(&self, _component: &Self::Position) -> Option<Nimber> {
        None
    }

    /// The rank of an option when the search looks for an option of value 0: a single option
    /// of value 0 settles the question, so a good rank puts likely second-player wins first.
    /// The search takes turns between this order (lowest rank first, ties in the order of
    /// `for_each_option`) and the order of size, so that a wrong guess costs at most twice
    /// the tries. The rank changes only the speed. The default is the size, the order used
    /// for every other value sought: small options are the cheapest to settle.
    fn zero_seeking_rank(&self, option: &Self::Position) -> u64 {
        self.size(option) as u64
    }

    /// For games that are Node Kayles on a graph (a move takes a vertex and its neighbours):
    /// the component as a graph numbered afresh, which the solver values by a fast dense search
    /// when it is small. Writes the closed neighbourhood of the component's `i`-th vertex, as a
    /// mask over the component's own vertices, to `neighbourhoods[i]`, and returns the number
    /// of vertices; `None` (the default) when the game is not Node Kayles or the component has
    /// more than `DENSE_CAPACITY` vertices.
    fn local_graph(
        &self,
        _component: &Self::Position,
        _neighbourhoods: &mut [u64; DENSE_CAPACITY],
    ) -> Option<usize> {
        None
    }
}

/// Counters of a search, reported to the observer and at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Components whose options were searched: each mex expansion and each outcome probe.
    pub positions: u64,
    /// Components answered by the transposition table.
    pub table_hits: u64,
    /// Sub-positions of small endgames valued by the dense search (see
    /// [`ImpartialGame::local_graph`]): counted apart, since each costs a small fraction of a
    /// position of the main search.
    pub endgame_positions: u64,
    /// How the transposition table is used.
    pub table: TableStats,
}

/// Watches a long search; the solver calls it every few tens of thousands of positions.
pub trait SearchObserver {
    /// Progress so far.
    fn progress(&mut self, _stats: &SearchStats) {}

    /// The flag that says the answer is no longer wanted (a person pressed Ctrl-C), if the
    /// observer has one. The search reads it at every position (one atomic load: a position of
    /// a large board can take long, so reading it only with the progress would answer a stop
    /// late); once it is raised the search unwinds and writes nothing more to its tables. What
    /// the search returns then is meaningless, and the caller, who raised the flag, discards it.
    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        None
    }
}

/// The observer that ignores everything.
impl SearchObserver for () {}

/// How many positions pass between calls to the observer.
const PROGRESS_INTERVAL: u64 = 1 << 16;

/// Components of at most this many moves are valued by the plain mex rule; larger ones by
/// outcome probes (see [`Solver`]).
pub(crate) const DEFAULT_FULL_MEX_SIZE: usize = 10;

/// Components of at most this many moves are valued by the dense endgame search when the game
/// offers one (see [`ImpartialGame::local_graph`]).
pub(crate) const DEFAULT_DENSE_SIZE: usize = 12;

/// Computes nimbers of positions of one game, keeping what it learns between calls.
///
/// Small components are valued by the mex rule over all their options. A larger component `C`
/// is valued by asking, for `g = 0, 1, 2, ...`, whether `C + *g` is a second-player win (the
/// first such `g` is the nimber of `C`). Each question is an outcome search that stops at the
/// first winning reply, so most options need only "its value is not `g`", not their full
/// value (Lemoine and Viennot's approach, as refined by Beling and Rogalski). What has been
/// learnt of a component (its value, or values it cannot have) is kept under its canonical key.
pub struct Solver<G: ImpartialGame> {
    game: G,
    state: SearchState<G::Key, G::Position>,
}

/// What is known of a component's nimber: the nimber itself, or values it is not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Knowledge {
    /// The nimber plus one; 0 while it is unknown.
    value_plus_one: u32,
    /// Bit `j` set: the nimber is not `j`.
    excluded: u64,
}

impl Knowledge {
    fn exactly(value: Nimber) -> Knowledge {
        Knowledge {
            value_plus_one: value.value() + 1,
            excluded: 0,
        }
    }

    fn value(self) -> Option<Nimber> {
        self.value_plus_one.checked_sub(1).map(Nimber::new)
    }

    fn excludes(self, candidate: u32) -> bool {
        candidate < 64 && self.excluded >> candidate & 1 == 1
    }
}

/// Which of the field's cut-offs the outcome probes use beyond the plain search (set by
/// [`crate::games::placement::PlacementSolver::set_pruning`]); each changes only the speed.
/// Lemoine, Viennot and Beling's bound (a component of `k` options has a value of at most
/// `k`) was tried and is not here: the probed components have more options than any value
/// asked of them, so it never cut (docs/PERFORMANCE.md, "The field's pruning").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pruning {
    /// An option whose value `v` is known shows that the component's value is not `v` (LVB's
    /// skip): kept in the table of components, so that the heap move to `C + *v` and the
    /// question "is it `v`?" cost nothing later. On by default.
    pub skip: bool,
}

impl Default for Pruning {
    fn default() -> Pruning {
        Pruning { skip: true }
    }
}

struct SearchState<K, P> {
    /// What is known of components, by canonical key; possibly shared with other solvers.
    table: Arc<SharedTable<K, Knowledge>>,
    /// Values of whole positions and components, by the position itself: a cheaper first look.
    exact: TranspositionTable<P, Nimber>,
    /// The options of the components being searched, deepest last.
    options: Vec<P>,
    /// The hash of each option on `options`, computed once for all its lookups.
    option_hashes: Vec<u64>,
    /// Components of the sums being probed, deepest last.
    parts: Vec<P>,
    /// The order in which the options on `options` are searched, as (rank, index) words
    /// (see [`option_order`]; after the two orders are merged, the rank is 0), deepest last.
    order: Vec<u64>,
    /// Seeking 0: the options by size, and a copy of the game's order, while the two orders
    /// are merged (see [`option_order::take_turns`]).
    by_size: Vec<u64>,
    /// Scratch for the merge, by option index.
    taken: Vec<bool>,
    full_mex_size: usize,
    dense_size: usize,
    pruning: Pruning,
    dense: DenseNodeKayles,
    positions: u64,
    table_hits: u64,
    observer: Option<Box<dyn SearchObserver + Send>>,
    /// The observer's stop flag: raised, every search gives up for good.
    halt: Option<Arc<AtomicBool>>,
    /// Raised by another thread when the answer of the current search is no longer wanted.
    stop: Option<Arc<AtomicBool>>,
    /// The current search saw `stop` raised: from then on every probe returns at once with a
    /// meaningless answer, and nothing more is written to the tables.
    stopped: bool,
    /// The search gives up (as if `stop` were raised) once `positions` reaches this.
    position_limit: u64,
}

/// The share of the memory budget given to the table of whole positions.
const EXACT_SHARE: u64 = 4;

impl<G: ImpartialGame> Solver<G> {
    /// A solver whose tables may use `budget_bytes` of memory.
    #[must_use]
    pub(crate) fn new(game: G, budget_bytes: u64) -> Solver<G> {
        let components = budget_bytes - budget_bytes / EXACT_SHARE;
        Solver::with_table(
            game,
            Arc::new(SharedTable::with_budget(components)),
            budget_bytes / EXACT_SHARE,
        )
    }

    /// A solver that uses `table` for what it learns of components, a table it may share with
    /// solvers on other threads (of the same game, or of games whose keys mean the same), and
    /// a table of its own of `exact_budget` bytes for whole positions.
    #[must_use]
    pub(crate) fn with_table(
        game: G,
        table: Arc<SharedTable<G::Key, Knowledge>>,
        exact_budget: u64,
    ) -> Solver<G> {
        Solver {
            game,
            state: SearchState {
                table,
                exact: TranspositionTable::with_budget(exact_budget),
                options: Vec::new(),
                option_hashes: Vec::new(),
                parts: Vec::new(),
                order: Vec::new(),
                by_size: Vec::new(),
                taken: Vec::new(),
                full_mex_size: DEFAULT_FULL_MEX_SIZE,
                dense_size: DEFAULT_DENSE_SIZE,
                pruning: Pruning::default(),
                dense: DenseNodeKayles::default(),
                positions: 0,
                table_hits: 0,
                observer: None,
                halt: None,
                stop: None,
                stopped: false,
                position_limit: u64::MAX,
            },
        }
    }

    /// Components with at most `moves` options are valued by the plain mex rule, larger ones by
    /// outcome probes. Any value gives the same nimbers; it only changes the speed.
    pub(crate) fn set_full_mex_size(&mut self, moves: usize) {
        self.state.full_mex_size = moves;
    }

    /// Components with at most `moves` options are valued by the dense endgame search, when the
    /// game offers one; 0 turns it off. Any value gives the same nimbers at a different speed.
    pub(crate) fn set_dense_size(&mut self, moves: usize) {
        self.state.dense_size = moves.min(DENSE_CAPACITY);
    }

    /// Which cut-offs the outcome probes use; any choice gives the same nimbers at a
    /// different speed (the property tests try each against the plain mex recursion).
    pub(crate) fn set_pruning(&mut self, pruning: Pruning) {
        self.state.pruning = pruning;
    }

    /// Reports progress to `observer` during searches.
    pub(crate) fn set_observer(&mut self, observer: Box<dyn SearchObserver + Send>) {
        self.state.halt = observer.stop_flag();
        self.state.observer = Some(observer);
    }

    /// The game being solved.
    #[must_use]
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Solves `game` from now on, keeping what the shape table knows: right when keys mean the
    /// same in both games (for the placement games, the same piece on another board). The table
    /// of exact positions is emptied, since positions of different games are not comparable.
    pub(crate) fn replace_game(&mut self, game: G) {
        self.game = game;
        let budget = self.state.exact.stats().budget;
        self.state.exact = TranspositionTable::with_budget(budget);
    }

    /// The table of components, to share with another solver.
    #[must_use]
    pub(crate) fn shared_table(&self) -> Arc<SharedTable<G::Key, Knowledge>> {
        Arc::clone(&self.state.table)
    }

    /// The counters so far.
    #[must_use]
    pub(crate) fn stats(&self) -> SearchStats {
        self.state.stats()
    }

    /// The nimber of `position`.
    pub(crate) fn nim_value(&mut self, position: &G::Position) -> Nimber {
        self.state.position_value(&self.game, position)
    }

    /// Like `Solver::nim_value`, but gives up, returning `None`, when `stop` is raised (by a
    /// person pressing Ctrl-C, say). What was learnt before giving up stays in the tables;
    /// nothing is learnt from the abandoned part.
    pub fn nim_value_within(
        &mut self,
        position: &G::Position,
        stop: &Arc<AtomicBool>,
    ) -> Option<Nimber> {
        self.state.stop = Some(Arc::clone(stop));
        self.state.stopped = stop.load(Ordering::Relaxed);
        let value = self.state.position_value(&self.game, position);
        self.state.stop = None;
        let stopped = std::mem::replace(&mut self.state.stopped, false);
        (!stopped).then_some(value)
    }

    /// Like `Solver::has_value`, but gives up, returning `None`, when `stop` is raised (by
    /// another thread that no longer needs the answer) or after searching `max_positions`
    /// positions (so that a caller can try another question first). What was learnt before
    /// giving up stays in the tables; nothing is learnt from the abandoned part.
    pub fn has_value_within(
        &mut self,
        position: &G::Position,
        value: Nimber,
        stop: &Arc<AtomicBool>,
        max_positions: u64,
    ) -> Option<bool> {
        self.state.stop = Some(Arc::clone(stop));
        self.state.position_limit = self.state.positions.saturating_add(max_positions);
        self.state.stopped = false;
        let answer = !self
            .state
            .sum_differs(&self.game, position, value.value(), false);
        self.state.stop = None;
        self.state.position_limit = u64::MAX;
        let stopped = std::mem::replace(&mut self.state.stopped, false);
        (!stopped).then_some(answer)
    }

    /// The nimber of `position` when it is known without searching: every component's value
    /// is known to the game (a clique, mirror play), held in a table, or found by the dense
    /// endgame search. `None` when some component would need a search.
    pub fn value_without_search(&mut self, position: &G::Position) -> Option<Nimber> {
        self.state.value_without_search(&self.game, position)
    }

    /// Whether the nimber of `position` is `value`, by an outcome search of
    /// `position + *value`: often much cheaper than the nimber itself. With `value` 0 this
    /// asks whether the position is a second-player win.
    pub(crate) fn has_value(&mut self, position: &G::Position, value: Nimber) -> bool {
        !self
            .state
            .sum_differs(&self.game, position, value.value(), false)
    }
}

impl<K: TableKey, P: TableKey> SearchState<K, P> {
    fn stats(&self) -> SearchStats {
        SearchStats {
            positions: self.positions,
            table_hits: self.table_hits,
            endgame_positions: self.dense.positions(),
            table: self.table.stats(),
        }
    }

    fn count_position(&mut self) {
        self.positions += 1;
        if let Some(stop) = &self.stop {
            self.stopped |= stop.load(Ordering::Relaxed) || self.positions >= self.position_limit;
        }
        if let Some(halt) = &self.halt {
            self.stopped |= halt.load(Ordering::Relaxed);
        }
        if self.positions % PROGRESS_INTERVAL == 0 {
            let stats = self.stats();
            if let Some(observer) = self.observer.as_mut() {
                observer.progress(&stats);
            }
        }
    }

    /// The nim-sum of the values of the components of `position`.
    fn position_value<G: ImpartialGame<Key = K, Position = P>>(
        &mut self,
        game: &G,
        position: &P,
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
        if !self.stopped {
            self.exact.insert(*position, total, self.positions - start);
        }
        total
    }

    /// The value of a component if it is known without search: by the game itself, by the
    /// table of exact positions, or (when it is small) by the dense endgame search.
    fn known<G: ImpartialGame<Key = K, Position = P>>(
        &mut self,
        game: &G,
        component: &P,
    ) -> Option<Nimber> {
        if let Some(value) = game.known_value(component) {
            return Some(value);
        }
        // The same component, square for square, recurs in many positions: look it up as it
        // is before paying for its canonical form.
        if let Some(value) = self.exact.get(component) {
            self.table_hits += 1;
            return Some(value);
        }
        self.dense_value(game, component)
    }

    /// The value of a small component by the dense endgame search, remembered as an exact
    /// position; `None` when the component is too large or the game offers no dense search.
    fn dense_value<G: ImpartialGame<Key = K, Position = P>>(
        &mut self,
        game: &G,
        component: &P,
    ) -> Option<Nimber> {
        if game.size(component) > self.dense_size {
            return None;
        }
        let vertices = game.local_graph(component, self.dense.neighbourhoods_mut())?;
        let start = self.dense.positions();
        let value = self.dense.value(vertices);
        let work = self.dense.positions() - start;
        self.exact.insert(*component, value, work);
        Some(value)
    }

    fn remember(&mut self, key: K, component: &P, value: Nimber, work: u64) {
        if self.stopped {
            return;
        }
        self.table.insert(key, Knowledge::exactly(value), work);
        self.exact.insert(*component, value, work);
    }

    fn component_value<G: ImpartialGame<Key = K, Position = P>>(
        &mut self,
        game: &G,
        component: &P,
    ) -> Nimber {
        if let Some(value) = self.known(game, component) {
            return value;
        }
        let key = game.key(component);
        if let Some(value) = self.table.get(&key).and_then(Knowledge::value) {
            self.table_hits += 1;
            self.exact.insert(*component, value, 1);
            return value;
        }
        let start = self.positions;
        let value = if game.size(component) <= self.full_mex_size {
            self.mex_value(game, component)
        } else {
            let mut candidate = 0;
            while !self.is_value(game, component, key, candidate) {
                candidate += 1;
            }
            Nimber::new(candidate)
        };
        self.remember(key, component, value, self.positions - start);
        value
    }

    /// The mex of the values of all options.
    fn mex_value<G: ImpartialGame<Key = K, Position = P>>(
        &mut self,
        game: &G,
        component: &P,
    ) -> Nimber {
        if self.stopped {
            return Nimber::ZERO;
        }
        self.count_position();
        let first = self.gather_options(game, component);
        let mut seen = MexSet::default();
        for index in first..self.options.len() {
            let option = self.options[index];
            seen.insert(self.position_value(game, &option));
        }
        self.drop_options(first);
        seen.mex()
    }

    /// Pushes the options of `component` on the option stack and returns where they start.
    fn gather_options<G: ImpartialGame<Key = K, Position = P>>(
        &mut self,
        game: &G,
        component: &P,
    ) -> usize {
        let first = self.options.len();
        game.for_each_option(component, |option| self.options.push(option));
        // Touch the options' table slots together: the memory loads then overlap instead of
        // each stalling the search in turn.
        let mut touched = 0;
        for option in &self.options[first..] {
            let hash = option.hash64();
            touched ^= self.exact.touch(hash);
            self.option_hashes.push(hash);
        }
        std::hint::black_box(touched);
        first
    }

    /// Pops the options from `first` on, pushed by [`SearchState::gather_options`].
    fn drop_options(&mut self, first: usize) {
        self.options.truncate(first);
        self.option_hashes.truncate(first);
    }

    /// Whether the component's nimber is `candidate`, that is whether `component + *candidate`
    /// is a second-player win: every move, in the component or in the heap, must lead to a
    /// first-player win.
    fn is_value<G: ImpartialGame<Key = K, Position = P>>(
        &mut self,
        game: &G,
        component: &P,
        key: K,
        candidate: u32,
    ) -> bool {
        // A stopped search unwinds: "yes" ends every loop over candidates and options.
        if self.stopped {
            return true;
        }
        let known = self.table.get(&key).unwrap_or_default();
        if let Some(value) = known.value() {
            self.table_hits += 1;
            return value.value() == candidate;
        }
        if known.excludes(candidate) {
            self.table_hits += 1;
            return false;
        }
        let start = self.positions;
        self.count_position();
        let first = self.gather_options(game, component);
        // Options whose value is in the table of exact positions cost nothing to check: look
        // at them first (their table slots were touched together when they were gathered).
        // The others wait on `order` as (rank, index) words, the rank being the size (the
        // game's own rank when the value sought is 0, with the sizes on `by_size` to take
        // turns with).
        let order = self.order.len();
        let sizes = self.by_size.len();
        let mut guessed = false;
        let mut refuted = false;
        // Values the component cannot have, shown by options whose values are known (LVB's
        // skip: the option of value v refutes `C + *v` at once).
        let mut skipped = 0u64;
        for index in first..self.options.len() {
            let option = self.options[index];
            match self.exact.get_hashed(&option, self.option_hashes[index]) {
                Some(value) if value.value() == candidate => {
                    self.table_hits += 1;
                    refuted = true;
                    break;
                }
                Some(value) => {
                    self.table_hits += 1;
                    if value.value() < 64 {
                        skipped |= 1 << value.value();
                    }
                }
                None => {
                    // Seeking 0, the game may know better than the size (mirror replies in
                    // the placement games).
                    let size = game.size(&option) as u64;
                    if candidate == 0 {
                        let rank = game.zero_seeking_rank(&option);
                        guessed |= rank != size;
                        self.order.push(option_order::word(rank, index));
                        self.by_size.push(option_order::word(size, index));
                    } else {
                        self.order.push(option_order::word(size, index));
                    }
                }
            }
        }
        if !self.pruning.skip {
            skipped = 0;
        }
        if !refuted {
            // Small options first (seeking 0, taking turns with the game's order): they are
            // the cheapest to settle, and a single option of value `candidate` settles the
            // question. Each is split into its components only now: most searches end at one
            // of the first options, and splitting all of them up front, to find the few whose
            // components are all known, cost more than it saved (queens 12x12: 13 % more
            // instructions for the same positions).
            self.order[order..].sort_unstable();
            if guessed {
                self.by_size[sizes..].sort_unstable();
                self.by_size.extend_from_slice(&self.order[order..]);
                if self.taken.len() < self.options.len() {
                    self.taken.resize(self.options.len(), false);
                }
                let options = self.order.len() - order;
                let (by_size, guess) = self.by_size[sizes..].split_at(options);
                option_order::take_turns(&mut self.order[order..], guess, by_size, &mut self.taken);
            }
            for next in order..self.order.len() {
                let option = self.options[option_order::index(self.order[next])];
                if !self.sum_differs(game, &option, candidate, true) {
                    refuted = true;
                    break;
                }
            }
        }
        self.order.truncate(order);
        self.by_size.truncate(sizes);
        self.drop_options(first);
        // Moves in the heap, last: to `component + *j`, a second-player win when the value is
        // j. They cost whole searches of the same component, while one option often settles
        // the question.
        if !refuted {
            if skipped != 0 && !self.stopped {
                // Kept before the heap moves, which ask the table first.
                let mut known = self.table.get(&key).unwrap_or_default();
                if known.value().is_none() && known.excluded | skipped != known.excluded {
                    known.excluded |= skipped;
                    self.table.insert(key, known, self.positions - start);
                }
            }
            for smaller in 0..candidate {
                if smaller < 64 && skipped >> smaller & 1 == 1 {
                    continue;
                }
                if self.is_value(game, component, key, smaller) {
                    return false;
                }
            }
        }
        let work = self.positions - start;
        if refuted {
            let mut known = self.table.get(&key).unwrap_or_default();
            if (candidate < 64 || skipped != 0) && known.value().is_none() && !self.stopped {
                let excluded = if candidate < 64 { 1 << candidate } else { 0 };
                known.excluded |= excluded | skipped;
                self.table.insert(key, known, work);
            }
            false
        } else {
            self.remember(key, component, Nimber::new(candidate), work);
            true
        }
    }

    /// The value of `position` when every component's value is known without search: by
    /// [`SearchState::known`] (with the dense endgame search), or by its canonical key.
    fn value_without_search<G: ImpartialGame<Key = K, Position = P>>(
        &mut self,
        game: &G,
        position: &P,
    ) -> Option<Nimber> {
        if let Some(value) = self.exact.get(position) {
            self.table_hits += 1;
            return Some(value);
        }
        let mut total = Nimber::ZERO;
        let mut all_known = true;
        game.for_each_component(position, |component| {
            if !all_known {
                return;
            }
            let mut known = self.known(game, &component);
            if known.is_none() {
                known = self
                    .table
                    .get(&game.key(&component))
                    .and_then(Knowledge::value);
            }
            match known {
                Some(value) => total += value,
                None => all_known = false,
            }
        });
        all_known.then_some(total)
    }

    /// Whether the value of `position` differs from `heap`, that is whether `position + *heap`
    /// is a first-player win. Components valued cheaply are folded into the heap; of the rest,
    /// all but the largest are valued in full, and the largest is probed. `looked_up`: the
    /// caller has just found `position` missing from the table of exact positions.
    fn sum_differs<G: ImpartialGame<Key = K, Position = P>>(
        &mut self,
        game: &G,
        position: &P,
        heap: u32,
        looked_up: bool,
    ) -> bool {
        let first = self.parts.len();
        let mut heap = heap;
        game.for_each_component(position, |component| {
            let known = if looked_up && component == *position {
                // A connected position is its own only component, and it is not in the
                // table of exact positions: the caller has just looked.
                game.known_value(&component)
                    .or_else(|| self.dense_value(game, &component))
            } else {
                self.known(game, &component)
            };
            match known {
                Some(value) => heap ^= value.value(),
                None => self.parts.push(component),
            }
        });
        let mut largest: Option<(usize, P)> = None;
        for index in first..self.parts.len() {
            let part = self.parts[index];
            let size = game.size(&part);
            if size <= self.full_mex_size {
                heap ^= self.component_value(game, &part).value();
                continue;
            }
            match largest {
                Some((largest_size, largest_part)) if largest_size >= size => {
                    heap ^= self.component_value(game, &part).value();
                    largest = Some((largest_size, largest_part));
                }
                Some((_, smaller)) => {
                    heap ^= self.component_value(game, &smaller).value();
                    largest = Some((size, part));
                }
                None => largest = Some((size, part)),
            }
        }
        self.parts.truncate(first);
        match largest {
            None => heap != 0,
            Some((_, part)) => {
                let key = game.key(&part);
                !self.is_value(game, &part, key, heap)
            }
        }
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
        fn size(&self, heap: &u32) -> usize {
            *heap as usize
        }
    }

    #[test]
    fn a_nim_heap_is_its_size_with_and_without_the_skip() {
        // Valued from the smallest heap up, every option's value is known when a heap is
        // probed, and the skip rules out those values at once; asked afresh, it rules out
        // values as the search learns them.
        for skip in [false, true] {
            let mut probing = Solver::new(NimHeap, 1 << 20);
            probing.set_full_mex_size(0);
            probing.set_pruning(Pruning { skip });
            for heap in 0..40 {
                assert_eq!(probing.nim_value(&heap), Nimber::new(heap));
            }
            for heap in 0..12 {
                let mut fresh = Solver::new(NimHeap, 1 << 20);
                fresh.set_full_mex_size(0);
                fresh.set_pruning(Pruning { skip });
                assert!(!fresh.has_value(&heap, Nimber::new(heap + 1)));
                assert!(fresh.has_value(&heap, Nimber::new(heap)));
            }
        }
    }

    #[test]
    fn a_nim_heap_is_its_size() {
        let mut solver = Solver::new(NimHeap, 1 << 20);
        let mut probing = Solver::new(NimHeap, 1 << 20);
        probing.set_full_mex_size(0);
        for heap in 0..40 {
            assert_eq!(probing.nim_value(&heap), Nimber::new(heap));
            assert_eq!(solver.nim_value(&heap), Nimber::new(heap));
            assert_eq!(naive_nim_value(&NimHeap, &heap), Nimber::new(heap));
        }
    }

    /// Nim heaps that raise `stop` once their options have been listed `budget` times: a
    /// search stopped at every possible point.
    struct StoppingNim {
        stop: Arc<AtomicBool>,
        listed: std::cell::Cell<u32>,
        budget: std::cell::Cell<u32>,
    }

    impl ImpartialGame for StoppingNim {
        type Position = u32;
        type Key = u32;
        fn for_each_option(&self, heap: &u32, visit: impl FnMut(u32)) {
            self.listed.set(self.listed.get() + 1);
            if self.listed.get() >= self.budget.get() {
                self.stop.store(true, Ordering::Relaxed);
            }
            NimHeap.for_each_option(heap, visit);
        }
        fn key(&self, heap: &u32) -> u32 {
            *heap
        }
        fn size(&self, heap: &u32) -> usize {
            *heap as usize
        }
    }

    #[test]
    fn a_stopped_search_gives_no_answer_and_leaves_the_tables_right() {
        for budget in 1..80 {
            let stop = Arc::new(AtomicBool::new(false));
            let game = StoppingNim {
                stop: Arc::clone(&stop),
                listed: std::cell::Cell::new(0),
                budget: std::cell::Cell::new(budget),
            };
            let mut solver = Solver::new(game, 1 << 20);
            solver.set_full_mex_size(0);
            // The true answer is yes: an abandoned probe that claimed a refutation would be
            // remembered as "30 is not its value".
            let answer = solver.has_value_within(&30, Nimber::new(30), &stop, u64::MAX);
            assert!(answer.is_none() || answer == Some(true), "budget {budget}");
            if answer.is_none() {
                assert!(stop.load(Ordering::Relaxed), "budget {budget}");
            }
            // A nim-value stopped in the same way gives no answer or the right one.
            stop.store(false, Ordering::Relaxed);
            solver.game().listed.set(0);
            let value = solver.nim_value_within(&33, &stop);
            assert!(
                value.is_none() || value == Some(Nimber::new(33)),
                "budget {budget}"
            );
            assert!(
                value.is_some() || stop.load(Ordering::Relaxed),
                "budget {budget}"
            );
            // Carry on without stopping: every answer must still be right.
            stop.store(false, Ordering::Relaxed);
            solver.game().budget.set(u32::MAX);
            for heap in 0..36 {
                assert!(
                    solver.has_value(&heap, Nimber::new(heap)),
                    "budget {budget}"
                );
                assert!(
                    !solver.has_value(&heap, Nimber::new(heap ^ 1)),
                    "budget {budget}"
                );
                assert_eq!(
                    solver.nim_value(&heap),
                    Nimber::new(heap),
                    "budget {budget}"
                );
            }
        }
    }
}
