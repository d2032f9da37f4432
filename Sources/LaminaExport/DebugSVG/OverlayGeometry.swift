import LaminaCore

/// The layer geometry the overlay reads, all of it from `LaminaCore`'s queries
/// (LAYER-MODEL.md §2, §3, §6, §9), the whole-tree maps computed once.
struct OverlayGeometry {
    let tree: LayerTree
    let root: LayerID
    /// Each layer's map from its own space to the root's superlayer (canvas) space, by
    /// `LayerID.index`; nil outside the scene or when not finite.
    let toRoot: [Homography?]
    /// The earlier eye planes of layers under two perspective steps or more
    /// (``LayerTree/toRootMaps(from:)``): a point behind one of them is not drawn.
    let eyePlanes: [Int: [Homography]]
    /// Whether any layer's map to root is projective (without, no layer has eye planes).
    let hasPerspective: Bool
    /// Each layer's place in the scene's paint order, by `LayerID.index`; nil when not painted.
    let paintIndex: [Int?]
    /// The layers whose name an earlier sibling has (``LayerTree/repeatedNames(from:)``).
    let repeatedNames: Set<Int>

    init(scene: Scene) {
        tree = scene.tree
        root = scene.root
        guard scene.root.index < scene.tree.count else {
            toRoot = []
            eyePlanes = [:]
            hasPerspective = false
            paintIndex = []
            repeatedNames = []
            return
        }
        (toRoot, eyePlanes) = tree.toRootMaps(from: root)
        hasPerspective = toRoot.contains { $0.map { !$0.isAffine } ?? false }
        var order = [Int?](repeating: nil, count: tree.count)
        for (k, id) in tree.paintOrder(from: root).enumerated() { order[id.index] = k }
        paintIndex = order
        repeatedNames = tree.repeatedNames(from: root)
    }

    /// The anchor point in canvas space, where the layer's `position` (and `zPosition`) puts it
    /// (``LayerTree/anchorInRoot(of:toRoot:)``); nil when not finite or behind the eye.
    func anchorInRoot(of id: LayerID) -> Point? { tree.anchorInRoot(of: id, toRoot: toRoot, eyePlanes: eyePlanes) }

    /// The earlier eye planes of the layer's own space.
    func planes(of id: LayerID) -> [Homography] {
        eyePlanes.isEmpty ? [] : eyePlanes[id.index] ?? []
    }

    /// The earlier eye planes of the superlayer's sublayer space, where the layer's frame is
    /// (mapped to root by ``OverlayMarks/parentToRoot(of:scan:tree:)``): the superlayer's own,
    /// seen through its sublayerTransform, and that transform when it adds a second perspective.
    func parentSpacePlanes(of id: LayerID) -> [Homography] {
        guard hasPerspective, let parent = tree.superlayer(of: id), parent.index < toRoot.count, let up = toRoot[parent.index] else { return [] }
        // The common case first, without reading the sublayerTransform.
        if eyePlanes.isEmpty, up.isAffine { return [] }
        let slt = tree[parent].sublayerTransform
        if eyePlanes.isEmpty, slt.isAffine { return [] }
        let a = tree.anchor(of: parent), z = tree[parent].anchorPointZ
        let m = Transform3D.translation(-a.x, -a.y, -z).concatenating(slt).concatenating(.translation(a.x, a.y, z))
        return LayerTree.eyePlanes(step: Homography(flattening: m), base: up, above: eyePlanes[parent.index]) ?? []
    }

    /// The frame in the superlayer's space (projective bounding box, possibly infinite).
    func frame(of id: LayerID) -> Rect { tree.frame(of: id) }

    /// The hit layer for `p` in the root's superlayer space, sublayer-array order (§6.2).
    func hitTest(_ p: Point) -> LayerID? { tree.hitTest(p, in: root, order: .array) }

    /// The layer a path names (SPEC §2), or nil.
    func layer(atPath path: String) -> LayerID? { tree.layer(atPath: path, root: root) }

    /// The one path component of `id` inside its superlayer: its name, else `#N`.
    func pathComponent(of id: LayerID, slot: Int) -> String {
        if let n = tree[id].name, LayerTree.isPathName(n), repeatedNames.isEmpty || !repeatedNames.contains(id.index) {
            return n
        }
        return "#\(slot)"
    }

    /// The map from canvas space to the flattened file's user space (LaminaExport's choice):
    /// the root's sublayer (viewBox) space when the file keeps its input's `viewBox`
    /// (``LayerTree/keepsRecordedViewBox(_:)``, as the display list decides), else the canvas
    /// itself (nil = identity).
    func canvasToOutput() -> AffineTransform? {
        guard root.index < tree.count, let own = toRoot[root.index], tree.keepsRecordedViewBox(root) else { return nil }
        let l = tree[root]
        let a = tree.anchor(of: root)
        let slt = Transform3D.translation(-a.x, -a.y, -l.anchorPointZ)
            .concatenating(l.sublayerTransform)
            .concatenating(.translation(a.x, a.y, l.anchorPointZ))
        // sublayer space → own space → canvas; its inverse maps canvas → output.
        let toCanvas = Homography(flattening: slt).concatenating(own)
        guard let inv = toCanvas.inverted(), inv.isAffine else { return nil }
        return inv.affine
    }
}
