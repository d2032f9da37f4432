import LaminaCore

/// The parsed document as compact tables, each element stamped with its source location.
///
/// Built by the XML reader (the only code that sees libxml2) through ``ElementTreeBuilder``,
/// read by the style cascade and the layer builder. Index 0 is the document element. Every
/// element is a small fixed-size record; attributes, child lists and text runs live in
/// tree-wide tables, and attribute values and text bytes in one byte arena, so a `String` is
/// made only when a caller asks for one. Children are listed in document order, interleaved
/// with text runs, so that elements carried verbatim (`text`) can be written back exactly.
package struct ElementTree: Sendable {
    /// The file name used in diagnostics.
    package var file: String
    /// The tables (shared, immutable).
    let table: ElementTable

    init(file: String, table: ElementTable) {
        self.file = file
        self.table = table
    }

    /// The number of elements.
    package var count: Int { table.elements.count }

    /// The element indices, in document order.
    package var indices: Range<Int> { 0..<table.elements.count }

    /// A view of element `i` (cheap: one reference and the index).
    package subscript(i: Int) -> ElementView { ElementView(table: table, index: i) }

    /// The 1-based line and column of element `i`'s start tag, without the file name.
    @inline(__always) package func position(of i: Int) -> (line: Int32, column: Int32) {
        table.elements.withUnsafeBufferPointer { ($0[i].line, $0[i].column) }
    }

    /// The 1-based line and column of element `i`'s start tag.
    package func location(of i: Int) -> SourceLocation {
        let (line, column) = position(of: i)
        return SourceLocation(file: file, line: Int(line), column: Int(column))
    }

    /// The local name of element `i`.
    package func name(_ i: Int) -> String { table.elementNames[nameIndex(i)].name }

    /// The index of element `i`'s name among the document's distinct element names
    /// (`0..<nameCount`): equal for elements of the same name and namespace.
    package func nameIndex(_ i: Int) -> Int { Int(table.elements[i].name) }

    /// How many distinct element names the document has.
    package var nameCount: Int { table.elementNames.count }

    /// True when the document has an SVG `text` element (a look at its distinct names only).
    package var hasSVGText: Bool { table.elementNames.contains { $0.isSVG && $0.name == "text" } }

    /// What the builder does with element `i`.
    package func kind(_ i: Int) -> ElementKind { table.elements[i].kind }

    /// True when element `i` is in the SVG namespace.
    package func isSVG(_ i: Int) -> Bool { table.elementNames[nameIndex(i)].isSVG }

    /// The parent of element `i` (nil for the document element).
    package func parent(_ i: Int) -> Int? {
        let p = table.elements[i].parent
        return p < 0 ? nil : Int(p)
    }

    /// The attribute slots of element `i` (indices into the tree-wide attribute table).
    package func attributeSlots(_ i: Int) -> Range<Int> { table.attributeSlots(i) }

    /// The content items of element `i`: each `>= 0` is a child element, each `< 0` a text run
    /// (`~item` is its index, see ``text(run:)``).
    package func contentItems(_ i: Int) -> ArraySlice<Int32> { table.content[table.contentSlots(i)] }

    /// The value of an attribute of element `i` with no namespace (or the given one).
    package func attribute(_ i: Int, _ localName: String, namespace: String? = nil) -> String? {
        table.slot(of: localName, namespace: namespace, in: i).map(table.value)
    }

    /// Whether element `i` has the attribute.
    package func hasAttribute(_ i: Int, _ localName: String, namespace: String? = nil) -> Bool {
        table.slot(of: localName, namespace: namespace, in: i) != nil
    }

    /// Runs `body` on the UTF-8 bytes of an attribute's value without making a `String`;
    /// nil when the element has no such attribute.
    package func withAttributeBytes<R>(
        _ i: Int, _ localName: String, namespace: String? = nil, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) rethrows -> R? {
        guard let s = table.slot(of: localName, namespace: namespace, in: i) else { return nil }
        return try table.withValueBytes(s, body)
    }

    /// ``withAttributeBytes(_:_:namespace:_:)`` of `transform` (no namespace), found by the
    /// name's interned id (``ElementTable/transformSlot(in:)``).
    package func withTransformBytes<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard let s = table.transformSlot(in: i) else { return nil }
        return try table.withValueBytes(s, body)
    }

    /// The name record of the attribute in `slot`.
    package func attributeName(slot: Int) -> AttributeName { table.attributeName(slot) }

    /// The value of the attribute in `slot`.
    package func attributeValue(slot: Int) -> String { table.value(slot) }

    /// Runs `body` on the UTF-8 bytes of the value of the attribute in `slot`.
    package func withAttributeBytes<R>(slot: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try table.withValueBytes(slot, body)
    }

    /// The text of run `run` (a content item `t < 0` is run `~t`).
    package func text(run: Int) -> String { table.text(run) }

    /// The number of characters (grapheme clusters) in run `run`.
    package func textCount(run: Int) -> Int { table.text(run).count }
}

/// XML namespace URIs Lamina cares about.
package enum XMLNamespace {
    package static let svg = "http://www.w3.org/2000/svg"
    package static let xlink = "http://www.w3.org/1999/xlink"
    package static let xml = "http://www.w3.org/XML/1998/namespace"
    package static let lamina = "urn:lamina:layer"
}

/// A child of an element: another element (by index) or a run of character data.
package enum ElementContent: Sendable, Equatable {
    case element(Int)
    case text(String)
}

/// An element name as interned by the tree: local name and namespace, with its kind.
package struct ElementName: Sendable {
    /// The local name (`rect`, `linearGradient`).
    package let name: String
    /// The namespace URI, or nil for none.
    package let namespace: String?
    /// What the builder does with it, by local name.
    package let kind: ElementKind
    /// True in the SVG namespace.
    package let isSVG: Bool

    init(name: String, namespace: String?) {
        self.name = name
        self.namespace = namespace
        self.kind = ElementKind(name: name)
        self.isSVG = namespace == XMLNamespace.svg
    }
}

/// An attribute name as interned by the tree: local name, namespace and prefixed name, with
/// its meaning to the cascade.
package struct AttributeName: Sendable {
    /// The local name (`href` for `xlink:href`).
    package let name: String
    /// The namespace URI (nil for an unprefixed attribute).
    package let namespace: String?
    /// The name as written in the file, prefix included (`xlink:href`).
    package let qualifiedName: String
    /// The property when the local name is a presentation attribute, else nil.
    package let presentation: CSSProperty?
    /// True when the local name is `style`.
    package let isStyle: Bool
    /// True for `id` without a namespace.
    package let isID: Bool
    /// True for `class` without a namespace.
    package let isClass: Bool
    /// True for an event attribute (`onclick` …: no namespace, `on` and more).
    package let isEvent: Bool
    /// True in the Lamina authoring namespace (``XMLNamespace/lamina``).
    package let isLamina: Bool

    init(name: String, namespace: String?, qualifiedName: String) {
        self.name = name
        self.namespace = namespace
        self.qualifiedName = qualifiedName
        presentation = PresentationAttributes.contains(name) ? CSSProperty.of(name) : nil
        isStyle = name == "style"
        isID = namespace == nil && name == "id"
        isClass = namespace == nil && name == "class"
        isEvent = namespace == nil && name.utf8.count > 2 && name.hasPrefix("on")
        isLamina = namespace == XMLNamespace.lamina
    }
}

extension ElementTree {
    /// The value of the attribute in `slot` without leading and trailing CSS whitespace.
    package func cssTrimmedValue(slot: Int) -> String {
        table.withValueBytes(slot) { b in
            var start = 0, end = b.count
            while start < end, CSSBytes.isSpace(b[start]) { start += 1 }
            while end > start, CSSBytes.isSpace(b[end - 1]) { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
        }
    }
}

extension ElementTree {
    /// The declarations of a `style` attribute value (as `StyleSheet.parseDeclarations`), read
    /// from the arena in place unless the value holds a comment.
    package func styleDeclarations(slot: Int) -> [StyleSheet.Declaration] {
        let r = table.valueRange(slot)
        let start = r.lowerBound, end = r.upperBound
        if table.arena[start..<end].contains(UInt8(ascii: "/")) {
            var bytes = Array(table.arena[start..<end])
            CSSBytes.blankComments(&bytes)
            return CSSBytes.declarations(bytes, 0, bytes.count)
        }
        return CSSBytes.declarations(table.arena, start, end)
    }

    /// Calls `body` with each declaration of a `style` attribute value, the ones
    /// `styleDeclarations(slot:)` lists, without making strings: its property
    /// (`CSSProperty.of(bytes, name)`), the bytes it is in (the arena in place, or a copy with
    /// comments blanked), the trimmed name and value ranges there and whether it is `!important`.
    package func forEachStyleDeclaration(
        slot: Int,
        _ body: (
            _ property: CSSProperty, _ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, _ value: Range<Int>,
            _ important: Bool
        ) -> Void
    ) {
        let r = table.valueRange(slot)
        table.arena.withUnsafeBufferPointer { arena in
            if CSSBytes.contains(UnsafeBufferPointer(rebasing: arena[r]), UInt8(ascii: "/")) {
                var bytes = Array(arena[r])
                CSSBytes.blankComments(&bytes)
                bytes.withUnsafeBufferPointer { b in
                    CSSBytes.forEachPropertyDeclaration(b, 0, b.count) { body($0, b, $1, $2, $3) }
                }
                return
            }
            CSSBytes.forEachPropertyDeclaration(arena, r.lowerBound, r.upperBound) { body($0, arena, $1, $2, $3) }
        }
    }
}

extension ElementTree {
    /// The content slots of element `i` (indices into the tree-wide content list).
    package func contentSlots(_ i: Int) -> Range<Int> { table.contentSlots(i) }

    /// The first child element at a content slot in `from..<end`, with its slot.
    package func nextChildElement(from: Int, end: Int) -> (slot: Int, element: Int)? {
        var k = from
        while k < end {
            let item = table.content[k]
            if item >= 0 { return (k, Int(item)) }
            k += 1
        }
        return nil
    }
}
