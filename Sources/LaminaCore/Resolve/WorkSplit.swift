import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a writer splits its work over threads: rounds of bounded chunks rendered at once, each
/// into its own buffer, and handed on in order (so the bytes never depend on the split).
package struct WorkSplit: Hashable, Sendable {
    /// The most threads to use at once (1: everything on the calling thread).
    package var threads: Int
    /// Items (drawables, layers) per chunk.
    package var chunkItems = 2048
    /// Chunks per thread in one round: a round holds `threads × chunksPerThread` chunk buffers.
    package var chunksPerThread = 4
    /// Inputs with fewer items are written on the calling thread (no thread start-up cost).
    package var sequentialBelow = 6000

    /// A split over at most `threads` threads (at least 1) with the default chunk sizes.
    package init(threads: Int) {
        self.threads = max(1, threads)
    }

    /// The processors this process may use (see ``Processors/available()``), at least 1.
    package static let processorCount: Int = Processors.available()

    /// Every processor.
    package static var automatic: WorkSplit { WorkSplit(threads: processorCount) }

    /// One thread only: the sequential writer.
    package static var sequential: WorkSplit { WorkSplit(threads: 1) }

    /// The share of the processors of one of `jobs` files converted at once (at least 1 thread).
    package static func sharing(jobs: Int) -> WorkSplit {
        WorkSplit(threads: processorCount / max(1, jobs))
    }

    /// The threads to use for `items` items: 1 below ``sequentialBelow``.
    package func threads(forItems items: Int) -> Int {
        items < sequentialBelow ? 1 : threads
    }

    /// Items per round for `threads` threads.
    package func roundItems(threads: Int) -> Int {
        max(1, chunkItems) * max(1, threads) * max(1, chunksPerThread)
    }
}

/// Running independent pieces of work on several threads.
package enum ParallelWork {
    /// `body(0) … body(count - 1)` on up to `threads` threads, results in index order.
    ///
    /// Each call must only read shared state; the results go to disjoint slots.
    package static func map<T>(_ count: Int, threads: Int, _ body: (Int) -> T) -> [T] {
        let width = min(threads, count)
        if width <= 1 { return (0..<count).map(body) }
        let slots = Slots<T>(count: count)
        defer { slots.free() }
        withoutActuallyEscaping(body) { body in
            let work = UncheckedWork(body: body)
            if width >= WorkSplit.processorCount {
                // Dispatch spreads the iterations over every processor, taking them as they come.
                DispatchQueue.concurrentPerform(iterations: count) { i in slots.set(i, work.body(i)) }
            } else {
                // Fewer threads than processors: each takes every `width`-th piece.
                DispatchQueue.concurrentPerform(iterations: width) { t in
                    var i = t
                    while i < count {
                        slots.set(i, work.body(i))
                        i += width
                    }
                }
            }
        }
        return slots.results()
    }
}

/// The work function, called from several threads at once. It only reads state that does not
/// change while ``ParallelWork/map(_:threads:_:)`` runs, so sharing it is safe.
private struct UncheckedWork<T>: @unchecked Sendable {
    let body: (Int) -> T
}

/// One result slot per piece. Each slot is written by exactly one thread, and read only after
/// `concurrentPerform` has returned (which orders every write before the reads).
private struct Slots<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    func set(_ i: Int, _ value: T) {
        buffer[i] = value
    }

    func results() -> [T] {
        buffer.compactMap { $0 }
    }

    func free() {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }
}
