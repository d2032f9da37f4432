import LaminaCore

extension SceneBuilder {
    /// Attaches a `clip-path` as the host's mask layer (`svg.element == "clipPath"`), whose
    /// sublayers are the clip path's shapes, text and `use`s. `objectBoundingBox` units map the
    /// unit square onto the host's box; a `clip-path` on the clip path becomes the mask's mask.
    /// A missing or recursive reference is ignored with a warning (as resvg renders it).
    mutating func attachClip(host: LayerID, clipID: String, hostElement: Int, _ w: Work) {
        var next: (LayerID, String, Int, Work)? = (host, clipID, hostElement, w)
        while let (h, id, e, work) = next {
            next = attachOneClip(host: h, clipID: id, hostElement: e, work)
        }
    }

    /// Attaches the `clip-path` of `style` to `host`, a reference or a basic shape, if it has one.
    mutating func attachClipPath(of style: ComputedStyle, host: LayerID, hostElement: Int, _ w: Work) {
        if let clip = style.clipPath {
            attachClip(host: host, clipID: clip, hostElement: hostElement, w)
        } else if let shape = style.clipShape {
            attachClipShape(host: host, shape, hostElement: hostElement, style: style, w)
        }
    }

    /// Attaches a `clip-path` basic shape (or reference box) to `host`: a mask layer whose content
    /// is made when the host's box is known (`finalizeGeometry`).
    private mutating func attachClipShape(host: LayerID, _ shape: ClipShape, hostElement: Int, style: ComputedStyle, _ w: Work) {
        var layer = Layer(name: nil)
        layer.svg = SVGInfo(element: "clipPath")
        let mask = newLayer(layer, element: hostElement)
        var geometry = PendingGeometry()
        let width = style.strokeWidth.resolve(percentBase: w.viewport.normalizedDiagonal, fontSize: style.fontSize)
        let stroked = ComputedStyle.paint(style.stroke) != .none && width.isFinite && width > 0
        geometry.clipShape = PendingClipShape(
            shape: shape, host: host, viewport: w.viewport, fontSize: style.fontSize, strokeOutset: stroked ? width / 2 : 0)
        pending.append(geometry)
        try? layers.setMask(mask, of: host)
    }

    /// Attaches one clip path; returns the clip path's own `clip-path` to attach next.
    private mutating func attachOneClip(host: LayerID, clipID: String, hostElement: Int, _ w: Work) -> (LayerID, String, Int, Work)? {
        guard let c = element(id: clipID), tree[c].name == "clipPath", tree[c].isSVG else {
            warn("clip-path reference '#\(clipID)' not found; ignored", hostElement)
            return nil
        }
        var f = w.clipFrame
        while f >= 0 {
            if clipFrames[f].clip == c {
                warn("clip-path '#\(clipID)' refers to itself; ignored", hostElement)
                return nil
            }
            f = clipFrames[f].parent
        }
        let style = documentStyle(of: c)
        var layer = Layer(name: clipID)
        var info = SVGInfo(element: "clipPath")
        info.id = clipID
        layer.svg = info
        let mask = newLayer(layer, element: c)
        pending.append(PendingGeometry(transform: transformAttribute(c, cascadedDeclarations(of: c), viewport: w.viewport, fontSize: style.fontSize)))
        if tree[c].attribute("clipPathUnits")?.trimmingCharacters(in: " \t\n\r") == "objectBoundingBox" {
            pending[mask.index].boundingBoxHost = host
        }
        try? layers.setMask(mask, of: host)
        clipFrames.append(ClipFrame(clip: c, parent: w.clipFrame))
        let inner = Work(
            element: c, parent: mask, style: style, viewport: w.viewport, context: .clip,
            clipFrame: clipFrames.count - 1)
        pushChildren(of: c, inner, parent: mask, style: style, viewport: w.viewport)
        return style.clipPath.map { (mask, $0, c, inner) }
    }
}
