import LaminaCore

/// What a `<filter>` made for CSS filter functions depends on.
struct MadeFilterKey: Hashable {
    var functions: [FilterFunctions.Function]
    var fontSize: Double
    var color: ParsedColor
}

/// The ids layers refer to, in first-request order.
struct ResourceCollector {
    var order: [String] = []
    var seen: Set<String> = []

    mutating func request(_ id: String) {
        if seen.insert(id).inserted { order.append(id) }
    }

    /// Moves the ids requested since `mid` before those requested from `start` to `mid`.
    mutating func moveToFront(from start: Int, _ mid: Int) {
        guard start < mid, mid < order.count else { return }
        order.replaceSubrange(start..<order.count, with: Array(order[mid...]) + Array(order[start..<mid]))
    }
}

extension SceneBuilder {
    /// Requests the markers named in a content's `marker-*` properties.
    mutating func requestMarkers(_ extra: [StyleProperty]) {
        for p in extra where p.name.hasPrefix("marker") {
            for id in MarkupText.urlReferences(p.value) where element(id: id) != nil { resources.request(id) }
        }
    }

    /// Builds every requested resource as self-contained markup; resources may request more.
    mutating func buildResources() -> [Resource] {
        var out: [Resource] = []
        var i = 0
        while i < resources.order.count {
            let id = resources.order[i]
            i += 1
            guard let e = element(id: id) else { continue }
            let name = tree[e].name
            switch name {
            case "linearGradient", "radialGradient", "pattern":
                out.append(Resource(id: id, kind: Resource.Kind(rawValue: name) ?? .other, xml: paintServerMarkup(e, id: id)))
            default:
                let kind = Resource.Kind(rawValue: name) ?? .other
                let parent = tree[e].parent.map { documentStyle(of: $0) } ?? .initial
                let xml = markup(of: e, parentStyle: parent, viewport: rootViewport, asLayerContent: false)
                out.append(Resource(id: id, kind: kind, xml: xml))
            }
        }
        return out + madeFilters
    }

    /// The id of a `<filter>` made for CSS filter functions with `style`'s font size and
    /// color, made on first use (one per distinct result) and named apart from the document's
    /// ids.
    mutating func functionFilter(_ functions: [FilterFunctions.Function], _ style: ComputedStyle) -> String {
        let key = MadeFilterKey(functions: functions, fontSize: style.fontSize, color: style.color)
        if let id = madeFilterIDs[key] { return id }
        while element(id: "lamina-filter-\(nextFilterNumber)") != nil { nextFilterNumber += 1 }
        let id = "lamina-filter-\(nextFilterNumber)"
        nextFilterNumber += 1
        madeFilterIDs[key] = id
        let xml = FilterFunctions.markup(id: id, functions, fontSize: style.fontSize, color: style.color)
        madeFilters.append(Resource(id: id, kind: .filter, xml: xml))
        return id
    }

    /// The viewport of the root element (for percentages inside resources).
    var rootViewport: Size {
        if let vb = ViewBox.parse(tree[0].attribute("viewBox")) { return vb.size }
        let w = length(0, "width", percentOf: 100, fontSize: 16) ?? 100
        let h = length(0, "height", percentOf: 100, fontSize: 16) ?? 100
        return Size(w, h)
    }

    /// A gradient's or pattern's markup (``gradientMarkup(_:id:context:body:)``,
    /// ``patternMarkup(_:id:context:body:)``).
    mutating func paintServerMarkup(_ e: Int, id: String, context: ContextFrame? = nil, body: String? = nil) -> String {
        tree[e].name == "pattern"
            ? patternMarkup(e, id: id, context: context, body: body) : gradientMarkup(e, id: id, context: context, body: body)
    }

    /// The element of `e`'s `href` chain through `kinds` that first holds `attribute`, and its
    /// value; with `sameName`, only elements named as `e` count (a radial gradient's `r` does
    /// not come from a linear one).
    mutating func chainAttribute(
        _ e: Int, _ attribute: String, kinds: Set<String>, sameName: Bool = false
    ) -> (holder: Int, value: String)? {
        let tree = self.tree, name = tree[e].name
        guard
            let holder = firstInChain(e, kinds: kinds, question: sameName ? "\(name) \(attribute)" : attribute, holds: {
                (!sameName || tree[$0].name == name) && tree[$0].attribute(attribute) != nil
            }),
            let value = tree[holder].attribute(attribute)
        else { return nil }
        return (holder, value)
    }

    /// A gradient with its `href` chain resolved: attributes and stops inherited as SVG says,
    /// stop colors computed. With a `context` frame, the gradient is set in the context
    /// element's frame instead of the painted shape's: `userSpaceOnUse`, its transform mapped
    /// (and the context's box applied for `objectBoundingBox` units, whose coordinates are
    /// written as numbers; the caller checks ``usesBoxUnits(_:)`` against an empty box).
    /// `body`: its ``paintServerBody(_:)`` when already made.
    mutating func gradientMarkup(_ e: Int, id: String, context: ContextFrame? = nil, body: String? = nil) -> String {
        let name = tree[e].name
        let kinds: Set<String> = ["linearGradient", "radialGradient"]
        let own = name == "linearGradient" ? ["x1", "y1", "x2", "y2"] : ["cx", "cy", "r", "fx", "fy", "fr"]
        var out = "<\(name) id=\"\(MarkupText.attribute(id))\""
        func holderValue(_ attribute: String) -> (holder: Int, value: String)? {
            chainAttribute(e, attribute, kinds: kinds, sameName: own.contains(attribute))
        }
        var boxUnits: AffineTransform?
        if let context, usesBoxUnits(e) {
            let b = context.box
            boxUnits = AffineTransform(b.width, 0, 0, b.height, b.x, b.y)
        }
        for attribute in own + ["gradientUnits", "spreadMethod", "gradientTransform"] {
            if let context {
                if attribute == "gradientUnits" {
                    out += " gradientUnits=\"userSpaceOnUse\""
                    continue
                }
                if attribute == "gradientTransform" {
                    var t = holderValue(attribute).flatMap { paintServerMatrix($0.value, holder: $0.holder) } ?? .identity
                    if let boxUnits { t = t.concatenating(boxUnits) }
                    out += " gradientTransform=\"\(Self.matrixText(t.concatenating(context.map)))\""
                    continue
                }
                if boxUnits != nil, own.contains(attribute) {
                    // Fractions of the box, written as numbers (a percentage would be of the viewport).
                    if let v = holderValue(attribute).flatMap({ Self.boxFraction($0.value) }) ?? Self.gradientDefault(attribute) {
                        out += " \(attribute)=\"\(NumberText.format(v))\""
                    }
                    continue
                }
            }
            guard let (holder, value) = holderValue(attribute) else { continue }
            if attribute == "gradientTransform" {
                if let written = paintServerTransform(attribute, value, holder: holder) { out += written }
                continue
            }
            if own.contains(attribute), let fontRelative = fontRelativeLength(value, holder: holder) {
                out += " \(attribute)=\"\(fontRelative)\""
                continue
            }
            out += " \(attribute)=\"\(MarkupText.attribute(Self.paintServerValue(attribute, value)))\""
        }
        return out + ">" + (body ?? paintServerBody(e)) + "</\(name)>"
    }

    /// An `em` or `ex` length of a paint server's geometry, in user units of the font size where
    /// the holder stands in the document (its own `font-size`, or inherited): the resource is
    /// written where no font size reaches it. Nil for any other value, written as it is.
    mutating func fontRelativeLength(_ value: String, holder: Int) -> String? {
        guard let l = Length.parse(value[...]), l.unit == .em || l.unit == .ex else { return nil }
        let v = l.resolve(percentBase: 0, fontSize: documentStyle(of: holder).fontSize)
        return v.isFinite ? NumberText.format(v) : nil
    }

    /// The keyword attributes of paint servers: a value with spaces around it is not one of
    /// their keywords (Chromium and resvg then take the default), so it is neither trimmed nor
    /// read as the keyword.
    static let keywordAttributes: Set<String> = ["gradientUnits", "spreadMethod", "patternUnits", "patternContentUnits"]

    /// An attribute's value as a resource writes it: trimmed, but for the keyword attributes.
    static func paintServerValue(_ attribute: String, _ value: String) -> String {
        keywordAttributes.contains(attribute) ? value : value.trimmingCharacters(in: " \t\n\r")
    }

    /// What a gradient or pattern holds, as written in its resource: a gradient's stops (from
    /// the first element of its `href` chain that has any) with computed colors, a pattern's
    /// children (likewise) with computed styles.
    mutating func paintServerBody(_ e: Int) -> String {
        var out = ""
        let tree = self.tree
        if tree[e].name == "pattern" {
            if let owner = firstInChain(e, kinds: ["pattern"], question: "children", holds: { !tree[$0].children.isEmpty }) {
                let ownerStyle = documentStyle(of: owner)
                let outerScope = markupScope
                markupScope = owner
                defer { markupScope = outerScope }
                for c in tree[owner].children {
                    out += markup(of: c, parentStyle: ownerStyle, viewport: rootViewport, asLayerContent: false, rootIsResource: false)
                }
            }
            return out
        }
        let stopsOwner = firstInChain(e, kinds: ["linearGradient", "radialGradient"], question: "stops") { c in
            tree[c].children.contains { tree[$0].name == "stop" && tree[$0].isSVG }
        }
        if let owner = stopsOwner {
            let ownerStyle = documentStyle(of: owner)
            for s in tree[owner].children where tree[s].name == "stop" && tree[s].isSVG {
                let style = computeStyle(s, parent: ownerStyle).0
                out += "<stop offset=\"\(NumberText.format(stopOffset(s)))\" stop-color=\"\(MarkupText.attribute(style.stopColor))\""
                if style.stopOpacity != 1 { out += " stop-opacity=\"\(NumberText.format(style.stopOpacity))\"" }
                out += "/>"
            }
        }
        return out
    }

    /// An `objectBoundingBox` coordinate as a fraction of the box: a number, a percentage of
    /// 1, or a length in user units; nil when invalid (the attribute's default applies).
    static func boxFraction(_ text: String) -> Double? {
        guard let l = Length.parse(text.trimmingCharacters(in: " \t\n\r")[...]) else { return nil }
        let v = l.unit == .percent ? l.value / 100 : l.resolve(percentBase: 1, fontSize: 16)
        return v.isFinite ? v : nil
    }

    /// A gradient coordinate's initial value in `objectBoundingBox` units (nil for `fx`/`fy`,
    /// which default to the center).
    static func gradientDefault(_ attribute: String) -> Double? {
        switch attribute {
        case "x2": return 1
        case "cx", "cy", "r": return 0.5
        case "fx", "fy": return nil
        default: return 0
        }
    }

    /// ` gradientTransform="…"` (or `patternTransform`, `name`) for the `value` the element
    /// `holder` gives: as written, or as a `matrix(…)` turned about the holder's
    /// `transform-origin` (percentages of the root viewport, where resources are drawn); nil
    /// for an invalid transform, which is left out.
    mutating func paintServerTransform(_ name: String, _ value: String, holder: Int) -> String? {
        guard let t = TransformList.parse(value[...]) else { return nil }
        if let turned = turnedAboutOrigin(t, holder: holder), turned != t { return " \(name)=\"\(Self.matrixText(turned))\"" }
        return " \(name)=\"\(MarkupText.attribute(value.trimmingCharacters(in: " \t\n\r")))\""
    }

    /// The matrix of a paint server transform `value` given by `holder`, turned about its
    /// `transform-origin`; nil when invalid.
    mutating func paintServerMatrix(_ value: String, holder: Int) -> AffineTransform? {
        guard let t = TransformList.parse(value[...]) else { return nil }
        return turnedAboutOrigin(t, holder: holder) ?? t
    }

    /// `t` turned about `holder`'s `transform-origin`, or nil when it has none.
    private mutating func turnedAboutOrigin(_ t: AffineTransform, holder: Int) -> AffineTransform? {
        let declarations = cascade.cascaded(for: holder)
        guard declarations.contains(where: { $0.property == .transformOrigin }) else { return nil }
        return Self.aboutOrigin(
            t, declarations, viewport: rootViewport, fontSize: documentStyle(of: holder).fontSize, rootFontSize: rootFontSize)
    }

    /// `matrix(a b c d e f)` in the shortest exact number form.
    static func matrixText(_ t: AffineTransform) -> String {
        "matrix(" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map { NumberText.format($0) }.joined(separator: " ") + ")"
    }

    /// A stop's offset: a number or percentage clamped to 0…1 (invalid, units included: 0).
    func stopOffset(_ s: Int) -> Double {
        guard let t = tree[s].attribute("offset"), let l = Length.parse(t[...]), l.unit == .none || l.unit == .percent
        else { return 0 }
        let v = l.unit == .percent ? l.value / 100 : l.value
        return v.isFinite ? min(1, max(0, v)) : 0
    }

    /// Whether paint server `e` sizes anything by the painted element's bounding box: a
    /// gradient's `gradientUnits`, a pattern's `patternUnits` or (without a `viewBox`)
    /// `patternContentUnits`, as its `href` chain gives them.
    mutating func usesBoxUnits(_ e: Int) -> Bool {
        func value(_ attribute: String, kinds: Set<String>) -> String? {
            chainAttribute(e, attribute, kinds: kinds).map { Self.paintServerValue(attribute, $0.value) }
        }
        if tree[e].name != "pattern" {
            return value("gradientUnits", kinds: ["linearGradient", "radialGradient"]) != "userSpaceOnUse"
        }
        if value("patternUnits", kinds: ["pattern"]) != "userSpaceOnUse" { return true }
        return value("patternContentUnits", kinds: ["pattern"]) == "objectBoundingBox"
            && ViewBox.parse(value("viewBox", kinds: ["pattern"])) == nil
    }

    /// A pattern with its `href` chain resolved and its children written with computed styles.
    /// With a `context` frame, the pattern is set in the context element's frame instead of the
    /// painted shape's: `userSpaceOnUse` tiles (an `objectBoundingBox` tile placed in the
    /// context's box, `objectBoundingBox` content scaled to it by a `viewBox`) and the
    /// transform mapped (the caller checks ``usesBoxUnits(_:)`` against an empty box).
    /// `body`: its ``paintServerBody(_:)`` when already made.
    mutating func patternMarkup(_ e: Int, id: String, context: ContextFrame? = nil, body: String? = nil) -> String {
        let kinds: Set<String> = ["pattern"]
        var out = "<pattern id=\"\(MarkupText.attribute(id))\""
        func holderValue(_ attribute: String) -> (holder: Int, value: String)? {
            chainAttribute(e, attribute, kinds: kinds)
        }
        if let context {
            let b = context.box
            let viewport = rootViewport
            func trimmed(_ attribute: String) -> String? { holderValue(attribute).map { Self.paintServerValue(attribute, $0.value) } }
            let boxTile = trimmed("patternUnits") != "userSpaceOnUse"
            // The tile in the context's user space: x and width along the box's (or the
            // viewport's) width, y and height along its height; the position from its origin.
            var tile = boxTile ? [b.x, b.y, 0, 0] : [0, 0, 0, 0]
            for (k, attribute) in ["x", "y", "width", "height"].enumerated() {
                guard let text = trimmed(attribute) else { continue }
                let horizontal = k % 2 == 0
                if boxTile {
                    guard let f = Self.boxFraction(text) else { continue }
                    let origin = k >= 2 ? 0 : horizontal ? b.x : b.y
                    tile[k] = origin + f * (horizontal ? b.width : b.height)
                } else if let l = Length.parse(text[...]) {
                    let v = l.resolve(percentBase: horizontal ? viewport.width : viewport.height, fontSize: 16)
                    if v.isFinite { tile[k] = v }
                }
            }
            for (k, attribute) in ["x", "y", "width", "height"].enumerated() {
                out += " \(attribute)=\"\(NumberText.format(tile[k]))\""
            }
            out += " patternUnits=\"userSpaceOnUse\""
            var t = holderValue("patternTransform").flatMap { paintServerMatrix($0.value, holder: $0.holder) } ?? .identity
            t = t.concatenating(context.map)
            out += " patternTransform=\"\(Self.matrixText(t))\""
            if let viewBox = trimmed("viewBox"), ViewBox.parse(viewBox) != nil {
                out += " viewBox=\"\(MarkupText.attribute(viewBox))\""
                if let aspect = trimmed("preserveAspectRatio") {
                    out += " preserveAspectRatio=\"\(MarkupText.attribute(aspect))\""
                }
            } else if trimmed("patternContentUnits") == "objectBoundingBox" {
                // Content in fractions of the box: a viewBox that scales the tile by its size.
                let w = tile[2] / b.width, h = tile[3] / b.height
                out += " viewBox=\"0 0 \(NumberText.format(w)) \(NumberText.format(h))\" preserveAspectRatio=\"none\""
            }
        } else {
            let attributes = [
                "x", "y", "width", "height", "patternUnits", "patternContentUnits", "patternTransform", "viewBox",
                "preserveAspectRatio",
            ]
            for attribute in attributes {
                guard let (holder, value) = holderValue(attribute) else { continue }
                if attribute == "patternTransform" {
                    if let written = paintServerTransform(attribute, value, holder: holder) { out += written }
                    continue
                }
                if ["x", "y", "width", "height"].contains(attribute), let fontRelative = fontRelativeLength(value, holder: holder) {
                    out += " \(attribute)=\"\(fontRelative)\""
                    continue
                }
                out += " \(attribute)=\"\(MarkupText.attribute(Self.paintServerValue(attribute, value)))\""
            }
        }
        return out + ">" + (body ?? paintServerBody(e)) + "</pattern>"
    }
}
