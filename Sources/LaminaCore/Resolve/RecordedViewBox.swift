/// Whether a root may be written with the `viewBox` its input recorded.
///
/// The flattened SVG and the debug overlay keep the input's `width`, `height`, `viewBox` and
/// `preserveAspectRatio` when they still say what the layer tree says: a renderer maps the
/// viewBox into the root's viewport, and that map must be the root's sublayerTransform (about
/// its anchor) followed by its own frame matrix. A root resized by `--size` or `layout` keeps
/// its sublayerTransform (as `CALayer` does), so the recorded viewBox no longer holds there and
/// the document is written in the root's superlayer space instead.
extension LayerTree {
    /// True when `root` sits at the origin untransformed and unflipped, records a `viewBox`
    /// (svg.extra), and that viewBox with its `preserveAspectRatio`, mapped into the root's
    /// bounds size as SVG maps it, is the root's sublayer-space map.
    public func keepsRecordedViewBox(_ root: LayerID) -> Bool {
        guard root.index < count else { return false }
        let l = self[root]
        let b = l.bounds.standardized
        let frame = self.frame(of: root)
        guard l.transform.isAffine, l.transform.affineTransform.linear.isIdentity, !l.geometryFlipped,
            Resolver.nearlyEqual(frame, Rect(0, 0, b.width, b.height))
        else { return false }
        let extra = l.svg?.extra ?? []
        func value(_ name: String) -> String? { extra.first { $0.name == name }?.value }
        guard let text = value("viewBox"), let viewBox = RecordedViewBox.rect(text) else { return false }
        let svgMap = RecordedViewBox.map(viewBox, aspect: value("preserveAspectRatio"), into: Size(b.width, b.height))
        let layerMap = Resolver.sublayerMap(of: root, in: self)
            .concatenating(Homography(flattening: Resolver.ownMatrix(of: root, in: self)))
        return RecordedViewBox.nearlyEqual(layerMap, Homography(svgMap))
    }
}

/// The SVG viewBox mapping (SVG 1.1 §7.8), read from the recorded attribute text.
enum RecordedViewBox {
    /// `x y w h` (spaces and commas) with a positive size; nil otherwise.
    static func rect(_ text: String) -> Rect? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        let n = parts.compactMap { Double($0) }
        guard parts.count == 4, n.count == 4, n.allSatisfy(\.isFinite), n[2] > 0, n[3] > 0 else { return nil }
        return Rect(n[0], n[1], n[2], n[3])
    }

    /// The map from viewBox coordinates into a viewport of `size` at the origin, for a
    /// `preserveAspectRatio` text (`[defer] <align> [meet|slice]`; missing or invalid text is
    /// the default `xMidYMid meet`).
    static func map(_ viewBox: Rect, aspect: String?, into size: Size) -> AffineTransform {
        let sx = size.width / viewBox.width, sy = size.height / viewBox.height
        var words = (aspect ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        if words.first == "defer" { words.removeFirst() }
        var align: (x: Double, y: Double)? = (1, 1)
        var slice = false
        if let first = words.first, words.count <= 2, words.count < 2 || words[1] == "meet" || words[1] == "slice" {
            let names: [Substring: Double] = ["Min": 0, "Mid": 1, "Max": 2]
            if first == "none" {
                align = nil
                slice = words.count == 2 && words[1] == "slice"
            } else if first.count == 8, first.hasPrefix("x"), first.dropFirst(4).hasPrefix("Y"),
                let x = names[first.dropFirst().prefix(3)], let y = names[first.dropFirst(5)]
            {
                align = (x, y)
                slice = words.count == 2 && words[1] == "slice"
            }
        }
        guard let align else { return AffineTransform(sx, 0, 0, sy, -viewBox.x * sx, -viewBox.y * sy) }
        let s = slice ? max(sx, sy) : min(sx, sy)
        let tx = -viewBox.x * s + (size.width - viewBox.width * s) * align.x / 2
        let ty = -viewBox.y * s + (size.height - viewBox.height * s) * align.y / 2
        return AffineTransform(s, 0, 0, s, tx, ty)
    }

    /// Equal entry by entry, relative to the larger magnitude (at least 1).
    static func nearlyEqual(_ a: Homography, _ b: Homography) -> Bool {
        let x = [a.m11, a.m12, a.m13, a.m21, a.m22, a.m23, a.m31, a.m32, a.m33]
        let y = [b.m11, b.m12, b.m13, b.m21, b.m22, b.m23, b.m31, b.m32, b.m33]
        return zip(x, y).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0), abs($1)) }
    }
}
