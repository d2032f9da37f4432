extension Transform3D {
    /// The inverse, or nil when |det| < `minimumDeterminant` or it is not finite.
    ///
    /// Unlike `CATransform3DInvert`, which returns its argument unchanged when there is no
    /// inverse, a singular matrix gives nil so callers can tell (LAYER-MODEL.md §4.4).
    public func inverted(minimumDeterminant: Double = 1e-12) -> Transform3D? {
        let m = elements
        // Cofactor expansion via 2×2 sub-determinants of the top and bottom row pairs.
        let s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2]
        let s2 = m[0] * m[7] - m[4] * m[3], s3 = m[1] * m[6] - m[5] * m[2]
        let s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3]
        let c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11]
        let c3 = m[9] * m[14] - m[13] * m[10], c2 = m[8] * m[15] - m[12] * m[11]
        let c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9]
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det.isFinite, det != 0, abs(det) >= minimumDeterminant else { return nil }
        let k = 1 / det
        let r: [Double] = [
            (m[5] * c5 - m[6] * c4 + m[7] * c3) * k, (-m[1] * c5 + m[2] * c4 - m[3] * c3) * k,
            (m[13] * s5 - m[14] * s4 + m[15] * s3) * k, (-m[9] * s5 + m[10] * s4 - m[11] * s3) * k,
            (-m[4] * c5 + m[6] * c2 - m[7] * c1) * k, (m[0] * c5 - m[2] * c2 + m[3] * c1) * k,
            (-m[12] * s5 + m[14] * s2 - m[15] * s1) * k, (m[8] * s5 - m[10] * s2 + m[11] * s1) * k,
            (m[4] * c4 - m[5] * c2 + m[7] * c0) * k, (-m[0] * c4 + m[1] * c2 - m[3] * c0) * k,
            (m[12] * s4 - m[13] * s2 + m[15] * s0) * k, (-m[8] * s4 + m[9] * s2 - m[11] * s0) * k,
            (-m[4] * c3 + m[5] * c1 - m[6] * c0) * k, (m[0] * c3 - m[1] * c1 + m[2] * c0) * k,
            (-m[12] * s3 + m[13] * s1 - m[14] * s0) * k, (m[8] * s3 - m[9] * s1 + m[10] * s0) * k,
        ]
        return Transform3D(elements: r)
    }
}
