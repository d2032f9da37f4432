import Testing

@testable import LaminaCore

/// The layer tree's default-valued columns (``PrefixColumn``) read and compare as the arrays
/// of their entries, and store only up to the last entry set.
@Suite struct PrefixColumnTests {
    /// A small deterministic generator (the same steps every run).
    struct Steps {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Random sets and reads give the entries an array gives, however the stored prefix grew.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func readsAsTheArrayOfItsEntries(seed: UInt64) {
        var steps = Steps(state: seed)
        var column = PrefixColumn<Int>(count: 300)
        var array = [Int](repeating: 0, count: 300)
        for _ in 0..<200 {
            let i = steps.next(300), v = steps.next(3)
            column[i] = v
            array[i] = v
            if steps.next(4) == 0 { column[i] += 1; array[i] += 1 }
        }
        #expect(Array(column) == array)
        #expect(column.contains(2) == array.contains(2) && column.contains(9) == array.contains(9))
        #expect(column.firstIndex(of: 0) == array.firstIndex(of: 0))
        #expect(column.firstIndex(of: 1) == array.firstIndex(of: 1))
        let last = array.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0
        #expect(column.storedCount >= last && column.storedCount <= 300)
    }

    /// Setting the default stores nothing; setting another value stores the prefix up to it.
    @Test func storesOnlyUpToTheLastSetEntry() {
        var marks = PrefixColumn<Bool>(count: 4)
        marks[2] = false
        #expect(marks.storedCount == 0 && Array(marks) == [false, false, false, false])
        #expect(!marks.contains(true) && marks.firstIndex(of: true) == nil && marks.firstIndex(of: false) == 0)
        marks[1] = true
        #expect(marks.storedCount >= 2 && Array(marks) == [false, true, false, false])
        #expect(marks.contains(true) && marks.firstIndex(of: true) == 1)
        var masks = PrefixIndexColumn<LayerID>(count: 3)
        #expect(masks.storedCount == 0 && masks.allSatisfy { $0 == nil })
        masks[1] = LayerID(0)
        #expect(masks[1] == LayerID(0) && masks[0] == nil && masks[2] == nil)
        masks[1] = nil
        #expect(masks == PrefixIndexColumn<LayerID>(count: 3))
    }

    /// Columns with the same entries are equal and hash alike, however much of them is stored.
    @Test func equalityIgnoresWhatIsStored() {
        var a = PrefixColumn<Int>(count: 4)
        let b = PrefixColumn<Int>(count: 4)
        a[3] = 5
        a[3] = 0
        #expect(a.storedCount == 4 && b.storedCount == 0)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != PrefixColumn<Int>(count: 5))
    }

    /// An importer's tree of leaves under one root stores none of the default-valued columns
    /// but the root's layout mark, and reads them at their defaults.
    @Test func leavesStoreNoDefaults() {
        var tree = LayerTree()
        let root = tree.make(named: "root")
        for k in 0..<1_000 { tree.make(named: "l\(k)", sublayerOf: root) }
        #expect(tree.count == 1_001 && tree.sublayers(of: root).count == 1_000)
        #expect(tree.masks.storedCount == 0 && tree.isMask.storedCount == 0)
        #expect(tree.layoutCounts.storedCount == 0 && tree.delegateLaysOut.storedCount == 0)
        #expect(tree.needsLayoutFlags.storedCount == 1 && tree.needsLayout(root))
        #expect(!tree.needsLayout(LayerID(1_000)) && tree.mask(of: LayerID(1_000)) == nil)
        #expect(tree.layoutCounts.count == 1_001 && tree.isMask.count == 1_001 && tree.masks.count == 1_001)
        #expect(tree.layout(root: root).isEmpty)
        #expect(!tree.needsLayout(root) && tree.layoutCounts[root.index] == 1 && tree.layoutCounts[1] == 0)
    }

    /// Masks set on layers made one after another (the stored entries grow ahead of the
    /// layers), then a fragment with masks appended: every layer reads its own mask and flag.
    @Test func masksSetInTurnThenAFragmentAppended() throws {
        var tree = LayerTree()
        tree.reserveCapacity(200)  // room for the stored entries to grow ahead of the layers
        var expected: [LayerID?] = []
        for k in 0..<45 {
            let host = tree.make(named: "h\(k)")
            let mask = tree.make(named: "m\(k)")
            expected += [nil, nil]
            if k % 3 != 1 {
                try tree.setMask(mask, of: host)
                expected[host.index] = mask
            }
        }
        var fragment = LayerTree()
        let top = fragment.make(named: "top")
        let m = fragment.make(named: "mask")
        try fragment.setMask(m, of: top)
        #expect(tree.masksStored.count > tree.count)  // grown ahead, default past the layers
        let base = tree.append(contentsOf: fragment)
        expected += [LayerID(base + 1), nil]
        #expect(tree.count == expected.count)
        #expect(tree.allIDs.map { tree.mask(of: $0) } == expected)
        #expect(Array(tree.masks) == expected)
        let flags = expected.indices.map { i in expected.contains(LayerID(i)) }
        #expect(tree.allIDs.map { tree.isMaskLayer($0) } == flags && Array(tree.isMask) == flags)
        // Made again after the masks, a layer reads none.
        let late = tree.make(named: "late")
        #expect(tree.mask(of: late) == nil && !tree.isMaskLayer(late) && !tree.needsLayout(late))
    }
}
