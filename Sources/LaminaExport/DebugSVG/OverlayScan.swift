import LaminaCore

/// The visible layers of a scene in paint order, each with what the overlay draws it from.
///
/// One walk without recursion: siblings sorted by `zPosition` (stable), hidden subtrees and
/// masks skipped, the map to root space composed parent to child, paths built incrementally.
/// Layers deeper than ``maxDepth`` are counted, not listed (their paths alone would make the
/// output quadratic in the nesting depth).
struct OverlayScan {
    /// One visible layer.
    struct Entry {
        var id: LayerID
        var depth: Int
        var path: String
        /// Own space → the root's superlayer space.
        var toRoot: Homography
        /// Position in the scene's paint order (0 = painted first).
        var paintIndex: Int
        /// Whether the layer is inside the subtree chosen by `Options.only`.
        var inScope: Bool
    }

    /// The deepest level listed.
    static let maxDepth = 1000

    var entries: [Entry] = []
    /// Index into `entries` by `LayerID.index`, or -1.
    var entryIndex: [Int]
    /// Visible layers left out because they are deeper than ``maxDepth``.
    var tooDeep = 0

    init(scene: Scene, geometry: OverlayGeometry, scope: LayerID?) {
        let tree = scene.tree
        entryIndex = Array(repeating: -1, count: tree.count)
        guard scene.root.index < tree.count, !tree[scene.root].hidden else { return }
        // (layer, index of its superlayer's entry or -1, its index among the superlayer's sublayers)
        var stack: [(LayerID, Int, Int)] = [(scene.root, -1, 0)]
        var paintIndex = 0
        while let (id, parentEntry, slot) = stack.popLast() {
            let index = paintIndex
            paintIndex += 1
            let depth = parentEntry < 0 ? 0 : entries[parentEntry].depth + 1
            if depth > Self.maxDepth {
                tooDeep += 1
                continue
            }
            let level = geometry.homographyToSuperlayer(id)
            var entry = Entry(
                id: id, depth: depth, path: "/", toRoot: level, paintIndex: index,
                inScope: scope == nil || scope == id)
            if parentEntry >= 0 {
                let parent = entries[parentEntry]
                entry.toRoot = level.concatenating(parent.toRoot)
                entry.inScope = entry.inScope || parent.inScope
                let component = tree[id].name ?? "#\(slot)"
                entry.path = parent.depth == 0 ? component : parent.path + "/" + component
            }
            entryIndex[id.index] = entries.count
            let me = entries.count
            entries.append(entry)
            // Push in reverse paint order so the first painted sublayer pops first.
            for (slot, child) in Self.paintSorted(tree, tree.sublayers(of: id)).reversed()
            where !tree[child].hidden {
                stack.append((child, me, slot))
            }
        }
    }

    /// Sublayers with their array slots, stably sorted by `zPosition` (LAYER-MODEL.md §5.2).
    static func paintSorted(_ tree: LayerTree, _ subs: [LayerID]) -> [(Int, LayerID)] {
        let slots = Array(subs.enumerated())
        guard let z0 = subs.first.map({ key(tree, $0) }), subs.contains(where: { key(tree, $0) != z0 })
        else { return slots }
        return slots.sorted { l, r in
            let zl = key(tree, l.element), zr = key(tree, r.element)
            return zl != zr ? zl < zr : l.offset < r.offset
        }
    }

    /// The sort key of a layer: its `zPosition`, with NaN read as 0 so the order stays total.
    static func key(_ tree: LayerTree, _ id: LayerID) -> Double {
        let z = tree[id].zPosition
        return z.isNaN ? 0 : z
    }
}
