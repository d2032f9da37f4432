/// The SVG presentation attributes: attributes that are also CSS properties and take part in
/// the cascade at the lowest level. `transform` is not here: the builder reads it as geometry
/// (and `transform-origin` with it, from the cascade).
///
/// Not here, though SVG 1.1 or 2 list some of them: `font`, `font-size-adjust`, `white-space`,
/// `mix-blend-mode`, `isolation` and `transform-box`, which Chromium reads only from CSS (as
/// it reads the properties of ``CSSOnlyProperties``, which Lamina writes in `style` for that
/// reason): as attributes they change nothing in the browser.
package enum PresentationAttributes {
    /// Every presentation attribute name (SVG 1.1 §M, SVG 2 §6.6) that Chromium maps.
    package static let names: Set<String> = [
        "alignment-baseline", "baseline-shift", "clip", "clip-path", "clip-rule", "color",
        "color-interpolation", "color-interpolation-filters", "color-profile", "color-rendering",
        "cursor", "direction", "display", "dominant-baseline", "enable-background", "fill",
        "fill-opacity", "fill-rule", "filter", "flood-color", "flood-opacity", "font-family",
        "font-size", "font-stretch", "font-style", "font-variant", "font-weight",
        "glyph-orientation-horizontal", "glyph-orientation-vertical", "image-rendering",
        "kerning", "letter-spacing", "lighting-color", "marker-end", "marker-mid", "marker-start",
        "mask", "mask-type", "opacity", "overflow", "paint-order", "pointer-events",
        "shape-rendering", "stop-color", "stop-opacity", "stroke", "stroke-dasharray",
        "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
        "stroke-opacity", "stroke-width", "text-anchor", "text-decoration", "text-overflow",
        "text-rendering", "transform-origin", "unicode-bidi", "vector-effect", "visibility",
        "word-spacing", "writing-mode",
    ]

    /// True when `name` is in `names`; short and long names (`x`, `cx`, `d`, `id`…) are rejected
    /// without hashing, since every presentation attribute name has 4 to 28 bytes.
    @inline(__always) package static func contains(_ name: String) -> Bool {
        let n = name.utf8.count
        return n >= 4 && n <= 28 && names.contains(name)
    }
}
