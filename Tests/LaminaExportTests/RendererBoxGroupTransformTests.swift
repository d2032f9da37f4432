import LaminaCore
import LaminaExport
import LaminaSVGImport
import Testing

/// A group's or `use`'s transform about a point of its own box (`transform-box: fill-box`,
/// `stroke-box`, `content-box`, `border-box`), where that box holds a text's (which Lamina only
/// guesses), is written for the renderer to turn about the box it measures: `<g style="transform-box:
/// fill-box; transform-origin: center" transform="rotate(30)"><text text-anchor="middle">…` was
/// turned about the guessed box's centre, 100 px right of the text's (5571 px of 120,000
/// different from the input in Chromium; now 0).
@Suite struct RendererBoxGroupTransformTests {
    static func load(_ body: String) throws -> Scene {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"300\">" + body + "</svg>"
        return try SVGImport.importScene(Array(svg.utf8), file: "t.svg").0
    }

    static let text = "<text x=\"200\" y=\"150\" font-size=\"40\" text-anchor=\"middle\">Turned</text>"

    /// The layer keeps its guess of the transform (its sublayers and Lamina's queries follow it)
    /// and the transform, origin and box as compositing facts; the output writes them on a group
    /// holding the drawables in the layer's space, inside one placing the superlayer's space.
    @Test(arguments: [
        ("<g id=\"g\" style=\"transform-box: fill-box; transform-origin: center\" transform=\"rotate(30)\">" + text + "</g>",
         [StyleProperty("transform", "rotate(30)"), StyleProperty("transform-origin", "50% 50%"), StyleProperty("transform-box", "fill-box")],
         "<g>\n<g transform=\"rotate(30)\" style=\"transform-origin:50% 50%;transform-box:fill-box\">\n<text"),
        ("<g transform=\"translate(20 10)\"><g id=\"g\" style=\"transform-box: content-box; transform: rotate(90deg); transform-origin: 1em 25%\" font-size=\"10\">" + text + "</g></g>",
         [StyleProperty("transform", "matrix(0 1 -1 0 0 0)"), StyleProperty("transform-origin", "10px 25%"), StyleProperty("transform-box", "content-box")],
         "<g transform=\"matrix(1 0 0 1 20 10)\">\n<g transform=\"matrix(0 1 -1 0 0 0)\" style=\"transform-origin:10px 25%;transform-box:content-box\">\n<text"),
        ("<defs><g id=\"t\">" + text + "</g></defs><use id=\"g\" href=\"#t\" x=\"10\" y=\"20\" style=\"transform-box: stroke-box\" transform=\"scale(2)\"/>",
         [StyleProperty("transform", "scale(2) translate(10 20)"), StyleProperty("transform-box", "stroke-box")],
         "<g>\n<g transform=\"scale(2) translate(10 20)\" style=\"transform-box:stroke-box\">\n<text"),
    ])
    func theRendererTurnsAGroupHoldingText(body: String, facts: [StyleProperty], expected: String) throws {
        let scene = try Self.load(body)
        let g = try RendererBoxGroupSupport.layer(scene, "g")
        #expect(scene.tree[g].svg?.extra == facts)
        #expect(!scene.tree[g].transform.isIdentity)
        let svg = RendererBoxGroupSupport.flat(scene)
        #expect(svg.contains(expected), "\(svg)")
    }

    /// Clips above the group cut its result outside the transform (on the placing group); its
    /// own clip in user space and its opacity apply inside, on the turned group, as in the input.
    @Test func clipsAboveGoOutsideAndItsOwnInside() throws {
        let scene = try Self.load("""
            <defs><clipPath id="u"><rect width="250" height="300"/></clipPath><clipPath id="v"><rect x="150" width="250" height="300"/></clipPath></defs>
            <g clip-path="url(#u)" transform="translate(10 5)"><g id="g" clip-path="url(#v)" opacity="0.5" style="transform-box: fill-box; transform-origin: center" transform="rotate(-20)">
            """ + Self.text + "<rect width=\"10\" height=\"10\"/></g></g>")
        let svg = RendererBoxGroupSupport.flat(scene)
        #expect(svg.contains("""
            <g transform="matrix(1 0 0 1 10 5)" clip-path="url(#lamina-clip-1)">
            <g transform="rotate(-20)" opacity="0.5" style="transform-origin:50% 50%;transform-box:fill-box">
            <g clip-path="url(#lamina-clip-2)">
            <text
            """), "\(svg)")
        #expect(svg.contains("<clipPath id=\"lamina-clip-2\" clipPathUnits=\"userSpaceOnUse\">\n<rect x=\"150\" y=\"0\" width=\"250\" height=\"300\"/>"), "\(svg)")
    }

    /// Without text in the box, for a translation, or about the view box, Lamina resolves the
    /// transform itself, as before: no compositing facts, no group.
    @Test(arguments: [
        "<g id=\"g\" style=\"transform-box: fill-box; transform-origin: center\" transform=\"rotate(30)\"><rect width=\"10\" height=\"10\"/></g>",
        "<g id=\"g\" style=\"transform-box: fill-box; transform-origin: center\" transform=\"translate(30 5)\">" + text + "</g>",
        "<g id=\"g\" style=\"transform-box: view-box; transform-origin: center\" transform=\"rotate(30)\">" + text + "</g>",
    ])
    func otherwiseLaminaPlacesIt(body: String) throws {
        let scene = try Self.load(body)
        let g = try RendererBoxGroupSupport.layer(scene, "g")
        #expect(scene.tree[g].svg?.extra == [])
        #expect(!RendererBoxGroupSupport.flat(scene).contains("transform-box"))
    }

    /// `--keep-groups` draws Lamina's guess: the layer's group carries the layer's transform.
    @Test func keepGroupsDrawTheGuess() throws {
        let scene = try Self.load("<g id=\"g\" style=\"transform-box: fill-box; transform-origin: center\" transform=\"rotate(30)\">" + Self.text + "</g>")
        let svg = RendererBoxGroupSupport.flat(scene, keepGroups: true)
        #expect(!svg.contains("transform-box"), "\(svg)")
        #expect(svg.contains("<g id=\"layer-g\" transform=\"matrix(0.866025 0.5 -0.5 0.866025"), "\(svg)")
    }
}
