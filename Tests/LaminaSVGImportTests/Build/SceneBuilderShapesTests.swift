import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct SceneBuilderShapesTests {
    typealias S = ImportTestSupport

    private func shape(_ element: String, viewBox: String = "0 0 200 100") throws -> Shape? {
        let (scene, _) = try S.load(S.header + " viewBox=\"\(viewBox)\">" + element + "</svg>")
        let id = try #require(S.layer(scene, "s"))
        return scene.tree[id].content?.shape
    }

    @Test(arguments: [
        ("rx=\"5\"", 5.0, 5.0),
        ("ry=\"4\"", 4, 4),
        ("rx=\"5\" ry=\"3\"", 5, 3),
        ("rx=\"100\"", 10, 20),
        ("rx=\"-3\" ry=\"2\"", 2, 2),
        ("rx=\"0\" ry=\"5\"", 0, 0),
        ("", 0, 0),
    ])
    func rectCornerRadii(attributes: String, rx: Double, ry: Double) throws {
        let s = try shape("<rect id=\"s\" width=\"20\" height=\"40\" \(attributes)/>")
        #expect(s == .rect(x: 0, y: 0, width: 20, height: 40, rx: rx, ry: ry))
    }

    @Test(arguments: [
        "<rect id=\"s\" width=\"0\" height=\"10\"/>", "<rect id=\"s\" width=\"10\"/>", "<circle id=\"s\" r=\"0\"/>",
        "<circle id=\"s\" r=\"-2\"/>", "<ellipse id=\"s\" rx=\"0\" ry=\"3\"/>", "<polyline id=\"s\" points=\"1\"/>",
        "<path id=\"s\" d=\"\"/>", "<path id=\"s\" d=\"M 10 10\"/>", "<rect id=\"s\" width=\"NaN\" height=\"10\"/>",
        "<rect id=\"s\" width=\"1e400\" height=\"10\"/>", "<circle id=\"s\" r=\"Infinity\"/>",
    ])
    func shapesSVGDoesNotRenderHaveNoContent(element: String) throws {
        #expect(try shape(element) == nil)
    }

    @Test func percentagesResolveAgainstTheViewport() throws {
        #expect(try shape("<rect id=\"s\" x=\"10%\" y=\"10%\" width=\"50%\" height=\"50%\"/>") == .rect(x: 20, y: 10, width: 100, height: 50, rx: 0, ry: 0))
        let r = squareRoot((200.0 * 200 + 100 * 100) / 2) / 10
        #expect(try shape("<circle id=\"s\" r=\"10%\"/>") == .circle(cx: 0, cy: 0, r: r))
    }

    /// `rem` (of the root's font size) and `calc()` in geometry attributes, as Chromium reads
    /// them: `%` of the viewport's width, height or normalized diagonal, `em` of the element's
    /// font size; a negative result is not rendered, as a negative length is not.
    @Test func remAndCalcInGeometryAttributes() throws {
        let root = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 100\" style=\"font-size: 20px\">"
        func load(_ element: String) throws -> Shape? {
            let (scene, _) = try S.load(root + element + "</svg>")
            return S.layer(scene, "s").flatMap { scene.tree[$0].content?.shape }
        }
        #expect(
            try load("<rect id=\"s\" x=\"1rem\" y=\"calc(10% + 1px)\" width=\"calc(50% - 10px)\" height=\"calc(1rem + 1em)\" font-size=\"10px\"/>")
                == .rect(x: 20, y: 11, width: 90, height: 30, rx: 0, ry: 0))
        let r = 20 + squareRoot((200.0 * 200 + 100 * 100) / 2) / 10
        #expect(try load("<circle id=\"s\" cx=\"calc(25% + 2px)\" cy=\"2rem\" r=\"calc(1rem + 10%)\"/>") == .circle(cx: 52, cy: 40, r: r))
        #expect(try load("<ellipse id=\"s\" rx=\"CALC(2 * 1rem)\" ry=\"calc(1rem / 2)\"/>") == .ellipse(cx: 0, cy: 0, rx: 40, ry: 10))
        #expect(try load("<line id=\"s\" x1=\"calc(1px + 1px)\" x2=\"1rem\"/>") == .line(x1: 2, y1: 0, x2: 20, y2: 0))
        #expect(try load("<rect id=\"s\" width=\"calc(10px - 1rem)\" height=\"10\"/>") == nil)
        #expect(try load("<rect id=\"s\" width=\"calc(10px + 2)\" height=\"10\"/>") == nil)
        let (scene, _) = try S.load(root + "<rect id=\"r\" width=\"10\" height=\"10\"/><use id=\"s\" href=\"#r\" x=\"calc(100px + 1rem)\" y=\"1rem\"/></svg>")
        let use = try #require(S.layer(scene, "s"))
        #expect(S.toRoot(scene, use, Point(0, 0)) == Point(120, 20))
        // A use's size for a symbol: the copy's viewport.
        let (symbol, _) = try S.load(
            root + "<symbol id=\"y\" viewBox=\"0 0 10 10\"><rect width=\"10\" height=\"10\"/></symbol>"
                + "<use id=\"s\" href=\"#y\" width=\"calc(25% + 1rem)\" height=\"2rem\"/></svg>")
        let copy = try #require(S.layer(symbol, "s").flatMap { symbol.tree.sublayers(of: $0).first })
        #expect(symbol.tree[copy].bounds == Rect(0, 0, 70, 40))
        // The root's size: written in px, where a plain length with a viewBox is kept as written.
        let (sized, _) = try S.load("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"calc(100px + 5rem)\" height=\"10rem\" viewBox=\"0 0 10 10\"/>")
        #expect(sized.tree[sized.root].bounds == Rect(0, 0, 180, 160))
        let extra = sized.tree[sized.root].svg?.extra ?? []
        #expect(extra.filter { $0.name == "width" || $0.name == "height" } == [StyleProperty("width", "180"), StyleProperty("height", "160")])
    }

    @Test func ellipseRadiusAutoUsesTheOther() throws {
        #expect(try shape("<ellipse id=\"s\" cx=\"5\" rx=\"4\"/>") == .ellipse(cx: 5, cy: 0, rx: 4, ry: 4))
    }

    @Test func polygonDropsAnOddCoordinateAndStopsAtAnError() throws {
        #expect(try shape("<polygon id=\"s\" points=\"0,0 10,0 10,10 5\"/>") == .polygon([Point(0, 0), Point(10, 0), Point(10, 10)]))
        #expect(try shape("<polyline id=\"s\" points=\"0 0 1 1 x 2 2\"/>") == .polyline([Point(0, 0), Point(1, 1)]))
    }

    @Test func invalidPathDataRendersUpToTheError() throws {
        let (scene, diagnostics) = try S.load(S.header + ">\n<path id=\"s\" d=\"M 10 10 L 20 20 L 30\"/></svg>")
        let id = try #require(S.layer(scene, "s"))
        #expect(scene.tree[id].content?.shape == .path("M10 10L20 20"))
        #expect(diagnostics.contains { $0.message.hasPrefix("invalid path data at offset 16") && $0.location?.line == 2 })
        #expect(scene.tree[id].bounds == Rect(10, 10, 10, 10))
    }

    @Test func validPathDataIsKeptAsWritten() throws {
        #expect(try shape("<path id=\"s\" d=\" m1 2 h3 \"/>") == .path("m1 2 h3"))
    }

    /// Valid path data is its bytes when neither end is white space, and trimmed of the white
    /// space at either end otherwise (a tab, a line feed and a carriage return as written in
    /// character references; a CR LF pair is one character, which is not trimmed).
    @Test(arguments: [
        ("M1 2h3", "M1 2h3"), ("M1 2h3 ", "M1 2h3"), (" M1 2h3", "M1 2h3"), ("&#9;M1,2 h3z&#10;", "M1,2 h3z"),
        ("M1 2h3&#13;", "M1 2h3"), ("M1 2h3&#13;&#10;", "M1 2h3\r\n"), ("m.5-1e1l2 2", "m.5-1e1l2 2"),
    ])
    func validPathDataIsTrimmedOfWhiteSpaceAtItsEnds(d: String, kept: String) throws {
        #expect(try shape("<path id=\"s\" d=\"\(d)\"/>") == .path(kept))
    }

    /// `points`, read a pair at a time: pairs up to the first error or the end, an odd last
    /// coordinate dropped, separators of white space with at most one comma.
    @Test func pointsAreReadAsPairsUpToTheFirstError() {
        let p = { (x: Double, y: Double) in Point(x, y) }
        #expect(SceneBuilder.points("1,2 3,4") == [p(1, 2), p(3, 4)])
        #expect(SceneBuilder.points("  1 , 2\t3\n4  ") == [p(1, 2), p(3, 4)])
        #expect(SceneBuilder.points("1-2-3.5.5") == [p(1, -2), p(-3.5, 0.5)])
        #expect(SceneBuilder.points("1,2 3") == [p(1, 2)])
        #expect(SceneBuilder.points("1,2 3,") == [p(1, 2)])
        #expect(SceneBuilder.points("1,2,,3,4") == [p(1, 2)])
        #expect(SceneBuilder.points("1,2 3 x 4 5") == [p(1, 2)])
        #expect(SceneBuilder.points("1e1,2E-1 +3 -.5") == [p(10, 0.2), p(3, -0.5)])
        #expect(SceneBuilder.points("") == [] && SceneBuilder.points("   ") == [] && SceneBuilder.points(",1,2") == [])
        #expect(SceneBuilder.points("1e999 2") == [])
        let many = (0..<500).map { "\($0),\($0 * 2)" }.joined(separator: " ")
        #expect(SceneBuilder.points(many) == (0..<500).map { p(Double($0), Double($0 * 2)) })
    }

    @Test func paintComesFromTheComputedStyle() throws {
        let svg = S.header + "><style>.a { stroke: blue; stroke-width: 2 }</style><g fill=\"red\" opacity=\"0.5\">"
            + "<rect id=\"s\" class=\"a\" width=\"1\" height=\"1\" style=\"fill-opacity: 0.25\"/></g></svg>"
        let (scene, _) = try S.load(svg)
        let id = try #require(S.layer(scene, "s"))
        let c = try #require(scene.tree[id].content)
        #expect(c.fill == .color("#ff0000"))
        #expect(c.stroke == .color("#0000ff"))
        #expect(c.strokeWidth == 2)
        #expect(c.fillOpacity == 0.25)
        #expect(scene.tree[id].opacity == 1)
        let g = try #require(scene.tree.superlayer(of: id))
        #expect(scene.tree[g].opacity == 0.5)
    }

    @Test func paintServerReferencesBecomeResources() throws {
        let svg = S.header + "><linearGradient id=\"base\" x1=\"0\" x2=\"1\"><stop offset=\"50%\" stop-color=\"red\"/></linearGradient>"
            + "<linearGradient id=\"g\" href=\"#base\" x2=\"0.5\"/>"
            + "<rect id=\"s\" width=\"1\" height=\"1\" fill=\"url(#g)\" stroke=\"url(#missing) green\"/></svg>"
        let (scene, _) = try S.load(svg)
        let id = try #require(S.layer(scene, "s"))
        #expect(scene.tree[id].content?.fill == .ref("g", fallback: nil))
        #expect(scene.tree[id].content?.stroke == .color("#008000"))
        #expect(scene.resources.map(\.id) == ["g"])
        #expect(scene.resources.first?.xml == "<linearGradient id=\"g\" x1=\"0\" x2=\"0.5\"><stop offset=\"0.5\" stop-color=\"#ff0000\"/></linearGradient>")
    }

    @Test func displayNoneIsHiddenAndOutsideTheParentBounds() throws {
        let svg = S.header + "><g id=\"g\"><rect id=\"a\" width=\"10\" height=\"10\"/>"
            + "<rect id=\"b\" x=\"50\" width=\"10\" height=\"10\" display=\"none\"/></g></svg>"
        let (scene, _) = try S.load(svg)
        let b = try #require(S.layer(scene, "b"))
        #expect(scene.tree[b].hidden)
        let g = try #require(S.layer(scene, "g"))
        #expect(scene.tree[g].bounds == Rect(0, 0, 10, 10))
    }

    /// `pathLength` (which dashes are measured against) stays on the drawable when it is one
    /// number above zero.
    @Test(arguments: [
        ("10", "10"), (" 1.5e1 ", "15"), ("0", nil), ("-3", nil), ("abc", nil), ("1 2", nil), ("1px", nil),
    ] as [(String, String?)])
    func pathLengthStaysOnTheDrawable(_ value: String, _ kept: String?) throws {
        for shape in ["<path id=\"s\" d=\"M0 0L10 0\"", "<circle id=\"s\" r=\"5\""] {
            let (scene, _) = try S.load(S.header + ">" + shape + " stroke=\"red\" pathLength=\"\(value)\"/></svg>")
            let id = try #require(S.layer(scene, "s"))
            #expect(scene.tree[id].content?.extra.first { $0.name == "pathLength" }?.value == kept)
        }
    }

    @Test func visibilityStaysOnTheDrawable() throws {
        let svg = S.header + "><g visibility=\"hidden\"><rect id=\"s\" width=\"1\" height=\"1\"/></g></svg>"
        let (scene, _) = try S.load(svg)
        let id = try #require(S.layer(scene, "s"))
        #expect(scene.tree[id].content?.extra.contains(StyleProperty("visibility", "hidden")) == true)
    }
}
