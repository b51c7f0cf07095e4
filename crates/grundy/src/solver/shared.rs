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
pub(crate) struct SharedTable<K, V> {
    shards: Vec<Mutex<TranspositionTable<K, V>>>,
}

impl<K: TableKey, V: Copy> SharedTable<K, V> {
    /// A table of at most `budget_bytes` in all.
    #[must_use]
    pub(crate) fn with_budget(budget_bytes: u64) -> SharedTable<K, V> {
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
    pub(crate) fn get(&self, key: &K) -> Option<V> {
        let hash = key.hash64();
        lock(self.shard(hash)).get_hashed(key, hash)
    }

    /// Stores `value` for `key`; `work` as in [`TranspositionTable::insert`].
    pub(crate) fn insert(&self, key: K, value: V, work: u64) {
        let hash = key.hash64();
        lock(self.shard(hash)).insert_hashed(key, hash, value, work);
    }

    /// The `limit` entries that cost the most work to compute, with their work (as
    /// `work_byte` in the table module keeps it), costliest first. Two passes over the shards,
    /// one to count the entries of each work and one to take those above the cut, so that
    /// little beyond the answer is held while other threads go on storing.
    #[must_use]
    pub(crate) fn costliest(&self, limit: usize) -> Vec<(K, V, u8)> {
        let mut by_work = [0usize; 256];
        for shard in &self.shards {
            lock(shard).for_each_entry(|_, _, work| by_work[usize::from(work)] += 1);
        }
        let mut counted = 0;
        let mut cut = 256;
        while cut > 0 && counted + by_work[cut - 1] <= limit {
            counted += by_work[cut - 1];
            cut -= 1;
        }
        // The entries of the work at the cut fill what is left of the limit.
        let mut room_at_cut = limit - counted;
        let cut_work = cut.saturating_sub(1);
        let mut taken = Vec::with_capacity(limit.min(counted + room_at_cut));
        for shard in &self.shards {
            lock(shard).for_each_entry(|key, value, work| {
                let work_index = usize::from(work);
                if work_index >= cut {
                    taken.push((*key, *value, work));
                } else if work_index == cut_work && cut > 0 && room_at_cut > 0 {
                    room_at_cut -= 1;
                    taken.push((*key, *value, work));
                }
            });
        }
        // Other threads may store dear entries between the passes.
        taken.sort_by_key(|&(_, _, work)| std::cmp::Reverse(work));
        taken.truncate(limit);
        taken
    }

    /// How the table is used, summed over the shards.
    #[must_use]
    pub(crate) fn stats(&self) -> TableStats {
        self.shards
            .iter()
            .fold(TableStats::default(), |sum, shard| {
                let stats = lock(shard).stats();
                TableStats {
                    entries: sum.entries + stats.entries,
                    evictions: sum.evictions + stats.evictions,
                    bytes: sum.bytes + stats.bytes,
                    budget: sum.budget + stats.budget,
                }
            })
    }
}

/// A shard's table, whatever a panicking thread left it as: its entries are facts, each
/// written whole, so a half-finished update loses time and never correctness.
fn lock<T>(shard: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    shard
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
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
    fn the_costliest_entries_come_out_dearest_first() {
        let table = SharedTable::with_budget(1 << 24);
        for i in 0..1000u64 {
            // Works 1 to 2^40: each power of two's entries share a work byte.
            table.insert(Key(i), Nimber::new((i % 5) as u32), 1 << (i % 41));
        }
        assert!(table.costliest(0).is_empty());
        let all = table.costliest(5000);
        assert_eq!(all.len(), 1000);
        for limit in [1, 24, 25, 26, 100, 999] {
            let taken = table.costliest(limit);
            assert_eq!(taken.len(), limit);
            assert!(taken.windows(2).all(|pair| pair[0].2 >= pair[1].2));
            // Nothing left out is dearer than what was taken.
            let least = taken.last().unwrap().2;
            let dearer =
                |entries: &[(Key, Nimber, u8)]| entries.iter().filter(|e| e.2 > least).count();
            assert_eq!(dearer(&all), dearer(&taken));
            for (key, value, _) in taken {
                assert_eq!(Nimber::new((key.0 % 5) as u32), value);
            }
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
