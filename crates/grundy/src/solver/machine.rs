//! What the machine can give a search.

/// The machine's physical memory in bytes, when the system tells: the most a transposition
/// table can use, since the tables double up to their budget as a search stores positions and
/// each size is written in full when it is made (a larger budget would be swapped out or the
/// program killed once a long search reaches it).
#[must_use]
pub(crate) fn physical_memory() -> Option<u64> {
    physical_memory_of_system()
}

#[cfg(unix)]
fn physical_memory_of_system() -> Option<u64> {
    #[allow(unsafe_code)]
    // SAFETY: sysconf only reads system configuration; it takes no pointers.
    let (pages, page_size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    let pages = u64::try_from(pages).ok().filter(|&pages| pages > 0)?;
    let page_size = u64::try_from(page_size).ok().filter(|&size| size > 0)?;
    pages.checked_mul(page_size)
}

#[cfg(not(unix))]
fn physical_memory_of_system() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_machine_has_some_memory() {
        if let Some(bytes) = physical_memory() {
            assert!(bytes >= 1 << 26, "{bytes}");
        }
    }
}
