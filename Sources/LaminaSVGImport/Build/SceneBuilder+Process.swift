import LaminaCore

extension SceneBuilder {
    /// Elements that never draw where they stand (definitions, metadata, animation).
    static var silentElements: Set<String> { ElementKind.silentNames }

    /// Builds one element (and queues its children).
    mutating func process(_ w: Work) throws(SVGImportError) {
        guard tree.isSVG(w.element) else { return }
        // Conditional processing applies to every element, not only a `switch`'s children
        // (SVG 1.1 §5.8; Chromium and resvg alike): one whose conditions fail is not drawn.
        if hasConditionalAttributes, !conditionsHold(w.element) { return }
        let kind = tree.kind(w.element)
        built += 1
        if built > buildCap {
            throw SVGImportError(
                .useExpansion, "instancing ('use', 'clip-path') creates more than \(buildCap) elements",
                at: tree.location(of: w.element))
        }
        if w.context == .clip, !(kind.isShape || kind == .text || kind == .use) {
            return
        }
        switch kind {
        case .group:
            let (style, declarations, inDocument) = computeStyle(of: w)
            if tree[w.element].name == "a", let href = hrefValue(of: w.element), href.lowercased().hasPrefix("javascript:") {
                warn("'javascript:' link dropped", w.element)
            }
            let layer = try makeLayer(
                w, style: style, transform: transformAttribute(w.element, declarations, viewport: w.viewport, fontSize: style.fontSize),
                rendererTransform: rendererBoxTransform(w, declarations, fontSize: style.fontSize))
            noteFillBox(layer, w.element, declarations, fontSize: style.fontSize)
            pushChildren(of: w.element, w, parent: layer, style: style, viewport: w.viewport, documentStyle: inDocument)
        case .switch:
            let (style, declarations) = computeStyle(w.element, parent: w.style)
            let layer = try makeLayer(
                w, style: style, transform: transformAttribute(w.element, declarations, viewport: w.viewport, fontSize: style.fontSize),
                rendererTransform: rendererBoxTransform(w, declarations, fontSize: style.fontSize))
            noteFillBox(layer, w.element, declarations, fontSize: style.fontSize)
            if let child = switchChoice(w.element) {
                var next = w
                next.element = child
                next.parent = layer
                next.style = style
                next.useSize = nil
                work.append(next)
            }
        case .svg, .symbol:
            if kind == .symbol, w.useSize == nil { return }
            try buildViewport(w)
        case .use:
            try buildUse(w)
        case .text, .image:
            try buildVerbatim(w)
        case .foreignObject:
            warn("'foreignObject' dropped", w.element)
        case .script:
            warn("'script' dropped", w.element)
        case .rect, .circle, .ellipse, .line, .polyline, .polygon, .path:
            try buildShape(w)
        case .silent:
            break
        case .other:
            warn("unsupported element '\(tree[w.element].name)' skipped", w.element)
        }
    }

    /// The element's transform: a CSS `transform` declaration (sheet or `style`) wins over the
    /// attribute; identity when absent; invalid: identity and a warning. It turns about the
    /// element's `transform-origin` (see ``aboutOrigin(_:_:viewport:fontSize:rootFontSize:)``).
    mutating func transformAttribute(
        _ element: Int, _ declarations: CascadedList, viewport: Size, fontSize: Double
    ) -> AffineTransform {
        if !Self.hasTransformDeclaration(declarations), let t = plainTransform(element) { return t }
        let t = planeTransform(elementTransform(element, declarations), element)
        // About a point of the bounding box: turned once the box is known (`noteFillBox`).
        if Self.fillBoxReference(declarations) { return t }
        return Self.aboutOrigin(t, declarations, viewport: viewport, fontSize: fontSize, rootFontSize: rootFontSize)
    }

    /// Whether some declaration sets `transform`, `transform-box` or `transform-origin` (one
    /// pass for the three; most elements have none).
    static func hasTransformDeclaration(_ declarations: CascadedList) -> Bool {
        // A plain list holds none (``CascadedList/isPlain``).
        if declarations.isPlain { return false }
        for i in declarations.indices {
            let p = declarations[i].property
            if p == .transform || p == .transformBox || p == .transformOrigin { return true }
        }
        return false
    }

    /// ``transformAttribute(_:_:viewport:fontSize:)`` of an element without a transform
    /// declaration (``hasTransformDeclaration(_:)``), when it is a plane transform: the
    /// prefetch's, else the attribute's in plain SVG syntax read from its bytes, identity
    /// without one; nil for anything else (text in CSS syntax, an invalid or a 3D transform,
    /// an element whose transform text is remembered), which the general path reads and warns
    /// about. What it returns is what that path gives such an element (no origin to turn
    /// about, no box reference), without making a ``TransformResult`` (an enum with text
    /// payloads, destroyed through the runtime's generic witness) or a pass per property: 250
    /// instructions an element.
    private mutating func plainTransform(_ element: Int) -> AffineTransform? {
        if let known = prefetch?.transform(element) {
            if case .transform(let t) = known { return t }
            return nil
        }
        guard transformMemo.isEmpty else { return nil }
        guard let parsed = tree.withTransformBytes(element, { TransformList.parse(bytes: $0) }) else { return .identity }
        return parsed
    }

    /// The transform of `result`: identity, with a warning on `element`, for an invalid or a
    /// 3D one.
    mutating func planeTransform(_ result: TransformResult, _ element: Int) -> AffineTransform {
        switch result {
        case .transform(let t):
            return t
        case .invalid(let text):
            warn("invalid transform '\(text)' ignored", element)
            return .identity
        case .threeD(let text):
            warn("3D transform '\(text)' ignored (an SVG element's transform is plane; lamina:transform3d gives a layer a 3D one)", element)
            return .identity
        }
    }

    /// Whether `transform-box` makes the element's bounding box the reference box for its
    /// `transform-origin`: `fill-box` and `content-box` (its used value for SVG content), and
    /// `stroke-box` and `border-box` (the stroke box, ``strokeBoxReference(_:)``); `view-box`
    /// does not.
    static func fillBoxReference(_ declarations: CascadedList) -> Bool {
        transformBox(declarations).map { RendererTransform.boxKeywords.contains($0) } ?? false
    }

    /// Whether `transform-box` is `stroke-box` or `border-box` (its used value for SVG content,
    /// CSS Transforms 1 §2), whose reference box is the stroke bounding box.
    static func strokeBoxReference(_ declarations: CascadedList) -> Bool {
        let k = transformBox(declarations)
        return k == "stroke-box" || k == "border-box"
    }

    /// The valid `transform-box` keyword among `declarations`, if any.
    private static func transformBox(_ declarations: CascadedList) -> String? {
        if declarations.isPlain { return nil }
        // Indexing, not `first(where:)`: a closure over each element copies (retains) it.
        for i in declarations.indices where declarations[i].property == .transformBox {
            guard case .keyword(let k) = declarations[i].parsed else { return nil }
            return k
        }
        return nil
    }

    /// Half the width of the stroke `style` draws (0 without one): how far a basic shape's
    /// stroke box reaches past its fill box (exactly, for a `rect`, `circle` or `ellipse`).
    static func strokeOutset(_ style: ComputedStyle, viewport: Size) -> Double {
        let width = style.strokeWidth.resolve(percentBase: viewport.normalizedDiagonal, fontSize: style.fontSize)
        let stroked = ComputedStyle.paint(style.stroke) != .none && width.isFinite && width > 0
        return stroked ? width / 2 : 0
    }

    /// The `transform-origin` among `declarations`, if any and valid.
    static func transformOrigin(_ declarations: CascadedList) -> TransformOrigin? {
        if declarations.isPlain { return nil }
        for i in declarations.indices where declarations[i].property == .transformOrigin {
            return TransformOrigin.parse(declarations[i].value)
        }
        return nil
    }

    /// Records a `transform-box: fill-box` element's transform on its layer, for
    /// `finalizeGeometry` to turn about the origin in the element's bounding box (`placement`:
    /// what comes before the element's transform, a `use`'s x/y). With `stroke-box` (or
    /// `border-box`), the box is grown to the layer's shape's outline drawn with `stroke`
    /// (``strokeBoxOutsets(_:_:)``, as Chromium bounds it); nil for a container, whose stroke
    /// box Lamina takes as its fill box. The closure captures no shape: copying one into it for
    /// every shape cost 0.9 % of a drawing of 10,000 shapes.
    mutating func noteFillBox(
        _ layer: LayerID, _ element: Int, _ declarations: CascadedList, fontSize: Double,
        placement: AffineTransform = .identity, stroke: @autoclosure () -> StrokeOutline? = nil
    ) {
        guard Self.fillBoxReference(declarations) else { return }
        let result = elementTransform(element, declarations)
        guard case .transform(let t) = result, t != .identity else { return }
        let origin = Self.transformOrigin(declarations) ?? TransformOrigin(x: .zero, y: .zero)
        // Computed only here: most shapes have no `transform-box`.
        let outsets = Self.strokeBoxReference(declarations)
            ? Self.strokeBoxOutsets(layers.layers[layer.index].content?.shape, stroke()) : StrokeBoxOutsets()
        pending[layer.index].fillBox = FillBoxOrigin(
            origin: origin, fontSize: fontSize, rootFontSize: rootFontSize, transform: t, placement: placement, outsets: outsets)
    }

    /// `t` about the `transform-origin` among `declarations`: `translate(o) t translate(-o)`.
    /// As resvg resolves it, the reference box is the viewport (`transform-box: view-box`):
    /// percentages are of its width and height, `em` of the element's font size, `rem` of
    /// the root's. Without an origin, or for the identity, `t` itself.
    static func aboutOrigin(
        _ t: AffineTransform, _ declarations: CascadedList, viewport: Size, fontSize: Double, rootFontSize: Double
    ) -> AffineTransform {
        guard t != .identity, let origin = transformOrigin(declarations) else { return t }
        let o = origin.offset(in: viewport, fontSize: fontSize, rootFontSize: rootFontSize)
        let ox = o.x, oy = o.y
        guard ox.isFinite, oy.isFinite, ox != 0 || oy != 0 else { return t }
        let about = t.turned(aboutX: ox, y: oy)
        let finite = [about.a, about.b, about.c, about.d, about.tx, about.ty].allSatisfy(\.isFinite)
        return finite ? about : t
    }

    /// A transform, or the text of an invalid one.
    enum TransformResult: Sendable {
        case transform(AffineTransform)
        case invalid(String)
        /// Valid CSS, but not plane.
        case threeD(String)
    }

    /// ``transformAttribute(_:_:)`` without the warning: a pure function of the document.
    static func transformResult(in tree: ElementTree, _ element: Int, _ declarations: CascadedList) -> TransformResult {
        transformResultAndPath(in: tree, element, declarations).result
    }

    /// ``transformResult(in:_:_:)``, and whether it was read from text (a declaration, or an
    /// attribute not in plain SVG syntax), which costs in proportion to the value's length.
    static func transformResultAndPath(
        in tree: ElementTree, _ element: Int, _ declarations: CascadedList
    ) -> (result: TransformResult, fromText: Bool) {
        var text: String?
        if !declarations.isPlain {
            for i in declarations.indices where declarations[i].property == .transform { text = declarations[i].value }
        }
        if text == nil {
            // The attribute alone: parsed from its bytes, a `String` only for the warning.
            guard let parsed = tree.withTransformBytes(element, { TransformList.parse(bytes: $0) }) else {
                return (.transform(.identity), false)
            }
            if let t = parsed { return (.transform(t), false) }
            text = tree.attribute(element, "transform")
        }
        guard let text else { return (.transform(.identity), false) }
        if let t = TransformList.parse(text[...]) { return (.transform(t), true) }
        // CSS syntax, as browsers read the property and the attribute: units (`45deg`,
        // `10px`), `translateX()`, `skew()`… A plane result is the transform; a 3D one cannot
        // be an SVG element's (`lamina:transform3d` gives a layer a 3D transform).
        if let m = CSSTransform3D.parse(text) {
            return (m.isAffine ? .transform(m.affineTransform) : .threeD(text), true)
        }
        return (.invalid(text), true)
    }

    /// The element's ``TransformResult``: the prefetch's, or one remembered, or read now (and
    /// remembered when read from text: an element instanced by many `use`s is built once per
    /// copy, and a long CSS transform list read each time made a small file run for minutes).
    mutating func elementTransform(_ element: Int, _ declarations: CascadedList) -> TransformResult {
        // The memo is looked up only when it holds something (a hash of every element otherwise).
        if let known = prefetch?.transform(element) ?? (transformMemo.isEmpty ? nil : transformMemo[element]) { return known }
        let (result, fromText) = Self.transformResultAndPath(in: tree, element, declarations)
        if fromText { transformMemo[element] = result }
        return result
    }

    /// `href` (SVG 2) or `xlink:href`, the plain one winning.
    func hrefValue(of element: Int) -> String? {
        tree.attribute(element, "href") ?? tree.attribute(element, "href", namespace: XMLNamespace.xlink)
    }

    /// The first child of a `switch` whose conditions hold (evaluated as resvg does).
    func switchChoice(_ element: Int) -> Int? {
        for child in tree[element].children {
            let c = tree[child]
            guard c.isSVG, !c.kind.isSilent else { continue }
            if conditionsHold(child) { return child }
        }
        return nil
    }

    /// The conditional processing attributes (SVG 1.1 §5.8).
    static let conditionalAttributes: Set<String> = ["requiredExtensions", "requiredFeatures", "systemLanguage"]

    /// Whether the document has a conditional processing attribute anywhere (most have none:
    /// then no element is looked at for them).
    static func hasConditionalAttributes(_ tree: ElementTree) -> Bool {
        tree.table.attributeNames.contains { $0.namespace == nil && conditionalAttributes.contains($0.name) }
    }

    /// Whether `element`'s conditions hold, evaluated as resvg does: no extension is
    /// supported, an empty `requiredFeatures` fails, and the language is English.
    func conditionsHold(_ element: Int) -> Bool {
        let c = tree[element]
        if c.attribute("requiredExtensions") != nil { return false }
        if let features = c.attribute("requiredFeatures"), features.isEmpty { return false }
        if let languages = c.attribute("systemLanguage") {
            return languages.split(separator: ",").contains { lang in
                let l = lang.trimmingCharacters(in: " \t\n\r").lowercased()
                return l == "en" || l.hasPrefix("en-")
            }
        }
        return true
    }

    /// A length attribute resolved to user units (nil when absent or invalid).
    func length(_ element: Int, _ name: String, percentOf base: Double, fontSize: Double) -> Double? {
        Self.length(in: tree, element, name, percentOf: base, fontSize: fontSize, rootFontSize: rootFontSize)
    }

    /// A length attribute (no namespace) of an element resolved to user units (nil when
    /// absent or invalid). Besides SVG's lengths, `rem` (of `rootFontSize`) and `calc()`, as
    /// Chromium reads a geometry attribute (`width="calc(50% - 10px)"`, `r="1rem"`); these are
    /// tried only once a plain length has failed.
    static func length(
        in tree: ElementTree, _ element: Int, _ name: String, percentOf base: Double, fontSize: Double, rootFontSize: Double
    ) -> Double? {
        guard let parsed = tree.withAttributeBytes(element, name, { Length.parse(bytes: $0) }) else { return nil }
        guard let l = parsed else {
            return calcLength(in: tree, element, name, percentOf: base, fontSize: fontSize, rootFontSize: rootFontSize)
        }
        let v = l.resolve(percentBase: base, fontSize: fontSize)
        return v.isFinite ? v : nil
    }

    /// The length attribute in `slot` (nil for none) resolved to user units (nil when invalid),
    /// with `rem` and `calc()` as ``length(in:_:_:percentOf:fontSize:rootFontSize:)`` reads them.
    static func length(in tree: ElementTree, slot: Int?, percentOf base: Double, fontSize: Double, rootFontSize: Double) -> Double? {
        guard let slot else { return nil }
        guard let l = tree.withAttributeBytes(slot: slot, { Length.parse(bytes: $0) }) else {
            return calcLength(tree.table.value(slot), percentOf: base, fontSize: fontSize, rootFontSize: rootFontSize)
        }
        let v = l.resolve(percentBase: base, fontSize: fontSize)
        return v.isFinite ? v : nil
    }

    /// ``length(in:_:_:percentOf:fontSize:rootFontSize:)``'s `rem` or `calc()`, out of line:
    /// kept inline, it made every shape's geometry retain and release the tree (+0.4 % of a
    /// drawing of 10,000 shapes).
    @inline(never)
    private static func calcLength(
        in tree: ElementTree, _ element: Int, _ name: String, percentOf base: Double, fontSize: Double, rootFontSize: Double
    ) -> Double? {
        guard let text = tree.attribute(element, name) else { return nil }
        return calcLength(text, percentOf: base, fontSize: fontSize, rootFontSize: rootFontSize)
    }

    /// The value of a `rem` or `calc()` length `text` in user units (nil when it is neither, or
    /// not finite).
    @inline(never)
    static func calcLength(_ text: String, percentOf base: Double, fontSize: Double, rootFontSize: Double) -> Double? {
        guard let c = CSSCalc.parseLength(text[...]) else { return nil }
        let v = c.resolve(percentBase: base, fontSize: fontSize, rootFontSize: rootFontSize)
        return v.isFinite ? v : nil
    }
}
