/// What a `CATransformLayer` ignores (LAYER-MODEL.md §4, CATransformLayer documentation:
/// "Only the sublayers of a transform layer are rendered", and "properties that assume 2D image
/// processing are also ignored, including: filters, backgroundFilters, compositingFilter,
/// mask, masksToBounds"). The resolver draws none of them; this says so once per layer.
extension Resolver {
    /// Warns when transform layer `id` sets properties that are not drawn.
    mutating func warnIgnoredTransformLayerProperties(_ id: LayerID) {
        let names = Self.ignoredTransformLayerProperties(of: tree[id], hasMask: tree.mask(of: id) != nil)
        guard !names.isEmpty else { return }
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        diagnostics.append(.warning(
            "layer \(self.path(of: id)) is a transform layer, which draws only its sublayers: its \(list) "
                + (names.count == 1 ? "is" : "are") + " not drawn, as in Core Animation",
            at: tree.sourceLocation(of: id)))
    }

    /// The names (as layer JSON spells them) of the properties a transform layer sets but
    /// does not draw, in the order layer JSON writes them.
    static func ignoredTransformLayerProperties(of layer: Layer, hasMask: Bool) -> [String] {
        var out: [String] = []
        if layer.masksToBounds { out.append("masksToBounds") }
        if layer.backgroundColor != nil { out.append("backgroundColor") }
        if layer.borderWidth > 0, layer.borderColor != nil { out.append("border") }
        if hasMask { out.append("mask") }
        if layer.hasContent { out.append("content") }
        if let svg = layer.svg {
            if svg.mask != nil { out.append("SVG mask") }
            if !svg.filters.isEmpty { out.append("filter") }
            if !svg.extra.isEmpty { out.append(svg.extra.map(\.name).joined(separator: ", ")) }
        }
        return out
    }
}
