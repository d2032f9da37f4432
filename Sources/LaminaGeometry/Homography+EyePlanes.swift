/// Several eye planes on the way (LAYER-MODEL.md §3 flattening, §4.4).
///
/// A layer is flattened into its superlayer's plane, that plane into the next, and so on; under
/// two perspective steps a point behind the first plane's eye is not in that plane at all, even
/// where the second step's w, negative too, turns the composed map's w positive again. So a
/// point is drawn, mapped and hit only where it is in front of every plane on the way. The
/// earlier planes are given as the maps from the point's own space to each of them (only their
/// last column, the w, is read); the map itself checks the last plane.
extension Homography {
    /// The image of `p`, or nil when it lands at or behind the eye of this map or of any of `planes`.
    @inlinable
    public func apply(_ p: Point, inFrontOf planes: [Homography]) -> Point? {
        if planes.isEmpty { return apply(p) }
        for g in planes where !(g.applyHomogeneous(p).w > 0) { return nil }
        return apply(p)
    }

    /// ``frontBoundingBox(of:)`` of the part of `r` in front of every plane of `planes` as well,
    /// each cut where ``PathData/transformed(by:inFrontOf:tolerance:)`` cuts a drawn shape.
    public func frontBoundingBox(of r: Rect, inFrontOf planes: [Homography]) -> Rect? {
        if planes.isEmpty { return frontBoundingBox(of: r) }
        var polygon = r.corners
        for g in planes + [self] {
            polygon = Self.clip(polygon, inFrontOf: g)
            if polygon.isEmpty { return nil }
        }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in polygon {
            let v = applyHomogeneous(p)
            x0 = min(x0, v.x / v.w); y0 = min(y0, v.y / v.w); x1 = max(x1, v.x / v.w); y1 = max(y1, v.y / v.w)
        }
        return x0 <= x1 && y0 <= y1 ? Rect(x0, y0, x1 - x0, y1 - y0) : nil
    }

    /// The part of a convex polygon where `g`'s w is at least its eye epsilon.
    static func clip(_ polygon: [Point], inFrontOf g: Homography) -> [Point] {
        let eps = PathData.eyeEpsilon(g)
        var out: [Point] = []
        for k in polygon.indices {
            let a = polygon[k], b = polygon[(k + 1) % polygon.count]
            let wa = g.applyHomogeneous(a).w - eps, wb = g.applyHomogeneous(b).w - eps
            if wa > 0 { out.append(a) }
            if (wa > 0) != (wb > 0), wa != wb {
                let t = wa / (wa - wb)
                out.append(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
            }
        }
        return out
    }
}

extension PathData {
    /// ``transformed(by:tolerance:)`` of the part of the path in front of every plane of
    /// `planes` (maps from the path's space to earlier eye planes; see ``Homography``'s
    /// `apply(_:inFrontOf:)`). Without planes it is ``transformed(by:tolerance:)``.
    public func transformed(by h: Homography, inFrontOf planes: [Homography], tolerance: Double = 0.1) -> PathData {
        if planes.isEmpty { return transformed(by: h, tolerance: tolerance) }
        var cubics = PathData(segments: flattenedToCubics())
        for g in planes where !g.isAffine { cubics = cubics.clippedToFront(of: g) }
        return cubics.transformed(by: h, tolerance: tolerance)
    }
}
