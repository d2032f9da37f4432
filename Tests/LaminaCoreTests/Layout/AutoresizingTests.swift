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
}
