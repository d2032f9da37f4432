import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where markup bytes go: an array (most writers), or a ``MarkupBuffer`` written in place (the
/// flattened body's chunks). The ``SVGMarkup`` functions are generic over it and specialized
/// for each.
package protocol MarkupOutput {
    /// Appends one byte.
    mutating func putByte(_ b: UInt8)
    /// Appends bytes.
    mutating func putBytes(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Calls `body` with room for `capacity` bytes; `body` writes at most that many at the
    /// pointer and returns how many it wrote.
    mutating func withPutRoom(_ capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int)
}

extension Array: MarkupOutput where Element == UInt8 {
    @inline(__always)
    package mutating func putByte(_ b: UInt8) { append(b) }

    @inline(__always)
    package mutating func putBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }

    /// A stack buffer appended in one call: an array append costs about a hundred
    /// instructions whatever its length.
    @inline(__always)
    package mutating func withPutRoom(_ capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buf in
            let n = body(buf.baseAddress!)
            if n > 0 { append(contentsOf: UnsafeBufferPointer(start: buf.baseAddress!, count: n)) }
        }
    }
}

/// Bytes written in place at the end of one growing buffer: an attribute or a number goes
/// straight where it belongs, with one test for room (an array append checks uniqueness and
/// capacity and copies from a stack buffer: about a hundred instructions each).
///
/// A value that owns memory it does not free by itself: the writer that made it calls
/// ``release()`` once its bytes are used (copies share the memory).
package struct MarkupBuffer: MarkupOutput, @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    /// An empty buffer with room for `capacity` bytes (at least 256).
    package init(capacity: Int) {
        self.capacity = max(capacity, 256)
        base = Self.allocate(self.capacity)
    }

    /// The bytes written.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes it has room for.
    package var room: Int { capacity }

    /// Frees the memory (no use of this value or its copies after).
    package func release() { free(base) }

    /// Forgets the bytes written, keeping the memory, with room for at least `capacity` bytes.
    package mutating func empty(reserving room: Int) {
        count = 0
        guard room > capacity else { return }
        // Nothing to keep: a new block, not a `realloc` that would copy the old bytes.
        free(base)
        capacity = room
        base = Self.allocate(room)
    }

    @inline(__always)
    package mutating func putByte(_ b: UInt8) {
        if count == capacity { grow(1) }
        base[count] = b
        count &+= 1
    }

    @inline(__always)
    package mutating func putBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress else { return }
        if bytes.count > capacity &- count { grow(bytes.count) }
        (base + count).update(from: from, count: bytes.count)
        count &+= bytes.count
    }

    @inline(__always)
    package mutating func withPutRoom(_ room: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if room > capacity &- count { grow(room) }
        count &+= body(base + count)
    }

    /// Room for `n` more bytes: at least double the capacity.
    ///
    /// By `realloc`, not a new block and a copy: glibc extends a block in place when the memory
    /// after it is free (a chunk's buffer is usually the last block of its thread's heap), moves
    /// a mapped block's pages (`mremap`), and copies only otherwise. Items of nested groups
    /// take more than the 160 bytes reserved (deep10k ~170: a matrix on most), so each chunk
    /// grew once, copying what it held: 1.6 M instructions of `memcpy` on deep10k.
    @inline(never)
    private mutating func grow(_ n: Int) {
        let newCapacity = max(2 * capacity, count + n)
        guard let bigger = realloc(base, newCapacity) else { fatalError("MarkupBuffer: out of memory") }
        base = bigger.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    /// `capacity` bytes from `malloc`, which ``grow(_:)`` can `realloc`. Running out of memory
    /// traps, as `UnsafeMutablePointer.allocate` (the allocation this replaced) does.
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let p = malloc(capacity) else { fatalError("MarkupBuffer: out of memory") }
        return p.assumingMemoryBound(to: UInt8.self)
    }
}

/// Chunk buffers passed from the writing threads to the delivering one and back: a chunk's
/// buffer is emptied and used again by a later chunk instead of being freed and a new one
/// taken. A new chunk's buffer was mostly fresh memory (about 700 of flat-1e5 → SVG's page
/// faults were the chunks' first writes), and a buffer that grew (nested groups' items take
/// more than the room reserved) grew again, by a copy, in the next chunk (0.6 M instructions
/// of `memcpy` on deep10k).
///
/// A new buffer takes the room the largest one given back had grown to: a kept buffer lies
/// below newer blocks, where `realloc` cannot extend it and copies it, and on two threads
/// several buffers are new before the first comes back.
package final class MarkupBuffers: @unchecked Sendable {
    /// The buffers given back, and the largest room one of them had.
    private let kept = Mutex<(buffers: [MarkupBuffer], largest: Int)>(([], 0))

    package init() {}

    deinit {
        for b in kept.withLock({ $0.buffers }) { b.release() }
    }

    /// An empty buffer with room for at least `capacity` bytes.
    package func take(capacity: Int) -> MarkupBuffer {
        let (reused, largest) = kept.withLock { k in (k.buffers.popLast(), k.largest) }
        guard var b = reused else { return MarkupBuffer(capacity: max(capacity, largest)) }
        b.empty(reserving: max(capacity, largest))
        return b
    }

    /// Takes back a buffer whose bytes are used (no use of it or its copies after).
    package func give(_ b: MarkupBuffer) {
        kept.withLock { k in
            k.buffers.append(b)
            k.largest = max(k.largest, b.room)
        }
    }
}
