import LaminaCore

extension OverlayLabels {
    /// Where the legend goes, given its two places (`boxes`, at the top-right and the
    /// bottom-right of what a window shows first) and the `labels` (where they start) that meet
    /// their rows: at the top-right unless a label starts under it there; else at the
    /// bottom-right unless one does there; else as far right along the top, then the bottom, as
    /// it covers none (a toolbar's last two buttons, "share #4" and "more #5", start under its
    /// top-right corner and run past the bottom one's top edge, and there is no room for
    /// both under a badge there); else in the corner where fewer start. Returns the box and
    /// whether it is at the top.
    static func placeLegend(_ boxes: (top: Rect, bottom: Rect), labels: [Rect], style: OverlayStyle) -> (Rect, Bool) {
        let under = (
            top: labels.reduce(0) { $0 + (overlap($1, boxes.top) ? 1 : 0) },
            bottom: labels.reduce(0) { $0 + (overlap($1, boxes.bottom) ? 1 : 0) }
        )
        if under.top == 0 { return (boxes.top, true) }
        if under.bottom == 0 { return (boxes.bottom, false) }
        let margin = boxes.top.minY
        if let x = slide(boxes.top, clearOf: labels, from: margin) { return (Rect(x, boxes.top.minY, boxes.top.width, boxes.top.height), true) }
        if let x = slide(boxes.bottom, clearOf: labels, from: margin) {
            return (Rect(x, boxes.bottom.minY, boxes.bottom.width, boxes.bottom.height), false)
        }
        return under.top <= under.bottom ? (boxes.top, true) : (boxes.bottom, false)
    }

    /// Whether `label` shares a row with `box`: their vertical extents overlap.
    static func meetsRow(_ label: Rect, _ box: Rect) -> Bool {
        label.minY < box.maxY && box.minY < label.maxY
    }

    /// The largest x, from `minX` up to `box`'s own, where `box` moved left covers none of the
    /// `labels` in its row; nil when there is none. The labels' spans along the row are sorted
    /// and merged, and the gaps between them tried from the right: O(n log n) for n labels (a
    /// drawing whose frames all start above the canvas has all its labels in the top row).
    static func slide(_ box: Rect, clearOf labels: [Rect], from minX: Double) -> Double? {
        let spans = labels.lazy.filter { meetsRow($0, box) }.map { ($0.minX, $0.maxX) }.sorted { $0.0 < $1.0 }
        var merged: [(Double, Double)] = []
        for s in spans {
            if let last = merged.last, s.0 < last.1 {
                merged[merged.count - 1].1 = max(last.1, s.1)
            } else {
                merged.append(s)
            }
        }
        // The gaps from the right: between each merged span's end and the next one's start.
        var next = Double.infinity
        for s in merged.reversed() + [(-Double.infinity, -Double.infinity)] {
            let x = min(box.minX, next - box.width)
            if x >= max(s.1, minX) { return x }
            next = s.0
            if next - box.width < minX { return nil }
        }
        return nil
    }
}
