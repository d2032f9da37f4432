import LaminaGeometry

/// The plane-to-plane maps the resolver asks for once per layer, computed entry by entry.
extension LayerTree {
    /// `Homography(flattening: m)` of the layer's `R_L · F'_L` (its frame matrix with the
    /// geometry flip, before the superlayer's sublayerTransform): the nine entries the
    /// flattening keeps, each by the same operations on the same numbers as ``sandwich`` and
    /// the flip in ``matrixToSuperlayer(_:)``, so the result is the same bit for bit. The 4×4
    /// path built two whole matrices and copied the layer's transform out of its box first.
    /// Inlined, as ``flattenedMatrixToSuperlayer(_:)``, into the walk that asks once a layer
    /// (`Resolver.childFrame`): as calls they returned the map through memory, ~120
    /// instructions a layer below a group between the two.
    func flattenedOwnMatrix(of id: LayerID) -> Homography {
        let i = id.index
        if let t = layers[i].transformIfSet {
            return flattenedOwnMatrix(
                of: i, t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m31, t.m32, t.m34, t.m41, t.m42, t.m44)
        }
        return flattenedOwnMatrix(of: i, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1)
    }

    /// ``flattenedOwnMatrix(of:)`` followed by the superlayer's sublayerTransform: the
    /// flattening of ``matrixToSuperlayer(_:)``, which it calls when that transform is set.
    @inline(__always)
    func flattenedMatrixToSuperlayer(_ id: LayerID) -> Homography {
        if let s = superlayers[id.index], !isMaskLayer(id),
            let sublayerTransform = layers[s.index].sublayerTransformIfStored, !sublayerTransform.isIdentity
        {
            return Homography(flattening: matrixToSuperlayer(id))
        }
        return flattenedOwnMatrix(of: id)
    }

    /// The entries of ``flattenedOwnMatrix(of:)`` from those of the layer's transform `m` that
    /// reach them (inlined, so that an identity's ones and zeros are constants).
    @inline(__always)
    private func flattenedOwnMatrix(
        of i: Int, _ m11: Double, _ m12: Double, _ m14: Double, _ m21: Double, _ m22: Double, _ m24: Double,
        _ m31: Double, _ m32: Double, _ m34: Double, _ m41: Double, _ m42: Double, _ m44: Double
    ) -> Homography {
        let b = layers[i].bounds, ap = layers[i].anchorPoint, p = layers[i].position
        // `sandwich(m, before: −anchor, after: position)`: the anchor as `anchor(of:)` makes it.
        let b0 = -(b.x + ap.x * b.width), b1 = -(b.y + ap.y * b.height), b2 = -layers[i].anchorPointZ
        let r44 = b0 * m14 + b1 * m24 + b2 * m34 + m44
        var r41 = b0 * m11 + b1 * m21 + b2 * m31 + m41
        var r42 = b0 * m12 + b1 * m22 + b2 * m32 + m42
        var r21 = m21 + m24 * p.x, r22 = m22 + m24 * p.y, r24 = m24
        var r44f = r44
        r41 += r44 * p.x
        r42 += r44 * p.y
        if layers[i].geometryFlipped {
            let c = 2 * b.y + b.height
            r41 += c * r21; r42 += c * r22; r44f += c * r24
            r21 = -r21; r22 = -r22; r24 = -r24
        }
        return Homography(m11 + m14 * p.x, m12 + m14 * p.y, m14, r21, r22, r24, r41, r42, r44f)
    }
}
