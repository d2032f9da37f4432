import LaminaCore

/// The `<defs>`: clip chains per coordinate space, alpha masks and the resources in use.
extension FlatWriter {
    /// The id of a clip node's `<clipPath>` for an element whose user space maps to output
    /// space by the inverse of `inverse` (nil: output space), writing it and its outer chain on
    /// first use; the chain ends before `stop` (a node an enclosing group already applies).
    /// Identical definitions share one id.
    mutating func clipID(node: Int, inverse: AffineTransform?, stop: Int? = nil) -> String {
        let s = inverse
        if let id = clipIDs[ClipKey(node: node, space: s, stop: stop)] { return id }
        var pending: [Int] = []
        var cur: Int? = node
        while let c = cur, c != stop, clipIDs[ClipKey(node: c, space: s, stop: stop)] == nil, pending.count <= list.clips.count {
            pending.append(c)
            cur = list.clips[c].parent
        }
        for c in pending.reversed() {
            let n = list.clips[c]
            var content: [UInt8] = []
            if let p = n.parent, p != stop, let pid = clipIDs[ClipKey(node: p, space: s, stop: stop)] {
                SVGMarkup.generatedURLAttr("clip-path", id: pid, to: &content)
            }
            SVGMarkup.lit(">\n", to: &content)
            for shape in n.shapes { writeClipShape(shape, inverse: inverse, to: &content) }
            if let existing = clipDefs[ClipText(bytes: content)] {
                clipIDs[ClipKey(node: c, space: s, stop: stop)] = existing
                continue
            }
            var counter = nextClip
            let id = generatedID("lamina-clip-", counter: &counter)
            nextClip = counter
            clipDefs[ClipText(bytes: content)] = id
            clipIDs[ClipKey(node: c, space: s, stop: stop)] = id
            SVGMarkup.lit("<clipPath id=\"", to: &defs)
            SVGMarkup.raw(id, to: &defs)
            SVGMarkup.lit("\" clipPathUnits=\"userSpaceOnUse\"", to: &defs)
            defs.append(contentsOf: content)
            SVGMarkup.lit("</clipPath>\n", to: &defs)
        }
        return clipIDs[ClipKey(node: node, space: s, stop: stop)] ?? ""
    }

    /// One shape inside a `<clipPath>`, moved from output space into the referencing space.
    mutating func writeClipShape(_ shape: ClipShape, inverse: AffineTransform?, to out: inout [UInt8]) {
        var c = Content(shape: shape.shape)
        var geometry = shape.geometry
        // The element's own user space maps to output space by `local` (nil: it is output space).
        var local: AffineTransform?
        switch geometry {
        case .transformed(let t):
            if let inv = inverse { geometry = .transformed(t.concatenating(inv)) }
            local = t
        case .projected(let d):
            c = Content(shape: .path(d))
            geometry = .transformed(inverse ?? .identity)
        }
        c.clipRule = shape.clipRule
        c.extra = shape.extra
        var attrs: [UInt8] = []
        if let own = shape.clip {
            let id = clipID(node: own, inverse: local.flatMap { $0.inverted() })
            SVGMarkup.generatedURLAttr("clip-path", id: id, to: &attrs)
        }
        Self.writeElement(c, geometry: geometry, opacity: 1, extraAttributes: attrs, to: &out)
    }

    /// The id of an alpha mask's `<mask>`, written on first use. `inverse` maps output space
    /// to the user space of the element the mask is on (nil: output space), where the clips
    /// of the mask's drawables (a `masksToBounds` in the mask layer's tree) are written, and
    /// the masks inside it (``DisplayList/masksInMasks``, in the same space).
    mutating func maskID(_ index: Int, inverse: AffineTransform?) -> String {
        if let id = maskIDs[index] { return id }
        var counter = nextMask
        let id = generatedID("lamina-mask-", counter: &counter)
        nextMask = counter
        maskIDs[index] = id
        var out: [UInt8] = []
        SVGMarkup.lit("<mask id=\"", to: &out)
        SVGMarkup.raw(id, to: &out)
        SVGMarkup.lit("\" maskUnits=\"userSpaceOnUse\" x=\"-1000000\" y=\"-1000000\"", to: &out)
        SVGMarkup.lit(" width=\"2000000\" height=\"2000000\" mask-type=\"alpha\">\n", to: &out)
        // Layers that composite their opacity as a group, or have a mask of their own, get a
        // `<g opacity mask>` around their drawables (nested as the layers are); the clips go
        // innermost, around runs of drawables.
        let nested = masksInMask(index)
        var groups: [LayerID] = []
        var open: Int?
        for item in list.maskContents[index] {
            let chain = maskGroups(above: item.layer, nested: nested)
            var kept = 0
            while kept < groups.count, kept < chain.count, groups[kept] == chain[kept] { kept += 1 }
            if open != nil, item.clip != open || kept < groups.count || kept < chain.count {
                SVGMarkup.lit("</g>\n", to: &out)
                open = nil
            }
            for _ in kept..<groups.count { SVGMarkup.lit("</g>\n", to: &out) }
            groups.removeLast(groups.count - kept)
            for layer in chain[kept...] {
                SVGMarkup.lit("<g", to: &out)
                let l = scene.tree[layer]
                if DisplayList.groupsOpacity(l) { SVGMarkup.attr("opacity", min(max(l.opacity, 0), 1), to: &out) }
                if let m = nested[layer] { SVGMarkup.generatedURLAttr("mask", id: maskID(m, inverse: inverse), to: &out) }
                SVGMarkup.lit(">\n", to: &out)
                groups.append(layer)
            }
            if item.clip != open, let c = item.clip {
                SVGMarkup.lit("<g", to: &out)
                SVGMarkup.generatedURLAttr("clip-path", id: clipID(node: c, inverse: inverse), to: &out)
                SVGMarkup.lit(">\n", to: &out)
                open = c
            }
            writeItem(item, to: &out)
        }
        for _ in 0..<(groups.count + (open == nil ? 0 : 1)) { SVGMarkup.lit("</g>\n", to: &out) }
        SVGMarkup.lit("</mask>\n", to: &out)
        defs.append(contentsOf: out)
        return id
    }

    /// The mask content of each layer masked inside mask content `index`
    /// (``DisplayList/masksInMasks``, which is by content).
    func masksInMask(_ index: Int) -> [LayerID: Int] {
        let all = list.masksInMasks
        var lo = 0, hi = all.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if all[mid].content < index { lo = mid + 1 } else { hi = mid }
        }
        var nested: [LayerID: Int] = [:]
        while lo < all.count, all[lo].content == index {
            nested[all[lo].layer] = all[lo].mask
            lo += 1
        }
        return nested
    }

    /// The layers from a mask layer down to `layer` (in the mask's tree) that get a group in
    /// the mask, outermost first: those that composite their opacity as one group
    /// (``DisplayList/groupsOpacity(_:)``) and those with a mask of their own (`nested`).
    func maskGroups(above layer: LayerID, nested: [LayerID: Int]) -> [LayerID] {
        var chain: [LayerID] = []
        var cur: LayerID? = layer
        while let l = cur {
            if DisplayList.groupsOpacity(scene.tree[l]) || nested[l] != nil { chain.append(l) }
            if scene.tree.isMaskLayer(l) { break }
            cur = scene.tree.superlayer(of: l)
        }
        return chain.reversed()
    }

    /// The resources referenced by the drawables, groups and other resources, in document order.
    func resourcesInUse() -> [Resource] {
        if scene.resources.isEmpty { return [] }
        var byID: [ExactText: Int] = [:]
        for (i, r) in scene.resources.enumerated() where byID[ExactText(r.id)] == nil { byID[ExactText(r.id)] = i }
        var used = [Bool](repeating: false, count: scene.resources.count)
        var queue: [Int] = []
        func mark(_ id: String) {
            guard let i = byID[ExactText(id)], !used[i] else { return }
            used[i] = true
            queue.append(i)
        }
        func markPaint(_ p: Paint?) {
            if case .ref(let id, _)? = p { mark(id) }
        }
        var seenLayers = [Bool](repeating: false, count: scene.tree.count)
        func markLayer(_ id: LayerID) {
            guard id.index < seenLayers.count, !seenLayers[id.index] else { return }
            seenLayers[id.index] = true
            scene.tree.withContent(of: id) { c in
                markPaint(c.fill)
                markPaint(c.stroke)
                for p in c.extra { Self.references(in: p.value).forEach(mark) }
                if case .svg(let xml) = c.shape { Self.references(in: xml).forEach(mark) }
            }
        }
        for item in list.items { markLayer(item.layer) }
        for items in list.maskContents { for item in items { markLayer(item.layer) } }
        for n in list.clips { for s in n.shapes { markLayer(s.layer) } }
        for g in list.groups {
            if let m = g.maskResource { mark(m) }
            g.filters.forEach(mark)
            for p in g.extra { Self.references(in: p.value).forEach(mark) }
        }
        while let i = queue.popLast() {
            Self.references(in: scene.resources[i].xml).forEach(mark)
        }
        return scene.resources.indices.filter { used[$0] }.map { scene.resources[$0] }
    }

    /// Ids referenced as `url(#id)` (`url('#id')`, `url("#id")`) or as an `href`'s `#id`
    /// (`href="#id"`, `xlink:href = '#id'`) in markup, quoted and spaced as XML and CSS allow.
    static func references(in text: String) -> [String] {
        var out: [String] = []
        MarkupScan.urlFragments(in: text) { out.append($0) }
        MarkupScan.attributeValues(named: "href", afterPrefix: true, in: text) { value in
            if value.hasPrefix("#") { out.append(String(value.dropFirst())) }
        }
        return out
    }
}
