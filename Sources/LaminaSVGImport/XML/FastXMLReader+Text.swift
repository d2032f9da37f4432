#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Character data of ``FastXMLReader``: attribute values, text, CDATA and references.
extension FastXMLReader {
    // MARK: - Character data

    /// Where the value starting at `start` ends (its closing `quote`), and whether it is copied
    /// as it is: ASCII with no reference, `<` or control byte. Eight bytes at a time.
    @inline(__always) func valueExtent(from start: Int, quote: UInt8) throws(Decline) -> (end: Int, plain: Bool) {
        var i = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let q = ones &* UInt64(quote)
        let amp = ones &* 0x26
        let lt = ones &* 0x3C
        /// Whether a byte of `v` is zero.
        @inline(__always) func zeroByte(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        while i + 8 <= n {
            let x = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            // Bytes below 0x20 or from 0x80, `&`, `<` or the quote.
            let special = ((x &- ones &* 0x20) & ~x & highs) | (x & highs) | zeroByte(x ^ amp) | zeroByte(x ^ lt) | zeroByte(x ^ q)
            if special != 0 {
                // The lowest flag is exact (a borrow only runs up from a flagged byte): the first
                // special byte is the quote, or the value is not plain.
                let k = i + special.trailingZeroBitCount >> 3
                if base[k] == quote { return (k, true) }
                i = k
                break
            }
            i += 8
        }
        while i < n {
            let b = base[i]
            if b == quote { return (i, true) }
            if b < 0x20 || b >= 0x80 || b == 0x26 || b == 0x3C { break }
            i += 1
        }
        guard i < n, let hit = memchr(base + i, Int32(quote), n - i) else { throw Decline() }
        return (UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base, false)
    }

    /// Writes an attribute value with references replaced and white space normalized at `out`
    /// (room for `end - start` bytes); returns the bytes written.
    func decodeValue(_ start: Int, _ end: Int, into out: UnsafeMutablePointer<UInt8>) throws(Decline) -> Int {
        var i = start
        var run = start
        var o = 0
        while i < end {
            let b = base[i]
            if b >= 0x20, b < 0x80, b != 0x26, b != 0x3C {
                i += 1
                continue
            }
            if i > run {
                (out + o).update(from: base + run, count: i - run)
                o += i - run
            }
            switch b {
            case 0x09, 0x0A:
                out[o] = 0x20
                o += 1
                i += 1
            case 0x0D:
                out[o] = 0x20
                o += 1
                i += (i + 1 < end && base[i + 1] == 0x0A) ? 2 : 1
            case 0x26:
                i = try reference(i, end, into: out, at: &o)
            case 0x80...:
                let k = try Self.scalarLength(base, i, end)
                (out + o).update(from: base + i, count: k)
                o += k
                i += k
            default:
                throw Decline()
            }
            run = i
        }
        if i > run {
            (out + o).update(from: base + run, count: i - run)
            o += i - run
        }
        return o
    }

    /// Character data between tags: added to the pending text run while an element is open.
    func text(_ start: Int, _ end: Int) throws(Decline) {
        if pendingStart < 0 { pendingStart = textCount }
        let out = textOut
        var o = textCount
        var i = start
        var run = start
        while i < end {
            let b = base[i]
            if b >= 0x20, b < 0x80, b != 0x26, b != 0x5D {
                i += 1
                continue
            }
            if b == 0x0A || b == 0x09 {
                i += 1
                continue
            }
            if i > run {
                (out + o).update(from: base + run, count: i - run)
                o += i - run
            }
            switch b {
            case 0x0D:
                out[o] = 0x0A
                o += 1
                i += (i + 1 < end && base[i + 1] == 0x0A) ? 2 : 1
            case 0x26:
                i = try reference(i, end, into: out, at: &o)
            case 0x5D:
                if i + 2 < n, base[i + 1] == 0x5D, base[i + 2] == 0x3E { throw Decline() }
                out[o] = 0x5D
                o += 1
                i += 1
            case 0x80...:
                let k = try Self.scalarLength(base, i, end)
                (out + o).update(from: base + i, count: k)
                o += k
                i += k
            default:
                throw Decline()
            }
            run = i
        }
        if i > run {
            (out + o).update(from: base + run, count: i - run)
            o += i - run
        }
        textCount = o
    }

    /// A CDATA section at `lt`: its content joins the pending text run.
    func cdata(_ lt: Int) throws(Decline) -> Int {
        let start = lt + 9
        guard let end = find("]]>", from: start) else { throw Decline() }
        if pendingStart < 0 { pendingStart = textCount }
        let out = textOut
        var o = textCount
        var i = start
        var run = start
        while i < end {
            let b = base[i]
            if (b >= 0x20 && b < 0x80) || b == 0x0A || b == 0x09 {
                i += 1
                continue
            }
            if i > run {
                (out + o).update(from: base + run, count: i - run)
                o += i - run
            }
            if b == 0x0D {
                out[o] = 0x0A
                o += 1
                i += (i + 1 < end && base[i + 1] == 0x0A) ? 2 : 1
            } else if b >= 0x80 {
                let k = try Self.scalarLength(base, i, end)
                (out + o).update(from: base + i, count: k)
                o += k
                i += k
            } else {
                throw Decline()
            }
            run = i
        }
        if i > run {
            (out + o).update(from: base + run, count: i - run)
            o += i - run
        }
        textCount = o
        return end + 3
    }

    /// Keeps the pending text run when it is inside `text` or holds more than white space.
    func flushText() {
        guard pendingStart >= 0 else { return }
        let start = pendingStart
        pendingStart = -1
        if let top = stack.last {
            var keep = textDepth > 0
            var k = start
            while !keep, k < textCount {
                let b = textOut[k]
                keep = !(b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09)
                k += 1
            }
            if keep {
                builder.appendText(parent: parentOfText(top), start: start, count: textCount - start)
                return
            }
        }
        textCount = start
    }

    /// A reference at `amp` (before `end`): appends its character and returns the offset after
    /// it. Only the predefined entities and character references of XML characters are read.
    func reference(_ amp: Int, _ end: Int, into out: UnsafeMutablePointer<UInt8>, at o: inout Int) throws(Decline) -> Int {
        var i = amp + 1
        guard i < end else { throw Decline() }
        if base[i] == 0x23 {
            i += 1
            var value: UInt32 = 0
            var digits = 0
            if i < end, base[i] == 0x78 {
                i += 1
                while i < end, let d = Self.hexValue(base[i]) {
                    value = min(value &* 16 &+ d, 0x11_0000)
                    digits += 1
                    i += 1
                }
            } else {
                while i < end, base[i] >= 0x30, base[i] <= 0x39 {
                    value = min(value &* 10 &+ UInt32(base[i] - 0x30), 0x11_0000)
                    digits += 1
                    i += 1
                }
            }
            guard digits > 0, i < end, base[i] == 0x3B, Self.isXMLCharacter(value), let scalar = Unicode.Scalar(value) else {
                throw Decline()
            }
            for byte in UTF8.encode(scalar)! {
                out[o] = byte
                o += 1
            }
            return i + 1
        }
        let nameStart = i
        while i < end, i - nameStart < 5, base[i] != 0x3B { i += 1 }
        guard i < end, base[i] == 0x3B else { throw Decline() }
        let c: UInt8
        switch (i - nameStart, base[nameStart], base[nameStart + 1]) {
        case (2, 0x6C, 0x74): c = 0x3C  // lt
        case (2, 0x67, 0x74): c = 0x3E  // gt
        case (3, 0x61, 0x6D) where base[nameStart + 2] == 0x70: c = 0x26  // amp
        case (4, 0x61, 0x70) where base[nameStart + 2] == 0x6F && base[nameStart + 3] == 0x73: c = 0x27  // apos
        case (4, 0x71, 0x75) where base[nameStart + 2] == 0x6F && base[nameStart + 3] == 0x74: c = 0x22  // quot
        default: throw Decline()
        }
        out[o] = c
        o += 1
        return i + 1
    }
}
