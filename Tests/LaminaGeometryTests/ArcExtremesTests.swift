import LaminaGeometry
import LaminaTestSupport
import Testing

/// A path's bounds take an arc's extremes from its center form without angles (no `atan2`,
/// `sin`, `cos`); ``ArcCenterForm/bounds`` goes through the angles. Both must give the same box
/// within rounding, for every flag, rotation and radius (too small, negative, huge).
@Suite struct ArcExtremesTests {
    /// The box through the angles: the endpoints and the center form's bounds.
    static func reference(_ from: Point, _ rx: Double, _ ry: Double, _ rotation: Double, _ large: Bool, _ sweep: Bool, _ to: Point) -> Rect {
        var box = Rect.boundingBox(of: [from, to])
        if let arc = ArcCenterForm(from: from, rx: abs(rx), ry: abs(ry), rotation: rotation, largeArc: large, sweep: sweep, to: to) {
            box = box.union(arc.bounds)
        }
        return box
    }

    /// The scan's box of `M from A … to`.
    static func scanned(_ from: Point, _ rx: Double, _ ry: Double, _ rotation: Double, _ large: Bool, _ sweep: Bool, _ to: Point) -> Rect {
        let f = { (v: Double) in "\(v)" }
        let d = "M\(f(from.x)) \(f(from.y))A\(f(rx)) \(f(ry)) \(f(rotation)) \(large ? 1 : 0) \(sweep ? 1 : 0) \(f(to.x)) \(f(to.y))"
        return PathData.scanBounds(d).bounds
    }

    /// Equal within a few units in the last place of the drawing's size.
    static func close(_ a: Rect, _ b: Rect) -> Bool {
        let scale = max(1, abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY))
        return zip([a.minX, a.minY, a.maxX, a.maxY], [b.minX, b.minY, b.maxX, b.maxY]).allSatisfy { abs($0 - $1) <= 1e-12 * scale }
    }

    @Test(arguments: [
        ("M0 0A10 10 0 0 1 20 0", Rect(0, -10, 20, 10)),
        ("M0 0A10 10 0 0 0 20 0", Rect(0, 0, 20, 10)),
        ("M0 0A10 10 0 1 1 10 10", Rect(0, -10, 20, 20)),
        ("M0 -20A20 10 90 0 1 0 20", Rect(0, -20, 10, 40)),
        ("M0 -20A20 10 -270 0 0 0 20", Rect(-10, -20, 10, 40)),
        // A quarter that reaches no extreme between its endpoints.
        ("M10 0A10 10 0 0 1 0 10", Rect(0, 0, 10, 10)),
        // Three quarters through three extremes.
        ("M10 0A10 10 0 1 0 0 10", Rect(-10, -10, 20, 20)),
        // Radii too small: a half ellipse (scaled up to 10 by 20), whichever the large-arc flag.
        ("M0 0A1 2 0 1 1 20 0", Rect(0, -20, 20, 20)),
        ("M0 0A-10 -10 0 0 1 20 0", Rect(0, -10, 20, 10)),
    ])
    func knownArcs(d: String, expected: Rect) {
        let b = PathData.scanBounds(d).bounds
        #expect(Self.close(b, expected), "\(d): \(b)")
        #expect(Self.close(PathData.parse(d).path.bounds, expected))
    }

    @Test func agreesWithTheAnglesOnRandomArcs() {
        var random = SplitMix64(state: 26)
        func value(_ range: Double) -> Double { (Double(random.next() % 2_000_001) / 1_000_000 - 1) * range }
        var disagreements: [String] = []
        for i in 0..<20_000 {
            let scale = [1.0, 100, 1e-3, 1e6][i % 4]
            let from = Point(value(scale), value(scale))
            // Some arcs end close to where they start, some go nowhere near.
            let to = i % 7 == 0 ? Point(from.x + value(scale * 1e-6), from.y + value(scale * 1e-6)) : Point(value(scale), value(scale))
            let rx = value(scale * 2), ry = i % 5 == 0 ? rx : value(scale * 2)
            let rotation = i % 3 == 0 ? Double(Int(value(8)) * 45) : value(720)
            let large = random.next() & 1 == 0, sweep = random.next() & 1 == 0
            let a = Self.scanned(from, rx, ry, rotation, large, sweep, to)
            let b = Self.reference(from, rx, ry, rotation, large, sweep, to)
            if !Self.close(a, b) { disagreements.append("\(from) \(rx) \(ry) \(rotation) \(large) \(sweep) \(to): \(a) vs \(b)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(3))")
    }

    /// Radii whose squares overflow take the angles' path: the box is still finite.
    @Test func hugeRadiiKeepAFiniteBox() {
        let d = "M0 0A1e200 5e199 30 1 1 1e199 1e199"
        let b = PathData.scanBounds(d).bounds
        #expect(b.origin.isFinite && b.width.isFinite && b.height.isFinite, "\(b)")
        #expect(Self.close(b, Self.reference(Point(0, 0), 1e200, 5e199, 30, true, true, Point(1e199, 1e199))))
    }
}
