import LaminaCore
import Testing

/// A shape's ``Content`` lives in a box of its own (one per drawn layer: 100,000 at
/// flat-1e5), so its size is memory touched for the first time; and its optional numbers,
/// stored without an optional's padding, read back exactly as they were set.
@Suite struct ContentLayoutTests {
    @Test func contentAndPaintStaySmall() {
        // 176 and 33 bytes while `Paint.ref`'s two strings were inline and the two numbers
        // were `Double?` (a 192-byte box, a 208-byte heap chunk).
        #expect(MemoryLayout<Paint?>.size <= 17)
        #expect(MemoryLayout<Content>.size <= 128)
    }

    @Test(arguments: [
        nil, 0, -0.0, 1, 0.5, -3.25, .infinity, -.infinity, .greatestFiniteMagnitude,
        .leastNonzeroMagnitude, Double(bitPattern: 0x7FF4_C0A7_E000_0002),
    ] as [Double?])
    func optionalNumbersReadBackBitForBit(value: Double?) {
        var content = Content(shape: .circle(cx: 1, cy: 2, r: 3))
        #expect(content.fillOpacity == nil && content.strokeWidth == nil)
        content.fillOpacity = value
        content.strokeWidth = value
        #expect(content.fillOpacity?.bitPattern == value?.bitPattern)
        #expect(content.strokeWidth?.bitPattern == value?.bitPattern)
        content.strokeWidth = nil
        #expect(content.strokeWidth == nil)
        #expect(content.fillOpacity?.bitPattern == value?.bitPattern)
    }

    @Test func everyNaNIsKeptAsANumber() {
        var content = Content(shape: .path("M0 0"))
        for bits: UInt64 in [0x7FF8_0000_0000_0000, 0xFFF8_0000_0000_0000, 0x7FF4_C0A7_E000_0001, 0x7FF0_0000_0000_0001] {
            content.fillOpacity = Double(bitPattern: bits)
            #expect(content.fillOpacity?.isNaN == true)
            content.strokeWidth = Double(bitPattern: bits)
            #expect(content.strokeWidth?.isNaN == true)
        }
    }

    @Test func equalityAndHashingSeeTheNumbersAndPaints() {
        var a = Content(shape: .rect(x: 0, y: 0, width: 1, height: 1, rx: 0, ry: 0))
        a.fill = .ref("g", fallback: "#ff0000")
        a.stroke = .ref("p", fallback: nil)
        var b = a
        #expect(a == b && a.hashValue == b.hashValue)
        b.fillOpacity = 1
        #expect(a != b)
        b.fillOpacity = nil
        #expect(a == b && a.hashValue == b.hashValue)
        b.strokeWidth = 0
        #expect(a != b)
        b.strokeWidth = nil
        b.fill = .ref("g", fallback: nil)
        #expect(a != b)
        guard case .ref(let id, let fallback)? = a.fill else {
            Issue.record("fill is not a reference")
            return
        }
        #expect(id == "g" && fallback == "#ff0000")
    }
}
