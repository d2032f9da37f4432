import Dispatch
import Synchronization

extension ElementPrefetch {
    /// One block of entries, cut into chunks that the worker and the builder claim from one
    /// counter, in order, and fill in place (each its own range of `entries`): so a builder
    /// that reaches an entry not computed yet computes the next unclaimed chunk itself instead
    /// of waiting, at any point of the block, and sleeps only while the chunk it needs is being
    /// filled by the worker and no chunk is left to take. A chunk's entries are published by
    /// its bit in `done` (set with release, read with acquire).
    final class Block: @unchecked Sendable {
        let index: Int
        let range: Range<Int>
        /// Elements per chunk (the last chunk may have fewer), a power of two.
        let chunkShift: Int
        let chunkCount: Int
        /// The block's entries, `range.count` of them; a chunk's are initialized once its bit
        /// is set in `done`.
        let entries: UnsafeMutablePointer<Entry>
        /// The next chunk to claim (past `chunkCount`: none left).
        private let claimed = Atomic<Int>(0)
        /// Bit `k` set: chunk `k` is filled (at most 64 chunks a block).
        private let done = Atomic<UInt64>(0)
        /// The chunk the builder sleeps on (-1 when it does not), and its wake-up.
        private let sleepingOn = Atomic<Int>(-1)
        private let wake = DispatchSemaphore(value: 0)
        /// The builder's copy of `done` as last read (read and written by the builder only).
        private var seen: UInt64 = 0
        /// Where `entries` came from and goes back to.
        private let buffers: EntryBuffers

        init(index: Int, range: Range<Int>, chunk: Int, buffers: EntryBuffers) {
            self.index = index
            self.range = range
            // At most 64 chunks, so that `done` is one word.
            var shift = 0
            while 1 << shift < chunk || (range.count + (1 << shift) - 1) >> shift > 64 { shift += 1 }
            chunkShift = shift
            chunkCount = (range.count + (1 << shift) - 1) >> shift
            self.buffers = buffers
            entries = buffers.take(range.count)
        }

        deinit {
            // Every claimed chunk is filled before its claimer lets the block go; chunks left
            // unclaimed (the block given up by ``abandon()``) hold nothing. An entry whose style
            // the builder took holds the rest of its fields only.
            let filled = done.load(ordering: .acquiring)
            for k in 0..<chunkCount where filled & (1 << UInt64(k)) != 0 {
                let lower = k << chunkShift
                for i in lower..<min(range.count, lower + (1 << chunkShift)) { Entry.deinitialize(entries + i) }
            }
            buffers.give(entries, capacity: range.count)
        }

        /// Takes the next unclaimed chunk for the calling thread, nil when none is left.
        func claim() -> Int? {
            let k = claimed.wrappingAdd(1, ordering: .relaxed).oldValue
            return k < chunkCount ? k : nil
        }

        /// Leaves the chunks not yet claimed unfilled (the builder is done with the block).
        func abandon() {
            claimed.store(chunkCount, ordering: .relaxed)
        }

        /// Fills chunk `k` (claimed by the calling thread), publishes it and wakes the builder
        /// when it sleeps on it.
        func fill(_ k: Int, tree: ElementTree, cascade: StyleCascade, ancestors: AncestorStyles) {
            let lower = range.lowerBound + (k << chunkShift)
            let upper = min(range.upperBound, lower + (1 << chunkShift))
            ElementPrefetch.compute(lower..<upper, into: entries + (k << chunkShift), tree: tree, cascade: cascade, ancestors: ancestors)
            // Sequentially consistent with the builder's `sleepingOn` store and `done` load in
            // ``waitFor(_:)``: one of the two threads sees the other's write, so a sleeping
            // builder is always woken.
            done.bitwiseOr(1 << UInt64(k), ordering: .sequentiallyConsistent)
            if sleepingOn.load(ordering: .sequentiallyConsistent) == k,
                sleepingOn.compareExchange(expected: k, desired: -1, ordering: .sequentiallyConsistent).exchanged
            {
                wake.signal()
            }
        }

        /// The offset in the block (from its start) of the first entry not known to the builder
        /// as filled: the entries before it can be read without asking again.
        var filledPrefix: Int {
            min(range.count, (~seen).trailingZeroBitCount << chunkShift)
        }

        /// Whether chunk `k` is filled, as the builder sees it.
        private func isFilled(_ k: Int) -> Bool {
            if seen & (1 << UInt64(k)) != 0 { return true }
            seen = done.load(ordering: .acquiring)
            return seen & (1 << UInt64(k)) != 0
        }

        /// Waits, as the builder, until chunk `k` is filled: while it is not, the builder fills
        /// the next unclaimed chunk of this block and then of `then` (the block after it),
        /// and sleeps only when there is none. Returns how many chunks it filled.
        func waitFor(
            _ k: Int, then: Block?, tree: ElementTree, cascade: StyleCascade, ancestors: AncestorStyles
        ) -> Int {
            var filled = 0
            while !isFilled(k) {
                if let c = claim() {
                    fill(c, tree: tree, cascade: cascade, ancestors: ancestors)
                    filled += 1
                } else if let next = then, let c = next.claim() {
                    next.fill(c, tree: tree, cascade: cascade, ancestors: ancestors)
                    filled += 1
                } else {
                    sleepingOn.store(k, ordering: .sequentiallyConsistent)
                    if done.load(ordering: .sequentiallyConsistent) & (1 << UInt64(k)) == 0
                        || !sleepingOn.compareExchange(expected: k, desired: -1, ordering: .sequentiallyConsistent).exchanged
                    {
                        // Not filled yet, or filled and its filler has taken `sleepingOn` (and
                        // signals, or has signalled): the wake-up is consumed either way.
                        wake.wait()
                    }
                }
            }
            return filled
        }
    }

    /// The entries' memory of blocks let go, kept for the blocks after them. A block's entries
    /// (1,024 of 352 bytes) taken from malloc came mostly from new memory at the top of the
    /// heap (a freed block's memory went to the builder's smaller allocations): the blocks'
    /// first writes were 2,791 of the 12,167 page faults of flat-1e5 → SVG, on pages cold in
    /// the caches. At most four blocks are alive at once (the builder's, the next, the one it
    /// left and one being started), so a few buffers serve the whole document. (The run's
    /// page count barely moves: the other allocations now take the new pages the blocks took.)
    final class EntryBuffers: @unchecked Sendable {
        /// Entries per buffer: a block's, at most.
        let capacity: Int
        /// Buffers not in use (as addresses), and how many were allocated.
        private let state = Mutex<(kept: [UInt], made: Int)>(([], 0))
        /// Buffers kept at most; more are freed.
        static let limit = 4

        init(capacity: Int) {
            self.capacity = capacity
        }

        deinit {
            for address in state.withLock({ $0.kept }) {
                UnsafeMutablePointer<Entry>(bitPattern: address).unsafelyUnwrapped.deallocate()
            }
        }

        /// How many buffers were allocated so far (for the tests).
        var made: Int { state.withLock { $0.made } }

        /// Uninitialized memory for `count` entries.
        func take(_ count: Int) -> UnsafeMutablePointer<Entry> {
            guard count <= capacity else { return .allocate(capacity: count) }
            let address = state.withLock { s -> UInt? in
                if let a = s.kept.popLast() { return a }
                s.made += 1
                return nil
            }
            guard let address else { return .allocate(capacity: capacity) }
            return UnsafeMutablePointer(bitPattern: address).unsafelyUnwrapped
        }

        /// Takes back memory from ``take(_:)`` for `count` entries, its entries deinitialized.
        func give(_ entries: UnsafeMutablePointer<Entry>, capacity count: Int) {
            let address = UInt(bitPattern: entries)
            let keep = count <= capacity && state.withLock { s in
                guard s.kept.count < Self.limit else { return false }
                s.kept.append(address)
                return true
            }
            if !keep { entries.deallocate() }
        }
    }
}
