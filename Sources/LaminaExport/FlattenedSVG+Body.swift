import LaminaCore

/// Writing the drawables in paint order with the groups and clip runs they need.
extension FlatWriter {
    /// Writes the items in `range` (every item: the whole body); groups open and close around
    /// their contiguous runs, and consecutive items share one `<g clip-path>` for each clip node
    /// their chains share (``moveClips(to:_:inverse:emit:to:)``). A range starts in the state
    /// the item before it left (its groups open, its clip groups open) and the last one closes
    /// everything, so ranges written apart and joined in order give the bytes of one walk.
    ///
    /// With `emit` false nothing is written: the walk only gives the clips and masks the body
    /// uses their ids, in the order the writing walk would (run it once over every item first,
    /// so that writing ranges on several threads finds every id made).
    mutating func writeBody(_ range: Range<Int>, emit: Bool, to out: inout some MarkupOutput) {
        let items = list.items
        let groups = list.groups
        // Taken out once: a closure that used `self` in this mutating method copied the writer.
        let scene = scene
        var open: [Int] = []
        var clips: [OpenClip] = []
        if range.lowerBound > 0, range.lowerBound <= items.count {
            let before = items[range.lowerBound - 1]
            open = groupChain(of: before.group)
            clips = openClips(after: range.lowerBound - 1)
        }
        for index in range {
            // The item's fields read where the list stores them: a copy of the item (80 bytes)
            // went through its outlined copy and destroy.
            // Most items are in the innermost open group (flat: in none), with nothing to close
            // or open: the chain below is not made for them (its array's release was a call an
            // item).
            let group = items[index].group
            if group != open.last || group.map({ $0 < groups.count && !isOpenGroup($0, open) }) == true {
                // The groups to open: from the item's group up to the first one already open.
                var chain: [Int] = []
                var cur = group
                while let c = cur, c < groups.count, !isOpenGroup(c, open), chain.count <= groups.count {
                    chain.append(c)
                    cur = groups[c].parent
                }
                if open.last != cur || !chain.isEmpty { closeClips(&clips, emit, &out) }
                while let top = open.last, top != cur {
                    if emit { closeGroup(top, to: &out) }
                    open.removeLast()
                }
                for g in chain.reversed() {
                    openGroup(g, emit: emit, to: &out)
                    open.append(g)
                }
            }
            if items[index].clip != clips.last?.node {
                moveClips(to: index, &clips, inverse: spaceInverse(open.last), emit: emit, to: &out)
            }
            if emit { items.withUnsafeBufferPointer { Self.writeItem($0.baseAddress! + index, scene: scene, to: &out) } }
        }
        guard range.upperBound >= items.count, emit else { return }
        closeClips(&clips, emit, &out)
        for g in open.reversed() { closeGroup(g, to: &out) }
    }

    /// Whether a group holds an SVG mask (`svg.mask`) and a mask layer too: the mask layer goes
    /// on an outer `<g>` with the placement and the blending (which must stay outermost), the
    /// rest on an inner one, so that it cuts the filtered result, as Core Animation applies a
    /// layer's mask after its filters (an element takes one `mask`).
    static func splitsMasks(_ g: CompositingGroup) -> Bool { g.maskResource != nil && g.maskContent != nil }

    /// The end tags of group `gi` (two when ``splitsMasks(_:)``).
    @inline(__always)
    func closeGroup(_ gi: Int, to out: inout some MarkupOutput) {
        SVGMarkup.lit("</g>\n", to: &out)
        if list.groups[gi].maskResource != nil, list.groups[gi].maskContent != nil { SVGMarkup.lit("</g>\n", to: &out) }
    }

    /// Whether group `g` is on the open chain `open` (outermost first, so indexed by depth).
    @inline(__always)
    func isOpenGroup(_ g: Int, _ open: [Int]) -> Bool {
        let d = g < groupDepth.count ? groupDepth[g] : -1
        return d >= 0 && d < open.count && open[d] == g
    }

    /// Group `g` and its enclosing groups, outermost first (empty for nil).
    func groupChain(of g: Int?) -> [Int] {
        Self.chain(from: g, count: list.groups.count) { list.groups[$0].parent }
    }

    /// `node` and its ancestors by `parent`, outermost first (empty for nil); stops at an index
    /// out of `0..<count` and after `count + 1` steps (a malformed list cannot loop).
    ///
    /// Counted first, then written from the end into an array of that size: appended and
    /// reversed, a chain of three nodes took three or four allocations (the clip runs ask for
    /// one at each change of clip, in both walks).
    static func chain(from node: Int?, count: Int, parent: (Int) -> Int?) -> [Int] {
        var n = 0
        var cur = node
        while let c = cur, c >= 0, c < count, n <= count {
            n += 1
            cur = parent(c)
        }
        guard n > 0 else { return [] }
        return [Int](unsafeUninitializedCapacity: n) { buffer, initialized in
            var c = node ?? 0
            for i in stride(from: n - 1, through: 0, by: -1) {
                buffer[i] = c
                if i > 0 { c = parent(c) ?? 0 }
            }
            initialized = n
        }
    }

    /// `<g …>` for a compositing group.
    mutating func openGroup(_ gi: Int, emit: Bool, to out: inout some MarkupOutput) {
        let g = list.groups[gi]
        guard emit else {
            // Only the ids, in the order the written tag asks for them.
            if Self.splitsMasks(g), let m = g.maskContent { _ = maskID(m, inverse: spaceInverse(gi)) }
            if let c = g.clip { _ = clipID(node: c, inverse: spaceInverse(gi)) }
            if g.maskResource == nil, let m = g.maskContent { _ = maskID(m, inverse: spaceInverse(gi)) }
            return
        }
        SVGMarkup.lit("<g", to: &out)
        if let r = g.rendererTransform {
            // Placed by the renderer about the box it measures (`space` is Lamina's guess).
            SVGMarkup.attr("transform", r.transform, to: &out)
        } else if let s = g.space {
            SVGMarkup.transformAttribute(s, to: &out)
        }
        let split = Self.splitsMasks(g)
        if split, let m = g.maskContent {
            SVGMarkup.generatedURLAttr("mask", id: maskID(m, inverse: spaceInverse(gi)), to: &out)
            groupStyle(g, to: &out)
            SVGMarkup.lit(">\n<g", to: &out)
        }
        if g.opacity < 1, !SVGMarkup.printsAsInitial(g.opacity, 1) { SVGMarkup.attr("opacity", g.opacity, to: &out) }
        if let c = g.clip {
            let id = clipID(node: c, inverse: spaceInverse(gi))
            SVGMarkup.generatedURLAttr("clip-path", id: id, to: &out)
        }
        if let m = g.maskResource {
            SVGMarkup.urlAttr("mask", id: m, to: &out)
        } else if let m = g.maskContent {
            SVGMarkup.generatedURLAttr("mask", id: maskID(m, inverse: spaceInverse(gi)), to: &out)
        }
        SVGMarkup.urlListAttr("filter", ids: g.filters, to: &out)
        if !split { groupStyle(g, to: &out) }
        SVGMarkup.lit(">\n", to: &out)
    }

    /// A group's `style`: its blending and isolation, and a renderer's placement box.
    func groupStyle(_ g: CompositingGroup, to out: inout some MarkupOutput) {
        if let r = g.rendererTransform {
            var placement = g.extra
            if let o = r.origin { placement.append(StyleProperty("transform-origin", o)) }
            placement.append(StyleProperty("transform-box", r.box))
            SVGMarkup.styleAttribute(placement, to: &out)
        } else {
            SVGMarkup.styleAttribute(g.extra, to: &out)
        }
    }

    /// One drawable element, placed by its space-local geometry.
    func writeItem(_ item: DisplayItem, to out: inout some MarkupOutput) {
        withUnsafePointer(to: item) { Self.writeItem($0, scene: scene, to: &out) }
    }

    /// ``writeItem(_:to:)-(DisplayItem,_)`` of an item of `scene` read where it is stored.
    static func writeItem(_ item: UnsafePointer<DisplayItem>, scene: Scene, to out: inout some MarkupOutput) {
        if item.pointee.part == .contents {
            // Read in place: most items are a layer's own content.
            scene.tree.withContentPointer(of: item.pointee.layer) {
                Self.writeElement($0, geometry: item.pointee.localGeometry, opacity: item.pointee.opacity, to: &out)
            }
            return
        }
        guard let content = DisplayList.content(of: item.pointee.part, of: scene.tree[item.pointee.layer]) else { return }
        Self.writeElement(content, geometry: item.pointee.localGeometry, opacity: item.pointee.opacity, to: &out)
    }

    /// ``writeElement(_:geometry:opacity:extraAttributes:to:)`` of a content value.
    static func writeElement(
        _ content: Content, geometry: ItemGeometry, opacity: Double, extraAttributes: [UInt8] = [], to out: inout some MarkupOutput
    ) {
        withUnsafePointer(to: content) {
            writeElement($0, geometry: geometry, opacity: opacity, extraAttributes: extraAttributes, to: &out)
        }
    }

    /// Writes a content element with a geometry, an element opacity and optional extra attributes.
    static func writeElement(
        _ content: UnsafePointer<Content>, geometry: ItemGeometry, opacity: Double, extraAttributes: [UInt8] = [],
        to out: inout some MarkupOutput
    ) {
        switch geometry {
        case .projected(let d):
            SVGMarkup.lit("<path", to: &out)
            SVGMarkup.attr("d", d, to: &out)
        case .transformed(let t):
            if case .svg(let xml) = content.pointee.shape {
                writeVerbatim(xml, transform: t, opacity: opacity, extraAttributes: extraAttributes, to: &out)
                return
            }
            // The shape read in place (a copy of it retains its payload through an outlined copy).
            let shape = (UnsafeRawPointer(content) + Self.shapeOffset).assumingMemoryBound(to: Shape.self)
            // Most items: the whole element in one room.
            if extraAttributes.isEmpty,
                SVGMarkup.writeCommonElement(shape, content, transform: t, opacity: opacity, to: &out)
            {
                return
            }
            _ = SVGMarkup.openShape(shape, to: &out)
            // A path or polygon: the rest, as for the common ones, in one room.
            if extraAttributes.isEmpty, SVGMarkup.writeCommonTail(content, transform: t, opacity: opacity, to: &out) {
                return
            }
            SVGMarkup.transformAttribute(t, to: &out)
        }
        SVGMarkup.paintAttributes(content, to: &out)
        if opacity < 1, !SVGMarkup.printsAsInitial(opacity, 1) { SVGMarkup.attr("opacity", opacity, to: &out) }
        extraAttributes.withUnsafeBufferPointer { out.putBytes($0) }
        SVGMarkup.lit("/>\n", to: &out)
    }

    /// Where `Content.shape` lies in a `Content` (a stored property: always known).
    static let shapeOffset = MemoryLayout<Content>.offset(of: \Content.shape)!

    /// A verbatim element with the placement attributes inserted into its start tag (or a
    /// wrapping `<g>` when it is not one element free of those attributes:
    /// ``SVGMarkup/placementInsertionPoint(in:inserting:)``).
    static func writeVerbatim(
        _ xml: String, transform t: AffineTransform, opacity: Double, extraAttributes: [UInt8], to out: inout some MarkupOutput
    ) {
        var attrs: [UInt8] = []
        SVGMarkup.transformAttribute(t, to: &attrs)
        if opacity < 1, !SVGMarkup.printsAsInitial(opacity, 1) { SVGMarkup.attr("opacity", opacity, to: &attrs) }
        attrs.append(contentsOf: extraAttributes)
        if attrs.isEmpty {
            SVGMarkup.raw(xml, to: &out)
        } else if let i = SVGMarkup.placementInsertionPoint(in: xml, inserting: attrs) {
            var x = xml
            x.withUTF8 { u in
                out.putBytes(UnsafeBufferPointer(rebasing: u[..<i]))
                attrs.withUnsafeBufferPointer { out.putBytes($0) }
                out.putBytes(UnsafeBufferPointer(rebasing: u[i...]))
            }
        } else {
            SVGMarkup.lit("<g", to: &out)
            attrs.withUnsafeBufferPointer { out.putBytes($0) }
            out.putByte(0x3E)
            SVGMarkup.raw(xml, to: &out)
            SVGMarkup.lit("</g>", to: &out)
        }
        out.putByte(0x0A)
    }
}
