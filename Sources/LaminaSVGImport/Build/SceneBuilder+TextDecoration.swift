import LaminaCore

/// `text-decoration` declared on an ancestor of a text (a `g`, the root): the output has no
/// such ancestor, so the text's markup says it.
extension SceneBuilder {
    /// Whether `name` is one of the properties that paint a text and its decorations.
    static func isDecorationPaint(_ name: String) -> Bool {
        switch name {
        case "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
            "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset":
            return true
        default:
            return false
        }
    }

    /// Rewrites the properties of a text markup root `e` whose ancestors declare decorations
    /// (``ComputedStyle/textDecorations``), and returns the `tspan` start tags to write right
    /// after its start tag (their end tags go before its own), or nil when none is needed.
    ///
    /// Each decoration draws in the paint of the element declaring it, as in Chromium, so the
    /// `text` takes the outermost one's paint and decoration, each further one opens a `tspan`
    /// with its paint and decoration, and a last `tspan` gives back the text's own paint and
    /// decoration. Where every declaring element paints as the text does, the decorations are
    /// only added to the text's own (`underline overline`). A text holding a `textPath`,
    /// which may not sit in a `tspan`, takes them in its own paint.
    ///
    ///     <g text-decoration="underline" fill="red"><text fill="blue">a</text></g>
    ///     → <text fill="#ff0000" text-decoration="underline"><tspan fill="#0000ff">a</tspan></text>
    mutating func decorationWrappers(
        of e: Int, style: ComputedStyle, viewport: Size, properties: inout [(String, String)]
    ) -> [[(String, String)]]? {
        let decorations = style.textDecorations
        guard !decorations.isEmpty else { return nil }
        let own = properties.first { $0.0 == "text-decoration" }?.1
        let ownPaint = properties.filter { Self.isDecorationPaint($0.0) }
        let levels = decorations.map { (paint: decorationPaint(of: $0.style, element: e, viewport: viewport), value: $0.value) }
        let holdsTextPath = tree[e].content.contains { if case .element(let c) = $0 { tree[c].name == "textPath" } else { false } }
        if holdsTextPath || levels.allSatisfy({ $0.paint.elementsEqual(ownPaint) { $0 == $1 } }) {
            var values: [String] = []
            for v in levels.map(\.value) + [own].compactMap({ $0 }) where !values.contains(v) { values.append(v) }
            Self.set("text-decoration", values.joined(separator: " "), in: &properties)
            return nil
        }
        // The text: the outermost decoration in its declaring element's paint.
        for (k, v) in levels[0].paint { Self.set(k, v, in: &properties) }
        Self.set("text-decoration", levels[0].value, in: &properties)
        var wrappers: [[(String, String)]] = []
        var previous = levels[0].paint
        for level in Array(levels.dropFirst()) + [(paint: ownPaint, value: own ?? "")] {
            var attributes = zip(level.paint, previous).filter { $0.0 != $0.1 }.map { $0.0 }
            if !level.value.isEmpty { attributes.append(("text-decoration", level.value)) }
            if !attributes.isEmpty { wrappers.append(attributes) }
            previous = level.paint
        }
        return wrappers
    }

    /// The paint properties `style` gives a text (paint servers checked, as the text's own).
    private mutating func decorationPaint(of style: ComputedStyle, element: Int, viewport: Size) -> [(String, String)] {
        var content = Content(shape: .path(""))
        style.applyPaint(to: &content, viewport: viewport)
        content.fill = content.fill.map { checkedPaint($0, element: element) }
        content.stroke = content.stroke.map { checkedPaint($0, element: element) }
        return MarkupText.properties(of: content, fontSize: style.fontSize).filter { Self.isDecorationPaint($0.0) }
    }

    /// Sets property `name` in `properties`, appending it when it is not there.
    private static func set(_ name: String, _ value: String, in properties: inout [(String, String)]) {
        if let k = properties.firstIndex(where: { $0.0 == name }) { properties[k].1 = value } else { properties.append((name, value)) }
    }
}
