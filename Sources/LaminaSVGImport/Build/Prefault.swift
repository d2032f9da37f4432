import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Backs the reserved capacity of large arrays with memory on a helper thread, ahead of the
/// thread that will fill them.
///
/// On this kind of host, memory a process touches for the first time costs 1.7–6.8 µs per 4 KB
/// page (the kernel zeroes it, and a VM's host backs it lazily): the builder paid that for
/// every page of its layer and geometry arrays as it appended, on the critical path.
/// `MADV_POPULATE_WRITE` has the kernel back the pages without changing their contents, so
/// it races with nothing: a page the builder has written already is left as it is, and memory
/// freed meanwhile (an array regrown past its reservation) is only backed, never written.
package enum Prefault {
    /// A region of at least this size is worth a helper (smaller ones fault in quickly).
    static let minimumBytes = 1 << 20

    /// The whole pages inside `length` bytes from `address` (nil when there are none).
    package static func pages(from address: Int, length: Int) -> (start: Int, length: Int)? {
        let page = 4096
        let start = (address + page - 1) & ~(page - 1)
        let end = (address + length) & ~(page - 1)
        return address != 0 && end > start ? (start, end - start) : nil
    }

    /// The uninitialized capacity of `array` past its elements, up to `limit` elements in all
    /// (room reserved for rare cases stays untouched, out of the resident size), page-aligned
    /// inward.
    static func reservedTail<T>(of array: inout [T], upTo limit: Int = .max) -> (start: Int, length: Int)? {
        let stride = MemoryLayout<T>.stride
        let capacity = min(array.capacity, limit)
        let count = array.count
        guard (capacity - count) * stride >= minimumBytes else { return nil }
        let base = array.withUnsafeMutableBufferPointer { Int(bitPattern: $0.baseAddress) }
        guard base != 0 else { return nil }
        return pages(from: base + count * stride, length: (capacity - count) * stride)
    }

    /// Backs the regions on a helper thread; returns at once.
    ///
    /// The helper is a thread of its own, not one of Dispatch's workers: on a 2-core host the
    /// pool has one worker beside the command's, and the prefetch's first block, queued behind
    /// the builder's `populate` (deep-1e5: 28 MB of layer and pending records, ~13 ms of kernel
    /// time), kept the builder waiting for it with one core idle. Dispatch is the fallback when
    /// no thread can be started.
    static func populate(_ regions: [(start: Int, length: Int)]) {
        guard !regions.isEmpty else { return }
        if backOnOwnThread(regions) { return }
        DispatchQueue.global().async { back(regions) }
    }

    /// The regions of a ``backOnOwnThread(_:done:)`` call, backed on its thread.
    private final class Job: OwnThread.Job, @unchecked Sendable {
        let regions: [(start: Int, length: Int)]
        let done: (@Sendable () -> Void)?

        init(_ regions: [(start: Int, length: Int)], done: (@Sendable () -> Void)?) {
            self.regions = regions
            self.done = done
        }

        override func run() {
            Prefault.back(regions)
            done?()
        }
    }

    /// Backs the regions on a new detached thread, then calls `done` there; false when no
    /// thread could be started (nothing is done then).
    static func backOnOwnThread(_ regions: [(start: Int, length: Int)], done: (@Sendable () -> Void)? = nil) -> Bool {
        OwnThread.start(Job(regions, done: done))
    }

    /// The most one `madvise` call backs. The kernel holds the process's address-space lock
    /// for a whole call, and every `mmap`, `munmap` or `mprotect` (malloc growing its heaps)
    /// waits for it, and the page faults queued behind that writer with it: one call over
    /// deep-1e6's 280 MB of layer and pending records held the builder and the prefetch
    /// thread still for ~90 ms. A piece takes ~0.5 ms.
    static let pieceBytes = 1 << 20

    /// The pieces ``back(_:)`` hands the kernel for `region`, in order: the region cut every
    /// ``pieceBytes``.
    static func pieces(of region: (start: Int, length: Int)) -> [(start: Int, length: Int)] {
        let end = region.start + max(region.length, 0)
        return stride(from: region.start, to: end, by: pieceBytes).map { ($0, min(pieceBytes, end - $0)) }
    }

    /// Gives the whole pages of `length` bytes from `start` back to the system (they read as
    /// zeros when next touched); nothing where the system cannot. For memory whose values are
    /// moved out and whose zero bits are a moved-from value (``Array/moveAppend(tailOf:from:order:empty:release:)``).
    @Sendable static func giveBack(_ start: UnsafeMutableRawPointer, _ length: Int) {
        #if os(Linux)
        _ = madvise(start, length, MADV_DONTNEED)
        #endif
    }

    /// Backs the regions now, in pieces of ``pieceBytes``; false where the kernel cannot
    /// (before Linux 5.14, other systems).
    @discardableResult
    package static func back(_ regions: [(start: Int, length: Int)]) -> Bool {
        #if os(Linux)
        for r in regions {
            for piece in pieces(of: r) {
                guard let p = UnsafeMutableRawPointer(bitPattern: piece.start) else { break }
                if madvise(p, piece.length, 23) != 0 { return false }  // MADV_POPULATE_WRITE
            }
        }
        return true
        #else
        return false
        #endif
    }
}
