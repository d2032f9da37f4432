import LaminaCore
import Testing

@Suite struct LayerTreeHitTestTests {
    /// A 100×100 root at (50, 50) with two equal 40×40 sublayers; `lower` lifted by zPosition.
    static func siblings() throws -> (LayerTree, LayerID, LayerID, LayerID) {
        var tree = LayerTree()
        var r = Layer()
        r.bounds = Rect(0, 0, 100, 100)
        r.position = Point(50, 50)
        let root = tree.make(r)
        var s = Layer()
        s.bounds = Rect(0, 0, 40, 40)
        s.position = Point(50, 50)
        s.zPosition = 10
        let lower = tree.make(s)
        s.zPosition = 0
        let upper = tree.make(s)
        try tree.addSublayer(lower, to: root)
        try tree.addSublayer(upper, to: root)
        return (tree, root, lower, upper)
    }

    @Test func arrayOrderIgnoresZPosition() throws {
        let (tree, root, _, upper) = try Self.siblings()
        #expect(tree.hitTest(Point(50, 50), in: root) == upper)
    }

    @Test func paintOrderHonoursZPosition() throws {
        let (tree, root, lower, _) = try Self.siblings()
        #expect(tree.hitTest(Point(50, 50), in: root, order: .paint) == lower)
        #expect(tree.sublayersInPaintOrder(of: root).first != lower)
    }

    @Test func outsideEverythingHitsNothingAndMaxEdgesAreOutside() throws {
        let (tree, root, _, _) = try Self.siblings()
        #expect(tree.hitTest(Point(500, 500), in: root) == nil)
        #expect(tree.hitTest(Point(100, 100), in: root) == nil)
        #expect(tree.hitTest(Point(5, 5), in: root) == root)
    }

    @Test func masksToBoundsPrunesSublayersOutside() throws {
        var (tree, root, _, upper) = try Self.siblings()
        tree[upper].position = Point(150, 150)
        #expect(tree.hitTest(Point(150, 150), in: root) == upper)
        tree[root].masksToBounds = true
        #expect(tree.hitTest(Point(150, 150), in: root) == nil)
    }

    @Test func hiddenSublayersArePassedOver() throws {
        var (tree, root, lower, upper) = try Self.siblings()
        tree[upper].hidden = true
        #expect(tree.hitTest(Point(50, 50), in: root) == lower)
    }

    @Test func transformLayerIsNeverReturned() throws {
        var tree = LayerTree()
        var r = Layer()
        r.bounds = Rect(0, 0, 100, 100)
        r.anchorPoint = .zero
        let root = tree.make(r)
        var t = Layer()
        t.isTransformLayer = true
        t.bounds = Rect(0, 0, 100, 100)
        t.anchorPoint = .zero
        let tl = tree.make(t)
        var c = Layer()
        c.bounds = Rect(0, 0, 10, 10)
        c.anchorPoint = .zero
        c.position = Point(20, 20)
        let child = tree.make(c)
        try tree.addSublayer(tl, to: root)
        try tree.addSublayer(child, to: tl)
        #expect(tree.hitTest(Point(25, 25), in: root) == child)
        #expect(tree.hitTest(Point(50, 50), in: root) == root)
    }

    @Test func deepTreeHitTestsIteratively() throws {
        var tree = LayerTree()
        var l = Layer()
        l.bounds = Rect(0, 0, 10, 10)
        l.anchorPoint = .zero
        var parent = tree.make(l)
        let top = parent
        for _ in 0..<100_000 {
            let c = tree.make(l)
            try tree.addSublayer(c, to: parent)
            parent = c
        }
        #expect(tree.hitTest(Point(1, 1), in: top) == parent)
        #expect(tree.paintOrder(from: top).count == 100_001)
    }
}
