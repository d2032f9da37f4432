/// A 3×3 projective map of the plane in row-vector form: `[x y 1]·H`, then divide by w.
///
/// This is how a layer's plane maps onto its superlayer's after flattening (LAYER-MODEL.md §3):
/// from a 4×4 `M`, `H = [[m11 m12 m14], [m21 m22 m24], [m41 m42 m44]]`.
public struct Homography: Hashable, Sendable {
    public var m11, m12, m13: Double
    public var m21, m22, m23: Double
    public var m31, m32, m33: Double

    public init(
        _ m11: Double, _ m12: Double, _ m13: Double,
        _ m21: Double, _ m22: Double, _ m23: Double,
        _ m31: Double, _ m32: Double, _ m33: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    public init(_ t: AffineTransform) {
        self.init(t.a, t.b, 0, t.c, t.d, 0, t.tx, t.ty, 1)
    }

    /// The plane-to-plane part of a 4×4 transform (z of the input is 0, output z dropped).
    public init(flattening m: Transform3D) {
        self.init(m.m11, m.m12, m.m14, m.m21, m.m22, m.m24, m.m41, m.m42, m.m44)
    }

    public static let identity = Homography(AffineTransform.identity)

    /// True when the last column is (0, 0, 1): the map is affine.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The affine part (exact when `isAffine`).
    public var affine: AffineTransform { AffineTransform(m11, m12, m21, m22, m31, m32) }

    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// `self` first, then `o`.
    public func concatenating(_ o: Homography) -> Homography {
        Homography(
            m11 * o.m11 + m12 * o.m21 + m13 * o.m31, m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
            m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
            m21 * o.m11 + m22 * o.m21 + m23 * o.m31, m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
            m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
            m31 * o.m11 + m32 * o.m21 + m33 * o.m31, m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
            m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
    }

    /// The inverse, or nil when |det| < 1e-12 or not finite (LAYER-MODEL.md §4.4).
    public func inverted() -> Homography? {
        inverted(minimumDeterminant: 1e-12)
    }

    /// The inverse, or nil when |det| is below `minimumDeterminant`, zero, or not finite.
    ///
    /// Conversions check each level against 1e-12 and then invert the composed map with a
    /// minimum of 0, so that long chains of small scales stay invertible.
    public func inverted(minimumDeterminant: Double) -> Homography? {
        let det = determinant
        guard det.isFinite, det != 0, abs(det) >= minimumDeterminant else { return nil }
        let c11 = m22 * m33 - m23 * m32, c12 = -(m21 * m33 - m23 * m31), c13 = m21 * m32 - m22 * m31
        let c21 = -(m12 * m33 - m13 * m32), c22 = m11 * m33 - m13 * m31, c23 = -(m11 * m32 - m12 * m31)
        let c31 = m12 * m23 - m13 * m22, c32 = -(m11 * m23 - m13 * m21), c33 = m11 * m22 - m12 * m21
        return Homography(
            c11 / det, c21 / det, c31 / det,
            c12 / det, c22 / det, c32 / det,
            c13 / det, c23 / det, c33 / det)
    }

    /// The homogeneous image (X, Y, W) of a point.
    public func applyHomogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }

    /// The image of a point, or nil when it lands at or behind the eye (w ≤ 0).
    public func apply(_ p: Point) -> Point? {
        let (x, y, w) = applyHomogeneous(p)
        guard w > 0 else { return nil }
        return Point(x / w, y / w)
    }
}
