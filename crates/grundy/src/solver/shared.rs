//! A transposition table that several solver threads share.
//!
//! The table is split into shards, each a [`TranspositionTable`] behind its own lock, chosen by
//! the key's hash: two threads rarely want the same shard at once, so the locks are almost
//! always free. Entries are facts about positions (a nimber, or values a position does not
//! have), so a thread may read another's entry at any time; when two threads update the same
//! entry one update may be lost, which costs time and never correctness.

use std::sync::Mutex;

use super::table::{TableKey, TableStats, TranspositionTable};

/// Shards; a power of two well above the number of threads.
const SHARDS: usize = 64;

/// A bounded table shared between threads.
pub struct SharedTable<K, V> {
    shards: Vec<Mutex<TranspositionTable<K, V>>>,
}

impl<K: TableKey, V: Copy> SharedTable<K, V> {
    /// A table of at most `budget_bytes` in all.
    #[must_use]
    pub fn with_budget(budget_bytes: u64) -> SharedTable<K, V> {
        let per_shard = budget_bytes / SHARDS as u64;
        SharedTable {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(TranspositionTable::with_budget(per_shard)))
                .collect(),
        }
    }

    fn shard(&self, hash: u64) -> &Mutex<TranspositionTable<K, V>> {
        // The top bits pick the shard; the table inside uses the low bits for its buckets.
        &self.shards[(hash >> 58) as usize % SHARDS]
    }

    /// The value stored for `key`, if any.
    #[must_use]
    pub fn get(&self, key: &K) -> Option<V> {
        let hash = key.hash64();
        self.shard(hash)
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get_hashed(key, hash)
    }

    /// Stores `value` for `key`; `work` as in [`TranspositionTable::insert`].
    pub fn insert(&self, key: K, value: V, work: u64) {
        let hash = key.hash64();
        self.shard(hash)
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert_hashed(key, hash, value, work);
    }

    /// How the table is used, summed over the shards.
    #[must_use]
    pub fn stats(&self) -> TableStats {
        self.shards
            .iter()
            .fold(TableStats::default(), |sum, shard| {
                let stats = shard
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .stats();
                TableStats {
                    entries: sum.entries + stats.entries,
                    evictions: sum.evictions + stats.evictions,
                    bytes: sum.bytes + stats.bytes,
                    budget: sum.budget + stats.budget,
                }
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::Nimber;

    #[derive(Clone, Copy, PartialEq, Eq)]
    struct Key(u64);

    impl TableKey for Key {
        fn hash64(&self) -> u64 {
            super::super::mix_words(0, &[self.0])
        }
    }

    #[test]
    fn threads_see_each_others_entries() {
        let table = std::sync::Arc::new(SharedTable::with_budget(1 << 24));
        let writers: Vec<_> = (0..2u64)
            .map(|thread| {
                let table = std::sync::Arc::clone(&table);
                std::thread::spawn(move || {
                    for i in (thread..20_000).step_by(2) {
                        table.insert(Key(i), Nimber::new((i % 7) as u32), 1);
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        for i in 0..20_000 {
            assert_eq!(table.get(&Key(i)), Some(Nimber::new((i % 7) as u32)));
        }
        assert_eq!(table.stats().entries, 20_000);
    }
}
