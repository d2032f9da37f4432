import LaminaCore
import Testing

@Suite struct LayerTreeSublayersTests {
    /// A root with sublayers named A, B, C, D (as many as asked).
    static func tree(_ names: [String]) throws -> (LayerTree, LayerID, [LayerID]) {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "root"))
        var ids: [LayerID] = []
        for n in names {
            let id = tree.make(Layer(name: n))
            try tree.addSublayer(id, to: root)
            ids.append(id)
        }
        return (tree, root, ids)
    }

    func names(_ tree: LayerTree, _ root: LayerID) -> [String] {
        tree.sublayers(of: root).map { tree[$0].name ?? "?" }
    }

    @Test func insertMovesWithinTheListAndClamps() throws {
        var (tree, root, ids) = try Self.tree(["A", "B", "C", "D"])
        try tree.insertSublayer(ids[0], into: root, at: 2)
        #expect(names(tree, root) == ["B", "A", "C", "D"])
        try tree.insertSublayer(ids[1], into: root, at: 99)
        #expect(names(tree, root) == ["A", "C", "D", "B"])
        try tree.insertSublayer(ids[3], into: root, at: -5)
        #expect(names(tree, root) == ["D", "A", "C", "B"])
    }

    @Test func insertBelowAndAboveASibling() throws {
        var (tree, root, ids) = try Self.tree(["A", "B", "C"])
        try tree.insertSublayer(ids[2], into: root, below: ids[0])
        #expect(names(tree, root) == ["C", "A", "B"])
        try tree.insertSublayer(ids[2], into: root, above: ids[1])
        #expect(names(tree, root) == ["A", "B", "C"])
        let x = tree.make(Layer(name: "X"))
        let warning = try tree.insertSublayer(x, into: root, below: nil)
        #expect(warning != nil)
        #expect(names(tree, root) == ["X", "A", "B", "C"])
    }

    @Test func cyclesAreRejectedBeforeAnythingChanges() throws {
        var (tree, root, ids) = try Self.tree(["A", "B"])
        let grandchild = tree.make(Layer(name: "g"))
        try tree.addSublayer(grandchild, to: ids[0])
        let before = tree
        #expect(throws: LayerTreeError.cycle(layer: root, parent: grandchild)) {
            try tree.addSublayer(root, to: grandchild)
        }
        #expect(throws: LayerTreeError.self) { try tree.addSublayer(ids[0], to: ids[0]) }
        #expect(throws: LayerTreeError.self) { try tree.setMask(root, of: ids[0]) }
        #expect(throws: LayerTreeError.self) { try tree.replaceSublayer(ids[1], with: root, in: root) }
        #expect(tree == before)
    }

    @Test func aLayerInNoTreeIsAppendedButNeverUnderItself() throws {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "root"))
        let x = tree.make(Layer(name: "x"))
        #expect(throws: LayerTreeError.cycle(layer: x, parent: x)) { try tree.addSublayer(x, to: x) }
        tree.layoutIfNeeded(root)
        try tree.addSublayer(x, to: root)
        #expect(tree.sublayers(of: root) == [x] && tree.superlayer(of: x) == root && tree.needsLayout(root))
        // A layer holding sublayers of its own goes through the cycle check.
        let y = tree.make(Layer(name: "y"))
        let z = tree.make(Layer(name: "z"))
        try tree.addSublayer(z, to: y)
        #expect(throws: LayerTreeError.cycle(layer: y, parent: z)) { try tree.addSublayer(y, to: z) }
        // Reserved room changes nothing but the capacity.
        tree.reserveSublayers(8, of: root)
        try tree.addSublayer(y, to: root)
        #expect(tree.sublayers(of: root) == [x, y])
    }

    @Test func replaceTakesTheOldSlot() throws {
        var (tree, root, ids) = try Self.tree(["A", "B", "C"])
        try tree.replaceSublayer(ids[0], with: ids[2], in: root)
        #expect(names(tree, root) == ["C", "B"])
        #expect(tree.superlayer(of: ids[0]) == nil)
        #expect(throws: LayerTreeError.notASublayer(ids[0])) { try tree.replaceSublayer(ids[0], with: nil, in: root) }
    }

    @Test func masksAreNotSublayersAndCanBeRemoved() throws {
        var (tree, root, ids) = try Self.tree(["A"])
        try tree.setMask(ids[0], of: root)
        #expect(tree.sublayers(of: root).isEmpty)
        #expect(tree.superlayer(of: ids[0]) == root && tree.mask(of: root) == ids[0])
        tree.removeFromSuperlayer(ids[0])
        #expect(tree.mask(of: root) == nil && tree.superlayer(of: ids[0]) == nil)
    }

    @Test func sublayerChangesInvalidateTheSuperlayer() throws {
        var (tree, root, ids) = try Self.tree(["A"])
        tree.layoutIfNeeded(root)
        #expect(!tree.needsLayout(root))
        tree.removeFromSuperlayer(ids[0])
        #expect(tree.needsLayout(root))
        #expect(!tree.needsLayout(ids[0]))
    }
}
