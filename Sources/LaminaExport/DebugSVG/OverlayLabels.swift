import LaminaCore

/// Where each layer's label goes (SPEC §6: "its name, its paint index").
///
/// A label starts at the top-left corner of the layer's frame, moved inside the canvas when the
/// frame is only partly on it (a label beyond the edge is not shown), moved left when it
/// would run past the canvas's right edge, and up when its frame starts within a line of the
/// bottom edge. Labels that would start at the same point, or less
/// than a font size across and a line down from it — a group and the one shape it holds share
/// their frame, shapes drawn at the same place, a frame inset by a pixel from the canvas's —
/// are put one line below each other, in tree order, so each stays readable. The places are found once, in order, before the marks are drawn on several
/// threads, so the output stays the same whatever the thread count; so is the corner the
/// legend takes (``legendAtTop``).
struct OverlayLabels {
    /// Whether labels are drawn at all (`debug --no-labels` turns them off).
    let isOn: Bool
    /// The canvas: the root layer's frame, where the picture is.
    let visible: Rect
    /// For each entry of the scan, its label's text origin (NaN when it has none).
    private var origins: [Point] = []
    /// For each entry of the scan, whether its label is crowded out: it would cover a label
    /// shown before it (or the legend) wherever it may go, so it is shown on hover only.
    private var crowded: [Bool] = []
    /// Whether the legend goes at the top of the canvas (else at its bottom): true unless more
    /// labels would lie under it there than at the bottom.
    private(set) var legendAtTop = true
    /// The legend's box (``OverlayStyle/legendBoxes(style:)``), at the top-right unless labels
    /// start under it there (``placeLegend(_:labels:style:)``).
    private(set) var legend: Rect
    /// Whether more labels on the canvas are crowded out than shown: the drawing is dense, and
    /// the picture is dimmed under the overlay.
    private(set) var isDense = false
    /// How opaque faint frames are drawn (``faintOpacity(boxes:faint:visible:style:)``).
    private(set) var faintOpacity = Self.faintOpacityMost

    /// The line height, in font sizes.
    static let lineHeight = 1.2
    /// How far a label's letters reach below its baseline, in font sizes (sans-serif's descent).
    static let descent = 0.25
    /// How many lines (and times) a label may be moved down, past its column's place, so as
    /// not to cover another; further down it would be read as another layer's.
    static let maxShift = 3

    /// The places of the labels of `scan`'s entries; `isOn` says whether they are drawn. They are
    /// placed either way unless `places` is false (nothing is drawn): a layer whose label is
    /// crowded out is drawn faint (``isCrowded(entry:)``), with labels or without.
    init(scan: OverlayScan, geometry: OverlayGeometry, style: OverlayStyle, isOn: Bool, places: Bool = true) {
        self.isOn = isOn
        let tree = geometry.tree
        let frame = geometry.root.index < tree.count ? geometry.frame(of: geometry.root).standardized : .null
        visible = frame.isNull || !frame.width.isFinite || !frame.height.isFinite ? .null : frame
        let legend = OverlayStyle.legendBoxes(style: style)
        self.legend = legend.top
        guard places else { return }
        let n = scan.entries.count
        origins = [Point](repeating: Point(.nan, .nan), count: n)
        crowded = [Bool](repeating: false, count: n)
        // Each label's box and width; the legend takes the corner where fewer labels start.
        var boxes = [Rect](repeating: .null, count: n)
        var widths = [Double](repeating: 0, count: n)
        // The labels, where they start, that meet the rows of the legend's two places.
        var rows: [Rect] = []
        scan.entries.withUnsafeBufferPointer { entries in
            for k in entries.indices where entries[k].inScope {
                guard let box = Self.box(of: entries[k].id, depth: entries[k].depth, toRoot: entries[k].toRoot, scan: scan, geometry: geometry)
                else { continue }
                let text = Self.textWidth(Self.labelText(name: tree[entries[k].id].name, path: entries[k].path)) + Self.paintTextWidth(entries[k])
                boxes[k] = box
                widths[k] = text * style.fontSize
                let label = rect(at: origin(of: box, style: style), width: widths[k], style: style)
                if Self.meetsRow(label, legend.top) || Self.meetsRow(label, legend.bottom) { rows.append(label) }
            }
        }
        // Without labels drawn, nothing keeps out of the legend's way.
        if isOn { (self.legend, legendAtTop) = Self.placeLegend(legend, labels: rows, style: style) }
        place(boxes: boxes, widths: widths, legend: self.legend, style: style)
        faintOpacity = Self.faintOpacity(boxes: boxes, faint: crowded, visible: visible, style: style)
    }

    /// Places the labels of `boxes` in order (see the type's description): each goes in its
    /// column, then down to just under the labels shown before it that it would cover (or the
    /// legend), at most ``maxShift`` times and ``maxShift`` lines, and not past the bottom edge
    /// (when that stops it, up to just over them instead); a label that finds no room so is
    /// crowded out.
    private mutating func place(boxes: [Rect], widths: [Double], legend: Rect, style: OverlayStyle) {
        let line = style.fontSize * Self.lineHeight
        var taken = Stacks(capacity: boxes.count, near: Size(style.fontSize, line))
        var shown = Placed(capacity: boxes.count, cell: Size(style.fontSize * Placed.cellLines, line))
        shown.insert(legend)
        // A label's baseline may go down to here: its letters stay on the canvas.
        let floor = visible.maxY - style.fontSize * Self.descent
        var counts = (shown: 0, crowded: 0)
        defer { isDense = counts.crowded > counts.shown }
        for k in boxes.indices where !boxes[k].isNull {
            let box = boxes[k], width = widths[k]
            let (column, start, lines) = taken.place(origin(of: box, style: style))
            var o = Point(start.x, start.y + Double(lines) * line)
            if !visible.isNull, o.x < visible.maxX, o.x + width > visible.maxX { o.x = max(visible.minX + style.fontSize * 0.2, visible.maxX - width) }
            // A frame starting within a line of the bottom edge: the label goes up onto the canvas.
            if !visible.isNull, box.minY < visible.maxY, o.y > floor { o.y = max(visible.minY + style.fontSize, floor) }
            origins[k] = o
            var r = rect(at: o, width: width, style: style)
            // A label off the canvas (its frame is) is not seen, and hides none.
            guard !visible.isNull, Self.overlap(r, visible) else {
                taken.settle(column, line: Int(lines))
                continue
            }
            // Nor is the layer of a frame off the canvas whose label runs onto it, cut at the edge.
            guard box.minX <= visible.maxX, box.maxX >= visible.minX, box.minY <= visible.maxY, box.maxY >= visible.minY else {
                crowded[k] = true
                continue
            }
            r = r.intersection(visible)
            // Down to just under the labels it would cover, a few times at most; near the
            // bottom edge, else up to just over them.
            let natural = r
            let reach = o.y + Double(Self.maxShift) * line
            var moved = shown.move(r, down: true, limit: min(floor, reach) - style.fontSize)
            if moved == nil, reach > floor {
                moved = shown.move(natural, down: false, limit: max(visible.minY, o.y - style.fontSize - Double(Self.maxShift) * line))
            }
            guard let placed = moved else {
                crowded[k] = true
                counts.crowded += 1
                continue
            }
            counts.shown += 1
            r = placed
            if r.minY != natural.minY { origins[k].y = r.minY + style.fontSize }
            shown.insert(r)
            let shift = ((origins[k].y - o.y) / line).rounded(.up)
            taken.settle(column, line: Int(lines) + (shift.isFinite ? max(0, Int(shift)) : 0))
        }
    }

    /// The box a label with its text origin at `o` and `width` covers: from a font size above
    /// its baseline to ``lineHeight`` below that, so that a column's lines just touch.
    func rect(at o: Point, width: Double, style: OverlayStyle) -> Rect {
        Rect(o.x, o.y - style.fontSize, width, style.fontSize * Self.lineHeight)
    }

    /// Whether two rectangles share an area.
    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// The length of `" #k"` after a label's name.
    static func paintTextCount(_ entry: OverlayScan.Entry) -> Int {
        guard var k = entry.paintIndex else { return 3 }
        var n = 3
        while k >= 10 {
            k /= 10
            n += 1
        }
        return n
    }

    /// The box a label is placed by: the layer's frame in canvas space, else its transformed
    /// bounds, else its anchor point (as ``OverlayMarks/appendLayer(_:at:scan:geometry:style:labels:to:)``
    /// finds it, without the corner arrays).
    static func box(of id: LayerID, depth: Int, toRoot: Homography?, scan: OverlayScan, geometry: OverlayGeometry) -> Rect? {
        let tree = geometry.tree
        let frame = geometry.frame(of: id)
        if !frame.isInfinite, !frame.isNull {
            if depth == 0 { return mappedBox(frame, .identity) }
            if let up = OverlayMarks.parentToRoot(of: id, scan: scan, tree: tree),
                let b = mappedBox(frame, up, planes: geometry.parentSpacePlanes(of: id))
            {
                return b
            }
        }
        if let h = toRoot, let b = mappedBox(tree[id].bounds, h, planes: geometry.planes(of: id)) { return b }
        return geometry.anchorInRoot(of: id).map { Rect($0.x, $0.y, 0, 0) }
    }

    /// The bounding box of `r`'s corners mapped by `h`, or nil when one is not finite.
    static func mappedBox(_ r: Rect, _ h: Homography, planes: [Homography] = []) -> Rect? {
        if !planes.isEmpty, !OverlayMarks.inFront(r, of: planes) { return nil }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for c in r.corners {
            guard let p = h.apply(c), p.isFinite else { return nil }
            x0 = min(x0, p.x); y0 = min(y0, p.y)
            x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The label's text origin for a layer whose box is `box`, before moving it down: the
    /// top-left corner of the part of the box on the canvas (of the whole box when none is).
    func origin(of box: Rect, style: OverlayStyle) -> Point {
        let part = visible.isNull ? box : box.intersection(visible)
        let at = part.isNull ? box : part
        return Point(at.minX + style.fontSize * 0.2, at.minY + style.fontSize)
    }

    /// Whether the label of the `k`th entry of the scan is crowded out (shown on hover only).
    func isCrowded(entry k: Int) -> Bool { k < crowded.count && crowded[k] }

    /// The text origin of the label of the `k`th entry of the scan, whose box is `box`.
    func position(entry k: Int, box: Rect, style: OverlayStyle) -> Point {
        if k < origins.count, !origins[k].x.isNaN { return origins[k] }
        return origin(of: box, style: style)
    }
}
