import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct SceneBuilderAuthoringTests {
    typealias S = ImportTestSupport

    @Test func authoringAttributesSetLayerProperties() throws {
        let svg = S.header + " xmlns:x=\"urn:lamina:layer\"><g id=\"g\" x:name=\"Card\" lamina:anchor=\"0 1\" lamina:z=\"3\" lamina:anchor-z=\"2\""
            + " lamina:masks-to-bounds=\"true\" lamina:corner-radius=\"4\" lamina:geometry-flipped=\"1\" lamina:hidden=\"false\""
            + " lamina:opacity=\"0.25\" lamina:background=\"red\" lamina:border=\"2 blue\" lamina:autoresizing=\"widthSizable maxYMargin\">"
            + "<rect width=\"10\" height=\"20\"/></g></svg>"
        let (scene, diagnostics) = try S.load(svg)
        #expect(diagnostics.isEmpty)
        let id = try #require(S.layer(scene, "Card"))
        let l = scene.tree[id]
        #expect(l.anchorPoint == Point(0, 1))
        #expect(l.position == Point(0, 20))
        #expect(l.zPosition == 3 && l.anchorPointZ == 2)
        #expect(l.masksToBounds && l.geometryFlipped && !l.hidden)
        #expect(l.cornerRadius == 4 && l.opacity == 0.25)
        #expect(l.backgroundColor == "#ff0000" && l.borderColor == "#0000ff" && l.borderWidth == 2)
        #expect(l.autoresizingMask == [.widthSizable, .maxYMargin])
        #expect(l.svg?.id == "g")
    }

    @Test func authoredBoundsOverrideTheComputedOnes() throws {
        let svg = S.header + "><g id=\"g\" lamina:bounds=\"0 0 100 50\" transform=\"translate(10 10)\"><rect width=\"1\" height=\"1\"/></g></svg>"
        let (scene, _) = try S.load(svg)
        let g = try #require(S.layer(scene, "g"))
        #expect(scene.tree[g].bounds == Rect(0, 0, 100, 50))
        #expect(scene.tree[g].position == Point(60, 35))
    }

    @Test func transform3DReplacesTheTransformAboutTheAnchor() throws {
        let svg = S.header + "><rect id=\"r\" width=\"100\" height=\"50\" lamina:transform3d=\"perspective(500px) rotateY(30deg)\"/></svg>"
        let (scene, _) = try S.load(svg)
        let r = try #require(S.layer(scene, "r"))
        let expected = Transform3D.rotation(Double.pi / 6, 0, 1, 0).concatenating({
            var p = Transform3D.identity
            p.m34 = -1.0 / 500
            return p
        }())
        let t = scene.tree[r].transform
        #expect(zip(t.elements, expected.elements).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(scene.tree[r].position == Point(50, 25))
    }

    @Test func transform3DKeepsTheElementsPlacement() throws {
        // A `use`'s x/y and the element's `transform` still place the layer: position = T(anchor),
        // transform = transform3d then T's linear part (SPEC 5).
        let svg = S.header + "><defs><rect id=\"card\" width=\"40\" height=\"30\"/></defs>"
            + "<use id=\"u\" href=\"#card\" x=\"200\" y=\"100\" lamina:transform3d=\"rotateY(30deg)\"/>"
            + "<rect id=\"a\" width=\"40\" height=\"30\" transform=\"translate(100 0) rotate(90)\" lamina:transform3d=\"scale(2)\"/></svg>"
        let (scene, _) = try S.load(svg)
        let u = try #require(S.layer(scene, "u"))
        #expect(S.close(scene.tree[u].position, Point(220, 115)))
        let rotation = Transform3D.rotation(Double.pi / 6, 0, 1, 0)
        #expect(zip(scene.tree[u].transform.elements, rotation.elements).allSatisfy { abs($0 - $1) < 1e-12 })
        let a = try #require(S.layer(scene, "a"))
        #expect(S.close(scene.tree[a].position, Point(85, 20)))
        let t = scene.tree[a].transform.affinePart
        #expect(scene.tree[a].transform.isAffine)
        #expect(S.close(Point(t.a, t.b), Point(0, 2), 1e-12) && S.close(Point(t.c, t.d), Point(-2, 0), 1e-12))
    }

    @Test func rootBoundsOriginScrollsTheRootWhoseFrameStaysAtTheOrigin() throws {
        let svg = S.header + " width=\"200\" height=\"100\" lamina:bounds=\"10 20 100 50\"><rect width=\"1\" height=\"1\"/></svg>"
        let (scene, _) = try S.load(svg)
        #expect(scene.tree[scene.root].bounds == Rect(10, 20, 100, 50))
        #expect(scene.tree[scene.root].position == Point(50, 25))
        #expect(scene.tree.frame(of: scene.root) == Rect(0, 0, 100, 50))
    }

    @Test func currentColorBackgroundAndBorderTakeTheElementsColor() throws {
        let svg = S.header + " color=\"green\"><g id=\"g\" color=\"blue\" lamina:bounds=\"0 0 10 10\""
            + " lamina:background=\"currentColor\" lamina:border=\"2 currentcolor\"/></svg>"
        let (scene, diagnostics) = try S.load(svg)
        #expect(diagnostics.isEmpty)
        let g = scene.tree[try #require(S.layer(scene, "g"))]
        #expect(g.backgroundColor == "#0000ff" && g.borderColor == "#0000ff")
    }

    @Test func authoredLengthsTakeUnitsAndFractionsTakePercentages() throws {
        let svg = S.header + "><g id=\"g\" font-size=\"10\" lamina:border=\"2px  red\" lamina:corner-radius=\"0.5em\""
            + " lamina:bounds=\"0 0 1in 72pt\" lamina:z=\"1PX\" lamina:anchor-z=\"1pc\" lamina:anchor=\"25% 100%\" lamina:opacity=\"50%\"/>"
            + "<rect id=\"r\" width=\"1\" height=\"1\" lamina:border=\"10% red\" lamina:corner-radius=\"5%\" lamina:anchor=\"1px 0\"/></svg>"
        let (scene, diagnostics) = try S.load(svg)
        let g = scene.tree[try #require(S.layer(scene, "g"))]
        #expect(g.borderWidth == 2 && g.borderColor == "#ff0000" && g.cornerRadius == 5)
        #expect(g.bounds == Rect(0, 0, 96, 96) && g.zPosition == 1 && g.anchorPointZ == 16)
        #expect(g.anchorPoint == Point(0.25, 1) && g.opacity == 0.5)
        // Percentages of nothing, and units on a fraction, are still refused.
        let r = scene.tree[try #require(S.layer(scene, "r"))]
        #expect(r.borderWidth == 0 && r.cornerRadius == 0 && r.anchorPoint == Point(0.5, 0.5))
        #expect(diagnostics.map(\.message) == [
            "invalid value '10% red' for 'lamina:border' ignored", "invalid value '5%' for 'lamina:corner-radius' ignored",
            "invalid value '1px 0' for 'lamina:anchor' ignored",
        ])
    }

    @Test func hiddenFalseDoesNotDrawADisplayNoneElement() throws {
        let svg = S.header + "><rect id=\"r\" width=\"10\" height=\"10\" display=\"none\" lamina:hidden=\"false\"/>"
            + "<rect id=\"s\" width=\"10\" height=\"10\" lamina:hidden=\"0\"/></svg>"
        let (scene, _) = try S.load(svg)
        #expect(scene.tree[try #require(S.layer(scene, "r"))].hidden)
        #expect(!scene.tree[try #require(S.layer(scene, "s"))].hidden)
    }

    @Test func badAuthoringValuesAreWarnings() throws {
        let svg = S.header + "><rect id=\"r\" width=\"1\" height=\"1\" lamina:anchor=\"x\" lamina:transform3d=\"spin(3)\" lamina:bogus=\"1\"/></svg>"
        let (scene, diagnostics) = try S.load(svg)
        let r = try #require(S.layer(scene, "r"))
        #expect(scene.tree[r].anchorPoint == Point(0.5, 0.5))
        #expect(diagnostics.map(\.message) == [
            "invalid value 'x' for 'lamina:anchor' ignored", "invalid value 'spin(3)' for 'lamina:transform3d' ignored",
            "unknown attribute 'lamina:bogus' ignored",
        ])
    }

    /// Conditions hold or fail outside a `switch` too (Chromium and resvg draw neither `a` nor
    /// `b`), and the chosen element's markup no longer carries them: the output draws the same
    /// whatever the viewer's language.
    @Test func conditionsApplyOutsideASwitchAndAreNotWrittenOnceEvaluated() throws {
        let svg = S.header + "><rect id=\"a\" systemLanguage=\"fr\" width=\"1\" height=\"1\"/>"
            + "<g id=\"b\" requiredExtensions=\"http://x\"><rect id=\"b1\" width=\"1\" height=\"1\"/></g>"
            + "<use id=\"u\" href=\"#a\"/><rect id=\"c\" systemLanguage=\"fr, en-GB\" width=\"1\" height=\"1\"/>"
            + "<switch><text id=\"t\" systemLanguage=\"en\" requiredFeatures=\"x\">hi</text></switch></svg>"
        let (scene, _) = try S.load(svg)
        #expect(S.layer(scene, "a") == nil && S.layer(scene, "b") == nil && S.layer(scene, "b1") == nil)
        #expect(S.layer(scene, "c") != nil)
        let t = try #require(S.layer(scene, "t"))
        guard case .svg(let xml)? = scene.tree[t].content?.shape else {
            Issue.record("the text is verbatim content")
            return
        }
        #expect(xml.hasPrefix("<text") && !xml.contains("systemLanguage") && !xml.contains("requiredFeatures"))
    }

    @Test func switchDrawsTheFirstChildThatApplies() throws {
        let svg = S.header + "><switch><rect id=\"a\" systemLanguage=\"fr\" width=\"1\" height=\"1\"/>"
            + "<rect id=\"b\" requiredExtensions=\"http://x\" width=\"1\" height=\"1\"/>"
            + "<rect id=\"c\" systemLanguage=\"de, en-US\" width=\"1\" height=\"1\"/><rect id=\"d\" width=\"1\" height=\"1\"/></switch></svg>"
        let (scene, _) = try S.load(svg)
        #expect(S.layer(scene, "c") != nil)
        #expect(S.layer(scene, "a") == nil && S.layer(scene, "b") == nil && S.layer(scene, "d") == nil)
    }
}
