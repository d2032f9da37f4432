import LaminaCore
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
