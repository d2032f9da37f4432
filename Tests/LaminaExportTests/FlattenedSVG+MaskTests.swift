import LaminaCore
import LaminaExport
import Testing

/// How a `CALayer.mask` is written: a `<mask>` of its drawables, in the masked group's space.
@Suite struct FlattenedSVGMaskTests {
    /// An 80×80 host at (10, 10) masked by a 40×40 layer that masks to its bounds and holds a
    /// 60×60 black sublayer: only the mask's 40×40 lets the host through.
    static func scene() throws -> Scene {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 100, 100)
        scene.tree[scene.root].position = Point(50, 50)
        var host = Layer(name: "host")
        host.bounds = Rect(0, 0, 80, 80)
        host.position = Point(50, 50)
        host.backgroundColor = "red"
        let h = scene.tree.make(host)
        try scene.tree.addSublayer(h, to: scene.root)
        var mask = Layer()
        mask.bounds = Rect(0, 0, 40, 40)
        mask.position = Point(20, 20)
        mask.masksToBounds = true
        let m = scene.tree.make(mask)
        try scene.tree.setMask(m, of: h)
        var big = Layer()
        big.bounds = Rect(0, 0, 60, 60)
        big.position = Point(30, 30)
        big.backgroundColor = "black"
        try scene.tree.addSublayer(scene.tree.make(big), to: m)
        return scene
    }

    /// The clip is written in the space of the element the mask is on (its own group's).
    @Test(arguments: [false, true]) func aMaskThatMasksToBoundsClipsItsDrawables(keepGroups: Bool) throws {
        let scene = try Self.scene()
        let (list, _) = DisplayList.resolve(scene)
        let svg = FlattenedSVG.write(list, scene: scene, options: .init(keepGroups: keepGroups))
        #expect(svg.contains("""
            <clipPath id="lamina-clip-1" clipPathUnits="userSpaceOnUse">
            <rect x="0" y="0" width="40" height="40"/>
            </clipPath>
            <mask id="lamina-mask-1" maskUnits="userSpaceOnUse" x="-1000000" y="-1000000" width="2000000" height="2000000" mask-type="alpha">
            <g clip-path="url(#lamina-clip-1)">
            <rect x="0" y="0" width="60" height="60" fill="black"/>
            </g>
            </mask>
            """))
        #expect(svg.contains("transform=\"matrix(1 0 0 1 10 10)\" mask=\"url(#lamina-mask-1)\">"))
    }

    /// A layer with an SVG mask (`svg.mask`, kept from `mask="url(#…)"`) and a mask layer is
    /// cut by both: the mask layer on an outer group with the placement, the rest inside it,
    /// so that the mask layer cuts the filtered result, as Core Animation applies a layer's
    /// mask after its filters. Only the SVG mask was written, and the mask layer dropped.
    @Test(arguments: [false, true]) func anSVGMaskAndAMaskLayerBothCut(keepGroups: Bool) throws {
        var scene = try Self.scene()
        let host = scene.tree.sublayers(of: scene.root)[0]
        var info = SVGInfo(element: "g")
        info.mask = "fade"
        info.filters = ["blur"]
        scene.tree[host].svg = info
        scene.tree[host].opacity = 0.5
        scene.resources = [
            Resource(id: "fade", kind: .mask, xml: "<mask id=\"fade\"><rect width=\"90\" height=\"60\" fill=\"white\"/></mask>"),
            Resource(id: "blur", kind: .filter, xml: "<filter id=\"blur\"><feGaussianBlur stdDeviation=\"2\"/></filter>"),
        ]
        let (list, _) = DisplayList.resolve(scene)
        let svg = FlattenedSVG.write(list, scene: scene, options: .init(keepGroups: keepGroups))
        let id = keepGroups ? "<g id=\"layer-host\" " : "<g "
        #expect(svg.contains("""
            \(id)transform="matrix(1 0 0 1 10 10)" mask="url(#lamina-mask-1)">
            <g opacity="0.5" mask="url(#fade)" filter="url(#blur)">
            <rect x="0" y="0" width="80" height="80" fill="red"/>
            </g>
            </g>
            """))
        #expect(svg.components(separatedBy: "<g").count == svg.components(separatedBy: "</g>").count)
    }

    /// A mask at opacity 0.5 whose two sublayers overlap lets the host through at 0.5 where
    /// they overlap, as Core Animation applies the opacity to the mask's flattened image
    /// (`allowsGroupOpacity`); 0.5 in each drawable made 0.75 there. A sublayer of it at 0.5
    /// nests its own group, around its clip.
    @Test func aMaskGroupsItsOpacityAroundItsDrawables() throws {
        var scene = try Self.scene()
        let mask = try #require(scene.tree.mask(of: scene.tree.sublayers(of: scene.root)[0]))
        scene.tree[mask].opacity = 0.5
        scene.tree[mask].masksToBounds = false
        var second = Layer()
        second.bounds = Rect(0, 0, 20, 20)
        second.position = Point(30, 30)
        second.backgroundColor = "black"
        second.opacity = 0.5
        second.masksToBounds = true
        let s = scene.tree.make(second)
        try scene.tree.addSublayer(s, to: mask)
        var inner = Layer()
        inner.bounds = Rect(0, 0, 40, 40)
        inner.backgroundColor = "black"
        try scene.tree.addSublayer(scene.tree.make(inner), to: s)
        let (list, _) = DisplayList.resolve(scene)
        let svg = FlattenedSVG.write(list, scene: scene, options: .init())
        #expect(svg.contains("""
            mask-type="alpha">
            <g opacity="0.5">
            <rect x="0" y="0" width="60" height="60" fill="black"/>
            <g opacity="0.5">
            <g clip-path="url(#lamina-clip-1)">
            <rect x="0" y="0" width="20" height="20" transform="matrix(1 0 0 1 20 20)" fill="black"/>
            <rect x="0" y="0" width="40" height="40" fill="black"/>
            </g>
            </g>
            </g>
            </mask>
            """))
    }
}
