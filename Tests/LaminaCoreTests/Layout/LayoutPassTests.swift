import LaminaCore
import Testing

/// `layout(root:)` on trees that nothing lays out (no layout manager, no delegate): the quick
/// walk must leave the tree as the full passes do, with or without a manager elsewhere.
@Suite struct LayoutPassTests {
    /// A root with three sublayers (the first with two of its own) and a separate root.
    private func tree(withManagerOutside: Bool) throws -> (LayerTree, root: LayerID, inside: [LayerID], outside: LayerID) {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "root"))
        var inside: [LayerID] = []
        for k in 0..<3 {
            let c = tree.make(Layer(name: "c\(k)"))
            try tree.addSublayer(c, to: root)
            inside.append(c)
        }
        for k in 0..<2 {
            let g = tree.make(Layer(name: "g\(k)"))
            try tree.addSublayer(g, to: inside[0])
            inside.append(g)
        }
        var other = Layer(name: "other")
        if withManagerOutside { other.layoutManager = .constraint }
        let outside = tree.make(other)
        return (tree, root, inside, outside)
    }

    @Test(arguments: [false, true])
    func marksBeneathTheRootAreClearedAndCountedOnce(withManagerOutside: Bool) throws {
        var (t, root, inside, outside) = try tree(withManagerOutside: withManagerOutside)
        for id in [root] + inside + [outside] {
            t.setNeedsLayout(id)
        }
        let before = t.layoutCounts
        #expect(t.layout(root: root).isEmpty)
        for id in [root] + inside {
            #expect(!t.needsLayout(id))
            #expect(t.layoutCounts[id.index] == before[id.index] + 1)
        }
        // The other tree is not beneath the root: still marked, not laid out.
        #expect(t.needsLayout(outside))
        #expect(t.layoutCounts[outside.index] == before[outside.index])
    }

    /// Marked layers found from the marks up: a chain deeper than any walk memo, a mask and
    /// its sublayer (reached through the mask link, which the walk from the root does not
    /// take), another root's sublayer; then a mask laid out as the root.
    @Test func marksAreClearedWhereTheWalkFromTheRootReaches() throws {
        var t = LayerTree()
        let root = t.make(Layer(name: "root"))
        var chain = [root]
        for k in 0..<40 {
            let c = t.make(Layer(name: "c\(k)"))
            try t.addSublayer(c, to: chain[chain.count - 1])
            chain.append(c)
        }
        let mask = t.make(Layer(name: "mask"))
        try t.setMask(mask, of: chain[10])
        let inMask = t.make(Layer(name: "inMask"))
        try t.addSublayer(inMask, to: mask)
        let other = t.make(Layer(name: "other"))
        let underOther = t.make(Layer(name: "underOther"))
        try t.addSublayer(underOther, to: other)
        let outside = [mask, inMask, other, underOther]
        // Marked from the bottom up: the climbs meet the layers above already known.
        for id in (chain + outside).reversed() {
            t.setNeedsLayout(id)
        }
        let before = t.layoutCounts
        #expect(t.layout(root: root).isEmpty)
        for id in chain {
            #expect(!t.needsLayout(id))
            #expect(t.layoutCounts[id.index] == before[id.index] + 1)
        }
        for id in outside {
            #expect(t.needsLayout(id))
            #expect(t.layoutCounts[id.index] == before[id.index])
        }
        #expect(t.layout(root: mask).isEmpty)
        for id in [mask, inMask] {
            #expect(!t.needsLayout(id))
            #expect(t.layoutCounts[id.index] == before[id.index] + 1)
        }
        #expect(t.needsLayout(other) && t.needsLayout(underOther))
    }

    @Test func anUnmarkedTreeIsLeftAlone() throws {
        var (t, root, inside, _) = try tree(withManagerOutside: false)
        _ = t.layout(root: root)
        let counts = t.layoutCounts
        #expect(t.layout(root: root).isEmpty)
        #expect(t.layoutCounts == counts)
        #expect(([root] + inside).allSatisfy { !t.needsLayout($0) })
    }
}
