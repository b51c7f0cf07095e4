//! Large tables on large pages.
//!
//! A transposition table of gigabytes is read at random places, and with the usual 4 KB pages
//! nearly every read also misses the processor's cache of address translations (the TLB): the
//! page tables of a 12 GB table alone take 24 MB, far beyond any cache. Linux can back memory
//! with 2 MB pages instead, but only where a program asks for it when transparent huge pages
//! are in their default "madvise" mode. This module asks.

/// Below this many bytes a table is left on ordinary pages: a 2 MB page would be mostly empty.
const LARGE: usize = 4 << 20;

/// A vector of `count` copies of `filler` whose memory the system is asked to back with large
/// pages, before the first write so that the pages are faulted in large from the start.
pub(super) fn filled_vec<T: Copy>(count: usize, filler: T) -> Vec<T> {
    let mut items: Vec<T> = Vec::with_capacity(count);
    advise_large_pages(
        items.as_mut_ptr().cast::<u8>(),
        count * std::mem::size_of::<T>(),
    );
    items.resize(count, filler);
    items
}

/// Asks Linux to use transparent huge pages for the whole 4 KB pages within `bytes` bytes from
/// `start`. Only advice: when the system declines, the memory works the same on small pages.
#[cfg(target_os = "linux")]
pub(super) fn advise_large_pages(start: *mut u8, bytes: usize) {
    const PAGE: usize = 4096;
    if bytes < LARGE {
        return;
    }
    let first = (start as usize).next_multiple_of(PAGE);
    let end = (start as usize + bytes) / PAGE * PAGE;
    #[allow(unsafe_code)]
    // SAFETY: the range lies within one live allocation of this process, and MADV_HUGEPAGE
    // changes neither its contents nor its validity, only how the kernel backs it.
    unsafe {
        libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
pub(super) fn advise_large_pages(_start: *mut u8, _bytes: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_vector_is_filled_whatever_the_advice() {
        let items = filled_vec(3 << 20, 7u32);
        assert_eq!(items.len(), 3 << 20);
        assert!(items.iter().all(|&item| item == 7));
        assert_eq!(filled_vec(0, 1u8), Vec::<u8>::new());
    }
}
