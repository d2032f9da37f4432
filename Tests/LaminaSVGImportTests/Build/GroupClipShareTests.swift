import LaminaCore
import Testing

@testable import LaminaSVGImport

/// Groups that share clip paths: whether a clip path's chain has `objectBoundingBox` units is
/// kept per clip path element, and whether a group's box holds a text's is found by a walk of
/// its content in place. Every group must get what it got when each was looked at anew: the
/// renderer's clip (an `svg.extra` property, no mask layer) exactly where the clip depends on a
/// box holding a text, a mask layer everywhere else, however often and in whatever order the
/// clip paths are met.
@Suite struct GroupClipShareTests {
    typealias S = ImportTestSupport

    static let defs = """
        <defs><clipPath id="obb" clipPathUnits="objectBoundingBox"><rect width="0.5" height="1"/></clipPath>
        <clipPath id="chain" clip-path="url(#obb)"><rect width="300" height="60"/></clipPath>
        <clipPath id="user"><rect width="200" height="200"/></clipPath>
        <clipPath id="loopA" clip-path="url(#loopB)"><rect width="10" height="10"/></clipPath>
        <clipPath id="loopB" clip-path="url(#loopA)"><rect width="10" height="10"/></clipPath>
        <text id="used" x="10" y="20">Used</text></defs>
        """

    /// What a group holds: a text (directly, two groups down, through a `use`), or shapes only.
    static let contents: [(markup: String, holdsText: Bool)] = [
        ("<text x=\"5\" y=\"20\">a</text>", true),
        ("<rect width=\"10\" height=\"10\"/>", false),
        ("<g><g><rect width=\"4\" height=\"4\"/><text x=\"1\" y=\"9\">deep</text></g></g>", true),
        ("<g><circle r=\"3\"/></g><rect width=\"2\" height=\"2\"/>", false),
        ("<use href=\"#used\"/>", true),
    ]

    /// The clip paths the groups name, and whether each one's chain has `objectBoundingBox` units.
    static let clips: [(id: String, boundingBox: Bool)] = [
        ("obb", true), ("chain", true), ("user", false), ("loopA", false), ("obb", true), ("user", false), ("chain", true),
    ]

    @Test(arguments: [false, true])
    func everyGroupSharingAClipPathIsClippedAsAlone(reversed: Bool) throws {
        var groups: [(name: String, clip: String, rendererClips: Bool)] = []
        var body = ""
        var order = Array(Self.clips.enumerated())
        if reversed { order.reverse() }
        for (k, clip) in order {
            for (j, content) in Self.contents.enumerated() {
                let name = "g\(k)_\(j)"
                body += "<g id=\"\(name)\" transform=\"translate(\(k) \(j))\" clip-path=\"url(#\(clip.id))\">\(content.markup)</g>"
                groups.append((name, clip.id, clip.boundingBox && content.holdsText))
            }
        }
        let (scene, _) = try S.load(S.header + " width=\"400\" height=\"200\">" + Self.defs + body + "</svg>")
        for g in groups {
            let id = try #require(S.layer(scene, g.name))
            if g.rendererClips {
                #expect(scene.tree.mask(of: id) == nil, "\(g.name)")
                #expect(scene.tree[id].svg?.extra == [StyleProperty("clip-path", "url(#\(g.clip))")], "\(g.name)")
            } else {
                #expect(scene.tree[id].svg?.extra.isEmpty == true, "\(g.name)")
            }
        }
    }

    /// A group's box holding a text is remembered per element: a group asked about after the
    /// groups inside it (and one of theirs asked about first) gets the same answer.
    @Test func nestedClippedGroupsShareTheWalk() throws {
        let body = "<g id=\"outer\" clip-path=\"url(#obb)\"><g id=\"inner\" clip-path=\"url(#chain)\">"
            + "<g id=\"shapes\" clip-path=\"url(#obb)\"><rect width=\"5\" height=\"5\"/></g><text x=\"1\" y=\"9\">t</text></g>"
            + "<g id=\"other\" clip-path=\"url(#obb)\"><rect width=\"5\" height=\"5\"/></g></g>"
        let (scene, _) = try S.load(S.header + " width=\"400\" height=\"200\">" + Self.defs + body + "</svg>")
        for (name, rendererClips) in [("outer", true), ("inner", true), ("shapes", false), ("other", false)] {
            let id = try #require(S.layer(scene, name))
            #expect((scene.tree.mask(of: id) == nil) == rendererClips, "\(name)")
            #expect((scene.tree[id].svg?.extra.isEmpty == false) == rendererClips, "\(name)")
        }
    }
}
