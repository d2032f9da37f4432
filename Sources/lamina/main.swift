#if canImport(Glibc)
import CMalloc
import Glibc
#endif
import LaminaCommands

#if canImport(Glibc)
/// Tunes glibc's allocator for one large conversion. Each thread's arena grows its heap a few pages
/// at a time (`brk` or `mprotect`) and hands freed pages straight back:
/// at 1e5 elements that was ~9,000 `mprotect` calls and ~10,000 extra page faults (about 15 % of
/// the CPU time, all in the kernel). Growing by 64 MB of address space (untouched pages cost no
/// memory) and keeping up to 256 MB of freed top-of-heap for reuse removes both; peak RSS is set
/// by the live data and does not change.
func tuneAllocator() {
    _ = mallopt(M_TOP_PAD, 64 << 20)
    _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
}
tuneAllocator()
#endif

Lamina.runFromCommandLine()
