#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Byte-level helpers of ``FastXMLReader``: scanning, character classes, URI checks.
extension FastXMLReader {
    // MARK: - Bytes

    @inline(__always) func skipSpace(_ start: Int) -> Int {
        var i = start
        while i < n, Self.isSpace(base[i]) { i += 1 }
        return i
    }

    @inline(__always) func startsWith(_ s: StaticString, at i: Int) -> Bool {
        let count = s.utf8CodeUnitCount
        return i >= 0 && i + count <= n && memcmp(base + i, s.utf8Start, count) == 0
    }

    /// The offset of the first `s` at or after `from`, or nil.
    func find(_ s: StaticString, from: Int) -> Int? {
        let count = s.utf8CodeUnitCount
        let first = Int32(s.utf8Start[0])
        var i = from
        while i + count <= n, let hit = memchr(base + i, first, n - i) {
            let k = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
            if k + count > n { return nil }
            if memcmp(base + k, s.utf8Start, count) == 0 { return k }
            i = k + 1
        }
        return nil
    }

    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }

    @inline(__always) static func isNameStart(_ b: UInt8) -> Bool {
        let l = b | 0x20
        return (l >= 0x61 && l <= 0x7A) || b == 0x5F
    }

    /// ``isNameByte`` by table: a bit per ASCII byte.
    @inline(__always) static func isNameByteFast(_ b: UInt8) -> Bool {
        // Bits 0x2D `-`, 0x2E `.`, 0x30–0x39; 0x41–0x5A, 0x5F `_`, 0x61–0x7A.
        let low: UInt64 = 0x03FF_6000_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        let word = b < 64 ? low : high
        return b < 128 && (word >> UInt64(b & 63)) & 1 != 0
    }

    @inline(__always) static func isNameByte(_ b: UInt8) -> Bool {
        let l = b | 0x20
        return (l >= 0x61 && l <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D || b == 0x2E
    }

    static func isPublicIDByte(_ b: UInt8) -> Bool {
        let l = b | 0x20
        if (l >= 0x61 && l <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x20 { return true }
        switch b {
        case 0x2D, 0x27, 0x28, 0x29, 0x2B, 0x2C, 0x2E, 0x2F, 0x3A, 0x3D, 0x3F, 0x3B, 0x21, 0x2A, 0x23, 0x40, 0x24, 0x5F, 0x25:
            return true
        default: return false
        }
    }

    @inline(__always) static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x61...0x66: return UInt32(b - 0x61 + 10)
        case 0x41...0x46: return UInt32(b - 0x41 + 10)
        default: return nil
        }
    }

    /// Whether `v` is a character XML allows (C1 controls excluded, to stay on the safe side).
    static func isXMLCharacter(_ v: UInt32) -> Bool {
        switch v {
        case 0x09, 0x0A, 0x0D: return true
        case 0x20..<0x7F, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: return true
        case 0x7F: return true
        default: return false
        }
    }

    /// The length of the well-formed UTF-8 sequence at `i` (a byte ≥ 0x80) of an XML character
    /// ending before `end`; throws on anything else.
    @inline(__always) static func scalarLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) throws(Decline) -> Int {
        let b0 = p[i]
        func cont(_ k: Int) -> UInt32? {
            guard i + k < end else { return nil }
            let b = p[i + k]
            return b & 0xC0 == 0x80 ? UInt32(b & 0x3F) : nil
        }
        let v: UInt32
        let length: Int
        switch b0 {
        case 0xC2...0xDF:
            guard let c1 = cont(1) else { throw Decline() }
            v = UInt32(b0 & 0x1F) << 6 | c1
            length = 2
        case 0xE0...0xEF:
            guard let c1 = cont(1), let c2 = cont(2) else { throw Decline() }
            v = UInt32(b0 & 0x0F) << 12 | c1 << 6 | c2
            length = 3
            guard v >= 0x800 else { throw Decline() }
        case 0xF0...0xF4:
            guard let c1 = cont(1), let c2 = cont(2), let c3 = cont(3) else { throw Decline() }
            v = UInt32(b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
            length = 4
            guard v >= 0x1_0000 else { throw Decline() }
        default:
            throw Decline()
        }
        guard isXMLCharacter(v) else { throw Decline() }
        return length
    }

    /// A conservative test for an absolute URI libxml2 parses without a word: a scheme, an
    /// authority of host characters and an optional numeric port, and a path, query and
    /// fragment of RFC 3986 characters (percent escapes complete, one `#` at most).
    static func isAbsoluteURI(_ u: [UInt8]) -> Bool {
        guard let first = u.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A else { return false }
        var i = 1
        while i < u.count {
            let b = u[i]
            let l = b | 0x20
            if (l >= 0x61 && l <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E {
                i += 1
            } else {
                break
            }
        }
        guard i < u.count, u[i] == 0x3A else { return false }
        i += 1
        func isUnreservedOrSub(_ b: UInt8) -> Bool {
            let l = b | 0x20
            if (l >= 0x61 && l <= 0x7A) || (b >= 0x30 && b <= 0x39) { return true }
            switch b {
            case 0x2D, 0x2E, 0x5F, 0x7E, 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D: return true
            default: return false
            }
        }
        func escape(_ k: Int) -> Bool {
            k + 2 < u.count && hexValue(u[k + 1]) != nil && hexValue(u[k + 2]) != nil
        }
        if i + 1 < u.count, u[i] == 0x2F, u[i + 1] == 0x2F {
            i += 2
            while i < u.count, u[i] != 0x2F, u[i] != 0x3F, u[i] != 0x23, u[i] != 0x3A {
                if u[i] == 0x25 {
                    guard escape(i) else { return false }
                    i += 3
                } else {
                    guard isUnreservedOrSub(u[i]) else { return false }
                    i += 1
                }
            }
            if i < u.count, u[i] == 0x3A {
                i += 1
                while i < u.count, u[i] >= 0x30, u[i] <= 0x39 { i += 1 }
            }
            guard i == u.count || u[i] == 0x2F || u[i] == 0x3F || u[i] == 0x23 else { return false }
        }
        var fragment = false
        while i < u.count {
            let b = u[i]
            if b == 0x25 {
                guard escape(i) else { return false }
                i += 3
                continue
            }
            if b == 0x23 {
                if fragment { return false }
                fragment = true
            } else if !(isUnreservedOrSub(b) || b == 0x3A || b == 0x40 || b == 0x2F || b == 0x3F) {
                return false
            }
            i += 1
        }
        return true
    }
}

/// A growable column of plain values written in place, handed over as an array at the end.
/// It may fill a buffer it is given (an array's storage, ``init(filling:)``) until it outgrows it.
struct RawColumn<T: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var count = 0
    private(set) var capacity: Int
    /// `base` is the buffer given to ``init(filling:)``: not this column's to free.
    private(set) var fillsGivenBuffer = false

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// A column written into `buffer` (uninitialized) until it outgrows it; then into its own.
    init(filling buffer: UnsafeMutableBufferPointer<T>) {
        precondition(buffer.count > 0, "a column needs room")
        base = buffer.baseAddress!
        capacity = buffer.count
        fillsGivenBuffer = true
    }

    @inline(__always) mutating func append(_ value: T) {
        if count == capacity { grow() }
        (base + count).initialize(to: value)
        // Below the capacity, which is an allocation's size: no overflow to check.
        count &+= 1
    }

    mutating func truncate(to k: Int) { count = min(count, k) }

    /// Makes room for `k` more values, counts them in, and returns where they go (to be written
    /// by the caller before the column is read).
    mutating func extend(by k: Int) -> UnsafeMutablePointer<T> {
        while count + k > capacity { grow() }
        let at = base + count
        count += k
        return at
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<T>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        if !fillsGivenBuffer { base.deallocate() }
        fillsGivenBuffer = false
        base = bigger
        capacity *= 2
    }

    /// The values in the buffer given to ``init(filling:)``: all of them, or none once the
    /// column outgrew it (its values are then in the column's own buffer).
    var countInGivenBuffer: Int { fillsGivenBuffer ? count : 0 }

    func array() -> [T] { Array(UnsafeBufferPointer(start: base, count: count)) }

    func deallocate() { if !fillsGivenBuffer { base.deallocate() } }
}
