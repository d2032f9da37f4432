/// The layer of each drawable element a flattened SVG body writes, in paint order, for naming
/// the layer of a changed drawable (SPEC §8 "which layer"): the flattened SVG carries no layer
/// names, so they come from the display list the output was written from.
///
/// Made from each display item's own markup (``add(markup:layer:)``): an item is
/// written as one drawable element in most cases, but verbatim content (a text with its
/// tspans, an image, markup wrapped in a `<g>`) may hold more or none, so each item's
/// drawables are counted by the rules of ``SVGStructuralDiff/roles(_:)``. The names are used
/// only when the drawables of the document compared are exactly these, tag for tag.
package struct DrawableLayers: Sendable {
    /// The tag of each drawable element the items write, in paint order.
    private(set) var tags: [String] = []
    /// The layer path of each of them (nil when its layer has none).
    private(set) var layers: [String?] = []

    /// No drawables yet: ``add(markup:layer:)`` each item's in paint order.
    init() {}

    /// Counts the drawables of one item's markup and gives them the item's layer path; false
    /// when the markup does not parse on its own, so its drawables cannot be counted.
    mutating func add(markup: [UInt8], layer: String?) -> Bool {
        guard markup.contains(0x3C) else { return true }
        guard let doc = CheckSVGDocument.parse(markup) else { return false }
        for (e, role) in zip(doc.elements, SVGStructuralDiff.roles(doc)) where role == .drawable {
            tags.append(e.tag)
            layers.append(layer)
        }
        return true
    }

    /// The layer path of each drawable of `doc` by paint index, or nil when `doc`'s drawables
    /// are not these in number and tags (the mapping is then not certain: no names at all).
    func paths(for doc: CheckSVGDocument) -> [String?]? {
        var n = 0
        for (e, role) in zip(doc.elements, SVGStructuralDiff.roles(doc)) where role == .drawable {
            guard n < tags.count, tags[n] == e.tag else { return nil }
            n += 1
        }
        return n == tags.count ? layers : nil
    }
}
