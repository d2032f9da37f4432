/// One element of an ``ElementTree``: its name, kind, parent, attributes and content, each
/// read from the tables on request (`String`s are made only for what is asked).
package struct ElementView {
    let table: ElementTable
    /// The element's index in the tree.
    package let index: Int

    private var record: ElementRecord { table.elements[index] }
    private var interned: ElementName { table.elementNames[Int(table.elements[index].name)] }

    /// The local name (`rect`, `linearGradient`).
    package var name: String { interned.name }
    /// The namespace URI, or nil for none.
    package var namespace: String? { interned.namespace }
    /// What the builder does with it, by local name.
    package var kind: ElementKind { record.kind }
    /// True for an element in the SVG namespace.
    package var isSVG: Bool { interned.isSVG }
    /// The parent element (nil for the document element).
    package var parent: Int? {
        let p = record.parent
        return p < 0 ? nil : Int(p)
    }
    /// 1-based line of the start tag.
    package var line: Int32 { record.line }
    /// 1-based column of the start tag.
    package var column: Int32 { record.column }

    /// The value of an attribute with no namespace (or the given one).
    package func attribute(_ localName: String, namespace: String? = nil) -> String? {
        table.slot(of: localName, namespace: namespace, in: index).map(table.value)
    }

    /// The attributes in document order.
    package var attributes: AttributeList { AttributeList(table: table, slots: table.attributeSlots(index)) }

    /// Child elements and text runs in document order.
    package var content: ContentList { ContentList(table: table, slots: table.contentSlots(index)) }

    /// The child element indices in order.
    package var children: [Int] {
        table.content[table.contentSlots(index)].compactMap { $0 >= 0 ? Int($0) : nil }
    }

    /// All character data directly inside, concatenated (for `style`, `title`).
    package var text: String {
        var out = ""
        for item in table.content[table.contentSlots(index)] where item < 0 { out += table.text(Int(~item)) }
        return out
    }
}

/// The attributes of one element, indexed from 0.
package struct AttributeList: RandomAccessCollection {
    let table: ElementTable
    let slots: Range<Int>

    /// Always 0.
    package var startIndex: Int { 0 }
    /// The number of attributes.
    package var endIndex: Int { slots.count }
    /// The `k`th attribute in document order.
    package subscript(k: Int) -> AttributeView { AttributeView(table: table, slot: slots.lowerBound + k) }
}

/// One attribute as written, with its namespace resolved.
package struct AttributeView {
    let table: ElementTable
    /// The attribute's slot in the tree-wide table.
    package let slot: Int

    private var interned: AttributeName { table.attributeName(slot) }

    /// The local name (`href` for `xlink:href`).
    package var name: String { interned.name }
    /// The namespace URI (nil for an unprefixed attribute).
    package var namespace: String? { interned.namespace }
    /// The name as written in the file, prefix included (`xlink:href`).
    package var qualifiedName: String { interned.qualifiedName }
    /// The property when the local name is a presentation attribute, else nil.
    package var presentation: CSSProperty? { interned.presentation }
    /// True when the local name is `style`.
    package var isStyle: Bool { interned.isStyle }
    /// The value (made on request).
    package var value: String { table.value(slot) }

    /// Runs `body` on the value's UTF-8 bytes.
    package func withValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try table.withValueBytes(slot, body)
    }
}

/// The content of one element (child elements and text runs), indexed from 0.
package struct ContentList: RandomAccessCollection {
    let table: ElementTable
    let slots: Range<Int>

    /// Always 0.
    package var startIndex: Int { 0 }
    /// The number of child elements and text runs.
    package var endIndex: Int { slots.count }
    /// The `k`th item in document order (a text run's `String` is made here).
    package subscript(k: Int) -> ElementContent {
        let item = table.content[slots.lowerBound + k]
        return item >= 0 ? .element(Int(item)) : .text(table.text(Int(~item)))
    }
}
