/// Drawing properties that browsers read only from CSS (`style`, sheets), not as presentation
/// attributes: written in a `style` attribute wherever Lamina writes an element's computed
/// properties. Chromium ignores `white-space="pre"` or `text-transform="uppercase"` as
/// attributes, so such text lost its spacing, case, ligature settings or shadow; and
/// `mix-blend-mode`, `isolation` and `transform-box`, so pattern, mask and marker content lost
/// its blending and its transform's reference box.
public enum CSSOnlyProperties {
    /// The properties, lower-case.
    public static let names: Set<String> = [
        "white-space", "font-kerning", "font-size-adjust", "text-transform", "text-shadow",
        "font-feature-settings", "font-variation-settings", "font-variant-caps", "font-variant-ligatures",
        "font-variant-numeric", "font-variant-east-asian", "font-variant-position",
        // Compositing and the transform's reference box: as attributes, Chromium and resvg
        // ignore them inside pattern, mask and marker content.
        "mix-blend-mode", "isolation", "transform-box",
    ]

    /// Whether `name` is written in `style`.
    @inlinable public static func contains(_ name: String) -> Bool { names.contains(name) }

    /// `name:value;…` of `properties`, or nil when there are none. A value holding `;`, `{` or
    /// `}` outside the declaration it belongs to is left out.
    public static func styleText(_ properties: [(name: String, value: String)]) -> String? {
        var css = ""
        for (name, value) in properties where !value.utf8.contains(where: { $0 == 0x3B || $0 == 0x7B || $0 == 0x7D }) {
            if !css.isEmpty { css += ";" }
            css += name + ":" + value
        }
        return css.isEmpty ? nil : css
    }
}
