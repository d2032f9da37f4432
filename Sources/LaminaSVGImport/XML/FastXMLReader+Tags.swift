#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Start and end tags of ``FastXMLReader``: names, attributes, namespace declarations.
extension FastXMLReader {
    // MARK: - Tags

    /// A start tag at `lt`, read in one pass when it declares no namespace and uses only names
    /// met before (the common case); otherwise by ``startTagWithDeclarations(_:)``.
    func startTag(_ lt: Int) throws(Decline) -> Int {
        guard stack.count < Self.maximumDepth else { throw Decline() }
        let known = quickElementName(at: lt + 1)
        let name = known.end >= 0 ? Name(start: lt + 1, end: known.end, colon: -1, hash: 0) : try qualifiedName(at: lt + 1)
        let firstSlot = nameIDs.count
        let arenaStart = arenaCount
        elementCount += 1
        var i = name.end
        var empty = false
        var namespacedCount = 0
        // What the first attribute follows (``AttributePrefixes``): the element's name, when known.
        var key = known.end >= 0 ? AttributePrefixes.key(element: known.id) : -1
        while true {
            i = try quickAttributes(from: i, after: key, namespacedCount: &namespacedCount)
            // The tag's end right after a value (as ``tagItem(at:)`` reads it).
            if i + 1 < n, base[i] == 0x2F, base[i + 1] == 0x3E {
                i += 2
                empty = true
                break
            }
            if i < n, base[i] == 0x3E {
                i += 1
                break
            }
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
            key = AttributePrefixes.key(attribute: id)
        }
        if namespacedCount > 1 { try checkNamespacedDistinct(from: firstSlot) }
        flushText()
        let element = known.end >= 0 ? (id: known.id, isText: known.isText) : try elementName(name)
        let index = beginElement(element.id, at: lt, attributeStart: firstSlot)
        if !empty { open(index, name: name, at: lt, isText: element.isText, bindings: bindings.count) }
        return i
    }

    /// The element name at `start` when it is one met before with no prefix, at most 16 bytes,
    /// and the same namespace in scope (found by its bytes as two words, ``ShortNameTable``),
    /// ended by white space, `>` or `/`: where it ends, its id and whether it is SVG `text`. An
    /// end of -1 otherwise (read by ``qualifiedName(at:)`` and ``elementName(_:)``).
    @inline(__always) func quickElementName(at start: Int) -> (end: Int, id: Int32, isText: Bool) {
        let miss: (end: Int, id: Int32, isText: Bool) = (-1, -1, false)
        guard start + 17 <= n, Self.isNameStart(base[start]) else { return miss }
        // Any other byte before the end leaves bytes no name of the table has: a miss.
        let count = Self.elementNameEnd(base + start)
        let end = start + count
        let b = base[end]
        guard Self.isSpace(b) || b == 0x3E || b == 0x2F else { return miss }
        let (w0, w1) = ShortNameTable.words(base + start, count: count)
        let e = shortElementNames.entry(w0, w1)
        guard e.id >= 0, e.extra >> 1 == namespace(prefixAt: 0, count: 0) ?? -1 else { return miss }
        return (end, e.id, e.extra & 1 != 0)
    }

    /// Starts the element of the tag at `lt` in the tables, located there; returns its index.
    @inline(__always) func beginElement(_ name: Int32, at lt: Int, attributeStart: Int) -> Int {
        let (line, column) = location(of: lt)
        return builder.startElement(name: name, parent: parentOfNewElement(), line: line, column: column, attributeStart: attributeStart)
    }

    /// Pushes element `index` (its tag at `lt`) as the innermost open element.
    @inline(__always) func open(_ index: Int, name: Name, at lt: Int, isText: Bool, bindings: Int) {
        if isText { textDepth += 1 }
        stack.append(
            Open(
                index: Int32(index), nameStart: Int32(lt + 1), nameCount: Int32(name.end - lt - 1), isText: isText,
                bindings: Int32(bindings)))
    }

    /// A start tag read in two steps: its namespace declarations first, then its names.
    func startTagWithDeclarations(_ lt: Int) throws(Decline) -> Int {
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
        let firstSlot = nameIDs.count
        let index = beginElement(element.id, at: lt, attributeStart: firstSlot)
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
            open(index, name: name, at: lt, isText: element.isText, bindings: bindingsBefore)
        }
        return i
    }

    enum TagItem {
        case attribute(PendingAttribute, next: Int)
        case end(next: Int, empty: Bool)
    }

    /// The attribute at `start` (after the element's name or an attribute), or the tag's end.
    @inline(__always) func tagItem(at start: Int) throws(Decline) -> TagItem {
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

    /// The common attributes from `start` on, in one call a tag; returns the offset of the
    /// first item not read so. `key` is what the first one follows (``AttributePrefixes``, -1
    /// for nothing known): an attribute whose bytes from its white space to its value's quote
    /// are those met last after the same name is recognised by one compare of two words
    /// (``AttributePrefixes/match(_:at:)``); any other goes through ``quickName(at:)``, and its
    /// bytes are kept for the next time.
    func quickAttributes(from start: Int, after key: Int, namespacedCount: inout Int) throws(Decline) -> Int {
        var i = start
        var key = key
        while true {
            // Every attribute starts with white space: anything else ends the tag or is wrong.
            guard i < n, Self.isSpace(base[i]) else { return i }
            let id: Int32
            let valueStart: Int
            // Offsets stay below `n` (an `Int` the input's size), so these sums cannot wrap.
            if key >= 0, i &+ 16 <= n, let hit = prefixes.match(key, at: base + i) {
                id = hit.id
                valueStart = i &+ hit.count
            } else {
                let name = quickName(at: i)
                guard name.id >= 0 else { return i }
                if key >= 0 { prefixes.remember(key, base + i, count: name.valueStart - i, id: name.id) }
                id = name.id
                valueStart = name.valueStart
            }
            i = try quickValue(id: id, from: valueStart, quote: base[valueStart &- 1], namespacedCount: &namespacedCount)
            key = AttributePrefixes.key(attribute: id)
        }
    }

    /// The common attribute at `start` up to its value: white space, a name met before with no
    /// prefix and at most 16 bytes (found by its bytes as two words, ``ShortNameTable``), `=`
    /// and a quote. Returns the name's id and where the value starts (after the quote), or an
    /// id of -1 when the item at `start` is anything else (read by ``tagItem(at:)``).
    ///
    /// The name's end is the first byte of its 16 that no name in the table holds (white space
    /// or any byte below it, `=`, a byte from 0x80; ``Self/nameEnd(_:)``): when the bytes before
    /// it are a name of the table, they are name bytes, so a name scan would stop there too, and
    /// any other name byte ends in a miss.
    @inline(__always) func quickName(at start: Int) -> (id: Int32, valueStart: Int) {
        let miss: (id: Int32, valueStart: Int) = (-1, -1)
        guard start < n, Self.isSpace(base[start]) else { return miss }
        let i = skipSpace(start + 1)
        // The name's 16 bytes and the byte after them are in the input.
        guard i + 17 <= n, Self.isNameStart(base[i]) else { return miss }
        let count = Self.nameEnd(base + i)
        let (w0, w1) = ShortNameTable.words(base + i, count: count)
        let id = shortAttributeNames.find(w0, w1)
        guard id >= 0 else { return miss }
        // The name ends at `=` or white space (`:` and other bytes: ``qualifiedName(at:)``).
        var k = i + count
        if base[k] != 0x3D {
            guard Self.isSpace(base[k]) else { return miss }
            k = skipSpace(k)
            guard k < n, base[k] == 0x3D else { return miss }
        }
        k = skipSpace(k + 1)
        guard k < n, base[k] == 0x22 || base[k] == 0x27 else { return miss }
        return (id, k + 1)
    }

    /// The value from `valueStart` to its closing `quote` of the attribute named `id`, appended
    /// to the element being started; returns the offset after the quote. A plain value is
    /// copied to the arena while its end is found (``copyPlainValue(from:quote:)``).
    @inline(__always) func quickValue(id: Int32, from valueStart: Int, quote: UInt8, namespacedCount: inout Int) throws(Decline) -> Int {
        // A name used twice in one tag: libxml2 stops.
        if lastUse.base[Int(id)] == elementCount { throw Decline() }
        let valueEnd = copyPlainValue(from: valueStart, quote: quote)
        if valueEnd >= 0 {
            lastUse.base[Int(id)] = elementCount
            if namespaced.base[Int(id)] { namespacedCount += 1 }
            arenaCount &+= valueEnd &- valueStart
            nameIDs.append(id)
            valueEnds.append(UInt32(truncatingIfNeeded: arenaCount))
            return valueEnd &+ 1
        }
        let (end, plain) = try valueExtent(from: valueStart, quote: quote)
        try appendAttribute(id: id, valueStart: valueStart, valueEnd: end, plain: plain, namespacedCount: &namespacedCount)
        return end + 1
    }

    /// Appends attribute `a` (name `id`) to the element being started.
    @inline(__always) func appendAttribute(_ a: PendingAttribute, id: Int32, namespacedCount: inout Int) throws(Decline) {
        try appendAttribute(id: id, valueStart: a.valueStart, valueEnd: a.valueEnd, plain: a.plain, namespacedCount: &namespacedCount)
    }

    /// Appends the attribute named `id` with the value at `valueStart..<valueEnd` (`plain`:
    /// copied as it is) to the element being started.
    @inline(__always) func appendAttribute(
        id: Int32, valueStart: Int, valueEnd: Int, plain: Bool, namespacedCount: inout Int
    ) throws(Decline) {
        // A name used twice in one tag: libxml2 stops.
        if lastUse.base[Int(id)] == elementCount { throw Decline() }
        lastUse.base[Int(id)] = elementCount
        if namespaced.base[Int(id)] { namespacedCount += 1 }
        let count = valueEnd - valueStart
        // `copyValue` writes 32 bytes for a shorter value.
        if arenaCount &+ max(count, 32) > arenaLimit { reachedArenaLimit() }
        if plain {
            copyValue(from: valueStart, count: count)
        } else {
            arenaCount += try decodeValue(valueStart, valueEnd, into: arena + arenaCount)
        }
        nameIDs.append(id)
        valueEnds.append(UInt32(truncatingIfNeeded: arenaCount))
    }

    /// Copies the `count` input bytes at `start` to the arena. Values of up to 32 bytes move as
    /// 16-byte blocks when the input has them: the arena has room for them (it holds the whole
    /// input and 64 bytes more, and the values before this one came from before `start`).
    @inline(__always) func copyValue(from start: Int, count: Int) {
        let to = UnsafeMutableRawPointer(arena + arenaCount)
        let from = UnsafeRawPointer(base + start)
        if count <= 32, start + 32 <= n {
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            if count > 16 {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: 24, as: UInt64.self), toByteOffset: 24, as: UInt64.self)
            }
        } else {
            (arena + arenaCount).update(from: base + start, count: count)
        }
        arenaCount += count
    }

    func endTag(_ lt: Int) throws(Decline) -> Int {
        if split.isSecondHalf, stack.count == 1 { return try endTagOfOpenElement(lt) }
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
    @inline(__always) func qualifiedName(at start: Int) throws(Decline) -> Name {
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
}
