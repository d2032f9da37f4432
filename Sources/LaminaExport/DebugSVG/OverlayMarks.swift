import LaminaCore

/// The marks of one layer: frame, transformed bounds, anchor, label and tooltip
/// (SPEC §6, LAYER-MODEL.md §9), all drawn in the root's superlayer (canvas) space.
enum OverlayMarks {
    /// Appends `<g class="lamina-layer" data-layer="PATH" data-depth="N">…</g>` for `entry`, the
    /// `k`th of the scan (its label placed by `labels`).
    static func appendLayer(
        _ entry: OverlayScan.Entry, at k: Int, scan: OverlayScan, geometry: OverlayGeometry, style: OverlayStyle,
        labels: OverlayLabels, to out: inout some OverlaySink
    ) {
        let tree = geometry.tree
        let bounds = tree[entry.id].bounds
        let frame = geometry.frame(of: entry.id)
        let frameInRoot = frameCorners(entry, frame: frame, scan: scan, tree: tree, planes: geometry.parentSpacePlanes(of: entry.id))
        let boundsInRoot = entry.toRoot.flatMap { mapCorners(bounds, $0, planes: geometry.planes(of: entry.id)) }
        let anchor = geometry.anchorInRoot(of: entry.id)

        out += "<g class=\"lamina-layer\" data-layer=\""
        OverlayText.appendEscaped(entry.path, to: &out)
        out += "\" data-depth=\""
        OverlayText.appendInt(entry.depth, to: &out)
        out += "\" data-color=\""
        OverlayText.appendInt(entry.depth % OverlayStyle.palette.count, to: &out)
        // A layer whose label is crowded out is drawn faint, in full while hovered.
        if labels.isCrowded(entry: k) { out += "\" data-faint=\"1" }
        out += "\"><title>"
        OverlayTooltip.append(entry, in: tree, frame: frame, to: &out)
        out += "</title>\n"
        if let q = frameInRoot { appendQuad(q, className: "lamina-frame", to: &out) }
        if let q = boundsInRoot { appendQuad(q, className: "lamina-bounds", polygonOnly: true, to: &out) }
        out += "<g class=\"lamina-anchor\">"
        if let a = anchor { appendCross(at: a, style: style, to: &out) }
        out += "</g>\n"
        if labels.isOn, let box = (frameInRoot ?? boundsInRoot ?? anchor.map { [$0] }).map(Rect.boundingBox(of:)) {
            let p = labels.position(entry: k, box: box, style: style)
            out += "<text class=\"lamina-label"
            if labels.isCrowded(entry: k) { out += " lamina-crowded" }
            out += "\" x=\""
            OverlayText.appendNumber(p.x, to: &out)
            out += "\" y=\""
            OverlayText.appendNumber(p.y, to: &out)
            out += "\">"
            OverlayText.appendEscaped(OverlayLabels.labelText(name: tree[entry.id].name, path: entry.path), to: &out)
            out.append(0x20)
            appendPaintText(entry, to: &out)
            out += "</text>\n"
        }
        out += "</g>\n"
    }

    /// The frame's four corners in root space: the frame is in the superlayer's space (where
    /// `position` lives), so its corners go through the superlayer's sublayerTransform, as the
    /// superlayer draws its sublayers, and then its map to root; the root's frame is already there.
    /// `planes`: the earlier eye planes of the superlayer's sublayer space (``OverlayGeometry/parentSpacePlanes(of:)``).
    static func frameCorners(
        _ entry: OverlayScan.Entry, frame: Rect, scan: OverlayScan, tree: LayerTree, planes: [Homography] = []
    ) -> [Point]? {
        guard !frame.isInfinite, !frame.isNull else { return nil }
        if entry.depth == 0 { return mapCorners(frame, .identity) }
        // The superlayer's map is the entry's map without its own level: find the parent entry.
        return parentToRoot(entry, scan: scan, tree: tree).flatMap { mapCorners(frame, $0, planes: planes) }
    }

    /// The map from the superlayer's sublayer space to root space: its sublayerTransform about
    /// its anchor (LAYER-MODEL §3 `SLT_S`), then its map to root from the scan.
    static func parentToRoot(_ entry: OverlayScan.Entry, scan: OverlayScan, tree: LayerTree) -> Homography? {
        parentToRoot(of: entry.id, scan: scan, tree: tree)
    }

    /// ``parentToRoot(_:scan:tree:)`` of the layer `id`.
    static func parentToRoot(of id: LayerID, scan: OverlayScan, tree: LayerTree) -> Homography? {
        guard let parent = tree.superlayer(of: id) else { return nil }
        let k = scan.entryIndex[parent.index]
        guard k >= 0, let up = scan.entries[k].toRoot else { return nil }
        let slt = tree[parent].sublayerTransform
        if slt.isIdentity { return up }
        let a = tree.anchor(of: parent), z = tree[parent].anchorPointZ
        let m = Transform3D.translation(-a.x, -a.y, -z).concatenating(slt).concatenating(.translation(a.x, a.y, z))
        return Homography(flattening: m).concatenating(up)
    }

    /// `#k`, the paint index, or `#-` for a layer that paints nothing (opacity 0).
    static func paintText(_ entry: OverlayScan.Entry) -> String {
        entry.paintIndex.map { "#\($0)" } ?? "#-"
    }

    /// Appends ``paintText(_:)``.
    static func appendPaintText(_ entry: OverlayScan.Entry, to out: inout some OverlaySink) {
        out.append(0x23)
        if let k = entry.paintIndex { OverlayText.appendInt(k, to: &out) } else { out.append(0x2D) }
    }

    /// The four corners of `r` mapped by `h`, or nil when one is not finite or is behind the
    /// eye of `h` or of one of the earlier `planes`.
    static func mapCorners(_ r: Rect, _ h: Homography, planes: [Homography] = []) -> [Point]? {
        if !planes.isEmpty, !inFront(r, of: planes) { return nil }
        var pts: [Point] = []
        pts.reserveCapacity(4)
        for c in r.corners {
            guard let p = h.apply(c), p.isFinite else { return nil }
            pts.append(p)
        }
        return pts
    }

    /// Whether every corner of `r` is in front of the eye of every plane of `planes`.
    static func inFront(_ r: Rect, of planes: [Homography]) -> Bool {
        r.corners.allSatisfy { c in planes.allSatisfy { $0.applyHomogeneous(c).w > 0 } }
    }

    /// Whether four corners form an axis-aligned rectangle.
    static func isAxisAligned(_ q: [Point]) -> Bool {
        func eq(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
        guard q.count == 4 else { return false }
        let h = eq(q[0].y, q[1].y) && eq(q[1].x, q[2].x) && eq(q[2].y, q[3].y) && eq(q[3].x, q[0].x)
        let v = eq(q[0].x, q[1].x) && eq(q[1].y, q[2].y) && eq(q[2].x, q[3].x) && eq(q[3].y, q[0].y)
        return h || v
    }

    /// A `rect` element of class `className` covering `r`.
    @inline(__always)
    static func appendRect(_ r: Rect, className: StaticString, to out: inout some OverlaySink) {
        out += "<rect class=\""
        out += className
        out += "\" x=\""
        OverlayText.appendNumber(r.minX, to: &out)
        out += "\" y=\""
        OverlayText.appendNumber(r.minY, to: &out)
        out += "\" width=\""
        OverlayText.appendNumber(r.width, to: &out)
        out += "\" height=\""
        OverlayText.appendNumber(r.height, to: &out)
        out += "\"/>\n"
    }

    /// A `rect` when the corners are axis-aligned (and `polygonOnly` is off), else a `polygon`.
    static func appendQuad(
        _ q: [Point], className: StaticString, polygonOnly: Bool = false, to out: inout some OverlaySink
    ) {
        if !polygonOnly, isAxisAligned(q) {
            appendRect(Rect.boundingBox(of: q), className: className, to: &out)
            return
        }
        out += "<polygon class=\""
        out += className
        out += "\" points=\""
        OverlayText.appendPoints(q, to: &out)
        out += "\"/>\n"
    }

    /// A dot and a crosshair centred on `p`: `p`'s coordinates, written twice each, are
    /// formatted once, and the dot's radius once for the document.
    static func appendCross(at p: Point, style: OverlayStyle, to out: inout some OverlaySink) {
        let r = style.crossArm
        // A constant size, so that the buffer is on the stack: two numbers of at most 32 bytes.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { text in
            let base = text.baseAddress!
            let x = UnsafeBufferPointer(start: base, count: NumberText.write(p.x.isFinite ? p.x : 0, to: base))
            let yBase = base + 32
            let y = UnsafeBufferPointer(start: yBase, count: NumberText.write(p.y.isFinite ? p.y : 0, to: yBase))
            out += "<path d=\"M"
            OverlayText.appendNumber(p.x - r, to: &out)
            out.append(0x2C)
            out.appendBytes(y)
            out += "H"
            OverlayText.appendNumber(p.x + r, to: &out)
            out += "M"
            out.appendBytes(x)
            out.append(0x2C)
            OverlayText.appendNumber(p.y - r, to: &out)
            out += "V"
            OverlayText.appendNumber(p.y + r, to: &out)
            out += "\"/><circle cx=\""
            out.appendBytes(x)
            out += "\" cy=\""
            out.appendBytes(y)
            out += "\" r=\""
            style.dotRadiusText.withUnsafeBufferPointer { out.appendBytes($0) }
            out += "\"/>"
        }
    }

    /// `[a, b, c, d, tx, ty]` for an affine transform, else the sixteen entries.
    static func transformText(_ m: Transform3D) -> String {
        m.isAffine ? OverlayText.list(m.affineTransform.elements) : OverlayText.list(m.elements)
    }
}
