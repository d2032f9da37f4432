@testable import LaminaGeometry
import LaminaTestSupport
import Testing

/// A path's bounds skip a curve's extrema when its controls lie inside the box so far
/// (`PathBounds.cubicTo`, `quadTo`); the box must be the one solving every curve gives
/// (`PathData.cubicExtrema`, `quadExtrema` after the end points), bit for bit.
@Suite struct CurveHullSkipTests {
    /// A coordinate written exactly in decimal: quarters in a range that puts controls both
    /// inside and outside the box.
    static func coordinate(_ g: inout SplitMix64, wide: Bool) -> Double {
        Double(Int.random(in: wide ? -400...400 : -40...40, using: &g)) / 4
    }

    @Test(arguments: 0..<4)
    func boundsAsIfEveryCurveWereSolved(seed: Int) {
        var g = SplitMix64(state: UInt64(seed))
        for _ in 0..<2000 {
            var current = Point(Self.coordinate(&g, wide: true), Self.coordinate(&g, wide: true))
            var d = "M\(current.x) \(current.y)"
            var box = BoxAccumulator()
            for _ in 0..<Int.random(in: 1...12, using: &g) {
                let wide = Int.random(in: 0..<4, using: &g) == 0
                let c1 = Point(Self.coordinate(&g, wide: wide), Self.coordinate(&g, wide: wide))
                let c2 = Point(Self.coordinate(&g, wide: wide), Self.coordinate(&g, wide: wide))
                let p = Point(Self.coordinate(&g, wide: wide), Self.coordinate(&g, wide: wide))
                box.add(current)
                box.add(p)
                if Bool.random(using: &g) {
                    d += " C\(c1.x) \(c1.y) \(c2.x) \(c2.y) \(p.x) \(p.y)"
                    PathData.cubicExtrema(current, c1, c2, p, into: &box)
                } else {
                    d += " Q\(c1.x) \(c1.y) \(p.x) \(p.y)"
                    PathData.quadExtrema(current, c1, p, into: &box)
                }
                current = p
            }
            let scanned = PathData.scanBounds(d).bounds
            #expect(PathDataBoundsTests.same(scanned, box.rect), "\(d)")
            #expect(PathDataBoundsTests.same(PathData.parse(d).path.bounds, box.rect), "\(d)")
        }
    }
}
