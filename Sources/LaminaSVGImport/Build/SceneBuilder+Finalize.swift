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
        var box = p.box
        if p.fixedBounds == nil {
            for c in layers.sublayers(of: id) where !layers.layers[c.index].hidden {
                if let f = frame(of: c) { box = box.union(f) }
            }
        }
        pending[id.index].box = box
        let i = id.index
        let bounds = p.authoredBounds ?? p.fixedBounds ?? (box.isNull ? .zero : box)
        layers.layers[i].bounds = bounds
        let unitAnchor = layers.layers[i].anchorPoint
        let anchor = Point(bounds.x + unitAnchor.x * bounds.width, bounds.y + unitAnchor.y * bounds.height)
        var t = p.transform
        if let host = p.boundingBoxHost {
            let hb = pending[host.index].box
            let unit = hb.isNull ? AffineTransform(0, 0, 0, 0, 0, 0) : AffineTransform(hb.width, 0, 0, hb.height, hb.x, hb.y)
            t = unit.concatenating(t)
        }
        if let t3 = p.transform3D {
            layers.layers[i].position = anchor
            layers.layers[i].transform = t3
        } else {
            layers.layers[i].position = t.apply(anchor)
            layers.layers[i].transform = Transform3D(t.linear)
        }
        if let m = p.viewportMapping {
            let s = AffineTransform.translation(anchor.x, anchor.y).concatenating(m)
                .concatenating(.translation(-anchor.x, -anchor.y))
            layers.layers[i].sublayerTransform = Transform3D(s)
        }
    }

    /// A sublayer's frame in its superlayer's space (LAYER-MODEL §2.2), nil when it has no
    /// extent (an empty layer) or projects behind the eye.
    func frame(of id: LayerID) -> Rect? {
        let i = id.index
        let b = layers.layers[i].bounds
        // `hasContent`, not `content == nil`: reading `content` copies it out of its box.
        if b.width == 0 && b.height == 0 && layers.sublayerLists[i].isEmpty && !layers.layers[i].hasContent { return nil }
        let ap = layers.layers[i].anchorPoint, position = layers.layers[i].position
        let a = Point(b.x + ap.x * b.width, b.y + ap.y * b.height)
        // `transformIfSet`: the `transform` getter is opaque from this module, and calling it on
        // an array element copies the whole layer (eight references) first.
        let t = layers.layers[i].transformIfSet ?? .identity
        if t.isAffine {
            let r = t.affinePart.linear.apply(Rect(b.x - a.x, b.y - a.y, b.width, b.height))
            return Rect(r.x + position.x + t.m41, r.y + position.y + t.m42, r.width, r.height)
        }
        let m = Transform3D.translation(-a.x, -a.y, -layers.layers[i].anchorPointZ).concatenating(t)
            .concatenating(.translation(position.x, position.y, layers.layers[i].zPosition))
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
