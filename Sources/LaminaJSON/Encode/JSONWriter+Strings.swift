/// String literals: the quoting and escaping of ``JSONWriter``.
extension JSONWriter {
    /// The longest string copied by the short path of ``appendQuoted(_:)``.
    private static let shortString = 256

    /// A JSON string literal: `"` `\` and control characters escaped, everything else as is.
    mutating func appendQuoted(_ s: String) {
        // A short native string (ids, colors, element names, path data) is copied straight
        // into the buffer while it is checked, eight bytes at a time and the rest as one more
        // word (``copyChecked``); the first byte to escape hands it to the general path.
        let done = s.utf8.withContiguousStorageIfAvailable { buf -> Bool in
            let n = buf.count
            guard n <= Self.shortString else { return false }
            let p = room(n + 2)
            p[0] = UInt8(ascii: "\"")
            if let from = buf.baseAddress, !Self.copyChecked(from, to: p + 1, count: n) { return false }
            p[n + 1] = UInt8(ascii: "\"")
            count += n + 2
            return true
        }
        if done == true { return }
        appendQuotedEscaping(s)
    }

    /// Copies `n` bytes from `from` to `to` unless one must be escaped (then returns false,
    /// some of them copied). Whole 8-byte words, the last one ending at the last byte
    /// (overlapping the one before); under eight bytes two overlapping 4-byte words, or the
    /// first, middle and last byte, tested as one word: no byte-by-byte loop, whose three
    /// tests a byte cost more than the copy of a color or an element name.
    @inline(__always)
    static func copyChecked(_ from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, count n: Int) -> Bool {
        let s = UnsafeRawPointer(from)
        let d = UnsafeMutableRawPointer(to)
        if n >= 8 {
            var k = 0
            while k &+ 8 < n {
                let w = s.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                if mustEscape(w) { return false }
                d.storeBytes(of: w, toByteOffset: k, as: UInt64.self)
                k &+= 8
            }
            let w = s.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            if mustEscape(w) { return false }
            d.storeBytes(of: w, toByteOffset: n &- 8, as: UInt64.self)
        } else if n >= 4 {
            let lo = s.loadUnaligned(as: UInt32.self)
            let hi = s.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
            if mustEscape(UInt64(lo) | UInt64(hi) &<< 32) { return false }
            d.storeBytes(of: lo, as: UInt32.self)
            d.storeBytes(of: hi, toByteOffset: n &- 4, as: UInt32.self)
        } else if n > 0 {
            let a = from[0], b = from[n &>> 1], c = from[n &- 1]
            // The five bytes not copied are `A`, which is never escaped.
            let w = UInt64(a) | UInt64(b) &<< 8 | UInt64(c) &<< 16 | 0x4141_4141_4100_0000
            if mustEscape(w) { return false }
            to[0] = a
            to[n &>> 1] = b
            to[n &- 1] = c
        }
        return true
    }

    /// Whether any of the eight bytes of `w` must be escaped in a JSON string (below 0x20, `"`
    /// or `\`). Exact: "a byte less than 0x20" is `(w - 0x20…) & ~w & 0x80…`, "a byte equal to
    /// c" a zero byte of `w ^ c…`, `(v - 0x01…) & ~v & 0x80…`; neither gives a false answer.
    @inline(__always)
    static func mustEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = w ^ (ones &* 0x22)
        let backslash = w ^ (ones &* 0x5C)
        let control = (w &- ones &* 0x20) & ~w
        let quotes = (quote &- ones) & ~quote
        let backslashes = (backslash &- ones) & ~backslash
        return (control | quotes | backslashes) & (ones &* 0x80) != 0
    }

    /// ``appendQuoted(_:)`` for any string: runs with nothing to escape found eight bytes at a
    /// time and copied whole.
    private mutating func appendQuotedEscaping(_ s: String) {
        put(UInt8(ascii: "\""))
        var text = s
        text.withUTF8 { buf in
            guard let base = buf.baseAddress else { return }
            let n = buf.count
            var runStart = 0
            var i = 0
            while i < n {
                if i &+ 8 <= n, !Self.mustEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                    i &+= 8
                    continue
                }
                let b = base[i]
                if b < 0x20 || b == 0x22 || b == 0x5C {
                    put(UnsafeBufferPointer(rebasing: buf[runStart..<i]))
                    runStart = i + 1
                    appendEscape(b)
                }
                i &+= 1
            }
            put(UnsafeBufferPointer(rebasing: buf[runStart..<n]))
        }
        put(UInt8(ascii: "\""))
    }

    /// The escape sequence of one byte that cannot appear raw in a JSON string.
    private mutating func appendEscape(_ b: UInt8) {
        put(UInt8(ascii: "\\"))
        switch b {
        case 0x22, 0x5C: put(b)
        case 0x0A: put(UInt8(ascii: "n"))
        case 0x0D: put(UInt8(ascii: "r"))
        case 0x09: put(UInt8(ascii: "t"))
        case 0x08: put(UInt8(ascii: "b"))
        case 0x0C: put(UInt8(ascii: "f"))
        default:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            raw("u00")
            put(digits[Int(b >> 4)])
            put(digits[Int(b & 0xF)])
        }
    }
}


/// Bytes taken from a ``JSONWriter`` (``JSONWriter/takeBytes()``): the buffers they were written
/// in, in order, each freed with the last reference. Offsets count from the first byte of the
/// first buffer, across the buffers.
final class WrittenBytes: @unchecked Sendable {
    /// One buffer and the bytes written in it.
    struct Segment {
        var base: UnsafeMutablePointer<UInt8>
        var count: Int
        var capacity: Int
    }

    /// The buffers in order (at least one; only the last may be empty); none once given back.
    private(set) var segments: [Segment]
    /// The bytes in all the buffers.
    let count: Int
    /// Where the buffers go back to (nil: freed).
    private let memory: ChunkMemory?

    init(segments: [Segment], count: Int, memory: ChunkMemory? = nil) {
        self.segments = segments
        self.count = count
        self.memory = memory
    }

    deinit { giveBack() }

    /// Gives the buffers back (to ``ChunkMemory`` or malloc) before the last reference goes:
    /// the writing thread that wrote them hands them on at once, for the next chunk to take.
    /// Called once, by the one owner; the bytes are gone after.
    func giveBack() {
        for segment in segments { ChunkMemory.give(segment.base, capacity: segment.capacity, to: memory) }
        segments = []
    }

    /// Calls `body` with the bytes in `range` (offsets into them), kept alive meanwhile; bytes
    /// from more than one buffer are joined into a temporary copy first.
    func withSlice<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var start = 0
        for segment in segments {
            if range.lowerBound >= start, range.upperBound <= start + segment.count {
                return withExtendedLifetime(self) {
                    body(UnsafeBufferPointer(start: segment.base + (range.lowerBound - start), count: range.count))
                }
            }
            start += segment.count
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(range.count)
        var cursor = ReadCursor()
        cursor.copy(upTo: range.lowerBound, from: self) { _ in }
        cursor.copy(upTo: range.upperBound, from: self) { joined.append(contentsOf: $0) }
        return joined.withUnsafeBufferPointer(body)
    }

    /// A position in the bytes, and the buffer it is in (read in order, one part at a time).
    struct ReadCursor {
        /// The offset of the next byte to read.
        private(set) var offset = 0
        /// The buffer being read (-1: none yet), its first byte and the offsets it spans.
        private var segment = -1
        private var base: UnsafePointer<UInt8>?
        private var segmentStart = 0
        /// The offset after the last byte of the buffer being read (0 before the first).
        private(set) var segmentEnd = 0

        /// The bytes from the cursor up to `end`, which is at most ``segmentEnd`` (all in the
        /// buffer being read: no look-up of the buffers); the cursor moves past them.
        @inline(__always)
        mutating func take(upTo end: Int) -> UnsafeBufferPointer<UInt8> {
            let part = UnsafeBufferPointer(start: base! + (offset - segmentStart), count: end - offset)
            offset = end
            return part
        }

        /// The bytes from the cursor up to `end`, or to the end of the buffer they start in if
        /// that comes first; the cursor moves past them. Called until ``offset`` is `end`: once
        /// for bytes within one buffer.
        @inline(__always)
        mutating func part(upTo end: Int, of bytes: WrittenBytes) -> UnsafeBufferPointer<UInt8> {
            while offset == segmentEnd { nextSegment(of: bytes) }
            let n = min(end, segmentEnd) - offset
            let part = UnsafeBufferPointer(start: base! + (offset - segmentStart), count: n)
            offset += n
            return part
        }

        private mutating func nextSegment(of bytes: WrittenBytes) {
            segment += 1
            let s = bytes.segments[segment]
            base = UnsafePointer(s.base)
            segmentStart = segmentEnd
            segmentEnd += s.count
        }

        /// Hands `body` the bytes from the cursor up to `end`, one part per buffer they are in.
        mutating func copy(upTo end: Int, from bytes: WrittenBytes, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            while offset < end { body(part(upTo: end, of: bytes)) }
        }
    }
}
