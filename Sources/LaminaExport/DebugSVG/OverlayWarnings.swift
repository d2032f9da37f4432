import LaminaCore

/// The overlay's own findings (SPEC §6): zPosition traps, frames off whole pixels and
/// non-invertible transforms, each returned as a ``Diagnostic`` and drawn with
/// `class="lamina-warning"`.
///
/// Each kind reports at most ``limit`` layers, then one summary line, so a huge scene cannot
/// flood the terminal; sibling pairs are compared within a fixed budget, so the check stays
/// linear in practice even under a million siblings with mixed `zPosition`s.
struct OverlayWarnings {
    /// At most this many warnings of one kind are reported and drawn.
    static let limit = 200
    /// At most this many sibling pairs are compared for zPosition traps.
    static let pairBudget = 2_000_000

    let scan: OverlayScan
    let geometry: OverlayGeometry
    let style: OverlayStyle
    /// The labels' places: a frame off whole pixels whose layer is drawn faint (its label
    /// crowded out) is outlined faint too.
    var labels: OverlayLabels?
    var found: [Diagnostic] = []
    var markup: [UInt8] = []
    private var counts = [0, 0, 0]
    private var pairsLeft = pairBudget

    init(scan: OverlayScan, geometry: OverlayGeometry, style: OverlayStyle) {
        self.scan = scan
        self.geometry = geometry
        self.style = style
    }

    /// Checks every in-scope layer, in paint order.
    mutating func run() {
        let tree = geometry.tree
        for entry in scan.entries where entry.inScope {
            let t = tree[entry.id].transform
            if Homography(flattening: t).inverted() == nil {
                report(0, entry, "layer '\(entry.path)' has a non-invertible transform " + OverlayMarks.transformText(t))
            }
            let axisAligned = t.isAffine && ((t.m12 == 0 && t.m21 == 0) || (t.m11 == 0 && t.m22 == 0))
            if axisAligned, let (f, pixels) = frameInPixels(entry), !Self.isOnWholePixels(pixels) {
                // The message is built only for the layers listed (a closure, as `report` takes it).
                report(1, entry, Self.offPixelsMessage(entry.path, frame: f, pixels: pixels))
            }
            checkTraps(under: entry)
        }
        let kinds = ["non-invertible transforms", "frames not on whole pixels", "zPosition traps"]
        for (k, n) in counts.enumerated() where n > Self.limit {
            found.append(.warning("debug overlay: \(n - Self.limit) more \(kinds[k]) not listed"))
        }
        if pairsLeft <= 0 {
            found.append(.warning("debug overlay: too many sibling pairs; zPosition traps checked only in part"))
        }
    }

    /// The layer's frame (in its superlayer's space) and that frame in canvas pixels, the root's
    /// superlayer space, where the picture's pixels are: mapped as the superlayer draws its
    /// sublayers (its sublayerTransform, e.g. a viewBox scale, and every ancestor's transform).
    /// Nil when the frame is not finite or that map does not keep it an axis-aligned rectangle
    /// (a rotated or projected superlayer), where whole pixels mean nothing.
    private func frameInPixels(_ entry: OverlayScan.Entry) -> (frame: Rect, pixels: Rect)? {
        let f = geometry.frame(of: entry.id)
        guard !f.isInfinite, !f.isNull else { return nil }
        if entry.depth == 0 { return (f, f) }
        guard let up = OverlayMarks.parentToRoot(entry, scan: scan, tree: geometry.tree), up.isAffine else { return nil }
        let m = up.affine
        guard (m.b == 0 && m.c == 0) || (m.a == 0 && m.d == 0) else { return nil }
        // Axis-aligned: two opposite corners make the box.
        let x0 = m.a * f.minX + m.c * f.minY + m.tx, y0 = m.b * f.minX + m.d * f.minY + m.ty
        let x1 = m.a * f.maxX + m.c * f.maxY + m.tx, y1 = m.b * f.maxX + m.d * f.maxY + m.ty
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        return (f, Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)))
    }

    /// The warning for a frame off whole pixels: the frame, and the frame in canvas pixels
    /// when they read differently.
    static func offPixelsMessage(_ path: String, frame f: Rect, pixels: Rect) -> String {
        let frame = OverlayText.list([f.x, f.y, f.width, f.height])
        let inPixels = OverlayText.list([pixels.x, pixels.y, pixels.width, pixels.height])
        return "frame of '\(path)' is not on whole pixels: " + frame + (inPixels == frame ? "" : " (\(inPixels) in canvas pixels)")
    }

    /// Whether the edges of `r` are whole numbers, within rounding error (1e-6, or 1e-9 of a
    /// coordinate beyond 1000).
    static func isOnWholePixels(_ r: Rect) -> Bool {
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) <= max(1e-6, abs(v) * 1e-9) }
        return whole(r.minX) && whole(r.minY) && whole(r.maxX) && whole(r.maxY)
    }

    /// Overlapping siblings whose paint order (stable zPosition sort) and hit-test order
    /// (sublayer array, last first) disagree: an earlier sibling with a higher zPosition.
    private mutating func checkTraps(under parent: OverlayScan.Entry) {
        let tree = geometry.tree
        guard tree.sublayers(of: parent.id).count > 1 else { return }
        let subs = tree.sublayers(of: parent.id).filter { scan.entryIndex[$0.index] >= 0 }
        let z = subs.map { tree[$0].zPosition }
        guard subs.count > 1, z.contains(where: { $0 != z[0] }) else { return }
        let frames = subs.map { geometry.frame(of: $0) }
        for i in 0..<subs.count {
            let zi = z[i]
            for j in (i + 1)..<subs.count {
                pairsLeft -= 1
                if pairsLeft <= 0 { return }
                let zj = z[j]
                guard zi > zj, overlap(frames[i], frames[j]) else { continue }
                let a = scan.entries[scan.entryIndex[subs[i].index]]
                let b = scan.entries[scan.entryIndex[subs[j].index]]
                report(
                    2, a,
                    "zPosition trap: '\(a.path)' (zPosition \(NumberText.format(zi))) paints above '\(b.path)' "
                        + "(zPosition \(NumberText.format(zj))), but hit testing finds '\(b.path)' first "
                        + "(later in the sublayer array)",
                    also: b)
            }
        }
    }

    /// Frames that share an area (finite, positive-area intersection).
    private func overlap(_ a: Rect, _ b: Rect) -> Bool {
        guard !a.isInfinite, !b.isInfinite else { return !a.isEmpty && !b.isEmpty }
        let r = a.intersection(b)
        return !r.isNull && r.width > 0 && r.height > 0
    }

    /// Records a finding of kind `kind` about `entry` (and `other`) and draws it.
    /// The message is only built for the findings that are listed (past ``limit`` they are
    /// just counted).
    private mutating func report(
        _ kind: Int, _ entry: OverlayScan.Entry, _ text: @autoclosure () -> String, also other: OverlayScan.Entry? = nil
    ) {
        counts[kind] += 1
        guard counts[kind] <= Self.limit else { return }
        let message = text()
        found.append(.warning(message, at: geometry.tree.sourceLocation(of: entry.id)))
        markup += "<g class=\"lamina-warning\" data-layer=\""
        OverlayText.appendEscaped(entry.path, to: &markup)
        if kind == 1, let labels, labels.isCrowded(entry: scan.entryIndex[entry.id.index]) { markup += "\" data-faint=\"1" }
        markup += "\"><title>"
        OverlayText.appendEscaped(message, to: &markup)
        markup += "</title>"
        var box = Rect.null
        for e in [entry] + (other.map { [$0] } ?? []) {
            let frame = geometry.frame(of: e.id)
            let q = OverlayMarks.frameCorners(
                e, frame: frame, scan: scan, tree: geometry.tree, planes: geometry.parentSpacePlanes(of: e.id))
                ?? e.toRoot.flatMap { OverlayMarks.mapCorners(geometry.tree[e.id].bounds, $0, planes: geometry.planes(of: e.id)) }
            guard let q else { continue }
            markup += "<polygon points=\""
            OverlayText.appendPoints(q, to: &markup)
            markup += "\"/>"
            box = box.union(Rect.boundingBox(of: q))
        }
        // Frames off whole pixels are common in imported art: outline and tooltip only.
        if !box.isNull, kind != 1 {
            // Kept inside the canvas where it fits: about 0.55 em per character.
            let width = style.fontSize * 0.55 * Double(message.count)
            let x = max(style.fontSize * 0.5, min(box.minX, style.canvas.width - width - style.fontSize * 0.5))
            let y = min(box.maxY + style.fontSize, style.canvas.height - style.fontSize * 0.5)
            appendText(message, x: x, y: y)
        }
        markup += "</g>\n"
    }

    /// Draws the warnings of earlier stages as lines of text at the canvas's bottom-left.
    mutating func appendExtra(_ extra: [Diagnostic]) {
        let shown = extra.prefix(50)
        let line = style.fontSize * 1.3
        var y = style.canvas.height - style.fontSize * 0.5 - line * Double(shown.count - 1)
        for d in shown {
            markup += "<g class=\"lamina-warning\"><title>"
            OverlayText.appendEscaped(d.message, to: &markup)
            markup += "</title>"
            appendText("warning: " + d.message, x: style.fontSize * 0.5, y: y)
            markup += "</g>\n"
            y += line
        }
    }

    private mutating func appendText(_ s: String, x: Double, y: Double) {
        markup += "<text x=\""
        OverlayText.appendNumber(x, to: &markup)
        markup += "\" y=\""
        OverlayText.appendNumber(y, to: &markup)
        markup += "\">"
        OverlayText.appendEscaped(s, to: &markup)
        markup += "</text>"
    }
}
