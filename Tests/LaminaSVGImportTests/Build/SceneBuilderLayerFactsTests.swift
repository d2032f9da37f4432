import Testing

@testable import LaminaCore
@testable import LaminaSVGImport

private typealias S = ImportTestSupport

/// What ``SceneBuilder/makeLayer(_:style:transform:content:rendererTransform:)`` gives a layer as
/// its SVG facts: the box shared by every plain layer of its element name, or facts of its own
/// when the element has an id, a class, a title or a compositing fact; and the order in which
/// ``SceneBuilder/buildNextChild()`` hands out a group's children.
@Suite struct SceneBuilderLayerFactsTests {
    private static let document = S.header + """
        ><defs><mask id='m'><rect width='1' height='1'/></mask><filter id='f'><feGaussianBlur/></filter>\
        <clipPath id='c'><rect width='5' height='5'/><circle r='2' class='q'/></clipPath></defs>\
        <rect width='1' height='1'/><rect width='2' height='2' clip-path='url(#c)'/>\
        <rect width='3' height='3' mask='url(#m)'/><rect width='4' height='4' filter='url(#f)'/>\
        <rect width='5' height='5' style='mix-blend-mode: multiply'/><rect width='6' height='6' class='k'/>\
        <rect width='7' height='7'><title> t </title></rect><rect width='8' height='8'><title> </title></rect>\
        <rect width='9' height='9' filter='blur(x)'/><g clip-path='url(#c)'><circle r='3'/></g><circle r='4'/></svg>
        """

    /// The facts of each drawn layer, with one thread and with the prefetch: plain rects (also
    /// one whose title is empty, one clipped, and the clip path's children) share one box, the
    /// plain circles another; every other layer has facts of its own.
    @Test(arguments: [1, 2]) func plainLayersShareTheirNamesFactsAndOthersKeepTheirOwn(threads: Int) throws {
        let (scene, _) = try SVGImport.importScene(Array(Self.document.utf8), file: "in.svg", threads: threads, prefetchBlock: 2)
        let tree = scene.tree
        let subs = tree.sublayers(of: scene.root)
        #expect(subs.count == 11)
        let facts = subs.map { tree[$0].svg }
        #expect(facts.map { $0?.element } == ["rect", "rect", "rect", "rect", "rect", "rect", "rect", "rect", "rect", "g", "circle"])
        #expect(facts[2]?.mask == "m")
        #expect(facts[3]?.filters == ["f"])
        #expect(facts[4]?.extra == [StyleProperty("mix-blend-mode", "multiply")])
        #expect(facts[5]?.className == "k")
        #expect(facts[6]?.title == "t")
        // An invalid filter function is warned about and leaves the layer plain.
        #expect(facts[8] == SVGInfo(element: "rect"))
        let plainRect = try #require(tree[subs[0]].svgBox)
        for k in [1, 7, 8] { #expect(tree[subs[k]].svgBox === plainRect, "layer \(k)") }
        for k in [2, 3, 4, 5, 6] { #expect(tree[subs[k]].svgBox !== plainRect, "layer \(k)") }
        let clipped = try #require(tree.mask(of: subs[1]))
        let clipChildren = tree.sublayers(of: clipped)
        #expect(clipChildren.count == 2)
        #expect(tree[clipChildren[0]].svgBox === plainRect)
        #expect(tree[clipChildren[1]].svg?.className == "q")
        let circle = try #require(tree[subs[10]].svgBox)
        #expect(circle !== plainRect)
        #expect(circle.value == SVGInfo(element: "circle"))
        let inGroup = try #require(tree.sublayers(of: subs[9]).first)
        #expect(tree[inGroup].svgBox === circle)
    }

    /// `composites` is true exactly for a style that gives a layer facts of its own: a mask, a
    /// filter (valid or not), an own non-inherited property, and a clip path on a container.
    @Test func compositesIsTrueForTheFactsAStyleGivesALayer() {
        var style = ComputedStyle.initial
        #expect(!SceneBuilder.composites(style, container: true))
        style.clipPath = "c"
        #expect(SceneBuilder.composites(style, container: true))
        #expect(!SceneBuilder.composites(style, container: false))
        style.clipPath = nil
        style.clipShape = ClipShape.parse("inset(1px)")
        #expect(SceneBuilder.composites(style, container: true))
        #expect(!SceneBuilder.composites(style, container: false))
        style.clipShape = nil
        style.display = "none"
        #expect(!SceneBuilder.composites(style, container: true))
        for change: (inout ComputedStyle) -> Void in [
            { $0.mask = "m" }, { $0.filters = [.reference("f")] }, { $0.unsupportedFilter = "blur(x)" },
            { $0.extraOwn = [StyleProperty("isolation", "isolate")] },
        ] {
            var s = ComputedStyle.initial
            change(&s)
            #expect(SceneBuilder.composites(s, container: false))
        }
    }

    /// Children come out in document order, depth first, text and comments between them
    /// skipped, with one thread and with the prefetch (whose blocks of 2 elements the walk crosses).
    @Test(arguments: [1, 2]) func childrenAreBuiltInDocumentOrder(threads: Int) throws {
        let text = S.header + """
            >a<g id='g1'> <rect id='r1' width='1' height='1'/>x<!-- c --><g id='g2'><circle id='c1' r='1'/>\
            <g id='g3'/></g>y<rect id='r2' width='1' height='1'/></g><g id='g4'/>z<circle id='c2' r='1'/></svg>
            """
        let (scene, _) = try SVGImport.importScene(Array(text.utf8), file: "in.svg", threads: threads, prefetchBlock: 2)
        let order = scene.tree.preorder(from: scene.root, includeMasks: false).dropFirst().map { scene.tree[$0].name }
        #expect(order == ["g1", "r1", "g2", "c1", "g3", "r2", "g4", "c2"])
        let g1 = try #require(S.layer(scene, "g1"))
        #expect(scene.tree.sublayers(of: g1).map { scene.tree[$0].name } == ["r1", "g2", "r2"])
    }

    /// ``AttributeRoles/titleName`` is the name index of an SVG `title`, -1 without one (a
    /// `title` in another namespace is not one).
    @Test func titleNameIsTheSVGTitlesNameIndex() throws {
        let with = try XMLReader.read(Array((S.header + " xmlns:o='urn:o'><rect><o:title>x</o:title><title>t</title></rect></svg>").utf8), file: "t.svg").tree
        let roles = AttributeRoles(with.table)
        let title = try #require((0..<with.count).first { with.name($0) == "title" && with.isSVG($0) })
        #expect(roles.titleName == with.nameIndex(title))
        let without = try XMLReader.read(Array((S.header + " xmlns:o='urn:o'><rect><o:title>x</o:title></rect></svg>").utf8), file: "t.svg").tree
        #expect(AttributeRoles(without.table).titleName == -1)
        #expect(SceneBuilder.layerFacts(in: without, roles: AttributeRoles(without.table), 1).titleElement == -1)
        #expect(SceneBuilder.layerFacts(in: with, roles: roles, 1).titleElement == title)
    }
}
