import LaminaCore
import Testing

@Suite struct DisplayListPlacementTests {
    @Test func borderIsInsetAndClampedToHalfTheShorterSide() throws {
        var l = Layer()
        l.bounds = Rect(0, 0, 40, 10)
        l.cornerRadius = 8
        l.borderWidth = 20
        let c = try #require(DisplayList.content(of: .border, of: l))
        #expect(c.shape == .rect(x: 2.5, y: 2.5, width: 35, height: 5, rx: 2.5, ry: 2.5))
        #expect(c.strokeWidth == 5)
        #expect(c.stroke == .color("#000000"))
        #expect(c.fill == Paint.none)
    }

    /// A border wider than twice the corner radius keeps the rounded outer corners of the
    /// bounds (Core Animation draws the border inside the layer's rounded shape); a stroke of
    /// a rectangle with radius 0 would square them, so the ring is filled instead.
    @Test func aBorderWiderThanTwiceTheCornerRadiusKeepsTheRoundedCorners() throws {
        var l = Layer()
        l.bounds = Rect(0, 0, 100, 60)
        l.cornerRadius = 8
        l.borderWidth = 20
        l.borderColor = "blue"
        let c = try #require(DisplayList.content(of: .border, of: l))
        #expect(
            c.shape == .path(
                "M8 0L92 0A8 8 0 0 1 100 8L100 52A8 8 0 0 1 92 60L8 60A8 8 0 0 1 0 52L0 8A8 8 0 0 1 8 0Z"
                    + "M20 20L80 20L80 40L20 40Z"))
        #expect(c.fill == .color("blue"))
        #expect(c.fillRule == "evenodd")
        #expect(c.stroke == nil)
        // At twice the radius and beyond it, the stroke form is exact.
        l.borderWidth = 16
        let stroked = try #require(DisplayList.content(of: .border, of: l))
        #expect(stroked.shape == .rect(x: 8, y: 8, width: 84, height: 44, rx: 0, ry: 0))
        #expect(stroked.strokeWidth == 16)
    }

    @Test func backgroundIsTheRoundedBounds() throws {
        var l = Layer()
        l.bounds = Rect(5, 5, 20, 30)
        l.cornerRadius = 50
        l.backgroundColor = "#123456"
        let c = try #require(DisplayList.content(of: .background, of: l))
        #expect(c.shape == .rect(x: 5, y: 5, width: 20, height: 30, rx: 10, ry: 10))
        #expect(c.fill == .color("#123456"))
        #expect(DisplayList.content(of: .border, of: l) == nil)
    }
}
