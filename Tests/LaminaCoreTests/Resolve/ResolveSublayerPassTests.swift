@testable import LaminaCore
import Testing

/// The walk's one pass over a layer's sublayers (names, paint order, visibility) and the merge
/// of a resolve in pieces, which renumbers each piece's items on their stored numbers.
struct ResolveSublayerPassTests {
    /// Sublayers out of zPosition order, some hidden or at opacity 0, some named twice: painted
    /// by zPosition then array order, the invisible ones left out, on one thread and in pieces.
    @Test(arguments: [false, true])
    func sublayersOutOfOrderAndHiddenArePaintedInOrder(layerMaps: Bool) throws {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 100, 100)
        var children: [LayerID] = []
        for i in 0..<60 {
            var l = Layer(name: i % 4 == 0 ? nil : "n\(i % 9)")
            l.bounds = Rect(0, 0, 5, 5)
            l.position = Point(Double(i), 3)
            l.content = Content(shape: .circle(cx: 1, cy: 1, r: 1))
            l.zPosition = Double((i * 7) % 5) - 2
            l.hidden = i % 6 == 5
            if i % 11 == 10 { l.opacity = 0 }
            let id = scene.tree.make(l)
            try scene.tree.addSublayer(id, to: scene.root)
            children.append(id)
        }
        let visible = children.filter { scene.tree.isVisible($0) }
        let expected = visible.enumerated().sorted {
            let za = scene.tree[$0.element].zPosition, zb = scene.tree[$1.element].zPosition
            return za != zb ? za < zb : $0.offset < $1.offset
        }.map(\.element)
        let (one, oneWarnings) = DisplayList.resolve(scene, layerMaps: layerMaps, threads: 1, piecesFrom: 0)
        #expect(one.items.map(\.layer) == expected)
        #expect(one.items.map(\.paintIndex) == Array(1...expected.count))
        for threads in [2, 3, 7] {
            let (cut, cutWarnings) = DisplayList.resolve(scene, layerMaps: layerMaps, threads: threads, piecesFrom: 0)
            #expect(cut == one, "threads \(threads)")
            #expect(cutWarnings == oneWarnings)
        }
        // The second "n1" (i = 10) is written by its index; hidden layers are named too.
        #expect(one.path(of: children[1]) == "n1")
        #expect(one.path(of: children[10]) == "#10")
        #expect(one.path(of: children[5]) == "n5")
    }

    @Test func shiftMovesOnlyTheIndicesFromTheBases() {
        func item(clip: Int?, group: Int?, paint: Int) -> DisplayItem {
            DisplayItem(
                layer: LayerID(4), part: .contents, affine: .identity, localAffine: .identity, paintIndex: paint, clip: clip,
                group: group, opacity: 1)
        }
        var a = item(clip: 3, group: nil, paint: 5)
        a.shift(clipsFrom: 2, by: 10, groupsFrom: 0, by: 7, paintBy: 4)
        #expect(a.clip == 13 && a.group == nil && a.paintIndex == 9)
        var b = item(clip: 1, group: 6, paint: 0)
        b.shift(clipsFrom: 2, by: 10, groupsFrom: 6, by: 7, paintBy: 4)
        #expect(b.clip == 1 && b.group == 13 && b.paintIndex == 4)
        var c = item(clip: nil, group: 2, paint: 1)
        c.shift(clipsFrom: 0, by: 10, groupsFrom: 3, by: 7, paintBy: 0)
        #expect(c.clip == nil && c.group == 2 && c.paintIndex == 1)
        #expect(c == item(clip: nil, group: 2, paint: 1))
    }
}
