/// The storage half of the bounds and frame setters: they change the properties and invalidate
/// layout, and report a size change so the public setters can run autoresizing (§2.3, §2.4, §7).
extension LayerTree {
    /// Stores `bounds`; returns the old size when the size changed.
    mutating func setBoundsStorage(_ r: Rect, of id: LayerID) -> Size? {
        let old = layers[id.index].bounds
        guard old != r else { return nil }
        layers[id.index].bounds = r
        invalidateLayoutImplicitly(id)
        if let s = superlayers[id.index], !isMask[id.index] { invalidateLayoutImplicitly(s) }
        return old.size == r.size ? nil : old.size
    }

    /// Applies the frame setter rule of §2.3; returns the old bounds size when it changed.
    mutating func setFrameStorage(_ frame: Rect, of id: LayerID) -> Size? {
        let r = frame.standardized
        let l = layers[id.index]
        let t = l.transform.isAffine ? l.transform.affineTransform : l.transform.affinePart
        var size = r.size
        if !(t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1) {
            if let inv = t.linear.inverted() {
                let s = inv.apply(r.size)
                size = Size(abs(s.width), abs(s.height))
            } else {
                size = l.bounds.size
            }
        }
        let position = Point(
            r.x + l.anchorPoint.x * r.width - t.tx, r.y + l.anchorPoint.y * r.height - t.ty)
        // A frame too large for a double would store a non-finite value, which layer JSON
        // cannot write: such a frame leaves the layer as it is.
        guard position.isFinite, size.width.isFinite, size.height.isFinite else { return nil }
        layers[id.index].position = position
        return setBoundsStorage(Rect(origin: l.bounds.origin, size: size), of: id)
    }
}
