import LaminaCore

/// `--keep-groups`: one `<g>` per layer, nested as the layer tree, still render-equivalent.
extension FlatWriter {
    /// Writes each painting layer's ancestry as nested `<g>` elements, each with its transform
    /// relative to its superlayer, its clip (when it adds one), and its group opacity, mask and
    /// filter; the drawables sit inside their layer's group.
    mutating func writeLayerGroups() {
        var groupOfLayer: [Int: Int] = [:]
        for (i, g) in list.groups.enumerated() { groupOfLayer[g.layer.index] = i }
        var open: [LayerID] = []
        var isOpen = [Bool](repeating: false, count: list.pathParents.count)
        /// Output space → the user space inside each open group.
        var inverses: [AffineTransform] = []
        var toOutputs: [AffineTransform] = []
        var out: [UInt8] = []
        out.reserveCapacity(list.items.count * 160)
        for item in list.items {
            var chain: [LayerID] = []
            var cur: LayerID? = item.layer
            while let c = cur, c.index < isOpen.count, !isOpen[c.index] {
                chain.append(c)
                cur = list.pathParents[c.index]
            }
            while let top = open.last, top != cur {
                SVGMarkup.lit("</g>\n", to: &out)
                isOpen[top.index] = false
                open.removeLast()
                inverses.removeLast()
                toOutputs.removeLast()
            }
            for layer in chain.reversed() {
                let outer = toOutputs.last ?? .identity
                let outerInverse = inverses.last ?? .identity
                var mine = outer
                if let h = list.layerToOutput[layer.index] ?? nil, h.isAffine, h.affine.inverted() != nil { mine = h.affine }
                let relative = mine.concatenating(outerInverse)
                let inverse = mine.inverted() ?? outerInverse
                SVGMarkup.lit("<g", to: &out)
                if let name = scene.tree[layer].name { SVGMarkup.attr("id", Self.layerID(name), to: &out) }
                SVGMarkup.transformAttribute(relative, to: &out)
                let parentClip = list.pathParents[layer.index].flatMap { list.layerClip[$0.index] }
                let g = groupOfLayer[layer.index].map { list.groups[$0] }
                let clip = g?.filter != nil ? g?.clip : list.layerClip[layer.index]
                if let c = clip, c != parentClip || g?.filter != nil {
                    SVGMarkup.generatedURLAttr("clip-path", id: clipID(node: c, inverse: inverse), to: &out)
                }
                if let g {
                    if g.opacity < 1 { SVGMarkup.attr("opacity", g.opacity, to: &out) }
                    if let m = g.maskResource {
                        SVGMarkup.urlAttr("mask", id: m, to: &out)
                    } else if let m = g.maskContent {
                        SVGMarkup.generatedURLAttr("mask", id: maskID(m), to: &out)
                    }
                    if let f = g.filter { SVGMarkup.urlAttr("filter", id: f, to: &out) }
                    SVGMarkup.styleAttribute(g.extra, to: &out)
                }
                SVGMarkup.lit(">\n", to: &out)
                open.append(layer)
                isOpen[layer.index] = true
                inverses.append(inverse)
                toOutputs.append(mine)
            }
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
        for _ in open { SVGMarkup.lit("</g>\n", to: &out) }
        if body.isEmpty { body = out } else { body.append(contentsOf: out) }
    }

    /// A layer name as an XML id-safe token (kept readable; not guaranteed unique).
    static func layerID(_ name: String) -> String {
        var s = ""
        for ch in name.unicodeScalars {
            let ok = (ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z") || (ch >= "0" && ch <= "9") || ch == "-" || ch == "_"
            s.unicodeScalars.append(ok ? ch : "_")
        }
        return "layer-" + s
    }
}
