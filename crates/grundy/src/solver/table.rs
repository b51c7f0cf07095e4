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
}

/// The tag of an empty slot; [`tag_of`] never gives it.
const EMPTY: u16 = 0;

/// Sixteen bits of a key's hash, never [`EMPTY`], kept beside its slot. They are taken from
/// above the bits that pick a bucket (which are the low bits) and below those that pick a shard
/// of a [`super::SharedTable`] (the top six).
#[inline]
fn tag_of(hash: u64) -> u16 {
    (hash >> 32) as u16 | 1
}

/// Counters describing how the table has been used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Entries stored now.
    pub entries: u64,
    /// Entries overwritten to make room after the table reached its budget.
    pub evictions: u64,
    /// Bytes the table occupies now.
    pub(crate) bytes: u64,
    /// The most bytes the table may grow to.
    pub(crate) budget: u64,
}

/// Odd multipliers, one for each word of a key (cycled beyond four words).
const WORD_MULTIPLIERS: [u64; 4] = [
    0x9E37_79B9_7F4A_7C15,
    0xBF58_476D_1CE4_E5B9,
    0x94D0_49BB_1331_11EB,
    0xD6E8_FEB8_6659_FD93,
];

/// Mixes `words` into a hash whose every bit depends on every input bit. Sets of squares often
/// differ only in their high bits, which a plain multiply would never carry down to the low
/// bits that pick a bucket: the sum of the words, each times its own odd multiplier, goes
/// through the splitmix64 finaliser, which does. The products are independent, so the
/// processor overlaps them; a finaliser after every word (the first version) made a chain
/// four times as long for a board of four words, and hashing options was a tenth of a search.
#[inline]
#[must_use]
pub fn mix_words(seed: u64, words: &[u64]) -> u64 {
    let mut hash = seed;
    for (index, &word) in words.iter().enumerate() {
        hash = hash.wrapping_add(word.wrapping_mul(WORD_MULTIPLIERS[index % 4]));
    }
    hash = (hash ^ (hash >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    hash = (hash ^ (hash >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    hash ^ (hash >> 31)
}

impl<const W: usize> TableKey for crate::square_set::SquareSet<W> {
    #[inline]
    fn hash64(&self) -> u64 {
        mix_words(0, self.words())
    }
}

/// How the table keeps the work of an entry: one byte, the bit length of the positions its
/// computation searched, plus one.
#[must_use]
pub(crate) fn work_byte(positions: u64) -> u8 {
    (64 - positions.leading_zeros()) as u8 + 1
}

/// The fewest positions whose work [`work_byte`] keeps as `byte`.
#[must_use]
pub(crate) fn least_work_of(byte: u8) -> u64 {
    match byte {
        0 | 1 => 0,
        _ => 1 << (byte - 2).min(63),
    }
}

/// A bounded map from keys to values (nimbers, or partial knowledge of them).
///
/// Every slot has a 16-bit tag from its key's hash in a separate array: a window's 16 bytes of
/// tags nearly always lie in one cache line, so a lookup that misses (most do) reads that line
/// alone, where comparing whole keys would read up to five lines of slots, and a lookup that
/// hits reads the one slot whose tag matches. The work of each entry is in a third array, for
/// the same reason: a full table evicts on nearly every insert, and choosing the cheapest entry
/// of a window then reads one line of work bytes instead of the window's five lines of slots.
pub struct TranspositionTable<K, V> {
    tags: Vec<u16>,
    /// log2 of the positions searched to compute each slot's entry, plus one.
    works: Vec<u8>,
    slots: Vec<Slot<K, V>>,
    mask: usize,
    max_buckets: usize,
    stats: TableStats,
}

impl<K: TableKey, V: Copy> TranspositionTable<K, V> {
    /// A table that will use at most `budget_bytes` of memory (and at least one small table).
    #[must_use]
    pub(crate) fn with_budget(budget_bytes: u64) -> TranspositionTable<K, V> {
        let bucket_bytes =
            (std::mem::size_of::<Slot<K, V>>() + std::mem::size_of::<u16>() + 1) as u64;
        let affordable = (budget_bytes / bucket_bytes)
            .saturating_sub(WINDOW as u64)
            .max(MINIMUM_BUCKETS);
        // Power-of-two sizes let the hash pick a bucket with a mask.
        let max_buckets = 1usize << (63 - affordable.leading_zeros()).min(40);
        // Slots are allocated on the first insert, when there is a key to fill them with.
        TranspositionTable {
            tags: Vec::new(),
            works: Vec::new(),
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
    pub(crate) fn get(&self, key: &K) -> Option<V> {
        self.get_hashed(key, key.hash64())
    }

    /// [`TranspositionTable::get`] for a key whose [`TableKey::hash64`] is `hash`.
    #[inline]
    #[must_use]
    pub(crate) fn get_hashed(&self, key: &K, hash: u64) -> Option<V> {
        if self.slots.is_empty() {
            return None;
        }
        let start = hash as usize & self.mask;
        let tag = tag_of(hash);
        for (offset, &found) in self.tags[start..start + WINDOW].iter().enumerate() {
            if found == EMPTY {
                return None;
            }
            if found == tag {
                let slot = &self.slots[start + offset];
                if slot.key == *key {
                    return Some(slot.value);
                }
            }
        }
        None
    }

    /// Reads the tags where the key whose [`TableKey::hash64`] is `hash` would be, so that a
    /// lookup soon after finds them in cache. Returns one of them, which the caller should
    /// feed to `std::hint::black_box`.
    #[inline]
    pub(crate) fn touch(&self, hash: u64) -> u16 {
        if self.tags.is_empty() {
            return 0;
        }
        self.tags[hash as usize & self.mask]
    }

    /// Stores `value` for `key`; `work` is the number of positions its computation searched,
    /// so that an expensive entry is not overwritten by a cheap one.
    pub(crate) fn insert(&mut self, key: K, value: V, work: u64) {
        self.insert_hashed(key, key.hash64(), value, work);
    }

    /// [`TranspositionTable::insert`] for a key whose [`TableKey::hash64`] is `hash`.
    pub(crate) fn insert_hashed(&mut self, key: K, hash: u64, value: V, work: u64) {
        let slot = Slot { key, value };
        let work = work_byte(work);
        if self.slots.is_empty() {
            // An empty slot still holds some key; its tag is what marks it empty.
            self.allocate(self.buckets(), slot);
        }
        // Grow rather than evict while the budget allows, keeping the load low enough that
        // windows rarely fill.
        if self.stats.entries * 3 >= self.buckets() as u64 * 2 && self.buckets() < self.max_buckets
        {
            self.grow();
        }
        while !self.place(slot, hash, work, false) {
            if self.buckets() < self.max_buckets {
                self.grow();
            } else {
                self.place(slot, hash, work, true);
                break;
            }
        }
    }

    fn buckets(&self) -> usize {
        self.mask + 1
    }

    /// Empty slots and tags for `buckets` buckets, the slots filled with copies of `filler`.
    fn allocate(&mut self, buckets: usize, filler: Slot<K, V>) {
        self.tags = filled_vec(buckets + WINDOW - 1, EMPTY);
        self.works = filled_vec(buckets + WINDOW - 1, 0);
        self.slots = filled_vec(buckets + WINDOW - 1, filler);
        self.mask = buckets - 1;
    }

    /// Puts `new`, whose key has hash `hash`, in its window with `work`; when the window is
    /// full, overwrites the cheapest entry if `evict`, and otherwise reports `false`.
    fn place(&mut self, new: Slot<K, V>, hash: u64, work: u8, evict: bool) -> bool {
        let start = hash as usize & self.mask;
        let tag = tag_of(hash);
        // Occupied slots come first in a window (nothing is ever removed, only overwritten),
        // so the first empty slot ends the search.
        for index in start..start + WINDOW {
            if self.tags[index] == EMPTY {
                self.tags[index] = tag;
                self.works[index] = work;
                self.slots[index] = new;
                self.stats.entries += 1;
                return true;
            }
            if self.tags[index] == tag && self.slots[index].key == new.key {
                self.works[index] = work;
                self.slots[index] = new;
                return true;
            }
        }
        if !evict {
            return false;
        }
        let cheapest = (start..start + WINDOW)
            .min_by_key(|&index| self.works[index])
            .expect("windows are not empty");
        if self.works[cheapest] <= work {
            self.tags[cheapest] = tag;
            self.works[cheapest] = work;
            self.slots[cheapest] = new;
        }
        self.stats.evictions += 1;
        true
    }

    /// Doubles the table, or more: until every entry fits without evicting another, so that
    /// nothing is lost while the budget allows (a window of the larger table can, by chance,
    /// receive more entries than it holds), or up to the budget, where the cheapest give way.
    fn grow(&mut self) {
        let old_tags = std::mem::take(&mut self.tags);
        let old_works = std::mem::take(&mut self.works);
        let old = std::mem::take(&mut self.slots);
        let mut buckets = self.buckets() * 2;
        loop {
            self.allocate(buckets, old[0]);
            self.stats.entries = 0;
            let evict = buckets >= self.max_buckets;
            let all_placed = old
                .iter()
                .zip(&old_tags)
                .zip(&old_works)
                .filter(|&((_, &tag), _)| tag != EMPTY)
                .all(|((&slot, _), &work)| self.place(slot, slot.key.hash64(), work, evict));
            if all_placed {
                return;
            }
            buckets *= 2;
        }
    }

    /// Calls `visit` with every entry and its work (as `work_byte` keeps it).
    pub(crate) fn for_each_entry(&self, mut visit: impl FnMut(&K, &V, u8)) {
        for ((slot, &tag), &work) in self.slots.iter().zip(&self.tags).zip(&self.works) {
            if tag != EMPTY {
                visit(&slot.key, &slot.value, work);
            }
        }
    }

    /// How the table has been used.
    #[must_use]
    pub(crate) fn stats(&self) -> TableStats {
        TableStats {
            bytes: (self.slots.capacity() * std::mem::size_of::<Slot<K, V>>()
                + self.tags.capacity() * std::mem::size_of::<u16>()
                + self.works.capacity()) as u64,
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
