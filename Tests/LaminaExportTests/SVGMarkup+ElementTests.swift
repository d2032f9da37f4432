import LaminaCore
import LaminaGeometry
import Testing

@testable import LaminaExport

/// The common drawable written in one room (``SVGMarkup/writeCommonElement(_:_:transform:opacity:to:)``)
/// gives the bytes of the attribute-by-attribute writers, and is taken for every content it
/// covers.
@Suite struct SVGMarkupElementTests {
    static let shapes: [Shape] = [
        .rect(x: 1.5, y: -2, width: 10, height: 0.0000004, rx: 0, ry: 0),
        .rect(x: 0, y: 0, width: 1e9, height: 3, rx: 2.25, ry: -1),
        .circle(cx: 431.66, cy: 975.55, r: 1.34),
        .ellipse(cx: -0.0, cy: 1e-7, rx: 7, ry: 123456.789),
        .line(x1: 0, y1: 0.5, x2: -3.000001, y2: 1e20),
        .polygon([Point(1, 2), Point(3, 4)]),
        .polygon([]),
        .polyline([Point(-0.5, 1e-7), Point(1e12, 2.0000005), Point(0, 0)]),
        .polyline(Array(repeating: Point(-123456.123456, 9.999999), count: 300)),
        .path("M0 0L1 1"),
    ]
    static let transforms: [AffineTransform] = [
        .identity,
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0.0000001, ty: -0.0000004),
        AffineTransform(a: 0.94959, b: 0.313495, c: -0.313495, d: 0.94959, tx: 12.5, ty: -3),
        AffineTransform(a: 1, b: -0.0, c: 0, d: 1, tx: 1e-9, ty: 0),
    ]
    static let paints: [Paint?] = [
        nil, Paint.none, .color("#da70e6"), .color("rgb(1, 2, 3)"), .color("a&b"),
        .color(String(repeating: "c", count: 33)), .ref("g1", fallback: nil), .ref("g2", fallback: "red"),
    ]

    /// What the attribute-by-attribute writers write for the element.
    static func general(_ content: Content, _ t: AffineTransform, _ opacity: Double) -> [UInt8] {
        var out: [UInt8] = []
        withUnsafePointer(to: content.shape) { _ = SVGMarkup.openShape($0, to: &out) }
        SVGMarkup.transformAttribute(t, to: &out)
        withUnsafePointer(to: content) { SVGMarkup.paintAttributes($0, to: &out) }
        if opacity < 1, !SVGMarkup.printsAsInitial(opacity, 1) { SVGMarkup.attr("opacity", opacity, to: &out) }
        SVGMarkup.lit("/>\n", to: &out)
        return out
    }

    /// Whether the element is one the common writer covers.
    static func isCommon(_ content: Content) -> Bool {
        switch content.shape {
        case .rect, .circle, .ellipse, .line: return hasCommonTail(content)
        default: return false
        }
    }

    /// Whether the tail after any shape's attributes is one the common writer covers.
    static func hasCommonTail(_ content: Content) -> Bool {
        func plain(_ p: Paint?) -> Bool {
            switch p {
            case nil, .none?: return true
            case .color(let c)?: return c.utf8.count <= 32 && !c.contains { "\"&(:<>@".contains($0) }
            case .ref?: return false
            }
        }
        return !content.mayHaveRareProperties && plain(content.fill) && plain(content.stroke)
    }

    @Test func commonElementsAreTheGeneralBytes() {
        let covered = Self.compareWithGeneral(strokeStep: (3, 1), withCap: false, covers: Self.isCommon, head: { _ in [] }) {
            c, t, opacity, array, buffer in
            withUnsafePointer(to: c.pointee.shape) { s in
                (SVGMarkup.writeCommonElement(s, c, transform: t, opacity: opacity, to: &array),
                 SVGMarkup.writeCommonElement(s, c, transform: t, opacity: opacity, to: &buffer))
            }
        }
        #expect(covered > 50)
    }

    /// The common tail after any shape's own attributes (a path's data, a polygon's points):
    /// the general bytes whenever the paints are plain and no rare property is set, nothing
    /// written otherwise (rare properties included).
    @Test func commonTailsAreTheGeneralBytes() {
        let covered = Self.compareWithGeneral(strokeStep: (5, 2), withCap: true, covers: Self.hasCommonTail) { content in
            var head: [UInt8] = []
            withUnsafePointer(to: content.shape) { _ = SVGMarkup.openShape($0, to: &head) }
            return head
        } write: { c, t, opacity, array, buffer in
            (SVGMarkup.writeCommonTail(c, transform: t, opacity: opacity, to: &array),
             SVGMarkup.writeCommonTail(c, transform: t, opacity: opacity, to: &buffer))
        }
        #expect(covered > 100)
    }

    /// Every shape, transform and fill (the stroke `strokeStep` along the paints), with a few
    /// opacities and widths (and a line cap, a rare property, when `withCap`): `write` writes
    /// each into an array and a buffer holding `head`'s bytes, and gives the general bytes
    /// where `covers` says it is covered, nothing more elsewhere. Returns how many were covered.
    static func compareWithGeneral(
        strokeStep: (Int, Int), withCap: Bool, covers: (Content) -> Bool, head: (Content) -> [UInt8],
        write: (UnsafePointer<Content>, AffineTransform, Double, inout [UInt8], inout MarkupBuffer) -> (Bool, Bool)
    ) -> Int {
        var options: [(Double?, Double?, Double, String?)] = [
            (nil, nil, 1.0, nil), (0.5, 2.0, 0.25, nil), (0.9999999, 1.0000004, 0.9999996, nil), (1, 0, 0, nil),
        ]
        if withCap { options.append((nil, 3, 0.5, "round")) }
        var covered = 0
        for shape in shapes {
            for t in transforms {
                for (i, fill) in paints.enumerated() {
                    for (fillOpacity, strokeWidth, opacity, cap) in options {
                        var content = Content(shape: shape)
                        content.fill = fill
                        content.stroke = paints[(i * strokeStep.0 + strokeStep.1) % paints.count]
                        content.fillOpacity = fillOpacity
                        content.strokeWidth = strokeWidth
                        content.strokeLinecap = cap
                        let expected = general(content, t, opacity)
                        let start = head(content)
                        var array = start
                        var buffer = MarkupBuffer(capacity: 16)
                        defer { buffer.release() }
                        start.withUnsafeBufferPointer { buffer.putBytes($0) }
                        let (inArray, inBuffer) = withUnsafePointer(to: content) { write($0, t, opacity, &array, &buffer) }
                        #expect(inArray == covers(content))
                        #expect(inBuffer == inArray)
                        if inArray {
                            covered += 1
                            #expect(array == expected, "\(String(decoding: expected, as: UTF8.self))")
                            #expect(Array(buffer.bytes) == expected)
                        } else {
                            #expect(array == start)
                            #expect(Array(buffer.bytes) == start)
                        }
                    }
                }
            }
        }
        return covered
    }

    /// Rare paint properties (a line cap here) are left to the general writers.
    @Test func rarePropertiesAreNotCommon() {
        var content = Content(shape: .circle(cx: 1, cy: 2, r: 3))
        content.strokeLinecap = "round"
        var out: [UInt8] = []
        let written = withUnsafePointer(to: content) { c in
            withUnsafePointer(to: content.shape) { SVGMarkup.writeCommonElement($0, c, transform: .identity, opacity: 1, to: &out) }
        }
        #expect(!written)
        #expect(out.isEmpty)
    }
}
