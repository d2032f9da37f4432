import LaminaCore
import LaminaTestSupport
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

    /// The layers a walk from `root` through sublayers reaches (masks and their subtrees are
    /// not walked), found from the sublayer lists: what the pass must lay out.
    private func reachable(from root: LayerID, in t: LayerTree) -> Set<LayerID> {
        var seen: Set<LayerID> = []
        var stack = [root]
        while let id = stack.popLast() {
            seen.insert(id)
            stack += t.sublayers(of: id)
        }
        return seen
    }

    /// Sublayers made before their superlayers (higher indices above lower ones), a mask with a
    /// sublayer of its own, a sublayer moved to another tree, and a root that is not the first
    /// layer: only the layers the walk reaches are counted and cleared, each once.
    @Test func onlyLayersBeneathTheRootThroughSublayersAreLaidOut() throws {
        var t = LayerTree()
        let leaves = (0..<4).map { t.make(Layer(name: "leaf\($0)")) }
        let group = t.make(Layer(name: "group"))
        let root = t.make(Layer(name: "root"))
        let mask = t.make(Layer(name: "mask"))
        let inMask = t.make(Layer(name: "inMask"))
        let elsewhere = t.make(Layer(name: "elsewhere"))
        try t.addSublayer(group, to: root)
        for leaf in leaves { try t.addSublayer(leaf, to: group) }
        try t.addSublayer(inMask, to: mask)
        try t.setMask(mask, of: group)
        try t.addSublayer(leaves[3], to: elsewhere)
        let all = t.allIDs
        for id in all { t.setNeedsLayout(id) }
        let before = t.layoutCounts
        let beneath = reachable(from: root, in: t)
        #expect(beneath.contains(leaves[0]) && !beneath.contains(leaves[3]) && !beneath.contains(inMask))
        #expect(t.layout(root: root).isEmpty)
        for id in all {
            let laidOut = beneath.contains(id)
            #expect(t.needsLayout(id) == !laidOut, "\(id)")
            #expect(t.layoutCounts[id.index] == before[id.index] + (laidOut ? 1 : 0), "\(id)")
        }
    }

    /// Random forests (layers attached to random earlier or later layers, some marked, some
    /// masks), laid out from each root in turn: each pass counts and clears exactly the marked
    /// layers a walk of the sublayer lists reaches.
    @Test func randomForestsMatchAWalkOfTheSublayerLists() throws {
        var rng = SplitMix64(state: 27)
        for _ in 0..<40 {
            var t = LayerTree()
            let n = 1 + Int(rng.next() % 60)
            let ids = (0..<n).map { t.make(Layer(name: "l\($0)")) }
            for id in ids where rng.next() % 5 != 0 {
                let parent = ids[Int(rng.next() % UInt64(n))]
                if rng.next() % 7 == 0 {
                    try? t.setMask(id, of: parent)
                } else {
                    try? t.addSublayer(id, to: parent)
                }
            }
            for id in ids where rng.next() % 3 != 0 { t.setNeedsLayout(id) }
            for root in ids where rng.next() % 4 == 0 {
                let beneath = reachable(from: root, in: t)
                let marks = ids.map { t.needsLayout($0) }
                let before = t.layoutCounts
                #expect(t.layout(root: root).isEmpty)
                for id in ids {
                    let laidOut = marks[id.index] && beneath.contains(id)
                    #expect(t.needsLayout(id) == (marks[id.index] && !laidOut))
                    #expect(t.layoutCounts[id.index] == before[id.index] + (laidOut ? 1 : 0))
                }
            }
        }
    }

    /// A layer given a layout manager after its tree was built (through the tree, not before
    /// it was made) is laid out by the pass: the quick path, taken while no layer was ever
    /// given one, must not hide it. The manager's constraints size the sublayer to the root.
    @Test func aManagerSetInPlaceIsLaidOut() throws {
        var t = LayerTree()
        var r = Layer(name: "root")
        r.bounds = Rect(0, 0, 80, 40)
        let root = t.make(r)
        var c = Layer(name: "child")
        c.constraints = [
            Constraint(attribute: .width, relativeTo: "superlayer", sourceAttribute: .width),
            Constraint(attribute: .height, relativeTo: "superlayer", sourceAttribute: .height),
            Constraint(attribute: .minX, relativeTo: "superlayer", sourceAttribute: .minX),
            Constraint(attribute: .minY, relativeTo: "superlayer", sourceAttribute: .minY),
        ]
        let child = t.make(c)
        t.setFrame(Rect(0, 0, 10, 10), of: child)
        try t.addSublayer(child, to: root)
        #expect(t.layout(root: root).isEmpty)
        #expect(t.frame(of: child) == Rect(0, 0, 10, 10))
        t[root].layoutManager = .constraint
        #expect(t[root].layoutManager == .constraint)
        #expect(t.layout(root: root).isEmpty)
        #expect(t.frame(of: child) == Rect(0, 0, 80, 40))
    }
}
