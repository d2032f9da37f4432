import Dispatch

/// Pieces of work made on several threads and handed on in order as soon as each one and
/// those before it are made, without rounds: a thread that has made its piece takes the next
/// one at once instead of waiting for the slowest piece of a round, and whichever thread makes
/// the piece next in order hands it on (with any made after it) while the others go on making.
///
/// The writers' chunks were made in rounds (``ParallelWork/map(_:threads:_:)``) and handed on
/// by the calling thread after each round: the thread that finished its last chunk first
/// waited for the other, and both waited while the round's bytes were copied into the output.
package enum OrderedChunks {
    /// Calls `make(0) … make(count - 1)` on up to `threads` threads and `deliver(k, make(k))`
    /// for each `k` in increasing order, one `deliver` at a time (on whichever thread; each
    /// call ordered after the ones before it). At most `window` pieces (at least one a thread)
    /// are made and not yet delivered at any time: a thread waits before taking a piece beyond.
    package static func run<T>(_ count: Int, threads: Int, window: Int, make: (Int) -> T, deliver: (Int, T) -> Void) {
        let width = min(threads, count)
        guard width > 1 else {
            for k in 0..<count { deliver(k, make(k)) }
            return
        }
        let pipe = ChunkPipe<T>(count: count, window: max(width, window))
        defer { pipe.free() }
        withoutActuallyEscaping(make) { make in
            withoutActuallyEscaping(deliver) { deliver in
                let work = ChunkWork(make: make, deliver: deliver)
                DispatchQueue.concurrentPerform(iterations: width) { _ in
                    while let k = pipe.take() {
                        pipe.finish(k, work.make(k), deliver: work.deliver)
                    }
                }
            }
        }
    }
}

/// The functions ``OrderedChunks/run(_:threads:window:make:deliver:)`` calls from several
/// threads: `make` only reads shared state; `deliver` is called by one thread at a time, each
/// call ordered after the one before by the pipe's lock.
private struct ChunkWork<T>: @unchecked Sendable {
    let make: (Int) -> T
    let deliver: (Int, T) -> Void
}

/// The pieces' state: which to take next, which are made, which to deliver next. A made
/// piece's value is stored in its slot before it is marked made (under the lock) and read
/// only after that mark is seen (under the lock), by the one thread delivering.
///
/// The lock is a semaphore, not a `Mutex`: ThreadSanitizer sees a semaphore's ordering (not
/// the futex calls `Mutex` locks with), so it checks the `deliver` calls the lock orders
/// instead of having the type suppressed. It is taken twice a piece, hundreds of times a run.
private final class ChunkPipe<T>: @unchecked Sendable {
    struct State {
        var nextTake = 0
        var nextDeliver = 0
        var delivering = false
        var made: [Bool]
    }

    let count: Int
    let state: SemaphoreLocked<State>
    let slots: UnsafeMutablePointer<T?>
    /// One permit a piece that may be made before it is delivered.
    let permits: DispatchSemaphore

    init(count: Int, window: Int) {
        self.count = count
        state = SemaphoreLocked(State(made: [Bool](repeating: false, count: count)))
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
        permits = DispatchSemaphore(value: window)
    }

    func free() {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// The next piece to make, once the window has room for it; nil when all are taken.
    func take() -> Int? {
        permits.wait()
        let k = state.withLock { s -> Int? in
            guard s.nextTake < count else { return nil }
            s.nextTake += 1
            return s.nextTake - 1
        }
        // No piece: the permit goes back for the next thread to find none either.
        if k == nil { permits.signal() }
        return k
    }

    /// Stores piece `k`; when it is the next in order and no thread is delivering, this thread
    /// delivers it and every piece made after it in order, until the next one is not made.
    func finish(_ k: Int, _ value: T, deliver: (Int, T) -> Void) {
        slots[k] = value
        let delivers = state.withLock { s -> Bool in
            s.made[k] = true
            guard !s.delivering, s.nextDeliver == k else { return false }
            s.delivering = true
            return true
        }
        guard delivers else { return }
        while true {
            let run = state.withLock { s -> Range<Int> in
                var end = s.nextDeliver
                while end < count, s.made[end] { end += 1 }
                let run = s.nextDeliver..<end
                s.nextDeliver = end
                if run.isEmpty { s.delivering = false }
                return run
            }
            if run.isEmpty { return }
            for j in run {
                let v = slots[j].take()!
                deliver(j, v)
                permits.signal()
            }
        }
    }
}

/// A value only read and written under a semaphore taken as a lock (``ChunkPipe``).
private final class SemaphoreLocked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = DispatchSemaphore(value: 1)

    init(_ value: Value) {
        self.value = value
    }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.wait()
        defer { lock.signal() }
        return body(&value)
    }
}
