import LaminaCore

/// The `<title>` text of a layer's marks: its path, paint index and geometry, one property a
/// line, numbers through ``NumberText`` (SPEC §6).
///
///     a/b (paint #3, depth 2)
///     bounds: [0, 0, 20, 10]
///     position: [5, 5]
///     anchorPoint: [0.5, 0.5]
///     frame: [-5, 0, 20, 10]
///     zPosition: 0
///     transform: [1, 0, 0, 1, 0, 0]
enum OverlayTooltip {
    /// Appends the escaped tooltip text (no element tags) to `out`.
    ///
    /// The layer's properties are read one at a time from the tree (a whole `Layer` passed here
    /// was copied out of the tree's array for each tooltip).
    static func append(_ entry: OverlayScan.Entry, in tree: LayerTree, frame: Rect, to out: inout some OverlaySink) {
        let id = entry.id
        OverlayText.appendEscaped(entry.path, to: &out)
        out += " (paint "
        OverlayMarks.appendPaintText(entry, to: &out)
        out += ", depth "
        OverlayText.appendInt(entry.depth, to: &out)
        out += ")"
        if let name = tree[id].name, entry.depth > 0, !entry.path.hasSuffix(name) {
            out += "&#10;name: "
            OverlayText.appendEscaped(name, to: &out)
        }
        let b = tree[id].bounds
        line("bounds", [b.x, b.y, b.width, b.height], to: &out)
        line("position", [tree[id].position.x, tree[id].position.y], to: &out)
        line("anchorPoint", [tree[id].anchorPoint.x, tree[id].anchorPoint.y], to: &out)
        if frame.isInfinite {
            out += "&#10;frame: infinite"
        } else {
            line("frame", [frame.x, frame.y, frame.width, frame.height], to: &out)
        }
        out += "&#10;zPosition: "
        OverlayText.appendRawNumber(tree[id].zPosition, to: &out)
        out += "&#10;transform: "
        appendTransform(tree[id].transform, to: &out)
        if !tree[id].sublayerTransform.isIdentity {
            out += "&#10;sublayerTransform: "
            appendTransform(tree[id].sublayerTransform, to: &out)
        }
    }

    /// `&#10;KEY: [n, n, …]`.
    private static func line(_ key: StaticString, _ values: [Double], to out: inout some OverlaySink) {
        out += "&#10;"
        out += key
        out += ": "
        appendList(values, to: &out)
    }

    /// `[a, b, c, d, tx, ty]` for an affine transform, else the sixteen entries.
    static func appendTransform(_ m: Transform3D, to out: inout some OverlaySink) {
        if m.isIdentity {
            out += "[1, 0, 0, 1, 0, 0]"
        } else {
            appendList(m.isAffine ? m.affineTransform.elements : m.elements, to: &out)
        }
    }

    /// `[n, n, …]` (non-finite numbers written `null`).
    static func appendList(_ values: [Double], to out: inout some OverlaySink) {
        out += "["
        for (i, v) in values.enumerated() {
            if i > 0 { out += ", " }
            OverlayText.appendRawNumber(v, to: &out)
        }
        out += "]"
    }
}
