import LaminaCore
import LaminaGeometry
import LaminaSVGImport
import Testing

/// Where a clip path's mask layers land: a `clip-path` on a `clipPath` applies in the clipped
/// element's user space and box, and an `objectBoundingBox` clip path on a viewport (or on an
/// element holding one) takes the box of the viewport's content, as resvg and Chromium draw
/// them. Expected boxes are the ones both renderers clip to.
@Suite struct SceneBuilderClipTests {
    typealias S = ImportTestSupport

    /// The box of the first shape of `host`'s clip mask (`depth` 0), of that mask's own clip
    /// mask (1), and so on, in the root's space.
    static func clipBox(_ scene: Scene, host: String, depth: Int = 0) throws -> Rect {
        try clipBox(scene, host: try #require(S.layer(scene, host)), depth: depth)
    }

    static func clipBox(_ scene: Scene, host: LayerID, depth: Int = 0) throws -> Rect {
        var layer = host
        for _ in 0...depth { layer = try #require(scene.tree.mask(of: layer)) }
        let shape = try #require(scene.tree.sublayers(of: layer).first)
        return scene.tree.convert(scene.tree[shape].bounds, from: shape, to: scene.root)
    }

    static func close(_ a: Rect, _ b: Rect) -> Bool {
        S.close(Point(a.x, a.y), Point(b.x, b.y)) && S.close(Point(a.width, a.height), Point(b.width, b.height))
    }

    static func document(_ body: String) -> String {
        S.header + " viewBox=\"0 0 200 200\" width=\"200\" height=\"200\">" + body + "</svg>"
    }

    /// Clip paths whose own `clip-path` names `inner`, with what that inner clip path must cover
    /// on the host `h` (x 20–180 × 20–180).
    static let clippedClipPaths: [(clips: String, inner: Rect)] = [
        // The outer clip path's `transform` does not reach the one it names.
        (##"<clipPath id="inner"><rect width="100" height="200"/></clipPath>"##
            + ##"<clipPath id="outer" transform="scale(0.5)" clip-path="url(#inner)"><rect width="400" height="400"/></clipPath>"##,
         Rect(0, 0, 100, 200)),
        // Nor does its `objectBoundingBox` mapping.
        (##"<clipPath id="inner"><rect width="100" height="200"/></clipPath>"##
            + ##"<clipPath id="outer" clipPathUnits="objectBoundingBox" clip-path="url(#inner)"><rect width="1" height="1"/></clipPath>"##,
         Rect(0, 0, 100, 200)),
        // An `objectBoundingBox` inner clip path maps onto the host's box, not the outer one's content.
        (##"<clipPath id="inner" clipPathUnits="objectBoundingBox"><rect width="0.5" height="1"/></clipPath>"##
            + ##"<clipPath id="outer" transform="translate(10 0)" clip-path="url(#inner)"><rect width="40" height="40"/></clipPath>"##,
         Rect(20, 20, 80, 160)),
        (##"<clipPath id="inner" clipPathUnits="objectBoundingBox" transform="translate(40 0)"><rect width="0.5" height="1"/></clipPath>"##
            + ##"<clipPath id="outer" clipPathUnits="objectBoundingBox" transform="scale(0.9)" clip-path="url(#inner)"><rect width="1" height="1"/></clipPath>"##,
         Rect(60, 20, 80, 160)),
    ]

    @Test(arguments: clippedClipPaths.indices)
    func clipPathOfAClipPathAppliesInTheHostsUserSpace(_ k: Int) throws {
        let (clips, inner) = Self.clippedClipPaths[k]
        let (scene, _) = try S.load(Self.document(
            clips + ##"<rect id="h" x="20" y="20" width="160" height="160" clip-path="url(#outer)"/>"##))
        #expect(Self.close(try Self.clipBox(scene, host: "h", depth: 1), inner))
    }

    /// Three clip paths deep: each named clip path is in the host's space, whatever the ones
    /// naming it do with theirs.
    @Test func everyClipPathOfAChainAppliesInTheHostsUserSpace() throws {
        let (scene, _) = try S.load(Self.document(
            ##"<clipPath id="c3" clipPathUnits="objectBoundingBox"><rect y="0.25" width="1" height="0.75"/></clipPath>"##
                + ##"<clipPath id="c2" transform="translate(10 0)" clip-path="url(#c3)"><rect width="100" height="200"/></clipPath>"##
                + ##"<clipPath id="c1" clipPathUnits="objectBoundingBox" transform="scale(0.9)" clip-path="url(#c2)"><rect width="1" height="1"/></clipPath>"##
                + ##"<rect id="h" x="20" y="20" width="160" height="160" clip-path="url(#c1)"/>"##))
        #expect(Self.close(try Self.clipBox(scene, host: "h"), Rect(18, 18, 144, 144)))
        #expect(Self.close(try Self.clipBox(scene, host: "h", depth: 1), Rect(10, 0, 100, 200)))
        #expect(Self.close(try Self.clipBox(scene, host: "h", depth: 2), Rect(20, 60, 160, 120)))
    }

    /// The clip path named by a clip path's child stays in the clip path's space (the child's),
    /// also when its mask layers are copied from the ones made for the clip path's own `clip-path`.
    @Test func clipPathOfAClipPathChildStaysInTheClipPathsSpace() throws {
        let (scene, _) = try S.load(Self.document(
            ##"<clipPath id="c2" clipPathUnits="objectBoundingBox"><rect width="1" height="0.5"/></clipPath>"##
                + ##"<clipPath id="c1" transform="translate(10 0)" clip-path="url(#c2)"><rect id="k" width="100" height="200" clip-path="url(#c2)"/></clipPath>"##
                + ##"<rect id="h" x="20" y="20" width="160" height="160" clip-path="url(#c1)"/>"##))
        #expect(Self.close(try Self.clipBox(scene, host: "h", depth: 1), Rect(20, 20, 160, 80)))
        #expect(Self.close(try Self.clipBox(scene, host: "k"), Rect(10, 0, 100, 100)))
    }

    /// Hosts that are or hold a viewport, with the box (in the root's space) that an
    /// `objectBoundingBox` clip path's unit square maps onto: the viewport's content's.
    static let viewportHosts: [(body: String, box: Rect)] = [
        (##"<svg id="h" x="20" y="20" width="160" height="160" clip-path="url(#c)"><rect width="160" height="160"/></svg>"##,
         Rect(20, 20, 160, 160)),
        // Content past the viewport's edge counts; the viewBox maps the content.
        (##"<svg id="h" x="20" y="20" width="100" height="100" clip-path="url(#c)"><rect width="160" height="160"/></svg>"##,
         Rect(20, 20, 160, 160)),
        (##"<svg id="h" x="20" y="20" width="160" height="160" viewBox="0 0 80 80" clip-path="url(#c)"><rect x="10" y="10" width="40" height="60"/></svg>"##,
         Rect(40, 40, 80, 120)),
        (##"<symbol id="s"><rect width="80" height="80"/></symbol><use id="h" href="#s" x="20" y="20" width="160" height="160" clip-path="url(#c)"/>"##,
         Rect(20, 20, 80, 80)),
        (##"<defs><svg id="s" width="160" height="160"><rect width="80" height="80"/></svg></defs><use id="h" href="#s" x="20" y="20" clip-path="url(#c)"/>"##,
         Rect(20, 20, 80, 80)),
        (##"<g id="h" clip-path="url(#c)"><svg x="20" y="20" width="160" height="160"><rect width="80" height="80"/></svg>"##
            + ##"<rect x="150" y="150" width="10" height="10"/></g>"##,
         Rect(20, 20, 140, 140)),
    ]

    @Test(arguments: viewportHosts.indices)
    func objectBoundingBoxOfAViewportIsItsContents(_ k: Int) throws {
        let (body, box) = Self.viewportHosts[k]
        let (scene, _) = try S.load(Self.document(
            ##"<clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="1" height="1"/></clipPath>"## + body))
        #expect(Self.close(try Self.clipBox(scene, host: "h"), box))
    }

    /// The root's `objectBoundingBox` clip path maps onto its drawing's box, through the viewBox.
    @Test func objectBoundingBoxOfTheRootIsItsDrawings() throws {
        let (scene, _) = try S.load(S.header + ##" viewBox="0 0 100 100" width="200" height="200" clip-path="url(#c)">"##
            + ##"<clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="0.5" height="1"/></clipPath>"##
            + ##"<rect x="10" y="10" width="80" height="80"/></svg>"##)
        #expect(Self.close(try Self.clipBox(scene, host: scene.root), Rect(20, 20, 80, 160)))
    }

    /// A group holding a viewport keeps its bounds (its sublayers' frames), while its basic-shape
    /// clip and its `transform-box: fill-box` origin take the content's box, as Chromium does.
    @Test func groupHoldingAViewportKeepsItsBoundsButBoxesItsContent() throws {
        let svg = ##"<svg x="20" y="20" width="170" height="170"><rect width="80" height="80"/></svg>"##
        let (scene, _) = try S.load(Self.document(
            ##"<g id="clipped" clip-path="inset(0 50% 0 0) fill-box">"## + svg + "</g>"
                + ##"<g id="scaled" style="transform-box: fill-box; transform-origin: 100% 100%; transform: scale(0.5)">"## + svg + "</g>"))
        let clipped = try #require(S.layer(scene, "clipped"))
        #expect(scene.tree[clipped].bounds == Rect(20, 20, 170, 170))
        let mask = try #require(scene.tree.mask(of: clipped))
        #expect(Self.close(scene.tree.convert(scene.tree[mask].bounds, from: mask, to: scene.root), Rect(20, 20, 40, 80)))
        let scaled = try #require(S.layer(scene, "scaled"))
        let frame = scene.tree.convert(Rect(20, 20, 80, 80), from: scaled, to: scene.root)
        #expect(Self.close(frame, Rect(60, 60, 40, 40)))
    }

    /// A chain of clip paths each clipped by the next is followed 64 links deep (as deep as the
    /// resolver follows clip paths in clip paths), with a warning, instead of one mask layer
    /// per link: inspect and the overlay name every mask above a layer, so thousands of links
    /// made their outputs quadratic.
    @Test func aChainOfClippedClipPathsStopsAtTheNestingLimit() throws {
        var clips = #"<clipPath id="c0"><rect width="150" height="150"/></clipPath>"#
        for k in 1...100 {
            clips += #"<clipPath id="c\#(k)" clip-path="url(#c\#(k - 1))"><rect width="150" height="150"/></clipPath>"#
        }
        let (scene, diagnostics) = try S.load(Self.document(
            clips + #"<rect id="h" x="20" y="20" width="160" height="160" clip-path="url(#c100)"/>"#))
        var depth = 0
        var layer = try #require(S.layer(scene, "h"))
        while let m = scene.tree.mask(of: layer) {
            depth += 1
            layer = m
        }
        #expect(depth == DisplayList.maxClipNesting)
        #expect(diagnostics.map(\.message) == ["clip paths clipped by clip paths more than 64 deep; the rest are ignored"])
    }
}
