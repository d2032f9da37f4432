import LaminaGeometry
import Testing

@Suite struct PathDataTests {
    /// Parses and writes back canonical text.
    static func canonical(_ d: String) -> String { PathData.parse(d).path.svgText() }

    @Test(arguments: [
        ("M10 20L30 40", "M10 20L30 40"),
        ("m10 20 l5 5", "M10 20L15 25"),
        ("M0 0 10 10 20 0", "M0 0L10 10L20 0"),
        ("m1 1 2 2 3 3", "M1 1L3 3L6 6"),
        ("M0 0H10V5h-3v-1", "M0 0L10 0L10 5L7 5L7 4"),
        ("M0 0C1 2 3 4 5 6S9 10 11 12", "M0 0C1 2 3 4 5 6C7 8 9 10 11 12"),
        ("M0 0Q5 10 10 0T20 0", "M0 0Q5 10 10 0Q15 -10 20 0"),
        ("M0 0T10 10", "M0 0Q0 0 10 10"),
        ("M0 0S5 5 10 0", "M0 0C0 0 5 5 10 0"),
        ("M10 10h10v10zl5 5", "M10 10L20 10L20 20ZL15 15"),
        ("M10 10 L20 20 Z m5 5 l1 1", "M10 10L20 20ZM15 15L16 16"),
        ("M1.5.5.25-1e-2", "M1.5 0.5L0.25 -0.01"),
        ("  M 1 , 2 L 3 , 4  ", "M1 2L3 4"),
        ("M0 0a1 1 0 00 1 1", "M0 0A1 1 0 0 0 1 1"),
        ("M0 0a1 1 0 1110 10", "M0 0A1 1 0 1 1 10 10"),
        ("M0 0A-5 -6 30 0 1 10 0", "M0 0A5 6 30 0 1 10 0"),
        ("M0 0a5 5 0 0 1 10 0 5 5 0 0 1 10 0", "M0 0A5 5 0 0 1 10 0A5 5 0 0 1 20 0"),
        ("M1e2 2E1", "M100 20"),
        ("", ""),
        ("   ", ""),
    ])
    func parsesAndCanonicalizes(input: String, expected: String) {
        let (path, error) = PathData.parse(input)
        #expect(error == nil)
        #expect(path.svgText() == expected)
    }

    @Test(arguments: [
        ("M0 0L10 10L20", "M0 0L10 10", 10),
        ("L10 10", "", 0),
        ("10 10", "", 0),
        ("M0 0 L10 10 X", "M0 0L10 10", 12),
        ("M0 0Z10 10", "M0 0Z", 5),
        ("M0 0a1 1 0 2 0 5 5", "M0 0", 4),
        ("M0 0L1 1,", "M0 0L1 1", 9),
        ("M0 0L1e400 0", "M0 0", 4),
        ("M0 0 L 1 2 3", "M0 0L1 2", 11),
        ("M0 0 C1 1 2 2", "M0 0", 5),
        ("m1e308 0 l1e308 0 l1 1", "M1e308 0", 9),
        // An exponent marker without digits makes the number malformed (Chromium, resvg).
        ("M10 10L20 20L180e 100", "M10 10L20 20", 12),
        ("M10 10L20 20L1.8e+ 100", "M10 10L20 20", 12),
    ])
    func errorKeepsPrefix(input: String, expected: String, offset: Int) throws {
        let (path, error) = PathData.parse(input)
        let e = try #require(error)
        #expect(path.svgText() == expected)
        #expect(e.offset == offset)
    }

    @Test func closeReturnsToSubpathStartForRelativeCommands() {
        let path = PathData.parse("m10 10 l10 0 z l0 10").path
        #expect(path.segments == [.moveTo(Point(10, 10)), .lineTo(Point(20, 10)), .close, .lineTo(Point(10, 20))])
    }

    @Test func boundsCountMovePointsOnlyWhenSomethingFollows() {
        #expect(PathData.parse("M10 20L30 5").path.bounds == Rect(10, 5, 20, 15))
        #expect(PathData.parse("").path.bounds.isNull)
        #expect(PathData.parse("M0 0L10 10M100 100").path.bounds == Rect(0, 0, 10, 10))
        #expect(PathData.parse("M-5 0M0 0L10 10").path.bounds == Rect(0, 0, 10, 10))
        #expect(PathData.parse("M3 4Z").path.bounds == Rect(3, 4, 0, 0))
    }

    @Test func boundsOfCubicUsesExtrema() {
        // y(t) = 3t(1-t)·40 peaks at t = 0.5 with 30.
        let b = PathData.parse("M0 0C0 40 100 40 100 0").path.bounds
        #expect(b.isApproximatelyEqual(to: Rect(0, 0, 100, 30)))
    }

    /// Curves whose controls lie inside the box of what came before skip the extrema
    /// solution: the box must still hold every point of every curve and be no larger than the
    /// curves reach, on seeded random paths of long runs of cubics and quadratics (many with
    /// controls inside the running box, many outside).
    @Test(arguments: 0..<8) func boundsHoldEveryCurvePointAndNoMore(seed: Int) {
        var rng = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next(_ scale: Double) -> Double {
            rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(rng >> 11) / Double(1 << 53) - 0.5) * scale
        }
        var d = "M0 0"
        var points: [Point] = [Point(0, 0)]
        var current = Point(0, 0)
        for k in 0..<60 {
            // Mostly small steps (controls within the box so far), now and then a wide swing.
            let scale = k % 9 == 0 ? 400.0 : 30.0
            let c1 = Point(current.x + next(scale), current.y + next(scale))
            let c2 = Point(current.x + next(scale), current.y + next(scale))
            let p = Point(current.x + next(40), current.y + next(40))
            if k % 3 == 0 {
                d += " Q\(c1.x) \(c1.y) \(p.x) \(p.y)"
                for i in 1...2000 {
                    let t = Double(i) / 2000, mt = 1 - t
                    points.append(Point(mt * mt * current.x + 2 * mt * t * c1.x + t * t * p.x,
                                        mt * mt * current.y + 2 * mt * t * c1.y + t * t * p.y))
                }
            } else {
                d += " C\(c1.x) \(c1.y) \(c2.x) \(c2.y) \(p.x) \(p.y)"
                for i in 1...2000 { points.append(PathData.cubicPoint(current, c1, c2, p, Double(i) / 2000)) }
            }
            current = p
        }
        let b = PathData.parse(d).path.bounds
        let sampled = Rect.boundingBox(of: points)
        let slack = 1e-9 * max(1, abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY))
        for p in points {
            #expect(p.x >= b.minX - slack && p.x <= b.maxX + slack && p.y >= b.minY - slack && p.y <= b.maxY + slack)
        }
        // Sampling at 1/2000 misses an extremum by at most a curve's second-order change.
        #expect(b.isApproximatelyEqual(to: sampled, tolerance: 0.05), "\(b) vs sampled \(sampled)")
    }

    @Test func boundsOfQuadUsesExtremum() {
        let b = PathData.parse("M0 0Q50 100 100 0").path.bounds
        #expect(b.isApproximatelyEqual(to: Rect(0, 0, 100, 50)))
    }

    @Test(arguments: [
        // Half circle below the x axis (sweep 0 from (0,0) to (20,0) goes through y = -10? no: +y).
        ("M0 0A10 10 0 0 1 20 0", Rect(0, -10, 20, 10)),
        ("M0 0A10 10 0 0 0 20 0", Rect(0, 0, 20, 10)),
        // Radii too small are scaled up to a half circle.
        ("M0 0A1 1 0 0 1 20 0", Rect(0, -10, 20, 10)),
        // Large arc three quarters of a circle of radius 10 centered at (10, 0)... via (0,0) to (10,10).
        ("M0 0A10 10 0 1 1 10 10", Rect(0, -10, 20, 20)),
        // Zero radius: a line.
        ("M0 0A0 5 0 0 1 20 10", Rect(0, 0, 20, 10)),
        // Rotated ellipse, full-ish half: rx 20 ry 10 rotated 90° is tall.
        ("M0 -20A20 10 90 0 1 0 20", Rect(0, -20, 10, 40)),
    ])
    func boundsOfArcs(d: String, expected: Rect) {
        let b = PathData.parse(d).path.bounds
        #expect(b.isApproximatelyEqual(to: expected), "\(d): \(b)")
    }

    @Test func flattenedToCubicsConvertsQuadsExactly() {
        let segs = PathData.parse("M0 0Q30 60 60 0").path.flattenedToCubics()
        #expect(segs == [.moveTo(Point(0, 0)), .cubicTo(Point(20, 40), Point(40, 40), Point(60, 0))])
    }

    @Test func flattenedToCubicsSplitsArcsIntoQuarters() throws {
        let segs = PathData.parse("M10 0A10 10 0 1 1 10 -0.000001").path.flattenedToCubics()
        #expect(segs.count == 5)  // moveTo + four quarter arcs
        // Every cubic end point lies on the circle.
        for s in segs {
            if case .cubicTo(_, _, let p) = s {
                #expect(abs(hypotenuse(p.x, p.y) - 10) < 1e-5)
            }
        }
        let flattened = PathData(segments: segs)
        #expect(flattened.bounds.isApproximatelyEqual(to: Rect(-10, -10, 20, 20), tolerance: 1e-5))
    }

    @Test func flattenedToCubicsTurnsZeroRadiusArcIntoLine() {
        let segs = PathData.parse("M0 0A0 0 0 0 1 5 5A3 3 0 0 1 5 5").path.flattenedToCubics()
        #expect(segs == [.moveTo(.zero), .lineTo(Point(5, 5))])
    }

    @Test func svgTextUsesNumberText() {
        let path = PathData(segments: [.moveTo(Point(1.0 / 3, -0.0)), .quadTo(Point(1, 2), Point(3, 4)), .close])
        #expect(path.svgText() == "M0.333333 0Q1 2 3 4Z")
    }
}

extension Rect {
    func isApproximatelyEqual(to o: Rect, tolerance: Double = 1e-9) -> Bool {
        abs(minX - o.minX) <= tolerance && abs(minY - o.minY) <= tolerance && abs(maxX - o.maxX) <= tolerance
            && abs(maxY - o.maxY) <= tolerance
    }
}
