import CLinux

/// How the C allocator keeps memory, set once at start-up.
enum MemoryTuning {
    /// Keeps freed blocks of up to a few MB mapped for reuse. Each download's libcurl handle
    /// allocates a 256 KB receive buffer and frees it at the end; by default glibc hands that
    /// memory back to the kernel as soon as a thread's arena has more than twice that free, so
    /// the next transfer's buffer faulted its 64 pages in again inside `recv` (up to 4,900 page
    /// faults in a download of 200 photos against curl's 900). The bound keeps the peak memory
    /// of a run where it was: what is kept is only what the transfers in flight used.
    static func apply() {
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 8 << 20)
    }
}
