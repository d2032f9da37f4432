/// Paint order and compositing (LAYER-MODEL.md §5.1–§5.4).
extension LayerTree {
    /// The sublayers sorted by `zPosition` ascending, stable on ties (back to front, §5.2).
    public func sublayersInPaintOrder(of id: LayerID) -> [LayerID] {
        let subs = sublayerLists[id.index]
        var sorted = true
        for i in subs.indices.dropFirst() where layers[subs[i].index].zPosition < layers[subs[i - 1].index].zPosition {
            sorted = false
            break
        }
        if sorted { return subs }
        return subs.enumerated().sorted { a, b in
            let za = layers[a.element.index].zPosition, zb = layers[b.element.index].zPosition
            return za != zb ? za < zb : a.offset < b.offset
        }.map(\.element)
    }

    /// Whether the layer and its subtree can paint: not hidden, opacity above 0 (§5.3).
    public func isVisible(_ id: LayerID) -> Bool {
        !layers[id.index].hidden && layers[id.index].opacity > 0
    }

    /// Visible layers in paint order: a layer, then its sublayers in paint order, each subtree
    /// whole; hidden and zero-opacity subtrees are left out. Masks are not included.
    public func paintOrder(from root: LayerID) -> [LayerID] {
        var out: [LayerID] = []
        guard isVisible(root) else { return out }
        var stack: [LayerID] = [root]
        while let id = stack.popLast() {
            out.append(id)
            for child in sublayersInPaintOrder(of: id).reversed() where isVisible(child) { stack.append(child) }
        }
        return out
    }

    /// The parts a layer paints itself, in order (§5.1): background, contents, then (after its
    /// sublayers) border. A `CATransformLayer` has no plane and paints none. The border counts
    /// when `borderWidth > 0` (Core Animation's default border color is opaque black).
    public func ownPaintParts(of id: LayerID) -> (background: Bool, contents: Bool, border: Bool) {
        // Read in place: a copy of the layer (or of its content) would retain every box.
        if layers[id.index].isTransformLayer { return (false, false, false) }
        guard layers[id.index].mayHaveRareProperties else { return (false, layers[id.index].hasContent, false) }
        return (layers[id.index].backgroundColor != nil, layers[id.index].hasContent, layers[id.index].borderWidth > 0)
    }

    /// Whether the layer paints any content of its own.
    public func paintsOwnContent(_ id: LayerID) -> Bool {
        let p = ownPaintParts(of: id)
        return p.background || p.contents || p.border
    }

    /// Every painted part under `root` in compositing order: background, contents, sublayers
    /// (recursively, in paint order), border (§5.1).
    public func paintParts(from root: LayerID) -> [(layer: LayerID, part: PaintPart)] {
        var out: [(layer: LayerID, part: PaintPart)] = []
        guard isVisible(root) else { return out }
        var stack: [(LayerID, Bool)] = [(root, false)]
        while let (id, closing) = stack.popLast() {
            let parts = ownPaintParts(of: id)
            if closing {
                if parts.border { out.append((id, .border)) }
                continue
            }
            if parts.background { out.append((id, .background)) }
            if parts.contents { out.append((id, .contents)) }
            stack.append((id, true))
            for child in sublayersInPaintOrder(of: id).reversed() where isVisible(child) { stack.append((child, false)) }
        }
        return out
    }

    /// How opacity composites under `root` (§5.4): layers composited as a group with their
    /// opacity, and the opacity multiplied into each painting layer's own paint (its own unless
    /// it is a group, times its non-group ancestors' up to `root`). Both in paint order.
    public func opacityModel(from root: LayerID) -> OpacityModel {
        var model = OpacityModel()
        var inherited = [Double](repeating: 1, count: layers.count)
        for id in paintOrder(from: root) {
            let l = layers[id.index]
            let opacity = min(max(l.opacity, 0), 1)
            let parent = id == root ? nil : superlayers[id.index]
            let parentFactor = parent.map { inherited[$0.index] } ?? 1
            let isGroup = l.allowsGroupOpacity && !l.isTransformLayer && opacity < 1
            if isGroup { model.groups.append((id, opacity)) }
            let own = isGroup ? parentFactor : parentFactor * opacity
            inherited[id.index] = own
            if paintsOwnContent(id) { model.elements.append((id, own)) }
        }
        return model
    }
}

/// One part of a layer's own painting (§5.1).
public enum PaintPart: String, Hashable, Sendable {
    case background, contents, border
}

/// The result of ``LayerTree/opacityModel(from:)``.
public struct OpacityModel: Sendable {
    /// Layers composited as one group, with the group's opacity.
    public var groups: [(layer: LayerID, opacity: Double)] = []
    /// Painting layers with the opacity multiplied into their own paint.
    public var elements: [(layer: LayerID, opacity: Double)] = []

    public init() {}
}
