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
        guard let viewBox = ViewBox.parse(value("viewBox")) else { return false }
        let svgMap = ViewBox(rect: viewBox, aspect: AspectRatio.parse(value("preserveAspectRatio")))
            .transform(into: Size(b.width, b.height))
        let layerMap = Resolver.sublayerMap(of: root, in: self)
            .concatenating(Homography(flattening: Resolver.ownMatrix(of: root, in: self)))
        return Self.nearlyEqual(layerMap, Homography(svgMap))
    }

    /// Equal entry by entry, relative to the larger magnitude (at least 1).
    private static func nearlyEqual(_ a: Homography, _ b: Homography) -> Bool {
        let x = [a.m11, a.m12, a.m13, a.m21, a.m22, a.m23, a.m31, a.m32, a.m33]
        let y = [b.m11, b.m12, b.m13, b.m21, b.m22, b.m23, b.m31, b.m32, b.m33]
        return zip(x, y).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0), abs($1)) }
    }
}
