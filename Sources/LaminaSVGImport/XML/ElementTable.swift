/// The immutable tables behind an ``ElementTree`` (shared by every copy of the tree and by
/// every ``ElementView``).
///
/// Element `i` owns attribute slots `elements[i].attributeStart ..< elements[i + 1].attributeStart`
/// and content items `content[elements[i].contentStart ..< elements[i + 1].contentStart]` (the
/// last element ends at the table's end). Attribute values lie back to back in `arena` (slot
/// `k` ends at `valueEnds[k]` and starts where slot `k - 1` ends): 8 bytes per attribute.
final class ElementTable: Sendable {
    let elements: [ElementRecord]
    /// The interned name of each attribute slot (index into `attributeNames`).
    let attributeNameIDs: [Int32]
    /// Where each attribute slot's value ends in `arena` (4 bytes each: the reader stops a
    /// document whose attribute text passes ``ElementTreeBuilder/maximumArena``).
    let valueEnds: [UInt32]
    /// Child lists of all elements: `>= 0` an element index, `< 0` text run `~item`.
    let content: [Int32]
    let texts: [TextRun]
    /// Attribute values (UTF-8), in slot order.
    let arena: [UInt8]
    /// Text run bytes (UTF-8).
    let textArena: [UInt8]
    let elementNames: [ElementName]
    let attributeNames: [AttributeName]
    /// Each attribute name's ``nameKey(_:)`` of its local name, so that finding an attribute by
    /// name compares one word per slot.
    let attributeNameKeys: [UInt64]
    /// The interned id of the attribute name `transform` with no namespace, which the builder
    /// looks up on every element (``transformSlot(in:)``): -1 when no element has one, nil in
    /// a table holding that name twice (then looked up by name).
    let transformNameID: Int32?
    /// The id index's table when it is built with these tables, on a helper thread (``IDIndex``
    /// builds it on the first lookup otherwise).
    let idsAhead: IDTableAhead?

    init(
        elements: [ElementRecord], attributeNameIDs: [Int32], valueEnds: [UInt32], content: [Int32], texts: [TextRun],
        arena: [UInt8], textArena: [UInt8], elementNames: [ElementName], attributeNames: [AttributeName],
        idsAhead: IDTableAhead? = nil
    ) {
        self.idsAhead = idsAhead
        self.elements = elements
        self.attributeNameIDs = attributeNameIDs
        self.valueEnds = valueEnds
        self.content = content
        self.texts = texts
        self.arena = arena
        self.textArena = textArena
        self.elementNames = elementNames
        self.attributeNames = attributeNames
        attributeNameKeys = attributeNames.map { Self.nameKey($0.name) }
        let transforms = attributeNames.indices.filter {
            attributeNames[$0].name == "transform" && attributeNames[$0].namespace == nil
        }
        transformNameID = transforms.count > 1 ? nil : Int32(transforms.first ?? -1)
    }

    /// A word that differs for two names that differ in their length or their first 7 bytes:
    /// those bytes, then the length (capped) in the top byte. Equal keys of names of 8 bytes or
    /// more still need the names compared.
    @inline(__always) static func nameKey(_ name: String) -> UInt64 {
        name.utf8.withContiguousStorageIfAvailable(nameKey(bytes:)) ?? nameKey(bytes: Array(name.utf8))
    }

    /// ``nameKey(_:)`` of a name's bytes.
    @inline(__always) static func nameKey<C: RandomAccessCollection>(bytes: C) -> UInt64 where C.Element == UInt8, C.Index == Int {
        let n = bytes.count
        var key = UInt64(min(n, 255)) << 56
        var k = 0
        while k < min(n, 7) {
            key |= UInt64(bytes[bytes.startIndex + k]) << UInt64(8 * k)
            k += 1
        }
        return key
    }

    /// A table with no elements.
    static let empty = ElementTable(
        elements: [], attributeNameIDs: [], valueEnds: [], content: [], texts: [], arena: [], textArena: [],
        elementNames: [], attributeNames: [])

    /// Where the value of the attribute in `slot` lies in `arena`.
    @inline(__always) func valueRange(_ slot: Int) -> Range<Int> {
        (slot == 0 ? 0 : Int(valueEnds[slot - 1]))..<Int(valueEnds[slot])
    }

    /// The name record of the attribute in `slot`.
    @inline(__always) func attributeName(_ slot: Int) -> AttributeName { attributeNames[Int(attributeNameIDs[slot])] }

    /// The attribute slots of element `i`.
    @inline(__always) func attributeSlots(_ i: Int) -> Range<Int> {
        let start = Int(elements[i].attributeStart)
        let end = i + 1 < elements.count ? Int(elements[i + 1].attributeStart) : attributeNameIDs.count
        return start..<end
    }

    /// The content slots of element `i`.
    @inline(__always) func contentSlots(_ i: Int) -> Range<Int> {
        let start = Int(elements[i].contentStart)
        let end = i + 1 < elements.count ? Int(elements[i + 1].contentStart) : content.count
        return start..<end
    }

    /// The slot of element `i`'s attribute with this local name and namespace.
    func slot(of localName: String, namespace: String?, in i: Int) -> Int? {
        let key = Self.nameKey(localName)
        let exact = localName.utf8.count < 8
        for s in attributeSlots(i) {
            let id = Int(attributeNameIDs[s])
            // The name records are read in place: a copy retains their three strings.
            if attributeNameKeys[id] == key, exact || attributeNames[id].name == localName,
                attributeNames[id].namespace == namespace
            {
                return s
            }
        }
        return nil
    }

    /// ``slot(of:namespace:in:)`` of `transform` (no namespace): the name's id compared per
    /// slot, and no slot read in a document without the attribute.
    func transformSlot(in i: Int) -> Int? {
        guard let id = transformNameID else { return slot(of: "transform", namespace: nil, in: i) }
        guard id >= 0 else { return nil }
        // Read in place: the builder asks this of every element, and the array's bounds
        // checks were a third of a slot's compare.
        let slots = attributeSlots(i)
        return attributeNameIDs.withUnsafeBufferPointer { ids -> Int? in
            var s = slots.lowerBound
            while s < slots.upperBound {
                if ids[s] == id { return s }
                s &+= 1
            }
            return nil
        }
    }

    /// The value of the attribute in `slot` as a `String`.
    func value(_ slot: Int) -> String {
        withValueBytes(slot) { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `body` on the value bytes of the attribute in `slot`.
    @inline(__always) func withValueBytes<R>(_ slot: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let r = valueRange(slot)
        return try arena.withUnsafeBufferPointer { buf in try body(UnsafeBufferPointer(rebasing: buf[r])) }
    }

    /// The text of run `run`.
    func text(_ run: Int) -> String {
        let t = texts[run]
        return textArena.withUnsafeBufferPointer { buf in
            String(decoding: UnsafeBufferPointer(rebasing: buf[t.start..<(t.start + Int(t.count))]), as: UTF8.self)
        }
    }
}

/// One element: interned name, kind, parent, source location and where its attributes and
/// content start in the tree-wide tables (28 bytes).
struct ElementRecord: Sendable {
    /// Index into the element name table.
    var name: Int32
    /// The parent element, or -1 for the document element.
    var parent: Int32
    /// 1-based line and column of the start tag.
    var line: Int32
    var column: Int32
    var attributeStart: Int32
    var contentStart: Int32
    var kind: ElementKind
}

/// A run of character data directly inside element `parent` (16 bytes).
struct TextRun: Sendable {
    var start: Int
    var count: Int32
    var parent: Int32
}
