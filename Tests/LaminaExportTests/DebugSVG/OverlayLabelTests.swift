import LaminaCore
import Testing

@testable import LaminaExport

/// Labels stay readable: on the canvas when the frame is partly on it, and one line apart when
/// they would start at the same point (SPEC §6: each layer's name and paint index).
@Suite struct OverlayLabelTests {
    /// The `x`, `y` of the label of the layer at `path`.
    func labelOrigin(_ dom: OverlayDOM, _ path: String) throws -> Point {
        let text = try #require(layerGroup(dom, path)?.elements(class: "lamina-label").first)
        return Point(try #require(text.number("x")), try #require(text.number("y")))
    }

    /// Whether `p` is `q` to the 6 decimals the overlay writes.
    func near(_ p: Point, _ q: Point) -> Bool { abs(p.x - q.x) < 1e-5 && abs(p.y - q.y) < 1e-5 }

    @Test func labelsStartingAtTheSamePointAreStackedInTreeOrder() throws {
        var scene = makeScene(300, 300)
        let g = try add(makeLayer("g", bounds: Rect(0, 0, 100, 50), position: Point(70, 45)), to: scene.root, in: &scene)
        try add(makeLayer("shape", bounds: Rect(0, 0, 100, 50), position: Point(50, 25)), to: g, in: &scene)
        try add(makeLayer("twin", bounds: Rect(0, 0, 40, 40), position: Point(40, 40)), to: scene.root, in: &scene)
        try add(makeLayer("apart", bounds: Rect(0, 0, 40, 40), position: Point(200, 200)), to: scene.root, in: &scene)
        let (dom, _) = try parsedOverlay(scene)
        let style = OverlayStyle(canvas: Size(300, 300))
        let line = style.fontSize * OverlayLabels.lineHeight
        let first = Point(20 + style.fontSize * 0.2, 20 + style.fontSize)
        #expect(near(try labelOrigin(dom, "g"), first))
        #expect(near(try labelOrigin(dom, "g/shape"), Point(first.x, first.y + line)))
        #expect(near(try labelOrigin(dom, "twin"), Point(first.x, first.y + 2 * line)))
        #expect(near(try labelOrigin(dom, "apart"), Point(180 + style.fontSize * 0.2, 180 + style.fontSize)))
        // The root's label is at the canvas's corner, where no other frame starts.
        #expect(near(try labelOrigin(dom, "/"), Point(style.fontSize * 0.2, style.fontSize)))
    }

    @Test func labelsStartingAPixelApartGoInOneColumn() throws {
        // resvg's tests draw a frame 1 px inside the canvas: its label started 1 px from the
        // root's and covered it.
        var scene = makeScene(600, 600)
        try add(makeLayer("frame", bounds: Rect(0, 0, 598, 598), position: Point(300, 300)), to: scene.root, in: &scene)
        try add(makeLayer("beside", bounds: Rect(0, 0, 40, 40), position: Point(45, 21)), to: scene.root, in: &scene)
        try add(makeLayer("below", bounds: Rect(0, 0, 40, 40), position: Point(21, 70)), to: scene.root, in: &scene)
        let (dom, _) = try parsedOverlay(scene)
        let f = OverlayStyle(canvas: Size(600, 600)).fontSize
        let root = Point(f * 0.2, f)
        #expect(near(try labelOrigin(dom, "/"), root))
        #expect(near(try labelOrigin(dom, "frame"), Point(root.x, root.y + f * OverlayLabels.lineHeight)))
        // 25 px to the right (over 2 font sizes): its own column, under the labels it would cover.
        #expect(near(try labelOrigin(dom, "beside"), Point(25 + f * 0.2, root.y + 2 * f * OverlayLabels.lineHeight)))
        // 50 px down (past the column's two lines): its own place.
        #expect(near(try labelOrigin(dom, "below"), Point(1 + f * 0.2, 50 + f)))
    }

    @Test func aFramePartlyOffTheCanvasIsLabelledOnIt() throws {
        var scene = makeScene(200, 100)
        try add(makeLayer("left", bounds: Rect(0, 0, 100, 40), position: Point(10, 50)), to: scene.root, in: &scene)
        try add(makeLayer("above", bounds: Rect(0, 0, 40, 100), position: Point(150, 10)), to: scene.root, in: &scene)
        try add(makeLayer("away", bounds: Rect(0, 0, 10, 10), position: Point(500, 500)), to: scene.root, in: &scene)
        let (dom, _) = try parsedOverlay(scene)
        let f = OverlayStyle(canvas: Size(200, 100)).fontSize
        #expect(near(try labelOrigin(dom, "left"), Point(f * 0.2, 30 + f)))
        #expect(near(try labelOrigin(dom, "above"), Point(130 + f * 0.2, f)))
        // Wholly off the canvas, the layer is not in the picture: its label stays at its frame.
        #expect(near(try labelOrigin(dom, "away"), Point(495 + f * 0.2, 495 + f)))
    }
}

/// A frame starting within a line of the canvas's bottom edge (a rule along the bottom) gets
/// its label on the canvas, where it was drawn below the edge and cut off.
extension OverlayLabelTests {
    @Test func aLabelNearTheBottomEdgeIsMovedUpOntoTheCanvas() throws {
        var scene = makeScene(200, 200)
        try add(makeLayer("rule", bounds: Rect(0, 0, 100, 4), position: Point(100, 196)), to: scene.root, in: &scene)
        try add(makeLayer("middle", bounds: Rect(0, 0, 40, 40), position: Point(40, 100)), to: scene.root, in: &scene)
        let (dom, _) = try parsedOverlay(scene)
        let f = OverlayStyle(canvas: Size(200, 200)).fontSize
        let rule = try labelOrigin(dom, "rule")
        #expect(abs(rule.y - (200 - f * OverlayLabels.descent)) < 1e-5)
        #expect(abs(rule.x - (50 + f * 0.2)) < 1e-5)
        // A label that fits is where it was.
        #expect(near(try labelOrigin(dom, "middle"), Point(20 + f * 0.2, 80 + f)))
    }
}

/// The legend and labels near the canvas's edges stay out of each other's way.
@Suite struct OverlayLegendTests {
    func legendBox(_ dom: OverlayDOM) throws -> OverlayDOM {
        let legend = try #require(dom.elements(class: "lamina-legend").first)
        return try #require(legend.children.first { $0.attributes["class"] == "lamina-legend-box" })
    }

    @Test func theLegendIsTwoLinesThatOpenIntoTheKeyOnHover() throws {
        let (dom, _) = try parsedOverlay(makeScene(600, 600))
        let legend = try #require(dom.elements(class: "lamina-legend").first)
        let key = try #require(legend.elements(class: "lamina-legend-key").first)
        #expect(key.all.filter { $0.name == "text" }.count == 6)
        let lines = legend.children.filter { $0.name == "text" }.map(\.text)
        #expect(lines.first == "depth:")
        #expect(lines.last == "canvas 600 × 600 px")
        let css = try #require(dom.all.first { $0.name == "style" }?.text)
        #expect(css.contains("#lamina-overlay .lamina-legend-key{display:none}"))
        #expect(css.contains("#lamina-overlay .lamina-legend:hover .lamina-legend-key{display:inline}"))
        // At the top-right, where no label is.
        let box = try legendBox(dom)
        #expect(try #require(box.number("y")) < 12)
    }

    @Test func theLegendMovesToTheBottomWhenLabelsAreUnderItAtTheTop() throws {
        var scene = makeScene(600, 600)
        for k in 0..<3 {
            try add(
                makeLayer("top\(k)", bounds: Rect(0, 0, 60, 60), position: Point(420 + 60 * Double(k), 40)), to: scene.root,
                in: &scene)
        }
        let (dom, _) = try parsedOverlay(scene)
        let box = try legendBox(dom)
        let y = try #require(box.number("y")), height = try #require(box.number("height"))
        #expect(abs(y + height - (600 - 0.9 * 12 * 0.5)) < 1e-5)
    }

    /// A canvas from 128 px (shown unmagnified) to about 240 px is narrower than the legend at
    /// 12 px labels; the legend is set smaller so that it stays on the canvas.
    @Test(arguments: [(200.0, 200.0), (128.0, 128.0), (300.0, 30.0), (239.0, 600.0)])
    func theLegendStaysOnASmallCanvas(width: Double, height: Double) throws {
        let (dom, _) = try parsedOverlay(makeScene(width, height))
        let box = try legendBox(dom)
        let x = try #require(box.number("x")), y = try #require(box.number("y"))
        let w = try #require(box.number("width")), h = try #require(box.number("height"))
        #expect(x > 0 && x + w < width)
        #expect(y > 0 && y + h < height)
    }

    @Test func aLabelAtTheRightEdgeIsMovedLeftToStayOnTheCanvas() throws {
        var scene = makeScene(600, 600)
        let name = "a-layer-with-a-rather-long-name"
        try add(makeLayer(name, bounds: Rect(0, 0, 20, 20), position: Point(580, 300)), to: scene.root, in: &scene)
        let (dom, _) = try parsedOverlay(scene)
        let label = try #require(layerGroup(dom, name)?.elements(class: "lamina-label").first)
        let x = try #require(label.number("x"))
        let width = OverlayLabels.textWidth(label.text) * 12
        #expect(x < 570)
        #expect(abs(x + width - 600) < 1e-5)
    }
}
