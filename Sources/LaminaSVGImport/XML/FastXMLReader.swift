#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the common SVG document straight into an ``ElementTreeBuilder``, in one pass over the
/// bytes and without libxml2.
///
/// It reads only what it can read exactly as ``XMLReader``'s libxml2 path does (the same
/// tables, byte for byte, and no diagnostic) and declines everything else, returning nil: the
/// caller then parses with libxml2, which also reports every error. What it reads: UTF-8 (a
/// byte-order mark, an XML declaration of version 1.0 naming UTF-8 or nothing), a `DOCTYPE`
/// without an internal subset, comments, CDATA sections, processing instructions other than
/// reserved ones, ASCII element and attribute names with at most one prefix, namespace
/// declarations with absolute URIs, the five predefined entities and character references.
/// It declines on any other reference (there is no entity to expand), on anything not
/// well-formed, on characters XML forbids, C1 controls included, on nesting past
/// ``maximumDepth`` (libxml2 then reports its own limit) and on inputs with very many
/// namespace declarations or very long names (kept to libxml2's handling).
///
/// Text and attribute values are normalized as libxml2 delivers them: line ends (CR LF, CR)
/// become LF, and in attribute values tab, CR, LF and CR LF each become one space; references
/// are replaced by their characters. Element locations are the line and column of each start
/// tag's `<`, counted as ``ReaderState`` counts them (lines by LF, columns by UTF-8 scalar).
final class FastXMLReader {
    /// Why a read stopped: the input needs libxml2.
    struct Decline: Error {}

    /// Open elements nested deeper than this go to libxml2 (whose own limit is 256).
    static let maximumDepth = 250
    /// At most this many namespace declarations in scope.
    static let maximumBindings = 256
    /// Longer names go to libxml2.
    static let maximumNameLength = 1000

    private let base: UnsafePointer<UInt8>
    private let n: Int
    @exclusivity(unchecked) private var builder = ElementTreeBuilder()
    @exclusivity(unchecked) private var stack: [Open] = []
    /// How many open elements are SVG `text` (inside one, blank text runs are kept).
    @exclusivity(unchecked) private var textDepth = 0
    /// Where the pending text run starts in the builder's text arena, or -1.
    @exclusivity(unchecked) private var pendingStart = -1
    @exclusivity(unchecked) private var bindings: [Binding] = []
    /// Namespace URIs by index (a binding's `uri`); -1 is no namespace.
    @exclusivity(unchecked) private var uris: [String] = []
    @exclusivity(unchecked) private var uriIndex: [String: Int32] = [:]
    private let xmlURI: Int32
    @exclusivity(unchecked) private var elementNames = NameTable()
    @exclusivity(unchecked) private var attributeNames = NameTable()
    /// The attributes of the start tag being read (namespace declarations apart).
    @exclusivity(unchecked) private var pending: [PendingAttribute] = []
    /// Where attribute values and text bytes are written: each holds room for the whole input,
    /// which no decoded value or text can outgrow (references and line ends only shrink).
    @exclusivity(unchecked) private var arena: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var arenaCount = 0
    @exclusivity(unchecked) private var textOut: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var textCount = 0
    /// Per attribute name id: the element that last used it (duplicate detection) and whether
    /// the name has a namespace.
    @exclusivity(unchecked) private var lastUse = RawColumn<Int32>(capacity: 64)
    @exclusivity(unchecked) private var namespaced = RawColumn<Bool>(capacity: 64)
    @exclusivity(unchecked) private var elementCount: Int32 = 0
    /// The attribute slots' name ids and value ends (the builder's columns, filled in place).
    @exclusivity(unchecked) private var nameIDs: RawColumn<Int32>
    @exclusivity(unchecked) private var valueEnds: RawColumn<UInt32>
    /// Location counting: the offset reached, and its line and column.
    @exclusivity(unchecked) private var scanOffset = 0
    @exclusivity(unchecked) private var scanLine: Int32 = 1
    @exclusivity(unchecked) private var scanColumn: Int32 = 1

    private struct Open {
        var index: Int32
        var nameStart: Int32
        var nameCount: Int32
        var isText: Bool
        /// The number of bindings in scope before this element's own.
        var bindings: Int32
    }

    private struct Binding {
        /// The prefix's bytes in the input (count 0: the default namespace).
        var prefixStart: Int32
        var prefixCount: Int32
        var uri: Int32
    }

    private struct Name {
        /// The name's bytes, the colon's offset (or -1) and the name's hash.
        var start: Int
        var end: Int
        var colon: Int
        var hash: UInt32
    }

    private struct PendingAttribute {
        var name: Name
        var valueStart: Int
        var valueEnd: Int
        /// The value is ASCII with no reference, `<` or control byte (copied as it is).
        var plain: Bool
        /// The attribute is a namespace declaration (`xmlns`, `xmlns:p`).
        var declaresNamespace: Bool
    }

    private init(base: UnsafePointer<UInt8>, count: Int, arena: UnsafeMutablePointer<UInt8>, text: UnsafeMutablePointer<UInt8>) {
        self.base = base
        self.n = count
        self.arena = arena
        self.textOut = text
        builder.reserve(elements: min(count / 96, 1 << 24) + 16, attributes: 0, arena: 0)
        nameIDs = RawColumn(capacity: min(count / 16, 1 << 26) + 16)
        valueEnds = RawColumn(capacity: min(count / 16, 1 << 26) + 16)
        uris = [XMLNamespace.xml]
        uriIndex = [XMLNamespace.xml: 0]
        xmlURI = 0
    }

    /// The tables of `bytes`, or nil when the document needs libxml2.
    static func read(_ bytes: [UInt8]) -> ElementTreeBuilder? {
        bytes.withUnsafeBufferPointer { buf -> ElementTreeBuilder? in
            guard let base = buf.baseAddress, buf.count > 0 else { return nil }
            // The arenas are written in place: reserved pages cost nothing until written.
            var reader: FastXMLReader?
            let room = buf.count + 64
            let arena = [UInt8](unsafeUninitializedCapacity: room) { arenaBuffer, arenaCount in
                let text = [UInt8](unsafeUninitializedCapacity: room) { textBuffer, textCount in
                    let r = FastXMLReader(base: base, count: buf.count, arena: arenaBuffer.baseAddress!, text: textBuffer.baseAddress!)
                    do {
                        try r.document()
                        textCount = r.textCount
                        reader = r
                    } catch {
                        textCount = 0
                    }
                }
                arenaCount = reader?.arenaCount ?? 0
                reader?.builder.textArena = text
            }
            guard let done = reader else { return nil }
            done.builder.arena = arena
            done.builder.attributeNameIDs = done.nameIDs.array()
            done.builder.valueEnds = done.valueEnds.array()
            return done.builder
        }
    }

    deinit {
        nameIDs.deallocate()
        valueEnds.deallocate()
        elementNames.deallocate()
        attributeNames.deallocate()
        lastUse.deallocate()
        namespaced.deallocate()
    }

    // MARK: - Document structure

    private func document() throws(Decline) {
        var i = 0
        if n >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { i = 3 }
        if startsWith("<?xml", at: i), i + 5 < n, Self.isSpace(base[i + 5]) {
            i = try xmlDeclaration(i + 5)
        }
        var sawDoctype = false
        while true {
            i = skipSpace(i)
            guard i + 1 < n, base[i] == 0x3C else { throw Decline() }
            let c = base[i + 1]
            if c == 0x21 {
                if startsWith("<!--", at: i) {
                    i = try comment(i)
                } else if !sawDoctype, startsWith("<!DOCTYPE", at: i) {
                    i = try doctype(i + 9)
                    sawDoctype = true
                } else {
                    throw Decline()
                }
            } else if c == 0x3F {
                i = try processingInstruction(i)
            } else {
                break
            }
        }
        i = try content(i)
        while true {
            i = skipSpace(i)
            if i >= n { return }
            guard i + 1 < n, base[i] == 0x3C else { throw Decline() }
            if startsWith("<!--", at: i) {
                i = try comment(i)
            } else if base[i + 1] == 0x3F {
                i = try processingInstruction(i)
            } else {
                throw Decline()
            }
        }
    }

    /// The document element and everything in it, from its `<`; returns the offset after it.
    private func content(_ start: Int) throws(Decline) -> Int {
        var i = try startTag(start)
        while !stack.isEmpty {
            guard i < n, let hit = memchr(base + i, 0x3C, n - i) else { throw Decline() }
            let lt = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
            if lt > i { try text(i, lt) }
            guard lt + 1 < n else { throw Decline() }
            switch base[lt + 1] {
            case 0x2F: i = try endTag(lt)
            case 0x21:
                if startsWith("<!--", at: lt) {
                    i = try comment(lt)
                } else if startsWith("<![CDATA[", at: lt) {
                    i = try cdata(lt)
                } else {
                    throw Decline()
                }
            case 0x3F: i = try processingInstruction(lt)
            default: i = try startTag(lt)
            }
        }
        return i
    }

    // MARK: - Tags

    /// A start tag at `lt`, read in one pass when it declares no namespace and uses only names
    /// met before (the common case); otherwise by ``startTagWithDeclarations(_:)``.
    private func startTag(_ lt: Int) throws(Decline) -> Int {
        guard stack.count < Self.maximumDepth else { throw Decline() }
        let name = try qualifiedName(at: lt + 1)
        let firstSlot = nameIDs.count
        let arenaStart = arenaCount
        elementCount += 1
        var i = name.end
        var empty = false
        var namespacedCount = 0
        while true {
            let item = try tagItem(at: i)
            guard case .attribute(let a, let next) = item else {
                if case .end(let next, let isEmpty) = item {
                    i = next
                    empty = isEmpty
                }
                break
            }
            i = next
            // A declaration, or a name not met before: names must be interned in the order
            // libxml2 reports them, after the tag's declarations.
            guard !a.declaresNamespace, let id = knownAttributeName(a.name) else {
                nameIDs.truncate(to: firstSlot)
                valueEnds.truncate(to: firstSlot)
                arenaCount = arenaStart
                return try startTagWithDeclarations(lt)
            }
            try appendAttribute(a, id: id, namespacedCount: &namespacedCount)
        }
        if namespacedCount > 1 { try checkNamespacedDistinct(from: firstSlot) }
        flushText()
        let element = try elementName(name)
        let (line, column) = location(of: lt)
        let index = builder.startElement(
            name: element.id, parent: stack.last.map { Int($0.index) }, line: line, column: column, attributeStart: firstSlot)
        if !empty {
            if element.isText { textDepth += 1 }
            stack.append(
                Open(
                    index: Int32(index), nameStart: Int32(lt + 1), nameCount: Int32(name.end - lt - 1), isText: element.isText,
                    bindings: Int32(bindings.count)))
        }
        return i
    }

    /// A start tag read in two steps: its namespace declarations first, then its names.
    private func startTagWithDeclarations(_ lt: Int) throws(Decline) -> Int {
        let name = try qualifiedName(at: lt + 1)
        var i = name.end
        pending.removeAll(keepingCapacity: true)
        let bindingsBefore = bindings.count
        var empty = false
        while true {
            let item = try tagItem(at: i)
            guard case .attribute(let a, let next) = item else {
                if case .end(let next, let isEmpty) = item {
                    i = next
                    empty = isEmpty
                }
                break
            }
            i = next
            if a.declaresNamespace {
                try declare(a.name, a.valueStart, a.valueEnd, plain: a.plain, since: bindingsBefore)
            } else {
                pending.append(a)
            }
        }
        flushText()
        let element = try elementName(name)
        let (line, column) = location(of: lt)
        let firstSlot = nameIDs.count
        let index = builder.startElement(
            name: element.id, parent: stack.last.map { Int($0.index) }, line: line, column: column, attributeStart: firstSlot)
        elementCount += 1
        var namespacedCount = 0
        for k in pending.indices {
            let a = pending[k]
            try appendAttribute(a, id: try attributeName(a.name), namespacedCount: &namespacedCount)
        }
        if namespacedCount > 1 { try checkNamespacedDistinct(from: firstSlot) }
        if empty {
            bindings.removeSubrange(bindingsBefore...)
        } else {
            if element.isText { textDepth += 1 }
            stack.append(
                Open(
                    index: Int32(index), nameStart: Int32(lt + 1), nameCount: Int32(name.end - lt - 1), isText: element.isText,
                    bindings: Int32(bindingsBefore)))
        }
        return i
    }

    private enum TagItem {
        case attribute(PendingAttribute, next: Int)
        case end(next: Int, empty: Bool)
    }

    /// The attribute at `start` (after the element's name or an attribute), or the tag's end.
    @inline(__always) private func tagItem(at start: Int) throws(Decline) -> TagItem {
        var i = start
        guard i < n else { throw Decline() }
        var b = base[i]
        let spaced = Self.isSpace(b)
        if spaced {
            i = skipSpace(i)
            guard i < n else { throw Decline() }
            b = base[i]
        }
        if b == 0x3E { return .end(next: i + 1, empty: false) }
        if b == 0x2F {
            guard i + 1 < n, base[i + 1] == 0x3E else { throw Decline() }
            return .end(next: i + 2, empty: true)
        }
        guard spaced else { throw Decline() }
        let attribute = try qualifiedName(at: i)
        i = skipSpace(attribute.end)
        guard i < n, base[i] == 0x3D else { throw Decline() }
        i = skipSpace(i + 1)
        guard i < n, base[i] == 0x22 || base[i] == 0x27 else { throw Decline() }
        let valueStart = i + 1
        let (valueEnd, plain) = try valueExtent(from: valueStart, quote: base[i])
        var declares = false
        if base[attribute.start] == 0x78 {
            if attribute.end - attribute.start == 9, startsWith("xml:space", at: attribute.start) {
                // libxml2 warns about any other value.
                let v = UnsafeBufferPointer(start: base + valueStart, count: valueEnd - valueStart)
                guard plain, v.elementsEqual("default".utf8) || v.elementsEqual("preserve".utf8) else { throw Decline() }
            }
            declares = isNamespaceDeclaration(attribute)
        }
        return .attribute(
            PendingAttribute(name: attribute, valueStart: valueStart, valueEnd: valueEnd, plain: plain, declaresNamespace: declares),
            next: valueEnd + 1)
    }

    /// Appends attribute `a` (name `id`) to the element being started.
    @inline(__always) private func appendAttribute(_ a: PendingAttribute, id: Int32, namespacedCount: inout Int) throws(Decline) {
        // A name used twice in one tag: libxml2 stops.
        if lastUse.base[Int(id)] == elementCount { throw Decline() }
        lastUse.base[Int(id)] = elementCount
        if namespaced.base[Int(id)] { namespacedCount += 1 }
        let count = a.valueEnd - a.valueStart
        if a.plain {
            let to = arena + arenaCount
            let from = base + a.valueStart
            if count <= 16 {
                for k in 0..<count { to[k] = from[k] }
            } else {
                to.update(from: from, count: count)
            }
            arenaCount += count
        } else {
            arenaCount += try decodeValue(a.valueStart, a.valueEnd, into: arena + arenaCount)
        }
        nameIDs.append(id)
        valueEnds.append(UInt32(truncatingIfNeeded: arenaCount))
    }

    private func endTag(_ lt: Int) throws(Decline) -> Int {
        guard let top = stack.last else { throw Decline() }
        let start = lt + 2
        let count = Int(top.nameCount)
        guard start + count < n, memcmp(base + start, base + Int(top.nameStart), count) == 0 else { throw Decline() }
        let i = skipSpace(start + count)
        guard i < n, base[i] == 0x3E else { throw Decline() }
        flushText()
        stack.removeLast()
        if top.isText { textDepth -= 1 }
        bindings.removeSubrange(Int(top.bindings)...)
        return i + 1
    }

    /// An ASCII name with at most one colon, neither first nor last, at `i`.
    @inline(__always) private func qualifiedName(at start: Int) throws(Decline) -> Name {
        var i = start
        var colon = -1
        var hash: UInt32 = 2_166_136_261
        guard i < n, Self.isNameStart(base[i]) else { throw Decline() }
        while i < n {
            let b = base[i]
            if Self.isNameByteFast(b) {
                hash = (hash ^ UInt32(b)) &* 16_777_619
                i += 1
            } else if b == 0x3A, colon < 0, i + 1 < n, Self.isNameStart(base[i + 1]) {
                colon = i
                hash = (hash ^ UInt32(b)) &* 16_777_619
                i += 1
            } else {
                break
            }
        }
        guard i < n, i - start <= Self.maximumNameLength, base[i] < 0x80, base[i] != 0x3A else { throw Decline() }
        return Name(start: start, end: i, colon: colon, hash: hash)
    }

    // MARK: - Names and namespaces

    private func isNamespaceDeclaration(_ name: Name) -> Bool {
        if name.colon < 0 { return name.end - name.start == 5 && startsWith("xmlns", at: name.start) }
        return name.colon - name.start == 5 && startsWith("xmlns", at: name.start)
    }

    private func declare(_ name: Name, _ valueStart: Int, _ valueEnd: Int, plain: Bool, since first: Int) throws(Decline) {
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
    private func namespace(prefixAt start: Int, count: Int) -> Int32? {
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

    private func elementName(_ name: Name) throws(Decline) -> (id: Int32, isText: Bool) {
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
        return (id, isText)
    }

    /// The id of an attribute name already interned under the bindings in scope, or nil.
    @inline(__always) private func knownAttributeName(_ name: Name) -> Int32? {
        var uri: Int32 = -1
        if name.colon >= 0 {
            let count = name.colon - name.start
            if count == 3, startsWith("xml", at: name.start) {
                uri = xmlURI
            } else {
                guard let u = namespace(prefixAt: name.start, count: count), u >= 0 else { return nil }
                uri = u
            }
        }
        return attributeNames.find(hash: name.hash, base: base, start: name.start, count: name.end - name.start, uri: uri)?.id
    }

    private func attributeName(_ name: Name) throws(Decline) -> Int32 {
        var uri: Int32 = -1
        if name.colon >= 0 {
            let count = name.colon - name.start
            if count == 3, startsWith("xml", at: name.start) {
                uri = xmlURI
            } else {
                guard let u = namespace(prefixAt: name.start, count: count), u >= 0 else { throw Decline() }
                uri = u
            }
        }
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
        while lastUse.count <= Int(id) {
            lastUse.append(0)
            namespaced.append(false)
        }
        namespaced.base[Int(id)] = uri >= 0
        return id
    }

    /// No two namespaced attributes of the element whose slots start at `first` have the same
    /// local name and namespace under different prefixes (libxml2 stops).
    private func checkNamespacedDistinct(from first: Int) throws(Decline) {
        var seen = Set<String>()
        for k in first..<nameIDs.count {
            let a = builder.attributeNames[Int(nameIDs.base[k])]
            if let ns = a.namespace, !seen.insert(ns + " " + a.name).inserted { throw Decline() }
        }
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    }

    // MARK: - Character data

    /// Where the value starting at `start` ends (its closing `quote`), and whether it is copied
    /// as it is: ASCII with no reference, `<` or control byte. Eight bytes at a time.
    @inline(__always) private func valueExtent(from start: Int, quote: UInt8) throws(Decline) -> (end: Int, plain: Bool) {
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
            if special != 0 { break }
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
    private func decodeValue(_ start: Int, _ end: Int, into out: UnsafeMutablePointer<UInt8>) throws(Decline) -> Int {
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
    private func text(_ start: Int, _ end: Int) throws(Decline) {
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
    private func cdata(_ lt: Int) throws(Decline) -> Int {
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
    private func flushText() {
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
                builder.appendText(parent: Int(top.index), start: start, count: textCount - start)
                return
            }
        }
        textCount = start
    }

    /// A reference at `amp` (before `end`): appends its character and returns the offset after
    /// it. Only the predefined entities and character references of XML characters are read.
    private func reference(_ amp: Int, _ end: Int, into out: UnsafeMutablePointer<UInt8>, at o: inout Int) throws(Decline) -> Int {
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

    // MARK: - Markup that produces nothing

    /// A comment at `lt`; returns the offset after it.
    private func comment(_ lt: Int) throws(Decline) -> Int {
        let start = lt + 4
        guard let end = find("--", from: start), end + 2 < n, base[end + 2] == 0x3E else { throw Decline() }
        try checkCharacters(start, end)
        return end + 3
    }

    /// A processing instruction at `lt` (not an XML declaration); returns the offset after it.
    private func processingInstruction(_ lt: Int) throws(Decline) -> Int {
        var i = lt + 2
        let start = i
        guard i < n, Self.isNameStart(base[i]) else { throw Decline() }
        while i < n, Self.isNameByte(base[i]) { i += 1 }
        let count = i - start
        guard count <= Self.maximumNameLength else { throw Decline() }
        if count >= 3, base[start] | 0x20 == 0x78, base[start + 1] | 0x20 == 0x6D, base[start + 2] | 0x20 == 0x6C {
            // Reserved targets: only the two W3C ones libxml2 accepts without a word.
            guard (count == 14 && startsWith("xml-stylesheet", at: start)) || (count == 9 && startsWith("xml-model", at: start))
            else { throw Decline() }
        }
        if startsWith("?>", at: i) { return i + 2 }
        guard i < n, Self.isSpace(base[i]) else { throw Decline() }
        guard let end = find("?>", from: i) else { throw Decline() }
        try checkCharacters(i, end)
        return end + 2
    }

    /// The XML declaration's pseudo-attributes after `<?xml` and a space; returns the offset
    /// after `?>`. Only version 1.0 and a UTF-8 encoding are read here.
    private func xmlDeclaration(_ start: Int) throws(Decline) -> Int {
        var i = skipSpace(start)
        guard startsWith("version", at: i) else { throw Decline() }
        var value = try pseudoAttribute(after: i + 7)
        guard value.bytes.elementsEqual("1.0".utf8) else { throw Decline() }
        i = value.next
        var sawEncoding = false
        var sawStandalone = false
        while true {
            let spaced = i < n && Self.isSpace(base[i])
            i = skipSpace(i)
            if startsWith("?>", at: i) { return i + 2 }
            guard spaced else { throw Decline() }
            if !sawEncoding, !sawStandalone, startsWith("encoding", at: i) {
                value = try pseudoAttribute(after: i + 8)
                let lower = value.bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
                guard lower.elementsEqual("utf-8".utf8) || lower.elementsEqual("utf8".utf8) else { throw Decline() }
                sawEncoding = true
            } else if !sawStandalone, startsWith("standalone", at: i) {
                value = try pseudoAttribute(after: i + 10)
                guard value.bytes.elementsEqual("yes".utf8) || value.bytes.elementsEqual("no".utf8) else { throw Decline() }
                sawStandalone = true
            } else {
                throw Decline()
            }
            i = value.next
        }
    }

    /// The quoted value after a pseudo-attribute's name (ending at `i`), and the offset after it.
    private func pseudoAttribute(after start: Int) throws(Decline) -> (bytes: UnsafeBufferPointer<UInt8>, next: Int) {
        var i = skipSpace(start)
        guard i < n, base[i] == 0x3D else { throw Decline() }
        i = skipSpace(i + 1)
        guard i < n, base[i] == 0x22 || base[i] == 0x27 else { throw Decline() }
        let q = base[i]
        let valueStart = i + 1
        var j = valueStart
        while j < n, j - valueStart < 64, base[j] != q { j += 1 }
        guard j < n, base[j] == q else { throw Decline() }
        return (UnsafeBufferPointer(start: base + valueStart, count: j - valueStart), j + 1)
    }

    /// A `DOCTYPE` after `<!DOCTYPE`, with a name and an optional external id and no internal
    /// subset; returns the offset after its `>`.
    private func doctype(_ start: Int) throws(Decline) -> Int {
        guard start < n, Self.isSpace(base[start]) else { throw Decline() }
        let name = try qualifiedName(at: skipSpace(start))
        var i = name.end
        let spaced = i < n && Self.isSpace(base[i])
        i = skipSpace(i)
        if spaced, startsWith("SYSTEM", at: i) {
            i = try literal(skipRequiredSpace(i + 6), publicID: false)
        } else if spaced, startsWith("PUBLIC", at: i) {
            i = try literal(skipRequiredSpace(i + 6), publicID: true)
            i = try literal(skipRequiredSpace(i), publicID: false)
        }
        i = skipSpace(i)
        guard i < n, base[i] == 0x3E else { throw Decline() }
        return i + 1
    }

    /// A quoted system or public id at `i`; returns the offset after it.
    private func literal(_ i: Int, publicID: Bool) throws(Decline) -> Int {
        guard i < n, base[i] == 0x22 || base[i] == 0x27 else { throw Decline() }
        let start = i + 1
        guard start < n, let hit = memchr(base + start, Int32(base[i]), n - start) else { throw Decline() }
        let end = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
        for k in start..<end {
            let b = base[k]
            // Printable ASCII only (a superset of the public id characters would need libxml2).
            guard b >= 0x20, b < 0x7F else { throw Decline() }
            if publicID, !Self.isPublicIDByte(b) { throw Decline() }
        }
        return end + 1
    }

    private func skipRequiredSpace(_ i: Int) throws(Decline) -> Int {
        guard i < n, Self.isSpace(base[i]) else { throw Decline() }
        return skipSpace(i)
    }

    /// Throws unless `start..<end` holds only XML characters (C1 controls excluded).
    private func checkCharacters(_ start: Int, _ end: Int) throws(Decline) {
        var i = start
        while i < end {
            let b = base[i]
            if b >= 0x20, b < 0x80 {
                i += 1
            } else if b == 0x09 || b == 0x0A || b == 0x0D {
                i += 1
            } else if b >= 0x80 {
                i += try Self.scalarLength(base, i, end)
            } else {
                throw Decline()
            }
        }
    }

    // MARK: - Locations

    /// The line and column of offset `target` (at or after every offset asked before).
    private func location(of target: Int) -> (Int32, Int32) {
        guard target > scanOffset else { return (scanLine, scanColumn) }
        var line = scanLine
        var column = scanColumn
        var from = scanOffset
        var i = scanOffset
        while i < target, let hit = memchr(base + i, 0x0A, target - i) {
            let nl = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
            line &+= 1
            from = nl + 1
            i = nl + 1
        }
        if from > scanOffset { column = 1 }
        var j = from
        while j < target {
            if base[j] & 0xC0 != 0x80 { column &+= 1 }
            j += 1
        }
        scanOffset = target
        scanLine = line
        scanColumn = column
        return (line, column)
    }

    // MARK: - Bytes

    @inline(__always) private func skipSpace(_ start: Int) -> Int {
        var i = start
        while i < n, Self.isSpace(base[i]) { i += 1 }
        return i
    }

    @inline(__always) private func startsWith(_ s: StaticString, at i: Int) -> Bool {
        let count = s.utf8CodeUnitCount
        return i >= 0 && i + count <= n && memcmp(base + i, s.utf8Start, count) == 0
    }

    /// The offset of the first `s` at or after `from`, or nil.
    private func find(_ s: StaticString, from: Int) -> Int? {
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

    private static func isPublicIDByte(_ b: UInt8) -> Bool {
        let l = b | 0x20
        if (l >= 0x61 && l <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x20 { return true }
        switch b {
        case 0x2D, 0x27, 0x28, 0x29, 0x2B, 0x2C, 0x2E, 0x2F, 0x3A, 0x3D, 0x3F, 0x3B, 0x21, 0x2A, 0x23, 0x40, 0x24, 0x5F, 0x25:
            return true
        default: return false
        }
    }

    @inline(__always) private static func hexValue(_ b: UInt8) -> UInt32? {
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
private struct RawColumn<T: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always) mutating func append(_ value: T) {
        if count == capacity { grow() }
        (base + count).initialize(to: value)
        count += 1
    }

    mutating func truncate(to k: Int) { count = min(count, k) }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<T>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    func array() -> [T] { Array(UnsafeBufferPointer(start: base, count: count)) }

    func deallocate() { base.deallocate() }
}

/// Interned names keyed by their bytes in the input and a namespace index (open addressing
/// over raw storage, so that lookups from the reader retain nothing).
private struct NameTable {
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
