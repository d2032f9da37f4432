/// A whole document: one root layer in a tree, plus the resources its layers refer to.
public struct Scene: Hashable, Sendable {
    public var tree: LayerTree
    public var root: LayerID
    /// Resources by id, in a fixed (document) order.
    public var resources: [Resource]
    /// Where each resource starts in `tree.sourceFile`, by index into `resources`, when a decoder
    /// recorded it (layer JSON); may be empty. Not compared.
    public var resourcePositions: [SourcePosition] = []

    /// Equal when the trees, roots and resources are equal (source positions are not compared).
    public static func == (l: Scene, r: Scene) -> Bool {
        l.tree == r.tree && l.root == r.root && l.resources == r.resources
    }

    public func hash(into h: inout Hasher) {
        h.combine(tree); h.combine(root); h.combine(resources)
    }

    public init(tree: LayerTree, root: LayerID, resources: [Resource] = []) {
        self.tree = tree
        self.root = root
        self.resources = resources
    }

    /// A scene of one empty root layer.
    public init() {
        var tree = LayerTree()
        let root = tree.make(Layer())
        self.init(tree: tree, root: root)
    }

    public func resource(id: String) -> Resource? { resources.first { $0.id == id } }
}
