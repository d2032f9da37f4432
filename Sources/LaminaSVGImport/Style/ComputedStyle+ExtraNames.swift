/// The names of the properties a computed style keeps verbatim for drawing.
extension ComputedStyle {
    /// Inherited properties kept verbatim for drawing, in output order.
    package static let inheritedExtraNames: [String] = [
        "paint-order", "shape-rendering", "text-rendering", "image-rendering", "color-rendering",
        "color-interpolation", "color-interpolation-filters", "marker-start", "marker-mid", "marker-end",
        "font-family", "font-style", "font-variant", "font-weight", "font-stretch", "font-size-adjust",
        "font-kerning", "kerning", "text-anchor", "letter-spacing", "word-spacing", "writing-mode",
        "direction", "dominant-baseline", "glyph-orientation-horizontal", "glyph-orientation-vertical",
        "white-space", "pointer-events", "cursor", "text-transform", "text-shadow", "font-feature-settings",
        "font-variation-settings", "font-variant-caps", "font-variant-ligatures", "font-variant-numeric",
        "font-variant-east-asian", "font-variant-position",
    ]

    /// The inherited extras that only text or images read: fonts, text layout and
    /// `text-rendering`, `image-rendering`. A basic shape or path has no text, no image and no
    /// children to pass them to (marker and pattern content inherits from the `marker` or
    /// `pattern` element, not from the shape that refers to it), so they change nothing there.
    package static let textAndImageOnlyExtras: Set<String> = [
        "text-rendering", "image-rendering", "font-family", "font-style", "font-variant", "font-weight",
        "font-stretch", "font-size-adjust", "font-kerning", "kerning", "text-anchor", "letter-spacing",
        "word-spacing", "writing-mode", "direction", "dominant-baseline", "glyph-orientation-horizontal",
        "glyph-orientation-vertical", "white-space", "text-transform", "text-shadow", "font-feature-settings",
        "font-variation-settings", "font-variant-caps", "font-variant-ligatures", "font-variant-numeric",
        "font-variant-east-asian", "font-variant-position",
    ]

    /// By index in `inheritedExtraNames`: whether the property can change a basic shape's drawing.
    package static let inheritedExtraAppliesToShapes: [Bool] = inheritedExtraNames.map { !textAndImageOnlyExtras.contains($0) }

    /// Non-inherited properties kept verbatim for drawing, in output order.
    package static let ownExtraNames: [String] = [
        "vector-effect", "mix-blend-mode", "isolation", "mask-type", "alignment-baseline",
        "baseline-shift", "text-decoration", "unicode-bidi", "flood-color", "flood-opacity",
        "lighting-color", "clip", "enable-background",
    ]
}
