/// Frame, anchor and the layer → superlayer matrix (LAYER-MODEL.md §2, §3).
extension LayerTree {
    /// The anchor point in the layer's own bounds space: `(bx + ax·w, by + ay·h)` (§2.1).
    public func anchor(of id: LayerID) -> Point {
        let b = layers[id.index].bounds, ap = layers[id.index].anchorPoint
        return Point(b.x + ap.x * b.width, b.y + ap.y * b.height)
    }

    /// The point of the layer's own space that its layer → superlayer map (§3, the flip
    /// `R_L` first) sends to `position + t`: the anchor, reflected about the bounds' middle when
    /// the layer is `geometryFlipped` (the flip acts inside the layer; its frame and its anchor
    /// in the superlayer do not move). Mapped to the root, it is where the debug overlay and
    /// `inspect` place the anchor point (LAYER-MODEL §9, SPEC §6 "its anchor point at position").
    public func anchorSeenFromSuperlayer(of id: LayerID) -> Point {
        let a = anchor(of: id)
        guard layers[id.index].geometryFlipped else { return a }
        let b = layers[id.index].bounds
        return Point(a.x, 2 * b.y + b.height - a.y)
    }

    /// Where the anchor point lands in the root's superlayer space, given ``toRootMap(from:)``:
    /// the point at `position` (and `zPosition`) in the superlayer, projected as the superlayer
    /// draws it (SPEC §6, §7 `anchorInRoot`). Nil when it is behind the eye or not finite.
    ///
    /// With `anchorPointZ` 0 it is ``anchorSeenFromSuperlayer(of:)`` on the layer's own plane.
    /// Otherwise the anchor is off that plane (at z = `anchorPointZ`), and the layer's plane map
    /// would put it where its plane's point below it lands: it is mapped in 4×4 to the nearest
    /// plane above (through `CATransformLayer`s), then by that plane's map.
    ///
    /// `eyePlanes` are those of ``toRootMaps(from:)``: a point behind an earlier plane's eye is not drawn.
    public func anchorInRoot(of id: LayerID, toRoot: [Homography?], eyePlanes: [Int: [Homography]] = [:]) -> Point? {
        let a = anchorSeenFromSuperlayer(of: id)
        let z = layers[id.index].anchorPointZ
        guard z != 0 else {
            let planes = eyePlanes.isEmpty ? [] : eyePlanes[id.index] ?? []
            return toRoot[id.index]?.apply(a, inFrontOf: planes).flatMap { $0.isFinite ? $0 : nil }
        }
        var m = matrixToSuperlayer(id)
        var plane = superlayers[id.index]
        while let s = plane, layers[s.index].isTransformLayer {
            m = m.concatenating(matrixToSuperlayer(s))
            plane = superlayers[s.index]
        }
        let v = m.apply(x: a.x, y: a.y, z: z)
        guard v.w > 0 else { return nil }
        let q = Point(v.x / v.w, v.y / v.w)
        guard let base = plane.map({ toRoot[$0.index] }) ?? .identity else { return nil }
        // In front of the step into the plane (above), of the plane's earlier planes and of its map.
        let planes = eyePlanes.isEmpty ? [] : plane.flatMap { eyePlanes[$0.index] } ?? []
        return base.apply(q, inFrontOf: planes).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The frame matrix `F = Tr(−A)·T·Tr(px, py, pz)` without the geometry flip (§2.2).
    public func frameMatrix(of id: LayerID) -> Transform3D {
        let a = anchor(of: id)
        let p = layers[id.index].position
        return Self.sandwich(
            layers[id.index].transformIfSet ?? .identity, before: (-a.x, -a.y, -layers[id.index].anchorPointZ),
            after: (p.x, p.y, layers[id.index].zPosition))
    }

    /// The layer's frame in its superlayer's space: the bounding box of the projected bounds (§2.2).
    ///
    /// Returns `Rect.infinite` when any corner lands at or behind the eye (W ≤ 0). With an
    /// identity transform: `origin = position − (ax·w, ay·h)`, `size = bounds.size`.
    ///
    ///     // bounds 10×60, anchorPoint (0.5, 0.9), position (100, 100), rotated 90°:
    ///     tree.frame(of: hand)   // (94, 95, 60, 10)
    public func frame(of id: LayerID) -> Rect {
        let b = layers[id.index].bounds
        // `transformIfSet`, then the test: nothing opaque is called while the layer is read in
        // place (a call there makes the compiler copy the whole layer out of the array first).
        let t = layers[id.index].transformIfSet
        if t?.isIdentity ?? true {
            let p = layers[id.index].position, ap = layers[id.index].anchorPoint
            return Rect(p.x - ap.x * b.width, p.y - ap.y * b.height, b.width, b.height).standardized
        }
        let f = frameMatrix(of: id)
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for corner in 0..<4 {
            let cx = (corner == 1 || corner == 2) ? b.x + b.width : b.x
            let cy = corner >= 2 ? b.y + b.height : b.y
            let v = f.apply(x: cx, y: cy, z: 0)
            guard v.w > 0 else { return .infinite }
            let px = v.x / v.w, py = v.y / v.w
            x0 = min(x0, px); y0 = min(y0, py); x1 = max(x1, px); y1 = max(y1, py)
        }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// Sets the frame by changing `bounds.size` and `position` only (§2.3), then autoresizes.
    ///
    /// Identity transform: `bounds.size = r.size`, `position = r.origin + (ax·w, ay·h)`.
    /// Affine transform `(Tlin, t)`: `bounds.size = |r.size·Tlin⁻¹|`,
    /// `position = r.origin + (ax·w, ay·h) − t`. A non-affine transform uses its affine part.
    public mutating func setFrame(_ r: Rect, of id: LayerID) {
        if let old = setFrameStorage(r, of: id) { autoresize(startingAt: id, oldSize: old) }
    }

    /// Sets `bounds`; a size change autoresizes the sublayers (cascading) and invalidates layout (§2.4, §7).
    public mutating func setBounds(_ r: Rect, of id: LayerID) {
        if let old = setBoundsStorage(r, of: id) { autoresize(startingAt: id, oldSize: old) }
    }

    /// Sets `transform` and marks the layer and its superlayer as needing layout (§7.1).
    public mutating func setTransform(_ t: Transform3D, of id: LayerID) {
        guard layers[id.index].transform != t else { return }
        layers[id.index].transform = t
        invalidateLayoutImplicitly(id)
        if let s = superlayers[id.index] { invalidateLayoutImplicitly(s) }
    }

    /// The layer's full 4×4 map into its superlayer's space: `R_L · F'_L · SLT_S` (§3).
    ///
    /// `R_L` is the geometry flip; `SLT_S` (the superlayer's sublayerTransform about its anchor)
    /// applies to sublayers only, so a root, a detached layer or a mask gets `R_L · F'_L` alone.
    public func matrixToSuperlayer(_ id: LayerID) -> Transform3D {
        var m = frameMatrix(of: id)
        if layers[id.index].geometryFlipped {
            let c = 2 * layers[id.index].bounds.y + layers[id.index].bounds.height
            m.m41 += c * m.m21; m.m42 += c * m.m22; m.m43 += c * m.m23; m.m44 += c * m.m24
            m.m21 = -m.m21; m.m22 = -m.m22; m.m23 = -m.m23; m.m24 = -m.m24
        }
        if let s = superlayers[id.index], !isMaskLayer(id) {
            if let sublayerTransform = layers[s.index].sublayerTransformIfStored, !sublayerTransform.isIdentity {
                let a = anchor(of: s), az = layers[s.index].anchorPointZ
                let slt = Self.sandwich(sublayerTransform, before: (-a.x, -a.y, -az), after: (a.x, a.y, az))
                m = m.concatenating(slt)
            }
        }
        return m
    }

    /// The plane-to-plane map into the superlayer (§3 flattening of ``matrixToSuperlayer(_:)``).
    ///
    /// Computed in 2D when the transform and the superlayer's sublayerTransform are affine
    /// (the common case: z then never reaches x, y or w).
    public func homographyToSuperlayer(_ id: LayerID) -> Homography {
        // Read as in `frame(of:)`: the layer's fields first, the opaque tests after.
        let set = layers[id.index].transformIfSet
        let t = set ?? .identity
        guard t.isAffine else { return Homography(flattening: matrixToSuperlayer(id)) }
        var slt: Transform3D?
        if let s = superlayers[id.index], !isMaskLayer(id) {
            let stored = layers[s.index].sublayerTransformIfStored
            if let st = stored, !st.isIdentity {
                slt = st
                guard st.isAffine else { return Homography(flattening: matrixToSuperlayer(id)) }
            }
        }
        let a = anchor(of: id), p = layers[id.index].position
        let flip = layers[id.index].geometryFlipped
        let b = layers[id.index].bounds
        let ox = -a.x, oy = (flip ? 2 * b.y + b.height : 0) - a.y
        var m = AffineTransform(
            t.m11, t.m12, flip ? -t.m21 : t.m21, flip ? -t.m22 : t.m22,
            ox * t.m11 + oy * t.m21 + t.m41 + p.x, ox * t.m12 + oy * t.m22 + t.m42 + p.y)
        if let st = slt, let s = superlayers[id.index] {
            let sa = anchor(of: s)
            m = m.concatenating(.translation(-sa.x, -sa.y)).concatenating(st.affinePart)
                .concatenating(.translation(sa.x, sa.y))
        }
        return Homography(m)
    }

    /// Whether content drawn in the layer is y-flipped: the parity of `geometryFlipped` up to the root (§3).
    public func contentsAreFlipped(_ id: LayerID) -> Bool {
        var flipped = false
        var cur: LayerID? = id
        while let c = cur {
            if layers[c.index].geometryFlipped { flipped.toggle() }
            cur = superlayers[c.index]
        }
        return flipped
    }

    /// `preferredFrameSize`: the bounds size mapped through the affine transform (§7.1).
    public func preferredFrameSize(of id: LayerID) -> Size {
        let l = layers[id.index]
        let s = l.transform.affineTransform.apply(l.bounds.size)
        return Size(abs(s.width), abs(s.height))
    }

    /// `Tr(b)·M·Tr(a)` computed directly, for the anchor sandwiches of §3.
    static func sandwich(
        _ m: Transform3D, before b: (Double, Double, Double), after a: (Double, Double, Double)
    ) -> Transform3D {
        var r = m
        r.m41 = b.0 * m.m11 + b.1 * m.m21 + b.2 * m.m31 + m.m41
        r.m42 = b.0 * m.m12 + b.1 * m.m22 + b.2 * m.m32 + m.m42
        r.m43 = b.0 * m.m13 + b.1 * m.m23 + b.2 * m.m33 + m.m43
        r.m44 = b.0 * m.m14 + b.1 * m.m24 + b.2 * m.m34 + m.m44
        r.m11 += r.m14 * a.0; r.m12 += r.m14 * a.1; r.m13 += r.m14 * a.2
        r.m21 += r.m24 * a.0; r.m22 += r.m24 * a.1; r.m23 += r.m24 * a.2
        r.m31 += r.m34 * a.0; r.m32 += r.m34 * a.1; r.m33 += r.m34 * a.2
        r.m41 += r.m44 * a.0; r.m42 += r.m44 * a.1; r.m43 += r.m44 * a.2
        return r
    }
}
