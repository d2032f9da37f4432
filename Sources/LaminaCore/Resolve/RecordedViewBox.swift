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
    /// bounds size as SVG maps it, is the root's sublayer-space map: both send the viewBox's
    /// corners within ``Resolver/placementTolerance`` of each other, plus what rounding the
    /// map's scale to six decimals moves them by.
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
        let svgMap = Homography(
            ViewBox(rect: viewBox, aspect: AspectRatio.parse(value("preserveAspectRatio")))
                .transform(into: Size(b.width, b.height)))
        let layerMap = Resolver.sublayerMap(of: root, in: self)
            .concatenating(Homography(flattening: Resolver.ownMatrix(of: root, in: self)))
        let corners = [
            Point(viewBox.minX, viewBox.minY), Point(viewBox.maxX, viewBox.minY),
            Point(viewBox.maxX, viewBox.maxY), Point(viewBox.minX, viewBox.maxY),
        ]
        return corners.allSatisfy { p in
            guard let a = layerMap.apply(p), let s = svgMap.apply(p) else { return false }
            // Layer JSON rounds the sublayerTransform's scale to six decimals (0.351563 for a
            // 512 px viewBox in 180 px, 0.3515625), which moves a corner by up to half a
            // millionth of its coordinates: allowed twice that on top of the placement's.
            let t = Resolver.placementTolerance + 1e-6 * (abs(p.x) + abs(p.y))
            return abs(a.x - s.x) <= t && abs(a.y - s.y) <= t
        }
    }
}
