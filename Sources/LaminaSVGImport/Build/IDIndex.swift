/// The element of each `id` in a document (the first element with that id, as browsers resolve
/// it), built on the first lookup: a document that refers to nothing by id (a sprite of symbols
/// nothing uses) never pays for the index.
final class IDIndex {
    private let tree: ElementTree
    private var map: [String: Int]?

    init(tree: ElementTree) {
        self.tree = tree
    }

    /// The element with `id`, or nil.
    subscript(id: String) -> Int? {
        if map == nil { map = Self.build(tree) }
        return map?[id]
    }

    /// Whether the index has been built (for tests).
    var isBuilt: Bool { map != nil }

    private static func build(_ tree: ElementTree) -> [String: Int] {
        // Each element's first `id` attribute (as `ElementTree.attribute(_:_:)` finds it), told
        // by its name's flag rather than by comparing names, and collected first (without making
        // strings) so that the table is sized once.
        var found: [(element: Int, slot: Int)] = []
        for i in tree.indices {
            for s in tree.attributeSlots(i) where tree.attributeName(slot: s).isID {
                if tree.withAttributeBytes(slot: s, { !$0.isEmpty }) { found.append((i, s)) }
                break
            }
        }
        var map: [String: Int] = [:]
        map.reserveCapacity(found.count)
        for (i, s) in found {
            let id = tree.attributeValue(slot: s)
            if map[id] == nil { map[id] = i }
        }
        return map
    }
}
