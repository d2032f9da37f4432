import LaminaCore

/// Writing the drawables in paint order with the groups and clip runs they need.
extension FlatWriter {
    /// Writes every item; groups open and close around their contiguous runs, and consecutive
    /// items with the same clip at one level share one `<g clip-path>`.
    mutating func writeBody() {
        var open: [Int] = []
        var run: Int?
        var out = ""
        for item in list.items {
            let chain = groupChain(item.group)
            var k = 0
            while k < open.count, k < chain.count, open[k] == chain[k] { k += 1 }
            if k < open.count || k < chain.count { closeRun(&run, &out) }
            while open.count > k {
                out += "</g>\n"
                open.removeLast()
            }
            while open.count < chain.count {
                openGroup(chain[open.count], to: &out)
                open.append(chain[open.count])
            }
            if item.clip != run {
                closeRun(&run, &out)
                if let c = item.clip {
                    let id = clipID(node: c, inverse: spaceInverse(open.last))
                    out += "<g clip-path=\"url(#\(id))\">\n"
                    run = c
                }
            }
            writeItem(item, to: &out)
        }
        closeRun(&run, &out)
        for _ in open { out += "</g>\n" }
        body += out
    }

    func closeRun(_ run: inout Int?, _ out: inout String) {
        if run != nil { out += "</g>\n" }
        run = nil
    }

    /// The groups enclosing an item, outermost first.
    func groupChain(_ g: Int?) -> [Int] {
        var chain: [Int] = []
        var cur = g
        while let c = cur, chain.count <= list.groups.count {
            chain.append(c)
            cur = list.groups[c].parent
        }
        return chain.reversed()
    }

    /// `<g …>` for a compositing group.
    mutating func openGroup(_ gi: Int, to out: inout String) {
        let g = list.groups[gi]
        out += "<g"
        if let s = g.space, !SVGMarkup.printsAsIdentity(s) { SVGMarkup.attr("transform", SVGMarkup.matrix(s), to: &out) }
        if g.opacity < 1 { SVGMarkup.attr("opacity", g.opacity, to: &out) }
        if let c = g.clip {
            let id = clipID(node: c, inverse: spaceInverse(gi))
            SVGMarkup.attr("clip-path", "url(#\(id))", to: &out)
        }
        if let m = g.maskResource {
            SVGMarkup.attr("mask", "url(#\(m))", to: &out)
        } else if let m = g.maskContent {
            SVGMarkup.attr("mask", "url(#\(maskID(m)))", to: &out)
        }
        if let f = g.filter { SVGMarkup.attr("filter", "url(#\(f))", to: &out) }
        for p in g.extra { SVGMarkup.attr(p.name, p.value, to: &out) }
        out += ">\n"
    }

    /// One drawable element, placed by its space-local geometry.
    func writeItem(_ item: DisplayItem, to out: inout String) {
        let layer = scene.tree[item.layer]
        guard let content = DisplayList.content(of: item.part, of: layer) else { return }
        Self.writeElement(content, geometry: item.localGeometry, opacity: item.opacity, to: &out)
    }

    /// Writes a content element with a geometry, an element opacity and optional extra attributes.
    static func writeElement(
        _ content: Content, geometry: ItemGeometry, opacity: Double, extraAttributes: String = "", to out: inout String
    ) {
        var placed = ""
        switch geometry {
        case .transformed(let t):
            let m = SVGMarkup.matrix(t)
            if m != SVGMarkup.identityMatrix { SVGMarkup.attr("transform", m, to: &placed) }
        case .projected:
            break
        }
        var tail = ""
        SVGMarkup.paintAttributes(content, to: &tail)
        if opacity < 1 { SVGMarkup.attr("opacity", opacity, to: &tail) }
        tail += extraAttributes
        if case .projected(let d) = geometry {
            out += "<path"
            SVGMarkup.attr("d", d, to: &out)
            out += tail
            out += "/>\n"
            return
        }
        if case .svg(let xml) = content.shape {
            var attrs = placed
            if opacity < 1 { SVGMarkup.attr("opacity", opacity, to: &attrs) }
            attrs += extraAttributes
            if let inserted = SVGMarkup.insertingAttributes(attrs, into: xml) {
                out += inserted
            } else {
                out += "<g" + attrs + ">" + xml + "</g>"
            }
            out += "\n"
            return
        }
        _ = SVGMarkup.openShape(content.shape, to: &out)
        out += placed
        out += tail
        out += "/>\n"
    }
}
