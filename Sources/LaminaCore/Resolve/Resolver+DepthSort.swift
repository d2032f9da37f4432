/// The paint order inside a `CATransformLayer` (LAYER-MODEL.md §5.2): Core Animation sorts its
/// sublayers in 3D; the flattened SVG paints them far to near, an approximation.
extension Resolver {
    /// Sublayers of a `CATransformLayer`, painter-sorted far to near by the depth of their
    /// bounds' centre (an approximation of Core Animation's 3D sort, LAYER-MODEL §5.2).
    ///
    /// Sublayers in one plane (a card's face and the label on it) have no depth order between
    /// them: they keep their order (zPosition, then the sublayer array) and are sorted as one,
    /// by the depth of the first of them. Sorting each by its own centre put a label whose
    /// centre lies on the far side of the turned face behind the face.
    mutating func depthSorted(_ subs: [LayerID], under pending: Transform3D, of id: LayerID) -> [LayerID] {
        guard subs.count > 1 else { return subs }
        var planes: [(plane: Plane3D, depth: Double)] = []
        let keyed = subs.enumerated().map { (i, child) -> (Int, Double, LayerID) in
            let b = tree[child].bounds
            let m = tree.matrixToSuperlayer(child).concatenating(pending)
            let v = m.apply(x: b.midX, y: b.midY, z: 0)
            let depth = v.w > 0 && (v.z / v.w).isFinite ? v.z / v.w : -Double.infinity
            guard let plane = Plane3D(m) else { return (i, depth, child) }
            if let k = planes.firstIndex(where: { $0.plane.isSame(as: plane) }) { return (i, planes[k].depth, child) }
            if planes.count < Self.maxSortPlanes { planes.append((plane, depth)) }
            return (i, depth, child)
        }
        let sorted = keyed.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.2)
        if sorted != subs {
            diagnostics.append(.warning(
                "sublayers of transform layer \(path(of: id)) are painted in approximate depth order",
                at: tree.sourceLocation(of: id)))
        }
        return sorted
    }

    /// Distinct planes a transform layer's sort compares each sublayer with (beyond them, a
    /// sublayer is sorted by its own centre).
    static let maxSortPlanes = 64
}

/// The plane `z = 0` of a layer's space, mapped (with the perspective divide) into the space
/// a transform layer's sublayers are sorted in: unit normal `n` and offset `d` (`n·p = d`).
struct Plane3D {
    var n: (x: Double, y: Double, z: Double)
    var d: Double
    /// The three points the plane was made from, for the comparison.
    var points: [(x: Double, y: Double, z: Double)]

    /// Nil when a point of the plane is behind the eye or the map is degenerate.
    init?(_ m: Transform3D) {
        var pts: [(x: Double, y: Double, z: Double)] = []
        for (x, y) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)] {
            let v = m.apply(x: x, y: y, z: 0)
            guard v.w > 0 else { return nil }
            let p = (x: v.x / v.w, y: v.y / v.w, z: v.z / v.w)
            guard p.x.isFinite, p.y.isFinite, p.z.isFinite else { return nil }
            pts.append(p)
        }
        let u = (x: pts[1].x - pts[0].x, y: pts[1].y - pts[0].y, z: pts[1].z - pts[0].z)
        let v = (x: pts[2].x - pts[0].x, y: pts[2].y - pts[0].y, z: pts[2].z - pts[0].z)
        let c = (x: u.y * v.z - u.z * v.y, y: u.z * v.x - u.x * v.z, z: u.x * v.y - u.y * v.x)
        let length = (c.x * c.x + c.y * c.y + c.z * c.z).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        n = (c.x / length, c.y / length, c.z / length)
        d = n.x * pts[0].x + n.y * pts[0].y + n.z * pts[0].z
        points = pts
    }

    /// Whether `other` lies in this plane: each of its points within a millionth of the
    /// largest coordinate involved (at least 1e-6).
    func isSame(as other: Plane3D) -> Bool {
        var scale = 1.0
        for p in points + other.points { scale = max(scale, abs(p.x), abs(p.y), abs(p.z)) }
        let tolerance = 1e-6 * scale
        return other.points.allSatisfy { abs(n.x * $0.x + n.y * $0.y + n.z * $0.z - d) <= tolerance }
    }
}
