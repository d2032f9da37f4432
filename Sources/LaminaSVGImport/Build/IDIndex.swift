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
        // Counted first (without making strings) so that the table is sized once.
        var count = 0
        for i in tree.indices where tree.withAttributeBytes(i, "id", { !$0.isEmpty }) == true { count += 1 }
        var map: [String: Int] = [:]
        map.reserveCapacity(count)
        for i in tree.indices {
            if let id = tree.attribute(i, "id"), !id.isEmpty, map[id] == nil { map[id] = i }
        }
        return map
    }
}
