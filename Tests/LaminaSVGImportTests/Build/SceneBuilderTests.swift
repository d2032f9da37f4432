import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct SceneBuilderTests {
    typealias S = ImportTestSupport

    @Test func rootLayerHasViewportBoundsAndFrameAtOrigin() throws {
        let (scene, diagnostics) = try S.load(S.header + " width=\"200\" height=\"100\" viewBox=\"0 0 20 10\"><rect id=\"r\" width=\"5\" height=\"5\"/></svg>")
        #expect(diagnostics.isEmpty)
        let root = scene.tree[scene.root]
        #expect(root.bounds == Rect(0, 0, 200, 100))
        #expect(root.position == Point(100, 50))
        #expect(root.masksToBounds)
        #expect(root.svg?.extra.map(\.name) == ["width", "height", "viewBox"])
        let r = try #require(S.layer(scene, "r"))
        #expect(S.close(S.toRoot(scene, r, Point(5, 5)), Point(50, 50)))
        #expect(scene.tree[r].content?.shape == .rect(x: 0, y: 0, width: 5, height: 5, rx: 0, ry: 0))
    }

    /// The output keeps the input's own size attributes, so that it sizes itself as the input
    /// does (to its container in a browser, to the viewBox in resvg); `bounds` are resolved.
    @Test(arguments: [
        (" viewBox=\"0 0 30 40\"", [["viewBox", "0 0 30 40"]]),
        (" width=\"60\" viewBox=\"0 0 30 40\"", [["width", "60"], ["viewBox", "0 0 30 40"]]),
        (" width=\"100%\" height=\"2in\" viewBox=\"0 0 30 40\"", [["width", "100%"], ["height", "2in"], ["viewBox", "0 0 30 40"]]),
        // Absolute units stay as written: 660.472441pt is 880.62992133… px, which 6 decimals
        // would round off the viewBox's map.
        (" width=\"660.472441pt\" height=\"1.5CM\" viewBox=\"0 0 30 40\"",
         [["width", "660.472441pt"], ["height", "1.5cm"], ["viewBox", "0 0 30 40"]]),
        (" width=\"bogus\" height=\"-5\" viewBox=\"0 0 30 40\"", [["viewBox", "0 0 30 40"]]),
        (" width=\"20\" height=\"10\"", [["width", "20"], ["height", "10"]]),
    ])
    func rootSizeAttributesAreTheInputs(_ attributes: String, _ extra: [[String]]) throws {
        let scene = try S.load(S.header + attributes + "/>").scene
        #expect(scene.tree[scene.root].svg?.extra.map { [$0.name, $0.value] } == extra)
    }

    @Test func missingSizeUsesViewBoxOrHundred() throws {
        let a = try S.load(S.header + " viewBox=\"0 0 30 40\"/>").scene
        #expect(a.tree[a.root].bounds == Rect(0, 0, 30, 40))
        let b = try S.load(S.header + "/>").scene
        #expect(b.tree[b.root].bounds == Rect(0, 0, 100, 100))
    }

    /// No viewBox and a relative or missing size: percentages resolve against 100 × 100, then
    /// the root takes its content's extent from the origin (as resvg sizes such a file).
    @Test func withoutViewBoxOrAbsoluteSizeTheRootFitsItsContent() throws {
        let svg = S.header + " width=\"50%\"><rect width=\"10%\" height=\"30\"/><circle cx=\"60\" cy=\"20\" r=\"10\" stroke=\"red\" stroke-width=\"8\"/>"
            + "<rect x=\"500\" width=\"5\" height=\"5\" display=\"none\"/></svg>"
        let scene = try S.load(svg).scene
        // Fill boxes only (as resvg's bounding box): the circle's right edge, the rect's bottom.
        #expect(scene.tree[scene.root].bounds == Rect(0, 0, 70, 30))
        #expect(scene.tree[scene.root].svg?.extra.map(\.value) == ["70", "30"])
        // An absolute size stays, and so does a viewBox.
        let fixed = try S.load(S.header + " width=\"40\" height=\"20\"><rect width=\"90\" height=\"90\"/></svg>").scene
        #expect(fixed.tree[fixed.root].bounds == Rect(0, 0, 40, 20))
    }

    /// The outermost `svg`'s CSS `background-color` is painted under the whole viewport in
    /// browsers: it becomes the root layer's `backgroundColor` (resvg's background-color tests).
    @Test(arguments: [
        (" style=\"background-color: #0000ff80\"", "rgba(0,0,255,0.501961)"),
        ("><style>svg { background: currentColor }</style", "#800080"),
        (" style=\"background: red; background-color: rgb(0 128 0)\"", "#008000"),
        (" style=\"background-color: transparent\"", nil),
        (" background-color=\"red\"", nil),  // not a presentation attribute
        (" style=\"background: url(#p) red\"", nil),  // not one color
    ])
    func theRootsBackgroundColorIsItsLayers(_ attributes: String, _ expected: String?) throws {
        let svg = S.header + " width=\"20\" height=\"20\" color=\"purple\"" + attributes + "><rect width=\"5\" height=\"5\"/></svg>"
        let scene = try S.load(svg).scene
        #expect(scene.tree[scene.root].backgroundColor == expected)
        // A nested svg has no CSS box: no background.
        let nested = try S.load(S.header + "><svg style=\"background-color: red\"><rect width=\"5\" height=\"5\"/></svg></svg>").scene
        #expect(scene.tree.count > 1 && nested.tree.preorder(from: nested.root).allSatisfy { nested.tree[$0].backgroundColor == nil })
    }

    /// A `mask` or `filter` on the outermost `svg` masks or filters the whole drawing, as
    /// Chromium and resvg draw it (they were dropped): the root layer keeps them as resources.
    @Test func theRootsMaskAndFilterAreKept() throws {
        let svg = S.header + " width=\"20\" height=\"20\" mask=\"url(#m)\" style=\"filter: url(#f)\"><mask id=\"m\"><rect width=\"9\" height=\"9\" fill=\"white\"/></mask>"
            + "<filter id=\"f\"><feOffset dx=\"2\"/></filter><rect width=\"5\" height=\"5\"/></svg>"
        let scene = try S.load(svg).scene
        #expect(scene.tree[scene.root].svg?.mask == "m" && scene.tree[scene.root].svg?.filter == "f")
        #expect(scene.resources.map(\.id) == ["m", "f"])
    }

    /// The outermost `svg`'s CSS size limits bound its box in a browser (Mermaid's
    /// `width="100%" style="max-width: 200px"`): kept in `svg.extra` as a `style`, only them.
    @Test(arguments: [
        (" width=\"100%\" viewBox=\"0 0 20 10\" style=\"max-width: 200px; fill: red\"", "max-width: 200px"),
        ("><style>svg { min-width: 50% } svg { min-width: 10em }</style", "min-width: 10em"),
        (" style=\"max-width: url(x)\"", nil),
        (" max-width=\"200px\"", nil),  // not a presentation attribute
    ])
    func theRootsSizeLimitsAreKeptAsItsStyle(_ attributes: String, _ expected: String?) throws {
        let scene = try S.load(S.header + attributes + "><rect width=\"5\" height=\"5\"/></svg>").scene
        #expect(scene.tree[scene.root].svg?.extra.first { $0.name == "style" }?.value == expected)
    }

    @Test func groupBoundsAreUnionOfChildFrames() throws {
        let svg = S.header + "><g id=\"g\"><rect id=\"a\" x=\"10\" y=\"10\" width=\"10\" height=\"10\"/>"
            + "<circle id=\"c\" cx=\"50\" cy=\"50\" r=\"5\"/></g></svg>"
        let (scene, _) = try S.load(svg)
        let g = try #require(S.layer(scene, "g"))
        #expect(scene.tree[g].bounds == Rect(10, 10, 45, 45))
        #expect(scene.tree[g].position == Point(32.5, 32.5))
        let c = try #require(S.layer(scene, "c"))
        #expect(scene.tree[c].bounds == Rect(45, 45, 10, 10))
        #expect(scene.tree[c].position == Point(50, 50))
    }

    @Test(arguments: 0..<20)
    func transformSplitKeepsThePicture(seed: Int) throws {
        var x = UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(x >> 11) / Double(1 << 53) * 200 - 100
        }
        let m = (0..<6).map { _ in next() / 10 }
        let matrix = m.map(NumberText.format).joined(separator: " ")
        let svg = S.header + "><g id=\"g\" transform=\"matrix(\(matrix))\"><rect id=\"r\" x=\"3\" y=\"7\" width=\"11\" height=\"5\" "
            + "transform=\"rotate(\(NumberText.format(next())))\"/></g></svg>"
        let (scene, _) = try S.load(svg)
        let g = try #require(S.layer(scene, "g"))
        let t = try #require(TransformList.parse("matrix(\(matrix))"[...]))
        for _ in 0..<4 {
            let v = Point(next(), next())
            #expect(S.close(S.toSuperlayer(scene, g, v), t.apply(v), 1e-6))
        }
        #expect(scene.tree[g].transform.m41 == 0 && scene.tree[g].transform.m42 == 0)
    }

    @Test func useInstancesACopyWithItsOwnStyle() throws {
        let svg = S.header + "><defs><rect id=\"r\" width=\"10\" height=\"10\"/></defs>"
            + "<use id=\"u1\" href=\"#r\" x=\"5\" fill=\"red\"/><use id=\"u2\" xlink:href=\"#r\" y=\"5\" fill=\"blue\"/></svg>"
        let (scene, _) = try S.load(svg)
        let u1 = try #require(S.layer(scene, "u1")), u2 = try #require(S.layer(scene, "u2"))
        let r1 = try #require(scene.tree.sublayers(of: u1).first), r2 = try #require(scene.tree.sublayers(of: u2).first)
        #expect(scene.tree[r1].content?.fill == .color("#ff0000"))
        #expect(scene.tree[r2].content?.fill == .color("#0000ff"))
        #expect(S.close(S.toRoot(scene, r1, Point(0, 0)), Point(5, 0)))
        #expect(S.close(S.toRoot(scene, r2, Point(0, 0)), Point(0, 5)))
    }

    @Test func useCyclesAreSkippedWithAWarning() throws {
        let svg = S.header + "><use id=\"a\" href=\"#a\"/><g id=\"g\"><use id=\"b\" href=\"#g\"/></g>"
            + "<use id=\"m\" href=\"#missing\"/></svg>"
        let (scene, diagnostics) = try S.load(svg)
        #expect(diagnostics.filter { $0.message.contains("cycle") }.count == 2)
        #expect(diagnostics.contains { $0.message.contains("missing") && $0.location?.line == 1 })
        #expect(scene.tree.count == 2)
    }

    @Test func clipPathBecomesAMaskLayer() throws {
        let svg = S.header + "><clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\"><rect id=\"cr\" width=\"0.5\" height=\"1\"/></clipPath>"
            + "<rect id=\"r\" x=\"10\" y=\"20\" width=\"40\" height=\"60\" clip-path=\"url(#c)\"/></svg>"
        let (scene, _) = try S.load(svg)
        let r = try #require(S.layer(scene, "r"))
        let m = try #require(scene.tree.mask(of: r))
        #expect(scene.tree[m].svg?.element == "clipPath")
        let cr = try #require(scene.tree.sublayers(of: m).first)
        let corner = S.toSuperlayer(scene, m, S.toSuperlayer(scene, cr, Point(0.5, 1)))
        #expect(S.close(corner, Point(30, 80)))
    }

    /// A clip path's child is built once per element it clips: every copy has the style it
    /// inherits from the clip path's ancestors and its own, with one thread and two (the
    /// prefetch), and its warning is given once.
    @Test(arguments: [1, 2]) func clipChildrenHaveTheirStyleOnEveryHost(threads: Int) throws {
        var svg = S.header + "><style>.k { stroke-width: 3 }</style><g fill=\"red\" style=\"stroke: blue\">"
            + "<clipPath id=\"c\"><rect class=\"k\" width=\"5\" height=\"5\" style=\"filter: url(http://x/f)\"/></clipPath></g>"
        for i in 0..<600 { svg += "<rect id=\"h\(i)\" width=\"9\" height=\"9\" clip-path=\"url(#c)\"/>" }
        let (scene, diagnostics) = try SVGImport.importScene(Array((svg + "</svg>").utf8), file: "in.svg", threads: threads)
        for i in [0, 1, 2, 3, 599] {
            let host = try #require(S.layer(scene, "h\(i)"))
            let mask = try #require(scene.tree.mask(of: host))
            let child = try #require(scene.tree.sublayers(of: mask).first)
            let content = try #require(scene.tree[child].content)
            #expect(content.fill == .color("#ff0000"), "host \(i)")
            #expect(content.stroke == .color("#0000ff"), "host \(i)")
            #expect(content.strokeWidth == 3, "host \(i)")
        }
        #expect(diagnostics.filter { $0.message.contains("external reference") }.count == 1)
    }

    @Test func constraintGrammarErrorsCarryTheLocation() {
        let svg = S.header + ">\n  <rect lamina:constraints=\"midX = superlayer.middle\" width=\"1\" height=\"1\"/></svg>"
        #expect {
            _ = try S.load(svg)
        } throws: { error in
            (error as? SVGImportError)?.description.hasPrefix("in.svg:2:3: error: unknown constraint attribute 'middle'") == true
        }
    }

    @Test func constraintsParse() throws {
        let svg = S.header + "><g><rect id=\"a\" lamina:name=\"A\" lamina:constraints=\"midX = superlayer.midX; maxY = B.minY * 2 - 10\" width=\"1\" height=\"1\"/></g></svg>"
        let (scene, _) = try S.load(svg)
        let a = try #require(S.layer(scene, "A"))
        #expect(
            scene.tree[a].constraints == [
                Constraint(attribute: .midX, relativeTo: "superlayer", sourceAttribute: .midX),
                Constraint(attribute: .maxY, relativeTo: "B", sourceAttribute: .minY, scale: 2, offset: -10),
            ])
        let parent = try #require(scene.tree.superlayer(of: a))
        #expect(scene.tree[parent].layoutManager == .constraint)
    }

    /// Layers of plain elements share their SVG facts (one box per element name); changing
    /// one layer's facts must leave the others' alone.
    @Test func sharedSVGFactsAreCopiedOnWrite() throws {
        var (scene, _) = try S.load(S.header + "><rect width='1' height='1'/><rect width='2' height='2'/><circle r='1'/><rect id='r' width='3' height='3'/></svg>")
        let subs = scene.tree.sublayers(of: scene.root)
        #expect(subs.count == 4)
        let facts = subs.map { scene.tree[$0].svg }
        #expect(facts.map { $0?.element } == ["rect", "rect", "circle", "rect"])
        #expect(facts.map { $0?.id } == [nil, nil, nil, "r"])
        scene.tree[subs[0]].svg?.id = "changed"
        scene.tree[subs[1]].svg?.title = "also changed"
        #expect(scene.tree[subs[0]].svg?.id == "changed")
        #expect(scene.tree[subs[0]].svg?.title == nil)
        #expect(scene.tree[subs[1]].svg?.id == nil)
        #expect(scene.tree[subs[1]].svg?.title == "also changed")
        #expect(scene.tree[subs[2]].svg == SVGInfo(element: "circle"))
        #expect(scene.tree[subs[3]].svg?.id == "r")
        #expect(scene.tree[subs[3]].svg?.title == nil)
    }
}
