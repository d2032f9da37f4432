import LaminaCore

/// What of a verbatim element's layer facts its markup carries instead, for the renderer to
/// resolve against the element's real box (``SceneBuilder/rendererBoxFacts(_:_:_:)``).
struct RendererBoxFacts {
    /// The transform, its `transform-origin` and `transform-box` (a `fill-box` origin).
    var transform: Bool
    /// The `clip-path` value to write (nil: none, or a reference to no clip path, ignored).
    var clip: String?
    /// Whether `mask` and `filter` go with them (not in clip path content, where Lamina applies
    /// neither).
    var compositing: Bool
    /// The `mask` and `filter` ids to write, checked as the layer's are.
    var mask: String?
    var filters: [String] = []
}

extension SceneBuilder {
    /// Whether the geometry of a text, or of an image without a `width` or `height` (which the
    /// renderer sizes to its picture), depends on an object bounding box Lamina does not know (a
    /// text's layer box is a guess, ``textBox``): a `clip-path` whose chain of clip paths has one
    /// in `objectBoundingBox` units, a basic shape or reference box other than `view-box`, or a
    /// transform about a `fill-box` origin. Then the markup keeps them, as the input has them,
    /// and with them the `clip-path`, `mask` and `filter` (which apply in the element's user
    /// space, after its transform, filter first): the renderer measures the element. Nil
    /// otherwise: the layer holds them, exact.
    mutating func rendererBoxFacts(_ w: Work, _ style: ComputedStyle, _ declarations: CascadedList) -> RendererBoxFacts? {
        var transform = false
        if Self.fillBoxReference(declarations), case .transform(let t) = elementTransform(w.element, declarations), t != .identity {
            transform = true
        }
        var boxClip = false
        if let id = style.clipPath {
            boxClip = clipUsesBoundingBox(id)
        } else if let shape = style.clipShape {
            boxClip = shape.box != .view
        }
        guard transform || boxClip else { return nil }
        var facts = RendererBoxFacts(transform: transform, compositing: w.context != .clip)
        if let id = style.clipPath {
            // Checked as `attachClip` checks it (which then does not see it).
            if let c = element(id: id), tree[c].name == "clipPath", tree[c].isSVG {
                facts.clip = "url(#\(id))"
            } else {
                warn("clip-path reference '#\(id)' not found; ignored", w.element)
            }
        } else if let shape = style.clipShape {
            facts.clip = shape.text
        }
        if facts.compositing {
            var checked = SVGInfo(element: tree[w.element].name)
            applyCompositing(style, element: w.element, to: &checked)
            facts.mask = checked.mask
            facts.filters = checked.filters
        }
        return facts
    }

    /// Whether the clip path `id`, or one its `clip-path` chain reaches (as far as
    /// ``attachClip(host:clipID:hostElement:_:)`` follows it), has `objectBoundingBox` units.
    /// The answer is kept per clip path element: a document's groups share a few clip paths,
    /// and each look followed the chain again (a name, an attribute, a document style and a
    /// set: ~3,000 instructions).
    mutating func clipUsesBoundingBox(_ id: String) -> Bool {
        guard let first = element(id: id) else { return false }
        if let known = clipBoxMemo[first] { return known }
        let answer = clipChainUsesBoundingBox(id)
        clipBoxMemo[first] = answer
        return answer
    }

    /// ``clipUsesBoundingBox(_:)``, following the chain.
    private mutating func clipChainUsesBoundingBox(_ id: String) -> Bool {
        var next: String? = id
        var seen: Set<Int> = []
        while let clipID = next, seen.count < DisplayList.maxClipNesting {
            guard let c = element(id: clipID), tree[c].name == "clipPath", tree[c].isSVG, seen.insert(c).inserted else { return false }
            if tree[c].attribute("clipPathUnits") == "objectBoundingBox" { return true }
            next = documentStyle(of: c).clipPath
        }
        return false
    }
}
