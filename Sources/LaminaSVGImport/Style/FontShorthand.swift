import LaminaCore

/// The `font` shorthand (CSS Fonts 4 §2.8): `[style || variant || weight || stretch]? size
/// [/ line-height]? family`, expanded into the longhands Lamina keeps (`line-height` has no
/// effect on SVG text and is dropped). Omitted longhands are reset to `normal`, as the
/// shorthand says.
///
///     FontShorthand.expand("italic bold 20px/1.2 'Open Sans', serif")
///     // font-style italic, font-variant normal, font-weight bold, font-stretch normal,
///     // font-size 20px, font-family 'Open Sans', serif
enum FontShorthand {
    static let styles: Set<String> = ["italic", "oblique"]
    static let weights: Set<String> = ["bold", "bolder", "lighter"]
    static let stretches: Set<String> = [
        "ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded", "expanded",
        "extra-expanded", "ultra-expanded",
    ]
    static let sizeKeywords: Set<String> = [
        "xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large", "larger", "smaller",
    ]

    /// The system font keywords (CSS Fonts 4 §2.8: the font of captioned controls, icon
    /// labels, menus, dialogs, small controls and status bars).
    static let systemFonts: Set<String> = ["caption", "icon", "menu", "message-box", "small-caption", "status-bar"]

    /// The longhands a system font keyword sets: Chromium gives each the user interface font at
    /// the default font size, upright, normal weight and width (on Linux 16 px in the family its
    /// `sans-serif` and `system-ui` also name); `system-ui` names the user interface font in
    /// every browser and system, where `sans-serif` is a document font.
    static let systemFont: [(name: String, value: String)] = [
        ("font-style", "normal"), ("font-variant", "normal"), ("font-weight", "normal"), ("font-stretch", "normal"),
        ("font-size", "medium"), ("font-family", "system-ui"),
    ]

    /// The longhands the shorthand sets, in the order ``expand(_:)`` gives them.
    static let longhands = ["font-style", "font-variant", "font-weight", "font-stretch", "font-size", "font-family"]

    /// The value `font: VALUE` gives the longhand `name`; nil when `VALUE` is not a font or
    /// `name` is not one of ``longhands``.
    static func longhand(_ name: String, of value: String) -> String? {
        expand(value)?.first { $0.name == name }?.value
    }

    /// The longhands of a `font` value, or nil when it is not one (CSS drops the declaration).
    static func expand(_ value: String) -> [(name: String, value: String)]? {
        var style = "normal", variant = "normal", weight = "normal", stretch = "normal"
        var seen = 0
        var rest = Substring(value).trimmingCSSSpaces()
        // A CSS-wide keyword alone sets every longhand to it (`font: inherit` in a reset).
        if let keyword = ComputedStyle.cascadeKeyword(String(rest)) {
            return longhands.map { ($0, keyword) }
        }
        // A system font keyword alone sets every longhand to the system font's values.
        if systemFonts.contains(rest.lowercased()) { return systemFont }
        while let token = rest.split(whereSeparator: isCSSSpace).first {
            let word = token.lowercased()
            // The size: a keyword or a non-negative length (`rem` too) or percentage, maybe with `/height`.
            let sizeText = word.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? word
            if sizeKeywords.contains(sizeText) || (Length.parse(sizeText[...]).map { $0.value >= 0 && $0.value.isFinite && $0.unit != .none } ?? false)
                || sizeText == "0" || (!sizeText.hasPrefix("calc(") && CSSCalc.parseNonNegative(sizeText[...]) != nil)
            {
                var after = rest[token.endIndex...]
                // `20px / 1.2`: skip the separate line height (`20px/1.2` has it in the token).
                let trimmed = after.trimmingCSSSpaces()
                if !token.contains("/"), trimmed.hasPrefix("/") {
                    after = trimmed.dropFirst().trimmingCSSSpaces()
                    guard let height = after.split(whereSeparator: isCSSSpace).first else { return nil }
                    after = after[height.endIndex...]
                }
                let family = after.trimmingCSSSpaces()
                guard !family.isEmpty else { return nil }
                return [
                    ("font-style", style), ("font-variant", variant), ("font-weight", weight), ("font-stretch", stretch),
                    ("font-size", sizeText), ("font-family", String(family)),
                ]
            }
            seen += 1
            guard seen <= 4 else { return nil }
            if word == "normal" {
                // Any of the four: they are all `normal` unless given.
            } else if styles.contains(word) {
                style = word
            } else if word == "small-caps" {
                variant = word
            } else if weights.contains(word) || (Int(word).map { (1...1000).contains($0) } ?? false) {
                weight = word
            } else if stretches.contains(word) {
                stretch = word
            } else {
                return nil
            }
            rest = rest[token.endIndex...]
        }
        return nil
    }
}
