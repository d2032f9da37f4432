import Testing

@testable import LaminaCore

/// Contents kept side by side (``ContentSlab``, ``ContentStore``): every layer reads the
/// content it was given, a change through one layer is seen by it alone (copy on write), and a
/// store destroys its contents with it.
@Suite struct ContentStoreTests {
    /// A content told apart from the others by `k`, with a fill kept in a box of its own.
    private static func content(_ k: Int) -> Content {
        var c = Content(shape: .rect(x: Double(k), y: 0, width: 1, height: 1, rx: 0, ry: 0))
        c.fill = k % 3 == 0 ? .color("#0000\(k % 10)\(k % 10)") : .ref("g\(k)", fallback: nil)
        c.strokeWidth = Double(k) / 2
        if k % 5 == 0 { c.strokeLinejoin = "round" }
        return c
    }

    @Test func aLayerStaysAsSmallAsWithABox() {
        // 136 bytes with a `LayerBox<Content>?`: the place's slot shares a word with the flags.
        #expect(MemoryLayout<Layer>.size <= 136)
        #expect(MemoryLayout<ContentPlace?>.size == 10)
    }

    /// The store reaches its count and values by their offsets from its address: they are
    /// where `ManagedBuffer` keeps its header and elements.
    @Test(arguments: [1, 3, 1024])
    func theOffsetsAreManagedBuffers(capacity: Int) {
        let store = ContentStore.make(capacity: capacity)
        for k in 0..<min(capacity, 5) { #expect(store.append(Self.content(k)) == UInt16(k)) }
        #expect(store.count == min(capacity, 5) && store.header == store.count)
        store.withUnsafeMutablePointers { count, values in
            #expect(UnsafeMutableRawPointer(count) == UnsafeMutableRawPointer(Unmanaged.passUnretained(store).toOpaque()) + ContentStore.countOffset)
            #expect(values == store.pointer(0) && values + 2 == store.pointer(2))
        }
        #expect(store[0] == Self.content(0))
    }

    /// Contents appended across several stores (the first ones small, then up to the largest)
    /// read back through their layers, and layers made next to each other share a store.
    @Test func everyLayerReadsItsOwnContent() {
        let n = ContentSlab.largestCapacity * 2 + 100
        var slab = ContentSlab()
        var tree = LayerTree()
        var stores: [ObjectIdentifier] = []
        for k in 0..<n {
            let id = tree.make(named: "l\(k)")
            let place = slab.append(Self.content(k))
            tree.layers[id.index].setContent(place)
            if stores.last != ObjectIdentifier(place.store) { stores.append(ObjectIdentifier(place.store)) }
        }
        for k in 0..<n {
            #expect(tree[LayerID(k)].content == Self.content(k))
            #expect(tree.withContentPointer(of: LayerID(k)) { $0.pointee.strokeWidth } == Double(k) / 2)
        }
        // 8 + 16 + … + 512 in the first 7 stores (1,016), then stores of 1,024.
        #expect(stores.count == 7 + (n - 1016 + 1023) / 1024)
        #expect(tree[LayerID(n - 1)].contentPlace?.store.count == (n - 1016) % 1024)
    }

    /// A change through a layer whose store others share copies the content into a store of
    /// its own; the other layers, and copies of the changed layer made before, keep theirs.
    @Test func aChangeThroughALayerIsItsOwn() {
        var slab = ContentSlab()
        var a = Layer(name: "a"), b = Layer(name: "b")
        a.setContent(slab.append(Self.content(1)))
        b.setContent(slab.append(Self.content(2)))
        let before = a
        a.content?.fill = .color("#ffffff")
        a.content?.strokeLinecap = "round"
        #expect(a.content?.fill == .color("#ffffff") && a.content?.strokeLinecap == "round")
        #expect(before.content == Self.content(1))
        #expect(b.content == Self.content(2))
        #expect(a.contentPlace?.store !== b.contentPlace?.store)
        #expect(a != before)
        a.content = Self.content(1)
        #expect(a == before && a.hashValue == before.hashValue)
        a.content = nil
        #expect(!a.hasContent && a.content == nil)
    }

    /// A layer that holds its store's one reference is changed in place: no store is made.
    @Test func aChangeToAStoreHeldOnceIsMadeInPlace() throws {
        var layer = Layer(name: "one")
        layer.content = Self.content(4)
        // Only its identity is kept here: a reference would be a second one.
        let id = try #require(layer.contentPlace.map { ObjectIdentifier($0.store) })
        layer.content?.strokeWidth = 9
        layer.content = Self.content(7)
        #expect(layer.contentPlace.map { ObjectIdentifier($0.store) } == id)
        #expect(layer.content == Self.content(7))
        // A copy of the layer shares the store: the next change copies, the copy keeps its value.
        let copy = layer
        layer.content?.strokeWidth = 1
        #expect(layer.contentPlace.map { ObjectIdentifier($0.store) } != id)
        #expect(copy.content == Self.content(7) && layer.content?.strokeWidth == 1)
    }

    /// A store destroys the contents it holds when its last layer lets it go (the boxed
    /// paints in them are freed), and not before.
    @Test func aStoreDestroysItsContents() throws {
        weak var paintBox: LayerBox<Paint>?
        var layers: [Layer] = []
        do {
            var slab = ContentSlab()
            for k in 1...20 {
                var layer = Layer(name: "l\(k)")
                layer.setContent(slab.append(Self.content(k)))
                layers.append(layer)
            }
            guard case .other(let box) = layers[0].contentPlace?.content.fillSlot else {
                Issue.record("a reference is kept in a box")
                return
            }
            paintBox = box
        }
        #expect(paintBox != nil)
        layers.removeLast(19)
        #expect(paintBox != nil)
        layers.removeAll()
        #expect(paintBox == nil)
    }
}
