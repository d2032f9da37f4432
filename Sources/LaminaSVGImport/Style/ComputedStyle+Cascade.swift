import LaminaCore

extension ComputedStyle {
    /// The computed style of an element whose parent has this style, given the element's
    /// cascaded declarations (`StyleCascade.declarations(for:)`). Invalid values are ignored,
    /// as if not specified; `inherit`, `initial` and `unset` are honored.
    package func child(declarations: [(name: String, value: String)]) -> ComputedStyle {
        child(cascaded: CascadedList(copying: declarations.map { CascadedDeclaration(name: $0.name, value: $0.value) }))
    }

    /// The same as `child(declarations:)` for declarations parsed already
    /// (`StyleCascade.cascaded(for:)`).
    package func child(cascaded declarations: CascadedList) -> ComputedStyle {
        withUnsafePointer(to: self) { Self.child(of: $0, cascaded: declarations) }
    }

    /// ``child(cascaded:)`` of the style at `parent`, read where it is: a style in an array or
    /// other memory, passed as a value, was copied for the call before the child's own copy
    /// (and that copy destroyed after it), ~160 instructions an element on the prefetch thread.
    static func child(of parent: UnsafePointer<ComputedStyle>, cascaded declarations: CascadedList) -> ComputedStyle {
        var s = parent.pointee
        if declarations.isPlain, s.inheritPlain(declarations, parent: parent) { return s }
        s.inherit(cascaded: declarations, parent: parent)
        return s
    }

    /// ``inherit(cascaded:parent:)`` of a plain list (``CascadedList/isPlain``: paints,
    /// opacities, `stroke-width` numbers, `clip-path` and `mask` references), in a pass that
    /// applies those and nothing else; false, having applied some, at any other value (a
    /// `stop-color`, a `filter`), which the general pass then applies from the start (each
    /// declaration sets its property whatever it held, and none reads what another set here).
    /// Apart: the general pass's frame (its rare paths) cost ~60 instructions an element.
    @inline(never)
    private mutating func inheritPlain(_ declarations: CascadedList, parent p: UnsafePointer<ComputedStyle>) -> Bool {
        resetOwnProperties()
        let done = declarations.withUnsafeBufferPointer { list -> Bool in
            for i in list.indices {
                let property = list[i].property
                // The common values read apart, before anything is written: matched where the
                // writes follow, each value was copied and destroyed through its outlined
                // witnesses (~40 instructions a paint).
                switch Self.plainStep(list.baseAddress.unsafelyUnwrapped + i) {
                case .color(let c): applyPaint(property, .color(c)); continue
                case .fraction(let o): applyFraction(property, o); continue
                case .length(let l): applyLength(property, l); continue
                case .other: break
                }
                // As the general pass applies them.
                switch list[i].parsed {
                case .paint(let p): applyPaint(property, p)
                case .reference where property == .clipPath || property == .mask: apply(property, "", "", list[i].parsed)
                default: return false
                }
            }
            return true
        }
        if done { inheritFromParent(p) }
        return done
    }

    /// What ``inheritPlain(_:parent:)`` applies of most declarations, in trivial values.
    private enum PlainStep {
        case color(ParsedColor)
        case fraction(Double)
        case length(Length)
        /// Any other value, matched as it is.
        case other
    }

    /// The ``PlainStep`` of the declaration at `d`, read in place (nothing is written meanwhile).
    @inline(__always) private static func plainStep(_ d: UnsafePointer<CascadedDeclaration>) -> PlainStep {
        switch d.pointee.parsed {
        case .paint(.color(let c)): return .color(c)
        case .fraction(let o): return .fraction(o)
        case .length(let l): return .length(l)
        default: return .other
        }
    }

    /// The last step of inheriting: the parent's own text decoration, and the root's font size.
    @inline(__always)
    private mutating func inheritFromParent(_ p: UnsafePointer<ComputedStyle>) {
        if let decoration = p.pointee.ownTextDecoration {
            // The parent's decoration reaches the text inside it, in the parent's paint.
            let parent = p.pointee
            textDecorations = parent.textDecorations + [DecoratingStyle(value: decoration, style: parent)]
        }
        if !p.pointee.isElement {
            // The root element: `rem` below it is of its font size.
            isElement = true
            rootFontSize = fontSize
        }
    }

    /// Makes this copy of the style at `parent` the style of its child with `declarations`.
    /// The parent is read in place (its fields; the whole style only on rare paths). Not
    /// inlined: in one function with `child(cascaded:)`, the returned style was copied once more.
    @inline(never)
    private mutating func inherit(cascaded declarations: CascadedList, parent p: UnsafePointer<ComputedStyle>) {
        resetOwnProperties()
        // One look at every declaration for what needs a pass of its own (most have none); none
        // for a plain list, which holds neither `color`, `font-size`, custom properties nor `var()`.
        var first = false, usesCustoms = false
        if !declarations.isPlain {
            for i in declarations.indices {
                let property = declarations[i].property
                if property == .color || property == .fontSize { first = true }
                if declarations[i].parsed.isDeferred || (property == .other && declarations[i].isCustomProperty) {
                    usesCustoms = true
                }
            }
        }
        // Custom properties and `var()`: only where an element has them.
        let customs = usesCustoms ? resolveCustomProperties(declarations) : nil
        // `color` and `font-size` first: `currentColor` and `em` depend on them.
        // Indexing (not `for d in`): reading fields in place copies no declaration.
        if first {
            for i in declarations.indices where declarations[i].property == .color {
                guard let value = Self.substituted(declarations[i], customs) else { continue }
                applyColor(value, parent: p.pointee)
            }
            for i in declarations.indices where declarations[i].property == .fontSize {
                guard let value = Self.substituted(declarations[i], customs) else { continue }
                applyFontSize(value, parent: p.pointee)
            }
        }
        var own: [String?] = []
        // Read in place: copying each declaration out would retain its strings.
        declarations.withUnsafeBufferPointer { list in
            for i in list.indices {
                let property = list[i].property
                if property == .color || property == .fontSize { continue }
                // A typed value, or a `clip-path` or `mask` reference: neither its text nor its
                // name is read.
                if ComputedStyle.isTyped(property) {
                    // The common payloads, matched in place: the value is not copied for a call
                    // (the rarer typed values go through `apply` below, to `applyTyped`).
                    switch list[i].parsed {
                    // A color binds only its components (no outlined copy and destroy of the
                    // value and the paint, as binding the whole paint makes).
                    case .paint(.color(let c)): applyPaint(property, .color(c)); continue
                    case .paint(let p): applyPaint(property, p); continue
                    case .fraction(let o): applyFraction(property, o); continue
                    case .length(let l): applyLength(property, l); continue
                    case .keyword(let k): applyKeywordValue(property, k); continue
                    case .number(let m):
                        if property == .strokeMiterlimit { strokeMiterlimit = m }
                        continue
                    default: break
                    }
                }
                if property == .clipPath || property == .mask, Self.isReference(list[i].parsed) {
                    apply(property, "", "", list[i].parsed)
                    continue
                }
                var parsed = list[i].parsed
                if property == .other, list[i].isCustomProperty { continue }
                var specified = list[i].value
                if parsed.isDeferred {
                    // Invalid at computed-value time: the property acts as `unset`, which the copy
                    // of the parent and the reset above already give.
                    guard let value = Self.substituted(list[i], customs) else { continue }
                    specified = value
                    parsed = ComputedStyle.parse(property, value)
                    if case .invalid = parsed { continue }
                    if parsed.isDeferred { continue }
                }
                if case .cssWide(let keyword) = parsed {
                    applyKeyword(list[i].name, keyword, parent: p.pointee)
                    continue
                }
                var value = ComputedStyle.trimmedCSS(specified)
                // `currentColor` is this element's `color`: resolved here, since the filter it sits
                // in is written apart from the ancestors that set `color` (`<defs color="lime">`).
                if property == .floodColor || property == .lightingColor, value.lowercased() == "currentcolor" {
                    value = color.cssText
                }
                if property == .other || property == .floodOpacity || property == .floodColor || property == .lightingColor,
                    ComputedStyle.mayBeOwnExtra(list[i].name), let k = ComputedStyle.ownExtraIndex[list[i].name]
                {
                    if own.isEmpty { own = Array(repeating: nil, count: ComputedStyle.ownExtraNames.count) }
                    own[k] = ComputedStyle.isInitialExtra(list[i].name, value) ? nil : value
                    continue
                }
                apply(property, list[i].name, value, parsed)
            }
        }
        if !own.isEmpty {
            extraOwn = own.enumerated().compactMap { k, v in v.map { StyleProperty(ComputedStyle.ownExtraNames[k], $0) } }
        }
        inheritFromParent(p)
    }

    /// Whether a parsed value is a reference (`url(#id)`, or `none`).
    @inline(__always) private static func isReference(_ parsed: ParsedValue) -> Bool {
        if case .reference = parsed { return true }
        return false
    }

    /// Sets this element's custom properties (the parent's with its own on top) and returns
    /// them, for `var()` substitution.
    private mutating func resolveCustomProperties(_ declarations: CascadedList) -> CustomPropertyMap {
        var own: [(name: String, value: String)] = []
        for i in declarations.indices where declarations[i].property == .other && declarations[i].isCustomProperty {
            own.append((declarations[i].name, declarations[i].value))
        }
        guard !own.isEmpty else { return customProperties }
        let resolved = CustomProperties.resolve(own: own, inherited: customProperties)
        customProperties = resolved
        return resolved
    }

    /// A declaration's value with its `var()`s substituted (itself when it has none); nil
    /// when the substitution fails.
    private static func substituted(_ d: CascadedDeclaration, _ customs: CustomPropertyMap?) -> String? {
        switch d.parsed {
        case .deferred:
            return CustomProperties.substitute(d.value, customs ?? CustomPropertyMap())
        case .deferredFont:
            // The shorthand's value, substituted, then this longhand's part of it.
            return CustomProperties.substitute(d.value, customs ?? CustomPropertyMap()).flatMap {
                FontShorthand.longhand(d.name, of: $0)
            }
        default:
            return d.value
        }
    }

    private mutating func applyColor(_ raw: String, parent: ComputedStyle) {
        let value = raw.trimmingCharactersCSS().lowercased()
        if value == "inherit" || value == "unset" || value == "currentcolor" { return }
        if value == "initial" { color = .black; return }
        if let c = ParsedColor.parse(raw[...]) { color = c }
    }

    private mutating func applyFontSize(_ raw: String, parent: ComputedStyle) {
        let value = raw.trimmingCharactersCSS().lowercased()
        let base = parent.fontSize
        switch value {
        case "inherit", "unset": return
        case "initial": fontSize = 16
        case "larger": fontSize = base * 1.2
        case "smaller": fontSize = base / 1.2
        default:
            if let k = ComputedStyle.fontSizeKeywords[value] {
                fontSize = k
            } else if let l = Length.parse(value[...]) {
                guard l.value >= 0 else { return }
                fontSize = l.resolve(percentBase: base, fontSize: base)
            } else {
                // `rem` (of the root's font size) and `calc()`; a negative `calc()` is clamped
                // to 0 (CSS Values 4 §10.12), a negative dimension is invalid.
                guard let c = CSSCalc.parseNonNegative(value[...]) else { return }
                let px = c.resolve(percentBase: base, fontSize: base, rootFontSize: parent.rootFontSize)
                guard px.isFinite else { return }
                fontSize = max(0, px)
            }
        }
        fontSizeSpecified = true
    }

    /// Applies `inherit`, `initial` or `unset` to one property.
    private mutating func applyKeyword(_ name: String, _ keyword: String, parent: ComputedStyle) {
        let initial = ComputedStyle.initial
        let inheritedProperty = !ComputedStyle.nonInheritedNames.contains(name)
        let useParent = keyword == "inherit" || (keyword == "unset" && inheritedProperty)
        let source = useParent ? parent : initial
        switch name {
        case "fill": fillPaint = source.fillPaint
        case "stroke": strokePaint = source.strokePaint
        case "fill-opacity": fillOpacity = source.fillOpacity
        case "stroke-opacity": strokeOpacity = source.strokeOpacity
        case "fill-rule": fillRule = source.fillRule
        case "clip-rule": clipRule = source.clipRule
        case "stroke-width": strokeWidth = source.strokeWidth
        case "stroke-linecap": strokeLinecap = source.strokeLinecap
        case "stroke-linejoin": strokeLinejoin = source.strokeLinejoin
        case "stroke-miterlimit": strokeMiterlimit = source.strokeMiterlimit
        case "stroke-dasharray": strokeDasharray = source.strokeDasharray
        case "stroke-dashoffset": strokeDashoffset = source.strokeDashoffset
        case "visibility": visibility = source.visibility
        case "opacity": opacity = source.opacity
        case "clip-path": clipPath = source.clipPath
        case "mask": mask = source.mask
        case "filter": filters = source.filters
        case "display": display = source.display
        case "overflow": overflow = source.overflow
        case "stop-color": stopColorPaint = source.stopColorPaint
        case "stop-opacity": stopOpacity = source.stopOpacity
        case "marker":
            for n in ["marker-start", "marker-mid", "marker-end"] { applyKeyword(n, keyword, parent: parent) }
        default:
            if let k = ComputedStyle.inheritedExtraIndex[name] {
                setInheritedExtra(k, source.inheritedExtra(k))
            } else if let k = ComputedStyle.ownExtraIndex[name], useParent {
                if let v = parent.extraOwn.first(where: { $0.name == ComputedStyle.ownExtraNames[k] }) {
                    extraOwn.append(v)
                }
            }
        }
    }

    /// `value` without CSS whitespace at its ends: the same string, without making a substring,
    /// when neither end byte is whitespace (cascaded values are trimmed already).
    @inline(__always) static func trimmedCSS(_ value: String) -> String {
        // Native strings answer from their bytes in place (`utf8.last` walks an index back).
        let padded = value.utf8.withContiguousStorageIfAvailable { b -> Bool in
            guard let f = b.first, let l = b.last else { return false }
            return CSSBytes.isSpace(f) || CSSBytes.isSpace(l)
        }
        if padded == false { return value }
        let u = value.utf8
        guard let f = u.first, let l = u.last, CSSBytes.isSpace(f) || CSSBytes.isSpace(l) else { return value }
        return value.trimmingCharactersCSS()
    }

    /// `inherit`, `initial` or `unset` (lower-cased) when the value is one of them.
    static func cascadeKeyword(_ value: String) -> String? {
        let n = value.utf8.count
        guard n >= 5, n <= 7, let f = value.utf8.first, f | 0x20 == UInt8(ascii: "i") || f | 0x20 == UInt8(ascii: "u")
        else { return nil }
        let k = value.lowercased()
        return k == "inherit" || k == "initial" || k == "unset" ? k : nil
    }

    /// False for the common core properties (`fill*`, `stroke*`, `stop-*`, `opacity`, `overflow`,
    /// `display`, `clip-path`, `clip-rule`, `color*`), which are never in `ownExtraNames`;
    /// lets `child` skip hashing them.
    @inline(__always) static func mayBeOwnExtra(_ name: String) -> Bool {
        var it = name.utf8.makeIterator()
        switch it.next() {
        case UInt8(ascii: "s")?, UInt8(ascii: "o")?, UInt8(ascii: "d")?: return false
        case UInt8(ascii: "f")?: return it.next() != UInt8(ascii: "i")
        case UInt8(ascii: "c")?: return name.utf8.count == 4
        default: return true
        }
    }

    /// Index of each `ownExtraNames` entry.
    static let ownExtraIndex: [String: Int] = Dictionary(
        uniqueKeysWithValues: ownExtraNames.enumerated().map { ($1, $0) })

    /// Index of each `inheritedExtraNames` entry.
    static let inheritedExtraIndex: [String: Int] = Dictionary(
        uniqueKeysWithValues: inheritedExtraNames.enumerated().map { ($1, $0) })

    /// Properties that reset on every element (everything else listed here inherits).
    static let nonInheritedNames: Set<String> = Set(ownExtraNames).union([
        "opacity", "clip-path", "mask", "filter", "display", "overflow", "stop-color", "stop-opacity",
    ])
}

extension ComputedStyle {
    /// The same as `child(declarations:)`: the viewport is not needed here, since `%` stroke
    /// lengths stay relative until `applyPaint(to:viewport:)` or the builder resolves them.
    package func child(declarations: [(name: String, value: String)], viewport: Size) -> ComputedStyle {
        child(declarations: declarations)
    }
}
