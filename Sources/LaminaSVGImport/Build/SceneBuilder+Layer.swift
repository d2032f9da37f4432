import LaminaCore

extension SceneBuilder {
    /// Creates the layer of a group, `use`, viewport or drawable and attaches it to its parent:
    /// name, `svg` facts, opacity, `display`, clip path, mask and filter, authoring attributes.
    mutating func makeLayer(
        _ w: Work, style: ComputedStyle, transform: AffineTransform, content: consuming ContentPlace? = nil,
        rendererTransform: [StyleProperty] = []
    ) throws(SVGImportError) -> LayerID {
        // The layer is made in the tree, as a sublayer of its parent, and filled in place in one
        // access; it keeps the place `content` was built in: no `Layer` or `Content` copy.
        let facts = prefetch?.layerFacts(w.element) ?? Self.layerFacts(in: tree, roles: attributeRoles, w.element)
        let elementID = facts.id(in: tree)
        let id = newLayer(named: elementID, element: w.element, sublayerOf: w.parent)
        let opacity = w.context != .clip ? style.opacity : nil
        if elementID == nil, facts.classSlot < 0, facts.titleElement < 0, rendererTransform.isEmpty,
            w.context == .clip || !Self.composites(style, container: tree.kind(w.element).isContainerOrUse)
        {
            // Most layers: no id, class, title or compositing fact, so their facts are the shared
            // ones of their element name, and the `SVGInfo` below (its name retained, its
            // destroy) is not made.
            Self.fill(
                &layers.layers[id.index], opacity: opacity, hidden: style.isDisplayNone, content: content,
                sharedSVG: plainSVGBox(for: w.element), svg: nil)
            pending.append(PendingGeometry(transform: transform))
            if facts.authored { try applyAuthoring(to: id, element: w.element, color: style.color, fontSize: style.fontSize) }
            if facts.hasEvents { warnEventAttributes(w.element) }
            // Tested here first: most layers have no clip, and the call read both properties
            // out of the style again (a retain and release of each).
            if Self.clips(style) { attachClipPath(of: style, host: id, hostElement: w.element, w) }
            return id
        }
        var info = SVGInfo(element: tree.name(w.element))
        // Only the facts the element has are stored: assigning a nil over the initial nil
        // destroyed it through the runtime's generic witness, and each rare fact's setter is a
        // call into LaminaCore that finds nothing to do.
        if let v = elementID { info.id = v }
        if let v = facts.className(in: tree) { info.className = v }
        if let v = facts.title(in: tree) { info.title = v }
        // A clip the renderer resolves against a box holding text is a compositing fact.
        var boxClip: StyleProperty?
        if w.context != .clip {
            applyCompositing(style, element: w.element, to: &info)
            if tree.kind(w.element).isContainerOrUse, Self.clips(style), let c = rendererBoxClip(w, style) {
                boxClip = c
                info.extra.append(c)
            }
            if !rendererTransform.isEmpty { info.extra += rendererTransform }
        }
        let shared = info.id == nil && !info.mayHaveRareFacts ? plainSVGBox(for: w.element) : nil
        Self.fill(
            &layers.layers[id.index], opacity: opacity, hidden: style.isDisplayNone, content: content, sharedSVG: shared,
            svg: info)
        pending.append(PendingGeometry(transform: transform))
        if facts.authored { try applyAuthoring(to: id, element: w.element, color: style.color, fontSize: style.fontSize) }
        if facts.hasEvents { warnEventAttributes(w.element) }
        if boxClip == nil, Self.clips(style) { attachClipPath(of: style, host: id, hostElement: w.element, w) }
        return id
    }

    /// Whether `style` gives a layer SVG facts of its own (a mask, a filter or a filter to warn
    /// about, an own non-inherited property such as `mix-blend-mode`) or, on a group or `use`,
    /// a clip path that may be the renderer's box clip: when false, ``applyCompositing(_:element:to:)``
    /// sets nothing and no box clip is looked for.
    static func composites(_ style: ComputedStyle, container: Bool) -> Bool {
        if style.mask != nil || style.filters != nil || style.unsupportedFilter != nil || !style.extraOwn.isEmpty { return true }
        return container && clips(style)
    }

    /// Whether `style` has a `clip-path`: a reference or a basic shape. The shape's case is
    /// matched, not compared with nil: `!= nil` took `ClipShape`'s `Equatable` overload, which
    /// copied the shape and a nil into a pair and destroyed both (~100 instructions a group).
    @inline(__always)
    static func clips(_ style: ComputedStyle) -> Bool {
        if style.clipPath != nil { return true }
        if case .some = style.clipShape { return true }
        return false
    }

    /// Sets the properties ``makeLayer(_:style:transform:content:rendererTransform:)`` gives a
    /// new layer, in one access to it (each `layers.layers[i].x = …` checked the array's
    /// uniqueness and bounds again): its opacity when given, `hidden`, its content's place, and
    /// its SVG facts, held in `sharedSVG` when given, else `svg`.
    ///
    /// `content` is consumed: the caller's place (its store retained once, by the slab's
    /// `append`) becomes the layer's. Borrowed, the place's store was retained for the call, for
    /// the layer and released twice after: four atomic operations a shape instead of none.
    /// `svg` is consumed too, and moved into a new box of the layer's own (the layer is new: it
    /// has none): the `svg` setter copied the facts (their strings retained), checked the
    /// absent box's uniqueness and released the caller's copy after, for every layer with an id.
    private static func fill(
        _ layer: inout Layer, opacity: Double?, hidden: Bool, content: consuming ContentPlace?, sharedSVG: LayerBox<SVGInfo>?,
        svg: consuming SVGInfo?
    ) {
        if let opacity { layer.opacity = opacity }
        layer.hidden = hidden
        layer.setContent(content)
        if let sharedSVG {
            layer.setSVG(sharing: sharedSVG)
        } else if case .some(let facts) = consume svg {
            layer.setSVG(sharing: LayerBox(facts))
        }
    }

    /// The layer's `mask` and `filter` (as resources) and its `mix-blend-mode` and `isolation`,
    /// from the element's style (the root's too: Chromium and resvg mask and filter the whole
    /// drawing).
    mutating func applyCompositing(_ style: ComputedStyle, element e: Int, to info: inout SVGInfo) {
        // A reference to a missing element or another kind is ignored and the element drawn
        // without it, as Chromium draws it (Filter Effects 1: "no filter is applied"); resvg
        // draws a missing mask's element so too, but hides one whose filter is missing.
        if let mask = style.mask { info.mask = referencedResource(mask, kind: "mask", from: e) }
        if let items = style.filters {
            info.filters = filterIDs(items, style, from: e)
        } else if let value = style.unsupportedFilter {
            warn("filter '\(value.prefix(80))' not supported (not a reference nor a list of valid filter functions); ignored", e)
        }
        if !style.extraOwn.isEmpty {
            for p in style.extraOwn where p.name == "mix-blend-mode" || p.name == "isolation" {
                info.extra.append(p)
            }
        }
    }

    /// The resource ids of a `filter` list, in order: each reference to a `filter` element,
    /// each run of CSS functions as a generated filter. A reference to a missing element or to
    /// another kind is left out with a warning and the rest applied, as Chromium does (a list of
    /// one such reference leaves the element unfiltered).
    private mutating func filterIDs(_ items: [FilterFunctions.Item], _ style: ComputedStyle, from e: Int) -> [String] {
        items.compactMap { filterID($0, style, checkedFrom: e) }
    }

    /// The resource id of one item of a `filter` list: a run of CSS functions as the filter made
    /// for it; a reference as written, or, when `checkedFrom` names the element using it, only
    /// when it names a `filter` element (else nil with a warning about that element).
    mutating func filterID(_ item: FilterFunctions.Item, _ style: ComputedStyle, checkedFrom e: Int? = nil) -> String? {
        switch item {
        case .reference(let id):
            guard let e else { return id }
            return referencedResource(id, kind: "filter", from: e)
        case .functions(let functions):
            return functionFilter(functions, style)
        }
    }

    /// `id` when it names a `kind` element (requested as a resource), else nil with a warning.
    private mutating func referencedResource(_ id: String, kind: String, from e: Int) -> String? {
        guard let r = element(id: id), tree[r].name == kind else {
            warn("\(kind) reference '#\(id)' not found; ignored", e)
            return nil
        }
        resources.request(id)
        return id
    }

    /// The shared box of ``plainSVGInfo`` for `element`'s name.
    mutating func plainSVGBox(for element: Int) -> LayerBox<SVGInfo> {
        let k = tree.nameIndex(element)
        if let box = plainSVGInfo[k] { return box }
        let box = LayerBox(SVGInfo(element: tree.name(element)))
        plainSVGInfo[k] = box
        return box
    }

    /// Adds `layer` to the tree (moved, not copied) and records where `element` starts in the
    /// tree's ``LayerTree/sourcePositions`` (the import sets no `svg.location`).
    mutating func newLayer(_ layer: consuming Layer, element: Int) -> LayerID {
        let id = layers.make(layer)
        let (line, column) = tree.position(of: element)
        layers.sourcePositions.append(SourcePosition(line: line, column: column))
        return id
    }

    /// ``newLayer(_:element:)`` of `Layer(name: name)`, the layer made in the tree's storage
    /// as the last sublayer of `parent`.
    mutating func newLayer(named name: String?, element: Int, sublayerOf parent: LayerID) -> LayerID {
        let id = layers.make(named: name, sublayerOf: parent)
        let (line, column) = tree.position(of: element)
        layers.sourcePositions.append(SourcePosition(line: line, column: column))
        return id
    }

    /// Event attributes (`onclick` …) are never imported.
    mutating func warnEventAttributes(_ element: Int) {
        for s in tree.attributeSlots(element) {
            let a = tree.attributeName(slot: s)
            guard a.isEvent else { continue }
            warn("event attribute '\(a.name)' dropped", element)
        }
    }

    /// Builds the root `svg` layer: bounds `[0,0,W,H]`, frame at the origin, the viewBox
    /// mapping as its sublayer transform (realized in `finalizeGeometry`).
    mutating func buildRoot() throws(SVGImportError) -> LayerID {
        let (style, declarations) = computeStyle(0, parent: .initial)
        let e = tree[0]
        let viewBox = ViewBox.parse(e.attribute("viewBox"))
        let base = viewBox?.size ?? Size(100, 100)
        rootFontSize = style.rootFontSize
        let width = max(0, length(0, "width", percentOf: base.width, fontSize: style.fontSize) ?? base.width)
        let height = max(0, length(0, "height", percentOf: base.height, fontSize: style.fontSize) ?? base.height)
        if viewBox == nil {
            // A size relative to a viewport the file does not have: percentages resolve
            // against 100 × 100 while building, then the content's extent is the size (resvg).
            func relative(_ name: String) -> Bool {
                guard let text = e.attribute(name) else { return true }
                return Length.parse(text[...]).map { $0.unit == .percent } ?? CSSCalc.parseLength(text[...]).map { $0.percent != 0 } ?? true
            }
            rootFitsContent = relative("width") || relative("height")
        }
        let t = planeTransform(Self.transformResult(in: tree, 0, declarations), 0)
        if t != .identity {
            let center = TransformOrigin(x: Length(50, .percent), y: Length(50, .percent))
            rootTransform = (t, Self.transformOrigin(declarations) ?? center, style.fontSize)
        }
        var layer = Layer(name: e.attribute("id"))
        layer.opacity = style.opacity
        layer.hidden = style.isDisplayNone
        layer.bounds = Rect(0, 0, width, height)
        layer.position = Point(width / 2, height / 2)
        layer.masksToBounds = Self.clipsOverflow(style, declarations, byDefault: true)
        layer.backgroundColor = Self.rootBackground(declarations, color: style.color)
        var info = SVGInfo(element: "svg")
        info.id = e.attribute("id")
        info.className = e.attribute("class")
        info.title = title(of: 0)
        info.extra = Self.rootSizeAttributes(e, width: width, height: height, hasViewBox: viewBox != nil)
        applyCompositing(style, element: 0, to: &info)
        if let vb = viewBox {
            let text = [vb.x, vb.y, vb.width, vb.height].map(NumberText.format).joined(separator: " ")
            info.extra.append(StyleProperty("viewBox", text))
        }
        if let par = e.attribute("preserveAspectRatio") {
            info.extra.append(StyleProperty("preserveAspectRatio", par.trimmingCharacters(in: " \t\n\r")))
        }
        // Inherited by every text in the output as in the input (browsers ignore it there).
        if outputPreservesSpace { info.extra.append(StyleProperty("xml:space", "preserve")) }
        // Its font family, inherited by every text in the output as in the input.
        if let family = outputFontFamily(style) {
            info.extra.append(StyleProperty("font-family", family))
            markupBase["font-family"] = family
        }
        // Its CSS size limits, which bound the document's box in a browser.
        if let limits = RootSizeLimits.style(from: declarations.map { ($0.name, $0.value) }) {
            info.extra.append(StyleProperty("style", limits))
        }
        layer.svg = info
        let fixedBounds = layer.bounds
        let root = newLayer(layer, element: 0)
        var geometry = PendingGeometry()
        geometry.fixedBounds = fixedBounds
        if let vb = viewBox {
            geometry.viewportMapping = ViewBox(rect: vb, aspect: AspectRatio.parse(e.attribute("preserveAspectRatio")))
                .transform(into: Size(width, height))
        }
        pending.append(geometry)
        try applyAuthoring(to: root, element: 0, color: style.color, fontSize: style.fontSize)
        warnEventAttributes(0)
        let w = Work(element: 0, parent: root, style: .initial, viewport: base, context: .normal)
        attachClipPath(of: style, host: root, hostElement: 0, w)
        let viewport = viewBox?.size ?? Size(width, height)
        // The root's style is its document style (computed under `initial`).
        pushChildren(of: 0, w, parent: root, style: style, viewport: viewport, documentStyle: true)
        return root
    }

    /// The `font-family` the output's root carries: the root element's computed one, when the
    /// document has text. Every text and resource inherits it there as in the input, so their
    /// markup leaves it out where it is the same (a 2 KB family list on the root of 10,000
    /// texts was written 10,000 times).
    func outputFontFamily(_ rootStyle: ComputedStyle) -> String? {
        guard tree.hasSVGText, let k = ComputedStyle.inheritedExtraIndex["font-family"] else { return nil }
        return rootStyle.inheritedExtra(k)
    }

    /// Sizes the root to its content's extent from the origin (the largest right and bottom
    /// edge of its visible sublayers' frames), when the file gives no absolute size and no
    /// `viewBox`, as resvg sizes such a document; an empty document keeps 100 × 100.
    mutating func fitRootToContent(_ root: LayerID) {
        var right = 0.0, bottom = 0.0
        for c in layers.sublayers(of: root) where !layers[c].hidden {
            let f = layers.frame(of: c)
            guard !f.isNull, f.x.isFinite, f.y.isFinite, f.width.isFinite, f.height.isFinite else { continue }
            right = max(right, f.x + f.width)
            bottom = max(bottom, f.y + f.height)
        }
        guard right > 0, bottom > 0 else { return }
        layers.layers[root.index].bounds = Rect(0, 0, right, bottom)
        layers.layers[root.index].position = Point(right / 2, bottom / 2)
        if var info = layers[root].svg {
            for k in info.extra.indices where info.extra[k].name == "width" || info.extra[k].name == "height" {
                info.extra[k] = StyleProperty(info.extra[k].name, NumberText.format(info.extra[k].name == "width" ? right : bottom))
            }
            layers.layers[root.index].svg = info
        }
    }

    /// The root's `width` and `height` as the output writes them: in px, a percentage kept as
    /// written, and left out where the input leaves it out (or gives an invalid value) and has a
    /// `viewBox`, so that the output sizes itself as the input does: to its container in a
    /// browser (`width="100%"`, the height from the aspect ratio), to the viewBox in resvg. The
    /// root layer's bounds are the size resolved either way.
    static func rootSizeAttributes(_ e: ElementView, width: Double, height: Double, hasViewBox: Bool) -> [StyleProperty] {
        var out: [StyleProperty] = []
        for (name, value) in [("width", width), ("height", height)] {
            let text = e.attribute(name)
            let length = text.flatMap { Length.parse($0[...]) }
            // A `rem` or `calc()` size is written resolved, in px.
            let isCalc = length == nil && text.flatMap { CSSCalc.parseLength($0[...]) } != nil
            if hasViewBox && !isCalc && (length == nil || length?.value.isFinite == false || (length?.value ?? 0) < 0) { continue }
            if let l = length, l.unit == .percent, hasViewBox {
                out.append(StyleProperty(name, NumberText.format(l.value) + "%"))
            } else if let l = length, hasViewBox, [.pt, .pc, .mm, .cm, .in, .q].contains(l.unit) {
                // As written: in pixels, rounded to 6 decimals (660.472441pt is
                // 880.62992133… px), the viewBox maps a little off and edges on pixel
                // boundaries move a row.
                out.append(StyleProperty(name, NumberText.format(l.value) + l.unit.rawValue))
            } else {
                out.append(StyleProperty(name, NumberText.format(value)))
            }
        }
        return out
    }

    /// The root `svg`'s CSS `background-color` (or a `background` shorthand that is one color),
    /// as the layer's `backgroundColor`: browsers paint it under the whole viewport, the
    /// outermost `svg` having a CSS box. Nil for none, a transparent or an unreadable value.
    static func rootBackground(_ declarations: CascadedList, color: ParsedColor) -> String? {
        var value: String?
        for d in declarations where d.name == "background-color" || (d.name == "background" && value == nil) {
            value = d.value
        }
        guard let value, var c = ParsedColor.parse(value[...]) else { return nil }
        if c == .currentColor { c = color }
        if case .rgba(_, _, _, let a) = c, a <= 0 { return nil }
        return c.cssText
    }

    /// Applies the root `svg`'s own `transform`, once the root's size is final: outside the
    /// viewBox mapping (in viewport pixels), about its `transform-origin`, whose initial value
    /// for the outermost `svg` is the middle of the viewport (`50% 50%`: it has a CSS box), as
    /// Chromium draws it; percentages are of the viewport's width and height. Split as every
    /// layer's transform is: `position = M(anchor)`, `transform` = M's linear part.
    mutating func placeRoot(_ root: LayerID) {
        guard let (t, origin, fontSize) = rootTransform else { return }
        let bounds = layers[root].bounds
        let o = origin.offset(in: bounds.size, fontSize: fontSize, rootFontSize: rootFontSize)
        let ox = o.x, oy = o.y
        guard ox.isFinite, oy.isFinite else { return }
        let m = t.turned(aboutX: ox, y: oy)
        let ap = layers[root].anchorPoint
        // In viewport pixels: the root's frame is at the origin, whatever its bounds' origin.
        let position = m.apply(Point(ap.x * bounds.width, ap.y * bounds.height))
        guard [m.a, m.b, m.c, m.d, position.x, position.y].allSatisfy(\.isFinite) else { return }
        layers.layers[root.index].position = position
        // `lamina:transform3d` turns the root about its anchor before its own transform, as
        // every layer's does.
        let linear = Transform3D(m.linear)
        layers.layers[root.index].transform = pending[root.index].transform3D.map { $0.concatenating(linear) } ?? linear
    }

    /// Whether a viewport clips: `overflow` other than visible/auto, or the UA default.
    static func clipsOverflow(_ style: ComputedStyle, _ declarations: CascadedList, byDefault: Bool) -> Bool {
        guard declarations.contains(where: { $0.property == .overflow }) else { return byDefault }
        return style.overflow != "visible" && style.overflow != "auto"
    }
}
