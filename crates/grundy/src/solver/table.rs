//! A bounded transposition table from canonical position keys to what is known of their values.
//!
//! The table starts small and doubles while it stays within its memory budget; once it has reached
//! the budget it keeps the entries that cost the most work to compute and overwrites cheaper ones.
//! Entries store the whole key, never a hash alone, so a lookup can never answer for the wrong
//! position: a lost entry only costs time.

use super::huge_pages::filled_vec;

/// A key the transposition table can store: a canonical form of a position.
pub trait TableKey: Copy + Eq {
    /// A well-mixed 64-bit hash of the key.
    fn hash64(&self) -> u64;
}

/// How many consecutive slots a key may occupy, starting from its hash (linear probing within a
/// window; the table has `WINDOW - 1` slots of padding at its end so windows never wrap).
const WINDOW: usize = 8;

/// The smallest table, in buckets (hash positions).
const INITIAL_BUCKETS: usize = 1 << 6;

/// The smallest budget, in buckets, however little memory is given.
const MINIMUM_BUCKETS: u64 = 1 << 4;

#[derive(Clone, Copy)]
struct Slot<K, V> {
    key: K,
    value: V,
    /// log2 of the positions searched to compute this entry, plus one; 0 marks an empty slot.
    work: u8,
}

/// Counters describing how the table has been used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Entries stored now.
    pub entries: u64,
    /// Entries overwritten to make room after the table reached its budget.
    pub evictions: u64,
    /// Bytes the table occupies now.
    pub bytes: u64,
    /// The most bytes the table may grow to.
    pub budget: u64,
}

/// Mixes `words` into a hash whose every bit depends on every input bit (the splitmix64
/// finaliser after each word). Sets of squares often differ only in their high bits, which a
/// plain multiply would never carry down to the low bits that pick a bucket.
#[inline]
#[must_use]
pub fn mix_words(seed: u64, words: &[u64]) -> u64 {
    let mut hash = seed;
    for &word in words {
        hash = (hash ^ word).wrapping_add(0x9E37_79B9_7F4A_7C15);
        hash = (hash ^ (hash >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        hash = (hash ^ (hash >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        hash ^= hash >> 31;
    }
    hash
}

impl<const W: usize> TableKey for crate::square_set::SquareSet<W> {
    #[inline]
    fn hash64(&self) -> u64 {
        mix_words(0, self.words())
    }
}

/// A bounded map from keys to values (nimbers, or partial knowledge of them).
pub struct TranspositionTable<K, V> {
    slots: Vec<Slot<K, V>>,
    mask: usize,
    max_buckets: usize,
    stats: TableStats,
}

impl<K: TableKey, V: Copy> TranspositionTable<K, V> {
    /// A table that will use at most `budget_bytes` of memory (and at least one small table).
    #[must_use]
    pub fn with_budget(budget_bytes: u64) -> TranspositionTable<K, V> {
        let bucket_bytes = std::mem::size_of::<Slot<K, V>>() as u64;
        let affordable = (budget_bytes / bucket_bytes)
            .saturating_sub(WINDOW as u64)
            .max(MINIMUM_BUCKETS);
        // Power-of-two sizes let the hash pick a bucket with a mask.
        let max_buckets = 1usize << (63 - affordable.leading_zeros()).min(40);
        // Slots are allocated on the first insert, when there is a key to fill them with.
        TranspositionTable {
            slots: Vec::new(),
            mask: INITIAL_BUCKETS.min(max_buckets) - 1,
            max_buckets,
            stats: TableStats {
                budget: budget_bytes,
                ..TableStats::default()
            },
        }
    }

    /// The value stored for `key`, if any.
    #[inline]
    #[must_use]
    pub fn get(&self, key: &K) -> Option<V> {
        if self.slots.is_empty() {
            return None;
        }
        let start = key.hash64() as usize & self.mask;
        for slot in &self.slots[start..start + WINDOW] {
            if slot.work == 0 {
                return None;
            }
            if slot.key == *key {
                return Some(slot.value);
            }
        }
        None
    }

    /// Reads the first slot where `key` would be, so that a lookup soon after finds it in cache.
    /// Returns a byte of it, which the caller should feed to `std::hint::black_box`.
    #[inline]
    pub fn touch(&self, key: &K) -> u8 {
        if self.slots.is_empty() {
            return 0;
        }
        self.slots[key.hash64() as usize & self.mask].work
    }

    /// Stores `value` for `key`; `work` is the number of positions its computation searched,
    /// so that an expensive entry is not overwritten by a cheap one.
    pub fn insert(&mut self, key: K, value: V, work: u64) {
        if self.slots.is_empty() {
            // An empty slot still holds some key; `work == 0` is what marks it empty.
            let filler = Slot {
                key,
                value,
                work: 0,
            };
            self.slots = filled_vec(self.buckets() + WINDOW - 1, filler);
        }
        let slot = Slot {
            key,
            value,
            work: (64 - work.leading_zeros()) as u8 + 1,
        };
        // Grow rather than evict while the budget allows, keeping the load low enough that
        // windows rarely fill.
        if self.stats.entries * 3 >= self.buckets() as u64 * 2 && self.buckets() < self.max_buckets
        {
            self.grow();
        }
        while !self.place(slot, false) {
            if self.buckets() < self.max_buckets {
                self.grow();
            } else {
                self.place(slot, true);
                break;
            }
        }
    }

    fn buckets(&self) -> usize {
        self.mask + 1
    }

    /// Puts `new` in its window; when the window is full, overwrites the cheapest entry if
    /// `evict`, and otherwise reports `false`.
    fn place(&mut self, new: Slot<K, V>, evict: bool) -> bool {
        let start = new.key.hash64() as usize & self.mask;
        let window = &mut self.slots[start..start + WINDOW];
        // Occupied slots come first in a window (nothing is ever removed, only overwritten),
        // so the first empty slot ends the search.
        for slot in window.iter_mut() {
            if slot.work == 0 {
                *slot = new;
                self.stats.entries += 1;
                return true;
            }
            if slot.key == new.key {
                *slot = new;
                return true;
            }
        }
        if !evict {
            return false;
        }
        let cheapest = window
            .iter_mut()
            .min_by_key(|slot| slot.work)
            .expect("windows are not empty");
        if cheapest.work <= new.work {
            *cheapest = new;
        }
        self.stats.evictions += 1;
        true
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let buckets = self.buckets() * 2;
        let filler = old[0];
        self.slots = filled_vec(buckets + WINDOW - 1, Slot { work: 0, ..filler });
        self.mask = buckets - 1;
        self.stats.entries = 0;
        for slot in old.into_iter().filter(|slot| slot.work != 0) {
            // Growing never fills a window it did not fill before, except by chance; then the
            // cheapest entry gives way.
            self.place(slot, true);
        }
    }

    /// How the table has been used.
    #[must_use]
    pub fn stats(&self) -> TableStats {
        TableStats {
            bytes: (self.slots.capacity() * std::mem::size_of::<Slot<K, V>>()) as u64,
            ..self.stats
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::Nimber;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    struct Key(u64);

    impl TableKey for Key {
        fn hash64(&self) -> u64 {
            // A poor hash on purpose: everything lands in few buckets.
            self.0 % 7
        }
    }

    #[test]
    fn stores_and_finds_whole_keys() {
        let mut table = TranspositionTable::with_budget(1 << 20);
        for i in 0..5000 {
            table.insert(Key(i), Nimber::new((i % 13) as u32), i);
        }
        let found = (0..5000).filter(|&i| table.get(&Key(i)).is_some()).count();
        // The bad hash crowds 7 buckets: most keys are evicted, but none is ever misreported.
        assert!(found > 0);
        for i in 0..5000 {
            if let Some(nimber) = table.get(&Key(i)) {
                assert_eq!(nimber, Nimber::new((i % 13) as u32));
            }
        }
    }

    #[test]
    fn stays_within_its_budget() {
        #[derive(Clone, Copy, PartialEq, Eq)]
        struct Spread(u64);
        impl TableKey for Spread {
            fn hash64(&self) -> u64 {
                self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            }
        }
        let budget = 1 << 16;
        let mut table = TranspositionTable::with_budget(budget);
        for i in 0..100_000 {
            table.insert(Spread(i), Nimber::new(1), 1);
        }
        assert!(table.stats().bytes <= budget);
        assert!(table.stats().evictions > 0);
        assert_eq!(table.get(&Spread(99_999)), Some(Nimber::new(1)));
    }
}
