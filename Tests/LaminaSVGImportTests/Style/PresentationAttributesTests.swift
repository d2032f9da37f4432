import LaminaCore
import LaminaSVGImport
import Testing

/// Attributes named like CSS properties that Chromium does not map to them (`font`,
/// `font-size-adjust`, `white-space`, `mix-blend-mode`, `isolation`, `transform-box`) change
/// nothing, as in the browser: they were read as presentation attributes, so
/// `<rect mix-blend-mode="difference">` over yellow was drawn white where Chromium draws it blue
/// (10,000 px of a 200 × 200 probe), `<text font="bold 40px serif">` was written bold at 40 px
/// (2634 px of 30,000), and `transform-box="fill-box"` turned a rect about its corner instead of
/// the viewport's origin (2140 px of 90,000).
@Suite struct PresentationAttributesTests {
    static func load(_ body: String) throws -> Scene {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"200\">" + body + "</svg>"
        return try SVGImport.importScene(Array(svg.utf8), file: "t.svg").0
    }

    static func layer(_ scene: Scene, _ name: String) throws -> LayerID {
        try #require(scene.tree.preorder(from: scene.root, includeMasks: true).first { scene.tree[$0].name == name })
    }

    @Test func compositingAttributesAreNotTheProperties() throws {
        let scene = try Self.load("""
            <rect id="a" width="10" height="10" mix-blend-mode="difference" isolation="isolate"/>
            <rect id="b" width="10" height="10" style="mix-blend-mode: difference; isolation: isolate"/>
            """)
        #expect(scene.tree[try Self.layer(scene, "a")].svg?.extra == [])
        #expect(scene.tree[try Self.layer(scene, "b")].svg?.extra == [
            StyleProperty("mix-blend-mode", "difference"), StyleProperty("isolation", "isolate"),
        ])
    }

    /// The attribute turns nothing about the box: `rotate(90)` about the viewport's origin.
    @Test func theTransformBoxAttributeIsNotTheProperty() throws {
        let scene = try Self.load("<rect id=\"r\" x=\"60\" y=\"60\" width=\"80\" height=\"40\" transform=\"rotate(90)\" transform-box=\"fill-box\"/>")
        let r = try Self.layer(scene, "r")
        let m = try #require(scene.tree.toRoot(r)).affine
        #expect(abs(m.a) < 1e-12 && abs(m.b - 1) < 1e-12 && abs(m.tx) < 1e-9 && abs(m.ty) < 1e-9)
    }

    /// A text's markup keeps such attributes as written (the browser ignores them there too) and
    /// gets no font, spacing or size adjustment from them.
    @Test func textAttributesAreNotTheProperties() throws {
        let scene = try Self.load("<text id=\"t\" font=\"bold 40px serif\" white-space=\"pre\" font-size-adjust=\"2\">A  B</text>")
        guard case .svg(let xml)? = scene.tree[try Self.layer(scene, "t")].content?.shape else {
            Issue.record("no text markup")
            return
        }
        #expect(xml == "<text id=\"t\" font=\"bold 40px serif\" white-space=\"pre\" font-size-adjust=\"2\">A  B</text>")
    }
}
