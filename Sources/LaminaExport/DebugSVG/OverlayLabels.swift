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
    /// Whether the legend goes at the canvas's top-right (else its bottom-right): true unless
    /// more labels would lie under it there than at the bottom.
    private(set) var legendAtTop = true

    /// The line height, in font sizes.
    static let lineHeight = 1.2
    /// The width of a character of a label, in font sizes (a little over sans-serif's average,
    /// counting UTF-8 bytes).
    static let characterWidth = 0.6
    /// How far a label's letters reach below its baseline, in font sizes (sans-serif's descent).
    static let descent = 0.25

    init(scan: OverlayScan, geometry: OverlayGeometry, style: OverlayStyle, isOn: Bool) {
        self.isOn = isOn
        let tree = geometry.tree
        let frame = geometry.root.index < tree.count ? geometry.frame(of: geometry.root).standardized : .null
        visible = frame.isNull || !frame.width.isFinite || !frame.height.isFinite ? .null : frame
        guard isOn else { return }
        origins = [Point](repeating: Point(.nan, .nan), count: scan.entries.count)
        var taken = Stacks(capacity: scan.entries.count, near: Size(style.fontSize, style.fontSize * Self.lineHeight))
        // Labels under the legend at the top-right and at the bottom-right.
        let legend = OverlayStyle.legendBoxes(style: style)
        var under = (top: 0, bottom: 0)
        scan.entries.withUnsafeBufferPointer { entries in
            for k in entries.indices where entries[k].inScope {
                guard let box = Self.box(of: entries[k].id, depth: entries[k].depth, toRoot: entries[k].toRoot, scan: scan, geometry: geometry)
                else { continue }
                var (o, lines) = taken.place(origin(of: box, style: style))
                o.y += Double(lines) * style.fontSize * Self.lineHeight
                let text = (tree[entries[k].id].name ?? entries[k].path).utf8.count + Self.paintTextCount(entries[k])
                let width = Double(text) * style.fontSize * Self.characterWidth
                if !visible.isNull, o.x < visible.maxX, o.x + width > visible.maxX { o.x = max(visible.minX + style.fontSize * 0.2, visible.maxX - width) }
                // A frame starting within a line of the bottom edge: the label goes up onto the canvas.
                let floor = visible.maxY - style.fontSize * Self.descent
                if !visible.isNull, box.minY < visible.maxY, o.y > floor { o.y = max(visible.minY + style.fontSize, floor) }
                origins[k] = o
                let label = Rect(o.x, o.y - style.fontSize, width, style.fontSize * Self.lineHeight)
                if Self.overlap(label, legend.top) { under.top += 1 }
                if Self.overlap(label, legend.bottom) { under.bottom += 1 }
            }
        }
        legendAtTop = under.top <= under.bottom
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

    /// The text origin of the label of the `k`th entry of the scan, whose box is `box`.
    func position(entry k: Int, box: Rect, style: OverlayStyle) -> Point {
        if k < origins.count, !origins[k].x.isNaN { return origins[k] }
        return origin(of: box, style: style)
    }
}
