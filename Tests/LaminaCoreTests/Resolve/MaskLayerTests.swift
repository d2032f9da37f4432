import LaminaCore
import Testing

/// A `CALayer.mask` is rendered as any layer is, and its alpha is what lets the host through
/// (LAYER-MODEL §5.5): its own `hidden`, `opacity` and `masksToBounds` count.
@Suite struct MaskLayerTests {
    /// A 40×40 host at (0, 0) drawing a square, masked by a 20×20 black mask at its corner.
    static func maskedHost(_ configure: (inout Layer) -> Void = { _ in }) throws -> (SceneBuilder, LayerID, LayerID) {
        var b = SceneBuilder(width: 100, height: 100)
        let host = b.add("host", frame: Rect(0, 0, 40, 40), shape: .rect(x: 0, y: 0, width: 40, height: 40, rx: 0, ry: 0))
        var m = Layer(name: "m")
        m.bounds = Rect(0, 0, 20, 20)
        m.position = Point(10, 10)
        m.backgroundColor = "#000000"
        configure(&m)
        let mask = b.scene.tree.make(m)
        try b.scene.tree.setMask(mask, of: host)
        return (b, host, mask)
    }

    /// The mask content of the group the host's drawable is in.
    static func maskItems(_ list: DisplayList) throws -> [DisplayItem] {
        let g = try #require(list.items.first?.group)
        let content = try #require(list.groups[g].maskContent)
        return list.maskContents[content]
    }

    @Test func aVisibleMaskDrawsItsBackground() throws {
        let (b, _, mask) = try Self.maskedHost()
        let (list, _) = DisplayList.resolve(b.scene)
        #expect(try Self.maskItems(list).map(\.layer) == [mask])
    }

    /// A hidden layer is not displayed, a mask included: its alpha is 0 everywhere, so
    /// nothing of the host shows (it was drawn as if the mask were visible).
    @Test func aHiddenMaskLetsNothingOfItsHostThrough() throws {
        let (b, host, _) = try Self.maskedHost { $0.hidden = true }
        let (list, _) = DisplayList.resolve(b.scene)
        #expect(list.items.map(\.layer) == [host])
        #expect(try Self.maskItems(list).isEmpty)
    }

    /// The mask's opacity multiplies its alpha: at 0 nothing of the host shows.
    @Test func aMaskAtOpacityZeroLetsNothingThrough() throws {
        let (b, _, _) = try Self.maskedHost { $0.opacity = 0 }
        let (list, _) = DisplayList.resolve(b.scene)
        #expect(try Self.maskItems(list).isEmpty)
    }

    /// With `allowsGroupOpacity` (the default) the opacity applies to the mask's flattened
    /// image, which the writers make a group; without it, it multiplies into each drawable.
    @Test func aMaskAtHalfOpacityHalvesItsAlphaAsAGroup() throws {
        let (grouped, _, _) = try Self.maskedHost { $0.opacity = 0.5 }
        #expect(try Self.maskItems(DisplayList.resolve(grouped.scene).0).map(\.opacity) == [1])
        let (each, _, _) = try Self.maskedHost {
            $0.opacity = 0.5
            $0.allowsGroupOpacity = false
        }
        #expect(try Self.maskItems(DisplayList.resolve(each.scene).0).map(\.opacity) == [0.5])
    }

    /// A clip path imported as a mask layer, hidden in layer JSON, clips its host away whole.
    @Test func aHiddenClipPathMaskClipsEverything() throws {
        let (b, _, _) = try Self.maskedHost {
            $0.svg = SVGInfo(element: "clipPath")
            $0.content = Content(shape: .circle(cx: 10, cy: 10, r: 5))
            $0.hidden = true
        }
        let (list, _) = DisplayList.resolve(b.scene)
        let clip = try #require(list.items.first?.clip)
        #expect(list.clips[clip].shapes.isEmpty)
    }

    /// The mask's `masksToBounds` cuts it and its sublayers to its (rounded) bounds, as any
    /// layer's does: a sublayer reaching past them let the host through there (60×60, not 20×20).
    @Test func aMaskThatMasksToBoundsClipsItsSublayers() throws {
        var (b, _, mask) = try Self.maskedHost {
            $0.masksToBounds = true
            $0.cornerRadius = 4
        }
        var k = Layer(name: "k")
        k.bounds = Rect(0, 0, 60, 60)
        k.position = Point(30, 30)
        k.backgroundColor = "#000000"
        try b.scene.tree.addSublayer(b.scene.tree.make(k), to: mask)
        let (list, _) = DisplayList.resolve(b.scene)
        let items = try Self.maskItems(list)
        #expect(items.map { b.scene.tree[$0.layer].name } == ["m", "k"])
        let clip = try #require(items[1].clip)
        #expect(items[0].clip == clip)
        #expect(list.clips[clip].parent == nil)
        #expect(list.clips[clip].shapes.map(\.shape) == [.rect(x: 0, y: 0, width: 20, height: 20, rx: 4, ry: 4)])
    }

    /// A sublayer of the mask that masks to bounds clips its own sublayers, within the mask's
    /// clip; the host's own clip is not part of the mask's (it cuts the host's group).
    @Test func clipsNestInsideTheMaskAndLeaveTheHostsOut() throws {
        var (b, host, mask) = try Self.maskedHost { $0.masksToBounds = true }
        b.scene.tree[host].masksToBounds = true
        var k = Layer(name: "k")
        k.bounds = Rect(0, 0, 10, 10)
        k.position = Point(5, 5)
        k.masksToBounds = true
        let kid = b.scene.tree.make(k)
        try b.scene.tree.addSublayer(kid, to: mask)
        var g = Layer(name: "g")
        g.bounds = Rect(0, 0, 30, 30)
        g.backgroundColor = "#000000"
        try b.scene.tree.addSublayer(b.scene.tree.make(g), to: kid)
        let (list, _) = DisplayList.resolve(b.scene)
        let items = try Self.maskItems(list)
        #expect(items.map { b.scene.tree[$0.layer].name } == ["m", "g"])
        let inner = try #require(items[1].clip)
        #expect(list.clips[inner].layer == kid)
        #expect(list.clips[inner].parent == items[0].clip)
        #expect(list.clips[try #require(items[0].clip)].parent == nil)
    }

    /// A sublayer of a mask is rendered as any layer, so Core Animation cuts it by its own
    /// mask: the mask content records that mask, resolved in the same space (the host's). It
    /// was left undrawn, with a warning.
    @Test func aMaskInsideAMaskIsResolvedInTheHostsSpace() throws {
        var (b, _, mask) = try Self.maskedHost()
        var k = Layer(name: "k")
        k.bounds = Rect(0, 0, 10, 10)
        k.position = Point(10, 10)
        k.backgroundColor = "#000000"
        let kid = b.scene.tree.make(k)
        try b.scene.tree.addSublayer(kid, to: mask)
        var inner = Layer(name: "inner")
        inner.bounds = Rect(0, 0, 5, 5)
        inner.position = Point(2.5, 2.5)
        inner.backgroundColor = "#000000"
        let innerID = b.scene.tree.make(inner)
        try b.scene.tree.setMask(innerID, of: kid)
        let (list, diags) = DisplayList.resolve(b.scene)
        #expect(diags.isEmpty)
        #expect(try Self.maskItems(list).map { b.scene.tree[$0.layer].name } == ["m", "k"])
        let group = try #require(list.items.first?.group)
        let content = try #require(list.groups[group].maskContent)
        #expect(list.masksInMasks.count == 1)
        let nest = try #require(list.masksInMasks.first)
        #expect(nest.content == content)
        #expect(nest.layer == kid)
        let items = list.maskContents[nest.mask]
        #expect(items.map(\.layer) == [innerID])
        // The mask at (0, 0) in the host, k's frame at (5, 5) in the mask, the inner mask at (0, 0) in k.
        #expect(items.map(\.localGeometry) == [.transformed(.translation(5, 5))])
    }

    /// Masks inside masks nest as deep as clip paths may (``DisplayList/maxClipNesting``);
    /// the next one is left undrawn, with one warning, and the layers below it are not visited.
    @Test func masksInsideMasksNestAsDeepAsClipPaths() throws {
        var (b, _, mask) = try Self.maskedHost()
        var parent = mask
        for _ in 0...(DisplayList.maxClipNesting + 5) {
            var k = Layer()
            k.bounds = Rect(0, 0, 20, 20)
            k.backgroundColor = "#000000"
            let kid = b.scene.tree.make(k)
            try b.scene.tree.addSublayer(kid, to: parent)
            var m = Layer()
            m.bounds = Rect(0, 0, 20, 20)
            parent = b.scene.tree.make(m)
            try b.scene.tree.setMask(parent, of: kid)
        }
        let (list, diags) = DisplayList.resolve(b.scene)
        #expect(list.masksInMasks.count == DisplayList.maxClipNesting)
        #expect(list.maskContents.count == DisplayList.maxClipNesting + 1)
        #expect(diags.map(\.message) == [
            "a layer inside the mask of layer host has a mask of its own, which is not drawn (masks nest inside masks at most 64 deep)"
        ])
    }

    /// The mask of a mask inside a mask is ignored, as a mask's mask is, and the warning names
    /// the host in the layer tree.
    @Test func theMaskOfAMaskInsideAMaskIsIgnored() throws {
        var (b, _, mask) = try Self.maskedHost()
        var k = Layer()
        k.bounds = Rect(0, 0, 10, 10)
        let kid = b.scene.tree.make(k)
        try b.scene.tree.addSublayer(kid, to: mask)
        let inner = b.scene.tree.make(Layer())
        try b.scene.tree.setMask(inner, of: kid)
        try b.scene.tree.setMask(b.scene.tree.make(Layer()), of: inner)
        let (list, diags) = DisplayList.resolve(b.scene)
        #expect(list.masksInMasks.count == 1)
        #expect(diags.map(\.message) == [
            "a mask inside the mask of layer host has a mask of its own, which is ignored (Core Animation does not nest masks)"
        ])
    }

    /// `hitTest:` does not look at masks (LAYER-MODEL §6.2): a point the mask cuts away, or any
    /// point under a hidden mask, still finds the host.
    @Test func hitTestingIgnoresTheMask() throws {
        var (b, host, mask) = try Self.maskedHost()
        #expect(b.scene.tree.hitTest(Point(30, 30), in: b.root) == host)
        b.scene.tree[mask].hidden = true
        #expect(b.scene.tree.hitTest(Point(5, 5), in: b.root) == host)
    }
}
