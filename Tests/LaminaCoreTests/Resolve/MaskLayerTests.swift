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

    @Test func aMaskAtHalfOpacityHalvesItsAlpha() throws {
        let (b, _, _) = try Self.maskedHost { $0.opacity = 0.5 }
        let (list, _) = DisplayList.resolve(b.scene)
        #expect(try Self.maskItems(list).map(\.opacity) == [0.5])
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

    /// `hitTest:` does not look at masks (LAYER-MODEL §6.2): a point the mask cuts away, or any
    /// point under a hidden mask, still finds the host.
    @Test func hitTestingIgnoresTheMask() throws {
        var (b, host, mask) = try Self.maskedHost()
        #expect(b.scene.tree.hitTest(Point(30, 30), in: b.root) == host)
        b.scene.tree[mask].hidden = true
        #expect(b.scene.tree.hitTest(Point(5, 5), in: b.root) == host)
    }
}
