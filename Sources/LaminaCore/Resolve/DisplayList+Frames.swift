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
            let h = Homography(flattening: Self.ownMatrix(of: id, in: tree))
            f.toOutput = h
            f.toSpace = h
            return f
        }
        let m = tree.matrixToSuperlayer(id)
        if let pi = p.plane {
            let plane = planes[pi]
            let full = m.concatenating(plane.pending3D)
            if tree[id].isTransformLayer {
                f.plane = addPlane(ResolvePlane(pending3D: full, toOutput: plane.toOutput, toSpace: plane.toSpace))
            } else {
                let h = Homography(flattening: full)
                f.plane = nil
                f.toOutput = h.concatenating(plane.toOutput)
                f.toSpace = h.concatenating(plane.toSpace)
            }
        } else if tree[id].isTransformLayer {
            f.plane = addPlane(ResolvePlane(pending3D: m, toOutput: p.toOutput, toSpace: p.toSpace))
            let h = Homography(flattening: m)
            f.toOutput = h.concatenating(p.toOutput)
            f.toSpace = h.concatenating(p.toSpace)
        } else {
            let h = Homography(flattening: m)
            f.toOutput = h.concatenating(p.toOutput)
            f.toSpace = h.concatenating(p.toSpace)
        }
        return f
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
