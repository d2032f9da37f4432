/// Choosing the output document's user space.
extension Resolver {
    /// The output space of a scene and the map from the root's own space into it.
    ///
    /// When the root records the input's `viewBox` (svg.extra), sits at the origin untransformed
    /// and that viewBox still maps as its sublayerTransform does (``LayerTree/keepsRecordedViewBox(_:)``),
    /// drawables are written in the root's sublayer (viewBox) space and the input's `width`,
    /// `height`, `viewBox` and `preserveAspectRatio` are kept, so numbers stay those of the input.
    /// Otherwise the viewBox is `0 0 W H` of the root bounds and the full map to the root's
    /// superlayer space is used.
    static func outputSpace(of scene: Scene)
        -> (output: OutputSpace, rootToOutput: Homography, rootClipIsViewport: Bool, viewBoxMode: Bool)
    {
        let tree = scene.tree
        let rootID = scene.root
        guard rootID.index < tree.count else {
            return (OutputSpace(width: "0", height: "0", viewBox: "0 0 0 0"), .identity, true, false)
        }
        let root = tree[rootID]
        let b = root.bounds.standardized
        let frame = tree.frame(of: rootID)
        let atOrigin = root.transform.isAffine && root.transform.affineTransform.linear.isIdentity
            && nearlyEqual(frame, Rect(0, 0, b.width, b.height)) && !root.geometryFlipped
        let extra = root.svg?.extra ?? []
        func value(_ name: String) -> String? { extra.first { $0.name == name }?.value }
        // Only the size limits (layer JSON may carry any text here).
        let style = value("style").flatMap(RootSizeLimits.sanitized)
        let xmlSpace = value("xml:space") == "preserve" ? "preserve" : nil
        if tree.keepsRecordedViewBox(rootID), let viewBox = value("viewBox"),
            let inverse = sublayerMap(of: rootID, in: tree).inverted()
        {
            let output = OutputSpace(
                width: value("width"), height: value("height"), viewBox: viewBox,
                preserveAspectRatio: value("preserveAspectRatio"), style: style, xmlSpace: xmlSpace)
            return (output, inverse, root.cornerRadius == 0, true)
        }
        let w = NumberText.format(b.width), h = NumberText.format(b.height)
        let output = OutputSpace(width: w, height: h, viewBox: "0 0 \(w) \(h)", style: style, xmlSpace: xmlSpace)
        let map = Homography(flattening: ownMatrix(of: rootID, in: tree))
        return (output, map, atOrigin && root.cornerRadius == 0, false)
    }

    /// The root's sublayerTransform about its anchor, flattened: sublayer space → own space.
    static func sublayerMap(of id: LayerID, in tree: LayerTree) -> Homography {
        let l = tree[id]
        if l.sublayerTransform.isIdentity { return .identity }
        let a = tree.anchor(of: id)
        let m = Transform3D.translation(-a.x, -a.y, -l.anchorPointZ)
            .concatenating(l.sublayerTransform)
            .concatenating(.translation(a.x, a.y, l.anchorPointZ))
        return Homography(flattening: m)
    }

    static func nearlyEqual(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }
}
