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
