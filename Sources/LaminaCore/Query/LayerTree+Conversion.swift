/// Coordinate conversion between layers (LAYER-MODEL.md §3, §4).
extension LayerTree {
    /// The map from `id`'s own space to its tree root's superlayer space (the root's own frame
    /// matrix applied), composing 4×4 through `CATransformLayer`s and flattening at other layers.
    ///
    /// Returns nil when the result is not finite. A singular map is returned as it is.
    public func toRoot(_ id: LayerID) -> Homography? {
        let h = homography(from: id, upTo: nil).map
        return h.isFinite ? h : nil
    }

    /// The map from `id`'s own space to the own space of its ancestor `ancestor` (the
    /// ancestor's own frame matrix not applied); nil when a step is singular or the result is
    /// not finite.
    public func map(from id: LayerID, toAncestor ancestor: LayerID) -> Homography? {
        let (h, singular) = homography(from: id, upTo: ancestor)
        return singular || !h.isFinite ? nil : h
    }

    /// Converts a point from the space of `from` to the space of `to` (§4).
    ///
    /// `nil` means the root superlayer space ("no layer", §4.3); layers in different trees
    /// convert through both roots (§4.2). When a map on the way is singular or sends the point
    /// behind the eye, the result is `Point.notANumber`.
    public func convert(_ p: Point, from: LayerID?, to: LayerID?) -> Point {
        if from == to { return p }
        let common = commonAncestor(from, to)
        var q = p
        if let f = from {
            let up = homography(from: f, upTo: common)
            guard !up.singular, let r = up.map.apply(q), staysInFront([q], from: f, upTo: common) else {
                return .notANumber
            }
            q = r
        }
        if let t = to {
            let down = homography(from: t, upTo: common)
            guard !down.singular, let inv = down.map.inverted(minimumDeterminant: 0), let r = inv.apply(q),
                staysInFront([r], from: t, upTo: common)
            else {
                return .notANumber
            }
            q = r
        }
        return q
    }

    /// Converts a rectangle: the bounding box of its four converted corners (§4.1).
    ///
    /// A rectangle with NaN origin and size when any corner has no image (as for a point).
    public func convert(_ r: Rect, from: LayerID?, to: LayerID?) -> Rect {
        if from == to { return r }
        let common = commonAncestor(from, to)
        var up = Homography.identity
        if let f = from {
            let u = homography(from: f, upTo: common)
            if u.singular { return Rect.notANumber }
            up = u.map
        }
        if let t = to {
            let d = homography(from: t, upTo: common)
            guard !d.singular, let inv = d.map.inverted(minimumDeterminant: 0) else { return Rect.notANumber }
            up = up.concatenating(inv)
        }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var images: [Point] = []
        for corner in 0..<4 {
            let cx = (corner == 1 || corner == 2) ? r.x + r.width : r.x
            let cy = corner >= 2 ? r.y + r.height : r.y
            guard let m = up.apply(Point(cx, cy)), m.isFinite else { return Rect.notANumber }
            x0 = min(x0, m.x); y0 = min(y0, m.y); x1 = max(x1, m.x); y1 = max(y1, m.y)
            images.append(m)
        }
        if let f = from, !staysInFront(r.corners, from: f, upTo: common) { return Rect.notANumber }
        if let t = to, !staysInFront(images, from: t, upTo: common) { return Rect.notANumber }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The nearest layer that is `a` or an ancestor of it and also `b` or an ancestor of `b`;
    /// nil when either is nil or they are in different trees.
    public func commonAncestor(_ a: LayerID?, _ b: LayerID?) -> LayerID? {
        guard var x = a, var y = b else { return nil }
        var dx = depth(of: x), dy = depth(of: y)
        while dx > dy, let s = superlayers[x.index] { x = s; dx -= 1 }
        while dy > dx, let s = superlayers[y.index] { y = s; dy -= 1 }
        while x != y {
            guard let sx = superlayers[x.index], let sy = superlayers[y.index] else { return nil }
            x = sx; y = sy
        }
        return x
    }

    /// The plane map from `id` up to the space of `stop` (whose own matrix is not applied), or
    /// to the root's superlayer space when `stop` is nil or not an ancestor. Runs of
    /// `CATransformLayer` ancestors are composed in 4×4 and flattened at the next plane.
    /// `singular` is set when a flattened step has |det| < 1e-12 (§4.4).
    func homography(from id: LayerID, upTo stop: LayerID?) -> (map: Homography, singular: Bool) {
        var total = Homography.identity
        var singular = false
        var cur = id
        while cur != stop {
            let (h, next) = planeStep(from: cur, upTo: stop)
            let det = h.determinant
            if !(abs(det) >= 1e-12) { singular = true }
            total = total.concatenating(h)
            guard let n = next else { break }
            cur = n
        }
        return (total, singular)
    }

    /// Whether each of `points` (in `id`'s space) is in front of the eye (w > 0) at every plane
    /// on the way up to `stop`, as ``homography(from:upTo:)`` goes. A point behind one plane's eye
    /// is not drawn into that plane, even where a later perspective turns the composed map's w
    /// positive again (§3 flattening, §4.4).
    func staysInFront(_ points: [Point], from id: LayerID, upTo stop: LayerID?) -> Bool {
        var total = Homography.identity
        var cur = id
        while cur != stop {
            let (h, next) = planeStep(from: cur, upTo: stop)
            total = total.concatenating(h)
            // An affine step keeps w: only a projective one can put a point behind the eye.
            if !h.isAffine, points.contains(where: { !(total.applyHomogeneous($0).w > 0) }) { return false }
            guard let n = next else { break }
            cur = n
        }
        return true
    }

    /// The earlier eye planes of `id` on the way to the root's superlayer space: the maps from
    /// its space to every perspective plane on the way but the last (whose w ``toRoot(_:)``'s
    /// own w already checks). A point is drawn only where it is in front of all of them
    /// (``Homography/apply(_:inFrontOf:)``). Empty under fewer than two perspective steps.
    public func eyePlanes(of id: LayerID) -> [Homography] {
        var total = Homography.identity
        var partials: [Homography] = []
        var cur = id
        while true {
            let (h, next) = planeStep(from: cur, upTo: nil)
            total = total.concatenating(h)
            if !h.isAffine { partials.append(total) }
            guard let n = next else { break }
            cur = n
        }
        return Array(partials.dropLast())
    }

    /// The earlier eye planes of a layer (or space) one `step` below a plane whose map to the
    /// target space is `base` and whose own earlier planes are `above`: those planes seen
    /// through the step, and the step itself when it is projective and is not the only
    /// perspective on the way. The rule ``eyePlanes(of:)``, ``toRootMaps(from:)`` and the
    /// resolver share; nil when there are none.
    public static func eyePlanes(step h: Homography, base: Homography, above: [Homography]?) -> [Homography]? {
        var list = above?.map { h.concatenating($0) } ?? []
        if !h.isAffine, !base.isAffine || !list.isEmpty { list.append(h) }
        return list.isEmpty ? nil : list
    }

    /// One plane's step up from `cur` toward `stop`: the flattened map (through any run of
    /// `CATransformLayer` ancestors, composed in 4×4) and the layer it reaches (nil past the root).
    func planeStep(from cur: LayerID, upTo stop: LayerID?) -> (map: Homography, next: LayerID?) {
        var next = superlayers[cur.index]
        guard let s = next, s != stop, layers[s.index].isTransformLayer else {
            return (homographyToSuperlayer(cur), next)
        }
        var m = matrixToSuperlayer(cur)
        while let s = next, s != stop, layers[s.index].isTransformLayer {
            m = m.concatenating(matrixToSuperlayer(s))
            next = superlayers[s.index]
        }
        return (Homography(flattening: m), next)
    }
}

extension Rect {
    /// A rectangle whose numbers are all NaN: the answer of a conversion that has none.
    public static let notANumber = Rect(.nan, .nan, .nan, .nan)
}

extension Homography {
    /// All nine entries are finite. Inlined: the resolve tests every layer's map (a call of
    /// 41 instructions).
    @inline(__always) public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite
    }
}
