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

    /// The output has one viewport: percentages of a nested `svg`'s or `symbol`'s are written
    /// resolved (svgling's trees place every label at `x="50%"` of its own nested `svg`).
    @Test(arguments: [
        ("<svg width=\"100\" height=\"40\"><text id=\"t\" x=\"50%\" y=\"25%\" font-size=\"10\">a<tspan dx=\"10% 1em\" dy=\"5\">b</tspan></text></svg>",
         "<text id=\"t\" x=\"50\" y=\"10\" font-size=\"10\">a<tspan dx=\"10 10\" dy=\"5\">b</tspan></text>", 50.0),
        ("<svg viewBox=\"0 0 40 20\" width=\"80\"><image id=\"t\" x=\"25%\" width=\"50%\" height=\"50%\" href=\"data:image/png;base64,AA==\"/></svg>",
         "<image id=\"t\" x=\"10\" width=\"20\" height=\"10\" href=\"data:image/png;base64,AA==\"/>", 10.0),
        ("<text id=\"t\" x=\"50%\" y=\"1em\">a</text>", "<text id=\"t\" x=\"50%\" y=\"1em\">a</text>", 100.0),
        ("<svg width=\"100\" height=\"40\"><text id=\"t\" textLength=\"50%\">a<tspan textLength=\"10%\">b</tspan></text></svg>",
         "<text id=\"t\" textLength=\"50\">a<tspan textLength=\"10\">b</tspan></text>", 0.0),
    ])
    func percentagesOfANestedViewportAreWrittenResolved(body: String, expected: String, boundsX: Double) throws {
        let (scene, _) = try S.load(S.header + " width=\"200\" height=\"100\">" + body + "</svg>")
        let t = try #require(S.layer(scene, "t"))
        guard case .svg(let xml)? = scene.tree[t].content?.shape else {
            Issue.record("not carried verbatim")
            return
        }
        #expect(xml == expected)
        // The frame starts where the content does (the text's rough box, the image's own).
        #expect(scene.tree[t].bounds.x == boundsX)
    }

    /// Properties browsers read only from CSS are written in one `style` attribute (as
    /// attributes Chromium ignores them), inherited by the `tspan` without being repeated.
    @Test func cssOnlyTextPropertiesAreWrittenAsStyle() throws {
        let svg = S.header + "><text id=\"t\" style=\"white-space:pre; text-transform:uppercase; font-feature-settings:'liga' 0; "
            + "letter-spacing:2px\">a  b<tspan style=\"text-shadow:1px 1px red\">c</tspan></text></svg>"
        let (scene, _) = try S.load(svg)
        let t = try #require(S.layer(scene, "t"))
        guard case .svg(let xml)? = scene.tree[t].content?.shape else {
            Issue.record("text is not carried verbatim")
            return
        }
        #expect(xml == "<text id=\"t\" letter-spacing=\"2px\" style=\"white-space:pre;text-transform:uppercase;font-feature-settings:'liga' 0\">"
            + "a  b<tspan style=\"text-shadow:1px 1px red\">c</tspan></text>")
    }

    /// A pattern inheriting another's children through `href` writes them again: their ids
    /// are written once (the first copy), and a resource's own id always.
    @Test func inheritedPatternChildrenDoNotRepeatTheirIDs() throws {
        let svg = S.header + "><pattern id=\"base\" width=\"2\" height=\"2\" patternUnits=\"userSpaceOnUse\"><rect id=\"cell\" width=\"1\" height=\"1\"/></pattern>"
            + "<pattern id=\"p\" href=\"#base\" patternTransform=\"scale(2)\"/>"
            + "<rect width=\"9\" height=\"9\" fill=\"url(#base)\"/><rect width=\"9\" height=\"9\" fill=\"url(#p)\"/></svg>"
        let (scene, _) = try S.load(svg)
        let xml = scene.resources.map(\.xml).joined()
        #expect(xml.components(separatedBy: "id=\"cell\"").count == 2, "\(xml)")
        #expect(xml.contains("<pattern id=\"base\"") && xml.contains("<pattern id=\"p\""), "\(xml)")
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

    /// `overflow` is not a paint nor inherited: written where the cascade sets it, so that
    /// Inkscape's stock markers (`style="overflow:visible"`, a 1 × 1 viewport) still draw whole.
    @Test(arguments: [
        (" style=\"overflow:visible\"", " overflow=\"visible\""), (" overflow=\"hidden\"", " overflow=\"hidden\""), ("", ""),
    ])
    func markersKeepTheirOverflow(_ attribute: String, _ written: String) throws {
        let svg = S.header + "><marker id=\"mk\" markerWidth=\"1\" markerHeight=\"1\"" + attribute + "><path d=\"M3,-3 0,0 3,3\"/></marker>"
            + "<path id=\"p\" d=\"M0 0L10 0\" marker-end=\"url(#mk)\"/></svg>"
        let (scene, _) = try S.load(svg)
        #expect(scene.resources.map(\.xml) == ["<marker id=\"mk\" markerWidth=\"1\" markerHeight=\"1\"\(written)><path d=\"M3,-3 0,0 3,3\"/></marker>"])
    }

    /// A `mask` or `filter` naming a missing element or another kind of element is ignored
    /// with a warning, and the element drawn, as Chromium draws it.
    @Test(arguments: ["mask=\"url(#nope)\"", "mask=\"url(#other)\"", "filter=\"url(#nope)\"", "filter=\"url(#other)\""])
    func aMaskOrFilterThatIsNotThereIsIgnored(_ attribute: String) throws {
        let svg = S.header + "><rect id=\"other\" width=\"1\" height=\"1\"/><rect id=\"r\" width=\"5\" height=\"5\" " + attribute + "/></svg>"
        let (scene, diagnostics) = try S.load(svg)
        let r = try #require(S.layer(scene, "r"))
        #expect(!scene.tree[r].hidden)
        #expect(scene.tree[r].svg?.mask == nil && scene.tree[r].svg?.filter == nil)
        #expect(scene.resources.isEmpty)
        let kind = attribute.hasPrefix("mask") ? "mask" : "filter"
        let id = attribute.contains("nope") ? "nope" : "other"
        #expect(diagnostics.map(\.message) == ["\(kind) reference '#\(id)' not found; ignored"])
    }

    @Test func markersAreRequestedAsResources() throws {
        let svg = S.header + "><marker id=\"mk\"><circle r=\"1\"/></marker><path id=\"p\" d=\"M0 0L10 0\" marker-end=\"url(#mk)\"/></svg>"
        let (scene, _) = try S.load(svg)
        let p = try #require(S.layer(scene, "p"))
        #expect(scene.tree[p].content?.extra.contains(StyleProperty("marker-end", "url(#mk)")) == true)
        #expect(scene.resources.map(\.id) == ["mk"])
    }

    /// The `url(#id)` references in a value, on its bytes: quotes and spaces around the
    /// reference trimmed, other URLs and an unclosed `url(` skipped.
    @Test(arguments: [
        ("url(#a)", ["a"]), ("url( '#b' ) url(\"#c\")", ["b", "c"]), ("url(x.svg#d) url(#e)", ["e"]),
        ("red", []), ("url(#f", []), ("url(#é) url()", ["é"]), ("fill:url(#g);stroke:url(#h) none", ["g", "h"]),
    ])
    func urlReferencesInAValue(_ value: String, _ ids: [String]) {
        #expect(MarkupText.urlReferences(value) == ids)
    }

    /// An element referenced from inside the markup that holds it (a `clipPath` in a group
    /// that a pattern uses, as mutool writes tiles) is written there only, not again as a
    /// resource of its own, which would repeat its id in `defs`.
    @Test func aReferenceInsideTheWrittenMarkupIsNotAResourceAgain() throws {
        let svg = S.header + #" width="40" height="40"><defs><g id="tile"><clipPath id="c"><rect width="5" height="5"/></clipPath>"#
            + ##"<rect width="9" height="9" clip-path="url(#c)" fill="green"/></g>"##
            + ##"<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><use href="#tile"/></pattern></defs>"##
            + ##"<rect width="40" height="40" fill="url(#p)"/></svg>"##
        let (scene, _) = try S.load(svg)
        #expect(scene.resources.map(\.id).sorted() == ["p", "tile"])
        let tile = try #require(scene.resources.first { $0.id == "tile" })
        #expect(tile.xml.contains(#"<clipPath id="c">"#))
    }

    /// A gradient or pattern that markup paints with and holds (in a pattern's group or `defs`,
    /// in a mask) is written there only: requested again as a resource, its id came twice,
    /// and two recursive patterns inside a pattern drew otherwise (3.7 % of the pixels). One
    /// outside the markup (a text's fill) is still a resource.
    @Test(arguments: [
        (##"<pattern id="o" width="20" height="20" patternUnits="userSpaceOnUse"><g>"##
            + ##"<pattern id="a" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="url(#b)" stroke="green"/></pattern>"##
            + ##"<pattern id="b" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="url(#a)" stroke="green"/></pattern>"##
            + ##"<rect width="20" height="10" fill="url(#a)"/></g></pattern><rect width="40" height="40" fill="url(#o)"/>"##, ["o"], ["a", "b"]),
        (##"<pattern id="o" width="20" height="20" patternUnits="userSpaceOnUse"><defs><linearGradient id="g"><stop stop-color="red"/></linearGradient></defs>"##
            + ##"<rect width="20" height="10" stroke="url(#g)"/></pattern><rect width="40" height="40" fill="url(#o)"/>"##, ["o"], ["g"]),
        (##"<mask id="m"><radialGradient id="g"><stop stop-color="white"/></radialGradient><rect width="9" height="9" fill="url(#g)"/></mask>"##
            + ##"<rect width="40" height="40" mask="url(#m)"/>"##, ["m"], ["g"]),
        (##"<linearGradient id="g"><stop stop-color="red"/></linearGradient><text fill="url(#g)">a</text>"##, ["g"], ["g"]),
    ])
    func aPaintServerInsideTheWrittenMarkupIsNotAResourceAgain(_ body: String, _ resources: [String], _ once: [String]) throws {
        let (scene, _) = try S.load(S.header + ">" + body + "</svg>")
        #expect(scene.resources.map(\.id) == resources)
        let xml = scene.resources.map(\.xml).joined()
        for id in once { #expect(xml.components(separatedBy: "id=\"\(id)\"").count == 2, "\(xml)") }
    }

    /// `currentColor` stays the keyword in markup and `color` goes where it is set: a `use`
    /// inside a pattern gives the element it draws its own `color`, as Chromium and resvg draw
    /// it (resolved where the `rect` is defined, both copies were black).
    @Test func currentColorInMarkupFollowsTheUseThatDrawsIt() throws {
        let svg = S.header + #" color="blue"><pattern id="p" width="20" height="10" patternUnits="userSpaceOnUse">"#
            + #"<defs><rect id="r" width="5" height="5" fill="currentColor"/></defs>"#
            + ##"<use xlink:href="#r" color="green"/><use xlink:href="#r" x="10"/></pattern>"##
            + ##"<rect width="40" height="40" fill="url(#p)"/></svg>"##
        let (scene, _) = try S.load(svg)
        let p = try #require(scene.resources.first { $0.id == "p" })
        #expect(p.xml.contains(#"<rect id="r" width="5" height="5" fill="currentColor"/>"#), "\(p.xml)")
        #expect(p.xml.contains(##"<use href="#r" color="#008000"/>"##), "\(p.xml)")
        #expect(p.xml.contains(##"<use href="#r" x="10" color="#0000ff"/>"##), "\(p.xml)")
    }
}
