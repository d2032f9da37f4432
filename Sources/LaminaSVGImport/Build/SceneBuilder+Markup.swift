import LaminaCore

extension SceneBuilder {
    /// One step of the iterative serializer.
    private enum Step {
        case open(Int, ComputedStyle, [String: String])
        case close(String)
        case text(String)
    }

    /// Re-serializes an element subtree with each element's computed style written as
    /// attributes (only where it differs from what the parent element already gives).
    ///
    /// `asLayerContent`: the root's `transform` (turned about its `transform-origin`),
    /// `opacity`, `clip-path`, `mask`, `filter` and `display` belong to its layer and are left
    /// out. Event attributes, scripts, foreign
    /// elements and external references are dropped; referenced ids become resources.
    ///
    /// `kept`: what of such a root's layer facts its markup keeps instead (a text or image
    /// whose geometry depends on a box Lamina does not know, ``rendererBoxFacts(_:_:_:)``):
    /// its `clip-path`, `mask` and `filter`; its transform with `transform-origin` and
    /// `transform-box`.
    ///
    /// `percentsOf`: the viewport that percentages in positions and sizes (a text's `x`, `y`,
    /// `dx`, `dy`, `textLength`, an image's `x`, `y`, `width`, `height`) refer to, when it is not the output's
    /// (content of a nested `svg` or `symbol`): they are written resolved, in user units.
    ///
    /// `rootIsResource`: the root is a resource whose id references name (the default when not
    /// `asLayerContent`), so its id is always written; a pattern's children are not.
    mutating func markup(
        of root: Int, parentStyle: ComputedStyle, viewport: Size, asLayerContent: Bool,
        rootStyle: (ComputedStyle, CascadedList)? = nil, percentsOf: Size? = nil, kept: RendererBoxFacts? = nil,
        rootIsResource: Bool? = nil
    ) -> String {
        let rootIsResource = rootIsResource ?? !asLayerContent
        var out = ""
        // The root's `color`, written after its other attributes once a `currentColor` in the
        // markup needs it (the output has none of the root's ancestors).
        var rootColor: (text: String, at: Int)?
        var keptCurrentColor = false
        let outerRoot = markupRoot
        markupRoot = root
        defer { markupRoot = outerRoot }
        var stack: [Step] = [.open(root, parentStyle, markupBase)]
        while let step = stack.popLast() {
            switch step {
            case .text(let t):
                out += MarkupText.text(t)
            case .close(let name):
                out += "</\(name)>"
            case .open(let e, let inherited, let parentProperties):
                let el = tree[e]
                guard el.isSVG else { continue }
                if el.name == "script" || el.name == "foreignObject" {
                    warn("'\(el.name)' dropped", e)
                    continue
                }
                let isRoot = e == root
                // The layer's (as content of one), unless the markup keeps them.
                let layerRoot = isRoot && asLayerContent
                let ownTransform = !layerRoot || kept?.transform == true
                // The root's style under `parentStyle` when the caller has it already.
                let (style, declarations) = isRoot ? rootStyle ?? computeStyle(e, parent: inherited) : computeStyle(e, parent: inherited)
                out += "<" + el.name
                // A CSS `transform` (sheet or `style`, which are not written) wins over the
                // attribute: written resolved in its place.
                var cssTransform = false
                for i in declarations.indices where declarations[i].property == .transform { cssTransform = true }
                writeAttributes(
                    e, into: &out, skipTransform: !ownTransform || cssTransform,
                    skipConditions: isRoot && asLayerContent, uniqueIDs: !(isRoot && rootIsResource),
                    percentsOf: percentsOf.map { ($0, style.fontSize) })
                if isRoot, let space = inheritedXMLSpace(of: e) { append("xml:space", space, to: &out) }
                if cssTransform, ownTransform, case .transform(let t) = Self.transformResult(in: tree, e, declarations),
                    t != .identity
                {
                    append("transform", Self.matrixText(t), to: &out)
                }
                // Its transform's origin, from the cascade; the layer's transform holds the
                // root's already.
                // CSS-only properties (``CSSOnlyProperties``) go to one `style` attribute.
                var css: [(name: String, value: String)] = []
                if ownTransform {
                    for i in declarations.indices where declarations[i].property == .transformOrigin {
                        append("transform-origin", declarations[i].value, to: &out)
                    }
                    for i in declarations.indices where declarations[i].property == .transformBox {
                        css.append(("transform-box", declarations[i].value))
                    }
                }
                var content = Content(shape: .path(""))
                style.applyPaint(to: &content, viewport: viewport)
                // Checked, not requested: writing the `url()` requests it, unless the server
                // lies inside this markup, which holds it already.
                content.fill = content.fill.map { validPaint($0) }
                content.stroke = content.stroke.map { validPaint($0) }
                var properties = MarkupText.properties(of: content, fontSize: style.fontSize)
                // Context paint with no `use` around: the keyword, for the renderer to resolve
                // inside a marker (elsewhere it paints nothing, as `none` would).
                for (name, paint) in [("fill", style.fill), ("stroke", style.stroke)] {
                    guard case .context(let stroke) = paint, let k = properties.firstIndex(where: { $0.0 == name }) else { continue }
                    properties[k].1 = stroke ? "context-stroke" : "context-fill"
                }
                if keepCurrentColor(style, declarations, isRoot: isRoot, parentProperties, in: &properties) {
                    keptCurrentColor = true
                }
                // Decorations of ancestors: the text says them (in their paint, `tspan`s inside).
                let ownProperties = properties
                let wrappers = isRoot && el.name == "text"
                    ? decorationWrappers(of: e, style: style, viewport: viewport, properties: &properties) : nil
                // A font size given somewhere is written where the output would otherwise leave
                // it to the renderer's default, which is 12 px in resvg, not 16.
                let ownFontSize = style.fontSizeSpecified && (isRoot || !inherited.fontSizeSpecified)
                for (k, v) in properties where parentProperties[k] != v || (ownFontSize && k == "font-size") {
                    if CSSOnlyProperties.contains(k) { css.append((k, v)) } else { append(k, v, to: &out) }
                }
                // A root whose family is the initial one (an ancestor's `font-family: initial`)
                // must not take the one the output's root carries.
                if isRoot, markupBase["font-family"] != nil, !properties.contains(where: { $0.0 == "font-family" }) {
                    css.append(("font-family", "initial"))
                }
                if let text = CSSOnlyProperties.styleText(css) { append("style", text, to: &out) }
                // A mask's own mask, written as a group around its children.
                var childMask: String?
                if !layerRoot {
                    if style.opacity != 1 { append("opacity", NumberText.format(style.opacity), to: &out) }
                    if let c = style.clipPath {
                        append("clip-path", "url(#\(c))", to: &out)
                    } else if let shape = style.clipShape {
                        // A basic shape, for the renderer (pattern, marker and mask content).
                        append("clip-path", shape.text, to: &out)
                    }
                    if let m = style.mask {
                        switch maskReferenceForm(m, on: e) {
                        case .attribute: append("mask", "url(#\(m))", to: &out)
                        case .childGroup: childMask = m
                        case .dropped: break
                        }
                    }
                    if let items = style.filters {
                        // References as written: the renderer skips a missing one in markup.
                        let ids = items.compactMap { filterID($0, style) }
                        append("filter", ids.map { "url(#\($0))" }.joined(separator: " "), to: &out)
                    }
                    if style.isDisplayNone { append("display", "none", to: &out) }
                } else if let kept {
                    // Checked already, as the layer's would be.
                    if let c = kept.clip { append("clip-path", c, to: &out) }
                    if let m = kept.mask { append("mask", "url(#\(m))", to: &out) }
                    if !kept.filters.isEmpty { append("filter", kept.filters.map { "url(#\($0))" }.joined(separator: " "), to: &out) }
                }
                // Not inherited and not a paint: written where the cascade sets it (Inkscape's
                // stock markers draw outside their 1 × 1 viewport with `overflow:visible`).
                if declarations.contains(where: { $0.property == .overflow }) {
                    append("overflow", style.overflow, to: &out)
                }
                if el.name == "stop" {
                    append("stop-color", style.stopColor, to: &out)
                    append("stop-opacity", NumberText.format(style.stopOpacity), to: &out)
                }
                if isRoot, style.color != .black, !properties.contains(where: { $0.0 == "color" }) {
                    rootColor = (style.color.cssText, out.utf8.count)
                }
                if el.content.isEmpty {
                    out += "/>"
                    continue
                }
                out += ">"
                stack.append(.close(el.name))
                if let childMask {
                    out += "<g"
                    append("mask", "url(#\(childMask))", to: &out)
                    out += ">"
                    stack.append(.close("g"))
                }
                for wrapper in wrappers ?? [] {
                    out += "<tspan"
                    for (k, v) in wrapper { append(k, v, to: &out) }
                    out += ">"
                    stack.append(.close("tspan"))
                }
                // What the children's properties are compared with (only built for element
                // children: a text run's `text` has none).
                var mine: [String: String] = [:]
                if el.content.contains(where: { if case .element = $0 { true } else { false } }) {
                    mine.reserveCapacity(ownProperties.count + 1)
                    for (k, v) in ownProperties { mine[k] = v }
                    // The `color` in scope below, written here or above (the root's, when needed).
                    if mine["color"] == nil, let c = isRoot ? rootColor?.text : parentProperties["color"] { mine["color"] = c }
                }
                for c in el.content.reversed() {
                    switch c {
                    case .element(let child): stack.append(.open(child, style, mine))
                    case .text(let t): stack.append(.text(t))
                    }
                }
            }
        }
        if keptCurrentColor, let (text, at) = rootColor {
            var attribute = ""
            append("color", text, to: &attribute)
            out.insert(contentsOf: attribute, at: out.utf8.index(out.utf8.startIndex, offsetBy: at))
        }
        return out
    }

    /// `currentColor` paints stay the keyword, and `color` goes where the cascade sets it when it
    /// differs from the one in scope (an inherited one on the root, the caller's, once a
    /// keyword in its markup needs it): an element that a `use` in
    /// the markup instances takes the `use`'s `color`, as in the input, not the one of its own
    /// place (a `rect` in a pattern's `defs` with `fill="currentColor"`, drawn by
    /// `<use color="green">`, is green in Chromium and resvg). True when a paint is the keyword.
    private func keepCurrentColor(
        _ style: ComputedStyle, _ declarations: CascadedList, isRoot: Bool, _ parentProperties: [String: String],
        in properties: inout [(String, String)]
    ) -> Bool {
        var kept = false
        for (name, paint) in [("fill", style.fillPaint), ("stroke", style.strokePaint)] {
            guard case .color(.currentColor) = paint, let k = properties.firstIndex(where: { $0.0 == name }) else { continue }
            properties[k].1 = "currentColor"
            kept = true
        }
        // A root `use` gives its copy the `color` it inherits, which the output must say.
        let sets = declarations.contains(where: { $0.property == .color }) || (isRoot && tree[markupRoot ?? 0].name == "use")
        if sets, style.color != .black || parentProperties["color"] != nil {
            properties.append(("color", style.color.cssText))
        }
        return kept
    }

    /// Writes `name="value"`, requesting any `url(#id)` it names as a resource.
    /// Requests element `id` as a resource, unless it lies inside the subtree being written
    /// (a `clipPath` inside a group a pattern uses, a gradient inside a mask) or inside the
    /// pattern whose children are being written: it is written there already, and a second
    /// copy in `defs` would repeat its id.
    private mutating func requestOutsideMarkup(_ id: String) {
        guard let target = element(id: id) else { return }
        for root in [markupRoot, markupScope] {
            guard let root else { continue }
            var cur = tree.parent(target)
            while let p = cur {
                if p == root { return }
                cur = tree.parent(p)
            }
        }
        resources.request(id)
    }

    private mutating func append(_ name: String, _ value: String, to out: inout String) {
        guard MarkupSafety.isSafeAttributeFast(name, value) else { return }
        if FragmentCheck.contains(value, "url(") {
            for id in MarkupText.urlReferences(value) { requestOutsideMarkup(id) }
        }
        out += " \(name)=\"\(MarkupText.attribute(value))\""
    }

    /// The element's own attributes, minus styling (written computed), Lamina's, events,
    /// foreign namespaces and external links; with `skipConditions`, minus the conditional
    /// processing attributes the import has evaluated (the output then draws the same whatever
    /// the viewer's language). With `uniqueIDs`, an `id` that markup written before already
    /// holds is left out: each `use` of a text copies its markup, ids and all, and so does a
    /// pattern inheriting another's children through `href`; the output held the id once per
    /// copy (a reference to it still finds the first, the same content). A resource's own id
    /// is always written: references to it name it.
    private mutating func writeAttributes(
        _ e: Int, into out: inout String, skipTransform: Bool, skipConditions: Bool, uniqueIDs: Bool,
        percentsOf: (Size, Double)?
    ) {
        let el = tree[e]
        let plainHref = el.attribute("href") != nil
        for a in el.attributes {
            if a.namespace == XMLNamespace.xml {
                append("xml:\(a.name)", a.value, to: &out)
                continue
            }
            let isHref = a.name == "href" && (a.namespace == nil || (a.namespace == XMLNamespace.xlink && !plainHref))
            if isHref {
                let v = a.value.trimmingCharacters(in: " \t\n\r")
                if v.hasPrefix("#") {
                    requestOutsideMarkup(String(v.dropFirst()))
                    append("href", v, to: &out)
                } else if el.name == "image" || el.name == "feImage", let url = MarkupSafety.imageDataURL(v) {
                    append("href", url, to: &out)
                } else {
                    warn("external reference '\(v.prefix(80))' dropped", e)
                }
                continue
            }
            guard a.namespace == nil else { continue }
            if a.name == "style" || a.name == "class" || PresentationAttributes.names.contains(a.name) { continue }
            if a.name.hasPrefix("on") {
                warn("event attribute '\(a.name)' dropped", e)
                continue
            }
            if a.name == "transform" && skipTransform { continue }
            if uniqueIDs, a.name == "id", !markupIDs.insert(a.value).inserted { continue }
            if skipConditions, Self.conditionalAttributes.contains(a.name) { continue }
            if let (viewport, fontSize) = percentsOf, let axis = Self.percentAxis(element: el.name, attribute: a.name),
                a.value.utf8.contains(UInt8(ascii: "%")), let list = Length.parseList(a.value[...]), !list.isEmpty
            {
                let base = axis == .horizontal ? viewport.width : viewport.height
                let values = list.map { $0.resolve(percentBase: base, fontSize: fontSize) }
                if values.allSatisfy(\.isFinite) {
                    append(a.name, values.map { NumberText.format($0) }.joined(separator: " "), to: &out)
                    continue
                }
            }
            append(a.name, a.value, to: &out)
        }
    }

    private enum PercentAxis { case horizontal, vertical }

    /// Which viewport side a percentage in this attribute of this element is of, for the
    /// positions and sizes verbatim markup carries (nil: not one of them).
    private static func percentAxis(element: String, attribute: String) -> PercentAxis? {
        switch (element, attribute) {
        case ("text", "x"), ("text", "dx"), ("tspan", "x"), ("tspan", "dx"), ("image", "x"), ("image", "width"):
            return .horizontal
        // Of the viewport's width in Chromium (resvg 0.44 takes its normalized diagonal).
        case ("text", "textLength"), ("tspan", "textLength"), ("textPath", "textLength"):
            return .horizontal
        case ("text", "y"), ("text", "dy"), ("tspan", "y"), ("tspan", "dy"), ("image", "y"), ("image", "height"):
            return .vertical
        default:
            return nil
        }
    }
}
