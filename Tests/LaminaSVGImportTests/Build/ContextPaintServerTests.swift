import LaminaCore
import LaminaGeometry
import Testing

@testable import LaminaSVGImport

private typealias S = ImportTestSupport

/// A gradient or pattern reached through `context-fill`/`context-stroke` is laid out in the
/// `use`'s coordinate system and bounding box (SVG 2 §13.3; resvg's and Chromium's
/// `context-with-gradient-in-use` and `context-with-pattern-*-in-use`), not the shape's: each
/// shape gets a copy of the server set in its own space.
@Suite struct ContextPaintServerTests {
    /// The value of `name` in the first tag of `xml`.
    static func attribute(_ name: String, in xml: String) -> String? {
        guard let start = xml.range(of: " \(name)=\"") else { return nil }
        let rest = xml[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The first layer with content under the layer named `name` for which `matches` holds.
    static func shape(_ scene: Scene, under name: String, _ matches: (Content) -> Bool = { _ in true }) throws -> LayerID {
        let top = try #require(S.layer(scene, name))
        return try #require(scene.tree.preorder(from: top, includeMasks: false).first { scene.tree[$0].content.map(matches) ?? false })
    }

    /// The resource a layer's fill or stroke refers to.
    static func server(_ scene: Scene, _ id: LayerID, stroke: Bool = false) throws -> Resource {
        let paint = stroke ? scene.tree[id].content?.stroke : scene.tree[id].content?.fill
        var reference: String?
        if case .ref(let ref, _)? = paint { reference = ref }
        let ref = try #require(reference, "not a paint server: \(String(describing: paint))")
        return try #require(scene.resources.first { $0.id == ref })
    }

    /// The context element's box, in root space, is what the made gradient's unit square maps to
    /// from every shape, however each shape is transformed.
    @Test func anObjectBoundingBoxGradientSpansTheUsesBox() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\">"
            + "<linearGradient id=\"lg\"><stop offset=\"0\" stop-color=\"gold\"/><stop offset=\"1\" stop-color=\"navy\"/></linearGradient>"
            + "<defs><g id=\"g\"><rect id=\"a\" width=\"40\" height=\"30\" fill=\"context-fill\"/>"
            + "<rect id=\"b\" x=\"50\" y=\"10\" width=\"10\" height=\"50\" transform=\"scale(2 1)\" fill=\"context-fill\"/></g></defs>"
            + "<use id=\"u\" href=\"#g\" x=\"20\" y=\"10\" transform=\"translate(5 0)\" fill=\"url(#lg)\"/></svg>"
        let (scene, diagnostics) = try S.load(svg)
        #expect(diagnostics.isEmpty)
        // The use's box: x 0…120 (the scaled rect reaches 2 × 60), y 0…60, moved by x/y and the
        // transform: (25, 10) to (145, 70) in root space.
        var made: Set<String> = []
        for name in ["a", "b"] {
            let shapeOf: Shape = name == "a"
                ? .rect(x: 0, y: 0, width: 40, height: 30, rx: 0, ry: 0) : .rect(x: 50, y: 10, width: 10, height: 50, rx: 0, ry: 0)
            let shape = try Self.shape(scene, under: "u") { $0.shape == shapeOf }
            let resource = try Self.server(scene, shape)
            made.insert(resource.id)
            #expect(resource.id.hasPrefix("lg-context-"))
            #expect(Self.attribute("gradientUnits", in: resource.xml) == "userSpaceOnUse")
            #expect(Self.attribute("x2", in: resource.xml) == "1")
            let matrix = try #require(Self.attribute("gradientTransform", in: resource.xml).flatMap { TransformList.parse($0[...]) })
            #expect(S.close(S.toRoot(scene, shape, matrix.apply(Point(0, 0))), Point(25, 10), 1e-4))
            #expect(S.close(S.toRoot(scene, shape, matrix.apply(Point(1, 1))), Point(145, 70), 1e-4))
        }
        // One copy per shape frame.
        #expect(made.count == 2)
        // The document's own gradient is unchanged.
        let original = try #require(scene.resources.first { $0.id == "lg" })
        #expect(Self.attribute("gradientUnits", in: original.xml) == nil)
    }

    /// An `objectBoundingBox` pattern tile is placed in the use's box, and
    /// `objectBoundingBox` content is scaled to the box by a `viewBox`.
    @Test func aBoundingBoxPatternTilesTheUsesBox() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\">"
            + "<pattern id=\"p\" x=\"0.1\" width=\"25%\" height=\"0.5\" patternContentUnits=\"objectBoundingBox\"><rect width=\"0.1\" height=\"0.1\"/></pattern>"
            + "<defs><rect id=\"r\" x=\"10\" y=\"20\" width=\"80\" height=\"40\" fill=\"context-stroke\"/></defs>"
            + "<use id=\"u\" href=\"#r\" stroke=\"url(#p)\"/></svg>"
        let (scene, _) = try S.load(svg)
        let shape = try Self.shape(scene, under: "u")
        let resource = try Self.server(scene, shape)
        #expect(resource.id == "p-context-1")
        let numbers = ["x", "y", "width", "height"].map { Self.attribute($0, in: resource.xml) }
        #expect(numbers == ["18", "20", "20", "20"])
        #expect(Self.attribute("patternUnits", in: resource.xml) == "userSpaceOnUse")
        #expect(Self.attribute("viewBox", in: resource.xml) == "0 0 0.25 0.5")
        #expect(Self.attribute("preserveAspectRatio", in: resource.xml) == "none")
        #expect(resource.xml.contains("<rect width=\"0.1\" height=\"0.1\"/>"))
    }

    /// A user-space gradient keeps its coordinates and only changes frame; an
    /// `objectBoundingBox` one on an empty box (a horizontal line) paints nothing; a fallback
    /// after a missing server is used as is; context paint outside any use is unchanged.
    @Test(arguments: [
        ("<use id=\"u\" href=\"#line\" x=\"10\" stroke=\"url(#user)\"/>", "user-context-1"),
        ("<use id=\"u\" href=\"#line\" x=\"10\" stroke=\"url(#box)\"/>", "none"),
        ("<use id=\"u\" href=\"#line\" x=\"10\" stroke=\"url(#missing) green\"/>", "#008000"),
    ])
    func serversOnLines(_ use: String, _ expected: String) throws {
        let svg = S.header + " viewBox=\"0 0 200 200\">"
            + "<linearGradient id=\"user\" gradientUnits=\"userSpaceOnUse\" x2=\"50%\"><stop offset=\"0\" stop-color=\"red\"/></linearGradient>"
            + "<linearGradient id=\"box\"><stop offset=\"0\" stop-color=\"red\"/></linearGradient>"
            + "<defs><line id=\"line\" x2=\"80\" stroke=\"context-stroke\" transform=\"translate(3 4)\"/></defs>" + use + "</svg>"
        let (scene, _) = try S.load(svg)
        let shape = try Self.shape(scene, under: "u")
        switch scene.tree[shape].content?.stroke {
        case .ref(let id, _)?:
            #expect(id == expected)
            let xml = try Self.server(scene, shape, stroke: true).xml
            #expect(Self.attribute("x2", in: xml) == "50%")
            // From the use's space into the line's: the line's own translation undone.
            #expect(Self.attribute("gradientTransform", in: xml) == "matrix(1 0 0 1 -3 -4)")
        case .color(let c)?: #expect(c == expected)
        case Paint.none?: #expect(expected == "none")
        case nil: Issue.record("no stroke")
        }
    }

    /// A use painted with context paint itself: its copy's server takes the nearest use's box
    /// (resvg; Chromium takes the outer use's).
    @Test func theNearestUseIsTheContext() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\">"
            + "<linearGradient id=\"lg\"><stop offset=\"0\" stop-color=\"red\"/></linearGradient>"
            + "<defs><rect id=\"r\" width=\"10\" height=\"10\" fill=\"context-fill\"/>"
            + "<g id=\"two\"><use id=\"inner\" href=\"#r\" fill=\"context-fill\"/><rect x=\"90\" width=\"10\" height=\"100\"/></g></defs>"
            + "<use id=\"u\" href=\"#two\" fill=\"url(#lg)\"/></svg>"
        let (scene, _) = try S.load(svg)
        let shape = try Self.shape(scene, under: "u") { $0.shape == .rect(x: 0, y: 0, width: 10, height: 10, rx: 0, ry: 0) }
        let matrix = try #require(Self.attribute("gradientTransform", in: try Self.server(scene, shape).xml).flatMap { TransformList.parse($0[...]) })
        #expect(matrix == AffineTransform(10, 0, 0, 10, 0, 0))
    }

    /// A `symbol` counts its content, mapped by its viewBox, not its viewport (Chromium).
    @Test func aSymbolCountsItsContentNotItsViewport() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\">"
            + "<linearGradient id=\"lg\"><stop offset=\"0\" stop-color=\"red\"/></linearGradient>"
            + "<symbol id=\"s\" viewBox=\"0 0 10 10\"><rect x=\"1\" y=\"2\" width=\"8\" height=\"6\" fill=\"context-fill\"/></symbol>"
            + "<use id=\"u\" href=\"#s\" width=\"100\" height=\"100\" fill=\"url(#lg)\"/></svg>"
        let (scene, _) = try S.load(svg)
        let shape = try Self.shape(scene, under: "u")
        let matrix = try #require(Self.attribute("gradientTransform", in: try Self.server(scene, shape).xml).flatMap { TransformList.parse($0[...]) })
        // The rect's own box is the unit square's image, in its own space.
        #expect(S.close(matrix.apply(Point(0, 0)), Point(1, 2), 1e-9))
        #expect(S.close(matrix.apply(Point(1, 1)), Point(9, 8), 1e-9))
    }

    /// Clip path content is not painted: a `use` in a clip path makes no copy.
    @Test func clipPathContentMakesNoCopy() throws {
        let svg = S.header + " viewBox=\"0 0 200 200\">"
            + "<linearGradient id=\"lg\"><stop offset=\"0\" stop-color=\"red\"/></linearGradient>"
            + "<defs><rect id=\"r\" x=\"10\" y=\"10\" width=\"80\" height=\"80\" fill=\"context-fill\"/>"
            + "<rect id=\"r2\" width=\"50\" height=\"50\" fill=\"context-fill\"/></defs>"
            + "<clipPath id=\"c\"><use href=\"#r2\" fill=\"url(#lg)\"/></clipPath>"
            + "<rect width=\"200\" height=\"200\" clip-path=\"url(#c)\"/><use href=\"#r\" x=\"100\" fill=\"url(#lg)\"/></svg>"
        let (scene, _) = try S.load(svg)
        #expect(scene.resources.map(\.id).filter { $0.hasPrefix("lg-context-") } == ["lg-context-1"])
    }

    /// Hostile input: 1,000 uses, each of its own shape, painted `context-fill` with a
    /// 1,500-stop gradient would need 75 MB of copies; they stop at the budget, with a
    /// warning, and the remaining shapes keep the document's gradient.
    @Test func copiesStopAtTheBudget() throws {
        let stops = (0..<1_500).map { "<stop offset=\"\(Double($0) / 1_500)\" stop-color=\"#\(String($0 % 256, radix: 16))0000\"/>" }
        var svg = S.header + " width=\"100\" height=\"100\"><linearGradient id=\"g\">" + stops.joined() + "</linearGradient><defs>"
        for k in 0..<1_000 { svg += "<rect id=\"r\(k)\" width=\"\(k + 1)\" height=\"5\" fill=\"context-fill\"/>" }
        svg += "</defs>"
        for k in 0..<1_000 { svg += "<use href=\"#r\(k)\" fill=\"url(#g)\"/>" }
        let (scene, diagnostics) = try S.load(svg + "</svg>")
        #expect(diagnostics.map(\.message) == ["more than 32 MB of context paint server copies; '#g' left in the shape's own box"])
        let copies = scene.resources.filter { $0.id.hasPrefix("g-context-") }
        let bytes = copies.reduce(0) { $0 + $1.xml.utf8.count }
        #expect(bytes > SceneBuilder.contextServerBudget)
        #expect(bytes < SceneBuilder.contextServerBudget + 200_000)
        #expect(copies.count < 1_000)
        let kept = scene.tree.layers.filter { if case .ref("g", _)? = $0.content?.fill { true } else { false } }
        #expect(kept.count == 1_000 - copies.count)
    }
}
