import LaminaCore
import Testing

@Suite struct LayerTreeGeometryTests {
    /// A clock hand: bounds 10×60, anchorPoint (0.5, 0.9), position (100, 100).
    static func hand(angle: Double) -> (LayerTree, LayerID) {
        var tree = LayerTree()
        var l = Layer(name: "hour")
        l.bounds = Rect(0, 0, 10, 60)
        l.anchorPoint = Point(0.5, 0.9)
        l.position = Point(100, 100)
        l.transform = .rotation(angle, 0, 0, 1)
        let id = tree.make(l)
        return (tree, id)
    }

    static func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.width - b.width) <= tolerance
            && abs(a.height - b.height) <= tolerance
    }

    @Test func rotatedFrameIsTheBoundingBoxAroundTheAnchor() {
        let (tree, hand) = Self.hand(angle: .pi / 2)
        #expect(Self.close(tree.frame(of: hand), Rect(94, 95, 60, 10)))
        #expect(tree.anchor(of: hand) == Point(5, 54))
    }

    @Test func unrotatedFrameHangsFromTheAnchor() {
        let (tree, hand) = Self.hand(angle: 0)
        #expect(tree.frame(of: hand) == Rect(95, 46, 10, 60))
    }

    @Test func setFrameUnderRotationMatchesTheLoggedDevice() {
        var tree = LayerTree()
        var l = Layer()
        l.transform = .rotation(0.1, 0, 0, 1)
        let id = tree.make(l)
        tree.setFrame(Rect(20, 20, 100, 100), of: id)
        #expect(tree[id].position == Point(70, 70))
        #expect(Self.close(tree.frame(of: id), Rect(11.0632046, 20, 117.8735909, 100), 1e-6))
    }

    @Test(arguments: [Transform3D.identity, .scale(0.5, 0.5, 1), .scale(2, 4, 1), .translation(10, 20, 0)])
    func setFrameRoundTrips(transform: Transform3D) {
        var tree = LayerTree()
        var l = Layer()
        l.transform = transform
        l.bounds = Rect(3, 4, 1, 1)
        let id = tree.make(l)
        tree.setFrame(Rect(10, 20, 100, 50), of: id)
        #expect(Self.close(tree.frame(of: id), Rect(10, 20, 100, 50)))
        #expect(tree[id].bounds.origin == Point(3, 4))
    }

    @Test func perspectivePastEdgeOnGivesTheInfiniteFrame() {
        var tree = LayerTree()
        var l = Layer()
        l.bounds = Rect(0, 0, 100, 100)
        var t = Transform3D.identity
        t.m14 = -0.05
        l.transform = t
        let id = tree.make(l)
        #expect(tree.frame(of: id) == .infinite)
    }

    @Test func flipReflectsSublayersAboutTheBoundsMidline() {
        var tree = LayerTree()
        var p = Layer()
        p.bounds = Rect(0, 0, 100, 100)
        p.anchorPoint = .zero
        p.geometryFlipped = true
        let parent = tree.make(p)
        var c = Layer()
        c.bounds = Rect(0, 0, 10, 10)
        c.anchorPoint = .zero
        let child = tree.make(c)
        try? tree.addSublayer(child, to: parent)
        #expect(tree.convert(Point(0, 0), from: child, to: parent) == Point(0, 0))
        #expect(tree.convert(Point(0, 0), from: child, to: nil) == Point(0, 100))
        #expect(tree.contentsAreFlipped(child))
    }

    @Test func boundsSizeChangeInvalidatesLayoutButPositionDoesNot() {
        var tree = LayerTree()
        let id = tree.make(Layer())
        tree[id].position = Point(5, 5)
        #expect(!tree.needsLayout(id))
        tree.setBounds(Rect(0, 0, 10, 10), of: id)
        #expect(tree.needsLayout(id))
    }
}

@Suite struct HomographyToSuperlayerTests {
    @Test(arguments: [false, true])
    func affineShortcutMatchesTheFlattened4x4(flipped: Bool) throws {
        var tree = LayerTree()
        var s = Layer()
        s.bounds = Rect(10, 20, 200, 100)
        s.anchorPoint = Point(0.3, 0.6)
        s.sublayerTransform = Transform3D(AffineTransform(1.2, 0.1, -0.3, 0.9, 5, -7))
        let sup = tree.make(s)
        var l = Layer()
        l.bounds = Rect(5, 7, 100, 80)
        l.anchorPoint = Point(0.25, 0.75)
        l.anchorPointZ = 12
        l.zPosition = 3
        l.position = Point(80, 90)
        l.geometryFlipped = flipped
        l.transform = .rotation(0.3, 0, 0, 1)
        let id = tree.make(l)
        try tree.addSublayer(id, to: sup)
        let fast = tree.homographyToSuperlayer(id)
        let full = Homography(flattening: tree.matrixToSuperlayer(id))
        let pairs = [(fast.m11, full.m11), (fast.m12, full.m12), (fast.m21, full.m21), (fast.m22, full.m22),
                     (fast.m31, full.m31), (fast.m32, full.m32), (fast.m13, full.m13), (fast.m33, full.m33)]
        for (a, b) in pairs { #expect(abs(a - b) < 1e-9) }
    }
}
