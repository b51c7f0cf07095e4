//! What a solver learnt, taken out of its table and given back to another solver: so that a
//! search stopped part way (a long run cut off at the end of a working session) starts again
//! knowing the costliest of what it had found, instead of searching it all again.
//!
//! A fact is what the table of components knows of one component (its value, or values it
//! does not have), by the component's key written as words by the game
//! ([`ImpartialGame::key_words`]). Only the costliest facts are taken: the table keeps the
//! work each entry cost, and the few thousand dearest hold most of a search's effort, since
//! the work of a search falls by a large factor with each move deeper.

use std::sync::Arc;

use super::shared::SharedTable;
use super::table::least_work_of;
use super::{ImpartialGame, Knowledge, Solver};
use crate::values::Nimber;

/// What a solver knows of one component, in a form to keep outside the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// The component's key, as [`ImpartialGame::key_words`] writes it.
    pub key: Vec<u64>,
    /// Its nim-value, when known.
    pub value: Option<Nimber>,
    /// Bit `j` set: the value is not `j` (when the value itself is not known).
    pub not_values: u64,
    /// About how many positions it took to learn (the power of two the table kept).
    pub work: u64,
}

impl Fact {
    fn knowledge(&self) -> Knowledge {
        match self.value {
            Some(value) => Knowledge::exactly(value),
            None => Knowledge {
                value_plus_one: 0,
                excluded: self.not_values,
            },
        }
    }
}

/// The `limit` costliest facts of `table`, a table of components of `game`, costliest first;
/// none when the game does not write its keys as words.
fn costliest<G: ImpartialGame>(
    table: &SharedTable<G::Key, Knowledge>,
    game: &G,
    limit: usize,
) -> Vec<Fact> {
    table
        .costliest(limit)
        .into_iter()
        .filter_map(|(key, known, work)| {
            Some(Fact {
                key: game.key_words(&key)?,
                value: known.value(),
                not_values: if known.value().is_some() {
                    0
                } else {
                    known.excluded
                },
                work: least_work_of(work),
            })
        })
        .collect()
}

/// The costliest facts of a solver's table while other threads search with it: the
/// table is shared, and reading it takes each shard's lock in turn.
pub type FactSource = Box<dyn Fn(usize) -> Vec<Fact> + Send + Sync>;

impl<G: ImpartialGame> Solver<G> {
    /// The `limit` costliest facts of the table of components, costliest first; none when
    /// the game does not write its keys as words.
    #[must_use]
    pub(crate) fn costliest_facts(&self, limit: usize) -> Vec<Fact> {
        costliest(&self.state.table, &self.game, limit)
    }

    /// [`Solver::costliest_facts`] for another thread to call while this solver searches.
    #[must_use]
    pub(crate) fn fact_source(&self) -> FactSource
    where
        G: Clone + Send + Sync + 'static,
        G::Key: Send,
    {
        let (table, game) = (Arc::clone(&self.state.table), self.game.clone());
        Box::new(move |limit| costliest(&table, &game, limit))
    }

    /// Takes what a settled question (a checkpoint's record) says of `position`: that its
    /// value is `value` (`has_it`) or is not, found by a search of `work` positions. Kept for
    /// a position of one component, by its key; a sum of several is left unknown. Records are
    /// taken before facts, into a table that knows nothing yet of the search's positions.
    pub fn take_settled(&mut self, position: &G::Position, value: Nimber, has_it: bool, work: u64) {
        let (mut parts, mut only) = (0, None);
        self.game.for_each_component(position, |component| {
            parts += 1;
            only = Some(component);
        });
        let (1, Some(component)) = (parts, only) else {
            return;
        };
        let key = self.game.key(&component);
        let mut known = self.state.table.get(&key).unwrap_or_default();
        if known.value().is_some() {
            return;
        }
        if has_it {
            known = Knowledge::exactly(value);
        } else if value.value() < 64 {
            known.excluded |= 1 << value.value();
        }
        self.state.table.insert(key, known, work);
    }

    /// Adds `facts` (from [`Solver::costliest_facts`] of a solver of the same game) to what the
    /// table knows, and returns how many there were. A fact about a component the table knows
    /// already adds to what it knows; a table too small for them all keeps the costliest.
    ///
    /// # Errors
    /// The index of the first fact whose key is not one this game writes (of another width),
    /// or that contradicts what the table knows (a value it excludes, another value): nothing
    /// after it is taken. A key of the same width is not told from another game's: facts are
    /// bound to their search by the file that keeps them.
    pub(crate) fn learn(&mut self, facts: &[Fact]) -> Result<usize, usize> {
        for (index, fact) in facts.iter().enumerate() {
            let key = self.game.key_from_words(&fact.key).ok_or(index)?;
            let known = self.state.table.get(&key).unwrap_or_default();
            let learnt = fact.knowledge();
            let merged = match (known.value(), learnt.value()) {
                (Some(value), Some(other)) if value != other => return Err(index),
                (Some(value), None) if learnt.excludes(value.value()) => return Err(index),
                (None, Some(value)) if known.excludes(value.value()) => return Err(index),
                (Some(_), _) => known,
                (None, Some(_)) => learnt,
                (None, None) => Knowledge {
                    value_plus_one: 0,
                    excluded: known.excluded | learnt.excluded,
                },
            };
            // Stored with the work it cost, so that it outlasts cheaper entries as it did.
            self.state.table.insert(key, merged, fact.work);
        }
        Ok(facts.len())
    }
}
