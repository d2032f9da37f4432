/// An SVG arc in center form (SVG 2 appendix B.2.4), radii already corrected.
public struct ArcCenterForm: Hashable, Sendable {
    /// The ellipse center.
    public var center: Point
    /// The radii after out-of-range correction (both positive).
    public var rx: Double, ry: Double
    /// The x-axis rotation in radians.
    public var phi: Double
    /// The cosine and sine of `phi`, exact at multiples of 90°.
    public var cosPhi: Double, sinPhi: Double
    /// The start angle and the signed sweep, in radians (|sweep| ≤ 2π).
    public var startAngle: Double, sweepAngle: Double

    /// The center form of an arc from `from`, or nil when the arc is a straight line or nothing
    /// (a zero radius, equal endpoints, or non-finite input).
    public init?(from: Point, rx rxIn: Double, ry ryIn: Double, rotation: Double, largeArc: Bool, sweep: Bool, to: Point) {
        guard Steps.accepts(from: from, rx: rxIn, ry: ryIn, rotation: rotation, to: to) else { return nil }
        let phi = PathData.radians(fromDegrees: rotation.truncatingRemainder(dividingBy: 360))
        let cosPhi = PathData.cosDegrees(rotation), sinPhi = PathData.sinDegrees(rotation)
        let c = Steps(from: from, rx: rxIn, ry: ryIn, cosPhi: cosPhi, sinPhi: sinPhi, largeArc: largeArc, sweep: sweep, to: to)
        let (rx, ry, cx, cy) = (c.rx, c.ry, c.cx, c.cy)
        let theta1 = arcTangent2(c.uy, c.ux)
        var delta = arcTangent2(c.vy, c.vx) - theta1
        let twoPi = 2 * Double.pi
        if sweep, delta < 0 { delta += twoPi }
        if !sweep, delta > 0 { delta -= twoPi }
        guard cx.isFinite, cy.isFinite, delta.isFinite else { return nil }
        self.center = Point(cx, cy)
        self.rx = rx
        self.ry = ry
        self.phi = phi
        self.cosPhi = cosPhi
        self.sinPhi = sinPhi
        self.startAngle = theta1
        self.sweepAngle = delta
    }

    /// The point at angle `theta` on the ellipse.
    public func point(at theta: Double) -> Point {
        let c = cosine(theta), s = sine(theta), cp = cosPhi, sp = sinPhi
        return Point(center.x + rx * cp * c - ry * sp * s, center.y + rx * sp * c + ry * cp * s)
    }

    /// The derivative of `point(at:)` with respect to the angle.
    public func derivative(at theta: Double) -> Point {
        let c = cosine(theta), s = sine(theta), cp = cosPhi, sp = sinPhi
        return Point(-rx * cp * s - ry * sp * c, -rx * sp * s + ry * cp * c)
    }

    /// True when `theta` lies on the swept range (angles compared modulo 2π).
    public func contains(angle theta: Double) -> Bool {
        let twoPi = 2 * Double.pi
        var t = (theta - startAngle).truncatingRemainder(dividingBy: twoPi)
        if sweepAngle >= 0 {
            if t < 0 { t += twoPi }
            return t <= sweepAngle
        }
        if t > 0 { t -= twoPi }
        return t >= sweepAngle
    }

    /// The tight bounding box of the swept arc, endpoints included.
    public var bounds: Rect {
        let cp = cosPhi, sp = sinPhi
        let tx = arcTangent2(-ry * sp, rx * cp)
        let ty = arcTangent2(ry * cp, rx * sp)
        var box = BoxAccumulator()
        box.add(point(at: startAngle))
        box.add(point(at: startAngle + sweepAngle))
        for t in [tx, tx + Double.pi, ty, ty + Double.pi] where contains(angle: t) {
            box.add(point(at: t))
        }
        return box.rect
    }

    /// Cubic Béziers approximating the arc, one per piece of at most 90°; the last ends at `to`
    /// exactly when given.
    public func cubics(endingAt to: Point? = nil) -> [(Point, Point, Point)] {
        let pieces = max(1, Int((abs(sweepAngle) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweepAngle / Double(pieces)
        let k = 4.0 / 3.0 * tangent(step / 4)
        var out: [(Point, Point, Point)] = []
        out.reserveCapacity(pieces)
        var a0 = startAngle
        var p0 = point(at: a0)
        for i in 0..<pieces {
            let a1 = i == pieces - 1 ? startAngle + sweepAngle : a0 + step
            var p1 = point(at: a1)
            if i == pieces - 1, let to { p1 = to }
            let d0 = derivative(at: a0), d1 = derivative(at: a1)
            out.append((Point(p0.x + k * d0.x, p0.y + k * d0.y), Point(p1.x - k * d1.x, p1.y - k * d1.y), p1))
            a0 = a1
            p0 = p1
        }
        return out
    }
}

extension ArcCenterForm {
    /// SVG 2's steps (appendix B.2.4) from the endpoints to the center, radii corrected: `init`
    /// and ``addExtremes(from:rx:ry:rotation:largeArc:sweep:to:into:)`` both take them, so both
    /// reach the same doubles.
    struct Steps {
        /// The radii after out-of-range correction.
        var rx: Double, ry: Double
        /// The ellipse center.
        var cx: Double, cy: Double
        /// The start and end directions in the unit circle the ellipse is scaled from.
        var ux: Double, uy: Double, vx: Double, vy: Double

        /// Whether an arc has a center form to find: nonzero radii, distinct endpoints, all finite.
        @inline(__always)
        static func accepts(from: Point, rx: Double, ry: Double, rotation: Double, to: Point) -> Bool {
            let rx = abs(rx), ry = abs(ry)
            return rx > 0 && ry > 0 && from != to && from.isFinite && to.isFinite && rx.isFinite && ry.isFinite
                && rotation.isFinite
        }

        @inline(__always)
        init(from: Point, rx rxIn: Double, ry ryIn: Double, cosPhi: Double, sinPhi: Double, largeArc: Bool, sweep: Bool, to: Point) {
            var rx = abs(rxIn), ry = abs(ryIn)
            let dx2 = (from.x - to.x) / 2, dy2 = (from.y - to.y) / 2
            let x1p = cosPhi * dx2 + sinPhi * dy2
            let y1p = -sinPhi * dx2 + cosPhi * dy2
            let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
            if lambda > 1 {
                let k = squareRoot(lambda)
                rx *= k
                ry *= k
            }
            let num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
            let den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
            var coef = den > 0 ? squareRoot(max(0, num / den)) : 0
            if largeArc == sweep { coef = -coef }
            let cxp = coef * rx * y1p / ry
            let cyp = -coef * ry * x1p / rx
            self.rx = rx
            self.ry = ry
            cx = cosPhi * cxp - sinPhi * cyp + (from.x + to.x) / 2
            cy = sinPhi * cxp + cosPhi * cyp + (from.y + to.y) / 2
            ux = (x1p - cxp) / rx
            uy = (y1p - cyp) / ry
            vx = (-x1p - cxp) / rx
            vy = (-y1p - cyp) / ry
        }
    }
}
