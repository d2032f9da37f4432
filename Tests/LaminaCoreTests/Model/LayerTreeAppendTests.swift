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
    /// among the tail's are renumbered, and the second is left holding empty layers. On two
    /// threads (records on one, links and the caller's `alongside` on the other) alike.
    @Test(arguments: [1, 2]) func appendingATailAfterASharedStartIsBuildingInPlace(threads: Int) throws {
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
        var alongside = 0
        let base = first.append(tailOf: &second, from: 1, order: nil, threads: threads) { alongside += 1 }
        #expect(base == 6 && alongside == 1)
        first.appendSublayerLinks(added.map { LayerID($0.index - 1 + base) }, to: root)
        #expect(first == whole)
        #expect(first.sourcePositions.map(\.line) == whole.sourcePositions.map(\.line))
        #expect(first.needsLayoutFlags == whole.needsLayoutFlags)
        #expect(first.allIDs.map { first.isMaskLayer($0) } == whole.allIDs.map { whole.isMaskLayer($0) })
        #expect(first.superlayer(of: LayerID(6)) == root && first.mask(of: LayerID(11)) == LayerID(12))
        let leftLayers = second.layers.dropFirst().filter { $0 != Layer.hollow }.count
        let leftLists = second.sublayerLists.dropFirst().filter { !$0.isEmpty }.count
        #expect(leftLayers == 0 && leftLists == 0)
    }

    /// With a `release`, a long tail is moved a megabyte at a time and the whole pages it leaves
    /// are handed over as they are left: here zeroed, as a page given back to the system reads.
    /// The moved layers keep their boxes (named, transformed, with SVG facts), the zeroed ones
    /// are moved-from layers, and never more than about a megabyte is held twice.
    @Test(arguments: [false, true]) func aLongTailIsMovedAsItsPagesAreGivenBack(inOrder rotated: Bool) throws {
        var start = LayerTree()
        let root = start.make(named: "root")
        var first = start, second = start
        for k in 0..<6_000 {
            var layer = Layer(name: "l\(k)")
            layer.transform = .translation(Double(k), 0, 0)
            layer.svg = SVGInfo(element: "rect\(k % 7)")
            let id = second.make(layer)
            try second.addSublayer(id, to: root)
            if k < 3 { try first.addSublayer(first.make(layer), to: root) }
        }
        // Rotated: each run of ten layers with its last three moved ahead (as a clip path's
        // copied mask layers are in a split build's merge).
        var rotation: [Int] = []
        for run in stride(from: 1, to: 6_001, by: 10) {
            rotation.append(contentsOf: run + 7..<run + 10)
            rotation.append(contentsOf: run..<run + 7)
        }
        let order: [Int]? = rotated ? rotation : nil
        let expected = order.map { $0.map { second.layers[$0] } } ?? Array(second.layers.dropFirst())
        var given = 0, largest = 0
        let layerStride = MemoryLayout<Layer>.stride
        var destination: [Layer] = first.layers
        destination.moveAppend(tailOf: &second.layers, from: 1, order: order, empty: Layer.hollow) { start, length in
            #expect(Int(bitPattern: start) % 4096 == 0 && length % 4096 == 0)
            start.initializeMemory(as: UInt8.self, repeating: 0, count: length)
            given += length
            largest = max(largest, length)
        }
        #expect(Array(destination.dropFirst(4)) == expected)
        #expect(second.layers.dropFirst().allSatisfy { $0 == Layer.hollow })
        // All but the partial pages at the tail's two ends, a megabyte or so at a time.
        #expect(given >= (expected.count * layerStride) - 2 * 4096)
        #expect(largest <= (1 << 20) + 4096)
        second = LayerTree()
        _ = root
    }

    /// A run iterated (not copied in bulk by `append(contentsOf:)`) moves each slot out and
    /// leaves the moved-from value, in its order.
    @Test func aMovedRunIteratedMovesEachSlotOut() {
        var source = ["a", "b", "c", "d", "e"].map { Layer(name: $0) }
        var out: [Layer] = []
        source.withUnsafeMutableBufferPointer { s in
            guard let base = s.baseAddress else { return }
            for layer in MovedRun(base: base, first: 0, count: 2, order: [3, 1], empty: Layer.hollow) { out.append(layer) }
            for layer in MovedRun(base: base, first: 4, count: 1, order: nil, empty: Layer.hollow) { out.append(layer) }
        }
        #expect(out.map(\.name) == ["d", "b", "e"])
        #expect(source.map(\.name) == ["a", nil, "c", nil, nil])
        #expect(source[1] == Layer.hollow && source[3] == Layer.hollow && source[4] == Layer.hollow)
    }
}
