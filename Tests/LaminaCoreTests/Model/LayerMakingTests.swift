import LaminaGeometry
import Testing

@testable import LaminaCore

/// The importer's way of making a layer: ``LayerTree/make(named:)`` builds it in the tree's
/// storage and ``Layer/setContent(_:)`` gives it a content built in place. The tree is
/// then the one ``LayerTree/make(_:)`` of a finished `Layer(name:)` with that content makes.
@Suite struct LayerMakingTests {
    @Test(arguments: [nil, "a", "a name longer than fifteen bytes"])
    func makeNamedIsMakeOfALayerWithThatName(name: String?) {
        var made = LayerTree()
        var expected = LayerTree()
        let id = made.make(named: name)
        let other = expected.make(Layer(name: name))
        #expect(id == other)
        #expect(made == expected)
        #expect(made[id] == Layer(name: name))
        #expect(Layer(defaults: ()) == Layer())
    }

    /// ``LayerTree/make(named:sublayerOf:)`` makes the tree that ``LayerTree/make(named:)``
    /// then ``LayerTree/addSublayer(_:to:)`` make: links, order and layout flags.
    @Test func makeAsSublayerIsMakeThenAdd() throws {
        var made = LayerTree()
        var expected = LayerTree()
        let root = made.make(named: "root")
        _ = expected.make(named: "root")
        // Some layers under the root, one under another, one after a mask was set.
        for (k, parent) in [root, root, LayerID(1), root, LayerID(3)].enumerated() {
            if k == 3 {
                let m = made.make(named: "mask")
                try made.setMask(m, of: LayerID(2))
                let n = expected.make(named: "mask")
                try expected.setMask(n, of: LayerID(2))
            }
            made.needsLayoutFlags[parent.index] = false
            expected.needsLayoutFlags[parent.index] = false
            let id = made.make(named: "l\(k)", sublayerOf: parent)
            let other = expected.make(named: "l\(k)")
            try expected.addSublayer(other, to: parent)
            #expect(id == other)
            #expect(made.needsLayoutFlags == expected.needsLayoutFlags)
        }
        #expect(made == expected)
        #expect(made.superlayers == expected.superlayers)
        #expect(made.sublayerLists == expected.sublayerLists)
        #expect(made.needsLayoutFlags == expected.needsLayoutFlags)
        #expect(made.layoutCounts == expected.layoutCounts)
        #expect(made.delegateLaysOut == expected.delegateLaysOut)
        #expect(made.sublayers(of: root).count == 3)
    }

    /// A layer made as a sublayer without a name has none, and one with a name has it: the
    /// nil is not stored over the new layer's (its name is set only when there is one).
    @Test(arguments: [nil, "a", "a name longer than fifteen bytes"])
    func makeAsSublayerKeepsTheName(name: String?) {
        var made = LayerTree()
        let root = made.make(named: nil)
        let id = made.make(named: name, sublayerOf: root)
        #expect(made[id] == Layer(name: name))
        #expect(made[id].name == name)
        #expect(made[root].name == nil)
        #expect(made.sublayers(of: root) == [id])
    }

    @Test func aContentPlaceIsKeptAsBuilt() {
        var slab = ContentSlab()
        let place = slab.append(Content(shape: .circle(cx: 1, cy: 2, r: 3)))
        place.store[place.slot].fill = .color("#123456")
        place.store[place.slot].strokeWidth = 2
        var tree = LayerTree()
        let id = tree.make(named: "c")
        tree.layers[id.index].setContent(place)
        var expected = Content(shape: .circle(cx: 1, cy: 2, r: 3))
        expected.fill = .color("#123456")
        expected.strokeWidth = 2
        #expect(tree[id].content == expected)
        #expect(tree.withContent(of: id) { $0.fill } == .color("#123456"))
        // A change through the layer copies the shared store: the builder's reference still
        // reads what it built.
        tree.layers[id.index].content?.fill = nil
        #expect(tree[id].content?.fill == nil)
        #expect(place.content.fill == .color("#123456"))
        tree.layers[id.index].setContent(nil)
        #expect(tree[id].content == nil)
    }

    /// ``Layer/setTransform(unset:)`` stores what the ``Layer/transform`` setter stores on a
    /// layer without a transform, bit for bit (a `-0` entry kept), and a later change through
    /// the setter works on it as on any stored transform.
    @Test(arguments: [
        Transform3D(AffineTransform(0.5, 0.25, -0.25, 0.5, 0, 0)),
        Transform3D(AffineTransform(1, 0, -0.0, 1, 0, 0)),
        Transform3D(AffineTransform(2, 0, 0, 3, 0, 0)),
        Transform3D.translation(0, 0, 5),
    ])
    func setTransformOfAnUnsetLayerIsTheSetters(t: Transform3D) {
        var byFunction = Layer()
        var bySetter = Layer()
        #expect(!byFunction.hasTransform)
        byFunction.setTransform(unset: t)
        bySetter.transform = t
        #expect(byFunction.hasTransform && bySetter.hasTransform)
        #expect(byFunction == bySetter)
        let stored = byFunction.transform
        for (a, b) in zip(Mirror(reflecting: stored).children, Mirror(reflecting: t).children) {
            #expect((a.value as? Double)?.bitPattern == (b.value as? Double)?.bitPattern)
        }
        let copy = byFunction
        byFunction.transform = .identity
        #expect(!byFunction.hasTransform)
        #expect(copy.transform == t)
    }
}
