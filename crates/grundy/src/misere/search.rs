//! The misère search over whole positions: who wins when the player who makes the last move
//! loses, and the misère nim-value (Conway's γ⁻: the mex of the options' values, except that a
//! position with no move has value 1). Nothing is valued part by part, since under misère play
//! the parts' values do not add; positions are remembered whole, by the sorted keys of their
//! parts, within a memory budget.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::parts::{sort, PartRules};
use crate::games::parts::{Part, PartKey, Parts};
use crate::solver::{mix_words, SearchObserver, SearchStats};
use crate::values::MexSet;

/// How many positions pass between calls to the observer.
const PROGRESS_INTERVAL: u64 = 1 << 16;

/// How many positions pass between additions to a shared count.
const SHARED_COUNT_INTERVAL: u64 = 1 << 12;

/// Bytes a remembered position costs beyond its parts' keys: its slot in the hash table (the
/// key's 24 bytes and the answer, a control byte, at the table's load factor), counted twice
/// since a table that doubles holds the old slots beside the new for a while, and the
/// allocator's share of the boxed parts.
const ENTRY_OVERHEAD: u64 = 96;

/// Bytes a position one move on costs while the search holds it, beyond its parts: its vector
/// and its allocation's share.
const HELD_OVERHEAD: u64 = 48;

/// The key of a whole position: its parts' keys in their canonical order, and a hash of them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct PositionKey {
    hash: u64,
    parts: Box<[PartKey]>,
}

impl Hash for PositionKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Hands the hash a [`PositionKey`] carries to the table unchanged: it is mixed already.
#[derive(Default)]
struct CarriedHash(u64);

impl Hasher for CarriedHash {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// Positions remembered with what was learnt of them.
type Table<V> = HashMap<PositionKey, V, BuildHasherDefault<CarriedHash>>;

/// The key of a sorted position.
fn key_of(parts: &[Part]) -> PositionKey {
    let mut hash = parts.len() as u64;
    for part in parts {
        hash = (hash.rotate_left(23) ^ part.key().hash64()).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    PositionKey {
        hash: mix_words(hash, &[]),
        parts: parts.iter().map(Part::key).collect(),
    }
}

/// The positions one move from `parts` (sorted by key), each distinct result of a part once
/// per move that leads to it; a part equal to the one before it is not moved on (its moves lead
/// where the earlier one's do). With them, the bytes they take while the search holds them.
fn children(rules: &PartRules, parts: &[Part]) -> (Vec<Parts>, u64) {
    let mut children = Vec::new();
    let mut parts_made = 0;
    for (index, part) in parts.iter().enumerate() {
        if index > 0 && parts[index - 1].key() == part.key() {
            continue;
        }
        rules.for_each_option(part, |left| {
            let mut child = Vec::with_capacity(parts.len() + left.len());
            child.extend_from_slice(&parts[..index]);
            child.extend_from_slice(&parts[index + 1..]);
            child.append(left);
            sort(&mut child);
            parts_made += child.len();
            children.push(child);
        });
    }
    let bytes =
        HELD_OVERHEAD * children.len() as u64 + (std::mem::size_of::<Part>() * parts_made) as u64;
    (children, bytes)
}

/// Searches misère positions of one game (or sum), remembering what it learns between calls.
pub struct MisereSearch {
    rules: PartRules,
    wins: Table<bool>,
    values: Table<u32>,
    budget_bytes: u64,
    bytes: u64,
    /// The bytes of the positions one move on held along the search's path: a part with many
    /// moves (a heap of a thousand tokens split three ways has some 80,000) holds that many
    /// positions at every level, a thousand levels deep. They are held to the budget too.
    held: u64,
    /// Whether the positions held passed the budget, which ended the search.
    out_of_memory: bool,
    stats: SearchStats,
    observer: Option<Box<dyn SearchObserver + Send>>,
    stop: Option<Arc<AtomicBool>>,
    /// The most positions the search may take (see [`MisereSearch::set_position_limit`]).
    position_limit: u64,
    /// Counts the positions of every search of one question, when several share it.
    shared_count: Option<Arc<AtomicU64>>,
}

impl MisereSearch {
    /// A search of the positions of `rules`, remembering positions in at most `budget_bytes`
    /// (past it, positions are searched but no longer remembered).
    #[must_use]
    pub fn new(rules: PartRules, budget_bytes: u64) -> MisereSearch {
        MisereSearch {
            rules,
            wins: Table::default(),
            values: Table::default(),
            budget_bytes,
            bytes: 0,
            held: 0,
            out_of_memory: false,
            stats: SearchStats::default(),
            observer: None,
            stop: None,
            position_limit: u64::MAX,
            shared_count: None,
        }
    }

    /// Stops the search (its answers `None`) once `stop` is raised.
    pub(crate) fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = Some(stop);
    }

    /// Adds the positions searched to `count` as the search goes (every few thousand), for
    /// progress over several searches.
    pub(crate) fn set_shared_count(&mut self, count: Arc<AtomicU64>) {
        self.shared_count = Some(count);
    }

    /// Stops the search (its answers `None`) once it has searched `limit` positions in all:
    /// for questions asked only when they are cheap, such as a genus.
    pub(crate) fn set_position_limit(&mut self, limit: u64) {
        self.position_limit = limit;
    }

    /// Whether the positions held along the search's path passed the memory budget, which
    /// ended the search (its answers `None`).
    #[must_use]
    pub(crate) fn ran_out_of_memory(&self) -> bool {
        self.out_of_memory
    }

    /// What `among` answers of the positions one move from `parts`, which the search holds
    /// along its path while it asks: `None` (the search ended) when the budget cannot hold
    /// them beside those already held, or when `among` ends it.
    fn among_children<T>(
        &mut self,
        parts: &[Part],
        among: fn(&mut MisereSearch, &[Parts]) -> Option<T>,
    ) -> Option<T> {
        let (children, bytes) = children(&self.rules, parts);
        if self.held.saturating_add(bytes) > self.budget_bytes {
            self.out_of_memory = true;
            return None;
        }
        self.held += bytes;
        let answer = among(self, &children);
        self.held -= bytes;
        answer
    }

    /// Whether the position limit stopped the search.
    #[must_use]
    pub(crate) fn reached_position_limit(&self) -> bool {
        self.stats.positions >= self.position_limit
    }

    /// Tells `observer` of the search's progress, and stops when its flag is raised.
    pub(crate) fn set_observer(&mut self, observer: Box<dyn SearchObserver + Send>) {
        self.stop = observer.stop_flag();
        self.observer = Some(observer);
    }

    /// The rules the positions are made in (to make the parts of more positions).
    pub(crate) fn rules_mut(&mut self) -> &mut PartRules {
        &mut self.rules
    }

    /// What the search has cost so far.
    #[must_use]
    pub(crate) fn stats(&self) -> SearchStats {
        let mut stats = self.stats;
        stats.table.entries = (self.wins.len() + self.values.len()) as u64;
        stats.table.bytes = self.bytes;
        stats.table.budget = self.budget_bytes;
        stats
    }

    /// Whether the player to move in `parts` (sorted) wins under misère play; `None` when the
    /// observer's flag stopped the search.
    pub fn wins(&mut self, parts: &[Part]) -> Option<bool> {
        let key = key_of(parts);
        if let Some(&known) = self.wins.get(&key) {
            self.stats.table_hits += 1;
            return Some(known);
        }
        self.count_position()?;
        let wins = self.among_children(parts, MisereSearch::wins_among)?;
        self.remember_win(key, wins);
        Some(wins)
    }

    /// Whether the player to move wins in a position whose positions one move on are
    /// `children`: whether one of them is lost.
    fn wins_among(&mut self, children: &[Parts]) -> Option<bool> {
        // A player with no move has not made the last move: they win.
        let mut wins = children.is_empty();
        // A child already known to be lost settles the position without a search; the keys
        // are made one at a time, not held beside the children down the path.
        if children
            .iter()
            .any(|child| self.wins.get(&key_of(child)) == Some(&false))
        {
            wins = true;
        }
        if !wins {
            for child in children {
                if !self.wins(child)? {
                    wins = true;
                    break;
                }
            }
        }
        Some(wins)
    }

    /// The misère nim-value γ⁻ of `parts` (sorted): 1 for a position with no move, otherwise
    /// the least value no option has. The player to move loses exactly when it is 0. `None`
    /// when the observer's flag stopped the search.
    pub(crate) fn misere_value(&mut self, parts: &[Part]) -> Option<u32> {
        let key = key_of(parts);
        if let Some(&known) = self.values.get(&key) {
            self.stats.table_hits += 1;
            return Some(known);
        }
        self.count_position()?;
        let value = self.among_children(parts, MisereSearch::value_among)?;
        let bytes = self.entry_bytes(&key);
        if self.bytes + bytes <= self.budget_bytes {
            self.bytes += bytes;
            self.values.insert(key, value);
        }
        Some(value)
    }

    /// The misère value of a position whose positions one move on are `children`.
    fn value_among(&mut self, children: &[Parts]) -> Option<u32> {
        if children.is_empty() {
            return Some(1);
        }
        let mut seen = MexSet::default();
        for child in children {
            seen.insert(crate::values::Nimber::new(self.misere_value(child)?));
        }
        Some(seen.mex().value())
    }

    fn entry_bytes(&self, key: &PositionKey) -> u64 {
        std::mem::size_of_val(&*key.parts) as u64 + ENTRY_OVERHEAD
    }

    fn remember_win(&mut self, key: PositionKey, wins: bool) {
        let bytes = self.entry_bytes(&key);
        if self.bytes + bytes <= self.budget_bytes {
            self.bytes += bytes;
            self.wins.insert(key, wins);
        }
    }

    /// Counts a searched position, tells the observer every so often, and answers `None` once
    /// the stop flag is raised.
    fn count_position(&mut self) -> Option<()> {
        if self
            .stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            return None;
        }
        if self.stats.positions >= self.position_limit {
            return None;
        }
        self.stats.positions += 1;
        if self.stats.positions % SHARED_COUNT_INTERVAL == 0 {
            if let Some(count) = &self.shared_count {
                count.fetch_add(SHARED_COUNT_INTERVAL, Ordering::Relaxed);
            }
        }
        if self.stats.positions % PROGRESS_INTERVAL == 0 {
            let stats = self.stats();
            if let Some(observer) = self.observer.as_mut() {
                observer.progress(&stats);
            }
        }
        Some(())
    }
}
