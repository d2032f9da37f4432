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
    /// The frame of a sublayer (or mask) from its superlayer's, for the walks that keep their
    /// frames as values (clip masks, alpha masks).
    mutating func childFrame(of id: LayerID, parent: ResolveFrame) -> ResolveFrame {
        var p = parent
        var f = parent
        childFrame(of: id, parent: &p, into: &f)
        return f
    }

    /// Writes the frame of a sublayer (or mask) into `f` from its superlayer's frame `p` (two
    /// different slots), every field of `f` written: the walk's frames are worked in place.
    mutating func childFrame(of id: LayerID, parent p: UnsafePointer<ResolveFrame>, into f: UnsafeMutablePointer<ResolveFrame>) {
        if p.pointee.plane == nil, !tree[id].isTransformLayer {
            f.pointee.plane = nil
            f.pointee.clip = p.pointee.clip
            f.pointee.group = p.pointee.group
            f.pointee.opacity = p.pointee.opacity
            if viewBoxMode, tree.superlayer(of: id) == scene.root, !tree.isMaskLayer(id), Self.equal(p.pointee.toSpace, p.pointee.toOutput) {
                // Output space is the root's sublayer space: stop below the root's sublayerTransform.
                let h = tree.flattenedOwnMatrix(of: id)
                f.pointee.toOutput = h
                f.pointee.toSpace = h
                return
            }
            // The common case, flattened entry by entry (`flattenedMatrixToSuperlayer`).
            let h = tree.flattenedMatrixToSuperlayer(id)
            f.pointee.toOutput = h.concatenating(p.pointee.toOutput)
            // Below no space group both maps are one: the same product of the same bits.
            if Self.sameBits(p.pointee.toSpace, p.pointee.toOutput) {
                f.pointee.toSpace = f.pointee.toOutput
            } else {
                f.pointee.toSpace = h.concatenating(p.pointee.toSpace)
            }
            // No perspective step, nothing above (checked inline).
            if !eyeOfLayer.isEmpty || !h.isAffine && !p.pointee.toOutput.isAffine {
                noteEyePlanes(of: id, step: h, base: p.pointee.toOutput, above: eyeOfSuperlayer(of: id))
            }
            return
        }
        f.pointee = p.pointee
        let m = tree.matrixToSuperlayer(id)
        if let pi = p.pointee.plane {
            let plane = planes[pi]
            let full = m.concatenating(plane.pending3D)
            if tree[id].isTransformLayer {
                f.pointee.plane = addPlane(
                    ResolvePlane(pending3D: full, toOutput: plane.toOutput, toSpace: plane.toSpace, eye: plane.eye))
            } else {
                let h = Homography(flattening: full)
                f.pointee.plane = nil
                f.pointee.toOutput = h.concatenating(plane.toOutput)
                f.pointee.toSpace = h.concatenating(plane.toSpace)
                noteEyePlanes(of: id, step: h, base: plane.toOutput, above: plane.eye)
            }
        } else {
            // A transform layer outside any plane.
            let above = eyeOfSuperlayer(of: id)
            f.pointee.plane = addPlane(ResolvePlane(pending3D: m, toOutput: p.pointee.toOutput, toSpace: p.pointee.toSpace, eye: above))
            let h = Homography(flattening: m)
            f.pointee.toOutput = h.concatenating(p.pointee.toOutput)
            f.pointee.toSpace = h.concatenating(p.pointee.toSpace)
            noteEyePlanes(of: id, step: h, base: p.pointee.toOutput, above: above)
        }
    }

    /// Whether two maps have the same bits in every entry (`==` takes `-0` for `0`).
    @inline(__always)
    static func sameBits(_ a: Homography, _ b: Homography) -> Bool {
        a.m11.bitPattern == b.m11.bitPattern && a.m12.bitPattern == b.m12.bitPattern && a.m13.bitPattern == b.m13.bitPattern
            && a.m21.bitPattern == b.m21.bitPattern && a.m22.bitPattern == b.m22.bitPattern
            && a.m23.bitPattern == b.m23.bitPattern && a.m31.bitPattern == b.m31.bitPattern
            && a.m32.bitPattern == b.m32.bitPattern && a.m33.bitPattern == b.m33.bitPattern
    }

    /// `a == b`, entry by entry, inlined: the synthesized `==` is a call of its own (44
    /// instructions a root sublayer in viewBox mode).
    @inline(__always)
    static func equal(_ a: Homography, _ b: Homography) -> Bool {
        a.m11 == b.m11 && a.m12 == b.m12 && a.m13 == b.m13 && a.m21 == b.m21 && a.m22 == b.m22
            && a.m23 == b.m23 && a.m31 == b.m31 && a.m32 == b.m32 && a.m33 == b.m33
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
