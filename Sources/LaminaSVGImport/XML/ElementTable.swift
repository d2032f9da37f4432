/// The immutable tables behind an ``ElementTree`` (shared by every copy of the tree and by
/// every ``ElementView``).
///
/// Element `i` owns attributes `attributes[elements[i].attributeStart ..< elements[i + 1].attributeStart]`
/// and content items `content[elements[i].contentStart ..< elements[i + 1].contentStart]` (the
/// last element ends at the table's end).
final class ElementTable: Sendable {
    let elements: [ElementRecord]
    let attributes: [AttributeRecord]
    /// Child lists of all elements: `>= 0` an element index, `< 0` text run `~item`.
    let content: [Int32]
    let texts: [TextRun]
    /// Attribute values and text bytes (UTF-8).
    let arena: [UInt8]
    let elementNames: [ElementName]
    let attributeNames: [AttributeName]

    init(
        elements: [ElementRecord], attributes: [AttributeRecord], content: [Int32], texts: [TextRun], arena: [UInt8],
        elementNames: [ElementName], attributeNames: [AttributeName]
    ) {
        self.elements = elements
        self.attributes = attributes
        self.content = content
        self.texts = texts
        self.arena = arena
        self.elementNames = elementNames
        self.attributeNames = attributeNames
    }

    /// A table with no elements.
    static let empty = ElementTable(
        elements: [], attributes: [], content: [], texts: [], arena: [], elementNames: [], attributeNames: [])

    /// The attribute slots of element `i`.
    @inline(__always) func attributeSlots(_ i: Int) -> Range<Int> {
        let start = Int(elements[i].attributeStart)
        let end = i + 1 < elements.count ? Int(elements[i + 1].attributeStart) : attributes.count
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
        for s in attributeSlots(i) {
            let n = attributeNames[Int(attributes[s].name)]
            if n.name == localName, n.namespace == namespace { return s }
        }
        return nil
    }

    /// The value of the attribute in `slot` as a `String`.
    func value(_ slot: Int) -> String {
        withValueBytes(slot) { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `body` on the value bytes of the attribute in `slot`.
    @inline(__always) func withValueBytes<R>(_ slot: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let a = attributes[slot]
        return try arena.withUnsafeBufferPointer { buf in
            try body(UnsafeBufferPointer(rebasing: buf[a.valueStart..<(a.valueStart + Int(a.valueCount))]))
        }
    }

    /// The text of run `run`.
    func text(_ run: Int) -> String {
        let t = texts[run]
        return arena.withUnsafeBufferPointer { buf in
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

/// One attribute: interned name and where its value lies in the arena (16 bytes).
struct AttributeRecord: Sendable {
    var valueStart: Int
    var valueCount: Int32
    /// Index into the attribute name table.
    var name: Int32
}

/// A run of character data directly inside element `parent` (16 bytes).
struct TextRun: Sendable {
    var start: Int
    var count: Int32
    var parent: Int32
}
