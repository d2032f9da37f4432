import LaminaCore

/// Where each layer's label goes (SPEC §6: "its name, its paint index").
///
/// A label starts at the top-left corner of the layer's frame, moved inside the canvas when the
/// frame is only partly on it (a label beyond the edge is not shown). Labels that would start at
/// the same point — a group and the one shape it holds share their frame, and so do shapes
/// drawn at the same place — are put one line below each other, in tree order, so each stays
/// readable. The lines are counted once, in order, before the marks are drawn on several
/// threads, so the output stays the same whatever the thread count.
struct OverlayLabels {
    /// Whether labels are drawn at all (`debug --no-labels` turns them off).
    let isOn: Bool
    /// The canvas: the root layer's frame, where the picture is.
    let visible: Rect
    /// For each entry of the scan, how many lines its label moves down.
    private var lines: [UInt16] = []

    /// The line height, in font sizes.
    static let lineHeight = 1.2

    init(scan: OverlayScan, geometry: OverlayGeometry, style: OverlayStyle, isOn: Bool) {
        self.isOn = isOn
        let tree = geometry.tree
        let frame = geometry.root.index < tree.count ? geometry.frame(of: geometry.root).standardized : .null
        visible = frame.isNull || !frame.width.isFinite || !frame.height.isFinite ? .null : frame
        guard isOn else { return }
        lines = [UInt16](repeating: 0, count: scan.entries.count)
        var taken: [Key: UInt16] = [:]
        for (k, entry) in scan.entries.enumerated() where entry.inScope {
            guard let box = Self.box(entry, scan: scan, geometry: geometry) else { continue }
            let o = origin(of: box, style: style)
            let key = Key(x: Self.quantized(o.x), y: Self.quantized(o.y))
            let n = taken[key, default: 0]
            lines[k] = n
            taken[key] = n == .max ? n : n + 1
        }
    }

    /// The box a label is placed by: the layer's frame in canvas space, else its transformed
    /// bounds, else its anchor point.
    static func box(_ entry: OverlayScan.Entry, scan: OverlayScan, geometry: OverlayGeometry) -> Rect? {
        let frame = geometry.frame(of: entry.id)
        if let q = OverlayMarks.frameCorners(entry, frame: frame, scan: scan, tree: geometry.tree) {
            return Rect.boundingBox(of: q)
        }
        if let q = entry.toRoot.flatMap({ OverlayMarks.mapCorners(geometry.tree[entry.id].bounds, $0) }) {
            return Rect.boundingBox(of: q)
        }
        return geometry.anchorInRoot(of: entry.id).map { Rect.boundingBox(of: [$0]) }
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
        var p = origin(of: box, style: style)
        if k < lines.count, lines[k] > 0 { p.y += Double(lines[k]) * style.fontSize * Self.lineHeight }
        return p
    }

    private struct Key: Hashable {
        var x: Int64
        var y: Int64
    }

    /// `v` in hundredths of a canvas pixel, the precision labels are compared at.
    private static func quantized(_ v: Double) -> Int64 {
        let s = (v * 100).rounded()
        return s.isFinite && abs(s) < 9e18 ? Int64(s) : .max
    }
}
