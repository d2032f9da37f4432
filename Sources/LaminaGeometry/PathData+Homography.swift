extension PathData {
    /// The path mapped through a projective map.
    ///
    /// Affine maps move control points (arcs become cubics first). Projective maps subdivide
    /// each curve until the cubic through the mapped control points stays within `tolerance`
    /// of the true image; the part of the plane at or behind the eye (w ≤ 0) is clipped away.
    public func transformed(by h: Homography, tolerance: Double = 0.1) -> PathData {
        // Filled in by the projective implementation; affine only for now.
        let m = h.affine
        var out: [PathSegment] = []
        for segment in flattenedToCubics() {
            switch segment {
            case .moveTo(let p): out.append(.moveTo(m.apply(p)))
            case .lineTo(let p): out.append(.lineTo(m.apply(p)))
            case .cubicTo(let a, let b, let c): out.append(.cubicTo(m.apply(a), m.apply(b), m.apply(c)))
            default: out.append(segment)
            }
        }
        return PathData(segments: out)
    }
}
