import LaminaCore

extension SceneBuilder {
    /// The `clip-path` a group, `switch` or `use` keeps for the renderer: one whose geometry
    /// depends on the element's object bounding box (a clip path in `objectBoundingBox` units,
    /// or one its `clip-path` chain reaches; a basic shape or reference box other than
    /// `view-box`) when that box holds a text's or an auto-sized image's
    /// (``boxHoldsRendererBox(_:)``), which Lamina only guesses. The layer then has no mask
    /// layer for it: the property is one of its compositing facts (`svg.extra`), written on a
    /// group holding its drawables in its own user space, so the renderer takes the box of what
    /// it draws, as it does the input's. Nil otherwise (the clip is the layer's mask, exact).
    mutating func rendererBoxClip(_ w: Work, _ style: ComputedStyle) -> StyleProperty? {
        guard w.context != .clip, tree.kind(w.element).isContainerOrUse else { return nil }
        var reference: String?
        let value: String
        if let id = style.clipPath {
            // `clipUsesBoundingBox` checks that the first link is a clip path.
            guard clipUsesBoundingBox(id) else { return nil }
            reference = id
            value = "url(#\(id))"
        } else if let shape = style.clipShape, shape.box != .view {
            value = shape.text
        } else {
            return nil
        }
        guard boxHoldsRendererBox(w.element) else { return nil }
        if let reference { resources.request(reference) }
        return StyleProperty("clip-path", value)
    }

    /// The transform a group, `switch` or `use` keeps for the renderer (``RendererTransform``,
    /// as `svg.extra` properties): one about a point of its own box (`transform-box: fill-box`,
    /// `stroke-box`, `content-box`, `border-box`) that is not a translation, when that box holds
    /// a text's or an auto-sized image's (``boxHoldsRendererBox(_:)``). `placement` is what
    /// comes first (a `use`'s x/y): Chromium takes the box without it, and turning
    /// `placement` then the transform about the origin is that. Empty otherwise.
    mutating func rendererBoxTransform(
        _ w: Work, _ declarations: CascadedList, fontSize: Double, placement: AffineTransform = .identity
    ) -> [StyleProperty] {
        guard w.context != .clip, tree.kind(w.element).isContainerOrUse else { return [] }
        var box: String?
        for i in declarations.indices where declarations[i].property == .transformBox {
            if case .keyword(let k) = declarations[i].parsed, RendererTransform.boxKeywords.contains(k) { box = k }
            break
        }
        guard let box, case .transform(let t) = elementTransform(w.element, declarations), t.linear != .identity,
            boxHoldsRendererBox(w.element)
        else { return [] }
        // The list as written, which renderers draw exactly as the input's (a matrix written
        // with six decimals turns glyph edges by a fraction of a pixel); a CSS declaration, in
        // another syntax, as a matrix.
        var list: String
        if !declarations.contains(where: { $0.property == .transform }), let a = tree.attribute(w.element, "transform"),
            TransformList.parse(a[...]) != nil
        {
            list = a
            if placement != .identity { list += " translate(\(NumberText.format(placement.tx)) \(NumberText.format(placement.ty)))" }
        } else {
            let m = placement.concatenating(t)
            list = "matrix(" + m.elements.map { NumberText.format($0) }.joined(separator: " ") + ")"
        }
        var properties = [StyleProperty("transform", list)]
        if let o = Self.transformOrigin(declarations) {
            // Lengths in pixels (an `em` of the element's font size, which the group has not; a
            // `rem` of the root's), a percentage kept, a sum of both as a `calc()`.
            let rootFontSize = self.rootFontSize
            func text(_ c: CSSCalc) -> String {
                let px = NumberText.format(c.resolve(percentBase: 0, fontSize: fontSize, rootFontSize: rootFontSize)) + "px"
                let percent = NumberText.format(c.percent) + "%"
                if c.percent == 0 { return px }
                return c.px == 0 && c.em == 0 && c.ex == 0 && c.rem == 0 ? percent : "calc(" + percent + " + " + px + ")"
            }
            properties.append(StyleProperty("transform-origin", text(o.x) + " " + text(o.y)))
        }
        properties.append(StyleProperty("transform-box", box))
        return properties
    }

    /// Whether what `element` draws (its children, a `use`'s target, a `symbol` through a `use`,
    /// following `use`s that are not part of a cycle) holds a text, or an image without a
    /// `width` or `height`: their boxes are the renderer's, not Lamina's. Elements that never
    /// draw where they stand (definitions, clip paths, masks …) are not looked into. Answers are
    /// kept per element, so every element is looked at once per document.
    mutating func boxHoldsRendererBox(_ element: Int) -> Bool {
        // 0: not known, 1: being looked at (a cycle counts as no), 2: no, 3: yes. Moved out of
        // the builder for the walk (and back), so that the children's look reads it beside it.
        if rendererBoxMemo.isEmpty { rendererBoxMemo = [UInt8](repeating: 0, count: tree.count) }
        var memo = rendererBoxMemo
        rendererBoxMemo = []
        defer { rendererBoxMemo = memo }
        var stack: [(element: Int, expanded: Bool)] = [(element, false)]
        while let (e, expanded) = stack.popLast() {
            if !expanded {
                guard memo[e] == 0 else { continue }
                memo[e] = 1
                stack.append((e, true))
                _ = anyBoxChild(of: e) { c in
                    if memo[c] == 0 { stack.append((c, false)) }
                    return false
                }
            } else {
                var holds = isRendererBoxed(e)
                if !holds { holds = anyBoxChild(of: e) { memo[$0] == 3 } }
                memo[e] = holds ? 3 : 2
            }
        }
        return memo[element] == 3
    }

    /// A text, or an image the renderer sizes (no `width` or no `height`).
    private func isRendererBoxed(_ e: Int) -> Bool {
        guard tree.isSVG(e) else { return false }
        switch tree.kind(e) {
        case .text: return true
        case .image: return length(e, "width", percentOf: 1, fontSize: 16) == nil || length(e, "height", percentOf: 1, fontSize: 16) == nil
        default: return false
        }
    }

    /// Whether `body` holds for one of the elements whose boxes make up `e`'s (a container's
    /// drawing children, a `use`'s target), asked in order until it does. The children are
    /// read from the content list in place: a list of them made and filtered for each element
    /// cost two arrays (600 instructions an element of a clipped group's subtree).
    private func anyBoxChild(of e: Int, _ body: (Int) -> Bool) -> Bool {
        guard tree.isSVG(e) else { return false }
        switch tree.kind(e) {
        case .group, .switch, .svg, .symbol:
            for item in tree.contentItems(e) where item >= 0 {
                let c = Int(item)
                if tree.isSVG(c), !tree.kind(c).isSilent, body(c) { return true }
            }
            return false
        case .use:
            let t = e < useGraph.targets.count ? Int(useGraph.targets[e]) : -1
            return t >= 0 && !useGraph.isCyclic[e] ? body(t) : false
        default:
            return false
        }
    }
}

extension ElementKind {
    /// A `g`, `a`, `switch` or `use`: a layer whose box is its content's. Inlined: every layer
    /// asks it (``SceneBuilder/makeLayer(_:style:transform:content:rendererTransform:)``).
    @inline(__always)
    var isContainerOrUse: Bool { self == .group || self == .switch || self == .use }
}
