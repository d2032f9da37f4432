import LaminaCore
import LaminaGeometry
import LaminaSVGImport
import Testing

private typealias S = ImportTestSupport

/// `transform-origin` (attribute or CSS): the transform turns about it, as in browsers and
/// resvg; percentages are of the viewport (`transform-box: view-box`).
@Suite struct TransformOriginImportTests {
    /// Where the point `p` of layer `name` lands in root space.
    static func place(_ svg: String, _ name: String, _ p: Point) throws -> Point {
        let (scene, _) = try S.load(svg)
        let id = try #require(S.layer(scene, name))
        return S.toRoot(scene, id, p)
    }

    @Test(arguments: [
        // (origin as written, where the origin point itself must stay)
        ("transform-origin=\"100 50\"", Point(100, 50)),
        ("transform-origin=\"50% 25%\"", Point(100, 50)),
        ("style=\"transform-origin: 100px 50px\"", Point(100, 50)),
        ("transform-origin=\"right bottom\"", Point(200, 200)),
        ("transform-origin=\"top\"", Point(100, 0)),
        // `rem` (of the root's 16 px) and `calc()`, as Chromium reads them.
        ("transform-origin=\"calc(50% - 1rem) 2rem\"", Point(84, 32)),
        ("style=\"transform-origin: calc(10px + 10%) CALC(1em * 2)\"", Point(30, 32)),
    ])
    func theOriginStaysPut(_ attribute: String, _ origin: Point) throws {
        let svg = S.header + " viewBox=\"0 0 200 200\">"
            + "<rect id=\"r\" x=\"20\" y=\"30\" width=\"40\" height=\"50\" transform=\"rotate(30) scale(2)\" \(attribute)/></svg>"
        #expect(S.close(try Self.place(svg, "r", origin), origin, 1e-9))
        // And another point turns about it: (o + v) lands at o + R·S·v.
        let v = Point(10, -4)
        let turned = AffineTransform(2, 0, 0, 2, 0, 0).concatenating(try #require(TransformList.parse("rotate(30)"[...])))
        #expect(S.close(try Self.place(svg, "r", origin + v), origin + turned.apply(v), 1e-9))
    }

    @Test func aSheetRuleWinsOverTheAttributeAndAnInvalidValueIsDropped() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\"><style>#a { transform-origin: 10px 10px } #b { transform-origin: nonsense }</style>"
            + "<g id=\"a\" transform=\"scale(3)\" transform-origin=\"50 50\"><rect width=\"5\" height=\"5\"/></g>"
            + "<g id=\"b\" transform=\"scale(3)\" transform-origin=\"50 50\"><rect width=\"5\" height=\"5\"/></g></svg>"
        #expect(S.close(try Self.place(svg, "a", Point(10, 10)), Point(10, 10), 1e-9))
        #expect(S.close(try Self.place(svg, "b", Point(50, 50)), Point(50, 50), 1e-9))
    }

    /// The root `svg`'s own transform acts in viewport pixels, outside the viewBox mapping, about
    /// the middle of the viewport unless `transform-origin` says otherwise (Chromium; resvg's
    /// `root-transform-with-viewbox` and `root-transform-origin-with-viewbox`).
    @Test(arguments: [
        // (root attributes, a point in user space, where it lands in the root's superlayer)
        ("viewBox=\"20 40 100 100\" transform=\"scale(0.5)\"", Point(21, 41), Point(51, 51)),
        ("viewBox=\"20 40 100 100\" transform=\"scale(0.5)\"", Point(119, 139), Point(149, 149)),
        ("viewBox=\"0 0 100 100\" transform=\"scale(0.5)\" transform-origin=\"25% 75%\"", Point(1, 1), Point(26, 76)),
        ("viewBox=\"0 0 100 100\" style=\"transform: rotate(90deg); transform-origin: 0 0\"", Point(10, 0), Point(0, 20)),
        ("transform=\"translate(10 5)\"", Point(0, 0), Point(10, 5)),
    ])
    func theRootTransformTurnsTheViewport(_ attributes: String, _ p: Point, _ expected: Point) throws {
        let svg = S.header + " width=\"200\" height=\"200\" \(attributes)><rect id=\"r\" width=\"1\" height=\"1\"/></svg>"
        let (scene, diagnostics) = try S.load(svg)
        #expect(diagnostics.isEmpty)
        let id = try #require(S.layer(scene, "r"))
        let placed = S.toSuperlayer(scene, scene.root, S.toRoot(scene, id, p))
        #expect(S.close(placed, expected, 1e-9), "\(placed)")
        // The bounds stay the viewport's; the anchor moves where the transform puts it.
        #expect(scene.tree[scene.root].bounds == Rect(0, 0, 200, 200))
    }

    @Test func anInvalidRootTransformIsAWarning() throws {
        let (scene, diagnostics) = try S.load(S.header + " width=\"20\" height=\"20\" transform=\"scale(\"/>")
        #expect(diagnostics.map(\.message) == ["invalid transform 'scale(' ignored"])
        #expect(scene.tree[scene.root].position == Point(10, 10))
        #expect(scene.tree[scene.root].transform == .identity)
    }

    @Test func withoutATransformItChangesNothing() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\"><rect id=\"r\" x=\"20\" y=\"30\" width=\"40\" height=\"50\" transform-origin=\"100 100\"/></svg>"
        #expect(S.close(try Self.place(svg, "r", Point(20, 30)), Point(20, 30), 1e-9))
    }

    @Test func aUseTurnsItsTransformAboutTheOriginBeforeItsOffset() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\"><defs><rect id=\"t\" width=\"10\" height=\"10\"/></defs>"
            + "<use id=\"u\" href=\"#t\" x=\"50\" y=\"50\" transform=\"scale(2)\" transform-origin=\"50 50\"/></svg>"
        // The use's x/y come first: (0,0) of the copy sits at (50,50), which scale(2) about
        // (50,50) keeps (about (0,0) it would go to (100,100)).
        #expect(S.close(try Self.place(svg, "u", Point(0, 0)), Point(50, 50), 1e-9))
        #expect(S.close(try Self.place(svg, "u", Point(5, 5)), Point(60, 60), 1e-9))
    }

    /// Verbatim content (text) gets the origin through its layer's transform and must not
    /// carry the attribute again; a paint server's transform is written turned about it.
    @Test func verbatimAndPaintServersCarryItBakedIn() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\">"
            + "<linearGradient id=\"g\" gradientTransform=\"rotate(90)\" transform-origin=\"0.5 0.5\"><stop offset=\"0\" stop-color=\"red\"/></linearGradient>"
            + "<pattern id=\"p\" width=\"20\" height=\"20\" patternUnits=\"userSpaceOnUse\">"
            + "<rect width=\"5\" height=\"5\" transform=\"rotate(45)\" style=\"transform-origin: 2px 2px\"/></pattern>"
            + "<rect width=\"10\" height=\"10\" fill=\"url(#g)\" stroke=\"url(#p)\"/>"
            + "<text id=\"t\" x=\"20\" y=\"40\" transform=\"rotate(10)\" transform-origin=\"20 40\">Hi</text></svg>"
        let (scene, _) = try S.load(svg)
        let t = try #require(S.layer(scene, "t"))
        guard case .svg(let xml) = scene.tree[t].content?.shape else {
            Issue.record("text is not verbatim content")
            return
        }
        #expect(!xml.contains("transform-origin"))
        #expect(S.close(S.toRoot(scene, t, Point(20, 40)), Point(20, 40), 1e-9))
        let gradient = try #require(scene.resources.first { $0.id == "g" })
        #expect(gradient.xml.contains("gradientTransform=\"matrix(0 1 -1 0 1 0)\""), "\(gradient.xml)")
        #expect(!gradient.xml.contains("transform-origin"))
        // Inside a pattern, the child keeps its transform and its origin as an attribute.
        let pattern = try #require(scene.resources.first { $0.id == "p" })
        #expect(pattern.xml.contains("transform=\"rotate(45)\" transform-origin=\"2px 2px\""), "\(pattern.xml)")
    }

    /// CSS syntax in `transform` (units, `translateX()`, `skew()`), as browsers read it; a 3D
    /// list is a warning and no transform.
    @Test(arguments: [
        ("style=\"transform: rotate(90deg)\"", Point(10, 0), Point(0, 10)),
        ("style=\"transform: rotate(0.25turn) translateX(5px)\"", Point(0, 0), Point(0, 5)),
        ("transform=\"translateY(7px) scaleX(2)\"", Point(3, 0), Point(6, 7)),
        ("style=\"transform: skewX(45deg)\"", Point(0, 10), Point(10, 10)),
    ])
    func cssTransformSyntax(_ attribute: String, _ p: Point, _ expected: Point) throws {
        let svg = S.header + " viewBox=\"0 0 200 200\"><rect id=\"r\" x=\"0\" y=\"0\" width=\"40\" height=\"50\" \(attribute)/></svg>"
        #expect(S.close(try Self.place(svg, "r", p), expected, 1e-9))
    }

    @Test func aThreeDimensionalCSSTransformIsAWarning() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\"><rect id=\"r\" width=\"40\" height=\"50\" style=\"transform: rotateY(30deg)\"/></svg>"
        let (scene, diagnostics) = try S.load(svg)
        let r = try #require(S.layer(scene, "r"))
        #expect(S.close(S.toRoot(scene, r, Point(40, 50)), Point(40, 50), 1e-9))
        #expect(diagnostics.contains { $0.message.hasPrefix("3D transform 'rotateY(30deg)' ignored") })
    }

    /// `transform-box: fill-box`: the origin is a point of the element's bounding box (its
    /// top-left corner by default), known once the layer's box is; as Chromium draws it.
    @Test(arguments: [
        // (element, a point of it that the transform must keep in place)
        ("<rect id=\"e\" x=\"60\" y=\"60\" width=\"80\" height=\"40\" style=\"transform: rotate(30deg); transform-origin: center; transform-box: fill-box\"/>", Point(100, 80)),
        ("<rect id=\"e\" x=\"60\" y=\"60\" width=\"80\" height=\"40\" transform=\"rotate(30)\" style=\"transform-box: fill-box\"/>", Point(60, 60)),
        ("<circle id=\"e\" cx=\"100\" cy=\"100\" r=\"40\" transform=\"scale(1.5)\" style=\"transform-box: fill-box; transform-origin: 10px 20px\"/>", Point(70, 80)),
        ("<g id=\"e\" transform=\"scale(0.5)\" style=\"transform-box: fill-box; transform-origin: 50% 50%\"><rect x=\"20\" y=\"20\" width=\"80\" height=\"80\"/><rect x=\"140\" y=\"140\" width=\"40\" height=\"40\"/></g>", Point(100, 100)),
        ("<rect id=\"e\" x=\"20\" y=\"20\" width=\"80\" height=\"40\" transform=\"rotate(90)\" style=\"transform-box: fill-box; transform-origin: calc(50% + 1rem) 1rem\"/>", Point(76, 36)),
    ])
    func fillBoxOriginStaysPut(_ element: String, _ fixed: Point) throws {
        let svg = S.header + " viewBox=\"0 0 200 200\">" + element + "</svg>"
        #expect(S.close(try Self.place(svg, "e", fixed), fixed, 1e-9))
    }

    /// `transform-box: stroke-box` (and `border-box`, its used value for SVG content): the box
    /// is a stroked shape's fill box grown by half its stroke width, as Chromium draws it (a
    /// 30 px stroke turns the rect about (35, 35), not (50, 50)); unstroked, the fill box.
    @Test(arguments: [
        ("stroke=\"black\" stroke-width=\"30\" style=\"transform: rotate(20deg); transform-origin: 0 0; transform-box: stroke-box\"", Point(35, 35)),
        ("stroke=\"black\" stroke-width=\"30\" style=\"transform: rotate(20deg); transform-origin: 0 0; transform-box: border-box\"", Point(35, 35)),
        ("stroke=\"black\" stroke-width=\"30\" style=\"transform: rotate(20deg); transform-origin: 100% 100%; transform-box: stroke-box\"", Point(165, 105)),
        ("stroke=\"black\" stroke-width=\"30\" style=\"transform: rotate(20deg); transform-origin: 0 0; transform-box: fill-box\"", Point(50, 50)),
        ("stroke=\"none\" stroke-width=\"30\" style=\"transform: rotate(20deg); transform-origin: 0 0; transform-box: stroke-box\"", Point(50, 50)),
    ])
    func strokeBoxIsTheFillBoxGrownByHalfTheStroke(_ attributes: String, _ fixed: Point) throws {
        let svg = S.header + " viewBox=\"0 0 200 200\"><rect id=\"e\" x=\"50\" y=\"50\" width=\"100\" height=\"40\" \(attributes)/></svg>"
        #expect(S.close(try Self.place(svg, "e", fixed), fixed, 1e-9))
        // And it turns: a point 10 px to the right of the origin does not stay put.
        #expect(!S.close(try Self.place(svg, "e", fixed + Point(10, 0)), fixed + Point(10, 0), 1e-3))
    }

    /// A polyline's or path's stroke box is the bounds of its stroked outline, as Chromium's:
    /// a miter within the limit reaches past the corner (31.3 px for a 20 px stroke turning
    /// back at 37°), a bevel does not, square caps reach half a width along the line, round
    /// joins and caps a circle's (the corners Chromium's screenshots show, to the pixel).
    @Test(arguments: [
        ("", Point(97.1265, 90.4217), Point(231.2893, 169.3633)),
        ("stroke-linejoin=\"bevel\"", Point(97.1265, 90.4217), Point(203.5112, 169.3633)),
        ("stroke-miterlimit=\"1.5\"", Point(97.1265, 90.4217), Point(203.5112, 169.3633)),
        ("stroke-linecap=\"square\"", Point(87.5483, 87.5483), Point(231.2893, 172.8745)),
        ("stroke-linecap=\"round\" stroke-linejoin=\"round\"", Point(90, 90), Point(210, 170)),
    ])
    func strokeBoxOfALineIsItsStrokedOutline(_ attributes: String, _ min: Point, _ max: Point) throws {
        for shape in ["<polyline points=\"100,100 200,130 120,160\"", "<path d=\"M100 100l100 30L120 160\""] {
            for (origin, fixed) in [("0 0", min), ("100% 100%", max)] {
                let svg = S.header + " viewBox=\"0 0 400 300\">" + shape + " id=\"e\" fill=\"none\" stroke=\"blue\" stroke-width=\"20\" "
                    + attributes + " style=\"transform: scale(2); transform-origin: \(origin); transform-box: stroke-box\"/></svg>"
                #expect(S.close(try Self.place(svg, "e", fixed), fixed, 1e-3), "\(shape) \(attributes) \(origin)")
            }
        }
    }

    @Test func aUsesFillBoxIsItsCopysBoxWithoutItsOffset() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\"><defs><rect id=\"r\" width=\"40\" height=\"40\"/></defs>"
            + "<use id=\"u\" href=\"#r\" x=\"80\" y=\"80\" transform=\"rotate(90)\" style=\"transform-box: fill-box; transform-origin: center\"/></svg>"
        // The copy's centre (20, 20) sits at (100, 100) before the turn, which is about (20, 20).
        #expect(S.close(try Self.place(svg, "u", Point(20, 20)), Point(-60, 100), 1e-9))
    }

    /// Inside resource markup (a pattern's children) a CSS `transform` from a sheet or `style`
    /// is written resolved, in place of the attribute it wins over, with its origin and box.
    @Test func resourceContentKeepsItsCSSTransform() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\"><style>.r { transform: rotate(90deg); transform-box: fill-box }</style>"
            + "<pattern id=\"p\" width=\"40\" height=\"40\" patternUnits=\"userSpaceOnUse\">"
            + "<rect class=\"r\" width=\"10\" height=\"10\" transform=\"scale(3)\" transform-origin=\"center\"/>"
            + "<rect width=\"5\" height=\"5\" style=\"transform: translate(5px, 6px)\"/></pattern>"
            + "<rect width=\"100\" height=\"100\" fill=\"url(#p)\"/></svg>"
        let (scene, _) = try S.load(svg)
        let pattern = try #require(scene.resources.first { $0.id == "p" })
        #expect(pattern.xml.contains("transform=\"matrix(0 1 -1 0 0 0)\""), "\(pattern.xml)")
        // `transform-box` is CSS only: as an attribute, renderers ignore it in pattern content.
        #expect(pattern.xml.contains("transform-origin=\"center\" style=\"transform-box:fill-box\""), "\(pattern.xml)")
        #expect(!pattern.xml.contains("scale(3)"))
        #expect(pattern.xml.contains("transform=\"matrix(1 0 0 1 5 6)\""), "\(pattern.xml)")
    }
}
