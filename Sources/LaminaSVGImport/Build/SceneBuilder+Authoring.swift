import LaminaCore

extension SceneBuilder {
    /// Applies the `urn:lamina:layer` attributes of an element to its layer (SPEC §4), whatever
    /// prefix they are written with. A bad `lamina:constraints` is an error; other bad values
    /// are warnings and are ignored. `color` is the element's computed `color`, which a
    /// `currentColor` background or border takes; `fontSize` its computed `font-size`, which
    /// `em` and `ex` in lengths take.
    mutating func applyAuthoring(to id: LayerID, element: Int, color: ParsedColor, fontSize: Double) throws(SVGImportError) {
        // Read once per element: one instanced by many `use`s is applied once per copy, and a
        // long value (a 16 KB `lamina:transform3d`) read again each time made a 37 KB file run
        // for minutes.
        let authored: [AuthoredAttribute]
        if let known = authoringMemo[element] {
            authored = known
        } else {
            authored = Self.authoredAttributes(tree, element)
            authoringMemo[element] = authored
        }
        for a in authored {
            let v = a.value
            // Lengths take the units SVG lengths take (SPEC §5), `%` excepted (no base);
            // fractions (anchor, opacity) take plain numbers or percentages.
            let lengths = a.lengths.flatMap { Self.userUnits($0, fontSize: fontSize) }
            let fractions = a.lengths.flatMap(Self.fractions)
            var ok = true
            switch a.name {
            case "name": layers.layers[id.index].name = v
            case "anchor":
                if let n = fractions, n.count == 2 { layers.layers[id.index].anchorPoint = Point(n[0], n[1]) } else { ok = false }
            case "anchor-z":
                if let n = lengths, n.count == 1 { layers.layers[id.index].anchorPointZ = n[0] } else { ok = false }
            case "z":
                if let n = lengths, n.count == 1 { layers.layers[id.index].zPosition = n[0] } else { ok = false }
            case "bounds":
                if let n = lengths, n.count == 4 { pending[id.index].authoredBounds = Rect(n[0], n[1], n[2], n[3]) } else { ok = false }
            case "masks-to-bounds":
                if let b = Self.bool(v) { layers.layers[id.index].masksToBounds = b } else { ok = false }
            case "geometry-flipped":
                if let b = Self.bool(v) { layers.layers[id.index].geometryFlipped = b } else { ok = false }
            case "hidden":
                // `display: none` stays hidden: `false` cannot draw what SVG does not render.
                if let b = Self.bool(v) { layers.layers[id.index].hidden = b || layers.layers[id.index].hidden } else { ok = false }
            case "corner-radius":
                if let n = lengths, n.count == 1, n[0] >= 0 { layers.layers[id.index].cornerRadius = n[0] } else { ok = false }
            case "opacity":
                if let n = fractions, n.count == 1 { layers.layers[id.index].opacity = min(1, max(0, n[0])) } else { ok = false }
            case "background":
                if let c = ParsedColor.parse(v[...]) {
                    layers.layers[id.index].backgroundColor = (c == .currentColor ? color : c).cssText
                } else {
                    ok = false
                }
            case "border":
                ok = applyBorder(v, to: id, color: color, fontSize: fontSize)
            case "transform3d":
                if let t = a.transform3D { pending[id.index].transform3D = t } else { ok = false }
            case "constraints":
                do {
                    layers.layers[id.index].constraints = try ConstraintGrammar.parse(v, location: tree.location(of: element))
                } catch {
                    throw SVGImportError(.invalidAttribute, "\(error.message) in '\(a.qualifiedName)'", at: tree.location(of: element))
                }
                if let parent = layers.superlayer(of: id), !layers.layers[id.index].constraints.isEmpty {
                    layers.layers[parent.index].layoutManager = .constraint
                }
            case "autoresizing":
                ok = applyAutoresizing(v, to: id)
            default:
                warn("unknown attribute '\(a.qualifiedName)' ignored", element)
            }
            if !ok { warn("invalid value '\(v.prefix(200))' for '\(a.qualifiedName)' ignored", element) }
        }
    }

    /// One `urn:lamina:layer` attribute as ``applyAuthoring(to:element:color:)`` reads it.
    struct AuthoredAttribute {
        var name: String
        var qualifiedName: String
        /// The value without surrounding whitespace.
        var value: String
        /// The value as a list of lengths with finite numbers, if it is one.
        var lengths: [Length]?
        /// The value as a 3D transform (`lamina:transform3d` only).
        var transform3D: Transform3D?
    }

    /// The Lamina-namespace attributes of `element`, in document order.
    static func authoredAttributes(_ tree: ElementTree, _ element: Int) -> [AuthoredAttribute] {
        let attributes = tree[element].attributes
        var out: [AuthoredAttribute] = []
        for i in attributes.indices where attributes[i].namespace == XMLNamespace.lamina {
            let a = attributes[i]
            let v = a.value.trimmingCharacters(in: " \t\n\r")
            let lengths = Length.parseList(v[...]).flatMap { $0.allSatisfy(\.value.isFinite) ? $0 : nil }
            out.append(AuthoredAttribute(
                name: a.name, qualifiedName: a.qualifiedName, value: v, lengths: lengths,
                transform3D: a.name == "transform3d" ? CSSTransform3D.parse(v) : nil))
        }
        return out
    }

    /// `lengths` in user units (px): nil if one is a percentage or not finite once converted.
    static func userUnits(_ lengths: [Length], fontSize: Double) -> [Double]? {
        var out: [Double] = []
        out.reserveCapacity(lengths.count)
        for l in lengths {
            guard l.unit != .percent else { return nil }
            let v = l.resolve(percentBase: 0, fontSize: fontSize)
            guard v.isFinite else { return nil }
            out.append(v)
        }
        return out
    }

    /// `lengths` as fractions: plain numbers as written, percentages over 100; nil for units.
    static func fractions(_ lengths: [Length]) -> [Double]? {
        var out: [Double] = []
        out.reserveCapacity(lengths.count)
        for l in lengths {
            switch l.unit {
            case .none: out.append(l.value)
            case .percent: out.append(l.value / 100)
            default: return nil
            }
        }
        return out
    }

    private mutating func applyBorder(_ v: String, to id: LayerID, color: ParsedColor, fontSize: Double) -> Bool {
        let parts = v.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard let first = parts.first, let length = Length.parse(first), length.unit != .percent,
              case let width = length.resolve(percentBase: 0, fontSize: fontSize), width.isFinite, width >= 0
        else { return false }
        layers.layers[id.index].borderWidth = width
        if parts.count == 2 {
            guard let c = ParsedColor.parse(parts[1].drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })) else { return false }
            layers.layers[id.index].borderColor = (c == .currentColor ? color : c).cssText
        } else {
            layers.layers[id.index].borderColor = "#000000"
        }
        return true
    }

    private mutating func applyAutoresizing(_ v: String, to id: LayerID) -> Bool {
        var mask: AutoresizingMask = []
        for word in v.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "|" || $0 == "\t" }) {
            guard let bit = AutoresizingMask.names.first(where: { $0.0 == word })?.1 else { return false }
            mask.insert(bit)
        }
        layers.layers[id.index].autoresizingMask = mask
        return true
    }

    static func bool(_ v: String) -> Bool? {
        switch v.lowercased() {
        case "true", "1", "yes": true
        case "false", "0", "no": false
        default: nil
        }
    }
}
