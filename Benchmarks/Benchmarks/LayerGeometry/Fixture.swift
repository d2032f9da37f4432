import LaminaCore

/// A 100,000-layer tree for the geometry benchmarks.
///
/// `wide`: ten sublayers per layer (depth 5), each layer rotated a little, scaled and offset,
/// every 7th (not the root) masking to bounds, every 13th lifted by zPosition. `deep`: one chain of 100,000.
enum Fixture {
    static let layerCount = 100_000

    static func wide() -> (tree: LayerTree, root: LayerID, leaves: [LayerID]) {
        var tree = LayerTree()
        let root = tree.make(layer(0))
        var queue = [root]
        var head = 0
        while tree.count < layerCount {
            let parent = queue[head]
            head += 1
            for _ in 0..<10 where tree.count < layerCount {
                let id = tree.make(layer(tree.count))
                try? tree.addSublayer(id, to: parent)
                queue.append(id)
            }
        }
        let leaves = queue.filter { tree.sublayers(of: $0).isEmpty }
        return (tree, root, leaves)
    }

    static func deep() -> (tree: LayerTree, root: LayerID, leaf: LayerID) {
        var tree = LayerTree()
        let root = tree.make(layer(0))
        var parent = root
        for i in 1..<layerCount {
            var l = layer(i)
            l.masksToBounds = false
            let id = tree.make(l)
            try? tree.addSublayer(id, to: parent)
            parent = id
        }
        return (tree, root, parent)
    }

    static func layer(_ i: Int) -> Layer {
        var l = Layer(name: "l\(i)")
        let k = Double(i % 97)
        l.bounds = Rect(k, -k, 200 + k, 150 - k / 2)
        l.position = Point(20 + k, 30 - k / 3)
        l.anchorPoint = Point(0.25 + (k / 400), 0.5)
        l.transform = Transform3D.rotation(0.001 * k, 0, 0, 1).concatenating(.scale(1.0001, 0.9999, 1))
        l.masksToBounds = i % 7 == 3
        l.zPosition = i % 13 == 0 ? 1 : 0
        return l
    }
}
