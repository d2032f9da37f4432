import LaminaCore

/// `--keep-groups`: one `<g>` per layer, nested as the layer tree, still render-equivalent.
extension FlatWriter {
    /// Writes each painting layer's ancestry as nested `<g>` elements, each with its transform
    /// relative to its superlayer, its clip (when it adds one), and its group opacity, mask and
    /// filter; the drawables sit inside their layer's group.
    ///
    /// Writes the items in `range` only, starting with the groups of the item before it open,
    /// and `emit` false only makes the ids, as ``writeBody(_:emit:to:)`` does.
    mutating func writeLayerGroups(_ range: Range<Int>, emit: Bool, to out: inout some MarkupOutput) {
        let items = list.items
        let parents = list.pathParents
        var open: [LayerID] = []
        /// Output space → the user space inside each open group.
        var inverses: [AffineTransform] = []
        var toOutputs: [AffineTransform] = []
        /// The clip node in force inside each open group (nil: none).
        var inForce: [Int?] = []
        if range.lowerBound > 0, range.lowerBound <= items.count {
            // The open groups are the ancestry of the item before, outermost first.
            for layer in layerChain(of: items[range.lowerBound - 1].layer) {
                let (mine, inverse) = groupSpace(layer, toOutputs.last, inverses.last)
                open.append(layer)
                inverses.append(inverse)
                toOutputs.append(mine)
                inForce.append(groupClip(layer, enclosing: inForce.last ?? nil).inForce)
            }
        }
        for index in range {
            let item = items[index]
            var chain: [LayerID] = []
            var cur: LayerID? = item.layer
            while let c = cur, c.index < parents.count, !isOpenLayer(c, open), chain.count <= parents.count {
                chain.append(c)
                cur = parents[c.index]
            }
            while let top = open.last, top != cur {
                if emit { closeLayerGroup(top, to: &out) }
                open.removeLast()
                inverses.removeLast()
                toOutputs.removeLast()
                inForce.removeLast()
            }
            for layer in chain.reversed() {
                let outerInverse = inverses.last ?? .identity
                let (mine, inverse) = groupSpace(layer, toOutputs.last, inverses.last)
                if emit { SVGMarkup.lit("<g", to: &out) }
                if !emit, layerGroupIDs[layer.index] == nil, let name = scene.tree[layer].name {
                    layerGroupIDs[layer.index] = uniqueLayerID(name)
                }
                if emit, let id = layerGroupIDs[layer.index] { SVGMarkup.attr("id", id, to: &out) }
                if emit { SVGMarkup.transformAttribute(mine.concatenating(outerInverse), to: &out) }
                let g = groupOfLayer[layer.index].map { list.groups[$0] }
                let split = splitsMasks(layer)
                if split, let g, let m = g.maskContent {
                    let id = maskID(m, inverse: inverse)
                    if emit { SVGMarkup.generatedURLAttr("mask", id: id, to: &out) }
                    if emit { SVGMarkup.styleAttribute(g.extra, to: &out) }
                    if emit { SVGMarkup.lit(">\n<g", to: &out) }
                }
                let clip = groupClip(layer, enclosing: inForce.last ?? nil)
                if let c = clip.node {
                    let id = clipID(node: c, inverse: inverse, stop: clip.stop)
                    if emit { SVGMarkup.generatedURLAttr("clip-path", id: id, to: &out) }
                }
                if let g {
                    if emit, g.opacity < 1, !SVGMarkup.printsAsInitial(g.opacity, 1) {
                        SVGMarkup.attr("opacity", g.opacity, to: &out)
                    }
                    if let m = g.maskResource {
                        if emit { SVGMarkup.urlAttr("mask", id: m, to: &out) }
                    } else if let m = g.maskContent {
                        let id = maskID(m, inverse: inverse)
                        if emit { SVGMarkup.generatedURLAttr("mask", id: id, to: &out) }
                    }
                    if emit { SVGMarkup.urlListAttr("filter", ids: g.filters, to: &out) }
                    if emit, !split { SVGMarkup.styleAttribute(g.extra, to: &out) }
                }
                if emit { SVGMarkup.lit(">\n", to: &out) }
                open.append(layer)
                inverses.append(inverse)
                toOutputs.append(mine)
                inForce.append(clip.inForce)
            }
            guard emit else { continue }
            let inverse = inverses.last ?? .identity
            var geometry = item.geometry
            var content = DisplayList.content(of: item.part, of: scene.tree[item.layer])
            switch geometry {
            case .transformed(let t): geometry = .transformed(t.concatenating(inverse))
            case .projected(let d):
                if let c = content {
                    var p = Content(shape: .path(d))
                    p.fill = c.fill; p.stroke = c.stroke; p.fillOpacity = c.fillOpacity; p.strokeOpacity = c.strokeOpacity
                    p.fillRule = c.fillRule; p.strokeWidth = c.strokeWidth; p.strokeLinecap = c.strokeLinecap
                    p.strokeLinejoin = c.strokeLinejoin; p.strokeMiterlimit = c.strokeMiterlimit
                    p.strokeDasharray = c.strokeDasharray; p.strokeDashoffset = c.strokeDashoffset; p.extra = c.extra
                    content = p
                }
                geometry = .transformed(inverse)
            }
            if let c = content { Self.writeElement(c, geometry: geometry, opacity: item.opacity, to: &out) }
        }
        guard range.upperBound >= items.count, emit else { return }
        for layer in open.reversed() { closeLayerGroup(layer, to: &out) }
    }

    /// The end tags of a layer's group (two when its compositing group ``splitsMasks(_:)``).
    @inline(__always)
    func closeLayerGroup(_ layer: LayerID, to out: inout some MarkupOutput) {
        SVGMarkup.lit("</g>\n", to: &out)
        if splitsMasks(layer) { SVGMarkup.lit("</g>\n", to: &out) }
    }

    /// Whether a layer's group ``splitsMasks(_:)`` (looked up only when one does).
    @inline(__always)
    func splitsMasks(_ layer: LayerID) -> Bool {
        !layersSplittingMasks.isEmpty && layersSplittingMasks.contains(layer.index)
    }

    /// The clip of a layer's group, given the clip node in force inside the enclosing group:
    /// the node to write (nil: none), the outer node its written chain stops before (one the
    /// enclosing groups already apply, so no edge is clipped twice), and the node in force
    /// inside the group. A group with a clip of its own (one with a filter, where the clip
    /// applies to the filtered result, or a clip-path group isolating blending below it, which
    /// the clip cuts once) writes that clip, its sublayers' chains starting afresh; of it too only
    /// the part inside the clip in force is new (the enclosing groups clip their content once,
    /// this group's result included).
    func groupClip(_ layer: LayerID, enclosing: Int?) -> (node: Int?, stop: Int?, inForce: Int?) {
        if let c = groupOfLayer[layer.index].flatMap({ list.groups[$0].clip }) {
            let written = newClip(c, enclosing: enclosing)
            return (written.node, written.stop, list.layerClip[layer.index] ?? enclosing)
        }
        guard let c = list.layerClip[layer.index] else { return (nil, nil, enclosing) }
        let written = newClip(c, enclosing: enclosing)
        return (written.node, written.stop, c)
    }

    /// The part of clip node `c`'s chain inside the clip in force `enclosing`: none when it is
    /// that node, else `c` and the outer node its written chain stops before (nil: the whole chain).
    func newClip(_ c: Int, enclosing: Int?) -> (node: Int?, stop: Int?) {
        guard c != enclosing else { return (nil, enclosing) }
        // The chain from `c` outwards reaches the clip in force: only the part inside it is new.
        var cur: Int? = c
        var steps = 0
        while let n = cur, n != enclosing, steps <= list.clips.count {
            cur = list.clips[n].parent
            steps += 1
        }
        return (c, cur == enclosing ? enclosing : nil)
    }

    /// The map from a layer's group to output space and its inverse, given those of the
    /// enclosing group (nil: output space): its own affine map when it is invertible, else the
    /// enclosing one. The root's group is output space itself when that is the root's sublayer
    /// (viewBox) space: its own map is then the inverse of the viewBox map, which its sublayers'
    /// groups would multiply back, each written to 6 decimals (a 22 px icon of viewBox 6.208889
    /// wrote 0.282222 and 3.543307, whose product 0.999999 shrank it again on every re-import).
    @inline(__always)
    func groupSpace(
        _ layer: LayerID, _ outer: AffineTransform?, _ outerInverse: AffineTransform?
    ) -> (AffineTransform, AffineTransform) {
        if outer == nil, list.rootSublayerSpaceIsOutput, layer == scene.root { return (.identity, .identity) }
        var mine = outer ?? .identity
        // The maps are filled whenever keep-groups output is wanted.
        if layer.index < list.layerToOutput.count, let h = list.layerToOutput[layer.index], h.isAffine, h.affine.inverted() != nil { mine = h.affine }
        return (mine, mine.inverted() ?? outerInverse ?? .identity)
    }

    /// Whether a layer's group is on the open chain `open` (outermost first, so indexed by depth).
    @inline(__always)
    func isOpenLayer(_ layer: LayerID, _ open: [LayerID]) -> Bool {
        let d = layer.index < layerDepth.count ? layerDepth[layer.index] : -1
        return d >= 0 && d < open.count && open[d] == layer
    }

    /// A layer and its superlayers up the painted ancestry, outermost first.
    func layerChain(of layer: LayerID) -> [LayerID] {
        let parents = list.pathParents
        var chain: [LayerID] = []
        var cur: LayerID? = layer
        while let c = cur, c.index < parents.count, chain.count <= parents.count {
            chain.append(c)
            cur = parents[c.index]
        }
        return chain.reversed()
    }

    /// The id of a layer's group: ``layerID(_:)`` of its name, with `-2`, `-3`… added when a
    /// resource, verbatim content or an earlier group has it (layers instantiated by `use`
    /// repeat their names, and names differing only in unsafe characters share a token).
    mutating func uniqueLayerID(_ name: String) -> String {
        let base = Self.layerID(name)
        var id = base
        var n = 2
        while layerIDsTaken.contains(id) {
            id = "\(base)-\(n)"
            n += 1
        }
        layerIDsTaken.insert(id)
        return id
    }

    /// A layer name as an XML id-safe token (kept readable; ``uniqueLayerID(_:)`` makes it
    /// unique): each character an XML name may hold after its first (XML 1.0 NameChar, without
    /// `:`) is kept, so `фон`, `日本` and `a.b` stay findable; any other becomes `_`.
    static func layerID(_ name: String) -> String {
        var s = ""
        for ch in name.unicodeScalars { s.unicodeScalars.append(isNameChar(ch) ? ch : "_") }
        return "layer-" + s
    }

    /// Whether `c` is an XML 1.0 NameChar other than `:`.
    static func isNameChar(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0xB7: true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x203F...0x2040: true
        case 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF: true
        default: false
        }
    }
}
