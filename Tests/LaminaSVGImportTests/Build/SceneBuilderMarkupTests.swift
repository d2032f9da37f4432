import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct SceneBuilderMarkupTests {
    typealias S = ImportTestSupport

    @Test func textIsCarriedWithItsComputedStyleWithoutItsTransform() throws {
        let svg = S.header + "><g fill=\"green\" font-size=\"20\"><text id=\"t\" x=\"5\" y=\"30\" transform=\"rotate(10)\" class=\"c\" style=\"font-weight:bold\">"
            + "a &amp; b<tspan fill=\"#000\">c</tspan></text></g></svg>"
        let (scene, _) = try S.load(svg)
        let t = try #require(S.layer(scene, "t"))
        guard case .svg(let xml)? = scene.tree[t].content?.shape else {
            Issue.record("text is not carried verbatim")
            return
        }
        #expect(xml == "<text id=\"t\" x=\"5\" y=\"30\" fill=\"#008000\" font-size=\"20\" font-weight=\"bold\">a &amp; b<tspan fill=\"#000000\">c</tspan></text>")
        #expect(scene.tree[t].transform.affinePart.b != 0)
    }

    @Test func maskAndFilterStayOnTheLayerAsResources() throws {
        let svg = S.header + "><mask id=\"m\"><rect width=\"5\" height=\"5\" fill=\"white\"/></mask><filter id=\"f\"><feGaussianBlur stdDeviation=\"2\"/></filter>"
            + "<g id=\"g\" mask=\"url(#m)\" filter=\"url(#f)\"><rect width=\"10\" height=\"10\"/></g></svg>"
        let (scene, _) = try S.load(svg)
        let g = try #require(S.layer(scene, "g"))
        #expect(scene.tree[g].svg?.mask == "m")
        #expect(scene.tree[g].svg?.filter == "f")
        #expect(scene.resources.map(\.kind) == [.mask, .filter])
        #expect(scene.resources[0].xml == "<mask id=\"m\"><rect width=\"5\" height=\"5\" fill=\"#ffffff\"/></mask>")
        #expect(scene.resources[1].xml == "<filter id=\"f\"><feGaussianBlur stdDeviation=\"2\"/></filter>")
    }

    @Test func markersAreRequestedAsResources() throws {
        let svg = S.header + "><marker id=\"mk\"><circle r=\"1\"/></marker><path id=\"p\" d=\"M0 0L10 0\" marker-end=\"url(#mk)\"/></svg>"
        let (scene, _) = try S.load(svg)
        let p = try #require(S.layer(scene, "p"))
        #expect(scene.tree[p].content?.extra.contains(StyleProperty("marker-end", "url(#mk)")) == true)
        #expect(scene.resources.map(\.id) == ["mk"])
    }
}
