import LaminaCore
import LaminaSVGImport
import Testing

@testable import LaminaExport

/// Labels shown do not cover one another nor the legend (Docs/DebugSVG.md): a label that would
/// is moved down a line at a time, a few lines at most, and one that still would is crowded out,
/// shown only while its layer is hovered.
@Suite struct OverlayLabelOverlapTests {
    struct Label {
        let path: String
        let origin: Point
        /// The box its text covers: as wide as DejaVu Sans sets it, from a font size above the
        /// baseline to 0.2 below.
        let box: Rect
        let crowded: Bool
    }

    /// Every layer's label in the overlay, with the box its text covers at font size `f`.
    func labels(_ dom: OverlayDOM, fontSize f: Double) throws -> [Label] {
        try dom.elements(class: "lamina-layer").map { g in
            let t = try #require(g.elements(class: "lamina-label").first)
            let x = try #require(t.number("x")), y = try #require(t.number("y"))
            let classes = (t.attributes["class"] ?? "").split(separator: " ")
            return Label(
                path: g.attributes["data-layer"] ?? "", origin: Point(x, y),
                box: Rect(x, y - f, OverlayLabels.textWidth(t.text) * f, f * 1.2), crowded: classes.contains("lamina-crowded"))
        }
    }

    /// Whether two boxes share more than rounding.
    func overlap(_ a: Rect, _ b: Rect) -> Bool {
        let e = 1e-6
        return a.minX < b.maxX - e && b.minX < a.maxX - e && a.minY < b.maxY - e && b.minY < a.maxY - e
    }

    /// The pairs of shown labels that cover each other.
    func overlaps(_ labels: [Label]) -> [String] {
        let shown = labels.filter { !$0.crowded }
        var found: [String] = []
        for i in shown.indices {
            for j in shown.indices where j > i && overlap(shown[i].box, shown[j].box) {
                found.append("\(shown[i].path) / \(shown[j].path)")
            }
        }
        return found
    }

    func legendBox(_ dom: OverlayDOM) throws -> Rect {
        let legend = try #require(dom.elements(class: "lamina-legend").first)
        let box = try #require(legend.children.first { $0.attributes["class"] == "lamina-legend-box" })
        return Rect(
            try #require(box.number("x")), try #require(box.number("y")), try #require(box.number("width")),
            try #require(box.number("height")))
    }

    /// The clock's minute hand starts 34 px left of the hour hand and 3 px above it: their labels
    /// were in columns of their own and "minute #2" ran into "hour #1"; it goes just under it.
    @Test func aLabelThatWouldRunIntoAnotherGoesUnderIt() throws {
        var scene = makeScene(200, 200)
        try add(makeLayer("hour", bounds: Rect(0, 0, 10, 60), position: Point(100, 125)), to: scene.root, in: &scene)
        try add(makeLayer("minute", bounds: Rect(0, 0, 60, 10), position: Point(91.4, 96.6)), to: scene.root, in: &scene)
        let (dom, _) = try parsedOverlay(scene)
        let f = OverlayStyle(canvas: Size(200, 200)).fontSize
        let all = try labels(dom, fontSize: f)
        #expect(overlaps(all).isEmpty)
        let hour = try #require(all.first { $0.path == "hour" })
        #expect(abs(hour.origin.y - (95 + f)) < 1e-5)
        // Just under the hour hand's label.
        let minute = try #require(all.first { $0.path == "minute" })
        #expect(!minute.crowded)
        #expect(abs(minute.origin.x - (61.4 + f * 0.2)) < 1e-5)
        #expect(abs(minute.origin.y - (hour.box.maxY + f)) < 1e-5)
    }

    /// Frames 13 px apart in a row, with long names: each label runs into the ones before it,
    /// so the next three go just under them, and the others, which would be four lines away or
    /// more, are shown on hover only.
    @Test func aLabelWithNoRoomNearItsFrameIsShownOnHover() throws {
        var scene = makeScene(400, 300)
        let name = "a-rather-long-layer-name-"
        for k in 0..<7 {
            try add(
                makeLayer(name + "\(k)", bounds: Rect(0, 0, 100, 100), position: Point(90 + 13 * Double(k), 150)),
                to: scene.root, in: &scene)
        }
        let (dom, _) = try parsedOverlay(scene)
        let f = OverlayStyle(canvas: Size(400, 300)).fontSize
        let line = f * OverlayLabels.lineHeight
        let all = try labels(dom, fontSize: f)
        #expect(overlaps(all).isEmpty)
        for k in 0..<4 {
            let l = try #require(all.first { $0.path == name + "\(k)" })
            #expect(!l.crowded)
            #expect(abs(l.origin.y - (100 + f + Double(k) * line)) < 1e-5, "\(k)")
        }
        #expect(all.filter(\.crowded).map(\.path) == [name + "4", name + "5", name + "6"])
        let css = try #require(dom.all.first { $0.name == "style" }?.text)
        #expect(css.contains("#lamina-overlay .lamina-crowded{display:none}"))
        #expect(css.contains("#lamina-overlay .lamina-layer:hover .lamina-crowded{display:inline}"))
    }

    /// Labels are measured as a browser sets them: "#111 #112" is 69.7 CSS px wide in
    /// Chromium's DejaVu Sans at 12 px, where 0.6 font sizes a byte gave 64.8, so a label
    /// starting 66 px after it was drawn over it.
    @Test func labelsAreMeasuredAsTheBrowserSetsThem() {
        #expect(abs(OverlayLabels.textWidth("#111 #112") * 12 - 69.73) < 0.1)
        #expect(abs(OverlayLabels.textWidth("face #1") * 12 - 47.06) < 0.1)
        #expect(abs(OverlayLabels.textWidth("tick12 #3") * 12 - 58.36) < 0.1)
        // Wider than sans-serif's letters for any other script.
        #expect(OverlayLabels.textWidth("図形") == 2)
        #expect(OverlayLabels.textWidth("слой") == 2.8)
    }

    /// An unnamed layer deep down is labelled by the end of its path, from its superlayer on.
    @Test func anUnnamedLayerIsLabelledByTheEndOfItsPath() throws {
        var scene = makeScene(300, 300)
        var parent = scene.root
        for k in 0..<5 {
            parent = try add(makeLayer("g\(k)", bounds: Rect(0, 0, 300, 300), position: Point(150, 150)), to: parent, in: &scene)
        }
        try add(makeLayer(nil, bounds: Rect(0, 0, 40, 40), position: Point(100, 100)), to: parent, in: &scene)
        let (dom, _) = try parsedOverlay(scene)
        let group = try #require(layerGroup(dom, "g0/g1/g2/g3/g4/#0"))
        #expect(group.elements(class: "lamina-label").first?.text == "…/g4/#0 #6")
        #expect(OverlayLabels.labelText(name: nil, path: "#2") == "#2")
        #expect(OverlayLabels.labelText(name: nil, path: "a/#2") == "a/#2")
        #expect(OverlayLabels.labelText(name: "n", path: "a/b/#2") == "n")
    }

    /// Rules along the bottom edge: their labels cannot go down, so the second goes just over
    /// the first.
    @Test func atTheBottomEdgeALabelGoesOverTheOneItWouldCover() throws {
        var scene = makeScene(300, 300)
        try add(makeLayer("rule-a", bounds: Rect(0, 0, 200, 4), position: Point(120, 296)), to: scene.root, in: &scene)
        try add(makeLayer("rule-b", bounds: Rect(0, 0, 200, 4), position: Point(140, 297)), to: scene.root, in: &scene)
        let (dom, _) = try parsedOverlay(scene)
        let f = OverlayStyle(canvas: Size(300, 300)).fontSize
        let all = try labels(dom, fontSize: f)
        #expect(overlaps(all).isEmpty)
        let a = try #require(all.first { $0.path == "rule-a" }), b = try #require(all.first { $0.path == "rule-b" })
        #expect(!a.crowded && !b.crowded)
        #expect(abs(a.origin.y - (300 - f * OverlayLabels.descent)) < 1e-5)
        #expect(abs(b.box.maxY - a.box.minY) < 1e-5)
        #expect(abs(b.origin.x - (40 + f * 0.2)) < 1e-5)
    }

    /// A few hundred layers of all sizes, nested and crowded: no two labels shown cover each
    /// other or the legend, each is on the canvas, and every layer keeps its one label.
    @Test(arguments: [(400.0, 300.0, 300), (1000.0, 1000.0, 2000), (200.0, 200.0, 60)])
    func shownLabelsNeverOverlap(width: Double, height: Double, count: Int) throws {
        var scene = makeScene(width, height)
        var seed: UInt64 = 0x5EED
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        // Each layer somewhere in its superlayer's bounds (some run past the canvas's edges).
        var parents = [(scene.root, Size(width, height))]
        for k in 0..<count {
            let (parent, room) = parents[Int(random() * Double(parents.count))]
            let w = 4 + random() * room.width / 2, h = 4 + random() * room.height / 2
            let layer = makeLayer(
                random() < 0.3 ? nil : "l\(k)", bounds: Rect(0, 0, w, h),
                position: Point(random() * room.width, random() * room.height))
            let id = try add(layer, to: parent, in: &scene)
            if random() < 0.2 { parents.append((id, Size(w, h))) }
        }
        let (dom, _) = try parsedOverlay(scene)
        let f = OverlayStyle(canvas: Size(width, height)).fontSize
        let all = try labels(dom, fontSize: f)
        #expect(all.count == count + 1)
        let legend = try legendBox(dom)
        // Labels of frames wholly off the canvas are not seen; the others are on it.
        let canvas = Rect(0, 0, width, height)
        let shown = all.filter { !$0.crowded && overlap($0.box, canvas) }
        #expect(overlaps(shown).isEmpty)
        #expect(!shown.contains { overlap($0.box, legend) })
        // On the canvas: a label wider than the canvas may only run past its right edge.
        let off = shown.filter { $0.box.minX < 0 || $0.box.minY < 0 || $0.origin.y + f * OverlayLabels.descent > height + 1e-9 }
        #expect(off.isEmpty, "\(off)")
        #expect(!shown.contains { $0.box.maxX > width + 1e-9 && $0.box.minX > f })
        #expect(shown.contains { canvas.intersection($0.box) == $0.box })
        #expect(shown.count > count / 20)
    }
}

/// The legend is where a browser window shows it at 100 % zoom: a large canvas (a map, a
/// generated drawing) opens at its top-left, so the legend sits at the right of the part a
/// window shows, not at the canvas's far corner.
@Suite struct OverlayLegendPlaceTests {
    func legendBox(_ dom: OverlayDOM) throws -> Rect { try OverlayLabelOverlapTests().legendBox(dom) }

    @Test(arguments: [(10_000.0, 8000.0), (1000.0, 1000.0), (3000.0, 500.0), (900.0, 2000.0)])
    func theLegendIsInTheFirstWindowOnALargeCanvas(width: Double, height: Double) throws {
        let (dom, _) = try parsedOverlay(makeScene(width, height))
        let box = try legendBox(dom)
        #expect(box.minX > 0 && box.maxX < DebugSVG.firstView.width && box.maxX < width)
        #expect(box.minY > 0 && box.maxY < DebugSVG.firstView.height)
        // At the right of what the window shows.
        #expect(min(width, DebugSVG.firstView.width) - box.maxX < 12)
    }

    @Test func atTheBottomItIsAtTheBottomOfTheFirstWindow() throws {
        var scene = makeScene(1000, 1000)
        // Three frames under the legend's place at the top-right.
        for k in 0..<3 {
            try add(
                makeLayer("top\(k)", bounds: Rect(0, 0, 60, 60), position: Point(800 + 60 * Double(k), 40)), to: scene.root,
                in: &scene)
        }
        let (dom, _) = try parsedOverlay(scene)
        let box = try legendBox(dom)
        #expect(box.maxY < DebugSVG.firstView.height && box.maxY > DebugSVG.firstView.height - 12)
    }

    /// Without a width and height the picture fills the window, canvas and all: the legend
    /// stays at the canvas's top-right.
    @Test func aPictureThatFillsTheWindowKeepsItAtTheCanvasCorner() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4000 3000"><rect id="r" x="10" y="10" width="50" height="50"/></svg>
            """
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "map.svg")
        let (dom, _) = try parsedOverlay(scene)
        let box = try legendBox(dom)
        #expect(box.maxX > 3900 && box.maxX < 4000)
    }

    /// A 128-unit emoji without a width and height fills a 1280 × 800 window, shown 5.3
    /// times: its labels were 12 units, 64 CSS px high; they are 12 CSS px there.
    @Test func marksOfAPictureThatFillsTheWindowAreSizedForIt() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect id="r" x="10" y="10" width="50" height="50"/></svg>
            """
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "emoji.svg")
        let (dom, _) = try parsedOverlay(scene)
        let overlay = try #require(dom.all.first { $0.attributes["id"] == "lamina-overlay" })
        let shown = min(DebugSVG.firstView.width, DebugSVG.firstView.height) / 128
        #expect(abs(try #require(overlay.number("font-size")) * shown - DebugSVG.labelPixels) < 1e-5)
        let legend = try #require(dom.elements(class: "lamina-legend").first)
        #expect(legend.children.filter { $0.name == "text" }.last?.text == "canvas 128 × 128 px, fills window")
        // With a width and height it is shown at its size, labels 12 units high.
        let sized = """
            <svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect id="r" width="5" height="5"/></svg>
            """
        let (fixed, _) = try SVGImport.importScene(Array(sized.utf8), file: "sized.svg")
        let (fixedDOM, _) = try parsedOverlay(fixed)
        let fixedOverlay = try #require(fixedDOM.all.first { $0.attributes["id"] == "lamina-overlay" })
        #expect(fixedOverlay.number("font-size") == 12)
    }
}

