//! Cram's search: Beling and Rogalski's pruning ("On pruning search trees of impartial
//! games", *Artificial Intelligence* 283, 2020), written for Cram's regions.
//!
//! A region is asked not "what is your nim-value" but "is your nim-value in this set, and
//! which": the set shrinks as the options are valued, and the search of a region stops as soon
//! as no value it could still have is asked for. The candidates for a region's value start as
//! `0..=k` for its `k` options; each option valued takes one candidate out (its value, or the
//! largest candidate when its value is none of the others), so that after the last option one
//! candidate is left, the mex. An option that falls apart into several regions is valued by
//! the full values of all but its largest region, and by a set question to the largest.
//!
//! Every position is cut to what matters before it is looked at: squares that change no value
//! are taken out ([`Grid::reduced`]), the rest is split into regions, a region of two or three
//! squares is `*1`, two equal regions cancel (`x + x = 0`), and each region is keyed by its
//! canonical form under the board's symmetries ([`Grid::canonical`]) in a table of bounded
//! size.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::grid::Grid;
use super::word::Word;
use crate::solver::{SearchObserver, SearchStats, TableKey, TranspositionTable};

/// A region in its canonical form: the key of the table of values.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Canonical<W: Word>(W);

impl<W: Word> TableKey for Canonical<W> {
    #[inline]
    fn hash64(&self) -> u64 {
        self.0.hash64()
    }
}

/// A set of nim-values below 128 (a region of a board of up to 128 squares has at most 64).
type Nimbers = u128;

/// Every nim-value up to and including the largest of `set`.
#[inline]
fn up_to_largest(set: Nimbers) -> Nimbers {
    if set == 0 {
        0
    } else {
        Nimbers::MAX >> set.leading_zeros()
    }
}

/// `set` with each of its values XORed with `nimber`.
#[inline]
fn each_xored_with(set: Nimbers, nimber: u32) -> Nimbers {
    if nimber == 0 {
        return set;
    }
    let mut rest = set;
    let mut xored = 0;
    while rest != 0 {
        let value = rest.trailing_zeros();
        xored |= 1 << (value ^ nimber);
        rest &= rest - 1;
    }
    xored
}

/// The values a region may still have while its options are valued: `0..=k` at first for `k`
/// options, one taken out for each option valued. Values of 128 and over cannot be a region's
/// (it has at most 64), but they are counted, so that one still goes for each option.
#[derive(Clone, Copy)]
struct Candidates {
    below_128: Nimbers,
    above: u32,
}

impl Candidates {
    fn up_to(largest: u32) -> Candidates {
        if largest >= 127 {
            Candidates {
                below_128: Nimbers::MAX,
                above: largest - 127,
            }
        } else {
            Candidates {
                below_128: (1 << (largest + 1)) - 1,
                above: 0,
            }
        }
    }

    /// The candidates but the largest, below 128.
    #[inline]
    fn without_largest(self) -> Nimbers {
        if self.above > 0 || self.below_128 == 0 {
            self.below_128
        } else {
            self.below_128 & !(1 << (127 - self.below_128.leading_zeros()))
        }
    }

    /// Takes out the largest candidate; `without_largest` is [`Candidates::without_largest`].
    #[inline]
    fn remove_largest(&mut self, without_largest: Nimbers) {
        if self.above > 0 {
            self.above -= 1;
        } else {
            self.below_128 = without_largest;
        }
    }

    /// Takes out `value` if it is a candidate, else the largest candidate: an option of
    /// value `value` has been seen.
    #[inline]
    fn remove(&mut self, value: u32, without_largest: Nimbers) {
        let bit = 1 << value;
        if value < 128 && self.below_128 & bit != 0 {
            self.below_128 ^= bit;
        } else {
            self.remove_largest(without_largest);
        }
    }
}

/// An option of the region being searched: its regions, whose values are unknown, are
/// `components[first..first + len]`, the hardest first; the others' values XOR to `nimber`.
#[derive(Clone, Copy)]
struct Option {
    /// The order of search: the cost estimate above, the order the option was made below.
    order: u64,
    first: u32,
    len: u32,
    nimber: u32,
}

/// How many positions pass between calls to the observer.
const PROGRESS_INTERVAL: u64 = 1 << 16;

/// The search of one board's positions, remembering region values in a table of bounded
/// size.
pub(crate) struct PruningSearch<W: Word> {
    grid: Grid<W>,
    table: TranspositionTable<Canonical<W>, u8>,
    /// The regions of the options being searched, deepest last.
    components: Vec<W>,
    /// The options being searched, deepest last.
    options: Vec<Option>,
    /// The dominoes of the region being expanded.
    dominoes: Vec<W>,
    positions: u64,
    table_hits: u64,
    observer: std::option::Option<Box<dyn SearchObserver + Send>>,
    halt: std::option::Option<Arc<AtomicBool>>,
    /// The search saw `halt` raised: it unwinds and writes nothing more to the table.
    stopped: bool,
}

impl<W: Word> PruningSearch<W> {
    /// A search of `grid`'s positions whose table may use `budget_bytes`.
    pub(crate) fn new(grid: Grid<W>, budget_bytes: u64) -> PruningSearch<W> {
        PruningSearch {
            grid,
            table: TranspositionTable::with_budget(budget_bytes),
            components: Vec::new(),
            options: Vec::new(),
            dominoes: Vec::new(),
            positions: 0,
            table_hits: 0,
            observer: None,
            halt: None,
            stopped: false,
        }
    }

    /// Tells `observer` of the progress, and stops when its flag is raised.
    pub(crate) fn set_observer(&mut self, observer: Box<dyn SearchObserver + Send>) {
        self.halt = observer.stop_flag();
        self.observer = Some(observer);
    }

    /// The counters so far.
    pub(crate) fn stats(&self) -> SearchStats {
        SearchStats {
            positions: self.positions,
            table_hits: self.table_hits,
            endgame_positions: 0,
            table: self.table.stats(),
        }
    }

    /// The nim-value of the free squares `free`; meaningless once the observer's flag is raised.
    pub(crate) fn nim_value(&mut self, free: W) -> u32 {
        let first = self.components.len();
        let mut value = self.split(free);
        for index in first..self.components.len() {
            value ^= self.full_value(self.components[index]).unwrap_or(0);
        }
        self.components.truncate(first);
        value
    }

    /// Whether the free squares `free` are a win for the player to move, by set questions
    /// that stop at the first winning move; meaningless once the observer's flag is raised.
    pub(crate) fn first_player_wins(&mut self, free: W) -> bool {
        let first = self.components.len();
        let mut value = self.split(free);
        let count = self.components.len() - first;
        if count == 0 {
            return value != 0;
        }
        // The largest region is asked whether its value is that of the rest.
        let largest = (first..self.components.len())
            .max_by_key(|&index| self.components[index].count_ones())
            .expect("a region");
        self.components.swap(first, largest);
        for index in first + 1..self.components.len() {
            value ^= self.full_value(self.components[index]).unwrap_or(0);
        }
        let answer = self.nimber_in_set(self.components[first], 1 << value);
        self.components.truncate(first);
        answer != Some(value)
    }

    /// Pushes the regions of `free` whose values are unknown on `components` (equal pairs
    /// cancelled) and returns the XOR of the others' values.
    #[inline]
    fn split(&mut self, free: W) -> u32 {
        let first = self.components.len();
        let mut nimber = 0;
        let grid = &self.grid;
        let table = &self.table;
        let components = &mut self.components;
        let table_hits = &mut self.table_hits;
        grid.for_each_region(grid.reduced(free), &mut |region| {
            let squares = region.count_ones();
            if squares <= 3 {
                // Two or three squares take one domino and are then dead.
                nimber ^= u32::from(squares >= 2);
                return;
            }
            let canonical = grid.canonical(region);
            if let Some(value) = table.get(&Canonical(canonical)) {
                *table_hits += 1;
                nimber ^= u32::from(value);
            } else if let Some(twin) = components[first..]
                .iter()
                .position(|&other| other == canonical)
            {
                components.swap_remove(first + twin);
            } else {
                components.push(canonical);
            }
        });
        nimber
    }

    /// Counts a position searched, tells the observer every so often, and reads the stop flag.
    #[inline]
    fn count_position(&mut self) -> bool {
        self.positions += 1;
        if self.positions % PROGRESS_INTERVAL == 0 {
            let stats = self.stats();
            if let Some(observer) = &mut self.observer {
                observer.progress(&stats);
            }
        }
        if let Some(halt) = &self.halt {
            self.stopped |= halt.load(Ordering::Relaxed);
        }
        self.stopped
    }

    /// The value of `component`, a canonical region, if it is in `requested`; `None` when it
    /// is not (or the search was stopped). A value outside `requested` may be returned too,
    /// when it is known.
    fn nimber_in_set(&mut self, component: W, requested: Nimbers) -> std::option::Option<u32> {
        if let Some(value) = self.table.get(&Canonical(component)) {
            self.table_hits += 1;
            return Some(u32::from(value));
        }
        if self.count_position() {
            return None;
        }
        self.searched_and_kept(component, |search, first_option| {
            search.search(component, requested, first_option)
        })
    }

    /// Runs `search` on `component` (its options pushed from the index it is given), takes the
    /// options and regions it pushed off their stacks again, and keeps a value it found, unless
    /// the search was stopped, in the table with the positions it took.
    fn searched_and_kept(
        &mut self,
        component: W,
        search: impl FnOnce(&mut Self, usize) -> std::option::Option<u32>,
    ) -> std::option::Option<u32> {
        let start = self.positions;
        let first_option = self.options.len();
        let first_component = self.components.len();
        let answer = search(self, first_option);
        self.options.truncate(first_option);
        self.components.truncate(first_component);
        if let (Some(value), false) = (answer, self.stopped) {
            let value = u8::try_from(value).expect("a nim-value below 128");
            self.table
                .insert(Canonical(component), value, self.positions - start);
        }
        answer
    }

    /// Pushes the options of `component` on `options`, the cheapest first (Beling's
    /// "smaller components first", in the order of the dominoes among equals), with their
    /// regions on `components`. An option whose value is known has no region (`len` 0);
    /// given `settle`, such an option is not pushed but takes its value out of the candidates,
    /// and once none of the requested values is a candidate the rest are not made (`false`).
    fn push_options(
        &mut self,
        component: W,
        mut settle: std::option::Option<(&mut Candidates, Nimbers)>,
    ) -> bool {
        let first_option = self.options.len();
        let first_domino = self.dominoes.len();
        let grid = &self.grid;
        let dominoes = &mut self.dominoes;
        grid.for_each_domino_from_the_middle(component, |domino| dominoes.push(domino));
        for index in first_domino..self.dominoes.len() {
            let first = self.components.len();
            let nimber = self.split(component & !self.dominoes[index]);
            let len = self.components.len() - first;
            if let (0, Some((candidates, requested))) = (len, &mut settle) {
                candidates.remove(nimber, candidates.without_largest());
                if candidates.below_128 & *requested == 0 {
                    self.dominoes.truncate(first_domino);
                    return false;
                }
                continue;
            }
            // The hardest region first: it is the one asked a set question.
            let mut cost = 0u64;
            let mut hardest = (0, first);
            for at in first..first + len {
                let squares = u64::from(self.components[at].count_ones());
                cost += squares * squares;
                hardest = hardest.max((squares, at));
            }
            if len > 1 {
                self.components.swap(first, hardest.1);
            }
            self.options.push(Option {
                order: cost << 16 | (index - first_domino) as u64,
                first: first as u32,
                len: len as u32,
                nimber,
            });
        }
        self.dominoes.truncate(first_domino);
        self.options[first_option..].sort_unstable_by_key(|option| option.order);
        true
    }

    /// The XOR of the values of the regions of `option` but its first (the hardest), folded
    /// into the option so that it has one region left; `None` once stopped.
    #[inline]
    fn fold_all_but_the_first(&mut self, index: usize) -> std::option::Option<u32> {
        let option = self.options[index];
        let first = option.first as usize;
        let mut nimber = option.nimber;
        for at in first + 1..first + option.len as usize {
            nimber ^= self.full_value(self.components[at])?;
        }
        if option.len > 1 {
            self.options[index].len = 1;
            self.options[index].nimber = nimber;
        }
        Some(nimber)
    }

    /// [`PruningSearch::nimber_in_set`] once the table has been looked at: the options of
    /// `component` are pushed from `first_option` on.
    fn search(
        &mut self,
        component: W,
        requested: Nimbers,
        first_option: usize,
    ) -> std::option::Option<u32> {
        let mut candidates = Candidates::up_to(self.grid.move_count(component));
        if !self.push_options(component, Some((&mut candidates, requested))) {
            return None;
        }
        let up_to = up_to_largest(requested);
        let mut exact = true;
        for index in first_option..self.options.len() {
            if candidates.below_128 & requested == 0 {
                return None;
            }
            let without_largest = candidates.without_largest();
            let option = self.options[index];
            if option.len == 0 {
                candidates.remove(option.nimber, without_largest);
                continue;
            }
            let nimber = self.fold_all_but_the_first(index)?;
            let asked = each_xored_with(without_largest & up_to, nimber);
            match self.nimber_in_set(self.components[option.first as usize], asked) {
                Some(value) => candidates.remove(value ^ nimber, without_largest),
                None if self.stopped => return None,
                None => {
                    candidates.remove_largest(without_largest);
                    exact = false;
                }
            }
        }
        (exact || candidates.below_128 & up_to != 0).then(|| candidates.below_128.trailing_zeros())
    }

    /// The value of `component`, a canonical region, by aspiration sets: is it 0, is it 1,
    /// ..., each a question of one value to each option, so that every option is asked the
    /// narrowest question (Beling and Rogalski's "aspiration set" search). `None` once stopped.
    fn full_value(&mut self, component: W) -> std::option::Option<u32> {
        if let Some(value) = self.table.get(&Canonical(component)) {
            self.table_hits += 1;
            return Some(u32::from(value));
        }
        if self.count_position() {
            return None;
        }
        self.searched_and_kept(component, |search, first_option| {
            search.value_by_aspiration(component, first_option)
        })
    }

    /// [`PruningSearch::full_value`] once the table has been looked at: the options of
    /// `component` are pushed from `first_option` on.
    fn value_by_aspiration(
        &mut self,
        component: W,
        first_option: usize,
    ) -> std::option::Option<u32> {
        self.push_options(component, None);
        // The values some option has: the region's value is none of them.
        let mut taken: Nimbers = 0;
        let mut last = self.options.len();
        let mut index = first_option;
        while index < last && self.options[index].len == 0 {
            taken |= 1 << self.options[index].nimber;
            index += 1;
        }
        let unknown = index;
        let mut value = 0;
        'values: loop {
            while taken >> value & 1 == 1 {
                value += 1;
            }
            let mut index = unknown;
            while index < last {
                let nimber = self.fold_all_but_the_first(index)?;
                let first = self.components[self.options[index].first as usize];
                match self.nimber_in_set(first, 1 << (value ^ nimber)) {
                    Some(option_value) => {
                        // Valued: it need not be asked again.
                        last -= 1;
                        self.options.swap(index, last);
                        taken |= 1 << (option_value ^ nimber);
                        if option_value ^ nimber == value {
                            value += 1;
                            continue 'values;
                        }
                    }
                    None if self.stopped => return None,
                    None => index += 1,
                }
            }
            break;
        }
        Some(value)
    }
}
