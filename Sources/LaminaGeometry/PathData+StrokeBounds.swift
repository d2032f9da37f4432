/// How a path's stroke is drawn, as far as its outline's extent goes.
public struct StrokeOutline: Hashable, Sendable {
    /// The shape at an open subpath's ends (`stroke-linecap`).
    public enum Cap: Hashable, Sendable { case butt, round, square }
    /// The shape where two segments meet (`stroke-linejoin`).
    public enum Join: Hashable, Sendable { case miter, round, bevel }

    public var width: Double
    public var cap: Cap
    public var join: Join
    /// The longest miter, as a multiple of the width (`stroke-miterlimit`, at least 1).
    public var miterLimit: Double

    public init(width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 4) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }
}

extension PathData {
    /// The bounds of the outline a stroke draws along `segments` (absolute, from
    /// ``flattenedToCubics()``): each segment's band, miter tips within the limit, round joins'
    /// and caps' arcs and square caps, as Chromium's stroke bounding box (CSS Transforms 1
    /// `stroke-box`) takes them; curves are followed at 32 points each, their bends joined
    /// round. Dashes are not looked at. Also the bounds of the points followed (the path's own
    /// box, as far as those points reach). Null without segments that draw.
    ///
    ///     // A right angle, 20 wide, mitered: the tip reaches 10 past the corner on both axes.
    ///     PathData.strokeBounds(of: [.moveTo(Point(0, 0)), .lineTo(Point(100, 0)), .lineTo(Point(100, 50))],
    ///                           StrokeOutline(width: 20))   // stroke (0, -10, 110, 60), path (0, 0, 100, 50)
    public static func strokeBounds(of segments: [PathSegment], _ stroke: StrokeOutline) -> (stroke: Rect, path: Rect) {
        var bounds = StrokeBoundsBuilder(stroke)
        var points: [Point] = []
        var roundAfter: [Bool] = []
        func finish(closed: Bool) {
            bounds.add(subpath: points, smooth: roundAfter, closed: closed)
            points.removeAll(keepingCapacity: true)
            roundAfter.removeAll(keepingCapacity: true)
        }
        for segment in segments {
            switch segment {
            case .moveTo(let p):
                if !points.isEmpty { finish(closed: false) }
                points.append(p)
                roundAfter.append(false)
            case .lineTo(let p):
                if points.isEmpty { points.append(p); roundAfter.append(false) }
                points.append(p)
                roundAfter.append(false)
            case .cubicTo(let c1, let c2, let p):
                guard let p0 = points.last else { continue }
                // 32 steps, and one a thousandth from each end, whose chord leaves and meets
                // the ends along the curve's tangent (a butt end's corners sit right).
                let steps = 34
                for k in 1...steps {
                    let t = k == 1 ? 1.0 / 1024 : k == steps - 1 ? 1 - 1.0 / 1024 : k == steps ? 1 : Double(k - 1) / 32
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    points.append(Point(
                        a * p0.x + b * c1.x + c * c2.x + d * p.x, a * p0.y + b * c1.y + c * c2.y + d * p.y))
                    // Inside the curve its points meet smoothly, as its offset does.
                    roundAfter.append(k < steps)
                }
            case .quadTo, .arcTo:
                // ``flattenedToCubics()`` leaves none.
                continue
            case .close:
                if !points.isEmpty {
                    let start = points[0]
                    finish(closed: true)
                    points.append(start)
                    roundAfter.append(false)
                }
            }
        }
        if points.count > 1 || roundAfter.count > 1 { finish(closed: false) }
        return (bounds.rect, bounds.path.rect)
    }
}

/// The bounds of points.
private struct PointBounds {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    var rect: Rect {
        minX <= maxX && minY <= maxY ? Rect(minX, minY, maxX - minX, maxY - minY) : .null
    }

    mutating func add(_ p: Point) {
        minX = min(minX, p.x)
        maxX = max(maxX, p.x)
        minY = min(minY, p.y)
        maxY = max(maxY, p.y)
    }
}

/// Gathers the extent of a stroke's outline, one subpath at a time.
private struct StrokeBoundsBuilder {
    let stroke: StrokeOutline
    let half: Double
    /// The outline's points.
    var outline = PointBounds()
    /// The points followed, for the path's own box.
    var path: PointBounds = PointBounds()

    init(_ stroke: StrokeOutline) {
        self.stroke = stroke
        half = stroke.width / 2
    }

    var rect: Rect { outline.rect }

    mutating func add(_ p: Point) { outline.add(p) }

    /// One subpath's points (repeats dropped); `smooth[i]`: the join at point i is inside a
    /// curve (drawn round).
    mutating func add(subpath raw: [Point], smooth rawSmooth: [Bool], closed: Bool) {
        guard half > 0, !raw.isEmpty else { return }
        if raw.count > 1 || closed {
            for p in raw { path.add(p) }
        }
        var pts: [Point] = []
        var smooth: [Bool] = []
        for (k, p) in raw.enumerated() where pts.last != p {
            pts.append(p)
            smooth.append(rawSmooth[k])
        }
        if closed, pts.count > 1, pts.first == pts.last {
            pts.removeLast()
            smooth.removeLast()
        }
        guard pts.count > 1 else {
            // A zero-length subpath: a dot for a round cap, a square (along x) for a square one.
            if stroke.cap != .butt, closed || raw.count > 1 {
                add(Point(pts[0].x - half, pts[0].y - half))
                add(Point(pts[0].x + half, pts[0].y + half))
            }
            return
        }
        let n = pts.count
        let segmentCount = closed ? n : n - 1
        for s in 0..<segmentCount {
            let a = pts[s], b = pts[(s + 1) % n]
            let normal = Self.unitNormal(a, b)
            for p in [a, b] {
                add(Point(p.x + normal.x * half, p.y + normal.y * half))
                add(Point(p.x - normal.x * half, p.y - normal.y * half))
            }
        }
        let joints = closed ? 0..<n : 1..<(n - 1)
        for i in joints {
            let prev = pts[(i + n - 1) % n], p = pts[i], next = pts[(i + 1) % n]
            join(prev, p, next, round: smooth[i] || stroke.join == .round)
        }
        if !closed {
            cap(at: pts[0], from: pts[1])
            cap(at: pts[n - 1], from: pts[n - 2])
        }
    }

    /// The join at `p` between `prev → p` and `p → next`.
    mutating func join(_ prev: Point, _ p: Point, _ next: Point, round: Bool) {
        let d1 = Self.unit(p - prev), d2 = Self.unit(next - p)
        let cross = d1.x * d2.y - d1.y * d2.x
        let dot = d1.x * d2.x + d1.y * d2.y
        guard cross != 0 || dot < 0 else { return }
        // The outer side: left of the turn's direction for a right turn, and so on.
        let side: Double = cross > 0 ? -1 : 1
        let n1 = Point(-d1.y * side, d1.x * side), n2 = Point(-d2.y * side, d2.x * side)
        if round {
            // In two halves, each under a half turn (a segment turning back is a half turn).
            let sum = n1 + n2
            let mid = sum.x * sum.x + sum.y * sum.y > 1e-18 ? Self.unit(sum) : d1
            arc(center: p, from: n1, to: mid)
            arc(center: p, from: mid, to: n2)
            return
        }
        guard stroke.join == .miter else { return }
        // The miter's length over the width is 1 / sin(θ/2), θ the angle between the segments.
        let cosTheta = -dot
        let sinHalf = ((1 - cosTheta) / 2).squareRoot()
        guard sinHalf > 0, 1 / sinHalf <= stroke.miterLimit else { return }
        let bisector = Self.unit(n1 + n2)
        let reach = half / sinHalf
        add(Point(p.x + bisector.x * reach, p.y + bisector.y * reach))
    }

    /// The cap at an open end `p`, whose segment comes from `from`.
    mutating func cap(at p: Point, from: Point) {
        let d = Self.unit(p - from)
        let n = Point(-d.y, d.x)
        switch stroke.cap {
        case .butt:
            return
        case .square:
            for s in [1.0, -1.0] {
                add(Point(p.x + (d.x + s * n.x) * half, p.y + (d.y + s * n.y) * half))
            }
        case .round:
            arc(center: p, from: n, to: d)
            arc(center: p, from: d, to: Point(-n.x, -n.y))
        }
    }

    /// The arc of radius `half` about `center` from unit direction `a` to `b` the short way
    /// (at most a half turn): its ends and the axis directions it passes.
    mutating func arc(center: Point, from a: Point, to b: Point) {
        add(Point(center.x + a.x * half, center.y + a.y * half))
        add(Point(center.x + b.x * half, center.y + b.y * half))
        let cross = a.x * b.y - a.y * b.x
        for axis in [Point(1, 0), Point(0, 1), Point(-1, 0), Point(0, -1)] {
            // Within the arc: on a's side toward b and on b's side back toward a.
            let fromA = a.x * axis.y - a.y * axis.x, toB = axis.x * b.y - axis.y * b.x
            let within = cross >= 0 ? fromA >= 0 && toB >= 0 : fromA <= 0 && toB <= 0
            if within, axis.x * (a.x + b.x) + axis.y * (a.y + b.y) >= 0 {
                add(Point(center.x + axis.x * half, center.y + axis.y * half))
            }
        }
    }

    static func unit(_ v: Point) -> Point {
        let l = (v.x * v.x + v.y * v.y).squareRoot()
        return l > 0 ? Point(v.x / l, v.y / l) : Point(0, 0)
    }

    static func unitNormal(_ a: Point, _ b: Point) -> Point {
        let d = unit(b - a)
        return Point(-d.y, d.x)
    }
}
