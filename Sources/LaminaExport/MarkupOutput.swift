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
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    /// The bytes written.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Frees the memory (no use of this value or its copies after).
    package func release() { base.deallocate() }

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
    @inline(never)
    private mutating func grow(_ n: Int) {
        let newCapacity = max(2 * capacity, count + n)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }
}
