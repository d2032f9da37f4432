import LaminaCore
import Testing

@testable import LaminaSVGImport

/// Inherited properties only text and images read (`font-*`, `text-anchor`, `letter-spacing`,
/// `writing-mode`, `text-rendering`, `image-rendering` …) are not kept on a basic shape or
/// path, where they change nothing: a `font-family` on the root was written on each of 10,000
/// rectangles. Text and other markup carried verbatim keep them, as do the properties that
/// can change a shape (`paint-order`, `shape-rendering`, markers).
@Suite struct SceneBuilderTextPropertiesTests {
    typealias S = ImportTestSupport

    static let inherited = "font-family=\"Helvetica, Arial\" font-weight=\"bold\" font-style=\"italic\" text-anchor=\"middle\" "
        + "letter-spacing=\"2\" word-spacing=\"3\" writing-mode=\"tb\" direction=\"rtl\" dominant-baseline=\"middle\" "
        + "text-rendering=\"geometricPrecision\" image-rendering=\"pixelated\" font-variant=\"small-caps\" font-stretch=\"condensed\" "
        + "paint-order=\"stroke\" shape-rendering=\"crispEdges\""

    @Test(arguments: [
        "<rect id=\"s\" width=\"10\" height=\"10\"/>", "<circle id=\"s\" r=\"5\"/>", "<ellipse id=\"s\" rx=\"5\" ry=\"3\"/>",
        "<line id=\"s\" x2=\"10\" y2=\"10\" stroke=\"red\"/>", "<polyline id=\"s\" points=\"0 0 10 10 0 10\"/>",
        "<polygon id=\"s\" points=\"0 0 10 10 0 10\"/>", "<path id=\"s\" d=\"M0 0H10V10z\"/>",
    ])
    func aShapeKeepsOnlyWhatCanChangeIt(shape: String) throws {
        let (scene, _) = try S.load(S.header + " " + Self.inherited + "><g>" + shape + "</g></svg>")
        let id = try #require(S.layer(scene, "s"))
        let extra = try #require(scene.tree[id].content?.extra)
        #expect(extra.map(\.name) == ["paint-order", "shape-rendering"])
    }

    /// Text keeps every inherited property it reads, on its own markup, but the root's
    /// `font-family`, which the output's root carries for every text (SceneBuilderTextTests).
    @Test func textKeepsThem() throws {
        let (scene, _) = try S.load(S.header + " " + Self.inherited + "><g><text id=\"t\">a</text></g></svg>")
        let id = try #require(S.layer(scene, "t"))
        guard case .svg(let xml)? = scene.tree[id].content?.shape else {
            Issue.record("text is not carried verbatim")
            return
        }
        #expect(scene.tree[scene.root].svg?.extra.contains(StyleProperty("font-family", "Helvetica, Arial")) == true)
        #expect(!xml.contains("font-family"), "\(xml)")
        for name in ["font-weight=\"bold\"", "text-anchor=\"middle\"", "letter-spacing=\"2\"",
            "writing-mode=\"tb\"", "direction=\"rtl\"", "dominant-baseline=\"middle\"", "text-rendering=\"geometricPrecision\""]
        {
            #expect(xml.contains(name), "\(name) missing from \(xml)")
        }
    }

    /// A `use` of text takes the fonts of the `use` (its copy is text, carried verbatim).
    @Test func aUsedTextTakesTheFontsOfItsUse() throws {
        let svg = "<defs><text id=\"t0\">a</text></defs><use id=\"u\" href=\"#t0\" font-family=\"serif\"/>"
        let (scene, _) = try S.load(S.header + ">" + svg + "</svg>")
        let u = try #require(S.layer(scene, "u"))
        let copy = try #require(scene.tree.sublayers(of: u).first)
        guard case .svg(let xml)? = scene.tree[copy].content?.shape else {
            Issue.record("the copy is not carried verbatim")
            return
        }
        #expect(xml.contains("font-family=\"serif\""))
    }
}
