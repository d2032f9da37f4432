/// A layer's compositing group, opened by ``Resolver/open(_:)`` for the few layers that need one.
extension Resolver {
    /// Opens the group of layer `id` when it needs one: group opacity (`opacity`, nil when the
    /// layer does not group it), filters, a mask, blending, a renderer's clip or placement, or
    /// isolation for blending below a clip path. Sets the frame's clip either way.
    mutating func openGroup(
        _ id: LayerID, svg: SVGCompositing?, placed: RendererTransform?, ownChain: Int?, alphaMask: LayerID?,
        opacity: Double?, isolatesBlending: Bool, frame fp: UnsafeMutablePointer<ResolveFrame>
    ) {
        let filters = svg?.filters ?? []
        let extra = svg.map { svg in
            svg.extra.filter { Self.blends($0) || ($0.name == "isolation" && $0.value != "auto") || Self.isRendererClip($0) }
        } ?? []
        // A clip the renderer resolves against the box of the group's drawables, in its space.
        let rendererClip = extra.contains(where: Self.isRendererClip)
        let needsSpace = !filters.isEmpty || svg?.mask != nil || alphaMask != nil || rendererClip || placed != nil
        guard opacity != nil || needsSpace || !extra.isEmpty || isolatesBlending else {
            fp.pointee.clip = ownChain
            return
        }
        var resultClip = !filters.isEmpty || isolatesBlending ? ownChain : nil
        if rendererClip, let c = resultClip {
            // The group's tag holds the renderer's clip: Lamina's goes on a group around it.
            openClipGroup(id, clip: c, frame: &fp.pointee)
            resultClip = nil
        }
        // The opacity the ancestors left to each drawable (transform layers, layers that do
        // not group their opacity) applies to the group's result, as Core Animation
        // composites a layer's flattened image with it: inside, drawables start again at 1.
        var g = CompositingGroup(layer: id, parent: fp.pointee.group, opacity: (opacity ?? 1) * fp.pointee.opacity)
        fp.pointee.opacity = 1
        g.filters = filters
        g.maskResource = svg?.mask
        g.extra = extra
        g.rendererTransform = placed
        if needsSpace {
            if fp.pointee.toSpace.isAffine {
                g.space = fp.pointee.toSpace.affine
                fp.pointee.toSpace = .identity
            } else {
                diagnostics.append(.warning(
                    "layer \(path(of: id)) has a mask or filter under a perspective transform; its user space is approximated",
                    at: tree.sourceLocation(of: id)))
            }
        }
        if isolatesBlending, !g.extra.contains(where: { $0.name == "isolation" }) {
            g.extra.append(StyleProperty("isolation", "isolate"))
        }
        if !filters.isEmpty || isolatesBlending {
            g.clip = resultClip
            fp.pointee.clip = nil
        } else {
            fp.pointee.clip = ownChain
        }
        let gi = appendGroup(g, frame: &fp.pointee)
        if let m = alphaMask { list.groups[gi].maskContent = maskContent(of: m, host: id, hostFrame: fp.pointee) }
    }

    /// Whether layer `id` draws exactly one item and holds nothing else: no sublayers, one part
    /// of three (``DisplayList/draws(_:of:)``), placed by an affine map (a projected part may be
    /// turned away, and none drawn). A group of group opacity alone around it is folded into that
    /// item when closed (``closeGroup(_:)``): the item takes the group's opacity and its
    /// superlayer's group, as when no group is made. Every translucent shape made such a group
    /// (200 bytes, its bookkeeping, a close and a place in `compactGroups`' pass): at deep-1e6,
    /// 2,949 of the 4,361 pages the groups' list touched for the first time.
    func drawsOneItemAlone(_ id: LayerID, frame fp: UnsafePointer<ResolveFrame>) -> Bool {
        guard tree.sublayerLists[id.index].isEmpty, fp.pointee.toOutput.isAffine,
            eyeOfLayer.isEmpty || eyeOfLayer[id.index] == nil
        else { return false }
        var parts = tree[id].hasContent ? 1 : 0
        if tree[id].mayHaveRareProperties {
            if DisplayList.draws(.background, of: tree[id]) { parts += 1 }
            if DisplayList.draws(.border, of: tree[id]) { parts += 1 }
        }
        return parts == 1
    }
}
