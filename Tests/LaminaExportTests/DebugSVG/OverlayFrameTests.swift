import LaminaCore
import LaminaSVGImport
import Testing

@testable import LaminaExport

/// The frame outline lives in the superlayer's space, where `position` is given: it is drawn
/// as the superlayer draws its sublayers, through the superlayer's sublayerTransform (SPEC §6,
/// LAYER-MODEL §3, §9), so it lands on the picture and around the anchor mark.
@Suite struct OverlayFrameTests {
    /// The four corners of a `lamina-frame` rect or polygon, in canvas space.
    func frameCorners(_ dom: OverlayDOM, _ path: String) throws -> [(Double, Double)] {
        let e = try #require(layerGroup(dom, path)?.elements(class: "lamina-frame").first)
        if e.name == "polygon" { return e.points }
        let x = try #require(e.number("x")), y = try #require(e.number("y"))
        let w = try #require(e.number("width")), h = try #require(e.number("height"))
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    }

    func expectSameCorners(_ got: [(Double, Double)], _ expected: [(Double, Double)], _ what: String) {
        #expect(got.count == expected.count, "\(what): \(got)")
        for e in expected {
            #expect(got.contains { abs($0.0 - e.0) < 1e-5 && abs($0.1 - e.1) < 1e-5 }, "\(what): \(got) lacks \(e)")
        }
    }

    @Test func frameOfALayerUnderAScalingViewBoxIsDrawnOnThePicture() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 10 10">\
            <rect id="r" x="1" y="1" width="2" height="2"/></svg>
            """
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "t.svg")
        let (dom, _) = try parsedOverlay(scene)
        // r's frame (1, 1, 2, 2) is in viewBox units; the root scales them by 10 on the canvas,
        // where its transformed bounds and its anchor are drawn too.
        let bounds = try #require(layerGroup(dom, "r")?.elements(class: "lamina-bounds").first)
        #expect(bounds.points.map { [$0.0, $0.1] } == [[10, 10], [30, 10], [30, 30], [10, 30]])
        expectSameCorners(try frameCorners(dom, "r"), [(10, 10), (30, 10), (30, 30), (10, 30)], "r")
    }

    @Test func frameGoesThroughTheSuperlayersSublayerTransformAboutItsAnchor() throws {
        var scene = makeScene(300, 200)
        var hostLayer = makeLayer(
            "host", bounds: Rect(20, 10, 200, 150), position: Point(150, 100), anchor: Point(0.25, 0.75))
        hostLayer.sublayerTransform = Transform3D(AffineTransform(1.5, 0.3, -0.2, 0.9, 10, -5))
        let host = try add(hostLayer, to: scene.root, in: &scene)
        try add(makeLayer("c", bounds: Rect(0, 0, 40, 30), position: Point(60, 50)), to: host, in: &scene)
        let (dom, _) = try parsedOverlay(scene)
        // c's frame (40, 35, 40, 30) in host's space; host's anchor (70, 122.5) is the pivot of
        // its sublayerTransform, and host's own map to the canvas moves by (80, -22.5).
        func up(_ x: Double, _ y: Double) -> (Double, Double) {
            let dx = x - 70, dy = y - 122.5
            return (1.5 * dx - 0.2 * dy + 10 + 70 + 80, 0.3 * dx + 0.9 * dy - 5 + 122.5 - 22.5)
        }
        let expected = [up(40, 35), up(80, 35), up(80, 65), up(40, 65)]
        expectSameCorners(try frameCorners(dom, "host/c"), expected, "host/c")
        // With an identity transform the frame outline is the transformed bounds.
        let bounds = try #require(layerGroup(dom, "host/c")?.elements(class: "lamina-bounds").first)
        expectSameCorners(bounds.points, expected, "host/c bounds")
    }

    @Test func warningOutlineIsTheFrameOutline() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 100 100">\
            <rect id="r" x="10.25" y="20" width="10" height="10"/></svg>
            """
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "t.svg")
        let (dom, _) = try parsedOverlay(scene)
        let warning = try #require(dom.elements(class: "lamina-warning").first { $0.attributes["data-layer"] == "r" })
        let outline = try #require(warning.all.first { $0.name == "polygon" })
        expectSameCorners(outline.points, [(20.5, 40), (40.5, 40), (40.5, 60), (20.5, 60)], "warning outline")
    }
}
