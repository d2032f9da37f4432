import LaminaGeometry
import Testing

@Suite struct PathDataHomographyTests {
    @Test func affineMapsPointsAndArcsExactly() {
        let path = PathData.parse("M0 0L10 0Q20 0 20 10C20 20 10 20 0 20A10 10 0 0 1 20 0Z").path
        let mapped = path.transformed(by: Homography(AffineTransform.scale(2, 1).concatenating(.translation(5, 0))))
        #expect(mapped.segments == [
            .moveTo(Point(5, 0)), .lineTo(Point(25, 0)), .quadTo(Point(45, 0), Point(45, 10)),
            .cubicTo(Point(45, 20), Point(25, 20), Point(5, 20)),
            .arcTo(rx: 20, ry: 10, rotation: 0, largeArc: false, sweep: true, to: Point(45, 0)), .close,
        ])
    }

    @Test func mirroringFlipsArcSweep() throws {
        let path = PathData.parse("M0 0A10 10 0 0 1 20 0").path
        let mapped = path.transformed(by: Homography(AffineTransform.scale(-1, 1)))
        let last = try #require(mapped.segments.last)
        guard case .arcTo(let rx, let ry, _, let large, let sweep, let to) = last else {
            Issue.record("expected an arc")
            return
        }
        #expect(abs(rx - 10) < 1e-12 && abs(ry - 10) < 1e-12)
        #expect(!large && !sweep)
        #expect(to == Point(-20, 0))
        // Same picture as mirroring the original's bounds.
        #expect(mapped.bounds.isApproximatelyEqual(to: Rect(-20, -10, 20, 10)))
    }

    @Test func rotatedEllipseArcKeepsItsShape() {
        let path = PathData.parse("M0 0A20 10 30 1 1 15 5").path
        let m = AffineTransform.rotation(0.7).concatenating(.scale(1.5, 0.5))
        let exact = path.transformed(by: Homography(m))
        // Compare against mapping the cubic approximation point by point.
        let viaCubics = PathData(segments: path.flattenedToCubics()).transformed(by: Homography(m))
        #expect(exact.bounds.isApproximatelyEqual(to: viaCubics.bounds, tolerance: 0.01))
    }

    static let perspective = Homography(1, 0, 0.002, 0, 1, 0.0015, 0, 0, 1)

    @Test(arguments: [0.5, 0.1, 0.01])
    func projectiveImageStaysWithinTolerance(tolerance: Double) {
        let path = PathData.parse("M10 10C100 -40 200 250 300 100Q350 50 300 0A80 40 20 1 1 50 200Z").path
        let mapped = path.transformed(by: Self.perspective, tolerance: tolerance)
        let polyline = Self.sample(mapped)
        // Every exact image point of the original lies near the output.
        for p in Self.sample(PathData(segments: path.flattenedToCubics())) {
            guard let q = Self.perspective.apply(p) else { continue }
            #expect(Self.distance(q, to: polyline) <= tolerance * 1.05 + 1e-6)
        }
        #expect(mapped.segments.allSatisfy { seg in
            switch seg {
            case .moveTo, .lineTo, .cubicTo, .close: return true
            default: return false
            }
        })
    }

    @Test func tighterToleranceSplitsMore() {
        let path = PathData.parse("M0 0C100 0 200 100 300 300").path
        let coarse = path.transformed(by: Self.perspective, tolerance: 1).segments.count
        let fine = path.transformed(by: Self.perspective, tolerance: 0.001).segments.count
        #expect(fine > coarse)
    }

    @Test func linesStayLinesUnderProjection() {
        let path = PathData.parse("M0 0L100 0L100 100Z").path
        let mapped = path.transformed(by: Self.perspective)
        #expect(mapped.segments == [
            .moveTo(Point(0, 0)), .lineTo(Point(100 / 1.2, 0)), .lineTo(Point(100 / 1.35, 100 / 1.35)), .close,
        ])
    }

    @Test func partBehindTheEyeIsClipped() {
        // w = 1 − x/100: everything right of x = 100 is behind the eye.
        let h = Homography(1, 0, -0.01, 0, 1, 0, 0, 0, 1)
        let path = PathData.parse("M0 0L200 0L200 10L0 10Z").path
        let mapped = path.transformed(by: h)
        #expect(!mapped.segments.isEmpty)
        for seg in mapped.segments {
            switch seg {
            case .moveTo(let p), .lineTo(let p): #expect(p.isFinite && p.x >= 0)
            default: break
            }
        }
        if case .moveTo(let p)? = mapped.segments.first { #expect(p == .zero) }
        #expect(mapped.segments.last == .close)
    }

    @Test func pathEntirelyBehindTheEyeVanishes() {
        let h = Homography(1, 0, -0.01, 0, 1, 0, 0, 0, 1)
        let mapped = PathData.parse("M200 0L300 0C300 50 250 50 200 0Z").path.transformed(by: h)
        #expect(mapped.segments.isEmpty)
    }

    // MARK: helpers

    static func sample(_ path: PathData) -> [Point] {
        var out: [Point] = []
        var current = Point.zero, start = Point.zero
        for s in path.segments {
            switch s {
            case .moveTo(let p): out.append(p); current = p; start = p
            case .lineTo(let p):
                for k in 1...20 { let t = Double(k) / 20; out.append(Point(current.x + (p.x - current.x) * t, current.y + (p.y - current.y) * t)) }
                current = p
            case .cubicTo(let a, let b, let p):
                for k in 1...200 { out.append(PathData.cubicPoint(current, a, b, p, Double(k) / 200)) }
                current = p
            case .close: out.append(start); current = start
            default: break
            }
        }
        return out
    }

    static func distance(_ p: Point, to points: [Point]) -> Double {
        var best = Double.infinity
        for k in 1..<points.count {
            let a = points[k - 1], b = points[k]
            let dx = b.x - a.x, dy = b.y - a.y
            let len2 = dx * dx + dy * dy
            var t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0
            t = min(1, max(0, t))
            best = min(best, hypotenuse(p.x - (a.x + t * dx), p.y - (a.y + t * dy)))
        }
        return best
    }
}

extension PathDataHomographyTests {
    @Test func curvesGrazingTheEyePlaneStayBounded() {
        // w = 1 − x/100 reaches 0 at x = 100, where the curve ends: the image is unbounded.
        let h = Homography(1, 0, -0.01, 0, 1, 0, 0, 0, 1)
        let mapped = PathData.parse("M0 0C50 100 100 100 100 0Z").path.transformed(by: h, tolerance: 0.001)
        #expect(mapped.segments.count <= 2 * 4096 + 8)
        #expect(mapped.segments.allSatisfy { seg in
            switch seg {
            case .moveTo(let p), .lineTo(let p): return p.isFinite
            case .cubicTo(let a, let b, let p): return a.isFinite && b.isFinite && p.isFinite
            default: return true
            }
        })
    }
}
