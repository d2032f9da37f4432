import LaminaCore
import Testing

@Suite struct AutoresizingTests {
    @Test(arguments: [
        (3, Rect(76, 20, 84, 40)), (6, Rect(10, 20, 84, 40)), (5, Rect(60, 20, 50, 40)), (63, Rect(43, 86, 84, 108)),
    ])
    func thirdsRuleOnGrowth(mask: Int, expected: Rect) throws {
        var tree = LayerTree()
        var s = Layer()
        s.bounds = Rect(0, 0, 100, 100)
        let sup = tree.make(s)
        var l = Layer()
        l.autoresizingMask = AutoresizingMask(rawValue: mask)
        let sub = tree.make(l)
        tree.setFrame(Rect(10, 20, 50, 40), of: sub)
        try tree.addSublayer(sub, to: sup)
        tree.setBounds(Rect(0, 0, 200, 300), of: sup)
        #expect(tree.frame(of: sub) == expected)
    }

    @Test func cascadesThroughADeepChainWithoutRecursion() throws {
        var tree = LayerTree()
        var l = Layer()
        l.bounds = Rect(0, 0, 100, 100)
        l.anchorPoint = .zero
        l.autoresizingMask = [.widthSizable]
        let top = tree.make(l)
        var parent = top
        for _ in 0..<100_000 {
            let c = tree.make(l)
            try tree.addSublayer(c, to: parent)
            parent = c
        }
        tree.setBounds(Rect(0, 0, 150, 100), of: top)
        #expect(tree[parent].bounds.size == Size(150, 100))
    }

    @Test func aLayerWithAnInfiniteFrameIsNotAutoresized() throws {
        var tree = LayerTree()
        var s = Layer()
        s.bounds = Rect(0, 0, 100, 100)
        let sup = tree.make(s)
        var l = Layer()
        l.bounds = Rect(0, 0, 20, 10)
        l.position = Point(30, 25)
        l.transform.m24 = 0.2  // w = 0 along the top edge: the frame is `Rect.infinite`
        l.autoresizingMask = [.minXMargin, .widthSizable, .maxYMargin]
        let sub = tree.make(l)
        try tree.addSublayer(sub, to: sup)
        #expect(tree.frame(of: sub).isInfinite)
        tree.setBounds(Rect(0, 0, 200, 300), of: sup)
        #expect(tree[sub].bounds == Rect(0, 0, 20, 10))
        #expect(tree[sub].position == Point(30, 25))
    }

    @Test func aFrameBeyondDoublesLeavesTheLayerAsItIs() throws {
        var tree = LayerTree()
        var l = Layer()
        l.bounds = Rect(0, 0, 20, 10)
        l.position = Point(30, 25)
        let id = tree.make(l)
        tree.setFrame(Rect(1e308, 0, 1.7e308, 10), of: id)  // position x = 1e308 + 0.85e308 overflows
        #expect(tree[id].position == Point(30, 25))
        #expect(tree[id].bounds == Rect(0, 0, 20, 10))
    }
}
