//! Won and lost positions, shared by the threads of a search without locks.
//!
//! An outcome search stores one bit per position, so a slot can be a single 64-bit word: the
//! position's fingerprint, its size and the bit. A word is read and written whole, so threads
//! share the table with plain atomic loads and stores (no lock, no read-modify-write): a slot
//! another thread overwrote in between fails the fingerprint check and reads as absent.
//!
//! A fingerprint is 55 bits of a hash independent of the one that picks the bucket, so a
//! position is taken for another only when its fingerprint equals one of the four in its
//! bucket by chance: about one lookup in 2^53, or odds of one in ten million over a search of
//! a billion lookups.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::huge_pages::zeroed_atomic_vec;

/// Slots a position may occupy: the four words of one 32-byte, aligned half cache line.
const BUCKET: usize = 4;

/// The buckets of a new table: 4 MB. A short search never needs more, and a flat table is
/// read at random places, so a large one would soon have every page of its budget in memory.
const FIRST_BUCKETS: usize = 1 << 17;

/// A full table grows this many times larger (up to its budget). What the smaller one held
/// is dropped, since a slot keeps no hash to place it again: growing by this much at a time
/// loses little more than the few positions stored before the last growth.
const GROWTH: usize = 8;

/// Bit 0: the player to move wins. Bits 1 to 7: the position's size (capped), for choosing
/// what to evict. Bits 8 to 63: the fingerprint, whose top bit is always set so that no
/// fingerprint is 0, the empty slot.
const WINS: u64 = 1;
const SIZE_SHIFT: u32 = 1;
const SIZE_MASK: u64 = 0x7F;
const FINGERPRINT_SHIFT: u32 = 8;

/// A table of won and lost positions keyed by two independent 64-bit hashes, shared by the
/// threads of a search. It starts small and grows as it fills, up to its budget; a thread
/// works on the [`WinSlots`] it took last, and takes the new ones after a growth.
pub struct WinTable {
    most_buckets: usize,
    current: Mutex<Arc<WinSlots>>,
    /// Slots filled in `current`, as the threads have reported them.
    filled: AtomicU64,
}

impl WinTable {
    /// A table that grows to at most `budget_bytes` (and has at least its first size).
    #[must_use]
    pub fn with_budget(budget_bytes: u64) -> WinTable {
        let affordable = budget_bytes / (BUCKET as u64 * 8);
        let most_buckets = usize::try_from(affordable)
            .unwrap_or(usize::MAX / BUCKET)
            .max(FIRST_BUCKETS);
        WinTable {
            most_buckets,
            current: Mutex::new(Arc::new(WinSlots::new(FIRST_BUCKETS, 0))),
            filled: AtomicU64::new(0),
        }
    }

    /// The slots in use now.
    #[must_use]
    pub fn slots(&self) -> Arc<WinSlots> {
        Arc::clone(&self.current.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Takes a thread's count of slots it filled in `slots`, and grows the table when it is
    /// half full and below its budget. Returns the slots to use from now on.
    pub fn report_filled(&self, slots: &Arc<WinSlots>, filled: u64) -> Arc<WinSlots> {
        let mut current = self.current.lock().unwrap_or_else(PoisonError::into_inner);
        if current.generation != slots.generation {
            return Arc::clone(&current);
        }
        let filled = self.filled.fetch_add(filled, Ordering::Relaxed) + filled;
        let capacity = (current.buckets * BUCKET) as u64;
        if filled > capacity / 2 && current.buckets < self.most_buckets {
            let buckets = (current.buckets * GROWTH).min(self.most_buckets);
            *current = Arc::new(WinSlots::new(buckets, current.generation + 1));
            self.filled.store(0, Ordering::Relaxed);
        }
        Arc::clone(&current)
    }

    /// The bytes the table holds now.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.slots().words.len() as u64 * 8
    }
}

/// The slots of a [`WinTable`] of one size.
pub struct WinSlots {
    words: Vec<AtomicU64>,
    buckets: usize,
    /// How many times the table had grown when these slots were made.
    generation: u64,
}

impl WinSlots {
    fn new(buckets: usize, generation: u64) -> WinSlots {
        WinSlots {
            words: zeroed_atomic_vec(buckets * BUCKET),
            buckets,
            generation,
        }
    }

    fn bucket(&self, index_hash: u64) -> usize {
        // Lemire's multiply-shift: a bucket count of any size, no division.
        ((u128::from(index_hash) * self.buckets as u128) >> 64) as usize * BUCKET
    }

    fn fingerprint(check_hash: u64) -> u64 {
        (check_hash | 1 << 63) >> FINGERPRINT_SHIFT << FINGERPRINT_SHIFT
    }

    /// Asks the processor to bring the position's bucket into the cache, ahead of a lookup.
    #[inline]
    pub fn prefetch(&self, index_hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot: *const AtomicU64 = &self.words[self.bucket(index_hash)];
            #[allow(unsafe_code)]
            // SAFETY: a prefetch is a hint; it reads nothing into the program and cannot fault.
            unsafe {
                std::arch::x86_64::_mm_prefetch(slot.cast::<i8>(), std::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = index_hash;
    }

    /// Whether the player to move wins the position with these hashes, if stored.
    #[inline]
    #[must_use]
    pub fn get(&self, index_hash: u64, check_hash: u64) -> Option<bool> {
        let fingerprint = Self::fingerprint(check_hash);
        let start = self.bucket(index_hash);
        self.words[start..start + BUCKET].iter().find_map(|slot| {
            let word = slot.load(Ordering::Relaxed);
            (word >> FINGERPRINT_SHIFT << FINGERPRINT_SHIFT == fingerprint)
                .then_some(word & WINS == WINS)
        })
    }

    /// Stores whether the player to move wins the position with these hashes, of `size`
    /// squares: over its own slot if it has one, else over the smallest position in the
    /// bucket (the cheapest to search again). Returns whether it filled an empty slot.
    pub fn put(&self, index_hash: u64, check_hash: u64, wins: bool, size: usize) -> bool {
        let fingerprint = Self::fingerprint(check_hash);
        let word = fingerprint | (size as u64).min(SIZE_MASK) << SIZE_SHIFT | u64::from(wins);
        let start = self.bucket(index_hash);
        let bucket = &self.words[start..start + BUCKET];
        let mut victim = 0;
        let mut victim_size = u64::MAX;
        let mut empty = false;
        for (i, slot) in bucket.iter().enumerate() {
            let old = slot.load(Ordering::Relaxed);
            if old >> FINGERPRINT_SHIFT << FINGERPRINT_SHIFT == fingerprint {
                victim = i;
                empty = false;
                break;
            }
            let old_size = if old == 0 {
                0
            } else {
                old >> SIZE_SHIFT & SIZE_MASK
            };
            if old_size < victim_size {
                victim = i;
                victim_size = old_size;
                empty = old == 0;
            }
        }
        bucket[victim].store(word, Ordering::Relaxed);
        empty
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_position_is_found_and_others_are_not() {
        let table = WinSlots::new(1 << 10, 0);
        let check = |n: u64| n << 32;
        table.put(1, check(2), true, 30);
        table.put(1, check(3), false, 20);
        assert_eq!(table.get(1, check(2)), Some(true));
        assert_eq!(table.get(1, check(3)), Some(false));
        assert_eq!(table.get(1, check(4)), None);
        assert_eq!(table.get(7 << 60, check(2)), None);
        table.put(1, check(2), false, 30);
        assert_eq!(table.get(1, check(2)), Some(false));
    }

    #[test]
    fn a_full_bucket_evicts_its_smallest_position() {
        let table = WinSlots::new(1 << 10, 0);
        let check = |n: u64| n << 32;
        for (n, size) in [(10, 50), (11, 40), (12, 60), (13, 45)] {
            table.put(5, check(n), true, size);
        }
        table.put(5, check(14), false, 55);
        assert_eq!(table.get(5, check(11)), None, "the smallest is evicted");
        for n in [10, 12, 13] {
            assert_eq!(table.get(5, check(n)), Some(true));
        }
        assert_eq!(table.get(5, check(14)), Some(false));
    }

    #[test]
    fn a_half_full_table_grows_to_its_budget_and_no_further() {
        let budget = (FIRST_BUCKETS * BUCKET * 8 * GROWTH * 2) as u64;
        let table = WinTable::with_budget(budget);
        let first = table.slots();
        let half = (FIRST_BUCKETS * BUCKET / 2) as u64;
        assert_eq!(table.report_filled(&first, half).generation, 0);
        let grown = table.report_filled(&first, 1);
        assert_eq!(grown.buckets, FIRST_BUCKETS * GROWTH);
        // A thread still on the old slots is handed the new ones, and its count is dropped.
        assert_eq!(table.report_filled(&first, u64::MAX / 4).generation, 1);
        let capacity = (grown.buckets * BUCKET) as u64;
        let last = table.report_filled(&grown, capacity);
        assert_eq!(
            last.buckets,
            FIRST_BUCKETS * GROWTH * 2,
            "capped by the budget"
        );
        let full = (last.buckets * BUCKET) as u64;
        assert_eq!(table.report_filled(&last, full).generation, 2);
        assert_eq!(table.bytes(), budget);
    }
}
