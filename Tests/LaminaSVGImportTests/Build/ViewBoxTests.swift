import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct ViewBoxTests {
    typealias S = ImportTestSupport

    @Test(arguments: [
        // preserveAspectRatio, point in viewBox, expected point in a 200×100 viewport (viewBox 0 0 10 10)
        ("xMidYMid", Point(0, 0), Point(50, 0)),
        ("xMinYMin", Point(0, 0), Point(0, 0)),
        ("xMaxYMax", Point(10, 10), Point(200, 100)),
        ("xMidYMid slice", Point(0, 0), Point(0, -50)),
        ("xMaxYMax slice", Point(0, 0), Point(0, -100)),
        ("none", Point(10, 10), Point(200, 100)),
        ("none", Point(5, 5), Point(100, 50)),
        ("bogus", Point(0, 0), Point(50, 0)),
    ])
    func aspectRatioMapping(par: String, p: Point, expected: Point) {
        let vb = ViewBox(rect: Rect(0, 0, 10, 10), aspect: AspectRatio.parse(par))
        #expect(S.close(vb.transform(into: Size(200, 100)).apply(p), expected))
    }

    @Test func viewBoxNotAtZeroIsTranslated() {
        let vb = ViewBox(rect: Rect(50, 50, 100, 100), aspect: .standard)
        #expect(S.close(vb.transform(into: Size(200, 200)).apply(Point(50, 50)), Point(0, 0)))
    }

    @Test(arguments: ["0 0 0 10", "0 0 10", "a b c d", "0 0 -1 5", "0 0 1e400 5"])
    func invalidViewBoxesAreIgnored(text: String) {
        #expect(ViewBox.parse(text) == nil)
    }

    @Test func rootSublayerTransformRealizesTheMappingAboutTheAnchor() throws {
        let svg = S.header + " width=\"200\" height=\"100\" viewBox=\"10 20 10 10\" preserveAspectRatio=\"xMaxYMin slice\">"
            + "<rect id=\"r\" x=\"10\" y=\"20\" width=\"10\" height=\"10\"/></svg>"
        let (scene, _) = try S.load(svg)
        let r = try #require(S.layer(scene, "r"))
        #expect(S.close(S.toRoot(scene, r, Point(10, 20)), Point(0, 0)))
        #expect(S.close(S.toRoot(scene, r, Point(20, 30)), Point(200, 200)))
        #expect(scene.tree[scene.root].svg?.extra.last == StyleProperty("preserveAspectRatio", "xMaxYMin slice"))
    }

    @Test func nestedSVGIsAClippingViewportAtXY() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\"><svg id=\"n\" x=\"20\" y=\"30\" width=\"100\" height=\"50\" viewBox=\"0 0 10 5\">"
            + "<rect id=\"r\" width=\"10\" height=\"5\"/></svg><svg id=\"v\" width=\"50%\" height=\"10\" overflow=\"visible\"/></svg>"
        let (scene, _) = try S.load(svg)
        let n = try #require(S.layer(scene, "n"))
        #expect(scene.tree[n].bounds == Rect(0, 0, 100, 50))
        #expect(scene.tree[n].masksToBounds)
        let r = try #require(S.layer(scene, "r"))
        #expect(S.close(S.toRoot(scene, r, Point(10, 5)), Point(120, 80)))
        let v = try #require(S.layer(scene, "v"))
        #expect(scene.tree[v].bounds == Rect(0, 0, 100, 10))
        #expect(!scene.tree[v].masksToBounds)
    }

    @Test func symbolTakesTheUseSize() throws {
        let svg = S.header + "><symbol id=\"s\" viewBox=\"0 0 10 10\"><rect id=\"r\" width=\"10\" height=\"10\"/></symbol>"
            + "<use id=\"u\" href=\"#s\" x=\"5\" y=\"5\" width=\"40\" height=\"20\"/></svg>"
        let (scene, _) = try S.load(svg)
        let u = try #require(S.layer(scene, "u"))
        let symbol = try #require(scene.tree.sublayers(of: u).first)
        #expect(scene.tree[symbol].svg?.element == "symbol")
        #expect(scene.tree[symbol].bounds == Rect(0, 0, 40, 20))
        let r = try #require(S.layer(scene, "r"))
        #expect(S.close(S.toRoot(scene, r, Point(0, 0)), Point(15, 5)))
        #expect(S.close(S.toRoot(scene, r, Point(10, 10)), Point(35, 25)))
    }

    @Test func symbolOutsideUseIsNotDrawn() throws {
        let (scene, _) = try S.load(S.header + "><symbol id=\"s\"><rect width=\"1\" height=\"1\"/></symbol></svg>")
        #expect(scene.tree.count == 1)
    }
}
