import LaminaCore

extension ComputedStyle {
    /// Whether a declared value is valid for a property Lamina computes, so the cascade can drop
    /// invalid declarations as CSS does (a lower-priority valid one then wins). Unknown
    /// properties, `clip-path`/`mask`/`filter` (kept even when unsupported) and the CSS-wide
    /// keywords are always valid.
    package static func isValid(_ name: String, _ value: String) -> Bool {
        let trimmed = value.trimmingCharactersCSS()
        if trimmed.isEmpty { return false }
        if cascadeKeyword(trimmed) != nil { return true }
        let v = trimmed[...]
        switch name {
        case "fill", "stroke":
            return parsePaint(v) != nil
        case "fill-opacity", "stroke-opacity", "opacity", "stop-opacity", "flood-opacity":
            return parseOpacity(v) != nil
        case "color", "stop-color", "flood-color", "lighting-color":
            return ParsedColor.parse(v) != nil
        case "fill-rule", "clip-rule":
            return keyword(v, ["nonzero", "evenodd"]) != nil
        case "stroke-linecap":
            return keyword(v, ["butt", "round", "square"]) != nil
        case "stroke-linejoin":
            return keyword(v, ["miter", "round", "bevel", "miter-clip", "arcs"]) != nil
        case "visibility":
            return keyword(v, ["visible", "hidden", "collapse"]) != nil
        case "overflow":
            return keyword(v, ["visible", "hidden", "scroll", "auto", "clip"]) != nil
        case "display":
            return displayKeyword(v) != nil
        case "stroke-width":
            return Length.parse(v).map { $0.value >= 0 } ?? false
        case "stroke-dashoffset":
            return Length.parse(v) != nil
        case "stroke-miterlimit":
            return Length.parse(v).map { $0.unit == .none && $0.value >= 1 } ?? false
        case "stroke-dasharray":
            if v.lowercased() == "none" { return true }
            return Length.parseList(v).map { !$0.isEmpty && $0.allSatisfy { $0.value >= 0 } } ?? false
        case "font-size":
            return fontSizeKeywords[v.lowercased()] != nil || v.lowercased() == "larger" || v.lowercased() == "smaller"
                || (Length.parse(v).map { $0.value >= 0 } ?? false)
        default:
            return true
        }
    }

    /// The absolute font-size keywords in px (CSS Fonts 4 §2.5, medium = 16px).
    static let fontSizeKeywords: [String: Double] = [
        "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24,
        "xx-large": 32, "xxx-large": 48,
    ]
}
