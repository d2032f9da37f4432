extension CSSProperty {
    /// The property of a declaration name written as `b[r]` (identifier bytes) and that name
    /// lower-cased (ASCII letters only): the same as `of(_:)` of `CSSBytes.asciiLower(b, r)`,
    /// but the name is made only for `.other` and for names with capitals; a known property's
    /// name is shared text.
    static func named(_ b: [UInt8], _ r: Range<Int>) -> (property: CSSProperty, name: String) {
        let n = r.count
        // `of(_:)` knows no name of another length.
        guard n >= 4, n <= PropertyNames.longest else { return (.other, CSSBytes.asciiLower(b, r)) }
        var key = PropertyNames.Key()
        for k in r {
            let c = b[k]
            if c >= UInt8(ascii: "A"), c <= UInt8(ascii: "Z") {
                let name = CSSBytes.asciiLower(b, r)
                return (of(name), name)
            }
            key.append(c)
        }
        if let property = PropertyNames.property(key) { return (property, PropertyNames.names[Int(property.rawValue)]) }
        return (.other, CSSBytes.string(b, r))
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

        /// The slot where probing starts.
        var hash: Int {
            let h = (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F) ^ words.2 ^ UInt64(count)
            return Int(truncatingIfNeeded: (h &* 0x1656_67B1_9E37_79F9) >> 57)
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

    /// The property whose name has exactly the bytes of `key`, if any.
    static func property(_ key: Key) -> CSSProperty? {
        var h = key.hash
        while let property = slots[h].property {
            if slots[h].key == key { return property }
            h = (h + 1) & 127
        }
        return nil
    }
}
