import LaminaCore
import Testing

@testable import LaminaExport

/// On a canvas where the two-line legend would cover more than a quarter of what a window shows
/// (a toolbar strip), the legend is a "key" badge in the corner that opens on hover into the
/// same key, the depth colors and the canvas size (Docs/DebugSVG.md). The two-line legend took
/// 217 × 34 px of a 320 × 44 toolbar, and three of its five labels were crowded out under it.
@Suite struct OverlayCompactLegendTests {
    /// Five toolbar items in a 320 × 44 strip.
    func toolbar() throws -> LaminaCore.Scene {
        var scene = makeScene(320, 44)
        let frames: [(String, Rect)] = [
            ("back", Rect(8, 8, 32, 28)), ("field", Rect(48, 8, 200, 28)),
            ("share", Rect(252, 8, 28, 28)), ("more", Rect(284, 8, 28, 28)),
        ]
        for (name, r) in frames {
            try add(makeLayer(name, bounds: Rect(0, 0, r.width, r.height), position: Point(r.midX, r.midY)), to: scene.root, in: &scene)
        }
        return scene
    }

    @Test func aStripGetsABadgeThatOpensIntoTheKey() throws {
        let (dom, _) = try parsedOverlay(try toolbar())
        let legend = try #require(dom.elements(class: "lamina-legend").first)
        let badge = try #require(legend.children.first { $0.attributes["class"] == "lamina-legend-box" })
        let width = try #require(badge.number("width")), height = try #require(badge.number("height"))
        #expect(width * height < 320 * 44 / 10, "the badge covers little of the strip")
        #expect(try #require(badge.number("x")) + width < 320)
        #expect(legend.children.contains { $0.name == "text" && $0.text == "key" })
        // The summary is in the key, shown on hover.
        let key = try #require(legend.elements(class: "lamina-legend-key").first)
        #expect(key.all.contains { $0.name == "text" && $0.text == "canvas 320 × 44 px" })
        #expect(key.all.contains { $0.name == "text" && $0.text == "depth:" })
        // The field's label is no longer crowded out under the legend.
        let field = try #require(layerGroup(dom, "field")?.elements(class: "lamina-label").first)
        #expect(!(field.attributes["class"] ?? "").contains("lamina-crowded"))
    }

    @Test func aSquareCanvasKeepsTheTwoLineLegend() throws {
        for side in [128.0, 200, 400] {
            let style = OverlayStyle(canvas: Size(side, side))
            #expect(!OverlayStyle.legendIsCompact(style: style), "\(side)")
        }
        #expect(OverlayStyle.legendIsCompact(style: OverlayStyle(canvas: Size(320, 44))))
        // Wide strips: the two lines would take most of their height.
        #expect(OverlayStyle.legendIsCompact(style: OverlayStyle(canvas: Size(600, 60))))
        #expect(OverlayStyle.legendIsCompact(style: OverlayStyle(canvas: Size(1000, 40))))
    }
}

/// Where labels start under the legend at both right corners, it moves left along the top
/// (then the bottom) to where it covers none: a toolbar's last two buttons, "share #4" and
/// "more #5", start under the badge at its top-right and run past the top edge of the bottom
/// one, and "more #5" was crowded out beside the badge.
@Suite struct OverlayLegendSlideTests {
    @Test func everyToolbarLabelIsShown() throws {
        let (dom, _) = try parsedOverlay(try OverlayCompactLegendTests().toolbar())
        let labels = dom.elements(class: "lamina-label")
        #expect(labels.count == 5)
        #expect(labels.allSatisfy { $0.attributes["class"] == "lamina-label" })
        let box = try OverlayLabelOverlapTests().legendBox(dom)
        // At the top, left of the last two buttons' labels, on the canvas.
        #expect(box.minY < 12 && box.minX > 0 && box.maxX <= 252 + 12 * 0.2)
    }

    @Test func itGoesToTheRightmostGapWideEnough() {
        let box = Rect(80, 0, 10, 10)
        let row = [Rect(85, 2, 10, 10), Rect(60, 2, 12, 10), Rect(50, 2, 4, 10), Rect(0, 50, 100, 10)]
        // 72..85 is 13 wide: the box ends where the first label starts.
        #expect(OverlayLabels.slide(box, clearOf: row, from: 5) == 75)
        // 54..60 is too narrow; left of 50, from 5 on.
        #expect(OverlayLabels.slide(box, clearOf: row + [Rect(70, 0, 20, 10)], from: 5) == 40)
        #expect(OverlayLabels.slide(box, clearOf: row + [Rect(70, 0, 20, 10)], from: 45) == nil)
        // A box clear where it is stays.
        #expect(OverlayLabels.slide(box, clearOf: [Rect(0, 2, 50, 10)], from: 5) == 80)
    }
}
