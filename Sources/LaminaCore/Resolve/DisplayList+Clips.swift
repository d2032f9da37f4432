/// Clip chains (masksToBounds, clip-path mask layers) and alpha-mask contents.
extension Resolver {
    /// The clip chain of a layer's output: `base` intersected with its bounds clip and its clip masks.
    ///
    /// Nodes are created only where a layer clips; sublayers inherit the node, so identical
    /// chains are shared without any lookup.
    mutating func clipChain(for id: LayerID, frame f: ResolveFrame, base: Int?) -> Int? {
        var chain = base
        if tree.clipsToBounds(id), !(id == scene.root && rootClipIsViewport) {
            chain = boundsClip(of: id, frame: f, parent: chain)
        }
        guard let first = tree.appliedMask(of: id), tree[first].svg?.element == "clipPath" else { return chain }
        let firstFrame = childFrame(of: first, parent: f)
        guard let second = tree.mask(of: first), tree[second].svg?.element == "clipPath" else {
            // One clip mask, the common case: no list of them is made.
            let shapes = tree.isVisible(first) ? clipShapes(of: first, frame: firstFrame) : []
            return appendNode(parent: chain, layer: first, shapes: shapes)
        }
        // A clip mask may itself be clipped by its own mask: the deepest one is the outermost node.
        var masks: [(LayerID, ResolveFrame)] = [(first, firstFrame)]
        var host = firstFrame
        var cur: LayerID? = second
        while let m = cur, tree[m].svg?.element == "clipPath", masks.count < tree.count {
            let mf = childFrame(of: m, parent: host)
            masks.append((m, mf))
            host = mf
            cur = tree.mask(of: m)
        }
        for (m, mf) in masks.reversed() {
            // A hidden or fully transparent mask lets nothing of its host through (as below).
            let shapes = tree.isVisible(m) ? clipShapes(of: m, frame: mf) : []
            chain = appendNode(parent: chain, layer: m, shapes: shapes)
        }
        return chain
    }

    /// A node clipping to the layer's bounds rounded by its corner radius (`masksToBounds`).
    mutating func boundsClip(of id: LayerID, frame f: ResolveFrame, parent: Int?) -> Int {
        let shape = DisplayList.boundsShape(of: tree[id])
        let shapes = DisplayList.place(shape, by: f.toOutput, inFrontOf: eyePlanes(of: id)).map {
            [ClipShape(layer: id, shape: shape, geometry: $0)]
        } ?? []
        return appendNode(parent: parent, layer: id, shapes: shapes)
    }

    mutating func appendNode(parent: Int?, layer: LayerID, shapes: [ClipShape]) -> Int {
        list.clips.append(ClipNode(parent: parent, layer: layer, shapes: shapes))
        return list.clips.count - 1
    }

    /// The shapes of a clip mask layer and its visible sublayers, in output space. A sublayer's
    /// own clips (a `clip-path` on a child of a `clipPath`) become the shape's clip chain.
    mutating func clipShapes(of mask: LayerID, frame: ResolveFrame) -> [ClipShape] {
        guard clipNesting < DisplayList.maxClipNesting else {
            diagnostics.append(.warning("clip paths nested deeper than \(DisplayList.maxClipNesting) levels are ignored"))
            return []
        }
        clipNesting += 1
        defer { clipNesting -= 1 }
        var out: [ClipShape] = []
        var stack: [(LayerID, ResolveFrame, Int?)] = [(mask, frame, nil)]
        while let (id, f, inherited) = stack.popLast() {
            let chain = id == mask ? nil : clipChain(for: id, frame: f, base: inherited)
            // The content read out of its box alone: a copy of the layer retains each of its boxes.
            if let c = tree[id].content {
                var geometry = DisplayList.place(c.shape, by: f.toOutput, inFrontOf: eyePlanes(of: id))
                if geometry == nil, f.toOutput.isFinite { geometry = .transformed(f.toOutput.affine) }
                if let g = geometry {
                    let extra = c.extra.filter { $0.name == "visibility" }
                    var shape = ClipShape(layer: id, shape: c.shape, geometry: g, clipRule: c.clipRule, extra: extra)
                    shape.clip = chain
                    out.append(shape)
                }
            }
            for child in tree.sublayersInPaintOrder(of: id).reversed() where tree.isVisible(child) {
                stack.append((child, childFrame(of: child, parent: f), chain))
            }
        }
        return out
    }

    /// The drawables of an alpha mask layer, placed relative to the host's own space; returns
    /// the index of the new entry in `maskContents`. `outer` is the host in the layer tree
    /// when `host` is itself a layer inside a mask (a mask in a mask, ``masksInMasks``), and
    /// `depth` the number of masks the mask is inside.
    mutating func maskContent(
        of mask: LayerID, host: LayerID, hostFrame: ResolveFrame, outer: LayerID? = nil, depth: Int = 0
    ) -> Int {
        // The entry is made first: the masks inside it come after it.
        let index = list.maskContents.count
        list.maskContents.append([])
        var items: [DisplayItem] = []
        let owner = outer ?? host
        let paintIndex = self.paintIndex(of: owner.index) ?? 0
        if tree.mask(of: mask) != nil {
            let which = outer == nil ? "the mask of layer" : "a mask inside the mask of layer"
            diagnostics.append(.warning(
                "\(which) \(path(of: owner)) has a mask of its own, which is ignored (Core Animation does not nest masks)",
                at: tree.sourceLocation(of: mask)))
        }
        // Core Animation renders a mask as it renders any layer, and takes its alpha: a hidden
        // mask (or one at opacity 0) draws nothing, so nothing of its host shows. A frame's
        // `clip` is the clip chain its layer inherits, within the mask.
        var stack: [(LayerID, ResolveFrame, Bool)] = []
        if tree.isVisible(mask) {
            var f = childFrame(of: mask, parent: hostFrame)
            f.clip = nil
            stack.append((mask, f, false))
        }
        while let (id, f0, closing) = stack.popLast() {
            var f = f0
            let layer = tree[id]
            let parts: [PaintPart] = closing ? [.border] : [.background, .contents]
            if !closing {
                // Its masksToBounds clips it and its sublayers (the host's clips cut the host's
                // group, which the mask is applied to; the mask's own mask is ignored, above).
                if id == mask {
                    if tree.clipsToBounds(id) { f.clip = boundsClip(of: id, frame: f, parent: nil) }
                } else {
                    f.clip = clipChain(for: id, frame: f, base: f.clip)
                    if let m = tree.appliedMask(of: id), tree[m].svg?.element != "clipPath" {
                        nestMask(m, of: id, frame: f, in: index, outer: owner, depth: depth + 1)
                    }
                }
                // A layer that groups its opacity has it applied to its flattened image: the
                // writers put its drawables in one group with it (not in each drawable).
                if !DisplayList.groupsOpacity(layer) { f.opacity *= min(max(layer.opacity, 0), 1) }
                stack.append((id, f, true))
                for child in tree.sublayersInPaintOrder(of: id).reversed() where tree.isVisible(child) {
                    stack.append((child, childFrame(of: child, parent: f), false))
                }
            }
            for part in parts where DisplayList.draws(part, of: layer) && f.toOutput.isFinite {
                guard let (g, l) = placement(of: part, layer: id, frame: f) else { continue }
                items.append(DisplayItem(
                    layer: id, part: part, geometry: g, local: l, paintIndex: paintIndex,
                    clip: f.clip, group: nil, opacity: f.opacity))
            }
        }
        list.maskContents[index] = items
        return index
    }

    /// Resolves the alpha mask `m` of layer `id` inside mask content `content`, `depth` masks
    /// deep, in the same space (a sublayer of a mask is drawn as any layer, its own mask
    /// included), up to ``DisplayList/maxClipNesting`` deep; past that it is left out, with a warning.
    mutating func nestMask(
        _ m: LayerID, of id: LayerID, frame f: ResolveFrame, in content: Int, outer: LayerID, depth: Int
    ) {
        guard depth <= DisplayList.maxClipNesting else {
            diagnostics.append(.warning(
                "a layer inside the mask of layer \(path(of: outer)) has a mask of its own, which is not drawn (masks nest inside masks at most \(DisplayList.maxClipNesting) deep)",
                at: tree.sourceLocation(of: m)))
            return
        }
        // The mask's alpha starts whole: the layer's opacity and clips apply around it.
        var hostFrame = f
        hostFrame.opacity = 1
        hostFrame.clip = nil
        let inner = maskContent(of: m, host: id, hostFrame: hostFrame, outer: outer, depth: depth)
        list.masksInMasks.append(MaskInMask(content: content, layer: id, mask: inner))
    }

    /// Counts a direct child of a group (an item or a subgroup).
    mutating func noteChild(of g: Int, item: Int?, group: Int?) {
        groupChildren[g] += 1
        groupOnlyChild[g] = (item, group)
    }

    /// Closes a group; an opacity-only group over at most one child is folded into that child.
    ///
    /// An empty one is dropped, and its superlayer's group no longer names it as its last child:
    /// a group left with one child then keeps that child in it, as it may not know which child
    /// that is (`<g opacity=".5"><rect/><g opacity=".5"/></g>` folded into the dropped group,
    /// and the rect lost the outer opacity).
    mutating func closeGroup(_ g: Int) {
        let grp = list.groups[g]
        let opacityOnly = grp.filters.isEmpty && grp.maskResource == nil && grp.maskContent == nil && grp.extra.isEmpty
            && grp.rendererTransform == nil
        guard opacityOnly, groupChildren[g] <= 1 else { return }
        let only = groupOnlyChild[g]
        if groupChildren[g] == 1, only.item == nil, only.group == nil { return }
        groupAlive[g] = false
        if let p = grp.parent {
            groupChildren[p] -= 1
            if groupOnlyChild[p].group == g { groupOnlyChild[p] = (nil, nil) }
        }
        guard groupChildren[g] == 1 else { return }
        if let i = only.item {
            withItem(i) {
                $0.opacity *= grp.opacity
                $0.group = grp.parent
            }
            if let p = grp.parent { noteChild(of: p, item: i, group: nil) }
        } else if let c = only.group {
            list.groups[c].opacity *= grp.opacity
            list.groups[c].parent = grp.parent
            if let p = grp.parent { noteChild(of: p, item: nil, group: c) }
        }
    }

    /// Drops folded groups and renumbers the rest.
    mutating func compactGroups() {
        // None folded (most drawings, now that a translucent shape makes no group to fold): the
        // pass below would copy the groups and write every item back as it was, on one thread.
        guard groupAlive.contains(false) else { return }
        var newIndex = [Int?](repeating: nil, count: list.groups.count)
        var kept: [CompositingGroup] = []
        for (i, g) in list.groups.enumerated() where groupAlive[i] {
            newIndex[i] = kept.count
            kept.append(g)
        }
        for i in kept.indices { kept[i].parent = kept[i].parent.flatMap { newIndex[$0] } }
        for i in list.items.indices { list.items[i].group = list.items[i].group.flatMap { newIndex[$0] } }
        list.groups = kept
    }
}

extension DisplayList {
    /// Whether a layer composites itself and its sublayers as one group, then applies its
    /// opacity (LAYER-MODEL §5.4): `allowsGroupOpacity`, an opacity below 1, not a
    /// `CATransformLayer`. Used for the layers of alpha masks (``maskContents``).
    public static func groupsOpacity(_ layer: Layer) -> Bool {
        layer.allowsGroupOpacity && !layer.isTransformLayer && layer.opacity < 1
    }

    /// How deep clip paths may be clipped by, or refer through their children to, other clip
    /// paths; the importer follows a `clip-path` on a `clipPath` no deeper. Masks inside alpha
    /// masks (``masksInMasks``) nest no deeper either.
    public static let maxClipNesting = 64
}
