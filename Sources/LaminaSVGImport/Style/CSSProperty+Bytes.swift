extension CSSProperty {
    /// The property of a declaration name written as `b[r]` (identifier bytes) in any ASCII
    /// case: the same as `of(_:)` of `CSSBytes.asciiLower(b, r)`, looked up from the bytes
    /// without making a `String`. Inlined into the `style` reading, once per declaration.
    @inline(__always) static func of(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> CSSProperty {
        // `of(_:)` knows no name of another length.
        let s = r.lowerBound, e = r.upperBound
        guard e - s >= 4, e - s <= PropertyNames.longest, let base = b.baseAddress else { return .other }
        let count = e - s
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        if s + 24 <= b.count {
            // The buffer holds 24 bytes from the name's start (nearly always: a value's name is
            // followed by the rest of the arena): three loads, the bytes past the name masked
            // off, instead of a `memcpy` call and a round trip through the stack.
            let p = UnsafeRawPointer(base + s)
            words.0 = p.loadUnaligned(as: UInt64.self).littleEndian & lowBytes(count)
            words.1 = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian & lowBytes(count &- 8)
            words.2 = p.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian & lowBytes(count &- 16)
        } else {
            // The name's bytes copied into three zeroed words (one copy, not a loop per byte).
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base + s, byteCount: count) }
            words = (words.0.littleEndian, words.1.littleEndian, words.2.littleEndian)
        }
        // A known name is ASCII.
        guard (words.0 | words.1 | words.2) & 0x8080_8080_8080_8080 == 0 else { return .other }
        var key = PropertyNames.Key()
        key.words = (lowered(words.0), lowered(words.1), lowered(words.2))
        key.count = count
        return PropertyNames.property(key) ?? .other
    }

    /// A word keeping its lowest `count` bytes (all eight from 8 on, none from 0 down).
    @inline(__always) static func lowBytes(_ count: Int) -> UInt64 {
        count >= 8 ? ~0 : count <= 0 ? 0 : (1 &<< UInt64(8 &* count)) &- 1
    }

    /// Eight ASCII bytes packed little-endian, each of `A`…`Z` lower-cased, as
    /// ``PropertyNames/Key/append(_:)`` packs a name's: all eight at once (no byte has its top bit,
    /// so adding below 0x80 carries into no other byte).
    @inline(__always) static func lowered(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // The top bit of each byte: set from `A` (0x41) up, and from past `Z` (0x5B) up.
        let fromA = w &+ ones &* (0x80 - 0x41), pastZ = w &+ ones &* (0x80 - 0x5B)
        let upper = fromA & ~pastZ & 0x8080_8080_8080_8080
        return w | upper >> 2
    }

    /// The property of a declaration name written as `b[r]` and that name lower-cased (ASCII
    /// letters only): the same as `of(_:)` of `CSSBytes.asciiLower(b, r)`.
    static func named(_ b: [UInt8], _ r: Range<Int>) -> (property: CSSProperty, name: String) {
        let property = b.withUnsafeBufferPointer { of($0, r) }
        if property != .other { return (property, PropertyNames.names[Int(property.rawValue)]) }
        return (.other, CSSBytes.asciiLower(b, r))
    }
}

/// The names of the known properties packed into words, in a small open-addressing hash table,
/// so that a declaration name is looked up from its bytes without making or hashing a `String`.
enum PropertyNames {
    /// The longest known name, in bytes.
    static let longest = 17

    /// Up to 24 name bytes, packed little-endian into three words (zero padded), and the count.
    struct Key: Equatable {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0

        /// Adds one byte (at most 24 in all).
        @inline(__always) mutating func append(_ c: UInt8) {
            let v = UInt64(c) << UInt64(8 * (count & 7))
            switch count >> 3 {
            case 0: words.0 |= v
            case 1: words.1 |= v
            default: words.2 |= v
            }
            count += 1
        }

        /// The slot where probing starts. The last multiplier gives each known name a slot of
        /// its own (found by trying odd constants), so a known name is found at the first probe.
        /// Inlined: the look-up inlined into the `style` reading called it.
        @inline(__always) var hash: Int {
            let h = (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F) ^ words.2 ^ UInt64(count)
            return Int(truncatingIfNeeded: (h &* 0x5DFB_D3D1_2C4A_3699) >> 57)
        }

        static func == (a: Key, b: Key) -> Bool {
            a.count == b.count && a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2
        }
    }

    /// The name of each property by raw value (empty for `.other`).
    static let names: [String] = {
        var names = Array(repeating: "", count: Int(CSSProperty.other.rawValue) + 1)
        for (name, property) in CSSProperty.byName { names[Int(property.rawValue)] = name }
        return names
    }()

    /// The hash table: each slot's key and property (nil when free); 128 slots for 28 names.
    private static let slots: [(key: Key, property: CSSProperty?)] = {
        var slots = Array(repeating: (key: Key(), property: CSSProperty?.none), count: 128)
        for (name, property) in CSSProperty.byName {
            var key = Key()
            for c in name.utf8 { key.append(c) }
            var h = key.hash
            while slots[h].property != nil { h = (h + 1) & 127 }
            slots[h] = (key, property)
        }
        return slots
    }()

    /// How many slots finding `key` looks at (a known name: 1 when it is in its home slot).
    static func probes(_ key: Key) -> Int {
        var h = key.hash, n = 1
        while slots[h].property != nil, slots[h].key != key {
            h = (h + 1) & 127
            n += 1
        }
        return n
    }

    /// The property whose name has exactly the bytes of `key`, if any. Inlined: the call and
    /// its saved registers were a fifth of a `style` declaration's look-up.
    @inline(__always) static func property(_ key: Key) -> CSSProperty? {
        var h = key.hash
        while let property = slots[h].property {
            if slots[h].key == key { return property }
            h = (h + 1) & 127
        }
        return nil
    }
}
