import LaminaCore

extension ComputedStyle {
    /// Sets one property from a specified value; invalid values leave it unchanged.
    mutating func apply(_ name: String, _ value: String) {
        let property = CSSProperty.of(name)
        apply(property, name, value, ComputedStyle.parse(property, value))
    }

    /// Sets one property from its parsed value (`parse(_:_:)` of `value`, the trimmed text);
    /// an invalid value leaves it unchanged, verbatim properties keep `value`.
    mutating func apply(_ property: CSSProperty, _ name: String, _ value: String, _ parsed: ParsedValue) {
        switch property {
        case .fill, .stroke, .fillOpacity, .strokeOpacity, .opacity, .stopOpacity, .fillRule, .clipRule, .strokeLinecap,
            .strokeLinejoin, .visibility, .overflow, .display, .strokeWidth, .strokeDashoffset, .strokeMiterlimit,
            .strokeDasharray, .stopColor:
            // `rem` or `calc()` dash items: applied from the text, once the font sizes are known.
            if property == .strokeDasharray, case .text = parsed {
                if let items = CSSCalc.parseDashList(value[...]) { applyDasharray(items) }
            } else {
                applyTyped(property, parsed)
            }
        case .clipPath:
            if case .reference(let id) = parsed {
                clipPath = id
            } else if let shape = ClipShape.parse(value) {
                clipShape = shape
            }
        case .mask: if case .reference(let id) = parsed { mask = id }
        case .filter:
            if let items = FilterFunctions.parseList(value) {
                filters = items.isEmpty ? nil : items
            } else if value.contains("(") {
                unsupportedFilter = value
            }
        case .marker:
            for n in ["marker-start", "marker-mid", "marker-end"] { apply(.other, n, value, .text) }
        default:
            if let k = ComputedStyle.inheritedExtraIndex[name] {
                setInheritedExtra(k, ComputedStyle.isInitialExtra(name, value) ? nil : value)
            }
        }
    }

    /// ``apply(_:_:_:_:)`` of a property set from its parsed value alone (`fill` … `stop-color`,
    /// the ones ``isTyped(_:)`` lists). A value of a type the property does not take changes
    /// nothing.
    mutating func applyTyped(_ property: CSSProperty, _ parsed: ParsedValue) {
        switch parsed {
        case .paint(let p): applyPaint(property, p)
        case .fraction(let o): applyFraction(property, o)
        case .length(let l): applyLength(property, l)
        case .keyword(let k): applyKeywordValue(property, k)
        case .calc(let c):
            // A negative `calc()` is 0; one summing `%` and another unit is not applied.
            guard let l = c.length(fontSize: fontSize, rootFontSize: rootFontSize) else { return }
            if property == .strokeWidth { strokeWidth = Length(max(0, l.value), l.unit) }
            if property == .strokeDashoffset { strokeDashoffset = l }
        case .number(let m): if property == .strokeMiterlimit { strokeMiterlimit = m }
        case .dashes(let list): if property == .strokeDasharray { applyDasharray(list) }
        case .color(let c): if property == .stopColor { stopColorPaint = c }
        default: break
        }
    }

    /// A `fill` or `stroke` paint.
    @inline(__always) mutating func applyPaint(_ property: CSSProperty, _ p: SpecifiedPaint) {
        if property == .fill { fillPaint = p } else if property == .stroke { strokePaint = p }
    }

    /// A keyword of `fill-rule`, `clip-rule`, `stroke-linecap`, `stroke-linejoin`,
    /// `visibility`, `overflow` or `display`.
    @inline(__always) mutating func applyKeywordValue(_ property: CSSProperty, _ k: String) {
        switch property {
        case .fillRule: fillRule = k
        case .clipRule: clipRule = k
        case .strokeLinecap: strokeLinecap = k
        case .strokeLinejoin: strokeLinejoin = k
        case .visibility: visibility = k
        case .overflow: overflow = k
        case .display: display = k
        default: break
        }
    }

    /// An opacity: `fill-opacity`, `stroke-opacity`, `opacity` or `stop-opacity`.
    @inline(__always) mutating func applyFraction(_ property: CSSProperty, _ o: Double) {
        switch property {
        case .fillOpacity: fillOpacity = o
        case .strokeOpacity: strokeOpacity = o
        case .opacity: opacity = o
        case .stopOpacity: stopOpacity = o
        default: break
        }
    }

    /// A `stroke-width` (not negative) or `stroke-dashoffset`, resolved to px (`%` kept).
    @inline(__always) mutating func applyLength(_ property: CSSProperty, _ l: Length) {
        if property == .strokeWidth {
            let a = absolute(l)
            if a.value >= 0 { strokeWidth = a }
        } else if property == .strokeDashoffset {
            strokeDashoffset = absolute(l)
        }
    }

    /// Whether ``apply(_:_:_:_:)`` sets the property from its parsed value alone, through
    /// ``applyTyped(_:_:)`` (but a `stroke-dasharray` of `rem` or `calc()` items, parsed as
    /// `.text`, which it applies from its text).
    @inline(__always) static func isTyped(_ property: CSSProperty) -> Bool {
        switch property {
        case .fill, .stroke, .fillOpacity, .strokeOpacity, .opacity, .stopOpacity, .fillRule, .clipRule, .strokeLinecap,
            .strokeLinejoin, .visibility, .overflow, .display, .strokeWidth, .strokeDashoffset, .strokeMiterlimit,
            .strokeDasharray, .stopColor:
            return true
        default:
            return false
        }
    }

    /// True when a verbatim extra property has its initial value, so it need not be written.
    static func isInitialExtra(_ name: String, _ value: String) -> Bool {
        guard let initial = extraInitialValues[name] else { return false }
        return value.utf8.count == initial.utf8.count && value.lowercased() == initial
    }

    /// The initial values of the verbatim extra properties (lower-cased).
    static let extraInitialValues: [String: String] = [
        "paint-order": "normal", "shape-rendering": "auto", "text-rendering": "auto", "image-rendering": "auto",
        "color-rendering": "auto", "color-interpolation": "srgb", "color-interpolation-filters": "linearrgb",
        "marker-start": "none", "marker-mid": "none", "marker-end": "none", "font-style": "normal",
        "font-variant": "normal", "font-weight": "normal", "font-stretch": "normal", "font-size-adjust": "none",
        "font-kerning": "auto", "kerning": "auto", "text-anchor": "start", "letter-spacing": "normal",
        "word-spacing": "normal", "writing-mode": "horizontal-tb", "direction": "ltr", "dominant-baseline": "auto",
        "white-space": "normal", "pointer-events": "visiblepainted", "cursor": "auto", "vector-effect": "none",
        "mix-blend-mode": "normal", "isolation": "auto", "mask-type": "luminance", "alignment-baseline": "auto",
        "baseline-shift": "baseline", "text-decoration": "none", "unicode-bidi": "normal", "flood-opacity": "1",
        "enable-background": "accumulate", "clip": "auto", "text-transform": "none", "text-shadow": "none",
        "font-feature-settings": "normal", "font-variation-settings": "normal", "font-variant-caps": "normal",
        "font-variant-ligatures": "normal", "font-variant-numeric": "normal", "font-variant-east-asian": "normal",
        "font-variant-position": "normal",
    ]

    /// A length with font-relative and absolute units resolved to px; `%` kept.
    private func absolute(_ l: Length) -> Length {
        if l.unit == .percent { return l }
        return Length(l.resolve(percentBase: 0, fontSize: fontSize))
    }

    /// `stroke-dasharray` from its parsed list (nil for `none`), resolved to px (`%` kept).
    private mutating func applyDasharray(_ list: [Length]?) {
        guard let list else {
            strokeDasharray = nil
            return
        }
        guard !list.isEmpty else { return }
        var out: [Length] = []
        for l in list {
            let resolved = l.unit == .percent ? l : Length(l.resolve(percentBase: 0, fontSize: fontSize))
            guard resolved.value >= 0 else { return }
            out.append(resolved)
        }
        strokeDasharray = out
    }

    /// `stroke-dasharray` from items holding `rem` or `calc()`, resolved against the font
    /// sizes (a lone `%` kept, a negative `calc()` taken as 0); a list with an item summing `%`
    /// and another unit is not applied, as a ``Length`` keeps one unit.
    private mutating func applyDasharray(_ items: [CSSCalc]) {
        var out: [Length] = []
        for c in items {
            guard let l = c.length(fontSize: fontSize, rootFontSize: rootFontSize) else { return }
            out.append(Length(max(0, l.value), l.unit))
        }
        strokeDasharray = out
    }

    /// A keyword from a fixed list, matched case-insensitively, returned lower-case.
    static func keyword(_ v: Substring, _ allowed: [String]) -> String? {
        let k = v.trimmingCSSSpaces().lowercased()
        return allowed.contains(k) ? k : nil
    }

    static func displayKeyword(_ v: Substring) -> String? {
        let k = v.trimmingCSSSpaces().lowercased()
        guard !k.isEmpty, k.utf8.allSatisfy({ CSSBytes.isIdent($0) || $0 == 0x20 }) else { return nil }
        return k
    }

    /// A number or percentage, clamped to 0…1.
    static func parseOpacity(_ v: Substring) -> Double? {
        guard let l = Length.parse(v) else { return CSSCalc.parseFraction(v) }
        switch l.unit {
        case .none: return min(1, max(0, l.value))
        case .percent: return min(1, max(0, l.value / 100))
        default: return nil
        }
    }

    /// `url(#id)` (quotes and spaces allowed) followed by an optional rest; `none` gives id nil.
    /// Returns nil when invalid; a non-local reference gives `id == nil` with `isExternal`.
    static func reference(_ v: Substring) -> (id: String?, rest: Substring)? {
        let t = v.trimmingCSSSpaces()
        if let parsed = referenceBytes(t) { return parsed.reference }
        return referenceCharacters(t)
    }

    /// ``reference(_:)`` read character by character (of text already trimmed).
    static func referenceCharacters(_ t: Substring) -> (id: String?, rest: Substring)? {
        if t.lowercased() == "none" { return (nil, "") }
        guard t.count >= 5, t.prefix(4).lowercased() == "url(", let close = t.firstIndex(of: ")") else { return nil }
        var inner = t[t.index(t.startIndex, offsetBy: 4)..<close].trimmingCSSSpaces()
        if let q = inner.first, q == "\"" || q == "'" {
            guard inner.count >= 2, inner.last == q else { return nil }
            inner = inner.dropFirst().dropLast()
        } else if inner.utf8.contains(where: Self.endsUnquotedURL) {
            return nil
        }
        let rest = t[t.index(after: close)...].trimmingCSSSpaces()
        guard inner.first == "#", inner.count > 1 else { return (nil, rest) }
        return (String(inner.dropFirst()), rest)
    }

    /// Whether a byte cannot stand inside an unquoted `url(…)`: a quote, a parenthesis,
    /// whitespace or a control character make it a bad URL (CSS Syntax 3), and the whole value
    /// invalid, as Chromium and resvg read `fill="url(#a')"` or `url(#a b)`.
    static func endsUnquotedURL(_ c: UInt8) -> Bool {
        c == 0x22 || c == 0x27 || c == 0x28 || c <= 0x20 || c == 0x7F
    }

    /// What ``referenceBytes(_:)`` read: the result of ``reference(_:)``, nil when invalid.
    struct ParsedReference {
        var reference: (id: String?, rest: Substring)?
    }

    /// ``referenceCharacters(_:)`` read on the bytes of ASCII text without a carriage return,
    /// where a character is a byte (CR LF is one character); nil for other text. Characters
    /// took a twentieth of importing a plot that clips each of its 30,000 shapes.
    static func referenceBytes(_ t: Substring) -> ParsedReference? {
        let u = t.utf8
        let found = u.withContiguousStorageIfAvailable { b -> ParsedReference? in
            guard !b.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
            func lower(_ x: UInt8) -> UInt8 { x >= 65 && x <= 90 ? x | 0x20 : x }
            func isWord(_ w: StaticString) -> Bool {
                w.utf8CodeUnitCount <= b.count && (0..<w.utf8CodeUnitCount).allSatisfy { lower(b[$0]) == w.utf8Start[$0] }
            }
            let n = b.count
            if n == 4, isWord("none") { return ParsedReference(reference: (nil, "")) }
            guard n >= 5, isWord("url("), let close = b.firstIndex(of: 0x29) else { return ParsedReference(reference: nil) }
            var lo = 4
            var hi = close
            while lo < hi, CSSBytes.isSpace(b[lo]) { lo += 1 }
            while hi > lo, CSSBytes.isSpace(b[hi - 1]) { hi -= 1 }
            if lo < hi, b[lo] == 0x22 || b[lo] == 0x27 {
                guard hi - lo >= 2, b[hi - 1] == b[lo] else { return ParsedReference(reference: nil) }
                lo += 1
                hi -= 1
            } else if b[lo..<hi].contains(where: Self.endsUnquotedURL) {
                return ParsedReference(reference: nil)
            }
            let rest = t[u.index(u.startIndex, offsetBy: close + 1)...].trimmingCSSSpaces()
            guard lo < hi, b[lo] == 0x23, hi - lo > 1 else { return ParsedReference(reference: (nil, rest)) }
            return ParsedReference(reference: (String(decoding: UnsafeBufferPointer(rebasing: b[(lo + 1)..<hi]), as: UTF8.self), rest))
        }
        return found ?? nil
    }

    /// `none`, a color, `currentColor`, or `url(#id) [fallback]`; nil when invalid.
    static func parsePaint(_ v: Substring) -> SpecifiedPaint? {
        let t = v.trimmingCSSSpaces()
        if t.utf8.first == UInt8(ascii: "#") { return ParsedColor.parse(t).map { .color($0) } }
        let lower = t.utf8.count <= 16 ? t.lowercased() : String(t.prefix(4)).lowercased()
        if lower == "none" { return SpecifiedPaint.none }
        if lower.hasPrefix("url(") {
            guard let r = reference(t) else { return nil }
            var fallback: PaintFallback?
            if !r.rest.isEmpty {
                if r.rest.lowercased() == "none" {
                    fallback = PaintFallback.none
                } else if let c = ParsedColor.parse(r.rest) {
                    fallback = .color(c)
                } else {
                    return nil
                }
            }
            // An external reference draws its fallback, or nothing.
            guard let id = r.id else {
                switch fallback {
                case .color(let c)?: return .color(c)
                default: return SpecifiedPaint.none
                }
            }
            return .url(id, fallback: fallback)
        }
        if lower == "context-fill" || lower == "context-stroke" { return .context(stroke: lower == "context-stroke") }
        return ParsedColor.parse(t).map { .color($0) }
    }
}
