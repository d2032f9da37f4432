import LaminaCore
import LaminaSVGImport
import Testing

@testable import LaminaExport

/// "Frame not on whole pixels" (SPEC §6) is judged in canvas pixels, where the picture's pixels
/// are, not in the superlayer's units: a scaled group or a viewBox moves the frame's edges.
@Suite struct OverlayPixelTests {
    func pixelWarnings(_ scene: Scene) throws -> [String] {
        try parsedOverlay(scene).1.map(\.message).filter { $0.contains("whole pixels") }
    }

    @Test func aLayerInAScaledGroupIsJudgedWhereItsEdgesLand() throws {
        var scene = makeScene(600, 600)
        // Scaled 2× about its origin: half-pixel frames inside land on whole pixels.
        let twice = try add(
            makeLayer("twice", bounds: Rect(0, 0, 100, 100), position: Point(10, 10), anchor: .zero, transform: .scale(2, 2)),
            to: scene.root, in: &scene)
        try add(makeLayer("half", bounds: Rect(0, 0, 1.5, 2.5), position: Point(0.5, 0.5), anchor: .zero), to: twice, in: &scene)
        // Scaled by 1/2: whole frames inside land between pixels.
        let halved = try add(
            makeLayer("halved", bounds: Rect(0, 0, 100, 100), position: Point(300, 300), anchor: .zero, transform: .scale(0.5, 0.5)),
            to: scene.root, in: &scene)
        try add(makeLayer("whole", bounds: Rect(0, 0, 3, 4), position: Point(1, 2), anchor: .zero), to: halved, in: &scene)
        // Turned by 45°: whole pixels mean nothing there.
        let turned = try add(
            makeLayer("turned", bounds: Rect(0, 0, 100, 100), position: Point(450, 450), transform: .rotation(.pi / 4)),
            to: scene.root, in: &scene)
        try add(makeLayer("inside", bounds: Rect(0, 0, 3, 4), position: Point(1.3, 2), anchor: .zero), to: turned, in: &scene)
        #expect(try pixelWarnings(scene) == [
            "frame of 'halved/whole' is not on whole pixels: [1, 2, 3, 4] ([300.5, 301, 1.5, 2] in canvas pixels)"
        ])
    }

    @Test func aFrameInCanvasUnitsIsGivenOnce() throws {
        // viewBox = canvas: (0.1 + 0.2) − 0.1 is 0.20000000000000004 in canvas pixels, the same
        // frame to the digits written, so it is not repeated.
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16' viewBox='0 0 16 16'>"
            + "<rect id='r' x='0.1' y='1' width='0.2' height='2'/></svg>"
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "t.svg")
        #expect(try pixelWarnings(scene) == ["frame of 'r' is not on whole pixels: [0.1, 1, 0.2, 2]"])
    }

    @Test(arguments: [
        // A 24-unit viewBox shown at 48 px: half units are whole pixels.
        ("48", "<rect id='r' x='2.5' y='3.5' width='5' height='0.5'/>", nil),
        // ... and at 16 px, 1.5 units are whole pixels and whole units need not be.
        ("16", "<rect id='r' x='1.5' y='3' width='1.5' height='6'/>", nil),
        ("16", "<rect id='r' x='1' y='3' width='6' height='3'/>",
            "frame of 'r' is not on whole pixels: [1, 3, 6, 3] ([0.666667, 2, 4, 2] in canvas pixels)"),
    ] as [(String, String, String?)])
    func aViewBoxScaleIsCounted(size: String, shape: String, warning: String?) throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='\(size)' height='\(size)' viewBox='0 0 24 24'>\(shape)</svg>"
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "t.svg")
        #expect(try pixelWarnings(scene) == (warning.map { [$0] } ?? []))
    }
}
