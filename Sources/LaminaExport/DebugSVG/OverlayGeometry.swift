import LaminaCore

/// The layer geometry the overlay reads, in one place (LAYER-MODEL.md §2, §3, §6, §9).
///
/// Interim: until `LaminaCore` publishes its geometry queries, this computes them from the
/// formulas of LAYER-MODEL.md; afterwards each method forwards to the core query of the same name.
struct OverlayGeometry {
    let tree: LayerTree

    /// `A_L`: the anchor point in the layer's own (bounds) coordinates.
    func anchor(of id: LayerID) -> Point {
        let l = tree[id]
        return Point(l.bounds.x + l.anchorPoint.x * l.bounds.width, l.bounds.y + l.anchorPoint.y * l.bounds.height)
    }

    /// `Tr(−A)·T·Tr(px, py, pz)`: the layer's frame matrix (§2.2).
    private func frameMatrix(of id: LayerID) -> Transform3D {
        let l = tree[id]
        let a = anchor(of: id)
        return Transform3D.translation(-a.x, -a.y, -l.anchorPointZ)
            .concatenating(l.transform)
            .concatenating(.translation(l.position.x, l.position.y, l.zPosition))
    }

    /// The frame in the superlayer's space: projected bounding box of the mapped bounds corners.
    func frame(of id: LayerID) -> Rect {
        let f = frameMatrix(of: id)
        var pts: [Point] = []
        for c in tree[id].bounds.corners {
            let v = f.apply(x: c.x, y: c.y, z: 0)
            guard v.w > 0 else { return .infinite }
            pts.append(Point(v.x / v.w, v.y / v.w))
        }
        return Rect.boundingBox(of: pts)
    }

    /// The plane map from the layer's space to its superlayer's (including the superlayer's
    /// sublayerTransform about its anchor); for a root, to the root's superlayer space.
    func homographyToSuperlayer(_ id: LayerID) -> Homography {
        let l = tree[id]
        var m = Transform3D.identity
        if l.geometryFlipped {
            m = Transform3D(AffineTransform(1, 0, 0, -1, 0, 2 * l.bounds.y + l.bounds.height))
        }
        m = m.concatenating(frameMatrix(of: id))
        if let s = tree.superlayer(of: id), !tree.isMaskLayer(id) {
            let sl = tree[s]
            if !sl.sublayerTransform.isIdentity {
                let a = anchor(of: s)
                m = m.concatenating(.translation(-a.x, -a.y, -sl.anchorPointZ))
                    .concatenating(sl.sublayerTransform)
                    .concatenating(.translation(a.x, a.y, sl.anchorPointZ))
            }
        }
        return Homography(flattening: m)
    }

    /// The hit layer for `p` in the superlayer space of `root` (sublayer-array order, §6.2).
    func hitTest(_ p: Point, in root: LayerID) -> LayerID? {
        struct Frame {
            var id: LayerID
            var q: Point
            var inside: Bool
            var next: Int
        }
        func enter(_ id: LayerID, _ p: Point) -> Frame? {
            let l = tree[id]
            if l.hidden { return nil }
            guard let inv = homographyToSuperlayer(id).inverted(), let q = inv.apply(p) else { return nil }
            let inside = l.bounds.contains(q)
            if l.masksToBounds && !inside { return nil }
            return Frame(id: id, q: q, inside: inside, next: tree.sublayers(of: id).count - 1)
        }
        guard let first = enter(root, p) else { return nil }
        var stack = [first]
        while let top = stack.last {
            let subs = tree.sublayers(of: top.id)
            if top.next >= 0 {
                let child = subs[top.next]
                stack[stack.count - 1].next -= 1
                if let f = enter(child, top.q) { stack.append(f) }
                continue
            }
            stack.removeLast()
            if top.inside { return top.id }
        }
        return nil
    }

    /// The layer a path names (SPEC §2), or nil.
    func layer(atPath path: String, root: LayerID) -> LayerID? {
        if path == "/" || path.isEmpty { return root }
        var cur = root
        for comp in path.split(separator: "/", omittingEmptySubsequences: true) {
            let subs = tree.sublayers(of: cur)
            if comp.hasPrefix("#"), let n = Int(comp.dropFirst()), n >= 0, n < subs.count,
                tree[subs[n]].name == nil
            {
                cur = subs[n]
            } else if let hit = subs.last(where: { tree[$0].name == String(comp) }) {
                cur = hit
            } else {
                return nil
            }
        }
        return cur
    }
}
