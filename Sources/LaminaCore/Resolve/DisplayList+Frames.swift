/// Per visited layer: what its sublayers inherit.
struct ResolveFrame {
    /// Own space → output space.
    var toOutput: Homography
    /// Own space → the innermost space group's space.
    var toSpace: Homography
    /// Inside a `CATransformLayer` only: its 3D state, an index into ``Resolver/planes`` (an
    /// index, so that the frame stays a plain value: copied without reference counting).
    var plane: Int?
    var clip: Int?
    var group: Int?
    var opacity: Double
}

/// The 3D state under a `CATransformLayer`: the pending 4×4 map and the plane it lands in.
struct ResolvePlane {
    /// Own 3D space → the plane of the nearest non-transform ancestor.
    let pending3D: Transform3D
    /// The plane mapped to output and to the space group.
    let toOutput: Homography
    let toSpace: Homography
    /// The plane layer's earlier eye planes (an index into ``Resolver/eyeLists``).
    var eye: Int? = nil
}

/// Frames: a sublayer's (or mask's) from its superlayer's.
extension Resolver {
    /// The frame of a sublayer (or mask) from its superlayer's.
    mutating func childFrame(of id: LayerID, parent p: ResolveFrame) -> ResolveFrame {
        var f = p
        if viewBoxMode, tree.superlayer(of: id) == scene.root, !tree.isMaskLayer(id), p.plane == nil,
            !tree[id].isTransformLayer, p.toSpace == p.toOutput
        {
            // Output space is the root's sublayer space: stop below the root's sublayerTransform.
            let h = tree.flattenedOwnMatrix(of: id)
            f.toOutput = h
            f.toSpace = h
            return f
        }
        if p.plane == nil, !tree[id].isTransformLayer {
            // The common case, flattened entry by entry (`flattenedMatrixToSuperlayer`).
            let h = tree.flattenedMatrixToSuperlayer(id)
            f.toOutput = h.concatenating(p.toOutput)
            f.toSpace = h.concatenating(p.toSpace)
            // No perspective step, nothing above (checked inline).
            if !eyeOfLayer.isEmpty || !h.isAffine && !p.toOutput.isAffine {
                noteEyePlanes(of: id, step: h, base: p.toOutput, above: eyeOfSuperlayer(of: id))
            }
            return f
        }
        let m = tree.matrixToSuperlayer(id)
        if let pi = p.plane {
            let plane = planes[pi]
            let full = m.concatenating(plane.pending3D)
            if tree[id].isTransformLayer {
                f.plane = addPlane(
                    ResolvePlane(pending3D: full, toOutput: plane.toOutput, toSpace: plane.toSpace, eye: plane.eye))
            } else {
                let h = Homography(flattening: full)
                f.plane = nil
                f.toOutput = h.concatenating(plane.toOutput)
                f.toSpace = h.concatenating(plane.toSpace)
                noteEyePlanes(of: id, step: h, base: plane.toOutput, above: plane.eye)
            }
        } else {
            // A transform layer outside any plane.
            let above = eyeOfSuperlayer(of: id)
            f.plane = addPlane(ResolvePlane(pending3D: m, toOutput: p.toOutput, toSpace: p.toSpace, eye: above))
            let h = Homography(flattening: m)
            f.toOutput = h.concatenating(p.toOutput)
            f.toSpace = h.concatenating(p.toSpace)
            noteEyePlanes(of: id, step: h, base: p.toOutput, above: above)
        }
        return f
    }

    /// Records the eye planes of a layer one `step` below a plane drawn by `base` with eye
    /// planes `above` (``LayerTree/eyePlanes(step:base:above:)``) in ``eyeOfLayer``.
    mutating func noteEyePlanes(of id: LayerID, step h: Homography, base: Homography, above: Int?) {
        if above == nil, h.isAffine || base.isAffine { return }
        guard let list = LayerTree.eyePlanes(step: h, base: base, above: above.map { eyeLists[$0] }) else { return }
        eyeLists.append(list)
        eyeOfLayer[id.index] = eyeLists.count - 1
    }

    /// The superlayer's (or a mask's host's) entry in ``eyeOfLayer``.
    func eyeOfSuperlayer(of id: LayerID) -> Int? {
        guard !eyeOfLayer.isEmpty, let s = tree.superlayer(of: id) else { return nil }
        return eyeOfLayer[s.index]
    }

    /// The earlier eye planes of a layer: behind one of them nothing of it is drawn (empty for most).
    func eyePlanes(of id: LayerID) -> [Homography] {
        guard !eyeOfLayer.isEmpty, let k = eyeOfLayer[id.index] else { return [] }
        return eyeLists[k]
    }

    /// Records a 3D state and returns its index in ``planes``.
    mutating func addPlane(_ plane: ResolvePlane) -> Int {
        planes.append(plane)
        return planes.count - 1
    }
}

extension Resolver {
    /// `R_L · F'_L`: the layer's map into its superlayer's space before the superlayer's sublayerTransform.
    static func ownMatrix(of id: LayerID, in tree: LayerTree) -> Transform3D {
        var m = tree.frameMatrix(of: id)
        // Fields read one by one: a copy of the whole layer would retain each of its boxes.
        if tree[id].geometryFlipped {
            let bounds = tree[id].bounds
            let c = 2 * bounds.y + bounds.height
            m.m41 += c * m.m21; m.m42 += c * m.m22; m.m43 += c * m.m23; m.m44 += c * m.m24
            m.m21 = -m.m21; m.m22 = -m.m22; m.m23 = -m.m23; m.m24 = -m.m24
        }
        return m
    }
}
