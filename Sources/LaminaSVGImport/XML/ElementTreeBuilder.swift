/// Fills the tables of an ``ElementTree`` in document order (the XML reader, and tests).
///
/// Elements are started in document order with their attributes appended right after (values
/// to `arena`); text runs go to `textArena`. `finish` turns the document-order list of content items into
/// per-parent child lists (one counting pass, linear).
package struct ElementTreeBuilder {
    var elements: [ElementRecord] = []
    var attributeNameIDs: [Int32] = []
    var valueEnds: [UInt32] = []
    var texts: [TextRun] = []
    /// Attribute values, back to back in slot order.
    package var arena: [UInt8] = []
    /// Text run bytes.
    package var textArena: [UInt8] = []
    /// Content items (child elements and text runs) in document order, before `finish`.
    var order: [Int32] = []
    var elementNames: [ElementName] = []
    var attributeNames: [AttributeName] = []
    /// What the reader leaves to be freed (a second reader and its buffers, ~100,000 pages
    /// at deep-1e6, ~7 ms of `munmap`): let go by ``finish(file:threads:)`` on the thread
    /// that builds the id table ahead, once the table is done, else with the builder.
    var setAside: (any AnyObject & Sendable)?
    private var elementNameIDs: [NameKey: Int32] = [:]
    private var attributeNameLookup: [NameKey: Int32] = [:]

    private struct NameKey: Hashable {
        var name: String
        var namespace: String?
        var qualifiedName: String
    }

    /// The most attribute bytes a tree holds (value ends are stored in 32 bits); only entity
    /// expansion can reach it, since inputs are at most 1 GB.
    package static let maximumArena = Int(UInt32.max)

    /// An empty builder.
    package init() {}

    /// Reserves room for about `elements` elements and `attributes` attributes.
    package mutating func reserve(elements n: Int, attributes a: Int, arena bytes: Int) {
        elements.reserveCapacity(n)
        order.reserveCapacity(n)
        attributeNameIDs.reserveCapacity(a)
        valueEnds.reserveCapacity(a)
        arena.reserveCapacity(bytes)
    }

    /// The number of elements started so far.
    package var count: Int { elements.count }

    /// The id of an element name (interned).
    package mutating func elementName(_ name: String, namespace: String?) -> Int32 {
        let key = NameKey(name: name, namespace: namespace, qualifiedName: "")
        if let id = elementNameIDs[key] { return id }
        let id = Int32(elementNames.count)
        elementNames.append(ElementName(name: name, namespace: namespace))
        elementNameIDs[key] = id
        return id
    }

    /// The id of an attribute name (interned).
    package mutating func attributeName(_ name: String, namespace: String?, qualifiedName: String) -> Int32 {
        let key = NameKey(name: name, namespace: namespace, qualifiedName: qualifiedName)
        if let id = attributeNameLookup[key] { return id }
        let id = Int32(attributeNames.count)
        attributeNames.append(AttributeName(name: name, namespace: namespace, qualifiedName: qualifiedName))
        attributeNameLookup[key] = id
        return id
    }

    /// True when the element name `id` is SVG `text` (its blank text runs are kept).
    package func isSVGText(_ id: Int32) -> Bool {
        let n = elementNames[Int(id)]
        return n.isSVG && n.name == "text"
    }

    /// Starts an element (its attributes follow with `appendAttribute`, or were appended from
    /// slot `attributeStart` on); returns its index.
    @discardableResult
    package mutating func startElement(name id: Int32, parent: Int?, line: Int32, column: Int32, attributeStart: Int? = nil) -> Int {
        let index = elements.count
        elements.append(
            ElementRecord(
                name: id, parent: parent.map { Int32($0) } ?? -1, line: line, column: column,
                attributeStart: Int32(truncatingIfNeeded: attributeStart ?? attributeNameIDs.count), contentStart: 0,
                kind: elementNames[Int(id)].kind))
        if parent != nil { order.append(Int32(index)) }
        return index
    }

    /// Ends an attribute of the last element: its value is the arena bytes appended since the
    /// previous attribute ended.
    package mutating func endAttribute(name id: Int32) {
        attributeNameIDs.append(id)
        valueEnds.append(UInt32(truncatingIfNeeded: min(arena.count, Self.maximumArena)))
    }

    /// Appends an attribute of the last element.
    package mutating func appendAttribute(name id: Int32, value: String) {
        arena.append(contentsOf: value.utf8)
        endAttribute(name: id)
    }

    /// Makes `textArena[start...]` a text run of `parent`.
    package mutating func appendText(parent: Int, start: Int) {
        order.append(~Int32(texts.count))
        texts.append(TextRun(start: start, count: Int32(truncatingIfNeeded: textArena.count - start), parent: Int32(parent)))
    }

    /// Makes the `count` bytes at `textArena[start]` (written in place by the caller) a text run
    /// of `parent`.
    mutating func appendText(parent: Int, start: Int, count: Int) {
        order.append(~Int32(texts.count))
        texts.append(TextRun(start: start, count: Int32(truncatingIfNeeded: count), parent: Int32(parent)))
    }

    /// Appends a text run to `parent`.
    package mutating func appendText(parent: Int, _ text: String) {
        let start = textArena.count
        textArena.append(contentsOf: text.utf8)
        appendText(parent: parent, start: start)
    }

    /// The finished tree; the builder is left empty.
    ///
    /// With `threads` > 1 and at least ``idsAheadElements`` elements of which some have an
    /// `id`, the id index's table is built on a helper thread (``IDTableAhead``) from the
    /// slot columns, which are complete here, while this thread sorts the content order and
    /// goes on to the build; that thread then lets ``setAside`` go (the munmaps of a second
    /// reader's buffers came before the sort on this thread, where the build waits for them).
    package mutating func finish(file: String, threads: Int = 1) -> ElementTree {
        let n = elements.count
        let isID = attributeNames.map(\.isID)
        let idsAhead =
            threads > 1 && n >= Self.idsAheadElements && isID.contains(true)
            ? IDTableAhead.start(names: attributeNameIDs, ends: valueEnds, arena: arena, isID: isID, then: setAside)
            : nil
        if idsAhead != nil { setAside = nil }
        var start = [Int32](repeating: 0, count: n + 1)
        var content = [Int32](repeating: 0, count: order.count)
        // A counting sort of the items by parent, over the buffers (on the one-thread stretch
        // between the reader and the build: through the arrays it took ~84 instructions an
        // element). Every item of `order` has a parent element (checked: the buffers are not).
        elements.withUnsafeMutableBufferPointer { records in
            texts.withUnsafeBufferPointer { runs in
                order.withUnsafeBufferPointer { items in
                    start.withUnsafeMutableBufferPointer { start in
                        content.withUnsafeMutableBufferPointer { content in
                            @inline(__always) func parent(_ item: Int32) -> Int {
                                let k = Int(item >= 0 ? item : ~item)
                                precondition(k < (item >= 0 ? n : runs.count), "an item is an element or text run")
                                let p = Int(item >= 0 ? records[k].parent : runs[k].parent)
                                precondition(p >= 0 && p < n, "an item's parent is an element")
                                return p
                            }
                            for item in items { start[parent(item) + 1] += 1 }
                            for i in 0..<n { start[i + 1] += start[i] }
                            for i in 0..<n { records[i].contentStart = start[i] }
                            for item in items {
                                let p = parent(item)
                                content[Int(start[p])] = item
                                start[p] += 1
                            }
                        }
                    }
                }
            }
        }
        order = []
        start = []
        let table = ElementTable(
            elements: elements, attributeNameIDs: attributeNameIDs, valueEnds: valueEnds, content: content, texts: texts,
            arena: arena, textArena: textArena, elementNames: elementNames, attributeNames: attributeNames,
            idsAhead: idsAhead)
        self = ElementTreeBuilder()
        return ElementTree(file: file, table: table)
    }

    /// Smaller documents build the id index's table at the first lookup, on one thread.
    package static let idsAheadElements = 16_384
}
