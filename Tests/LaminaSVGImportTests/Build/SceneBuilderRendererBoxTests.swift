import LaminaCore
import Testing

@testable import LaminaSVGImport

/// A text's layer box is a guess (Lamina cannot measure text), as is an unsized image's, so what
/// depends on such an object bounding box is written in the markup for the renderer, which
/// measures it.
@Suite struct SceneBuilderRendererBoxTests {
    typealias S = ImportTestSupport

    /// The scene, the layer with id `t` and its markup.
    private func load(_ body: String) throws -> (scene: Scene, t: LayerID, xml: String) {
        let (scene, _) = try S.load(S.header + " width=\"300\" height=\"100\">" + body + "</svg>")
        let t = try #require(S.layer(scene, "t"))
        guard case .svg(let xml)? = scene.tree[t].content?.shape else { throw RendererBoxTestError.notVerbatim }
        return (scene, t, xml)
    }

    private enum RendererBoxTestError: Error { case notVerbatim }

    /// An `objectBoundingBox` clip path (or a clip path whose own `clip-path` chain reaches one)
    /// and a basic shape in a box of the text: with the guessed box (first x, 0.55 em a character,
    /// `text-anchor` ignored), a centred text was clipped to the wrong half in resvg and Chromium.
    @Test(arguments: [
        ("<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\"><rect width=\"0.5\" height=\"1\"/></clipPath>"
            + "<text id=\"t\" x=\"150\" y=\"40\" text-anchor=\"middle\" clip-path=\"url(#c)\">Clipped WWW</text>",
         "<text id=\"t\" x=\"150\" y=\"40\" text-anchor=\"middle\" clip-path=\"url(#c)\">Clipped WWW</text>", "c"),
        ("<clipPath id=\"b\" clipPathUnits=\"objectBoundingBox\"><rect width=\"0.5\" height=\"1\"/></clipPath>"
            + "<clipPath id=\"c\" clip-path=\"url(#b)\"><rect width=\"300\" height=\"60\"/></clipPath>"
            + "<text id=\"t\" x=\"150\" y=\"40\" clip-path=\"url(#c)\">Chained</text>",
         "<text id=\"t\" x=\"150\" y=\"40\" clip-path=\"url(#c)\">Chained</text>", "c"),
        ("<text id=\"t\" x=\"10\" y=\"90\" style=\"clip-path: inset(0 50% 0 0)\">inset clip</text>",
         "<text id=\"t\" x=\"10\" y=\"90\" clip-path=\"inset(0 50% 0 0)\">inset clip</text>", nil),
    ] as [(String, String, String?)])
    func aClipInTheTextsBoxIsLeftToTheRenderer(body: String, expected: String, resource: String?) throws {
        let (scene, t, xml) = try load(body)
        #expect(xml == expected)
        #expect(scene.tree.mask(of: t) == nil)
        if let resource {
            #expect(scene.resources.contains { $0.id == resource && $0.kind == .clipPath })
        }
    }

    /// A clip that does not depend on the text's box is still Lamina's: a mask layer, exact.
    @Test(arguments: [
        "<clipPath id=\"c\"><rect width=\"150\" height=\"100\"/></clipPath>"
            + "<text id=\"t\" x=\"150\" y=\"40\" clip-path=\"url(#c)\">a</text>",
        "<text id=\"t\" x=\"150\" y=\"40\" style=\"clip-path: inset(0 50% 0 0) view-box\">a</text>",
    ])
    func aClipInUserSpaceStaysAMaskLayer(body: String) throws {
        let (scene, t, xml) = try load(body)
        #expect(scene.tree.mask(of: t) != nil)
        #expect(!xml.contains("clip-path"))
    }

    /// A transform about a `fill-box` origin is written with its origin and box (the layer's
    /// transform is then the identity), and with it the `clip-path`, `mask` and `filter`, which
    /// apply in the text's transformed user space: the text was rotated about the guessed
    /// box's centre.
    @Test func aFillBoxTransformIsLeftToTheRendererWithWhatAppliesAfterIt() throws {
        let body = "<clipPath id=\"c\"><rect width=\"200\" height=\"100\"/></clipPath>"
            + "<mask id=\"m\"><rect width=\"300\" height=\"100\" fill=\"white\"/></mask>"
            + "<text id=\"t\" x=\"150\" y=\"70\" text-anchor=\"middle\" clip-path=\"url(#c)\" mask=\"url(#m)\" opacity=\"0.5\" "
            + "style=\"transform: rotate(90deg); transform-box: fill-box; transform-origin: center\">Spin</text>"
        let (scene, t, xml) = try load(body)
        #expect(xml == "<text id=\"t\" x=\"150\" y=\"70\" transform=\"matrix(0 1 -1 0 0 0)\" transform-origin=\"center\" "
            + "text-anchor=\"middle\" "
            + "style=\"transform-box:fill-box\" clip-path=\"url(#c)\" mask=\"url(#m)\">Spin</text>")
        #expect(scene.tree[t].transform.affinePart == .identity)
        #expect(scene.tree.mask(of: t) == nil)
        #expect(scene.tree[t].svg?.mask == nil)
        // Opacity stays the layer's.
        #expect(scene.tree[t].opacity == 0.5)
        #expect(Set(scene.resources.map(\.id)) == ["c", "m"])
    }

    /// References the markup keeps are checked as the layer's are: a missing one is left out
    /// with the same warning (it was written, unwarned, for the renderer to skip).
    @Test func keptReferencesAreCheckedAsTheLayersAre() throws {
        let body = "<text id=\"t\" x=\"10\" y=\"80\" clip-path=\"url(#nc)\" mask=\"url(#nm)\" filter=\"url(#nf)\" "
            + "style=\"transform: scale(2); transform-box: fill-box\">a</text>"
        let (_, diagnostics) = try S.load(S.header + " width=\"300\" height=\"100\">" + body + "</svg>")
        let (_, _, xml) = try load(body)
        #expect(xml == "<text id=\"t\" x=\"10\" y=\"80\" transform=\"matrix(2 0 0 2 0 0)\" style=\"transform-box:fill-box\">a</text>")
        let messages = diagnostics.map(\.message).sorted()
        #expect(messages == [
            "clip-path reference '#nc' not found; ignored", "filter reference '#nf' not found; ignored", "mask reference '#nm' not found; ignored",
        ])
    }

    /// An image's box is exact when it has its x, y, width and height: Lamina resolves its clip
    /// itself. Without a width or height the renderer sizes it to its picture (Lamina's box was
    /// empty, and the image clipped away in Chromium), so the clip is the renderer's.
    @Test(arguments: [
        (" width=\"20\" height=\"10\"", true),
        (" width=\"20\"", false),
        ("", false),
    ])
    func anImagesBoundingBoxClipIsResolvedWhenItsBoxIsKnown(size: String, resolved: Bool) throws {
        let body = "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\"><rect width=\"0.5\" height=\"1\"/></clipPath>"
            + "<image id=\"t\" x=\"10\"" + size + " clip-path=\"url(#c)\" href=\"data:image/png;base64,AA==\"/>"
        let (scene, t, xml) = try load(body)
        #expect((scene.tree.mask(of: t) != nil) == resolved)
        #expect(xml.contains("clip-path=\"url(#c)\"") == !resolved)
    }
}
