@testable import LaminaCore
import Testing

/// A `CATransformLayer` has no plane of its own to clip: Core Animation ignores its
/// `masksToBounds` ("properties that assume 2D image processing are also ignored, including
/// … mask, masksToBounds", CATransformLayer documentation), as hit-testing already does.
@Suite struct TransformLayerClipTests {
    /// A 50×50 layer masking to bounds, with an 80×80 sublayer; a transform layer when `transformLayer`.
    static func scene(transformLayer: Bool) -> (scene: Scene, child: LayerID) {
        var b = SceneBuilder()
        let t = b.add("t", frame: Rect(0, 0, 50, 50)) {
            $0.isTransformLayer = transformLayer
            $0.masksToBounds = true
        }
        let c = b.add("c", to: t, frame: Rect(0, 0, 80, 80), shape: .rect(x: 0, y: 0, width: 80, height: 80, rx: 0, ry: 0))
        return (b.scene, c)
    }

    @Test func aTransformLayerDoesNotClipItsSublayers() {
        let (scene, child) = Self.scene(transformLayer: true)
        let (list, _) = DisplayList.resolve(scene)
        #expect(list.items.count == 1)
        #expect(list.clips.isEmpty)
        #expect(scene.tree.clipInRoot(of: child) == nil)
        #expect(scene.tree.visibleRect(of: child, in: nil) == Rect(0, 0, 80, 80))
        #expect(scene.tree.hitTest(Point(70, 70), in: scene.root) == child)
    }

    @Test func aPlainLayerStillClipsItsSublayers() {
        let (scene, child) = Self.scene(transformLayer: false)
        let (list, _) = DisplayList.resolve(scene)
        #expect(list.clips.count == 1)
        #expect(scene.tree.clipInRoot(of: child) == Rect(0, 0, 50, 50))
        #expect(scene.tree.visibleRect(of: child, in: nil) == Rect(0, 0, 50, 50))
        #expect(scene.tree.hitTest(Point(70, 70), in: scene.root) == scene.root)
    }
}

/// A `CATransformLayer` ignores its `mask` too, and every other compositing property (filters,
/// blend modes): it forms no group, so nothing is masked or filtered, and a warning says so.
@Suite struct TransformLayerMaskTests {
    /// A 100×100 layer with a 30×30 mask (an alpha mask, or a clip path when `clipPath`), a
    /// filter, and an 80×80 sublayer; a transform layer when `transformLayer`.
    static func scene(transformLayer: Bool, clipPath: Bool) -> (scene: Scene, host: LayerID, child: LayerID) {
        var b = SceneBuilder()
        let t = b.add("t", frame: Rect(0, 0, 100, 100)) {
            $0.isTransformLayer = transformLayer
            var svg = SVGInfo(element: "g")
            svg.filter = "blur"
            $0.svg = svg
        }
        let c = b.add("c", to: t, frame: Rect(0, 0, 80, 80), shape: .rect(x: 0, y: 0, width: 80, height: 80, rx: 0, ry: 0))
        var m = Layer(name: "m")
        m.bounds = Rect(0, 0, 30, 30)
        m.position = Point(15, 15)
        if clipPath {
            m.svg = SVGInfo(element: "clipPath")
            m.content = Content(shape: .rect(x: 0, y: 0, width: 30, height: 30, rx: 0, ry: 0))
        } else {
            m.backgroundColor = "#000000"
        }
        let mask = b.scene.tree.make(m)
        try? b.scene.tree.setMask(mask, of: t)
        return (b.scene, t, c)
    }

    @Test(arguments: [false, true])
    func aTransformLayerIgnoresItsMaskAndFilter(clipPath: Bool) {
        let (scene, host, child) = Self.scene(transformLayer: true, clipPath: clipPath)
        let (list, diagnostics) = DisplayList.resolve(scene)
        #expect(list.items.map(\.layer) == [child])
        #expect(list.groups.isEmpty)
        #expect(list.clips.isEmpty)
        #expect(list.items.allSatisfy { $0.clip == nil && $0.group == nil })
        #expect(scene.tree.appliedMask(of: host) == nil)
        #expect(scene.tree.clipInRoot(of: child) == nil)
        #expect(scene.tree.hitTest(Point(70, 70), in: scene.root) == child)
        let warnings = diagnostics.filter { $0.message.contains("transform layer") }.map(\.message)
        #expect(warnings == ["layer t is a transform layer, which draws only its sublayers: its mask and filter are not drawn, as in Core Animation"])
    }

    @Test(arguments: [false, true])
    func aPlainLayerStillMasksAndFilters(clipPath: Bool) {
        let (scene, host, _) = Self.scene(transformLayer: false, clipPath: clipPath)
        let (list, diagnostics) = DisplayList.resolve(scene)
        #expect(scene.tree.appliedMask(of: host) != nil)
        #expect(list.groups.count == 1)
        #expect(list.groups.first?.filters == ["blur"])
        #expect(clipPath ? !list.clips.isEmpty : list.groups.first?.maskContent != nil)
        #expect(!diagnostics.contains { $0.message.contains("transform layer") })
    }

    @Test func aTransformLayerSaysWhichOfItsOwnPropertiesAreNotDrawn() {
        var layer = Layer(name: "t")
        layer.isTransformLayer = true
        layer.masksToBounds = true
        layer.backgroundColor = "#ff0000"
        layer.borderWidth = 2
        layer.borderColor = "#0000ff"
        #expect(Resolver.ignoredTransformLayerProperties(of: layer, hasMask: true)
            == ["masksToBounds", "backgroundColor", "border", "mask"])
        layer.borderColor = nil
        #expect(Resolver.ignoredTransformLayerProperties(of: layer, hasMask: false) == ["masksToBounds", "backgroundColor"])
    }
}
