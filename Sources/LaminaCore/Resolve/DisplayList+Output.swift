/// Choosing the output document's user space.
extension Resolver {
    /// The output space of a scene and the map from the root's own space into it.
    ///
    /// When the root records the input's `viewBox` (svg.extra), sits at the origin untransformed
    /// and that viewBox still maps as its sublayerTransform does (``LayerTree/keepsRecordedViewBox(_:)``),
    /// drawables are written in the root's sublayer (viewBox) space and the input's `width`,
    /// `height`, `viewBox` and `preserveAspectRatio` are kept, so numbers stay those of the input.
    /// Otherwise the full map to the root's superlayer space is used, with the root bounds'
    /// size and a viewBox `0 0 W H`, or no viewBox for an `svg` root that had none.
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
        let shift = originShift(of: rootID, in: tree)
        let atOrigin = shift != nil
        let extra = root.svg?.extra ?? []
        func value(_ name: String) -> String? { extra.first { $0.name == name }?.value }
        // Only the size limits (layer JSON may carry any text here).
        let style = value("style").flatMap(RootSizeLimits.sanitized)
        let xmlSpace = value("xml:space") == "preserve" ? "preserve" : nil
        let fontFamily = value("font-family")
        if tree.keepsRecordedViewBox(rootID), let viewBox = value("viewBox"),
            let inverse = sublayerMap(of: rootID, in: tree).inverted()
        {
            let output = OutputSpace(
                width: value("width"), height: value("height"), viewBox: viewBox,
                preserveAspectRatio: value("preserveAspectRatio"), style: style, xmlSpace: xmlSpace,
                fontFamily: fontFamily)
            return (output, inverse, root.cornerRadius == 0, true)
        }
        let w = NumberText.format(b.width), h = NumberText.format(b.height)
        // An svg root without a viewBox is drawn 1:1 in a document and stretched to an img's
        // box in a browser; with a viewBox the output would be scaled uniformly instead.
        let viewBox = root.svg?.element == "svg" && value("viewBox") == nil ? nil : "0 0 \(w) \(h)"
        let output = OutputSpace(
            width: w, height: h, viewBox: viewBox, style: style, xmlSpace: xmlSpace, fontFamily: fontFamily)
        var map = Homography(flattening: ownMatrix(of: rootID, in: tree))
        // A root at the origin within the tolerance is placed there, as its viewport is.
        if let shift { map = map.concatenating(shift) }
        return (output, map, atOrigin && root.cornerRadius == 0, false)
    }

    /// The translation that puts a root whose frame is at the origin within the tolerance
    /// exactly there, as its viewport is; nil for a root placed otherwise.
    static func originShift(of rootID: LayerID, in tree: LayerTree) -> Homography? {
        let root = tree[rootID]
        let b = root.bounds.standardized
        let frame = tree.frame(of: rootID)
        guard root.transform.isAffine && root.transform.affineTransform.linear.isIdentity
            && nearlyEqual(frame, Rect(0, 0, b.width, b.height)) && !root.geometryFlipped
        else { return nil }
        return Homography(AffineTransform(1, 0, 0, 1, -frame.x, -frame.y))
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

    /// How far (in the root's superlayer space, CSS px) the root's placement may be from the
    /// origin, or its sublayer map from its recorded viewBox's, and still count as there: the
    /// recorded viewBox keeps 6 decimals (8.4666663 is recorded 8.466666), and so does layer
    /// JSON, where a root read back is placed up to a millionth off (a 793.700787 px wide root
    /// at 396.850394) and its sublayerTransform is rounded (3.543307 for a 6.208889 viewBox in
    /// 22 px, 3.5433070866), which moves the picture by about 1e-5 px; a stricter test wrote
    /// such documents with a clip of their own and `viewBox="0 0 W H"` instead of the input's.
    static let placementTolerance = 1e-4

    static func nearlyEqual(_ a: Rect, _ b: Rect) -> Bool {
        let t = placementTolerance
        return abs(a.x - b.x) <= t && abs(a.y - b.y) <= t && abs(a.width - b.width) <= t && abs(a.height - b.height) <= t
    }
}
