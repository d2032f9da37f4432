extension PathData {
    /// A lines-and-cubics path clipped to the half-plane in front of the eye (w ≥ ε) of `h`.
    ///
    /// Pieces behind are dropped and the gaps bridged by straight lines, which for a closed
    /// subpath runs along the clip line, so fills stay correct.
    func clippedToFront(of h: Homography) -> PathData {
        let eps = PathData.eyeEpsilon(h)
        func w(_ p: Point) -> Double { p.x * h.m13 + p.y * h.m23 + h.m33 - eps }
        var allInside = true
        for s in segments {
            switch s {
            case .moveTo(let p), .lineTo(let p): if !(w(p) > 0) { allInside = false }
            case .cubicTo(let a, let b, let p): if !(w(a) > 0 && w(b) > 0 && w(p) > 0) { allInside = false }
            default: break
            }
            if !allInside { break }
        }
        if allInside { return self }
        var clipper = FrontClipper(w: w)
        var current = Point.zero, start = Point.zero
        for s in segments {
            switch s {
            case .moveTo(let p):
                clipper.move(p)
                current = p
                start = p
            case .lineTo(let p):
                clipper.line(current, p)
                current = p
            case .cubicTo(let c1, let c2, let p):
                clipper.cubic(current, c1, c2, p)
                current = p
            case .close:
                clipper.line(current, start)
                clipper.close()
                current = start
            default:
                break
            }
        }
        return PathData(segments: clipper.out)
    }
}

extension Homography {
    /// The bounding box of the image of the part of `r` in front of the eye, clipped where
    /// ``PathData/transformed(by:tolerance:)`` clips a drawn shape (w ≥ ε); nil when no part of
    /// `r` is in front. Equals the box of the four mapped corners when they are all in front.
    public func frontBoundingBox(of r: Rect) -> Rect? {
        let eps = PathData.eyeEpsilon(self)
        let c = r.corners
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) {
            let v = applyHomogeneous(p)
            x0 = min(x0, v.x / v.w); y0 = min(y0, v.y / v.w); x1 = max(x1, v.x / v.w); y1 = max(y1, v.y / v.w)
        }
        for k in 0..<4 {
            let a = c[k], b = c[(k + 1) % 4]
            let wa = applyHomogeneous(a).w - eps, wb = applyHomogeneous(b).w - eps
            if wa > 0 { add(a) }
            if (wa > 0) != (wb > 0), wa != wb {
                let t = wa / (wa - wb)
                add(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
            }
        }
        return x0 <= x1 && y0 <= y1 ? Rect(x0, y0, x1 - x0, y1 - y0) : nil
    }
}

/// Builds the clipped output piece by piece.
private struct FrontClipper {
    let w: (Point) -> Double
    var out: [PathSegment] = []
    /// True once the current subpath has output; `drawing` when the pen is inside.
    var started = false
    var drawing = false

    init(w: @escaping (Point) -> Double) {
        self.w = w
    }

    mutating func move(_ p: Point) {
        started = false
        drawing = false
        if w(p) > 0 { begin(p) }
    }

    mutating func begin(_ p: Point) {
        if started {
            out.append(.lineTo(p))
        } else {
            out.append(.moveTo(p))
            started = true
        }
        drawing = true
    }

    mutating func close() {
        if started { out.append(.close) }
        started = false
        drawing = false
    }

    mutating func line(_ a: Point, _ b: Point) {
        let wa = w(a), wb = w(b)
        if wa > 0, wb > 0 {
            if !drawing { begin(a) }
            out.append(.lineTo(b))
        } else if wa > 0 || wb > 0 {
            let t = wa / (wa - wb)
            let m = Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
            if wa > 0 {
                if !drawing { begin(a) }
                out.append(.lineTo(m))
                drawing = false
            } else {
                begin(m)
                out.append(.lineTo(b))
            }
        } else {
            drawing = false
        }
    }

    mutating func cubic(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
        // w along the curve is a cubic polynomial with Bernstein coefficients w(a)…w(d).
        let w0 = w(a), w1 = w(b), w2 = w(c), w3 = w(d)
        var cuts = roots(w0, w1, w2, w3).filter { $0 > 1e-9 && $0 < 1 - 1e-9 }.sorted()
        cuts.append(1)
        var pieceStart = 0.0
        var rest = (a, b, c, d)
        for t in cuts {
            let local = (t - pieceStart) / (1 - pieceStart)
            let (piece, remainder) = local >= 1 ? (rest, rest) : PathData.splitCubic(rest.0, rest.1, rest.2, rest.3, local)
            let mid = PathData.cubicPoint(piece.0, piece.1, piece.2, piece.3, 0.5)
            if w(mid) > 0 {
                if !drawing { begin(piece.0) }
                out.append(.cubicTo(piece.1, piece.2, piece.3))
            } else {
                drawing = false
            }
            rest = remainder
            pieceStart = t
        }
    }

    /// Real roots in (0, 1) of the cubic with Bernstein coefficients, by bisection on a fine
    /// grid (robust and bounded: 16 intervals × 50 steps).
    func roots(_ w0: Double, _ w1: Double, _ w2: Double, _ w3: Double) -> [Double] {
        func f(_ t: Double) -> Double {
            let mt = 1 - t
            return mt * mt * mt * w0 + 3 * mt * mt * t * w1 + 3 * mt * t * t * w2 + t * t * t * w3
        }
        var out: [Double] = []
        let n = 16
        var t0 = 0.0, f0 = f(0)
        for k in 1...n {
            let t1 = Double(k) / Double(n), f1 = f(t1)
            if (f0 > 0) != (f1 > 0) {
                var lo = t0, hi = t1, flo = f0
                for _ in 0..<50 {
                    let mid = (lo + hi) / 2, fm = f(mid)
                    if (fm > 0) == (flo > 0) { lo = mid; flo = fm } else { hi = mid }
                }
                out.append((lo + hi) / 2)
            }
            t0 = t1
            f0 = f1
        }
        return out
    }
}
