import LaminaCore
import Testing

/// Inside a `CATransformLayer`, sublayers in one plane keep their order: a label added after
/// the face it sits on stays on top when the layer turns, wherever its centre is on the face.
@Suite struct TransformLayerDepthSortTests {
    static let unit = Shape.rect(x: 0, y: 0, width: 10, height: 10, rx: 0, ry: 0)

    /// A transform layer turned by `angle` about y under a perspective, with a 100×100 face
    /// and a 20×20 label at `labelX` on it (added after), and a layer 30 behind the face.
    static func scene(angle: Double, labelX: Double) -> Scene {
        var b = SceneBuilder(width: 200, height: 200)
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        b.scene.tree[b.root].sublayerTransform = p
        let t = b.add("t", frame: Rect(50, 50, 100, 100)) {
            $0.isTransformLayer = true
            $0.transform = .rotation(angle, 0, 1, 0)
        }
        b.add("face", to: t, frame: Rect(0, 0, 100, 100), shape: unit)
        b.add("label", to: t, frame: Rect(labelX, 40, 20, 20), shape: unit)
        b.add("behind", to: t, frame: Rect(0, 0, 100, 100), shape: unit) { $0.zPosition = -30 }
        return b.scene
    }

    @Test(arguments: [(0.5, 75.0), (0.5, 5.0), (-0.5, 75.0), (-0.5, 5.0), (2.8, 75.0)])
    func aLabelOnItsFaceStaysOnTop(angle: Double, labelX: Double) {
        let scene = Self.scene(angle: angle, labelX: labelX)
        let (list, _) = DisplayList.resolve(scene)
        let order = list.items.map { scene.tree[$0.layer].name ?? "" }
        let face = order.firstIndex(of: "face"), label = order.firstIndex(of: "label")
        #expect(face != nil && label != nil && face! < label!, "\(order)")
        // The layer 30 behind is sorted by depth against the face: behind it while the face is
        // turned towards the eye, in front once it is turned away (angle past 90°).
        let behind = order.firstIndex(of: "behind")
        #expect(behind != nil && (abs(angle) < .pi / 2 ? behind! < face! : behind! > label!), "\(order)")
    }
}

/// A transform layer at the root keeps its sublayers' 3D geometry in the pictures as in
/// `inspect` and `hit-test`: its perspective scales a sublayer lifted by `zPosition`.
@Suite struct TransformLayerRootTests {
    @Test(arguments: [true, false])
    func aRootTransformLayersPerspectiveReachesItsSublayers(transformLayer: Bool) throws {
        var b = SceneBuilder()
        b.scene.tree[b.root].isTransformLayer = transformLayer
        var p = Transform3D.identity
        p.m34 = -1.0 / 100
        b.scene.tree[b.root].transform = p
        let a = b.add("a", frame: Rect(25, 25, 50, 50), shape: TransformLayerDepthSortTests.unit) { $0.zPosition = 20 }
        let (list, _) = DisplayList.resolve(b.scene)
        let item = try #require(list.items.first { $0.layer == a })
        // The 10×10 square at the origin of `a`: scaled 1.25 about the root's centre under the
        // transform layer (drawn projected), moved only under a plain root, whose perspective
        // tilts nothing at z = 0.
        switch item.geometry {
        case .projected(let d): #expect(transformLayer && d == "M18.75 18.75L31.25 18.75L31.25 31.25L18.75 31.25Z", "\(d)")
        case .transformed(let t): #expect(!transformLayer && t == AffineTransform(1, 0, 0, 1, 25, 25), "\(t)")
        }
        let offset = transformLayer ? 18.75 : 25
        if transformLayer, let m = b.scene.tree.toRoot(a), let q = m.apply(Point(0, 0)) {
            #expect(abs(q.x - offset) < 1e-9 && abs(q.y - offset) < 1e-9)
        }
    }
}
