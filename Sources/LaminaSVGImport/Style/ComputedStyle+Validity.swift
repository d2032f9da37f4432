import LaminaCore

extension ComputedStyle {
    /// Whether a declared value is valid for a property Lamina computes, so the cascade can drop
    /// invalid declarations as CSS does (a lower-priority valid one then wins). Unknown
    /// properties, `clip-path`/`mask`/`filter` (kept even when unsupported) and the CSS-wide
    /// keywords are always valid.
    package static func isValid(_ name: String, _ value: String) -> Bool {
        if case .invalid = parse(CSSProperty.of(name), value) { return false }
        return true
    }

    /// Parses a declared value once for its property: `.invalid` when CSS drops it, otherwise
    /// the value ``apply(_:_:_:_:)`` sets (`.text` when it is applied from its text).
    package static func parse(_ property: CSSProperty, _ value: String) -> ParsedValue {
        parseFast(property, value) ?? parseFully(property, value)
    }

    /// ``parse(_:_:)`` of a value's UTF-8 bytes (trimmed): the text is made only when
    /// ``parseFast(_:bytes:)`` does not read it.
    static func parse(_ property: CSSProperty, bytes b: UnsafeBufferPointer<UInt8>) -> ParsedValue {
        parseFast(property, bytes: b) ?? parseFully(property, String(decoding: b, as: UTF8.self))
    }

    /// ``parse(_:bytes:)``, clearing `plain` when ``parseFast(_:bytes:)`` does not read the
    /// value (``CascadeWinners/isPlain``).
    /// (Written as ``parse(_:bytes:)`` is: binding the fast result first made the cascade copy
    /// and destroy each value through its outlined witnesses, +1.3 % on a plain drawing.)
    @inline(__always)
    static func parse(_ property: CSSProperty, bytes b: UnsafeBufferPointer<UInt8>, plain: inout Bool) -> ParsedValue {
        parseFast(property, bytes: b) ?? parseNotPlain(property, b, &plain)
    }

    /// ``parseFully(_:_:)`` of bytes the fast parse does not read, clearing `plain`.
    private static func parseNotPlain(_ property: CSSProperty, _ b: UnsafeBufferPointer<UInt8>, _ plain: inout Bool) -> ParsedValue {
        plain = false
        return parseFully(property, String(decoding: b, as: UTF8.self))
    }

    /// ``parse(_:_:)`` without ``parseFast(_:_:)``'s shortcuts (which give the same answers).
    static func parseFully(_ property: CSSProperty, _ value: String) -> ParsedValue {
        let trimmed = trimmedCSS(value)
        if trimmed.isEmpty { return .invalid }
        if let k = cascadeKeyword(trimmed) { return .cssWide(k) }
        if CustomProperties.referencesVariables(trimmed) { return .deferred }
        let v = trimmed[...]
        switch property {
        case .fill, .stroke:
            return parsePaint(v).map { .paint($0) } ?? .invalid
        case .fillOpacity, .strokeOpacity, .opacity, .stopOpacity:
            return parseOpacity(v).map { .fraction($0) } ?? .invalid
        case .floodOpacity:
            return parseOpacity(v) == nil ? .invalid : .text
        case .stopColor:
            return ParsedColor.parse(v).map { .color($0) } ?? .invalid
        case .color, .floodColor, .lightingColor:
            return ParsedColor.parse(v) == nil ? .invalid : .text
        case .fillRule, .clipRule:
            return keyword(v, ["nonzero", "evenodd"]).map { .keyword($0) } ?? .invalid
        case .strokeLinecap:
            return keyword(v, ["butt", "round", "square"]).map { .keyword($0) } ?? .invalid
        case .strokeLinejoin:
            return keyword(v, ["miter", "round", "bevel", "miter-clip", "arcs"]).map { .keyword($0) } ?? .invalid
        case .visibility:
            return keyword(v, ["visible", "hidden", "collapse"]).map { .keyword($0) } ?? .invalid
        case .overflow:
            return keyword(v, ["visible", "hidden", "scroll", "auto", "clip"]).map { .keyword($0) } ?? .invalid
        case .display:
            return displayKeyword(v).map { .keyword($0) } ?? .invalid
        case .strokeWidth:
            if let l = Length.parse(v) { return l.value >= 0 ? .length(l) : .invalid }
            return CSSCalc.parseNonNegative(v).map { .calc($0) } ?? .invalid
        case .strokeDashoffset:
            return Length.parse(v).map { .length($0) } ?? CSSCalc.parseLength(v).map { .calc($0) } ?? .invalid
        case .strokeMiterlimit:
            // A value from 0 to 1 is taken as 1, as Chromium and resvg draw it (a bevel); a
            // negative one is invalid.
            guard let l = Length.parse(v), l.unit == .none, l.value >= 0 else { return .invalid }
            return .number(max(1, l.value))
        case .strokeDasharray:
            if v.lowercased() == "none" { return .dashes(nil) }
            guard let list = Length.parseList(v) else {
                // `rem` or `calc()` items: applied from the text, once the font sizes are known.
                return CSSCalc.parseDashList(v) == nil ? .invalid : .text
            }
            guard !list.isEmpty, list.allSatisfy({ $0.value >= 0 }) else { return .invalid }
            return .dashes(list)
        case .fontSize:
            let lower = v.lowercased()
            let ok = fontSizeKeywords[lower] != nil || lower == "larger" || lower == "smaller"
                || (Length.parse(v).map { $0.value >= 0 } ?? false) || CSSCalc.parseNonNegative(v) != nil
            return ok ? .text : .invalid
        case .clipPath, .mask, .filter:
            // Always valid; an unparsable reference changes nothing.
            return reference(v).map { .reference($0.id) } ?? .text
        case .transformOrigin:
            return TransformOrigin.parse(v) == nil ? .invalid : .text
        case .transformBox:
            return keyword(v, ["content-box", "border-box", "fill-box", "stroke-box", "view-box"]).map { .keyword($0) } ?? .invalid
        case .marker, .transform, .other:
            return .text
        }
    }

    /// The absolute font-size keywords in px (CSS Fonts 4 §2.5, medium = 16px).
    static let fontSizeKeywords: [String: Double] = [
        "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24,
        "xx-large": 32, "xxx-large": 48,
    ]
}
