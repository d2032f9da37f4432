import Synchronization

/// The buffers of ``LayerEncoder``'s chunks, passed from the threads that write them to the one
/// that copies them into the document and back: a later chunk writes in the memory of one
/// already copied instead of taking new memory. A new chunk's buffers were mostly fresh
/// memory (1,143 of flat-1e5 → JSON's page faults, 2,272 of deep-1e5's, were the chunks'
/// first writes), and one that filled was followed by a second, its pieces across the two
/// copied in parts.
final class ChunkMemory: @unchecked Sendable {
    /// Kept buffers, as addresses and capacities.
    private let kept = Mutex<[(address: UInt, capacity: Int)]>([])
    /// Buffers kept at most; more are freed.
    static let limit = 64
    /// Smaller buffers are freed (malloc's bins reuse those well enough).
    static let smallest = 1 << 16

    init() {}

    /// How many buffers are kept (for the tests).
    var keptCount: Int { kept.withLock { $0.count } }

    deinit {
        for b in kept.withLock({ $0 }) { UnsafeMutablePointer<UInt8>(bitPattern: b.address).unsafelyUnwrapped.deallocate() }
    }

    /// A buffer of at least `n` bytes from `memory` (a kept one when one is big enough), or
    /// a new one; and its capacity.
    static func take(_ n: Int, from memory: ChunkMemory?) -> (UnsafeMutablePointer<UInt8>, Int) {
        if let memory, n >= smallest, let b = memory.kept.withLock({ kept -> (address: UInt, capacity: Int)? in
            // The smallest that fits, so that a large one stays for a large request.
            var best: Int?
            for (k, b) in kept.enumerated() where b.capacity >= n && b.capacity < best.map({ kept[$0].capacity }) ?? .max {
                best = k
            }
            return best.map { kept.remove(at: $0) }
        }) {
            return (UnsafeMutablePointer(bitPattern: b.address).unsafelyUnwrapped, b.capacity)
        }
        return (.allocate(capacity: n), n)
    }

    /// Gives back a buffer of `capacity` bytes from ``take(_:from:)`` to `memory`, or frees it.
    static func give(_ base: UnsafeMutablePointer<UInt8>, capacity: Int, to memory: ChunkMemory?) {
        let address = UInt(bitPattern: base)
        let keep = capacity >= smallest && memory?.kept.withLock { kept in
            guard kept.count < limit else { return false }
            kept.append((address, capacity))
            return true
        } == true
        if !keep { base.deallocate() }
    }
}
