#if canImport(Glibc)
import Glibc
#endif
import LaminaCommands

#if canImport(Glibc)
/// Tunes glibc's allocator for one large conversion. The pipeline runs on a worker thread, whose
/// arena grows its heap a few pages at a time with `mprotect` and hands freed pages straight back:
/// at 1e5 elements that was ~9,000 `mprotect` calls and ~10,000 extra page faults (about 15 % of
/// the CPU time, all in the kernel). Growing by 64 MB of address space (untouched pages cost no
/// memory) and keeping up to 256 MB of freed top-of-heap for reuse removes both; peak RSS is set
/// by the live data and does not change. `mallopt` is looked up at run time because Swift's
/// Glibc module does not export `<malloc.h>`.
func tuneAllocator() {
    typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
    let trimThreshold: Int32 = -1, topPad: Int32 = -2  // M_TRIM_THRESHOLD, M_TOP_PAD
    _ = mallopt(topPad, 64 << 20)
    _ = mallopt(trimThreshold, 256 << 20)
}
tuneAllocator()
#endif

await Lamina.runFromCommandLine()
