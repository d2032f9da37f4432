extension PathData {
    /// The same outline using only `moveTo`, `lineTo`, `cubicTo` and `close`: quadratics are
    /// elevated exactly, arcs split into cubics of at most 90° (zero-radius arcs become lines,
    /// arcs to the current point vanish).
    public func flattenedToCubics() -> [PathSegment] {
        var out: [PathSegment] = []
        out.reserveCapacity(segments.count)
        var current = Point.zero
        var start = Point.zero
        for segment in segments {
            switch segment {
            case .moveTo(let p):
                out.append(segment)
                current = p
                start = p
            case .lineTo(let p), .cubicTo(_, _, let p):
                out.append(segment)
                current = p
            case .quadTo(let c, let p):
                out.append(.cubicTo(
                    Point(current.x + 2.0 / 3.0 * (c.x - current.x), current.y + 2.0 / 3.0 * (c.y - current.y)),
                    Point(p.x + 2.0 / 3.0 * (c.x - p.x), p.y + 2.0 / 3.0 * (c.y - p.y)),
                    p))
                current = p
            case .arcTo(let rx, let ry, let rotation, let large, let sweep, let p):
                if let arc = ArcCenterForm(from: current, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep, to: p) {
                    for (c1, c2, e) in arc.cubics(endingAt: p) { out.append(.cubicTo(c1, c2, e)) }
                } else if current != p {
                    out.append(.lineTo(p))
                }
                current = p
            case .close:
                out.append(.close)
                current = start
            }
        }
        return out
    }
}
