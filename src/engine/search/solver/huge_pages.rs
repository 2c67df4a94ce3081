//! Zeroed memory for the transposition table, on huge pages where the system offers them.
//!
//! Every table access goes to a random bucket, so with 4 KiB pages nearly every access also misses
//! the TLB and walks the page tables: on Connect Four that walk is the largest single cost of a
//! node. Linux backs a region with 2 MiB pages when asked (`madvise(MADV_HUGEPAGE)`, which works
//! in the default "madvise" mode of transparent huge pages); elsewhere the request is skipped and
//! the table works as before on ordinary pages.

use std::sync::atomic::AtomicU64;

/// Bytes in a huge page on x86-64 and aarch64 Linux.
const HUGE_PAGE: usize = 2 << 20;

/// Bytes in a cache line: a bucket must never straddle two.
const CACHE_LINE: usize = 64;

/// A zeroed allocation holding at least `len` words starting at the returned offset, which is
/// aligned to a cache line, and to a huge page when the region is big enough to use them; `None`
/// when the system cannot provide that much memory.
///
/// The words come zeroed from the allocator (`calloc`), which maps big sizes lazily: pages that are
/// never written are never resident, so the spare words cost no memory. They are atomics so that
/// several threads may share the table (relaxed loads and stores are plain moves).
pub fn zeroed_words(len: usize) -> Option<(Box<[AtomicU64]>, usize)> {
    let bytes = len.checked_mul(8)?;
    let align = if bytes >= HUGE_PAGE {
        HUGE_PAGE
    } else {
        CACHE_LINE
    };
    let words = zeroed_vec(len.checked_add(align / 8)?)?;
    let start = words.as_ptr() as usize;
    let offset = (start.next_multiple_of(align) - start) / 8;
    if align == HUGE_PAGE {
        advise_huge(start + offset * 8, bytes);
    }
    Some((words, offset))
}

/// `len` zeroed atomic words, or `None` instead of aborting when the allocation fails.
fn zeroed_vec(len: usize) -> Option<Box<[AtomicU64]>> {
    let layout = std::alloc::Layout::array::<AtomicU64>(len).ok()?;
    if layout.size() == 0 {
        return Some(Box::default());
    }
    // SAFETY: the layout has a non-zero size. A non-null result is `len` zeroed `AtomicU64`s (all
    // zero bits is a valid `AtomicU64`) allocated by the global allocator with exactly the layout
    // `Vec<AtomicU64>` uses for capacity `len`, so the vector may own and free it.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<AtomicU64>();
        (!ptr.is_null()).then(|| Vec::from_raw_parts(ptr, len, len).into_boxed_slice())
    }
}

#[cfg(target_os = "linux")]
fn advise_huge(address: usize, bytes: usize) {
    // SAFETY: the range lies inside a live allocation owned by the caller and is aligned to a
    // page; MADV_HUGEPAGE only changes how the kernel backs it, never its contents. A failure
    // (for instance a kernel without transparent huge pages) leaves ordinary pages, so it is ignored.
    unsafe {
        libc::madvise(address as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge(_address: usize, _bytes: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    use std::sync::atomic::Ordering::Relaxed;

    fn start(words: &[AtomicU64], offset: usize) -> usize {
        words.as_ptr() as usize + offset * 8
    }

    #[test]
    fn big_regions_start_on_a_huge_page() {
        let len = (4 << 20) / 8;
        let (words, offset) = zeroed_words(len).expect("4 MiB");
        assert_eq!(start(&words, offset) % HUGE_PAGE, 0);
        assert!(offset + len <= words.len());
        assert!(
            words[offset..offset + len]
                .iter()
                .all(|w| w.load(Relaxed) == 0)
        );
    }

    #[test]
    fn small_regions_start_on_a_cache_line() {
        for len in [8, 24, 4096] {
            let (words, offset) = zeroed_words(len).expect("a few words");
            assert_eq!(start(&words, offset) % CACHE_LINE, 0);
            assert!(offset + len <= words.len());
        }
    }

    #[test]
    fn impossible_sizes_are_refused_not_fatal() {
        assert!(zeroed_words(usize::MAX / 4).is_none());
        assert!(zeroed_words(1 << 60).is_none());
    }
}
