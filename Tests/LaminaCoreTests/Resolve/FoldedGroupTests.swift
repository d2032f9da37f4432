@testable import LaminaCore
import Testing

/// A translucent layer that draws one item and holds nothing else puts its opacity on that
/// item and makes no group: the group of group opacity it would open holds that one item and
/// is folded into it when closed (``Resolver/closeGroup(_:)``).
@Suite struct FoldedGroupTests {
    static let unit = Shape.rect(x: 0, y: 0, width: 10, height: 10, rx: 0, ry: 0)

    /// The resolver after its run: `groupAlive` has an entry for every group made, folded or not.
    static func run(_ scene: Scene) -> Resolver {
        var r = Resolver(scene: scene)
        r.run()
        return r
    }

    @Test func aTranslucentShapeMakesNoGroup() {
        var b = SceneBuilder()
        let g = b.add("g", frame: Rect(0, 0, 50, 50)) { $0.opacity = 0.5 }
        b.add("a", to: g, frame: Rect(0, 0, 10, 10), shape: Self.unit)
        b.add("b", to: g, frame: Rect(5, 5, 10, 10), shape: Self.unit) { $0.opacity = 0.3 }
        b.add("c", frame: Rect(20, 20, 10, 10), shape: Self.unit) { $0.opacity = 0.7 }
        let r = Self.run(b.scene)
        // The group of `g` only, which holds two items.
        #expect(r.groupAlive == [true])
        #expect(r.list.groups.count == 1 && r.list.groups.first?.opacity == 0.5)
        let items = r.list.items.map { (b.scene.tree[$0.layer].name, $0.group, $0.opacity) }
        #expect(items.map(\.0) == ["a", "b", "c"])
        #expect(items.map(\.1) == [0, 0, nil])
        #expect(items.map(\.2) == [1, 0.3, 0.7])
    }

    /// The opacity left by a superlayer that does not group its own is multiplied in, in the
    /// order the folded group multiplied it.
    @Test func theItemTakesTheOpacityTheSuperlayerLeft() {
        var b = SceneBuilder()
        let p = b.add("p", frame: Rect(0, 0, 50, 50)) { $0.opacity = 0.9; $0.allowsGroupOpacity = false }
        b.add("a", to: p, frame: Rect(0, 0, 10, 10), shape: Self.unit) { $0.opacity = 0.7 }
        let r = Self.run(b.scene)
        #expect(r.groupAlive.isEmpty && r.list.groups.isEmpty)
        #expect(r.list.items.count == 1 && r.list.items.first?.opacity == 0.7 * 0.9)
    }

    /// A layer drawing two parts (its background and its content) keeps its group: folding it
    /// would let them show through each other.
    @Test func aLayerDrawingTwoPartsKeepsItsGroup() {
        var b = SceneBuilder()
        b.add("a", frame: Rect(0, 0, 10, 10), shape: Self.unit) { $0.opacity = 0.5; $0.backgroundColor = "red" }
        let r = Self.run(b.scene)
        #expect(r.list.groups.count == 1 && r.list.groups.first?.opacity == 0.5)
        #expect(r.list.items.map(\.part) == [.background, .contents])
        #expect(r.list.items.allSatisfy { $0.group == 0 && $0.opacity == 1 })
    }

    /// The opacity an item is drawn with: its own times that of every group around it.
    static func drawnOpacity(_ item: DisplayItem, in r: Resolver) -> Double {
        var o = item.opacity
        var g = item.group
        while let k = g {
            o *= r.list.groups[k].opacity
            g = r.list.groups[k].parent
        }
        return o
    }

    /// An empty translucent layer after a shape drops its group, and the shape keeps the
    /// opacity of the group both are in. The dropped group was still named as the outer
    /// group's last child, so the outer group was folded into it and the shape drawn opaque.
    @Test(arguments: [false, true])
    func anEmptyTranslucentLayerLeavesItsSiblingInTheGroup(emptyFirst: Bool) {
        var b = SceneBuilder()
        let g = b.add("g", frame: Rect(0, 0, 50, 50)) { $0.opacity = 0.5 }
        if emptyFirst { b.add("e", to: g, frame: Rect(0, 0, 10, 10)) { $0.opacity = 0.5 } }
        b.add("a", to: g, frame: Rect(0, 0, 10, 10), shape: Self.unit)
        if !emptyFirst { b.add("e", to: g, frame: Rect(0, 0, 10, 10)) { $0.opacity = 0.5 } }
        let r = Self.run(b.scene)
        #expect(r.list.items.count == 1)
        let item = r.list.items[0]
        #expect(b.scene.tree[item.layer].name == "a")
        #expect(Self.drawnOpacity(item, in: r) == 0.5)
    }
}
