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
            case "linearGradient", "radialGradient":
                out.append(Resource(id: id, kind: name == "linearGradient" ? .linearGradient : .radialGradient, xml: gradientMarkup(e, id: id)))
            case "pattern":
                out.append(Resource(id: id, kind: .pattern, xml: patternMarkup(e, id: id)))
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

    /// A gradient with its `href` chain resolved: attributes and stops inherited as SVG says,
    /// stop colors computed.
    mutating func gradientMarkup(_ e: Int, id: String) -> String {
        let name = tree[e].name
        let kinds: Set<String> = ["linearGradient", "radialGradient"]
        let own = name == "linearGradient" ? ["x1", "y1", "x2", "y2"] : ["cx", "cy", "r", "fx", "fy", "fr"]
        var out = "<\(name) id=\"\(MarkupText.attribute(id))\""
        for attribute in own + ["gradientUnits", "spreadMethod", "gradientTransform"] {
            let sameKind = own.contains(attribute)
            let tree = self.tree
            guard
                let holder = firstInChain(e, kinds: kinds, question: sameKind ? "\(name) \(attribute)" : attribute, holds: {
                    (!sameKind || tree[$0].name == name) && tree[$0].attribute(attribute) != nil
                }),
                let value = tree[holder].attribute(attribute)
            else { continue }
            if attribute == "gradientTransform" {
                if let written = paintServerTransform(attribute, value, holder: holder) { out += written }
                continue
            }
            out += " \(attribute)=\"\(MarkupText.attribute(value.trimmingCharacters(in: " \t\n\r")))\""
        }
        out += ">"
        let stopsOwner = firstInChain(e, kinds: kinds, question: "stops") { [tree] c in
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
        return out + "</\(name)>"
    }

    /// ` gradientTransform="…"` (or `patternTransform`, `name`) for the `value` the element
    /// `holder` gives: as written, or as a `matrix(…)` turned about the holder's
    /// `transform-origin` (percentages of the root viewport, where resources are drawn); nil
    /// for an invalid transform, which is left out.
    mutating func paintServerTransform(_ name: String, _ value: String, holder: Int) -> String? {
        guard let t = TransformList.parse(value[...]) else { return nil }
        let declarations = cascade.cascaded(for: holder)
        if declarations.contains(where: { $0.property == .transformOrigin }) {
            let turned = Self.aboutOrigin(t, declarations, viewport: rootViewport, fontSize: documentStyle(of: holder).fontSize)
            if turned != t { return " \(name)=\"\(Self.matrixText(turned))\"" }
        }
        return " \(name)=\"\(MarkupText.attribute(value.trimmingCharacters(in: " \t\n\r")))\""
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

    /// A pattern with its `href` chain resolved and its children written with computed styles.
    mutating func patternMarkup(_ e: Int, id: String) -> String {
        let kinds: Set<String> = ["pattern"]
        var out = "<pattern id=\"\(MarkupText.attribute(id))\""
        let attributes = [
            "x", "y", "width", "height", "patternUnits", "patternContentUnits", "patternTransform", "viewBox",
            "preserveAspectRatio",
        ]
        for attribute in attributes {
            guard let holder = firstInChain(e, kinds: kinds, question: attribute, holds: { [tree] in tree[$0].attribute(attribute) != nil }),
                let value = tree[holder].attribute(attribute)
            else { continue }
            if attribute == "patternTransform" {
                if let written = paintServerTransform(attribute, value, holder: holder) { out += written }
                continue
            }
            out += " \(attribute)=\"\(MarkupText.attribute(value.trimmingCharacters(in: " \t\n\r")))\""
        }
        out += ">"
        if let owner = firstInChain(e, kinds: kinds, question: "children", holds: { [tree] in !tree[$0].children.isEmpty }) {
            let ownerStyle = documentStyle(of: owner)
            for c in tree[owner].children {
                out += markup(of: c, parentStyle: ownerStyle, viewport: rootViewport, asLayerContent: false)
            }
        }
        return out + "</pattern>"
    }
}
