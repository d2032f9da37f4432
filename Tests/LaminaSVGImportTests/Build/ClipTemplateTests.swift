import LaminaCore
import LaminaSVGImport
import Testing

/// A clip path referenced by many elements has its mask layers built once and copied for the
/// later hosts: the scene must be the one building each host's clip path anew gives, which a
/// document giving every host its own copy of the clip path builds.
@Suite struct ClipTemplateTests {
    /// Clip path contents: shapes only (copied), and kinds that are built each time.
    static let clips: [(attributes: String, children: String)] = [
        ("", #"<rect x="5" y="5" width="30" height="20"/><circle cx="20" cy="20" r="8" transform="rotate(10)"/>"#),
        (#"clipPathUnits="objectBoundingBox""#, #"<circle cx="0.5" cy="0.5" r="0.4"/><rect width="0.5" height="0.5"/>"#),
        (#"transform="translate(3 4)""#, #"<path d="M0 0 L40 0 L20 30 z"/><rect width="10" height="10" style="display:none"/>"#),
        ("", #"<text x="2" y="20" font-size="20">Hi</text><rect width="50%" height="10%"/>"#),
        ("", ##"<rect width="30" height="30" clip-path="url(#inner)"/>"##),
        ("", ##"<use href="#shape"/><rect width="5" height="5"/>"##),
    ]

    /// Hosts of several sizes, one transformed, one a group whose own children use the clip path
    /// before the group's mask layers are built, and one in a nested viewport.
    static func document(_ clip: (attributes: String, children: String), shared: Bool) -> String {
        var defs = ##"<clipPath id="inner"><circle cx="10" cy="10" r="9"/></clipPath><rect id="shape" width="12" height="12"/>"##
        var n = 0
        func ref() -> String {
            n += 1
            if !shared { defs += "<clipPath id=\"c\(n)\" \(clip.attributes)>\(clip.children)</clipPath>" }
            return shared ? "url(#c)" : "url(#c\(n))"
        }
        if shared { defs += "<clipPath id=\"c\" \(clip.attributes)>\(clip.children)</clipPath>" }
        var body = ""
        body += "<rect x=\"0\" y=\"0\" width=\"40\" height=\"40\" fill=\"red\" clip-path=\"\(ref())\"/>"
        body += "<rect x=\"50\" y=\"10\" width=\"20\" height=\"60\" clip-path=\"\(ref())\" transform=\"scale(2)\"/>"
        body += "<g clip-path=\"\(ref())\"><circle cx=\"10\" cy=\"90\" r=\"9\" clip-path=\"\(ref())\"/><ellipse cx=\"30\" cy=\"80\" rx=\"9\" ry=\"4\"/></g>"
        body += "<svg x=\"100\" y=\"100\" width=\"50\" height=\"30\"><rect width=\"50\" height=\"30\" clip-path=\"\(ref())\"/></svg>"
        body += "<path d=\"M0 0 H 90 V 90 z\" clip-path=\"\(ref())\"/>"
        return ImportTestSupport.header + " width=\"200\" height=\"200\"><defs>\(defs)</defs>\(body)</svg>"
    }

    /// The scene's layers in pre-order (masks included), clip masks without their names and ids.
    static func layers(_ scene: Scene) -> [Layer] {
        scene.tree.preorder(from: scene.root, includeMasks: true).map { id in
            var layer = scene.tree[id]
            if var svg = layer.svg, svg.element == "clipPath" {
                layer.name = nil
                svg.id = nil
                layer.svg = svg
            }
            return layer
        }
    }

    @Test(arguments: clips.indices)
    func copiedMaskLayersAreTheOnesBuildingGives(_ k: Int) throws {
        let (shared, sharedWarnings) = try ImportTestSupport.load(Self.document(Self.clips[k], shared: true))
        let (own, _) = try ImportTestSupport.load(Self.document(Self.clips[k], shared: false))
        let a = Self.layers(shared), b = Self.layers(own)
        #expect(a.count == b.count)
        for (i, (x, y)) in zip(a, b).enumerated() {
            #expect(x == y, "layer \(i)")
            #expect(x.bounds == y.bounds && x.position == y.position && x.transform == y.transform, "layer \(i)")
        }
        // Every host has a mask of its own.
        let masks = shared.tree.preorder(from: shared.root, includeMasks: true).filter { shared.tree[$0].svg?.element == "clipPath" }
        #expect(Set(masks.compactMap { shared.tree.superlayer(of: $0) }).count == masks.count)
        #expect(masks.count >= 6)
        // A warning is given once, whichever way the mask layers were made.
        #expect(Set(sharedWarnings.map(\.message)).count == sharedWarnings.count)
    }

    @Test func objectBoundingBoxCopiesMapOntoTheirOwnHost() throws {
        let svg = ImportTestSupport.header + " width=\"100\" height=\"100\"><clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\">"
            + "<rect width=\"0.5\" height=\"1\"/></clipPath>"
            + "<rect id=\"a\" width=\"20\" height=\"10\" clip-path=\"url(#c)\"/><rect id=\"b\" x=\"40\" width=\"60\" height=\"30\" clip-path=\"url(#c)\"/></svg>"
        let (scene, _) = try ImportTestSupport.load(svg)
        func clipFrameInRoot(_ host: String) throws -> Rect {
            let hostLayer = try #require(ImportTestSupport.layer(scene, host))
            let mask = try #require(scene.tree.mask(of: hostLayer))
            let shape = try #require(scene.tree.sublayers(of: mask).first)
            return scene.tree.convert(scene.tree[shape].bounds, from: shape, to: scene.root)
        }
        #expect(try clipFrameInRoot("a") == Rect(0, 0, 10, 10))
        #expect(try clipFrameInRoot("b") == Rect(40, 0, 30, 30))
    }
}
