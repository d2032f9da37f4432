import Testing

@testable import LaminaGeometry

@Suite struct PathDataStrokeBoundsTests {
    private func bounds(_ d: String, _ stroke: StrokeOutline) -> (stroke: Rect, path: Rect) {
        PathData.strokeBounds(of: PathData.parse(d).path.flattenedToCubics(), stroke)
    }

    private func close(_ a: Rect, _ b: Rect, _ tolerance: Double) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    /// A right angle's miter reaches the corner of the two bands; butt ends stop at the points.
    @Test func aMiteredRightAngle() {
        let b = bounds("M0 0H100V50", StrokeOutline(width: 20))
        #expect(b.stroke == Rect(0, -10, 110, 60))
        #expect(b.path == Rect(0, 0, 100, 50))
    }

    /// A closed subpath has joins all round and no caps, whatever its cap.
    @Test func aClosedSquareHasNoCaps() {
        let square = StrokeOutline(width: 10, cap: .square)
        #expect(bounds("M0 0H100V100H0Z", square).stroke == Rect(-5, -5, 110, 110))
        #expect(bounds("M0 0H100V100H0Z", StrokeOutline(width: 10, join: .bevel)).stroke == Rect(-5, -5, 110, 110))
    }

    /// A curve is followed point by point: a half circle's stroke reaches half a width past
    /// its top, and its butt ends stop at its ends.
    @Test func aHalfCircle() {
        let b = bounds("M0 50A50 50 0 0 1 100 50", StrokeOutline(width: 10))
        #expect(close(b.stroke, Rect(-5, -5, 110, 55), 0.05), "\(b.stroke)")
        #expect(close(b.path, Rect(0, 0, 100, 50), 0.05), "\(b.path)")
    }

    /// A zero-length subpath draws a dot with round caps, a square with square ones, nothing
    /// with butt caps; a lone move draws nothing.
    @Test func zeroLengthSubpaths() {
        #expect(bounds("M10 10L10 10", StrokeOutline(width: 4, cap: .round)).stroke == Rect(8, 8, 4, 4))
        #expect(bounds("M10 10Z", StrokeOutline(width: 4, cap: .square)).stroke == Rect(8, 8, 4, 4))
        #expect(bounds("M10 10L10 10", StrokeOutline(width: 4)).stroke.isNull)
        #expect(bounds("M10 10M20 20L30 20", StrokeOutline(width: 4, cap: .round)).stroke == Rect(18, 18, 14, 4))
    }

    /// A segment turning straight back: a miter would be infinite (a bevel is drawn), a round
    /// join is a half circle past the turn.
    @Test func aTurnBack() {
        #expect(bounds("M0 0H100H50", StrokeOutline(width: 10)).stroke == Rect(0, -5, 100, 10))
        #expect(bounds("M0 0H100H50", StrokeOutline(width: 10, join: .round)).stroke == Rect(0, -5, 105, 10))
    }
}
