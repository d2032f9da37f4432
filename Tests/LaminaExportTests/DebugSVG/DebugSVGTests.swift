import LaminaCore
import LaminaSVGImport
import Testing

@testable import LaminaExport

/// A layer with the given geometry.
func makeLayer(
    _ name: String?, bounds: Rect, position: Point, anchor: Point = Point(0.5, 0.5),
    transform: AffineTransform = .identity, z: Double = 0, hidden: Bool = false
) -> Layer {
    var l = Layer(name: name)
    l.bounds = bounds
    l.position = position
    l.anchorPoint = anchor
    l.transform = Transform3D(transform)
    l.zPosition = z
    l.hidden = hidden
    return l
}

/// A scene whose root is a `width`×`height` canvas with its frame at the origin.
func makeScene(_ width: Double = 200, _ height: Double = 200) -> Scene {
    var tree = LayerTree()
    let root = tree.make(makeLayer(nil, bounds: Rect(0, 0, width, height), position: Point(width / 2, height / 2)))
    return Scene(tree: tree, root: root)
}

/// Adds `layer` as the last sublayer of `parent`.
@discardableResult
func add(_ layer: Layer, to parent: LayerID, in scene: inout Scene) throws -> LayerID {
    let id = scene.tree.make(layer)
    try scene.tree.addSublayer(id, to: parent)
    return id
}

/// The overlay parsed, failing the test when it is not well-formed.
func parsedOverlay(_ scene: Scene, _ options: DebugSVG.Options = .init()) throws -> (OverlayDOM, [Diagnostic]) {
    let (markup, warnings) = DebugSVG.overlay(scene: scene, options: options)
    let dom = try #require(OverlayDOM.parse(markup), "overlay is not well-formed XML")
    return (dom, warnings)
}

/// The debug document of `scene` and its flattened SVG, checking that every route to the
/// document writes the same bytes: whole, streamed in `chunkSize` pieces, as pieces, and as
/// pieces with the overlay built on two threads.
func debugDocumentByEveryRoute(_ scene: Scene, chunkSize: Int) -> (document: [UInt8], flat: [UInt8]) {
    let options = DebugSVG.Options()
    let (list, _) = DisplayList.resolve(scene)
    let flat = FlattenedSVG.bytes(list, scene: scene)
    let whole = DebugSVG.document(list, scene: scene, options: options).bytes
    var streamed: [UInt8] = []
    _ = DebugSVG.document(list, scene: scene, options: options, chunkSize: chunkSize) { streamed.append(contentsOf: $0) }
    let pieces = DebugSVG.documentPieces(flat: flat, scene: scene, options: options).pieces
    let job = DebugSVG.OverlayJob(scene: scene, options: options, threads: 2)
    let jobPieces = DebugSVG.documentPieces(flat: flat, scene: scene, options: options, overlay: job).pieces
    #expect(streamed == whole)
    #expect(Array(pieces.joined()) == whole)
    #expect(Array(jobPieces.joined()) == whole)
    return (whole, flat)
}

func layerGroup(_ dom: OverlayDOM, _ path: String) -> OverlayDOM? {
    dom.elements(class: "lamina-layer").first { $0.attributes["data-layer"] == path }
}

@Suite struct DebugSVGTests {
    @Test func everyVisibleLayerHasOneGroupWithOneAnchor() throws {
        var scene = makeScene()
        let a = try add(makeLayer("a", bounds: Rect(0, 0, 50, 50), position: Point(50, 50)), to: scene.root, in: &scene)
        try add(makeLayer(nil, bounds: Rect(0, 0, 10, 10), position: Point(5, 5)), to: a, in: &scene)
        let h = try add(makeLayer("h", bounds: Rect(0, 0, 10, 10), position: Point(5, 5), hidden: true), to: scene.root, in: &scene)
        try add(makeLayer("under-hidden", bounds: Rect(0, 0, 1, 1), position: .zero), to: h, in: &scene)
        try add(makeLayer("b", bounds: Rect(0, 0, 20, 20), position: Point(150, 150)), to: scene.root, in: &scene)
        let masked = try add(makeLayer("m", bounds: Rect(0, 0, 20, 20), position: Point(30, 150)), to: scene.root, in: &scene)
        let mask = scene.tree.make(makeLayer("the-mask", bounds: Rect(0, 0, 5, 5), position: .zero))
        try scene.tree.setMask(mask, of: masked)

        let (dom, _) = try parsedOverlay(scene)
        #expect(dom.name == "g" && dom.attributes["id"] == "lamina-overlay")
        let groups = dom.elements(class: "lamina-layer")
        #expect(groups.map { $0.attributes["data-layer"] ?? "?" } == ["/", "a", "a/#0", "b", "m"])
        #expect(groups.map { $0.attributes["data-depth"] ?? "?" } == ["0", "1", "2", "1", "1"])
        for g in groups {
            #expect(g.elements(class: "lamina-anchor").count == 1)
            #expect(g.elements(class: "lamina-frame").count == 1)
            #expect(g.elements(class: "lamina-bounds").count == 1)
            #expect(g.children.first?.name == "title")
        }
        let labels = groups.flatMap { $0.elements(class: "lamina-label") }.map(\.text)
        #expect(labels == ["/ #0", "a #1", "a/#0 #2", "b #3", "m #4"])
        #expect(dom.elements(class: "lamina-legend").count == 1)
        #expect(dom.all.contains { $0.name == "style" })
    }

    @Test func rootFrameIsDrawnInItsSuperlayerSpace() throws {
        var tree = LayerTree()
        let root = tree.make(makeLayer(nil, bounds: Rect(0, 0, 100, 80), position: Point(70, 60)))
        let (dom, _) = try parsedOverlay(Scene(tree: tree, root: root))
        let frame = try #require(layerGroup(dom, "/")?.elements(class: "lamina-frame").first)
        #expect(frame.name == "rect")
        #expect([frame.number("x"), frame.number("y"), frame.number("width"), frame.number("height")] == [20, 20, 100, 80])
        let bounds = try #require(layerGroup(dom, "/")?.elements(class: "lamina-bounds").first)
        #expect(bounds.points.map { [$0.0, $0.1] } == [[20, 20], [120, 20], [120, 100], [20, 100]])
    }

    @Test func overlayIsDrawnInTheViewBoxSpaceOfAnImportedFile() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="-50 -100 200 200"
                 preserveAspectRatio="xMinYMin"><rect id="r" x="70" y="20" width="60" height="60"/></svg>
            """
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "t.svg")
        let (dom, _) = try parsedOverlay(scene)
        // Canvas → viewBox space: x = 2·x' − 50, y = 2·y' − 100.
        #expect(dom.attributes["transform"] == "matrix(2 0 0 2 -50 -100)")
        let bounds = try #require(layerGroup(dom, "r")?.elements(class: "lamina-bounds").first)
        let canvas = bounds.points.map { [$0.0, $0.1] }
        #expect(canvas == [[60, 60], [90, 60], [90, 90], [60, 90]])
        let user = canvas.map { [2 * $0[0] - 50, 2 * $0[1] - 100] }
        #expect(user == [[70, 20], [130, 20], [130, 80], [70, 80]])
    }

    @Test func frameOfALayerInARotatedSuperlayerIsAPolygon() throws {
        var scene = makeScene()
        let p = try add(
            makeLayer("p", bounds: Rect(0, 0, 100, 100), position: Point(100, 100), transform: .rotation(Double.pi / 4)),
            to: scene.root, in: &scene)
        try add(makeLayer("c", bounds: Rect(0, 0, 20, 20), position: Point(50, 50)), to: p, in: &scene)
        let (dom, _) = try parsedOverlay(scene)

        // p's frame lives in the (unrotated) root: its bounding box, a rect.
        let pFrame = try #require(layerGroup(dom, "p")?.elements(class: "lamina-frame").first)
        #expect(pFrame.name == "rect")
        let half = 50 * 2.0.squareRoot()
        #expect(abs((pFrame.number("x") ?? 0) - (100 - half)) < 1e-5)
        #expect(abs((pFrame.number("width") ?? 0) - 2 * half) < 1e-5)

        // c's frame (40,40,20,20) in p's space, drawn in root space: a rotated square.
        let cFrame = try #require(layerGroup(dom, "p/c")?.elements(class: "lamina-frame").first)
        #expect(cFrame.name == "polygon")
        let s = 1 / 2.0.squareRoot()
        let expected = [Point(-10, -10), Point(10, -10), Point(10, 10), Point(-10, 10)].map {
            Point(100 + s * ($0.x - $0.y), 100 + s * ($0.x + $0.y))
        }
        let got = cFrame.points
        #expect(got.count == 4)
        for (g, e) in zip(got, expected) {
            #expect(abs(g.0 - e.x) < 1e-5 && abs(g.1 - e.y) < 1e-5)
        }
    }

    @Test func clockHandAnchorLandsOnTheFaceCentreAndItsTip() throws {
        var scene = makeScene()
        let face = try add(
            makeLayer("face", bounds: Rect(0, 0, 160, 160), position: Point(100, 100), transform: .rotation(Double.pi / 2)),
            to: scene.root, in: &scene)
        try add(
            makeLayer("hand", bounds: Rect(0, 0, 4, 60), position: Point(80, 80), anchor: Point(0.5, 1),
                transform: .rotation(0.3)),
            to: face, in: &scene)
        try add(makeLayer("twelve", bounds: Rect(0, 0, 6, 6), position: Point(80, 20)), to: face, in: &scene)
        let (dom, _) = try parsedOverlay(scene)

        func anchorCentre(_ path: String) throws -> (Double, Double) {
            let g = try #require(layerGroup(dom, path)?.elements(class: "lamina-anchor").first)
            let dot = try #require(g.children.first { $0.name == "circle" })
            return (dot.number("cx") ?? .nan, dot.number("cy") ?? .nan)
        }
        let hand = try anchorCentre("face/hand")
        #expect(abs(hand.0 - 100) < 1e-6 && abs(hand.1 - 100) < 1e-6)
        // 12 o'clock of the face, turned a quarter clockwise: 3 o'clock on the canvas.
        let twelve = try anchorCentre("face/twelve")
        #expect(abs(twelve.0 - 160) < 1e-6 && abs(twelve.1 - 100) < 1e-6)
    }

    @Test func zPositionTrapIsReportedAndDrawnForOverlappingSiblings() throws {
        var scene = makeScene()
        try add(makeLayer("front", bounds: Rect(0, 0, 40, 40), position: Point(50, 50), z: 1), to: scene.root, in: &scene)
        try add(makeLayer("back", bounds: Rect(0, 0, 40, 40), position: Point(60, 60)), to: scene.root, in: &scene)
        try add(makeLayer("far", bounds: Rect(0, 0, 10, 10), position: Point(180, 180)), to: scene.root, in: &scene)
        let (dom, warnings) = try parsedOverlay(scene)
        let traps = warnings.filter { $0.message.hasPrefix("zPosition trap") }
        #expect(traps.map(\.message) == [
            "zPosition trap: 'front' (zPosition 1) paints above 'back' (zPosition 0), "
                + "but hit testing finds 'back' first (later in the sublayer array)"
        ])
        let drawn = dom.elements(class: "lamina-warning")
        #expect(drawn.map { $0.attributes["data-layer"] ?? "" } == ["front"])
        #expect(drawn.first?.children.filter { $0.name == "polygon" }.count == 2)
    }

    @Test func siblingsInTheSameOrderForPaintAndHitAreNotATrap() throws {
        var scene = makeScene()
        try add(makeLayer("low", bounds: Rect(0, 0, 40, 40), position: Point(50, 50)), to: scene.root, in: &scene)
        try add(makeLayer("high", bounds: Rect(0, 0, 40, 40), position: Point(60, 60), z: 2), to: scene.root, in: &scene)
        try add(makeLayer("apart", bounds: Rect(0, 0, 10, 10), position: Point(180, 180), z: -1), to: scene.root, in: &scene)
        let (_, warnings) = try parsedOverlay(scene)
        #expect(warnings.isEmpty)
    }

    @Test func frameOffWholePixelsWarnsOnlyForAxisAlignedLayers() throws {
        var scene = makeScene()
        try add(makeLayer("half", bounds: Rect(0, 0, 20, 20), position: Point(10.5, 10)), to: scene.root, in: &scene)
        try add(makeLayer("whole", bounds: Rect(0, 0, 20, 20), position: Point(50, 50)), to: scene.root, in: &scene)
        try add(
            makeLayer("tilted", bounds: Rect(0, 0, 20, 20), position: Point(100.5, 100), transform: .rotation(0.5)),
            to: scene.root, in: &scene)
        let (dom, warnings) = try parsedOverlay(scene)
        #expect(warnings.map(\.message) == ["frame of 'half' is not on whole pixels: [0.5, 0, 20, 20]"])
        #expect(dom.elements(class: "lamina-warning").map { $0.attributes["data-layer"] ?? "" } == ["half"])
    }

    @Test func nonInvertibleTransformWarns() throws {
        var scene = makeScene()
        try add(
            makeLayer("flat", bounds: Rect(0, 0, 20, 20), position: Point(50, 50), transform: .scale(0, 1)),
            to: scene.root, in: &scene)
        let (_, warnings) = try parsedOverlay(scene)
        #expect(warnings.map(\.message) == ["layer 'flat' has a non-invertible transform [0, 0, 0, 1, 0, 0]"])
    }

    /// A name an earlier sibling has is written `#N` in `data-layer` (the name leads to the first).
    @Test func repeatedSiblingNamesAreIndicesInTheOverlay() throws {
        var scene = makeScene()
        for (i, n) in ["twin", "twin", "solo"].enumerated() {
            try add(makeLayer(n, bounds: Rect(0, 0, 10, 10), position: Point(20 * Double(i) + 10, 20)), to: scene.root, in: &scene)
        }
        let (markup, _) = DebugSVG.overlay(scene: scene, options: .init())
        #expect(markup.contains(#"data-layer="twin""#))
        #expect(markup.contains(##"data-layer="#1""##))
        #expect(markup.contains(#"data-layer="solo""#))
        #expect(markup.components(separatedBy: #"data-layer="twin""#).count == 2)
    }

    /// The overlay lists layers until their paths hold ``OverlayScan/pathBudget`` bytes: the
    /// rest are counted (each layer's marks name its path, so many deep layers would make an
    /// overlay of gigabytes); under the budget every visible layer is listed.
    @Test func layersPastThePathBudgetAreCounted() throws {
        var scene = makeScene()
        var parent = scene.root
        for k in 0..<30 {
            parent = try add(makeLayer("level\(k)", bounds: Rect(0, 0, 10, 10), position: Point(5, 5)), to: parent, in: &scene)
        }
        let geometry = OverlayGeometry(scene: scene)
        #expect(OverlayScan(geometry: geometry, scope: nil).entries.count == 31)
        // "level0" 6 bytes, "level0/level1" 13, …: the first four paths take 6 + 13 + 20 + 27 = 66.
        let cut = OverlayScan(geometry: geometry, scope: nil, pathBudget: 70)
        #expect(cut.entries.count == 5)
        #expect(cut.overBudget == 1)
    }

    @Test func hostileNamesAreEscapedAndTheOverlayStaysWellFormed() throws {
        var scene = makeScene()
        // No `/` in them: a name holding one is written `#N` in paths (it could not be given back).
        let names = ["<script>alert(\"x\")<script>", "a'b\"c&d", "]]>", "bell\u{7}tab\tnl\n", "--><!--"]
        for (i, n) in names.enumerated() {
            try add(makeLayer(n, bounds: Rect(0, 0, 10, 10), position: Point(20 * Double(i) + 10, 20)), to: scene.root, in: &scene)
        }
        let (markup, _) = DebugSVG.overlay(scene: scene, options: .init(hit: Point(10, 20)))
        #expect(!markup.contains("<script"))
        #expect(!markup.contains("]]>"))
        #expect(!markup.contains("\u{7}"))
        #expect(!markup.contains("<!--"))
        #expect(!markup.lowercased().contains("foreignobject"))
        #expect(!markup.contains(" on"))
        #expect(!markup.contains("href") && !markup.contains("url(") && !markup.contains("@import"))
        let dom = try #require(OverlayDOM.parse(markup))
        let paths = dom.elements(class: "lamina-layer").compactMap { $0.attributes["data-layer"] }
        // A name with control characters is written `#N` in paths (it would not show as written).
        #expect(paths == ["/"] + names.enumerated().map { LayerTree.isPathName($1) ? $1 : "#\($0)" })
        #expect(paths[4] == "#3")
        #expect(dom.elements(class: "lamina-hit").first?.attributes["data-layer"] == names[0])
    }

    @Test func nonFiniteAndHugeGeometryStillGivesWellFormedMarkup() throws {
        var tree = LayerTree()
        let root = tree.make(makeLayer(nil, bounds: Rect(0, 0, .nan, 0), position: Point(.infinity, 1)))
        var scene = Scene(tree: tree, root: root)
        try add(makeLayer("nan", bounds: Rect(.nan, 0, 10, 10), position: Point(1, .nan), z: .nan), to: root, in: &scene)
        try add(makeLayer("huge", bounds: Rect(0, 0, 1e308, 1e308), position: Point(-1e308, 1e300), z: 1), to: root, in: &scene)
        var persp = makeLayer("edge-on", bounds: Rect(0, 0, 10, 10), position: Point(5, 5))
        persp.transform = Transform3D.rotation(Double.pi / 2, 0, 1, 0).concatenating(
            Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: -0.01,
                m41: 0, m42: 0, m43: 0, m44: 1))
        try add(persp, to: root, in: &scene)
        let (markup, _) = DebugSVG.overlay(scene: scene, options: .init(hit: Point(.nan, 3)))
        let dom = try #require(OverlayDOM.parse(markup))
        #expect(dom.elements(class: "lamina-layer").count == 4)
        #expect(dom.elements(class: "lamina-anchor").count == 4)
        let numeric = dom.all.flatMap { e in e.attributes.filter { $0.key != "data-layer" }.map(\.value) }
        #expect(!numeric.contains { $0.contains("null") || $0.contains("nan") || $0.contains("inf") })
    }

    @Test func hitMarksTheLayerHitTestReturnsAndThePointsWayDown() throws {
        var scene = makeScene()
        let p = try add(makeLayer("p", bounds: Rect(0, 0, 100, 100), position: Point(100, 100)), to: scene.root, in: &scene)
        try add(makeLayer("c", bounds: Rect(0, 0, 20, 20), position: Point(50, 50)), to: p, in: &scene)
        let (dom, _) = try parsedOverlay(scene, .init(hit: Point(101, 102)))
        let hit = try #require(dom.elements(class: "lamina-hit").first)
        #expect(hit.attributes["data-layer"] == "p/c")
        let titles = hit.children.filter { $0.name == "circle" }.compactMap { $0.children.first?.text }
        #expect(titles == [
            "/: point in its space [101, 102]", "p: point in its space [51, 52]", "p/c: point in its space [11, 12]",
        ])
        let (none, _) = try parsedOverlay(scene, .init(hit: Point(-5, 5)))
        #expect(none.elements(class: "lamina-hit").first.map { $0.attributes["data-layer"] == nil } == true)
    }

    @Test func onlyDrawsThatSubtreeAndLabelsCanBeTurnedOff() throws {
        var scene = makeScene()
        let a = try add(makeLayer("a", bounds: Rect(0, 0, 50, 50), position: Point(50, 50)), to: scene.root, in: &scene)
        try add(makeLayer("a1", bounds: Rect(0, 0, 10, 10), position: Point(5, 5)), to: a, in: &scene)
        try add(makeLayer("b", bounds: Rect(0, 0, 20, 20), position: Point(150, 150)), to: scene.root, in: &scene)
        let (dom, _) = try parsedOverlay(scene, .init(only: "a", labels: false))
        #expect(dom.elements(class: "lamina-layer").compactMap { $0.attributes["data-layer"] } == ["a", "a/a1"])
        #expect(dom.elements(class: "lamina-label").isEmpty)
        let (_, warnings) = try parsedOverlay(scene, .init(only: "nope"))
        #expect(warnings.map(\.message) == ["debug overlay: no layer at path 'nope'"])
    }

    @Test func extraWarningsAreReturnedAndDrawn() throws {
        let extra = Diagnostic.warning("constraint on 'x' cannot be satisfied <&>")
        let (dom, warnings) = try parsedOverlay(makeScene(), .init(extraWarnings: [extra]))
        #expect(warnings == [extra])
        let drawn = dom.elements(class: "lamina-warning").flatMap(\.all).filter { $0.name == "text" }.map(\.text)
        #expect(drawn == ["warning: constraint on 'x' cannot be satisfied <&>"])
    }

    @Test func deepNestingIsBoundedAndDoesNotRecurse() throws {
        var scene = makeScene()
        // Built bottom-up so each addSublayer's cycle check stays short.
        var child = scene.tree.make(makeLayer(nil, bounds: Rect(0, 0, 2, 2), position: Point(1, 1)))
        for _ in 0..<20_000 {
            let parent = scene.tree.make(makeLayer(nil, bounds: Rect(0, 0, 2, 2), position: Point(1, 1)))
            try scene.tree.addSublayer(child, to: parent)
            child = parent
        }
        try scene.tree.addSublayer(child, to: scene.root)
        let (markup, warnings) = DebugSVG.overlay(scene: scene, options: .init(labels: false))
        #expect(warnings.count == 1)
        #expect(warnings.first?.message == "debug overlay: 1 layers nested deeper than 1000 levels are not drawn")
        #expect(markup.components(separatedBy: "class=\"lamina-layer\"").count - 1 == 1001)
    }

    @Test func documentBytesAreTheFlattenedFileWithTheOverlayBeforeTheEnd() throws {
        // Large enough to be shown at its own size (a small one is magnified: OverlayDisplayTests).
        var scene = makeScene(600, 600)
        try add(makeLayer("a&b", bounds: Rect(0, 0, 20, 10), position: Point(30, 40)), to: scene.root, in: &scene)
        scene.tree[scene.root].backgroundColor = "#ffffff"
        let (list, _) = DisplayList.resolve(scene)
        let (markup, warnings) = DebugSVG.overlay(scene: scene, options: .init())
        // The flattened file with the document title as the root's first child.
        var expected = FlattenedSVG.write(list, scene: scene, options: .init(overlay: markup))
        let rootTagEnd = try #require(expected.firstIndex(of: "\n"))
        expected.insert(contentsOf: "<title>Lamina debug SVG</title>\n", at: expected.index(after: rootTagEnd))
        let document = DebugSVG.document(list, scene: scene, options: .init())
        #expect(String(decoding: document.bytes, as: UTF8.self) == expected)
        #expect(document.warnings == warnings)
        #expect(expected.contains("data-layer=\"a&amp;b\""))
        #expect(expected.hasSuffix("</g>\n</svg>\n"))
        var streamed: [UInt8] = []
        var pieces = 0
        let streamedWarnings = DebugSVG.document(list, scene: scene, options: .init(), chunkSize: 1) {
            streamed.append(contentsOf: $0)
            pieces += 1
        }
        #expect(streamed == document.bytes)
        #expect(streamedWarnings == warnings)
        #expect(pieces > 4)
    }
}
