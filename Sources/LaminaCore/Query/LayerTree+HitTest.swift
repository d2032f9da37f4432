/// Which sibling order `hitTest` searches (LAYER-MODEL.md §6.2 note b).
public enum HitTestOrder: String, Sendable, CaseIterable {
    /// The sublayer array, last added first; zPosition ignored (Lockwood's book; Lamina's default).
    case array
    /// The reverse of the stable zPosition paint order (measured on macOS by GNUstep, 2026).
    case paint
}

/// `containsPoint:` and `hitTest:` (LAYER-MODEL.md §6).
extension LayerTree {
    /// Whether `p`, in the layer's own space, lies in its bounds (CGRectContainsPoint rules).
    public func containsPoint(_ p: Point, in id: LayerID) -> Bool {
        layers[id.index].bounds.contains(p)
    }

    /// The farthest descendant of `id` (or `id` itself) that contains `p`, as `hitTest:` (§6.2).
    ///
    /// `p` is in the space of `id`'s nearest superlayer that is not a `CATransformLayer`.
    /// Hidden layers are passed over with their subtrees; the receiver's bounds are no
    /// precondition except where a layer masks to bounds; a `CATransformLayer` is never returned.
    /// A singular map on the way makes the point miss everything below it.
    public func hitTest(_ p: Point, in id: LayerID, order: HitTestOrder = .array) -> LayerID? {
        var acc = Transform3D.identity
        var s = isMaskLayer(id) ? nil : superlayers[id.index]
        while let t = s, layers[t.index].isTransformLayer {
            acc = acc.concatenating(matrixToSuperlayer(t))
            s = isMaskLayer(t) ? nil : superlayers[t.index]
        }
        guard let first = hitFrame(id, point: p, accumulated: acc, order: order) else { return nil }
        var stack: [HitFrame] = [first]
        while let top = stack.last {
            if top.cursor > 0 {
                let cursor = top.cursor - 1
                stack[stack.count - 1].cursor = cursor
                let child = top.children[cursor]
                let acc = layers[top.id.index].isTransformLayer ? top.accumulated : .identity
                if let f = hitFrame(child, point: top.point, accumulated: acc, order: order) { stack.append(f) }
                continue
            }
            stack.removeLast()
            if top.inside { return top.id }
        }
        return nil
    }

    /// One level of the hit-test walk: the layer, the point on its plane (for a transform layer,
    /// on the nearest plane above), and the sublayers still to search.
    struct HitFrame {
        var id: LayerID
        var point: Point
        var accumulated: Transform3D
        var children: [LayerID]
        var cursor: Int
        var inside: Bool
    }

    /// Enters a layer: nil when it is hidden, when the point has no image on its plane, or when
    /// it masks to bounds and the point is outside.
    func hitFrame(_ id: LayerID, point: Point, accumulated: Transform3D, order: HitTestOrder) -> HitFrame? {
        if layers[id.index].hidden { return nil }
        let children = order == .array ? sublayerLists[id.index] : sublayersInPaintOrder(of: id)
        let plain = accumulated.isIdentity
        if layers[id.index].isTransformLayer {
            let m = plain ? matrixToSuperlayer(id) : matrixToSuperlayer(id).concatenating(accumulated)
            return HitFrame(id: id, point: point, accumulated: m, children: children, cursor: children.count, inside: false)
        }
        let h = plain ? homographyToSuperlayer(id) : Homography(flattening: matrixToSuperlayer(id).concatenating(accumulated))
        guard let inv = h.inverted(), let q = inv.apply(point), q.isFinite else { return nil }
        let inside = containsPoint(q, in: id)
        if layers[id.index].masksToBounds && !inside { return nil }
        return HitFrame(id: id, point: q, accumulated: .identity, children: children, cursor: children.count, inside: inside)
    }
}
