import LaminaCore

extension SceneBuilder {
    /// Gives every layer its bounds, position and transform once its sublayers are known
    /// (post-order, iterative): bounds = content box ∪ visible sublayers' frames, unless fixed;
    /// the element transform T splits into `position = T(A)` and `transform = T`'s linear part,
    /// so `(v − A)·Tlin + T(A) == T(v)` for every point v. Masks are done after their host,
    /// since `objectBoundingBox` clip paths need the host's box.
    mutating func finalizeGeometry(root: LayerID) {
        var hosts: [LayerID] = [root]
        var stack: [(LayerID, Bool)] = []
        while let start = hosts.popLast() {
            stack.append((start, false))
            while let (id, expanded) = stack.popLast() {
                if !expanded {
                    stack.append((id, true))
                    for c in layers.sublayers(of: id) { stack.append((c, false)) }
                    continue
                }
                finalize(id)
                if let m = layers.mask(of: id) { hosts.append(m) }
            }
        }
    }

    private mutating func finalize(_ id: LayerID) {
        let p = pending[id.index]
        var box = p.contentBounds ?? .null
        if p.fixedBounds == nil {
            for c in layers.sublayers(of: id) where !layers[c].hidden {
                if let f = frame(of: c) { box = box.union(f) }
            }
        }
        pending[id.index].objectBox = box
        var layer = layers[id]
        let bounds = p.authoredBounds ?? p.fixedBounds ?? (box.isNull ? .zero : box)
        layer.bounds = bounds
        let anchor = Point(bounds.x + layer.anchorPoint.x * bounds.width, bounds.y + layer.anchorPoint.y * bounds.height)
        var t = p.transform
        if let host = p.boundingBoxHost {
            let hb = pending[host.index].objectBox
            let unit = hb.isNull ? AffineTransform(0, 0, 0, 0, 0, 0) : AffineTransform(hb.width, 0, 0, hb.height, hb.x, hb.y)
            t = unit.concatenating(t)
        }
        if let t3 = p.transform3D {
            layer.position = anchor
            layer.transform = t3
        } else {
            layer.position = t.apply(anchor)
            layer.transform = Transform3D(t.linear)
        }
        if let m = p.viewportMapping {
            let s = AffineTransform.translation(anchor.x, anchor.y).concatenating(m)
                .concatenating(.translation(-anchor.x, -anchor.y))
            layer.sublayerTransform = Transform3D(s)
        }
        layers[id] = layer
    }

    /// A sublayer's frame in its superlayer's space (LAYER-MODEL §2.2), nil when it has no
    /// extent (an empty layer) or projects behind the eye.
    func frame(of id: LayerID) -> Rect? {
        let l = layers[id]
        let b = l.bounds
        if b.width == 0 && b.height == 0 && layers.sublayers(of: id).isEmpty && l.content == nil { return nil }
        let a = Point(b.x + l.anchorPoint.x * b.width, b.y + l.anchorPoint.y * b.height)
        let m = Transform3D.translation(-a.x, -a.y, -l.anchorPointZ).concatenating(l.transform)
            .concatenating(.translation(l.position.x, l.position.y, l.zPosition))
        let h = Homography(flattening: m)
        var points: [Point] = []
        for c in b.corners {
            guard let q = h.apply(c), q.isFinite else { return nil }
            points.append(q)
        }
        let r = Rect.boundingBox(of: points)
        return r.isNull ? nil : r
    }
}
