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

    /// A sublayer of the mask with a mask of its own is cut by it, as Core Animation draws a
    /// mask's sublayers as any layers: a `<g mask>` inside the `<mask>` (with the sublayer's
    /// group opacity, around its clips), its `<mask>` in the same space. It was drawn whole:
    /// resvg and Chromium let 40×40 of the host through instead of 20×20.
    @Test(arguments: [false, true]) func aMaskInsideAMaskIsWrittenAsANestedMask(keepGroups: Bool) throws {
        var scene = try Self.scene()
        let mask = try #require(scene.tree.mask(of: scene.tree.sublayers(of: scene.root)[0]))
        let big = scene.tree.sublayers(of: mask)[0]
        scene.tree[big].opacity = 0.5
        var inner = Layer()
        inner.bounds = Rect(0, 0, 20, 20)
        inner.position = Point(15, 10)
        inner.backgroundColor = "black"
        try scene.tree.setMask(scene.tree.make(inner), of: big)
        let (list, diagnostics) = DisplayList.resolve(scene)
        #expect(diagnostics.isEmpty)
        let svg = FlattenedSVG.write(list, scene: scene, options: .init(keepGroups: keepGroups))
        #expect(svg.contains("""
            <mask id="lamina-mask-2" maskUnits="userSpaceOnUse" x="-1000000" y="-1000000" width="2000000" height="2000000" mask-type="alpha">
            <rect x="0" y="0" width="20" height="20" transform="matrix(1 0 0 1 5 0)" fill="black"/>
            </mask>
            <clipPath id="lamina-clip-1" clipPathUnits="userSpaceOnUse">
            <rect x="0" y="0" width="40" height="40"/>
            </clipPath>
            <mask id="lamina-mask-1" maskUnits="userSpaceOnUse" x="-1000000" y="-1000000" width="2000000" height="2000000" mask-type="alpha">
            <g opacity="0.5" mask="url(#lamina-mask-2)">
            <g clip-path="url(#lamina-clip-1)">
            <rect x="0" y="0" width="60" height="60" fill="black"/>
            </g>
            </g>
            </mask>
            """))
        #expect(svg.contains("transform=\"matrix(1 0 0 1 10 10)\" mask=\"url(#lamina-mask-1)\">"))
        // The body's threads do not change the bytes.
        var split = FlattenedSVG.Options(keepGroups: keepGroups)
        split.split = WorkSplit(threads: 4)
        split.split.chunkItems = 1
        split.split.sequentialBelow = 0
        #expect(FlattenedSVG.write(list, scene: scene, options: split) == svg)
    }

    /// Masks nest inside masks inside masks: each `<mask>` holds the `<g mask>` of the layer
    /// masked in it (the inner one was left out of the outer one's content).
    @Test(arguments: [false, true]) func masksInsideMasksNestTwoDeep(keepGroups: Bool) throws {
        var scene = try Self.scene()
        var host = scene.tree.sublayers(of: try #require(scene.tree.mask(of: scene.tree.sublayers(of: scene.root)[0])))[0]
        for side in [30.0, 10.0] {
            var m = Layer()
            m.bounds = Rect(0, 0, side, side)
            let mask = scene.tree.make(m)
            try scene.tree.setMask(mask, of: host)
            var k = Layer()
            k.bounds = Rect(0, 0, side, side)
            k.backgroundColor = "black"
            host = scene.tree.make(k)
            try scene.tree.addSublayer(host, to: mask)
        }
        let (list, _) = DisplayList.resolve(scene)
        let svg = FlattenedSVG.write(list, scene: scene, options: .init(keepGroups: keepGroups))
        for (outer, inner) in [(1, 2), (2, 3)] {
            let start = try #require(svg.range(of: "<mask id=\"lamina-mask-\(outer)\""))
            let end = try #require(svg[start.upperBound...].range(of: "</mask>"))
            #expect(svg[start.upperBound..<end.lowerBound].contains("<g mask=\"url(#lamina-mask-\(inner))\">"))
        }
        #expect(svg.components(separatedBy: "<mask id=").count == 4)
    }
}
