/// The bytes that came between a name and the next attribute's value the last two times they
/// differed, by that name: from the attribute's white space to its value's opening quote
/// (` x="`), at most 16 bytes, with the attribute's name id. The name before is the element's (the tag's first attribute) or an
/// attribute's (``key(element:)``, ``key(attribute:)``).
///
/// In most documents an attribute follows one of the attributes that followed the same name
/// before (`x` then `y`, `width` then `height`, `fill` then `stroke` or `transform`): the reader then recognises it by comparing two words of the input
/// with the bytes kept, instead of scanning its white space, finding its name's end, hashing its
/// name and probing ``ShortNameTable``, checking `=` and the quote. Equal bytes give what that
/// reading gave for them (``FastXMLReader/quickName(at:)`` depends on
/// nothing else, and a name in the short table keeps its id), so a match reads the same.
struct AttributePrefixes {
    /// The bytes of one prefix as two little-endian words zero past the prefix, and the masks
    /// of its bytes; an empty entry matches nothing (no masked word is all ones).
    struct Entry {
        var w0: UInt64 = ~0
        var w1: UInt64 = 0
        var m0: UInt64 = 0
        var m1: UInt64 = 0
        /// The attribute's name id, and the prefix's length (its last byte is the quote).
        var id: Int32 = -1
        var count: Int32 = 0
    }

    private var entries = RawColumn<Entry>(capacity: 64)

    /// The key of what follows element name `id` (even keys) or attribute name `id` (odd keys).
    @inline(__always) static func key(element id: Int32) -> Int { Int(id) &<< 1 }
    @inline(__always) static func key(attribute id: Int32) -> Int { Int(id) &<< 1 | 1 }

    /// The attribute name id and prefix length kept for `key`, when the 16 bytes at `p` begin
    /// with one of the two prefixes kept (the one that matched is then tried first next time).
    @inline(__always) mutating func match(_ key: Int, at p: UnsafePointer<UInt8>) -> (id: Int32, count: Int)? {
        guard 2 &* key &+ 1 < entries.count else { return nil }
        let raw = UnsafeRawPointer(p)
        let a = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let b = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let first = entries.base + 2 &* key
        let e = first.pointee
        if a & e.m0 == e.w0, b & e.m1 == e.w1 { return (e.id, Int(e.count)) }
        let f = (first + 1).pointee
        guard a & f.m0 == f.w0, b & f.m1 == f.w1 else { return nil }
        (first + 1).pointee = e
        first.pointee = f
        return (f.id, Int(f.count))
    }

    /// Keeps the `count` bytes at `p` (16 of which are readable) as the first prefix after
    /// `key` of attribute name `id`, the first one kept before becoming the second; a longer
    /// prefix is kept as an empty entry.
    @inline(never) mutating func remember(_ key: Int, _ p: UnsafePointer<UInt8>, count: Int, id: Int32) {
        while entries.count <= 2 * key + 1 { entries.append(Entry()) }
        let first = entries.base + 2 * key
        (first + 1).pointee = first.pointee
        guard count >= 1, count <= 16 else {
            first.pointee = Entry()
            return
        }
        let (w0, w1) = ShortNameTable.words(p, count: count)
        let m0: UInt64 = count >= 8 ? ~0 : (1 &<< UInt64(8 * count)) &- 1
        let m1: UInt64 = count <= 8 ? 0 : count == 16 ? ~0 : (1 &<< UInt64(8 * (count - 8))) &- 1
        first.pointee = Entry(w0: w0, w1: w1, m0: m0, m1: m1, id: id, count: Int32(count))
    }

    func deallocate() { entries.deallocate() }
}
