import LaminaCore

/// Writing the drawables in paint order with the groups and clip runs they need.
extension FlatWriter {
    /// Writes every item; groups open and close around their contiguous runs, and consecutive
    /// items with the same clip at one level share one `<g clip-path>`.
    mutating func writeBody() {
        var open: [Int] = []
        var isOpen = [Bool](repeating: false, count: list.groups.count)
        var run: Int?
        var out = ""
        for item in list.items {
            // The groups to open: from the item's group up to the first one already open.
            var chain: [Int] = []
            var cur = item.group
            while let c = cur, c < isOpen.count, !isOpen[c], chain.count <= list.groups.count {
                chain.append(c)
                cur = list.groups[c].parent
            }
            if open.last != cur || !chain.isEmpty { closeRun(&run, &out) }
            while let top = open.last, top != cur {
                out += "</g>\n"
                isOpen[top] = false
                open.removeLast()
            }
            for g in chain.reversed() {
                openGroup(g, to: &out)
                open.append(g)
                isOpen[g] = true
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

    /// `<g …>` for a compositing group.
    mutating func openGroup(_ gi: Int, to out: inout String) {
        let g = list.groups[gi]
        out += "<g"
        if let s = g.space { SVGMarkup.transformAttribute(s, to: &out) }
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
        SVGMarkup.styleAttribute(g.extra, to: &out)
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
        switch geometry {
        case .projected(let d):
            out += "<path"
            SVGMarkup.attr("d", d, to: &out)
        case .transformed(let t):
            if case .svg(let xml) = content.shape {
                var attrs = ""
                SVGMarkup.transformAttribute(t, to: &attrs)
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
            SVGMarkup.transformAttribute(t, to: &out)
        }
        SVGMarkup.paintAttributes(content, to: &out)
        if opacity < 1 { SVGMarkup.attr("opacity", opacity, to: &out) }
        out += extraAttributes
        out += "/>\n"
    }
}
