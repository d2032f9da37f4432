import LaminaCore

/// The layers the overlay draws, in paint order: every layer that is not hidden and has no
/// hidden ancestor (masks excluded), each with its depth, path and map to canvas space.
///
/// One walk without recursion, siblings in paint order (stable `zPosition` sort), paths built
/// incrementally. Layers deeper than ``maxDepth`` are counted, not listed: their paths alone
/// would make the output quadratic in the nesting depth.
struct OverlayScan {
    /// One drawn layer.
    struct Entry {
        var id: LayerID
        var depth: Int
        var path: String
        /// Own space → the root's superlayer (canvas) space; nil when not finite.
        var toRoot: Homography?
        /// Position in the scene's paint order; nil when it paints nothing (opacity 0).
        var paintIndex: Int?
        /// Whether the layer is inside the subtree chosen by `Options.only`.
        var inScope: Bool
    }

    /// The deepest level listed.
    static let maxDepth = 1000

    var entries: [Entry] = []
    /// Index into `entries` by `LayerID.index`, or -1.
    var entryIndex: [Int]
    /// Subtrees left out because they start deeper than ``maxDepth``.
    var tooDeep = 0
    /// The most path text the listed layers may hold together. Each layer's marks name its
    /// path twice, so many layers nested deep (a 21 KB `use` chain makes 100,000 layers 950
    /// levels down) would make an overlay of gigabytes, and as much memory.
    static let pathBudget = 64 << 20
    /// Subtrees left out once the paths listed reached ``pathBudget``.
    var overBudget = 0

    init(geometry: OverlayGeometry, scope: LayerID?, pathBudget: Int = Self.pathBudget) {
        let tree = geometry.tree
        entryIndex = Array(repeating: -1, count: tree.count)
        guard geometry.root.index < tree.count, !tree[geometry.root].hidden else { return }
        // (layer, index of its superlayer's entry or -1, its index among the superlayer's sublayers)
        var stack: [(LayerID, Int, Int)] = [(geometry.root, -1, 0)]
        // Each sublayer's index in its superlayer's array, filled only where paint order differs.
        var slotOf: [Int] = []
        var pathBytes = 0
        while let (id, parentEntry, slot) = stack.popLast() {
            let depth = parentEntry < 0 ? 0 : entries[parentEntry].depth + 1
            if depth > Self.maxDepth {
                tooDeep += 1
                continue
            }
            var entry = Entry(
                id: id, depth: depth, path: "/", toRoot: geometry.toRoot[id.index],
                paintIndex: geometry.paintIndex[id.index], inScope: scope == nil || scope == id)
            if parentEntry >= 0 {
                let parent = entries[parentEntry]
                entry.inScope = entry.inScope || parent.inScope
                let component = geometry.pathComponent(of: id, slot: slot)
                entry.path = parent.depth == 0 ? component : parent.path + "/" + component
            }
            pathBytes += entry.path.utf8.count
            if pathBytes > pathBudget {
                overBudget = 1 + stack.count
                break
            }
            entryIndex[id.index] = entries.count
            let me = entries.count
            entries.append(entry)
            let subs = tree.sublayers(of: id)
            let painted = tree.sublayersInPaintOrder(of: id)
            let reordered = painted != subs
            if reordered {
                if slotOf.isEmpty { slotOf = Array(repeating: 0, count: tree.count) }
                for (k, s) in subs.enumerated() { slotOf[s.index] = k }
            }
            // Pushed in reverse paint order, so the first painted sublayer pops first.
            for (k, child) in painted.enumerated().reversed() where !tree[child].hidden {
                stack.append((child, me, reordered ? slotOf[child.index] : k))
            }
        }
    }
}
