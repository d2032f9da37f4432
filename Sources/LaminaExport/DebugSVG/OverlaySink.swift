import LaminaGeometry

/// Where the overlay's markup goes: a `[UInt8]`, or a ``MarkBytes`` buffer for the layers'
/// marks (thousands of short appends a piece, each dearer through `Array.append(contentsOf:)`
/// than a plain copy).
protocol OverlaySink {
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Appends a run of bytes.
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Appends the text of a number (``NumberText``).
    mutating func appendNumber(_ value: Double)
}

extension OverlaySink {
    mutating func appendNumber(_ value: Double) {
        NumberText.withUTF8(value) { appendBytes($0) }
    }
}

extension Array: OverlaySink where Element == UInt8 {
    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

/// A growable byte buffer written through a pointer; ``finish()`` hands the bytes over as an
/// array and frees the buffer (call it exactly once).
struct MarkBytes: OverlaySink {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 256)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0, let source = bytes.baseAddress else { return }
        if count + n > capacity { grow(to: count + n) }
        let target = base + count
        if n <= 16 {
            for i in 0..<n { target[i] = source[i] }
        } else {
            target.update(from: source, count: n)
        }
        count += n
    }

    /// Writes the number's digits straight into the buffer.
    @inline(__always)
    mutating func appendNumber(_ value: Double) {
        if count + NumberText.maximumByteCount > capacity { grow(to: count + NumberText.maximumByteCount) }
        count += NumberText.write(value, to: base + count)
    }

    /// Doubles the buffer (at least to `needed` bytes); allocates one after ``finish()``.
    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2, 256)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        if capacity > 0 {
            moved.update(from: base, count: count)
            base.deallocate()
        }
        base = moved
        capacity = larger
    }

    /// The bytes written, as an array; the buffer is freed. The sink is then empty with no room
    /// (its pointer no longer owned): a later append allocates afresh, and nothing is freed twice.
    mutating func finish() -> [UInt8] {
        let bytes = Array(UnsafeBufferPointer(start: base, count: count))
        if capacity > 0 { base.deallocate() }
        capacity = 0
        count = 0
        return bytes
    }
}
