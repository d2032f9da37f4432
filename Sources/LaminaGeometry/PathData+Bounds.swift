extension PathData {
    /// The exact fill bounding box: every on-curve point, curve extrema, and arc extrema in
    /// center form; a moveto counts only when something follows it (a trailing or repeated
    /// moveto draws nothing). `Rect.null` when empty.
    public var bounds: Rect {
        var box = PathBounds()
        for segment in segments { box.add(segment) }
        return box.rect
    }

    /// Adds the interior extrema of a quadratic Bézier (whose end points `box` holds already).
    static func quadExtrema(_ p0: Point, _ c: Point, _ p1: Point, into box: inout BoxAccumulator) {
        for axis in 0..<2 {
            let a = axis == 0 ? p0.x : p0.y, b = axis == 0 ? c.x : c.y, d = axis == 0 ? p1.x : p1.y
            // The curve stays within the hull of its points: a control inside the box adds nothing.
            if box.holds(b, axis: axis) { continue }
            let den = a - 2 * b + d
            guard den != 0 else { continue }
            let t = (a - b) / den
            guard t > 0, t < 1 else { continue }
            let mt = 1 - t
            box.add(Point(
                mt * mt * p0.x + 2 * mt * t * c.x + t * t * p1.x,
                mt * mt * p0.y + 2 * mt * t * c.y + t * t * p1.y))
        }
    }

    /// Adds the interior extrema of a cubic Bézier (whose end points `box` holds already).
    static func cubicExtrema(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, into box: inout BoxAccumulator) {
        for axis in 0..<2 {
            let a0 = axis == 0 ? p0.x : p0.y, a1 = axis == 0 ? c1.x : c1.y
            let a2 = axis == 0 ? c2.x : c2.y, a3 = axis == 0 ? p1.x : p1.y
            // The curve stays within the hull of its points: with both controls inside the box
            // on this axis (most segments of a long path), no extremum can widen it.
            if box.holds(a1, axis: axis) && box.holds(a2, axis: axis) { continue }
            // Derivative / 3: a t² + b t + c.
            let a = -a0 + 3 * a1 - 3 * a2 + a3
            let b = 2 * (a0 - 2 * a1 + a2)
            let c = a1 - a0
            var r0 = Double.nan, r1 = Double.nan
            if abs(a) < 1e-12 * (abs(b) + abs(c) + 1e-300) || a == 0 {
                if b != 0 { r0 = -c / b }
            } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 {
                    let sq = squareRoot(disc)
                    // Numerically stable quadratic roots.
                    let q = -0.5 * (b + (b < 0 ? -sq : sq))
                    if q != 0 { r0 = c / q }
                    r1 = q / a
                }
            }
            if r0 > 0 && r0 < 1 { box.add(cubicPoint(p0, c1, c2, p1, r0)) }
            if r1 > 0 && r1 < 1 { box.add(cubicPoint(p0, c1, c2, p1, r1)) }
        }
    }

    /// The point at parameter `t` of a cubic Bézier.
    public static func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, _ t: Double) -> Point {
        let mt = 1 - t
        let w0 = mt * mt * mt, w1 = 3 * mt * mt * t, w2 = 3 * mt * t * t, w3 = t * t * t
        return Point(
            w0 * p0.x + w1 * c1.x + w2 * c2.x + w3 * p1.x,
            w0 * p0.y + w1 * c1.y + w2 * c2.y + w3 * p1.y)
    }

    /// The bounding box of a polygon or polyline's points (`Rect.null` for none).
    public static func polygonBounds(_ points: [Point]) -> Rect {
        Rect.boundingBox(of: points)
    }

    /// The bounding box of an axis-aligned ellipse (or a circle when `rx == ry`).
    public static func ellipseBounds(cx: Double, cy: Double, rx: Double, ry: Double) -> Rect {
        Rect(cx - rx, cy - ry, 2 * rx, 2 * ry)
    }
}

/// Running min/max of points, cheaper than building arrays.
struct BoxAccumulator {
    var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity

    mutating func add(_ p: Point) {
        x0 = min(x0, p.x); y0 = min(y0, p.y)
        x1 = max(x1, p.x); y1 = max(y1, p.y)
    }

    mutating func add(_ r: Rect) {
        guard !r.isNull else { return }
        add(Point(r.minX, r.minY))
        add(Point(r.maxX, r.maxY))
    }

    /// Widens the box to x coordinate `x` (its y range unchanged).
    mutating func addX(_ x: Double) { x0 = min(x0, x); x1 = max(x1, x) }

    /// Widens the box to y coordinate `y` (its x range unchanged).
    mutating func addY(_ y: Double) { y0 = min(y0, y); y1 = max(y1, y) }

    var rect: Rect { x0 <= x1 && y0 <= y1 ? Rect(x0, y0, x1 - x0, y1 - y0) : .null }

    /// Whether `p` lies within the box on both axes (false for NaN): what the extrema's
    /// per-axis tests skip on.
    @inline(__always) func holds(_ p: Point) -> Bool {
        p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1
    }

    /// Whether coordinate `v` on `axis` (0: x, 1: y) lies within the box (false for NaN).
    @inline(__always) func holds(_ v: Double, axis: Int) -> Bool {
        axis == 0 ? v >= x0 && v <= x1 : v >= y0 && v <= y1
    }
}

/// The fill bounding box of segments fed one at a time (``PathData/bounds``, and the parser
/// of ``PathData/scanBounds(bytes:)`` calling each kind's method directly), and whether any
/// of them draws (is not a moveto).
struct PathBounds: PathSegmentSink {
    private var box = BoxAccumulator()
    private var current = Point.zero
    private var start = Point.zero
    /// A segment other than a moveto was added.
    private(set) var draws = false

    var rect: Rect { box.rect }

    mutating func add(_ segment: PathSegment) {
        switch segment {
        case .moveTo(let p): moveTo(p)
        case .lineTo(let p): lineTo(p)
        case .quadTo(let c, let p): quadTo(c, p)
        case .cubicTo(let c1, let c2, let p): cubicTo(c1, c2, p)
        case .arcTo(let rx, let ry, let rotation, let large, let sweep, let p):
            arcTo(rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep, to: p)
        case .close: close()
        }
    }

    mutating func moveTo(_ p: Point) {
        current = p
        start = p
    }

    mutating func lineTo(_ p: Point) {
        box.add(current)
        box.add(p)
        current = p
        draws = true
    }

    mutating func quadTo(_ c: Point, _ p: Point) {
        box.add(current)
        box.add(p)
        if !box.holds(c) { PathData.quadExtrema(current, c, p, into: &box) }
        current = p
        draws = true
    }

    mutating func cubicTo(_ c1: Point, _ c2: Point, _ p: Point) {
        box.add(current)
        box.add(p)
        // Controls inside the box (most segments of a long path) add nothing on either axis:
        // tested here, the extrema's call (its set-up is most of its cost) is not made.
        if !(box.holds(c1) && box.holds(c2)) { PathData.cubicExtrema(current, c1, c2, p, into: &box) }
        current = p
        draws = true
    }

    mutating func arcTo(rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool, to p: Point) {
        box.add(current)
        box.add(p)
        ArcCenterForm.addExtremes(
            from: current, rx: rx, ry: ry, rotation: rotation, largeArc: largeArc, sweep: sweep, to: p, into: &box)
        current = p
        draws = true
    }

    mutating func close() {
        box.add(current)
        current = start
        draws = true
    }
}
