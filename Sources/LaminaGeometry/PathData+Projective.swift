extension PathData {
    /// The smallest homogeneous w kept: points closer to the eye plane are clipped.
    static func eyeEpsilon(_ h: Homography) -> Double {
        1e-6 * max(abs(h.m13), abs(h.m23), abs(h.m33), 1e-300)
    }

    /// At most 2¹² pieces per curve, so curves grazing the eye plane (where the image is
    /// unbounded) cannot blow up; there the tolerance may not be met.
    static let maxProjectionDepth = 12

    /// Images of a lines-and-cubics path under a projective map whose w is positive on it.
    func projectiveImage(_ h: Homography, tolerance: Double) -> PathData {
        var out: [PathSegment] = []
        out.reserveCapacity(segments.count)
        // A whole path never grows past this many segments: hostile input stays bounded.
        let budget = 64 * segments.count + 65_536
        var current = Point.zero, start = Point.zero
        func map(_ p: Point) -> Point { h.apply(p) ?? Point.notANumber }
        for segment in segments {
            switch segment {
            case .moveTo(let p):
                out.append(.moveTo(map(p)))
                current = p
                start = p
            case .lineTo(let p):
                out.append(.lineTo(map(p)))
                current = p
            case .cubicTo(let c1, let c2, let p):
                PathData.projectCubic(current, c1, c2, p, h, tolerance, budget: budget, into: &out)
                current = p
            case .close:
                out.append(.close)
                current = start
            case .quadTo, .arcTo:
                break  // not produced by flattenedToCubics
            }
        }
        return PathData(segments: out)
    }

    /// The image point and its derivative along a source curve with point `p` and velocity `v`.
    private static func imageAndDerivative(_ p: Point, _ v: Point, _ h: Homography) -> (Point, Point) {
        let (x, y, w) = h.applyHomogeneous(p)
        let dx = v.x * h.m11 + v.y * h.m21, dy = v.x * h.m12 + v.y * h.m22, dw = v.x * h.m13 + v.y * h.m23
        return (Point(x / w, y / w), Point((dx * w - x * dw) / (w * w), (dy * w - y * dw) / (w * w)))
    }

    /// Appends cubics approximating the image of one cubic, split adaptively (explicit stack).
    static func projectCubic(
        _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ h: Homography, _ tolerance: Double,
        budget: Int, into out: inout [PathSegment]
    ) {
        var stack: [(Point, Point, Point, Point, Int)] = [(p0, p1, p2, p3, 0)]
        while let (a, b, c, d, depth) = stack.popLast() {
            // Hermite cubic through the image end points with the image tangents.
            let (qa, da) = imageAndDerivative(a, Point(3 * (b.x - a.x), 3 * (b.y - a.y)), h)
            let (qd, dd) = imageAndDerivative(d, Point(3 * (d.x - c.x), 3 * (d.y - c.y)), h)
            let q1 = Point(qa.x + da.x / 3, qa.y + da.y / 3)
            let q2 = Point(qd.x - dd.x / 3, qd.y - dd.y / 3)
            var ok = depth >= PathData.maxProjectionDepth || out.count + stack.count > budget
            if !ok {
                ok = true
                for t in [0.25, 0.5, 0.75] {
                    guard let exact = h.apply(cubicPoint(a, b, c, d, t)) else { ok = false; break }
                    let approx = cubicPoint(qa, q1, q2, qd, t)
                    if !(hypotenuse(exact.x - approx.x, exact.y - approx.y) <= tolerance) {
                        ok = false
                        break
                    }
                }
            }
            if ok {
                out.append(.cubicTo(q1, q2, qd))
                continue
            }
            let (left, right) = splitCubic(a, b, c, d, 0.5)
            stack.append((right.0, right.1, right.2, right.3, depth + 1))
            stack.append((left.0, left.1, left.2, left.3, depth + 1))
        }
    }

    /// De Casteljau split of a cubic at `t`.
    static func splitCubic(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ t: Double)
        -> ((Point, Point, Point, Point), (Point, Point, Point, Point))
    {
        func lerp(_ p: Point, _ q: Point) -> Point { Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t) }
        let ab = lerp(a, b), bc = lerp(b, c), cd = lerp(c, d)
        let abc = lerp(ab, bc), bcd = lerp(bc, cd)
        let m = lerp(abc, bcd)
        return ((a, ab, abc, m), (m, bcd, cd, d))
    }
}
