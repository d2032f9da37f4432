import Testing

@testable import LaminaCore

@Suite struct LayerTreeAppendTests {
    /// Makes a layer named `tag` with a mask and three sublayers in `tree` (five layers from its
    /// current count, each with a source position); returns the layer.
    static func build(into tree: inout LayerTree, tag: String) throws -> LayerID {
        let top = tree.make(Layer(name: tag))
        tree.sourcePositions.append(SourcePosition(line: 1, column: Int32(tree.count)))
        let mask = tree.make(Layer(name: tag + "-mask"))
        tree.sourcePositions.append(SourcePosition(line: 2, column: Int32(tree.count)))
        try tree.setMask(mask, of: top)
        for k in 0..<3 {
            var l = Layer(name: "\(tag)-\(k)")
            l.content = Content(shape: .path("M0 0L\(k) 1"))
            let id = tree.make(l)
            tree.sourcePositions.append(SourcePosition(line: 3, column: Int32(tree.count)))
            try tree.addSublayer(id, to: top)
        }
        return top
    }

    /// Appending a fragment and linking its root gives the tree built in one go, links,
    /// layout flags and positions included; the fragment's layers are moved, not shared.
    @Test func appendingAFragmentIsBuildingInPlace() throws {
        var whole = LayerTree()
        let root = try Self.build(into: &whole, tag: "a")
        try whole.addSublayer(try Self.build(into: &whole, tag: "b"), to: root)

        var tree = LayerTree()
        let r = try Self.build(into: &tree, tag: "a")
        var fragment = LayerTree()
        let top = try Self.build(into: &fragment, tag: "b")
        let base = tree.append(contentsOf: fragment)
        #expect(base == 5)
        try tree.addSublayer(LayerID(top.index + base), to: r)
        #expect(tree == whole)
        #expect(tree.sourcePositions.map(\.line) == whole.sourcePositions.map(\.line))
        #expect(tree.needsLayoutFlags == whole.needsLayoutFlags)
        #expect(tree.allIDs.map { tree.isMaskLayer($0) } == whole.allIDs.map { whole.isMaskLayer($0) })
        #expect(tree.mask(of: LayerID(5)) == LayerID(6) && tree.superlayer(of: LayerID(6)) == LayerID(5))
        #expect(tree.sublayers(of: LayerID(5)) == [LayerID(7), LayerID(8), LayerID(9)])
    }

    /// Two trees grown from one shared start (a root layer): appending the second's layers from
    /// that start on, and linking the sublayers it gave the shared root, gives the tree built in
    /// one go, the first's layers then the second's; links into the shared layers are kept, links
    /// among the tail's are renumbered, and the second is left holding empty layers.
    @Test func appendingATailAfterASharedStartIsBuildingInPlace() throws {
        var whole = LayerTree()
        let root = whole.make(Layer(name: "root"))
        whole.sourcePositions.append(SourcePosition(line: 9, column: 1))
        try whole.addSublayer(try Self.build(into: &whole, tag: "a"), to: root)
        try whole.addSublayer(try Self.build(into: &whole, tag: "b"), to: root)
        try whole.addSublayer(try Self.build(into: &whole, tag: "c"), to: root)

        var start = LayerTree()
        start.make(Layer(name: "root"))
        start.sourcePositions.append(SourcePosition(line: 9, column: 1))
        var first = start, second = start
        try first.addSublayer(try Self.build(into: &first, tag: "a"), to: root)
        try second.addSublayer(try Self.build(into: &second, tag: "b"), to: root)
        try second.addSublayer(try Self.build(into: &second, tag: "c"), to: root)
        let added = second.sublayers(of: root)
        let base = first.append(tailOf: &second, from: 1)
        #expect(base == 6)
        first.appendSublayerLinks(added.map { LayerID($0.index - 1 + base) }, to: root)
        #expect(first == whole)
        #expect(first.sourcePositions.map(\.line) == whole.sourcePositions.map(\.line))
        #expect(first.needsLayoutFlags == whole.needsLayoutFlags)
        #expect(first.allIDs.map { first.isMaskLayer($0) } == whole.allIDs.map { whole.isMaskLayer($0) })
        #expect(first.superlayer(of: LayerID(6)) == root && first.mask(of: LayerID(11)) == LayerID(12))
        let leftLayers = second.layers.dropFirst().filter { $0 != Layer() }.count
        let leftLists = second.sublayerLists.dropFirst().filter { !$0.isEmpty }.count
        #expect(leftLayers == 0 && leftLists == 0)
    }
}
