/// Clip chains and whole-tree maps to root space (LAYER-MODEL.md §5.5, SPEC §7).
///
/// Clip shapes are approximated by rectangles: each masking layer's bounds mapped into the
/// target space and bounded by an axis-aligned box (exact without rotation or perspective).
extension LayerTree {
    /// Whether the layer clips what it draws to its bounds: `masksToBounds`, which a
    /// `CATransformLayer` ignores (it has no plane of its own; hit-testing passes over it too).
    @inline(__always)
    public func clipsToBounds(_ id: LayerID) -> Bool {
        layers[id.index].masksToBounds && !layers[id.index].isTransformLayer
    }

    /// The layer's `mask` as drawn: nil for a `CATransformLayer`, which ignores it with the
    /// other properties that assume 2D image processing (filters, masksToBounds).
    @inline(__always)
    public func appliedMask(of id: LayerID) -> LayerID? {
        layers[id.index].isTransformLayer ? nil : mask(of: id)
    }

    /// The part of `id`'s bounds not cut away by masking ancestors, in the space of `space`
    /// (nil: the root superlayer space). `Rect.null` when nothing is visible.
    public func visibleRect(of id: LayerID, in space: LayerID?) -> Rect {
        var r = convert(layers[id.index].bounds, from: id, to: space)
        var cur = superlayers[id.index]
        while let a = cur {
            if clipsToBounds(a) {
                r = r.intersection(convert(layers[a.index].bounds, from: a, to: space))
            }
            cur = superlayers[a.index]
        }
        return r
    }

    /// The rectangle the layer is clipped to in root-superlayer space: the intersection of the
    /// bounds of itself and every ancestor that masks to bounds; nil when none does.
    /// `Rect.null` when the clips do not overlap. A clip partly behind the eye counts with its
    /// part in front, as the flattened SVG draws it (``Homography/frontBoundingBox(of:)``).
    public func clipInRoot(of id: LayerID) -> Rect? {
        var clip: Rect?
        var cur: LayerID? = id
        while let a = cur {
            if clipsToBounds(a) {
                let planes = eyePlanes(of: a)
                let r = toRoot(a).flatMap { $0.frontBoundingBox(of: layers[a.index].bounds, inFrontOf: planes) } ?? .null
                clip = clip.map { $0.intersection(r) } ?? r
            }
            cur = superlayers[a.index]
        }
        return clip
    }

    /// ``toRoot(_:)`` for every layer in `root`'s subtree (masks included) in one top-down
    /// pass, indexed by `LayerID.index`; nil outside the subtree or when not finite.
    public func toRootMap(from root: LayerID) -> [Homography?] {
        toRootMaps(from: root).maps
    }

    /// ``toRootMap(from:)`` and, by `LayerID.index`, the ``eyePlanes(of:)`` of the layers under
    /// two perspective steps or more (none for the others).
    public func toRootMaps(from root: LayerID) -> (maps: [Homography?], eyePlanes: [Int: [Homography]]) {
        var out = [Homography?](repeating: nil, count: layers.count)
        var eye: [Int: [Homography]] = [:]
        // For CATransformLayers: the 4×4 map from their space to the nearest plane above, that
        // plane's map to root space, and the plane layer (for its eye planes).
        var threeD: [Int: (m: Transform3D, base: Homography, plane: Int?)] = [:]
        let rootUp = superlayers[root.index].map { homography(from: $0, upTo: nil).map } ?? .identity
        if layers[root.index].isTransformLayer {
            threeD[root.index] = (matrixToSuperlayer(root), rootUp, nil)
        }
        let rootStep = homographyToSuperlayer(root)
        out[root.index] = rootStep.concatenating(rootUp)
        if let e = Self.eyePlanes(step: rootStep, base: rootUp, above: nil) { eye[root.index] = e }
        var stack: [LayerID] = [root]
        while let p = stack.popLast() {
            var children = sublayerLists[p.index]
            if let m = mask(of: p) { children.append(m) }
            for c in children {
                stack.append(c)
                let h: Homography, base: Homography, plane: Int?
                if let t = threeD[p.index] {
                    let m = matrixToSuperlayer(c).concatenating(t.m)
                    if layers[c.index].isTransformLayer { threeD[c.index] = (m, t.base, t.plane) }
                    (h, base, plane) = (Homography(flattening: m), t.base, t.plane)
                } else {
                    base = out[p.index] ?? .identity
                    if layers[c.index].isTransformLayer { threeD[c.index] = (matrixToSuperlayer(c), base, p.index) }
                    (h, plane) = (homographyToSuperlayer(c), p.index)
                }
                out[c.index] = h.concatenating(base)
                // Only under a perspective step, or below a layer that has eye planes.
                if !h.isAffine || !eye.isEmpty {
                    // No closure reads `eye`: a captured variable is checked for exclusive access
                    // on every use (+1 % on `inspect` of 10,000 layers).
                    var above: [Homography]?
                    if let k = plane { above = eye[k] }
                    if let e = Self.eyePlanes(step: h, base: base, above: above) { eye[c.index] = e }
                }
            }
        }
        for i in out.indices where out[i].map({ !$0.isFinite }) ?? false { out[i] = nil }
        return (out, eye)
    }

    /// ``clipInRoot(of:)`` for every layer in `root`'s subtree in one top-down pass, given the
    /// maps and eye planes of ``toRootMaps(from:)``; indexed by `LayerID.index`.
    public func clipMap(from root: LayerID, toRoot: [Homography?], eyePlanes: [Int: [Homography]] = [:]) -> [Rect?] {
        var out = [Rect?](repeating: nil, count: layers.count)
        var stack: [LayerID] = [root]
        var inherited: Rect? = nil
        if let s = superlayers[root.index] { inherited = clipInRoot(of: s) }
        out[root.index] = ownClip(root, toRoot: toRoot, eyePlanes: eyePlanes, inherited: inherited)
        while let p = stack.popLast() {
            var children = sublayerLists[p.index]
            if let m = mask(of: p) { children.append(m) }
            for c in children {
                out[c.index] = ownClip(c, toRoot: toRoot, eyePlanes: eyePlanes, inherited: out[p.index])
                stack.append(c)
            }
        }
        return out
    }

    /// The inherited clip narrowed by the layer's own bounds when it masks to bounds.
    private func ownClip(_ id: LayerID, toRoot: [Homography?], eyePlanes: [Int: [Homography]], inherited: Rect?) -> Rect? {
        guard clipsToBounds(id) else { return inherited }
        let planes = eyePlanes.isEmpty ? [] : eyePlanes[id.index] ?? []
        let r = toRoot[id.index].flatMap { $0.frontBoundingBox(of: layers[id.index].bounds, inFrontOf: planes) } ?? .null
        return inherited.map { $0.intersection(r) } ?? r
    }
}

extension Homography {
    /// The bounding box of the rectangle's mapped corners, or nil when a corner has w ≤ 0.
    public func boundingBox(of r: Rect) -> Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for corner in 0..<4 {
            let cx = (corner == 1 || corner == 2) ? r.x + r.width : r.x
            let cy = corner >= 2 ? r.y + r.height : r.y
            guard let m = apply(Point(cx, cy)) else { return nil }
            x0 = min(x0, m.x); y0 = min(y0, m.y); x1 = max(x1, m.x); y1 = max(y1, m.y)
        }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}
