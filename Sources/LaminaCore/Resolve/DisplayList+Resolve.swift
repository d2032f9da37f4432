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
    /// pieces (tests cut small scenes too, and move each piece's item bound by `itemBoundSlack`).
    static func resolve(
        _ scene: Scene, layerMaps: Bool, threads: Int, piecesFrom: Int, itemBoundSlack: Int = 0
    ) -> (DisplayList, [Diagnostic]) {
        var r = Resolver(scene: scene, layerMaps: layerMaps)
        r.threads = threads
        r.piecesFrom = piecesFrom
        r.itemBoundSlack = itemBoundSlack
        r.run()
        return (r.list, r.diagnostics)
    }
}

/// The mutable state of one resolve run.
struct Resolver {
    let scene: Scene
    /// The scene's tree, held once (reading it through `scene` would copy it on every access).
    let tree: LayerTree
    var list: DisplayList
    var diagnostics: [Diagnostic] = []
    /// Frames of the layers with sublayers on the current path from the root, `frames.base[0..<depth]`
    /// (pushed once such a layer is opened, popped on exit); the layer being opened computes
    /// its frame into the slot at `depth`, where a layer without sublayers is left from.
    var frames = ResolveFrameStack()
    var depth = 0
    /// The 3D states of the `CATransformLayer`s visited so far (``ResolveFrame/plane``).
    var planes: [ResolvePlane] = []
    /// The earlier eye planes (``LayerTree/eyePlanes(of:)``) of the layers visited under two
    /// perspective steps or more, by `LayerID.index` (an index into ``eyeLists``); none for the others.
    var eyeOfLayer: [Int: Int] = [:]
    var eyeLists: [[Homography]] = []
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
    /// In a piece of a resolve on several threads: the layers it gave a name of its own as path
    /// segment (``DisplayList/pathSegments``), whose name numbers the merge moves up.
    var named: [Int32]?
    /// Per layer, whether a layer below it blends (``blendsBelow(_:)``); made on first need.
    var blendMarks: [Bool]?
    /// In a piece of a resolve on several threads: where its items go (``ItemRun``); nil: `list.items`.
    var itemRun: ItemRun?
    /// Where the per-layer columns are while the walk runs (``LayerColumns``); nil: in `list`.
    var columns: LayerColumns?
    /// In a piece of a resolve on several threads: whether each layer may have compositing
    /// facts, as the pieces' count found it (``CompositeMark``); nil: read from the layer.
    var compositeMarks: UnsafeMutablePointer<UInt8>?
    /// Added to each piece's ``itemBound(of:)`` (tests: a bound above or below the count).
    var itemBoundSlack = 0

    init(scene: Scene, layerMaps: Bool = true) {
        self.scene = scene
        self.tree = scene.tree
        let o = Self.outputSpace(of: scene)
        self.list = DisplayList(output: o.output)
        self.rootClipIsViewport = o.rootClipIsViewport
        self.viewBoxMode = o.viewBoxMode
        list.rootSublayerSpaceIsOutput = o.viewBoxMode
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
        // The per-layer columns are written in place through pointers (``LayerColumns``), on
        // one thread as in the pieces of a resolve on several.
        var columnStorage = takeColumns()
        columnStorage.withPointers { columns in
            self.columns = columns
            walk([root][...])
            self.columns = nil
        }
        putColumns(&columnStorage)
        compactGroups()
        // By mask content, for the writers to find the masks inside each one.
        if !list.masksInMasks.isEmpty {
            list.masksInMasks.sort { ($0.content, $0.layer.index) < ($1.content, $1.layer.index) }
        }
        // The picture is the root's bounds size: a root left at the default empty bounds (easy
        // to do in hand-written layer JSON) makes an SVG of no area, which no renderer draws.
        let size = tree[root].bounds.standardized
        if !viewBoxMode, !list.items.isEmpty, !(size.width > 0 && size.height > 0) {
            diagnostics.append(.warning(
                "the root layer's bounds are \(NumberText.format(size.width)) × \(NumberText.format(size.height)): "
                    + "the picture has no area, so none of its layers is shown", at: tree.sourceLocation(of: root)))
        }
    }

    /// Visits `tops` (visible, in paint order) and their visible sublayers, depth first.
    mutating func walk(_ tops: ArraySlice<LayerID>) {
        // One top at a time: the stack holds the path's pending sublayers only. A stack of
        // every top (a piece's share of a flat drawing's root sublayers) was a fresh array
        // of them, reversed, for each piece.
        var stack: [(LayerID, Bool)] = []
        for top in tops {
            stack.append((top, false))
            walkStack(&stack)
        }
    }

    /// ``walk(_:)`` of the layers on `stack`, until it is empty.
    private mutating func walkStack(_ stack: inout [(LayerID, Bool)]) {
        while let (id, closing) = stack.popLast() {
            if closing {
                exit(id)
                continue
            }
            // Listed before it is opened: a layer not drawn (placed by numbers past the range
            // of doubles) has its paint index all the same, which the merge moves up too.
            entered?.append(id)
            guard open(id) else { continue }
            if tree.sublayerLists[id.index].isEmpty {
                // Most layers (every shape) have no sublayers: left as soon as entered, their
                // frame is never pushed and no closing item is queued for them.
                leave(id, frame: frames.base + depth)
                continue
            }
            depth += 1
            stack.append((id, true))
            // One pass over the sublayers (array order) names them for paths and finds whether
            // they are in paint order already (`sublayersInPaintOrder`'s test) and all visible:
            // the root of a large flat drawing has 100,000, each read three times over before,
            // on one thread.
            let all = tree.sublayerLists[id.index]
            var names = LayerTree.SiblingNames()
            var inZOrder = true
            var allVisible = true
            var previousZ = 0.0
            for (i, child) in all.enumerated() {
                if let name = tree[child].name, names.admits(name) {
                    setPath(of: child.index, parent: id, segment: ~Int32(truncatingIfNeeded: list.segmentNames.count))
                    list.segmentNames.append(name)
                    named?.append(Int32(truncatingIfNeeded: child.index))
                } else {
                    setPath(of: child.index, parent: id, segment: Int32(truncatingIfNeeded: i))
                }
                let z = tree[child].zPosition
                if i > 0, z < previousZ { inZOrder = false }
                previousZ = z
                if allVisible, !tree.isVisible(child) { allVisible = false }
            }
            var subs = inZOrder ? all : tree.sublayersInPaintOrder(of: id)
            if tree[id].isTransformLayer, let plane = frames.base[depth - 1].plane {
                subs = depthSorted(subs.filter { tree.isVisible($0) }, under: planes[plane].pending3D, of: id)
            }
            // The thread count first, here: the call copied the whole resolver (784 bytes) to
            // pass it, for each group, though only a resolve on several threads cuts pieces.
            if threads > 1, resolvesInPieces(subs, of: id) {
                resolveInPieces(allVisible ? subs : subs.filter { tree.isVisible($0) })
                continue
            }
            for child in subs.reversed() where allVisible || tree.isVisible(child) { stack.append((child, false)) }
        }
    }

    /// Visits a layer: computes its frame into the slot at ``depth`` (the frame its sublayers
    /// inherit), opens its group and clips, emits background and content. False when the layer
    /// and its sublayers are not drawn.
    mutating func open(_ id: LayerID) -> Bool {
        let fp = frames.slot(depth)
        if depth > 0 {
            childFrame(of: id, parent: frames.base + (depth - 1), into: fp)
        } else {
            fp.pointee = ResolveFrame(
                toOutput: rootToOutput, toSpace: rootToOutput, plane: nil, clip: nil, group: nil, opacity: 1)
            if tree[id].isTransformLayer, !viewBoxMode {
                // A transform layer at the root keeps its sublayers' 3D geometry too: its own
                // 4×4 (a perspective with zPositions below) is flattened only into the output.
                let place = Self.originShift(of: id, in: tree) ?? .identity
                fp.pointee.plane = addPlane(ResolvePlane(pending3D: Self.ownMatrix(of: id, in: tree), toOutput: place, toSpace: place))
            }
        }
        let opacity = min(max(tree[id].opacity, 0), 1)
        let isTransformLayer = tree[id].isTransformLayer
        // A CATransformLayer composites nothing: its mask, filters and blend mode are ignored.
        let svg = isTransformLayer ? nil : svgCompositing(of: id)
        let mask = tree.appliedMask(of: id)
        if isTransformLayer { warnIgnoredTransformLayerProperties(id) }
        let paintIndex = nextPaintIndex
        nextPaintIndex += 1
        setPaintIndex(paintIndex, of: id.index)
        if id.index < list.layerToOutput.count { list.layerToOutput[id.index] = fp.pointee.toOutput }
        // Numbers that overflow on the way down (1e200 scales, positions past 1e308) would be
        // written as `null` in a transform, which renderers ignore: the layer would be drawn
        // untransformed, at the origin.
        guard fp.pointee.toOutput.isFinite else {
            diagnostics.append(.warning(
                "layer \(path(of: id)) is placed by numbers past the range of doubles; it and its sublayers are not drawn",
                at: tree.sourceLocation(of: id)))
            return false
        }

        // A transform about a box the renderer measures: a group places the superlayer's space.
        let placed = svg.flatMap { openRendererPlacement(id, $0, frame: &fp.pointee) }
        // Clips of this layer (masksToBounds, clipPath mask layers); most layers have none.
        let clips = tree.clipsToBounds(id) || mask != nil
        let ownChain = clips ? clipChain(for: id, frame: fp.pointee, base: fp.pointee.clip) : fp.pointee.clip
        let alphaMask = mask.flatMap { tree[$0].svg?.element == "clipPath" ? nil : $0 }
        var groupOpacity = tree[id].allowsGroupOpacity && !isTransformLayer && opacity < 1
        if groupOpacity, svg == nil, alphaMask == nil, drawsOneItemAlone(id, frame: fp) {
            // Its group would hold that one item and be folded into it when closed: the opacity
            // goes to the item, as for a layer that does not group it, and no group is made.
            groupOpacity = false
        }
        // A clip path makes its layer an isolated group (CSS Masking: a stacking context): a
        // layer below that blends blends with its siblings there, not with the page, and the
        // clip cuts the group once. Only where something below blends does that need a group.
        let isolatesBlending = mask.map { tree[$0].svg?.element == "clipPath" } == true
            && !tree.sublayers(of: id).isEmpty && blendsBelow(id)
        if svg == nil, alphaMask == nil, !groupOpacity, !isolatesBlending {
            // Most layers: no compositing facts, so no group (and no empty lists made and freed).
            fp.pointee.clip = ownChain
        } else {
            openGroup(
                id, svg: svg, placed: placed, ownChain: ownChain, alphaMask: alphaMask,
                opacity: groupOpacity ? opacity : nil, isolatesBlending: isolatesBlending, frame: fp)
        }
        if !groupOpacity { fp.pointee.opacity *= opacity }
        setClip(fp.pointee.clip, of: id.index)
        if !isTransformLayer {
            emit(.background, of: id, frame: fp, paintIndex: paintIndex)
            emit(.contents, of: id, frame: fp, paintIndex: paintIndex)
        }
        return true
    }

    /// Opens a group holding layer `id`'s group, clipping its result by `clip` (never folded).
    mutating func openClipGroup(_ id: LayerID, clip: Int, frame f: inout ResolveFrame) {
        var g = CompositingGroup(layer: id, parent: f.group, opacity: 1)
        g.clip = clip
        appendGroup(g, frame: &f)
        f.clip = nil
    }

    /// Appends group `g` as a child of the frame's group and makes it the frame's group.
    @discardableResult
    mutating func appendGroup(_ g: CompositingGroup, frame f: inout ResolveFrame) -> Int {
        let gi = list.groups.count
        list.groups.append(g)
        groupChildren.append(0)
        groupOnlyChild.append((nil, nil))
        groupAlive.append(true)
        if let parent = f.group { noteChild(of: parent, item: nil, group: gi) }
        f.group = gi
        return gi
    }

    /// Leaves the layer whose frame is on top of ``frames``.
    mutating func exit(_ id: LayerID) {
        guard depth > 0 else { return }
        depth -= 1
        leave(id, frame: frames.base + depth)
    }

    /// Leaves a layer opened with frame `f`: emits its border above its sublayers, closes its group.
    mutating func leave(_ id: LayerID, frame f: UnsafePointer<ResolveFrame>) {
        if !tree[id].isTransformLayer, let pi = paintIndex(of: id.index) {
            emit(.border, of: id, frame: f, paintIndex: pi)
        }
        if let g = f.pointee.group, list.groups[g].layer == id {
            if groupChildren[g] == 0, !list.groups[g].filters.isEmpty { anchorEmptyFilterGroup(id, frame: f.pointee) }
            closeGroup(g)
        }
    }

    /// A container (`g`, `svg`, `use` …) with a filter and nothing drawn in it still draws the
    /// filter's result (a `userSpaceOnUse` region filled by `feFlood`, `feTile`, `feImage`), as
    /// Chromium and resvg draw it; a shape that is not rendered (a zero size) does not. Writers
    /// open a group only around its items, so such a group gets one that draws nothing: the
    /// `.contents` of its layer, which has none.
    mutating func anchorEmptyFilterGroup(_ id: LayerID, frame f: ResolveFrame) {
        guard !tree[id].hasContent, f.toOutput.isAffine, let pi = paintIndex(of: id.index),
            let element = tree[id].svg?.element, ["g", "svg", "symbol", "use", "a", "switch"].contains(element)
        else { return }
        let index = itemCount
        appendItem(DisplayItem(
            layer: id, part: .contents, affine: f.toOutput.affine, localAffine: f.toSpace.affine, paintIndex: pi,
            clip: f.clip, group: f.group, opacity: f.opacity))
        if let g = f.group { noteChild(of: g, item: index, group: nil) }
    }

    /// Appends one drawable part of a layer, when the layer draws it.
    /// The frame is read where it is kept (``frames``), not copied. The test is made where it
    /// is called, for the part named there: most layers draw one part of three, and a call
    /// for a part not drawn cost 57 instructions.
    @inline(__always)
    mutating func emit(_ part: PaintPart, of id: LayerID, frame fp: UnsafePointer<ResolveFrame>, paintIndex: Int) {
        guard DisplayList.draws(part, of: tree[id]) else { return }
        emitDrawn(part, of: id, frame: fp, paintIndex: paintIndex)
    }

    /// ``emit(_:of:frame:paintIndex:)`` for a part the layer draws.
    mutating func emitDrawn(_ part: PaintPart, of id: LayerID, frame fp: UnsafePointer<ResolveFrame>, paintIndex: Int) {
        let index = itemCount
        // Each item made in the append's argument: a local one was copied into the list and
        // then destroyed, both through outlined value witnesses.
        if fp.pointee.toOutput.isAffine, eyeOfLayer.isEmpty || eyeOfLayer[id.index] == nil {
            // The common case, placed without building `ItemGeometry` values.
            appendItem(DisplayItem(
                layer: id, part: part, affine: fp.pointee.toOutput.affine, localAffine: fp.pointee.toSpace.affine,
                paintIndex: paintIndex, clip: fp.pointee.clip, group: fp.pointee.group, opacity: fp.pointee.opacity))
        } else {
            let f = fp.pointee
            guard let (geometry, local) = placement(of: part, layer: id, frame: f) else { return }
            appendItem(DisplayItem(
                layer: id, part: part, geometry: geometry, local: local, paintIndex: paintIndex,
                clip: f.clip, group: f.group, opacity: f.opacity))
        }
        if let g = fp.pointee.group { noteChild(of: g, item: index, group: nil) }
    }

    /// Output and space-local geometry of a part a layer draws (``DisplayList/draws(_:of:)``); nil
    /// when the layer is turned away. The part's shape is built only under a projective map: an
    /// affine placement does not depend on it.
    mutating func placement(of part: PaintPart, layer id: LayerID, frame f: ResolveFrame) -> (ItemGeometry, ItemGeometry)? {
        if f.toOutput.isAffine, eyeOfLayer.isEmpty || eyeOfLayer[id.index] == nil {
            return (.transformed(f.toOutput.affine), .transformed(f.toSpace.affine))
        }
        guard let shape = DisplayList.content(of: part, of: tree[id])?.shape else { return nil }
        // The part's own extent decides (the layer's bounds for verbatim content): a part that
        // is partly in front is drawn cut at the eye plane.
        let area = DisplayList.pathData(of: shape)?.bounds ?? tree[id].bounds
        guard DisplayList.inFront(area, under: f.toOutput) else {
            warnEdgeOn(id)
            return nil
        }
        let eye = eyePlanes(of: id)
        guard let g = DisplayList.place(shape, by: f.toOutput, inFrontOf: eye),
            let l = DisplayList.place(shape, by: f.toSpace, inFrontOf: eye)
        else {
            diagnostics.append(.warning(
                "layer \(path(of: id)): verbatim SVG content cannot be projected; drawn with the affine part",
                at: tree.sourceLocation(of: id)))
            return (.transformed(f.toOutput.affine), .transformed(f.toSpace.affine))
        }
        // Nothing left in front of the eye (a shape whose box only grazes it).
        if case .projected(let d) = g, d.isEmpty {
            warnEdgeOn(id)
            return nil
        }
        return (g, l)
    }

    /// Warns once per layer that it is turned away past edge-on and not drawn.
    private mutating func warnEdgeOn(_ id: LayerID) {
        guard !warnedEdgeOn.contains(id) else { return }
        warnedEdgeOn.insert(id)
        diagnostics.append(.warning(
            "layer \(path(of: id)) is turned past edge-on (w ≤ 0) and is not drawn", at: tree.sourceLocation(of: id)))
    }
}
