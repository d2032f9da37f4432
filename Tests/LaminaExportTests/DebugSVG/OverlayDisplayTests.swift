import LaminaCore
import LaminaSVGImport
import Testing

@testable import LaminaExport

/// The debug SVG is readable in a browser at 100 % zoom: labels are 12 CSS pixels high on any
/// canvas, and an icon-sized canvas (longer side under 128 px) is shown magnified by a whole
/// number so they fit; a larger one keeps the flattened file's size.
@Suite struct OverlayDisplayTests {
    @Test(arguments: [
        (16, 16, 32), (24, 24, 22), (48, 20, 11), (100, 50, 6), (127, 10, 5), (128, 128, 1), (200, 200, 1),
        (400, 300, 1), (320, 44, 1), (1200, 100, 1), (10_000, 8000, 1),
    ] as [(Double, Double, Double)])
    func smallCanvasesAreShownMagnifiedByAWholeNumber(width: Double, height: Double, scale: Double) {
        let canvas = Size(width, height)
        #expect(DebugSVG.displayScale(canvas: canvas) == scale)
        // Labels are 12 CSS pixels high however big the canvas is.
        let style = OverlayStyle(canvas: canvas)
        #expect(abs(style.fontSize * scale - DebugSVG.labelPixels) < 1e-12)
    }

    @Test func theRootTagGetsTheDisplaySizeAndKeepsEverythingElse() {
        let tag = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"100%\" "
            + "viewBox=\"-8 0 16 8\" preserveAspectRatio=\"xMinYMin slice\" style=\"max-width: 40px\" xml:space=\"preserve\">\n"
        let edited = DebugSVG.displayRootTag(Array(tag.utf8)[...], canvas: Size(16, 8), scale: 32)
        #expect(
            String(decoding: edited, as: UTF8.self)
                == "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"512\" "
                + "height=\"256\" viewBox=\"-8 0 16 8\" preserveAspectRatio=\"xMinYMin slice\" xml:space=\"preserve\">\n")
        #expect(DebugSVG.displayRootTag(Array(tag.utf8)[...], canvas: Size(16, 8), scale: 1) == Array(tag.utf8))
    }

    @Test func anIconsDebugSVGIsItsFlattenedPictureShownLarger() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16" style="max-width: 16px">
            <rect id="dot" x="4" y="4" width="8" height="8"/></svg>
            """
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "icon.svg")
        let (whole, flat) = debugDocumentByEveryRoute(scene, chunkSize: 64)

        let doc = String(decoding: whole, as: UTF8.self)
        let flatText = String(decoding: flat, as: UTF8.self)
        let flatTag = try #require(flatText.split(separator: "\n").first)
        #expect(flatTag.contains("width=\"16\" height=\"16\" viewBox=\"0 0 16 16\" style="))
        let debugTag = try #require(doc.split(separator: "\n").first)
        #expect(debugTag == "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"512\" height=\"512\" viewBox=\"0 0 16 16\">")
        // After the root tag, the picture is the flattened one.
        let body = flatText[try #require(flatText.firstIndex(of: "\n"))...].dropLast("</svg>\n".count)
        #expect(doc.contains(body))
        // Labels: 12 CSS pixels = 0.375 canvas pixels shown 32 times.
        #expect(doc.contains("<g id=\"lamina-overlay\" fill=\"none\" font-family=\"sans-serif\" font-size=\"0.375\">"))
        #expect(doc.contains("canvas 16 × 16 px, shown 32×"))
    }

    @Test func anIconWithoutAViewBoxIsMagnifiedThroughOne() throws {
        // The flattened file has no viewBox, as its input; magnified without one, the picture
        // would stay 16 px in the corner of a 512 px document.
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"12\"><rect width=\"8\" height=\"8\"/></svg>"
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "icon.svg")
        let (list, _) = DisplayList.resolve(scene)
        let flat = String(decoding: FlattenedSVG.bytes(list, scene: scene), as: UTF8.self)
        #expect(flat.split(separator: "\n").first == "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"12\">")
        let doc = String(decoding: DebugSVG.document(list, scene: scene, options: .init()).bytes, as: UTF8.self)
        #expect(doc.split(separator: "\n").first
            == "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"512\" height=\"384\" viewBox=\"0 0 16 12\">")
    }

    @Test func aLargeCanvasKeepsItsRootTag() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"150\"><rect width=\"8\" height=\"8\"/></svg>"
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "big.svg")
        let (list, _) = DisplayList.resolve(scene)
        let flat = String(decoding: FlattenedSVG.bytes(list, scene: scene), as: UTF8.self)
        let doc = String(decoding: DebugSVG.document(list, scene: scene, options: .init()).bytes, as: UTF8.self)
        #expect(doc.split(separator: "\n").first == flat.split(separator: "\n").first)
        #expect(doc.contains("font-size=\"12\">"))
        #expect(doc.contains("canvas 200 × 150 px<"))
    }
}
