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

use super::huge_pages::advise_large_pages;

/// Slots a position may occupy: the four words of one [`Bucket`].
const BUCKET: usize = 4;

/// The slots a position may occupy, aligned to half a cache line so that a lookup reads one
/// line.
#[repr(C, align(32))]
#[derive(Default)]
struct Bucket([AtomicU64; BUCKET]);

/// `count` buckets, all empty, whose memory the system is asked to back with large pages.
/// Zeroed memory comes from the system untouched, so the pages of a large table that are
/// never written take no memory.
fn empty_buckets(count: usize) -> Vec<Bucket> {
    if count == 0 {
        return Vec::new();
    }
    let layout = std::alloc::Layout::array::<Bucket>(count)
        .unwrap_or_else(|_| panic!("{count} buckets exceed the address space"));
    #[allow(unsafe_code)]
    // SAFETY: the layout's size is not zero; all-zero bytes are a valid `Bucket` (four atomic
    // zeros); the pointer comes from the global allocator with the layout of a vector of
    // `count` buckets, so the vector may own it and free it.
    unsafe {
        let pointer = std::alloc::alloc_zeroed(layout).cast::<Bucket>();
        if pointer.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        advise_large_pages(pointer.cast::<u8>(), layout.size());
        Vec::from_raw_parts(pointer, count, count)
    }
}

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
/// works on the `WinSlots` it took last, and takes the new ones after a growth.
pub struct WinTable {
    most_buckets: usize,
    current: Mutex<Arc<WinSlots>>,
    /// Slots filled in `current`, as the threads have reported them.
    filled: AtomicU64,
}

impl WinTable {
    /// A table that grows to at most `budget_bytes` (and has at least its first size), counting
    /// the slots it replaces while threads still hold them.
    #[must_use]
    pub(crate) fn with_budget(budget_bytes: u64) -> WinTable {
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
    pub(crate) fn slots(&self) -> Arc<WinSlots> {
        Arc::clone(&self.current.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Takes a thread's count of slots it filled in `slots`, and grows the table when it is
    /// half full and below its budget. Returns the slots to use from now on.
    pub(crate) fn report_filled(&self, slots: &Arc<WinSlots>, filled: u64) -> Arc<WinSlots> {
        let mut current = self.current.lock().unwrap_or_else(PoisonError::into_inner);
        if current.generation != slots.generation {
            return Arc::clone(&current);
        }
        let filled = self.filled.fetch_add(filled, Ordering::Relaxed) + filled;
        let capacity = (current.buckets * BUCKET) as u64;
        // Old slots live until every thread has taken the new ones (and a thread idle since
        // the growth before may hold the slots before those, an eighth the size): all of
        // them together stay within the budget.
        let held = current.buckets + current.buckets / GROWTH;
        let buckets = (current.buckets * GROWTH).min(self.most_buckets.saturating_sub(held));
        if filled > capacity / 2 && buckets > current.buckets {
            *current = Arc::new(WinSlots::new(buckets, current.generation + 1));
            self.filled.store(0, Ordering::Relaxed);
        }
        Arc::clone(&current)
    }
}

/// The slots of a [`WinTable`] of one size.
pub(crate) struct WinSlots {
    storage: Vec<Bucket>,
    buckets: usize,
    /// How many times the table had grown when these slots were made.
    generation: u64,
}

impl WinSlots {
    fn new(buckets: usize, generation: u64) -> WinSlots {
        WinSlots {
            storage: empty_buckets(buckets),
            buckets,
            generation,
        }
    }

    fn bucket(&self, index_hash: u64) -> &[AtomicU64; BUCKET] {
        // Lemire's multiply-shift: a bucket count of any size, no division.
        &self.storage[((u128::from(index_hash) * self.buckets as u128) >> 64) as usize].0
    }

    fn fingerprint(check_hash: u64) -> u64 {
        (check_hash | 1 << 63) >> FINGERPRINT_SHIFT << FINGERPRINT_SHIFT
    }

    /// Asks the processor to bring the bucket of `index_hash` into the cache, so that a
    /// [`WinSlots::get`] soon after finds it there: lookups of several positions at once
    /// then wait on memory together instead of one after another. Does nothing on other
    /// processors than x86-64.
    #[inline]
    pub(crate) fn prefetch(&self, index_hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const [AtomicU64; BUCKET] = self.bucket(index_hash);
            #[allow(unsafe_code)]
            // SAFETY: the prefetch instruction needs SSE, which every x86-64 processor has; it
            // only hints the cache and never faults, and `bucket` points into the table.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    bucket.cast::<i8>(),
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = index_hash;
    }

    /// Whether the player to move wins the position with these hashes, if stored.
    #[inline]
    #[must_use]
    pub(crate) fn get(&self, index_hash: u64, check_hash: u64) -> Option<bool> {
        let fingerprint = Self::fingerprint(check_hash);
        self.bucket(index_hash).iter().find_map(|slot| {
            let word = slot.load(Ordering::Relaxed);
            (word >> FINGERPRINT_SHIFT << FINGERPRINT_SHIFT == fingerprint)
                .then_some(word & WINS == WINS)
        })
    }

    /// Stores whether the player to move wins the position with these hashes, of `size`
    /// squares: over its own slot if it has one, else over the smallest position in the
    /// bucket (the cheapest to search again). Returns whether it filled an empty slot.
    pub(crate) fn put(&self, index_hash: u64, check_hash: u64, wins: bool, size: usize) -> bool {
        let fingerprint = Self::fingerprint(check_hash);
        let word = fingerprint | (size as u64).min(SIZE_MASK) << SIZE_SHIFT | u64::from(wins);
        let bucket = self.bucket(index_hash);
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
    fn a_half_full_table_grows_within_its_budget() {
        let budget = (FIRST_BUCKETS * BUCKET * 8 * GROWTH * 3) as u64;
        assert_eq!(std::mem::size_of::<Bucket>(), BUCKET * 8);
        assert_eq!(std::mem::align_of::<Bucket>(), 32);
        let table = WinTable::with_budget(budget);
        let first = table.slots();
        let half = (FIRST_BUCKETS * BUCKET / 2) as u64;
        assert_eq!(table.report_filled(&first, half).generation, 0);
        let grown = table.report_filled(&first, 1);
        assert_eq!(grown.buckets, FIRST_BUCKETS * GROWTH);
        // A thread still on the old slots is handed the new ones, and its count is dropped.
        assert_eq!(table.report_filled(&first, u64::MAX / 4).generation, 1);
        // The next growth leaves room for the slots it replaces and those before: all three
        // within the budget.
        let capacity = (grown.buckets * BUCKET) as u64;
        let last = table.report_filled(&grown, capacity);
        assert_eq!(last.buckets, FIRST_BUCKETS * GROWTH * 2 - FIRST_BUCKETS);
        assert!(last.buckets + grown.buckets + first.buckets <= FIRST_BUCKETS * GROWTH * 3);
        let full = (last.buckets * BUCKET) as u64;
        assert_eq!(
            table.report_filled(&last, full).generation,
            2,
            "no room to grow again"
        );
    }
}
