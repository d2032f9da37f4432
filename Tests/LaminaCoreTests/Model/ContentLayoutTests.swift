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
        // 128 while the fill and stroke were stored as `Paint?` (17 bytes padded to 24) and the
        // shape came first (a 144-byte box, a 160-byte heap chunk); 89 (a 128-byte chunk).
        #expect(MemoryLayout<Content>.size <= 104)
        #expect(MemoryLayout<PaintSlot>.size == 8)
    }

    @Test(arguments: [
        nil, Paint.none, .color("#000000"), .color("#1f77b4"), .color("#ffffff"), .color("#FFFFFF"),
        .color("#abc"), .color("rgba(1,2,3,0.5)"), .color("currentColor"), .color(""),
        .ref("g", fallback: "#ff0000"), .ref("p", fallback: nil),
    ] as [Paint?])
    func everyPaintReadsBackAsSet(paint: Paint?) {
        var content = Content(shape: .circle(cx: 1, cy: 2, r: 3))
        content.fill = paint
        content.stroke = paint
        #expect(content.fill == paint && content.stroke == paint)
        if case .color(let set)? = paint, case .color(let read)? = content.fill {
            #expect(Array(read.utf8) == Array(set.utf8))
        }
        var other = Content(shape: .circle(cx: 1, cy: 2, r: 3))
        other.stroke = paint
        other.fill = paint
        #expect(content == other && content.hashValue == other.hashValue)
        content.fill = nil
        #expect(content.fill == nil && content.stroke == paint)
        #expect((content == other) == (paint == nil))
    }

    /// An opaque color written `#rrggbb` is kept as its value (no string, no box); any other
    /// text of a color is kept as written.
    @Test func lowercaseHexColorsAreStoredAsTheirValue() {
        var content = Content(shape: .path("M0 0"))
        content.fill = .color("#1f77b4")
        content.stroke = .color("#1F77B4")
        guard case .rgb(0x1F_77B4) = content.fillSlot else {
            Issue.record("#1f77b4 is not stored as its value")
            return
        }
        guard case .other = content.strokeSlot else {
            Issue.record("#1F77B4 is not kept as written")
            return
        }
        #expect(content.fill != content.stroke)
        content.strokeSlot = PaintSlot(r: 0x1F, g: 0x77, b: 0xB4)
        #expect(content.fill == content.stroke && content.stroke == .color("#1f77b4"))
        content.fillSlot = PaintSlot(r: 0, g: 0, b: 0)
        #expect(content.fillSlot.isBlack && content.fill == .color("#000000") && !content.strokeSlot.isBlack)
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
