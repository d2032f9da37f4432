import LaminaCore

extension SceneBuilder {
    /// A nested `svg`, or a `symbol` instanced by `use`: a layer with bounds `[0,0,w,h]` placed
    /// at x/y, clipping unless `overflow` is visible, and the viewBox mapping as sublayer transform.
    mutating func buildViewport(_ w: Work) throws(SVGImportError) {
        let (style, declarations) = computeStyle(w.element, parent: w.style)
        let e = tree[w.element]
        let font = style.fontSize
        func resolve(_ l: Length?, _ base: Double) -> Double? {
            guard let l else { return nil }
            let v = l.resolve(percentBase: base, fontSize: font)
            return v.isFinite ? v : nil
        }
        let x = length(w.element, "x", percentOf: w.viewport.width, fontSize: font) ?? 0
        let y = length(w.element, "y", percentOf: w.viewport.height, fontSize: font) ?? 0
        let width = resolve(w.useSize?.width, w.viewport.width)
            ?? length(w.element, "width", percentOf: w.viewport.width, fontSize: font) ?? w.viewport.width
        let height = resolve(w.useSize?.height, w.viewport.height)
            ?? length(w.element, "height", percentOf: w.viewport.height, fontSize: font) ?? w.viewport.height
        guard width > 0, height > 0 else { return }
        // SVG 1.1 `symbol` has no transform (resvg ignores it); nested `svg` may have one.
        let own = e.name == "symbol" ? AffineTransform.identity : transformAttribute(w.element, declarations, viewport: w.viewport, fontSize: font)
        let transform = AffineTransform.translation(x, y).concatenating(own)
        let layer = try makeLayer(w, style: style, transform: transform)
        layers.layers[layer.index].masksToBounds = Self.clipsOverflow(style, declarations, byDefault: true)
        pending[layer.index].fixedBounds = Rect(0, 0, width, height)
        let viewBox = ViewBox.parse(e.attribute("viewBox"))
        if let vb = viewBox {
            pending[layer.index].viewportMapping = ViewBox(rect: vb, aspect: AspectRatio.parse(e.attribute("preserveAspectRatio")))
                .transform(into: Size(width, height))
        }
        pushChildren(of: w.element, w, parent: layer, style: style, viewport: viewBox?.size ?? Size(width, height))
    }

    /// A `use`: a layer with the use's transform and x/y, holding a copy of what it references.
    mutating func buildUse(_ w: Work) throws(SVGImportError) {
        guard let href = hrefValue(of: w.element) else {
            warn("'use' without 'href' skipped", w.element)
            return
        }
        let link = href.trimmingCharacters(in: " \t\n\r")
        guard link.hasPrefix("#") else {
            warn("external reference '\(link)' dropped", w.element)
            return
        }
        let id = String(link.dropFirst())
        guard let target = element(id: id) else {
            warn("'use' references missing element '#\(id)'; skipped", w.element)
            return
        }
        if useGraph.isCyclic[w.element] {
            warn("'use' of '#\(id)' is part of a reference cycle; skipped", w.element)
            return
        }
        let targetName = tree[target].name
        if w.context == .clip, !(tree[target].kind.isShape || tree[target].kind == .text) { return }
        let (style, declarations) = computeStyle(w.element, parent: w.style)
        let font = style.fontSize
        let x = length(w.element, "x", percentOf: w.viewport.width, fontSize: font) ?? 0
        let y = length(w.element, "y", percentOf: w.viewport.height, fontSize: font) ?? 0
        let transform = AffineTransform.translation(x, y).concatenating(transformAttribute(w.element, declarations, viewport: w.viewport, fontSize: font))
        let layer = try makeLayer(
            w, style: style, transform: transform,
            rendererTransform: rendererBoxTransform(w, declarations, fontSize: font, placement: .translation(x, y)))
        noteFillBox(layer, w.element, declarations, fontSize: font, placement: .translation(x, y))
        // The copy's `context-fill` and `context-stroke` are the use's paints, in the use's
        // coordinate system.
        var instanceStyle = style
        instanceStyle.contextPaint = ContextPaint(fill: style.fill, stroke: style.stroke, source: layer)
        var next = Work(
            element: target, parent: layer, style: instanceStyle, viewport: w.viewport, context: w.context,
            clipFrame: w.clipFrame)
        if targetName == "svg" || targetName == "symbol" {
            let tree = self.tree, rootFontSize = self.rootFontSize
            func size(_ name: String, _ base: Double) -> Length? {
                guard let t = tree[w.element].attribute(name) else { return nil }
                guard let l = Length.parse(t[...]) else {
                    // `rem` or `calc()`: resolved here, in the viewport the copy is sized in.
                    return Self.calcLength(t, percentOf: base, fontSize: font, rootFontSize: rootFontSize).map { Length($0) }
                }
                return l.value.isFinite ? l : nil
            }
            next.useSize = (size("width", w.viewport.width), size("height", w.viewport.height))
        }
        work.append(next)
    }
}
