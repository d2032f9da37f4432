import LaminaCore
import Testing

@testable import LaminaExport

/// On a dense drawing the frame outlines, not the labels, made the overlay unreadable (a
/// generated drawing of 10,000 shapes was an orange carpet of frames and anchors): a layer
/// whose label is crowded out is drawn faint, its bounds and anchor hidden, in full while
/// hovered; faint frames that would cover the canvas many times over are fainter; and the
/// picture of a drawing with more labels crowded out than shown is dimmed (Docs/DebugSVG.md).
@Suite struct OverlayFaintTests {
    /// Seven frames 13 px apart in a row with long names: the labels of the last three find no
    /// room (OverlayLabelOverlapTests), so their layers are drawn faint. Their frames are off
    /// whole pixels (x at .5), so each is also a warning.
    func row() throws -> LaminaCore.Scene {
        var scene = makeScene(400, 300)
        for k in 0..<7 {
            try add(
                makeLayer("a-rather-long-layer-name-\(k)", bounds: Rect(0, 0, 100, 100), position: Point(90.5 + 13 * Double(k), 150)),
                to: scene.root, in: &scene)
        }
        return scene
    }

    func faintPaths(_ dom: OverlayDOM) -> [String] {
        dom.elements(class: "lamina-layer").filter { $0.attributes["data-faint"] == "1" }.compactMap { $0.attributes["data-layer"] }
    }

    @Test func aLayerWhoseLabelIsCrowdedOutIsDrawnFaint() throws {
        let (dom, _) = try parsedOverlay(try row())
        let crowded = dom.elements(class: "lamina-layer").filter {
            $0.elements(class: "lamina-crowded").count == 1
        }.compactMap { $0.attributes["data-layer"] }
        #expect(crowded.count == 3)
        #expect(faintPaths(dom) == crowded)
        // The layer's element keeps its class, so tools matching `class="lamina-layer"` find it.
        #expect(dom.all.filter { $0.attributes["class"] == "lamina-layer" }.count == 8)
        let css = try #require(dom.all.first { $0.name == "style" }?.text)
        #expect(css.contains("#lamina-overlay [data-faint] .lamina-frame{stroke-opacity:0.15}"))
        #expect(css.contains("#lamina-overlay [data-faint] .lamina-bounds,#lamina-overlay [data-faint] .lamina-anchor{display:none}"))
        #expect(css.contains("#lamina-overlay [data-faint]:hover .lamina-bounds,#lamina-overlay [data-faint]:hover .lamina-anchor{display:inline}"))
        // Their off-pixel warnings are outlined faint too; the others' are not.
        let warnings = dom.elements(class: "lamina-warning")
        #expect(warnings.count == 7)
        #expect(warnings.filter { $0.attributes["data-faint"] == "1" }.compactMap { $0.attributes["data-layer"] } == crowded)
        // Seven labels, three crowded out: not dense, the picture is not dimmed.
        #expect(dom.elements(class: "lamina-dim").isEmpty)
    }

    /// Without labels the same layers are drawn faint, and the legend stays at the top-right.
    @Test func withoutLabelsTheSameLayersAreFaint() throws {
        let (withLabels, _) = try parsedOverlay(try row())
        let (without, _) = try parsedOverlay(try row(), DebugSVG.Options(labels: false))
        #expect(without.elements(class: "lamina-label").isEmpty)
        #expect(faintPaths(without) == faintPaths(withLabels))
        #expect(!faintPaths(without).isEmpty)
    }

    /// 400 frames at random over a 400 × 300 canvas: most labels find no room, so the picture
    /// is dimmed by a veil over the canvas under the marks, which takes no pointer events.
    @Test func aDenseDrawingIsDimmed() throws {
        var scene = makeScene(400, 300)
        var seed: UInt64 = 7
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for k in 0..<400 {
            try add(
                makeLayer("r\(k)", bounds: Rect(0, 0, 10 + random() * 40, 10 + random() * 40), position: Point(random() * 400, random() * 300)),
                to: scene.root, in: &scene)
        }
        let (dom, _) = try parsedOverlay(scene)
        let faint = faintPaths(dom).count
        #expect(faint > 200)
        let dims = dom.elements(class: "lamina-dim")
        #expect(dims.count == 1)
        let dim = try #require(dims.first)
        #expect(dim.name == "rect")
        #expect([dim.number("x"), dim.number("y"), dim.number("width"), dim.number("height")] == [0, 0, 400, 300])
        // Under the layers' marks: before their group.
        let overlay = try #require(dom.all.first { $0.attributes["id"] == "lamina-overlay" })
        let order = overlay.children.compactMap { $0.attributes["class"] }
        #expect(order.firstIndex(of: "lamina-dim")! < order.firstIndex(of: "lamina-layers")!)
        let css = try #require(dom.all.first { $0.name == "style" }?.text)
        #expect(css.contains("#lamina-overlay .lamina-dim{fill:#fff;fill-opacity:.6;stroke:none;pointer-events:none}"))
    }

    /// Faint frames are 0.15 opaque where they cover the canvas less than once over, and
    /// 0.15 / √c where c is how many an average pixel lies under, no less than 0.03.
    @Test func faintFramesThatCoverTheCanvasManyTimesOverAreFainter() {
        let style = OverlayStyle(canvas: Size(200, 200))
        let canvas = Rect(0, 0, 200, 200)
        // A 1 px stroke around the whole 200 × 200 canvas: 800 px² of 40,000, c = n / 50.
        func opacity(frames n: Int, faint: Bool = true) -> Double {
            OverlayLabels.faintOpacity(
                boxes: Array(repeating: canvas, count: n), faint: Array(repeating: faint, count: n), visible: canvas,
                style: style)
        }
        #expect(opacity(frames: 25) == 0.15)
        #expect(opacity(frames: 200) == 0.075)
        #expect(opacity(frames: 5000) == 0.03)
        #expect(opacity(frames: 5000, faint: false) == 0.15)
        // Frames off the canvas count only for their part on it.
        let off = OverlayLabels.faintOpacity(
            boxes: Array(repeating: Rect(-1000, -1000, 100, 100), count: 1000), faint: Array(repeating: true, count: 1000),
            visible: canvas, style: style)
        #expect(off == 0.15)
    }

    /// The rule is written after the overlay's CSS only where it differs from 0.15.
    @Test func theFaintOpacityRuleFollowsTheCSS() throws {
        // 400 frames around the whole canvas: a column of 13 labels fits, c = 387 / 50.
        var scene = makeScene(200, 200)
        for _ in 0..<400 {
            try add(makeLayer(nil, bounds: Rect(0, 0, 200, 200), position: Point(100, 100)), to: scene.root, in: &scene)
        }
        let (markup, _) = DebugSVG.overlay(scene: scene, options: .init())
        #expect(markup.contains("<style>#lamina-overlay [data-faint] .lamina-frame{stroke-opacity:0.054}</style>\n"))
        let (sparse, _) = DebugSVG.overlay(scene: try row(), options: .init())
        #expect(!sparse.contains("<style>#lamina-overlay [data-faint]"))
    }
}
