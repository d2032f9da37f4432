/// Autoresizing (LAYER-MODEL.md §7.2): the thirds rule, run synchronously when a bounds size changes.
extension LayerTree {
    /// `resizeWithOldSuperlayerSize:` — moves and sizes the layer for its superlayer's size change.
    public mutating func resizeWithOldSuperlayerSize(_ id: LayerID, oldSize: Size) {
        if let old = resizeStorage(id, oldSuperlayerSize: oldSize) { autoresize(startingAt: id, oldSize: old) }
    }

    /// `resizeSublayersWithOldSize:` — resizes every sublayer for this layer's size change.
    public mutating func resizeSublayersWithOldSize(_ id: LayerID, oldSize: Size) {
        autoresize(startingAt: id, oldSize: oldSize)
    }

    /// Runs `resizeSublayersWithOldSize` for `id`, cascading to sublayers whose size changes,
    /// with an explicit work list instead of recursion.
    mutating func autoresize(startingAt id: LayerID, oldSize: Size) {
        var work: [(LayerID, Size)] = [(id, oldSize)]
        while let (layer, old) = work.popLast() {
            for child in sublayerLists[layer.index] {
                if let childOld = resizeStorage(child, oldSuperlayerSize: old) { work.append((child, childOld)) }
            }
        }
    }

    /// The frame change of one layer for its superlayer's size change; returns its own old
    /// bounds size when that changed.
    mutating func resizeStorage(_ id: LayerID, oldSuperlayerSize old: Size) -> Size? {
        let mask = layers[id.index].autoresizingMask
        guard !mask.isEmpty, let sup = superlayers[id.index] else { return nil }
        let new = layers[sup.index].bounds.size
        let f = frame(of: id)
        // A corner behind the eye makes the frame `Rect.infinite` (§2.2): no margins to keep.
        guard !f.isInfinite else { return nil }
        let (x, w) = Self.resizeAxis(
            f.x, f.width, old: old.width, new: new.width,
            minFlexible: mask.contains(.minXMargin), sizeFlexible: mask.contains(.widthSizable),
            maxFlexible: mask.contains(.maxXMargin))
        let (y, h) = Self.resizeAxis(
            f.y, f.height, old: old.height, new: new.height,
            minFlexible: mask.contains(.minYMargin), sizeFlexible: mask.contains(.heightSizable),
            maxFlexible: mask.contains(.maxYMargin))
        return setFrameStorage(Rect(x, y, w, h), of: id)
    }

    /// One axis of §7.2: margins share `(δ − e)/m`, the extent takes `δ/3` (or all of δ alone).
    static func resizeAxis(
        _ before: Double, _ extent: Double, old: Double, new: Double,
        minFlexible: Bool, sizeFlexible: Bool, maxFlexible: Bool
    ) -> (Double, Double) {
        guard minFlexible || sizeFlexible || maxFlexible else { return (before, extent) }
        let delta = new - old
        let after = old - before - extent
        let m = (minFlexible ? 1.0 : 0) + (maxFlexible ? 1.0 : 0)
        let e = sizeFlexible ? (m > 0 ? delta / 3 : delta) : 0
        let share = m > 0 ? (delta - e) / m : 0
        let x = (before + (minFlexible ? share : 0)).rounded(.down)
        let after2 = after + (maxFlexible ? share : 0)
        let w = (new - x - after2).rounded(.up)
        return (x, w)
    }
}
