import LaminaCore
import LaminaExport
import LaminaSVGImport
import Testing

/// A group's or `use`'s clip in its object bounding box, where that box holds a text's (which
/// Lamina only guesses: first x/y, about half an em a character, `text-anchor` ignored), is
/// written on a group around its drawables, in its user space, for the renderer to resolve:
/// `<g clip-path="url(#obb-left-half)"><text text-anchor="middle">Clipped text</text></g>` was
/// clipped to the left half of the guessed box, right of the text's middle (2596 px of 80,000
/// different from the input in Chromium, 2538 in resvg; now 0).
@Suite struct RendererBoxGroupClipTests {
    static let defs = """
        <defs><clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="0.5" height="1"/></clipPath>
        <clipPath id="u"><rect width="200" height="200"/></clipPath>
        <filter id="f"><feGaussianBlur stdDeviation="2"/></filter>
        <text id="t" x="100" y="60" font-size="40" text-anchor="middle">Used</text>
        <symbol id="s" viewBox="0 0 200 100"><text x="100" y="60" text-anchor="middle">Symbol</text></symbol></defs>
        """

    static func load(_ body: String) throws -> Scene {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"200\">" + defs + body + "</svg>"
        return try SVGImport.importScene(Array(svg.utf8), file: "t.svg").0
    }

    /// The group's clip is its compositing fact, not a mask layer, and the output group holding
    /// its drawables in the group's own user space carries it (the clip path as a resource).
    @Test(arguments: [
        ("<g id=\"g\" transform=\"translate(200 100) rotate(20)\" clip-path=\"url(#c)\">"
            + "<text x=\"0\" y=\"0\" text-anchor=\"middle\">Clipped text</text></g>",
         "<g transform=\"matrix(0.939693 0.34202 -0.34202 0.939693 200 100)\" style=\"clip-path:url(#c)\">\n<text x=\"0\" y=\"0\" text-anchor=\"middle\">Clipped text</text>\n</g>",
         "url(#c)"),
        ("<use id=\"g\" href=\"#t\" x=\"100\" clip-path=\"url(#c)\"/>",
         "<g transform=\"matrix(1 0 0 1 100 0)\" style=\"clip-path:url(#c)\">\n<text id=\"t\" x=\"100\" y=\"60\" font-size=\"40\" text-anchor=\"middle\">Used</text>\n</g>",
         "url(#c)"),
        ("<g id=\"g\" style=\"clip-path: circle(40%)\"><rect width=\"10\" height=\"10\"/><text x=\"200\" y=\"100\">Circle</text></g>",
         "<g style=\"clip-path:circle(40%)\">\n<rect x=\"0\" y=\"0\" width=\"10\" height=\"10\"/>\n<text x=\"200\" y=\"100\">Circle</text>\n</g>",
         "circle(40%)"),
    ])
    func theRendererClipsAGroupHoldingText(body: String, expected: String, value: String) throws {
        let scene = try Self.load(body)
        let g = try RendererBoxGroupSupport.layer(scene, "g")
        #expect(scene.tree.mask(of: g) == nil)
        #expect(scene.tree[g].svg?.extra == [StyleProperty("clip-path", value)])
        let svg = RendererBoxGroupSupport.flat(scene)
        #expect(svg.contains(expected), "\(svg)")
        if value == "url(#c)" { #expect(svg.contains("<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\">")) }
    }

    /// A `symbol` holding text, through a `use`: the box is the symbol's content's.
    @Test func aUseOfASymbolHoldingText() throws {
        let scene = try Self.load("<use id=\"g\" href=\"#s\" width=\"400\" height=\"200\" clip-path=\"url(#c)\"/>")
        let g = try RendererBoxGroupSupport.layer(scene, "g")
        #expect(scene.tree.mask(of: g) == nil)
        #expect(RendererBoxGroupSupport.flat(scene).contains("style=\"clip-path:url(#c)\""))
    }

    /// With a filter, Lamina's clip of an enclosing group cuts the filtered result: it goes on a
    /// group around the one holding the filter and the renderer's clip (a group's tag has one
    /// `clip-path`).
    @Test func aFilterGroupsEnclosingClipGoesAroundIt() throws {
        let scene = try Self.load(
            "<g clip-path=\"url(#u)\"><g filter=\"url(#f)\" clip-path=\"url(#c)\"><text x=\"200\" y=\"100\">Blur</text></g></g>")
        let svg = RendererBoxGroupSupport.flat(scene)
        #expect(svg.contains(
            "<g clip-path=\"url(#lamina-clip-1)\">\n<g filter=\"url(#f)\" style=\"clip-path:url(#c)\">\n<text x=\"200\" y=\"100\">Blur</text>\n</g>\n</g>"),
            "\(svg)")
    }

    /// Without text in the box, or with a clip in user space, the clip is a mask layer as before.
    @Test(arguments: [
        "<g id=\"g\" clip-path=\"url(#c)\"><rect width=\"10\" height=\"10\"/><use href=\"#r\"/></g><rect id=\"r\" width=\"5\" height=\"5\"/>",
        "<g id=\"g\" clip-path=\"url(#u)\"><text x=\"200\" y=\"100\">User space</text></g>",
        "<g id=\"g\" style=\"clip-path: circle(40%) view-box\"><text x=\"200\" y=\"100\">View box</text></g>",
        "<g id=\"g\" clip-path=\"url(#c)\"><rect width=\"10\" height=\"10\"/><clipPath><text>in a clip path</text></clipPath></g>",
    ])
    func otherwiseTheClipIsAMaskLayer(body: String) throws {
        let scene = try Self.load(body)
        let g = try RendererBoxGroupSupport.layer(scene, "g")
        #expect(scene.tree.mask(of: g) != nil)
        #expect(scene.tree[g].svg?.extra == [])
        #expect(!RendererBoxGroupSupport.flat(scene).contains("style=\"clip-path"))
    }

    /// `--keep-groups` writes it on the layer's group.
    @Test func keepGroupsWriteItOnTheLayersGroup() throws {
        let scene = try Self.load("<g id=\"g\" clip-path=\"url(#c)\"><text x=\"200\" y=\"100\">Kept</text></g>")
        let svg = RendererBoxGroupSupport.flat(scene, keepGroups: true)
        #expect(svg.contains("<g id=\"layer-g\" style=\"clip-path:url(#c)\">"), "\(svg)")
    }
}
