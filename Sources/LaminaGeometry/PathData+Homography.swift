extension PathData {
    /// The path mapped through a projective map.
    ///
    /// Affine maps move the points exactly (arcs get their image ellipse, quadratics and cubics
    /// their mapped control points). Projective maps turn the path into lines and cubics:
    /// lines stay lines, and each curve is split until the cubic matching the image's end points
    /// and tangents stays within `tolerance` of the true image. The part of the plane at or
    /// behind the eye (w ≤ 0) is clipped away first.
    ///
    ///     let tilt = Homography(1, 0, 0.001, 0, 1, 0, 0, 0, 1)
    ///     path.transformed(by: tilt, tolerance: 0.1)
    public func transformed(by h: Homography, tolerance: Double = 0.1) -> PathData {
        if h.isAffine { return affineImage(h.affine) }
        let cubics = PathData(segments: flattenedToCubics())
        let clipped = cubics.clippedToFront(of: h)
        return clipped.projectiveImage(h, tolerance: max(tolerance, 1e-9))
    }

    /// The exact image under an affine map.
    private func affineImage(_ m: AffineTransform) -> PathData {
        var out: [PathSegment] = []
        out.reserveCapacity(segments.count)
        var current = Point.zero, start = Point.zero
        for segment in segments {
            switch segment {
            case .moveTo(let p):
                out.append(.moveTo(m.apply(p)))
                start = p
                current = p
            case .lineTo(let p):
                out.append(.lineTo(m.apply(p)))
                current = p
            case .quadTo(let c, let p):
                out.append(.quadTo(m.apply(c), m.apply(p)))
                current = p
            case .cubicTo(let c1, let c2, let p):
                out.append(.cubicTo(m.apply(c1), m.apply(c2), m.apply(p)))
                current = p
            case .arcTo(let rx, let ry, let rotation, let large, let sweep, let p):
                if rx == 0 || ry == 0 || current == p {
                    if current != p { out.append(.lineTo(m.apply(p))) }
                } else {
                    out.append(PathData.affineArc(rx, ry, rotation, large, sweep, to: m.apply(p), m))
                }
                current = p
            case .close:
                out.append(.close)
                current = start
            }
        }
        return PathData(segments: out)
    }

    /// The image ellipse of an arc: singular values of `L·R(φ)·diag(rx, ry)` give the radii,
    /// the left singular vector the rotation; a mirroring map flips the sweep.
    static func affineArc(
        _ rx: Double, _ ry: Double, _ rotation: Double, _ large: Bool, _ sweep: Bool, to: Point, _ m: AffineTransform
    ) -> PathSegment {
        let c = cosDegrees(rotation), s = sinDegrees(rotation)
        // Column-vector matrix of the linear part: [[a, c], [b, d]].
        let a11 = (m.a * c + m.c * s) * rx, a12 = (-m.a * s + m.c * c) * ry
        let a21 = (m.b * c + m.d * s) * rx, a22 = (-m.b * s + m.d * c) * ry
        let e = (a11 + a22) / 2, f = (a11 - a22) / 2, g = (a21 + a12) / 2, hh = (a21 - a12) / 2
        let q = squareRoot(e * e + hh * hh), r = squareRoot(f * f + g * g)
        let s1 = q + r, s2 = abs(q - r)
        guard s2 > 1e-12 * max(s1, 1e-300), s1.isFinite else { return .lineTo(to) }
        let theta = (arcTangent2(g, f) + arcTangent2(hh, e)) / 2
        var degrees = theta * 180 / Double.pi
        if abs(degrees) < 1e-12 { degrees = 0 }
        let flips = m.determinant < 0
        return .arcTo(rx: s1, ry: s2, rotation: degrees, largeArc: large, sweep: flips ? !sweep : sweep, to: to)
    }
}
