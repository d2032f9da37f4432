/// The resolve step: layer tree → display list (SPEC §1), iterative at any depth.
extension DisplayList {
    /// Resolves a scene: paint order, transforms to output space, clip chains, compositing groups.
    ///
    /// - Parameter layerMaps: whether to fill ``DisplayList/layerToOutput``; only `--keep-groups`
    ///   output reads it, so flat output leaves it empty (49 bytes per layer less).
    /// - Parameter threads: threads for the root's sublayers (``Resolver/resolveInPieces(_:)``);
    ///   the list is the same for any number.
    public static func resolve(_ scene: Scene, layerMaps: Bool = true, threads: Int = 1) -> (DisplayList, [Diagnostic]) {
        resolve(scene, layerMaps: layerMaps, threads: threads, piecesFrom: Resolver.piecesMinimumLayers)
    }

    /// `resolve(_:layerMaps:threads:)`, cutting scenes of `piecesFrom` layers or more into
    /// pieces (tests cut small scenes too).
    static func resolve(_ scene: Scene, layerMaps: Bool, threads: Int, piecesFrom: Int) -> (DisplayList, [Diagnostic]) {
        var r = Resolver(scene: scene, layerMaps: layerMaps)
        r.threads = threads
        r.piecesFrom = piecesFrom
        r.run()
        return (r.list, r.diagnostics)
    }
}

/// Per visited layer: what its sublayers inherit.
struct ResolveFrame {
    /// Own space → output space.
    var toOutput: Homography
    /// Own space → the innermost space group's space.
    var toSpace: Homography
    /// Inside a `CATransformLayer` only (boxed, so that the common frame stays small to copy).
    var plane: ResolvePlane?
    var clip: Int?
    var group: Int?
    var opacity: Double

    /// For a `CATransformLayer`: own 3D space → the plane of its nearest non-transform ancestor.
    var pending3D: Transform3D? { plane?.pending3D }
}

/// The 3D state under a `CATransformLayer`: the pending 4×4 map and the plane it lands in.
final class ResolvePlane: Sendable {
    let pending3D: Transform3D
    /// The plane mapped to output and to the space group.
    let toOutput: Homography
    let toSpace: Homography

    init(pending3D: Transform3D, toOutput: Homography, toSpace: Homography) {
        self.pending3D = pending3D
        self.toOutput = toOutput
        self.toSpace = toSpace
    }
}

/// The mutable state of one resolve run.
struct Resolver {
    let scene: Scene
    /// The scene's tree, held once (reading it through `scene` would copy it on every access).
    let tree: LayerTree
    var list: DisplayList
    var diagnostics: [Diagnostic] = []
    /// Frames of the layers on the current path from the root (pushed on enter, popped on exit).
    var frames: [ResolveFrame] = []
    /// Direct children (items and subgroups) of each group, for folding single-child opacity groups.
    var groupChildren: [Int] = []
    var groupOnlyChild: [(item: Int?, group: Int?)] = []
    var groupAlive: [Bool] = []
    var nextPaintIndex = 0
    let rootClipIsViewport: Bool
    /// True when output space is the root's sublayer (viewBox) space.
    let viewBoxMode: Bool
    var warnedEdgeOn: Set<LayerID> = []
    /// Current depth of clip paths referring to clip paths (bounded).
    var clipNesting = 0
    /// Threads the root's sublayers may be resolved on, in scenes of `piecesFrom` layers or more.
    var threads = 1
    var piecesFrom = Resolver.piecesMinimumLayers
    /// In a piece of a resolve on several threads: the layers entered, in order.
    var entered: [LayerID]?

    init(scene: Scene, layerMaps: Bool = true) {
        self.scene = scene
        self.tree = scene.tree
        let o = Self.outputSpace(of: scene)
        self.list = DisplayList(output: o.output)
        self.rootClipIsViewport = o.rootClipIsViewport
        self.viewBoxMode = o.viewBoxMode
        list.layerPaintIndex = IndexColumn(count: scene.tree.count)
        if layerMaps { list.layerToOutput = LayerMapColumn(count: scene.tree.count) }
        list.layerClip = IndexColumn(count: scene.tree.count)
        list.pathParents = IndexColumn(count: scene.tree.count)
        list.pathSegments = Array(repeating: 0, count: scene.tree.count)
        list.items.reserveCapacity(scene.tree.count)
        rootToOutput = o.rootToOutput
    }

    var rootToOutput: Homography

    mutating func run() {
        let root = scene.root
        guard root.index < tree.count, tree.isVisible(root) else { return }
        walk([root])
        compactGroups()
    }

    /// Visits `tops` (visible, in paint order) and their visible sublayers, depth first.
    mutating func walk(_ tops: [LayerID]) {
        var stack: [(LayerID, Bool)] = tops.reversed().map { ($0, false) }
        while let (id, closing) = stack.popLast() {
            if closing {
                exit(id)
                continue
            }
            guard enter(id) else { continue }
            entered?.append(id)
            stack.append((id, true))
            var subs = tree.sublayersInPaintOrder(of: id)
            if tree[id].isTransformLayer, let pending = frames.last?.pending3D {
                subs = depthSorted(subs.filter { tree.isVisible($0) }, under: pending, of: id)
            }
            for (i, child) in tree.sublayers(of: id).enumerated() {
                list.pathParents[child.index] = id
                if let name = tree[child].name {
                    list.pathSegments[child.index] = ~Int32(truncatingIfNeeded: list.segmentNames.count)
                    list.segmentNames.append(name)
                } else {
                    list.pathSegments[child.index] = Int32(truncatingIfNeeded: i)
                }
            }
            if resolvesInPieces(subs, of: id) {
                resolveInPieces(subs.filter { tree.isVisible($0) })
                continue
            }
            for child in subs.reversed() where tree.isVisible(child) { stack.append((child, false)) }
        }
    }

    /// Visits a layer: computes its frame, opens its group and clips, emits background and content.
    mutating func enter(_ id: LayerID) -> Bool {
        let parentFrame = frames.last
        var f: ResolveFrame
        if let p = parentFrame {
            f = childFrame(of: id, parent: p)
        } else {
            f = ResolveFrame(
                toOutput: rootToOutput, toSpace: rootToOutput, plane: nil, clip: nil, group: nil, opacity: 1)
        }
        let opacity = min(max(tree[id].opacity, 0), 1)
        let isTransformLayer = tree[id].isTransformLayer
        let svg = tree[id].svg
        let paintIndex = nextPaintIndex
        nextPaintIndex += 1
        list.layerPaintIndex[id.index] = paintIndex
        if id.index < list.layerToOutput.count { list.layerToOutput[id.index] = f.toOutput }

        // Clips of this layer (masksToBounds, clipPath mask layers).
        let ownChain = clipChain(for: id, frame: f, base: f.clip)
        let filter = svg?.filter
        let alphaMask = tree.mask(of: id).flatMap { tree[$0].svg?.element == "clipPath" ? nil : $0 }
        let groupOpacity = tree[id].allowsGroupOpacity && !isTransformLayer && opacity < 1
        let extra = (svg?.extra ?? []).filter {
            ($0.name == "mix-blend-mode" && $0.value != "normal") || ($0.name == "isolation" && $0.value != "auto")
        }
        let needsSpace = filter != nil || svg?.mask != nil || alphaMask != nil
        if groupOpacity || needsSpace || !extra.isEmpty {
            var g = CompositingGroup(layer: id, parent: f.group, opacity: groupOpacity ? opacity : 1)
            g.filter = filter
            g.maskResource = svg?.mask
            g.extra = extra
            if needsSpace {
                if f.toSpace.isAffine {
                    g.space = f.toSpace.affine
                    f.toSpace = .identity
                } else {
                    diagnostics.append(.warning(
                        "layer \(list.path(of: id)) has a mask or filter under a perspective transform; its user space is approximated",
                        at: tree.sourceLocation(of: id)))
                }
            }
            if filter != nil {
                g.clip = ownChain
                f.clip = nil
            } else {
                f.clip = ownChain
            }
            let gi = list.groups.count
            list.groups.append(g)
            groupChildren.append(0)
            groupOnlyChild.append((nil, nil))
            groupAlive.append(true)
            if let parent = f.group { noteChild(of: parent, item: nil, group: gi) }
            f.group = gi
            if let m = alphaMask { list.groups[gi].maskContent = maskContent(of: m, host: id, hostFrame: f) }
        } else {
            f.clip = ownChain
        }
        if !groupOpacity { f.opacity *= opacity }
        frames.append(f)
        list.layerClip[id.index] = f.clip
        if !isTransformLayer {
            emit(.background, of: id, frame: f, paintIndex: paintIndex)
            emit(.contents, of: id, frame: f, paintIndex: paintIndex)
        }
        return true
    }

    /// Leaves a layer: emits its border above its sublayers, closes its group.
    mutating func exit(_ id: LayerID) {
        guard let f = frames.popLast() else { return }
        if !tree[id].isTransformLayer, let pi = list.layerPaintIndex[id.index] {
            emit(.border, of: id, frame: f, paintIndex: pi)
        }
        if let g = f.group, list.groups[g].layer == id { closeGroup(g) }
    }

    /// The frame of a sublayer (or mask) from its superlayer's.
    func childFrame(of id: LayerID, parent p: ResolveFrame) -> ResolveFrame {
        var f = p
        if viewBoxMode, tree.superlayer(of: id) == scene.root, !tree.isMaskLayer(id), p.pending3D == nil,
            !tree[id].isTransformLayer, p.toSpace == p.toOutput
        {
            // Output space is the root's sublayer space: stop below the root's sublayerTransform.
            let h = Homography(flattening: Self.ownMatrix(of: id, in: tree))
            f.toOutput = h
            f.toSpace = h
            return f
        }
        let m = tree.matrixToSuperlayer(id)
        if let plane = p.plane {
            let full = m.concatenating(plane.pending3D)
            if tree[id].isTransformLayer {
                f.plane = ResolvePlane(pending3D: full, toOutput: plane.toOutput, toSpace: plane.toSpace)
            } else {
                let h = Homography(flattening: full)
                f.plane = nil
                f.toOutput = h.concatenating(plane.toOutput)
                f.toSpace = h.concatenating(plane.toSpace)
            }
        } else if tree[id].isTransformLayer {
            f.plane = ResolvePlane(pending3D: m, toOutput: p.toOutput, toSpace: p.toSpace)
            let h = Homography(flattening: m)
            f.toOutput = h.concatenating(p.toOutput)
            f.toSpace = h.concatenating(p.toSpace)
        } else {
            let h = Homography(flattening: m)
            f.toOutput = h.concatenating(p.toOutput)
            f.toSpace = h.concatenating(p.toSpace)
        }
        return f
    }

    /// Appends one drawable part of a layer, when the layer draws it.
    mutating func emit(_ part: PaintPart, of id: LayerID, frame f: ResolveFrame, paintIndex: Int) {
        guard let content = DisplayList.content(of: part, of: tree[id]) else { return }
        guard let (geometry, local) = placement(of: content.shape, layer: id, frame: f) else { return }
        var item = DisplayItem(layer: id, part: part, geometry: geometry, paintIndex: paintIndex)
        item.localGeometry = local
        item.clip = f.clip
        item.group = f.group
        item.opacity = f.opacity
        let index = list.items.count
        list.items.append(item)
        if let g = f.group { noteChild(of: g, item: index, group: nil) }
    }

    /// Output and space-local geometry of a shape drawn in a layer; nil when the layer is turned away.
    mutating func placement(of shape: Shape, layer id: LayerID, frame f: ResolveFrame) -> (ItemGeometry, ItemGeometry)? {
        if f.toOutput.isAffine {
            return (.transformed(f.toOutput.affine), .transformed(f.toSpace.affine))
        }
        var area = tree[id].bounds
        if let p = DisplayList.pathData(of: shape) { area = area.union(p.bounds) }
        guard DisplayList.inFront(area, under: f.toOutput) else {
            if !warnedEdgeOn.contains(id) {
                warnedEdgeOn.insert(id)
                diagnostics.append(.warning(
                    "layer \(list.path(of: id)) is turned past edge-on (w ≤ 0) and is not drawn", at: tree.sourceLocation(of: id)))
            }
            return nil
        }
        guard let g = DisplayList.place(shape, by: f.toOutput), let l = DisplayList.place(shape, by: f.toSpace) else {
            diagnostics.append(.warning(
                "layer \(list.path(of: id)): verbatim SVG content cannot be projected; drawn with the affine part",
                at: tree.sourceLocation(of: id)))
            return (.transformed(f.toOutput.affine), .transformed(f.toSpace.affine))
        }
        return (g, l)
    }
}

extension Resolver {
    /// `R_L · F'_L`: the layer's map into its superlayer's space before the superlayer's sublayerTransform.
    static func ownMatrix(of id: LayerID, in tree: LayerTree) -> Transform3D {
        var m = tree.frameMatrix(of: id)
        // Fields read one by one: a copy of the whole layer would retain each of its boxes.
        if tree[id].geometryFlipped {
            let bounds = tree[id].bounds
            let c = 2 * bounds.y + bounds.height
            m.m41 += c * m.m21; m.m42 += c * m.m22; m.m43 += c * m.m23; m.m44 += c * m.m24
            m.m21 = -m.m21; m.m22 = -m.m22; m.m23 = -m.m23; m.m24 = -m.m24
        }
        return m
    }
}

extension Resolver {
    /// Sublayers of a `CATransformLayer`, painter-sorted far to near by the depth of their
    /// bounds' centre (an approximation of Core Animation's 3D sort, LAYER-MODEL §5.2).
    mutating func depthSorted(_ subs: [LayerID], under pending: Transform3D, of id: LayerID) -> [LayerID] {
        guard subs.count > 1 else { return subs }
        let keyed = subs.enumerated().map { (i, child) -> (Int, Double, LayerID) in
            let b = tree[child].bounds
            let m = tree.matrixToSuperlayer(child).concatenating(pending)
            let v = m.apply(x: b.midX, y: b.midY, z: 0)
            let depth = v.z / v.w
            return (i, v.w > 0 && depth.isFinite ? depth : -Double.infinity, child)
        }
        let sorted = keyed.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.2)
        if sorted != subs {
            diagnostics.append(.warning(
                "sublayers of transform layer \(list.path(of: id)) are painted in approximate depth order",
                at: tree.sourceLocation(of: id)))
        }
        return sorted
    }
}
