#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Names and namespaces of ``FastXMLReader``: interning, prefixes, the namespace rules.
extension FastXMLReader {
    // MARK: - Names and namespaces

    func isNamespaceDeclaration(_ name: Name) -> Bool {
        if name.colon < 0 { return name.end - name.start == 5 && startsWith("xmlns", at: name.start) }
        return name.colon - name.start == 5 && startsWith("xmlns", at: name.start)
    }

    func declare(_ name: Name, _ valueStart: Int, _ valueEnd: Int, plain: Bool, since first: Int) throws(Decline) {
        var scratch = [UInt8](repeating: 0, count: valueEnd - valueStart)
        if plain {
            scratch.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: base + valueStart, count: valueEnd - valueStart) }
        } else {
            let count = try scratch.withUnsafeMutableBufferPointer { b throws(Decline) in try decodeValue(valueStart, valueEnd, into: b.baseAddress!) }
            scratch.removeSubrange(count...)
        }
        let prefixStart = name.colon < 0 ? name.start : name.colon + 1
        let prefixCount = name.colon < 0 ? 0 : name.end - prefixStart
        if prefixCount > 0 {
            // `xml` and `xmlns` cannot be declared, and no prefix may be undeclared.
            if prefixCount == 3, startsWith("xml", at: prefixStart) { throw Decline() }
            if prefixCount == 5, startsWith("xmlns", at: prefixStart) { throw Decline() }
            if scratch.isEmpty { throw Decline() }
        }
        let uri: Int32
        if scratch.isEmpty {
            uri = -1
        } else {
            guard Self.isAbsoluteURI(scratch) else { throw Decline() }
            let s = String(decoding: scratch, as: UTF8.self)
            if s == XMLNamespace.xml || s == "http://www.w3.org/2000/xmlns/" { throw Decline() }
            if let known = uriIndex[s] {
                uri = known
            } else {
                uri = Int32(uris.count)
                uris.append(s)
                uriIndex[s] = uri
            }
        }
        for k in first..<bindings.count where Int(bindings[k].prefixCount) == prefixCount {
            if memcmp(base + Int(bindings[k].prefixStart), base + prefixStart, prefixCount) == 0 { throw Decline() }
        }
        guard bindings.count < Self.maximumBindings else { throw Decline() }
        bindings.append(Binding(prefixStart: Int32(prefixStart), prefixCount: Int32(prefixCount), uri: uri))
    }

    /// The namespace of a prefix (`count` 0: the default namespace) in scope: -1 for none,
    /// nil when the prefix is not declared.
    func namespace(prefixAt start: Int, count: Int) -> Int32? {
        var k = bindings.count - 1
        while k >= 0 {
            let b = bindings[k]
            if Int(b.prefixCount) == count, count == 0 || memcmp(base + Int(b.prefixStart), base + start, count) == 0 {
                return b.uri
            }
            k -= 1
        }
        return count == 0 ? -1 : nil
    }

    func elementName(_ name: Name) throws(Decline) -> (id: Int32, isText: Bool) {
        let uri: Int32
        if name.colon < 0 {
            uri = namespace(prefixAt: 0, count: 0) ?? -1
        } else {
            let count = name.colon - name.start
            if count == 3, startsWith("xml", at: name.start) { throw Decline() }
            guard let u = namespace(prefixAt: name.start, count: count) else { throw Decline() }
            uri = u
        }
        let count = name.end - name.start
        if let e = elementNames.find(hash: name.hash, base: base, start: name.start, count: count, uri: uri) {
            return (e.id, e.flag)
        }
        let localStart = name.colon < 0 ? name.start : name.colon + 1
        let local = string(localStart, name.end)
        let id = builder.elementName(local, namespace: uri < 0 ? nil : uris[Int(uri)])
        let isText = builder.isSVGText(id)
        elementNames.insert(hash: name.hash, start: name.start, count: count, uri: uri, id: id, flag: isText)
        if name.colon < 0, count <= ShortNameTable.maximumCount, name.start + 16 <= n {
            // The first namespace met with these bytes (others are found by ``NameTable``).
            let (w0, w1) = ShortNameTable.words(base + name.start, count: count)
            if shortElementNames.find(w0, w1) < 0 {
                shortElementNames.insert(w0, w1, id: id, extra: uri << 1 | (isText ? 1 : 0))
            }
        }
        return (id, isText)
    }

    /// The namespace index of an attribute name under the bindings in scope (-1 for none), or
    /// nil when its prefix is not bound.
    @inline(__always) func attributeURI(_ name: Name) -> Int32? {
        guard name.colon >= 0 else { return -1 }
        let count = name.colon - name.start
        if count == 3, startsWith("xml", at: name.start) { return xmlURI }
        guard let u = namespace(prefixAt: name.start, count: count), u >= 0 else { return nil }
        return u
    }

    /// The id of an attribute name already interned under the bindings in scope, or nil.
    @inline(__always) func knownAttributeName(_ name: Name) -> Int32? {
        guard let uri = attributeURI(name) else { return nil }
        return attributeNames.find(hash: name.hash, base: base, start: name.start, count: name.end - name.start, uri: uri)?.id
    }

    func attributeName(_ name: Name) throws(Decline) -> Int32 {
        guard let uri = attributeURI(name) else { throw Decline() }
        let count = name.end - name.start
        if let e = attributeNames.find(hash: name.hash, base: base, start: name.start, count: count, uri: uri) {
            return e.id
        }
        let id: Int32
        if name.colon < 0 {
            let s = string(name.start, name.end)
            id = builder.attributeName(s, namespace: nil, qualifiedName: s)
        } else {
            id = builder.attributeName(
                string(name.colon + 1, name.end), namespace: uris[Int(uri)], qualifiedName: string(name.start, name.end))
        }
        attributeNames.insert(hash: name.hash, start: name.start, count: count, uri: uri, id: id, flag: false)
        if name.colon < 0, count <= ShortNameTable.maximumCount, name.start + 16 <= n {
            let (w0, w1) = ShortNameTable.words(base + name.start, count: count)
            shortAttributeNames.insert(w0, w1, id: id)
        }
        while lastUse.count <= Int(id) {
            lastUse.append(0)
            namespaced.append(false)
        }
        namespaced.base[Int(id)] = uri >= 0
        return id
    }

    /// No two namespaced attributes of the element whose slots start at `first` have the same
    /// local name and namespace under different prefixes (libxml2 stops).
    func checkNamespacedDistinct(from first: Int) throws(Decline) {
        var seen = Set<String>()
        for k in first..<nameIDs.count {
            let a = builder.attributeNames[Int(nameIDs.base[k])]
            if let ns = a.namespace, !seen.insert(ns + " " + a.name).inserted { throw Decline() }
        }
    }

    func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    }
}

/// Interned names keyed by their bytes in the input and a namespace index (open addressing
/// over raw storage, so that lookups from the reader retain nothing).
struct NameTable {
    struct Entry {
        var hash: UInt32
        var start: Int32
        var count: Int32
        var uri: Int32
        var id: Int32
        var flag: Bool
    }

    private var slots: UnsafeMutablePointer<Int32>
    private var mask: Int
    private var entries = RawColumn<Entry>(capacity: 32)

    init() {
        mask = 63
        slots = .allocate(capacity: 64)
        slots.initialize(repeating: -1, count: 64)
    }

    @inline(__always) func find(hash: UInt32, base: UnsafePointer<UInt8>, start: Int, count: Int, uri: Int32) -> Entry? {
        var s = Int(hash) & mask
        while true {
            let e = Int(slots[s])
            if e < 0 { return nil }
            let entry = entries.base[e]
            if entry.hash == hash, Int(entry.count) == count, entry.uri == uri, Self.same(base + Int(entry.start), base + start, count) {
                return entry
            }
            s = (s + 1) & mask
        }
    }

    /// Whether the `count` bytes at `a` and `b` are equal (short names compared in line).
    @inline(__always) private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        if count > 16 { return memcmp(a, b, count) == 0 }
        for k in 0..<count where a[k] != b[k] { return false }
        return true
    }

    mutating func insert(hash: UInt32, start: Int, count: Int, uri: Int32, id: Int32, flag: Bool) {
        if (entries.count + 1) * 2 > mask + 1 {
            slots.deallocate()
            mask = mask * 2 + 1
            slots = .allocate(capacity: mask + 1)
            slots.initialize(repeating: -1, count: mask + 1)
            for k in 0..<entries.count { place(entries.base[k].hash, Int32(k)) }
        }
        entries.append(Entry(hash: hash, start: Int32(start), count: Int32(count), uri: uri, id: id, flag: flag))
        place(hash, Int32(entries.count - 1))
    }

    private func place(_ hash: UInt32, _ index: Int32) {
        var s = Int(hash) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = index
    }

    func deallocate() {
        slots.deallocate()
        entries.deallocate()
    }
}

/// Names of at most 16 bytes keyed by their bytes as two little-endian words (zero past the
/// name), so that finding one is a hash of two words and one compare of each, with no pass over
/// the bytes. A name has no zero byte, so equal words mean equal names, lengths included.
struct ShortNameTable {
    static let maximumCount = 16

    struct Entry {
        var w0: UInt64
        var w1: UInt64
        /// The name's id, or -1 for an empty slot.
        var id: Int32
        /// What else the reader keeps with the name (element names: namespace and `text` flag).
        var extra: Int32 = 0
    }

    private var slots: UnsafeMutablePointer<Entry>
    private var mask: Int
    private var count = 0

    init() {
        mask = 63
        slots = .allocate(capacity: 64)
        slots.initialize(repeating: Entry(w0: 0, w1: 0, id: -1), count: 64)
    }

    /// The words of the `count` (1...16) bytes at `p`, zero past them; reads 16 bytes at `p`.
    @inline(__always) static func words(_ p: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(p)
        let a = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let b = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if count <= 8 {
            return (count == 8 ? a : a & ((1 &<< UInt64(8 * count)) &- 1), 0)
        }
        return (a, count == 16 ? b : b & ((1 &<< UInt64(8 * (count - 8))) &- 1))
    }

    @inline(__always) private func home(_ w0: UInt64, _ w1: UInt64) -> Int {
        Int(truncatingIfNeeded: ((w0 ^ (w1 &* 0xFF51_AFD7_ED55_8CCD)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The id of the name with words `w0`, `w1`, or -1.
    @inline(__always) func find(_ w0: UInt64, _ w1: UInt64) -> Int32 { entry(w0, w1).id }

    /// The entry of the name with words `w0`, `w1` (id -1 when there is none).
    @inline(__always) func entry(_ w0: UInt64, _ w1: UInt64) -> Entry {
        var s = home(w0, w1)
        while true {
            let e = slots[s]
            if e.w0 == w0, e.w1 == w1 { return e }
            if e.id < 0 { return e }
            s = (s + 1) & mask
        }
    }

    mutating func insert(_ w0: UInt64, _ w1: UInt64, id: Int32, extra: Int32 = 0) {
        if (count + 1) * 2 > mask + 1 {
            let old = slots
            let oldCount = mask + 1
            mask = mask * 2 + 1
            slots = .allocate(capacity: mask + 1)
            slots.initialize(repeating: Entry(w0: 0, w1: 0, id: -1), count: mask + 1)
            for k in 0..<oldCount where old[k].id >= 0 { place(old[k]) }
            old.deallocate()
        }
        place(Entry(w0: w0, w1: w1, id: id, extra: extra))
        count += 1
    }

    private func place(_ entry: Entry) {
        var s = home(entry.w0, entry.w1)
        while slots[s].id >= 0 { s = (s + 1) & mask }
        slots[s] = entry
    }

    func deallocate() { slots.deallocate() }
}
