import LaminaCore
import LaminaGeometry
import Testing

@testable import LaminaSVGImport

/// `clip-path` basic shapes and reference boxes. Every expected shape below was checked against
/// Chromium's rendering of the same declaration, pixel for pixel.
@Suite struct ClipShapeTests {
    static let box = Rect(10, 10, 80, 60)

    @Test(arguments: [
        // (value, reference box used, expected shape in that box)
        ("circle()", Shape.circle(cx: 50, cy: 40, r: 30)),
        ("circle(40% at 0 0)", .circle(cx: 10, cy: 10, r: 0.4 * (100.0 / 2.0).squareRoot() * 10)),
        ("circle(farthest-side at left 20px)", .circle(cx: 10, cy: 30, r: 80)),
        ("circle(30px at 75% bottom)", .circle(cx: 70, cy: 70, r: 30)),
        ("ellipse()", .ellipse(cx: 50, cy: 40, rx: 40, ry: 30)),
        ("ellipse(30% 20px at 25% 50%)", .ellipse(cx: 30, cy: 40, rx: 24, ry: 20)),
        ("inset(10px 20% round 8px)", .rect(x: 26, y: 20, width: 48, height: 40, rx: 8, ry: 8)),
        ("inset(5px 10px 15px 20px)", .rect(x: 30, y: 15, width: 50, height: 40, rx: 0, ry: 0)),
        ("polygon(50% 0%, 100% 100%, 0% 100%)", .polygon([Point(50, 10), Point(90, 70), Point(10, 70)])),
        ("path('M0 0 L80 0 L40 60 Z')", .path("M10 10L90 10L50 70Z")),
        ("fill-box", .rect(x: 10, y: 10, width: 80, height: 60, rx: 0, ry: 0)),
    ])
    func resolvesInItsReferenceBox(_ value: String, _ expected: Shape) throws {
        let shape = try #require(ClipShape.parse(value))
        let (content, _) = try #require(shape.content(in: Self.box, fontSize: 16, rootFontSize: 16))
        switch (content.shape, expected) {
        case (.circle(let a, let b, let r), .circle(let x, let y, let s)):
            #expect(abs(a - x) < 1e-9 && abs(b - y) < 1e-9 && abs(r - s) < 1e-9, "\(content.shape)")
        default:
            #expect(content.shape == expected)
        }
    }

    /// Lengths in `rem` and `calc()` (with spaces inside, also in the `at` position), as
    /// Chromium draws them: `rem` of the root's font size (20), `em` of the element's (16).
    @Test(arguments: [
        ("circle(40% at calc(50% - 1rem) 50%)", Shape.circle(cx: 30, cy: 40, r: 0.4 * 5000.0.squareRoot())),
        ("ellipse(calc(10px + 1rem) 2rem at 1rem calc(100% - 10px))", .ellipse(cx: 30, cy: 60, rx: 30, ry: 40)),
        ("inset(1rem calc(10% + 2px) round calc(1rem / 2))", .rect(x: 20, y: 30, width: 60, height: 20, rx: 10, ry: 10)),
        ("polygon(0 0, calc(100% - 1rem) 0, 1rem calc(50% + 1em))", .polygon([Point(10, 10), Point(70, 10), Point(30, 56)])),
    ])
    func remAndCalcResolveInTheReferenceBox(_ value: String, _ expected: Shape) throws {
        let shape = try #require(ClipShape.parse(value))
        let (content, _) = try #require(shape.content(in: Self.box, fontSize: 16, rootFontSize: 20))
        switch (content.shape, expected) {
        case (.circle(let a, let b, let r), .circle(let x, let y, let s)):
            #expect(abs(a - x) < 1e-9 && abs(b - y) < 1e-9 && abs(r - s) < 1e-9, "\(content.shape)")
        default:
            #expect(content.shape == expected)
        }
    }

    /// A negative `calc()` radius is valid and clamps to 0 (nothing shows); a negative
    /// dimension is not a radius at all.
    @Test func aNegativeCalcRadiusIsZero() throws {
        let shape = try #require(ClipShape.parse("circle(calc(10px - 1rem))"))
        #expect(shape.content(in: Self.box, fontSize: 16, rootFontSize: 20) == nil)
        #expect(ClipShape.parse("circle(-1rem)") == nil)
        #expect(ClipShape.parse("inset(1px round -1rem)") == nil)
        #expect(ClipShape.parse("circle(at calc(50% - ) 50%)") == nil)
    }

    @Test func boxesAndFillRules() throws {
        #expect(ClipShape.parse("circle()")?.box == .stroke)  // border-box, an SVG element's stroke box
        #expect(ClipShape.parse("circle() fill-box")?.box == .fill)
        #expect(ClipShape.parse("view-box ellipse()")?.box == .view)
        #expect(ClipShape.parse("padding-box")?.box == .fill)
        #expect(ClipShape.parse("margin-box")?.kind == .box)
        let evenOdd = try #require(ClipShape.parse("polygon(evenodd, 0 0, 80px 0, 0 60px, 80px 60px)"))
        #expect(try #require(evenOdd.content(in: Self.box, fontSize: 16, rootFontSize: 16)).content.clipRule == "evenodd")
        let path = try #require(ClipShape.parse("path(evenodd, \"M0 0 h10 v10 z\")"))
        #expect(try #require(path.content(in: .zero, fontSize: 16, rootFontSize: 16)).content.clipRule == "evenodd")
    }

    @Test(arguments: [
        "none", "url(#a)", "circle(", "circle(1px 2px)", "ellipse(1px)", "circle(-1px)", "inset()",
        "inset(1px 2px 3px 4px 5px)", "polygon()", "polygon(1px)", "path(M0 0)", "path('')", "bogus(1)",
        "circle() fill-box stroke-box", "circle() circle()", "fill-box extra",
    ])
    func rejects(_ value: String) {
        #expect(ClipShape.parse(value) == nil)
    }

    @Test func anEmptyShapeClipsEverything() throws {
        #expect(try #require(ClipShape.parse("circle(0)")).content(in: Self.box, fontSize: 16, rootFontSize: 16) == nil)
        #expect(try #require(ClipShape.parse("inset(50%)")).content(in: Self.box, fontSize: 16, rootFontSize: 16) == nil)
    }

    /// Import: the mask layer gets the shape once the host's box is known; `stroke-box` is the
    /// box of the stroked outline (a rect's fill box grown by half the stroke width),
    /// `view-box` is the viewport.
    @Test(arguments: [
        ("<rect id=\"h\" x=\"40\" y=\"40\" width=\"120\" height=\"120\" stroke=\"blue\" stroke-width=\"20\" clip-path=\"circle()\"/>",
         Shape.circle(cx: 100, cy: 100, r: 70)),
        ("<rect id=\"h\" x=\"40\" y=\"40\" width=\"120\" height=\"120\" stroke=\"blue\" stroke-width=\"20\" style=\"clip-path: circle() fill-box\"/>",
         .circle(cx: 100, cy: 100, r: 60)),
        ("<g id=\"h\" clip-path=\"circle() view-box\"><rect x=\"20\" y=\"20\" width=\"10\" height=\"10\"/></g>",
         .circle(cx: 100, cy: 100, r: 100)),
        ("<g id=\"h\" style=\"clip-path: inset(1px)\"><rect x=\"20\" y=\"20\" width=\"10\" height=\"10\"/><rect x=\"40\" y=\"40\" width=\"10\" height=\"10\"/></g>",
         .rect(x: 21, y: 21, width: 28, height: 28, rx: 0, ry: 0)),
        // A polyline's stroke box is its stroked outline: a right angle's miter, butt ends
        // stopping at the points, square caps reaching half a width past them.
        ("<polyline id=\"h\" points=\"40,40 140,40 140,90\" fill=\"none\" stroke=\"blue\" stroke-width=\"20\" clip-path=\"inset(0)\"/>",
         .rect(x: 40, y: 30, width: 110, height: 60, rx: 0, ry: 0)),
        ("<polyline id=\"h\" points=\"40,40 140,40 140,90\" fill=\"none\" stroke=\"blue\" stroke-width=\"20\" stroke-linecap=\"square\" clip-path=\"inset(0)\"/>",
         .rect(x: 30, y: 30, width: 120, height: 70, rx: 0, ry: 0)),
        // rem (of the root's 16px) and calc() with spaces, in the radius and the position.
        ("<rect id=\"h\" x=\"40\" y=\"40\" width=\"120\" height=\"120\" clip-path=\"circle(calc(2rem + 8px) at calc(50% - 1rem) 50%)\"/>",
         .circle(cx: 84, cy: 100, r: 40)),
    ])
    func importsAsAMask(_ element: String, _ expected: Shape) throws {
        let svg = ImportTestSupport.header + " width=\"200\" height=\"200\">" + element + "</svg>"
        let (scene, diagnostics) = try ImportTestSupport.load(svg)
        #expect(diagnostics.isEmpty)
        let host = try #require(ImportTestSupport.layer(scene, "h"))
        let mask = try #require(scene.tree.mask(of: host))
        #expect(scene.tree[mask].content?.shape == expected)
    }

    /// A viewport (here the root) is its own reference box; inside pattern content the shape is
    /// carried as written, for the renderer.
    @Test func theRootClipsToItsViewportAndPatternContentKeepsTheShape() throws {
        let svg = ImportTestSupport.header + " width=\"200\" height=\"100\" viewBox=\"0 0 20 10\" style=\"clip-path: inset(5px round 30px)\">"
            + "<defs><pattern id=\"p\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\">"
            + "<rect width=\"4\" height=\"4\" style=\"clip-path: circle(1px)\"/></pattern></defs>"
            + "<rect width=\"20\" height=\"10\" fill=\"url(#p)\"/></svg>"
        let scene = try ImportTestSupport.load(svg).scene
        let mask = try #require(scene.tree.mask(of: scene.root))
        #expect(scene.tree[mask].content?.shape == .rect(x: 5, y: 5, width: 190, height: 90, rx: 30, ry: 30))
        let pattern = try #require(scene.resources.first { $0.id == "p" })
        #expect(pattern.xml.contains("clip-path=\"circle(1px)\""), "\(pattern.xml)")
    }
}
