import LaminaCore

extension SceneBuilder {
    /// `text` and `image`: a layer whose content is the element's markup with its computed
    /// style, carried verbatim (`Shape.svg`). Images that are not `data:` URLs are dropped.
    mutating func buildVerbatim(_ w: Work) throws(SVGImportError) {
        let name = tree[w.element].name
        let (style, declarations, _) = computeStyle(of: w)
        let font = style.fontSize
        func x(_ n: String) -> Double? { length(w.element, n, percentOf: w.viewport.width, fontSize: font) }
        func y(_ n: String) -> Double? { length(w.element, n, percentOf: w.viewport.height, fontSize: font) }
        var box: Rect
        var kept: RendererBoxFacts?
        if name == "image" {
            let href = hrefValue(of: w.element)?.trimmingCharacters(in: " \t\n\r") ?? ""
            // A `data:image/` URL, or base64 bytes of a raster image under another media type
            // (written as `data:image/…` by the markup, `MarkupSafety.imageDataURL`).
            guard MarkupSafety.imageDataURL(href) != nil else {
                warn("image with external reference '\(href.prefix(80))' dropped", w.element)
                return
            }
            let (width, height) = (x("width"), y("height"))
            box = Rect(x("x") ?? 0, y("y") ?? 0, max(0, width ?? 0), max(0, height ?? 0))
            // Without a width or height (`auto`) the renderer sizes it to the picture's own.
            if width == nil || height == nil { kept = rendererBoxFacts(w, style, declarations) }
        } else {
            box = textBox(w.element, fontSize: font, viewport: w.viewport)
            kept = rendererBoxFacts(w, style, declarations)
        }
        // Inside a nested viewport, percentages are written resolved: the output has one viewport.
        let xml = markup(
            of: w.element, parentStyle: w.style, viewport: w.viewport, asLayerContent: true, rootStyle: (style, declarations),
            percentsOf: w.viewport == rootViewport ? nil : w.viewport, kept: kept)
        // What the markup keeps, the layer leaves out.
        var layerStyle = style
        if let kept {
            layerStyle.clipPath = nil
            layerStyle.clipShape = nil
            if kept.compositing {
                layerStyle.mask = nil
                layerStyle.filters = nil
                layerStyle.unsupportedFilter = nil
            }
        }
        let transform =
            kept?.transform == true ? .identity : transformAttribute(w.element, declarations, viewport: w.viewport, fontSize: font)
        let layer = try makeLayer(w, style: layerStyle, transform: transform, content: contentSlab.append(Content(shape: .svg(xml: xml))))
        if !box.origin.isFinite || !box.width.isFinite || !box.height.isFinite { box = .zero }
        pending[layer.index].box = box
        if kept?.transform != true { noteFillBox(layer, w.element, declarations, fontSize: font) }
    }

    /// A rough box for text (first x/y, about half an em per character), for frames only: what
    /// depends on the text's object bounding box is left to the renderer (``rendererBoxFacts``).
    private func textBox(_ element: Int, fontSize: Double, viewport: Size) -> Rect {
        func first(_ n: String, of base: Double) -> Double {
            guard let t = tree[element].attribute(n), let list = Length.parseList(t[...]), let v = list.first else { return 0 }
            let x = v.resolve(percentBase: base, fontSize: fontSize)
            return x.isFinite ? x : 0
        }
        var characters = 0
        var stack = [element]
        while let e = stack.popLast() {
            for c in tree[e].content {
                switch c {
                case .element(let child): stack.append(child)
                case .text(let t): characters += t.count
                }
            }
        }
        return Rect(first("x", of: viewport.width), first("y", of: viewport.height) - fontSize * 0.8, Double(characters) * fontSize * 0.55, fontSize)
    }
}
