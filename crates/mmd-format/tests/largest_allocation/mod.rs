//! The global allocator of the hostile-count tests: the system's, recording the largest single
//! allocation any test of the binary makes, so that "a hostile count allocates nothing" can be
//! checked.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// No test reads anything near this size; a count trusted before checking would ask for
/// gigabytes.
pub const ALLOCATION_LIMIT: usize = 64 << 20;

static LARGEST: AtomicUsize = AtomicUsize::new(0);

/// The largest single allocation (or reallocation) made so far.
pub fn largest_allocation() -> usize {
    LARGEST.load(Ordering::Relaxed)
}

struct Recording;

unsafe impl GlobalAlloc for Recording {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LARGEST.fetch_max(new_size, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Recording = Recording;
