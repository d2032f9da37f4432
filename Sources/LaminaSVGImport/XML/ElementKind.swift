/// What the builder does with an element, by its local name (classified once per name by the
/// reader, so the builder switches on a small id instead of comparing names).
package enum ElementKind: UInt8, Sendable {
    /// `g` or `a`.
    case group
    case `switch`, svg, symbol, use, text, image, foreignObject, script
    case rect, circle, ellipse, line, polyline, polygon, path
    /// Definitions, metadata and animation: never drawn where they stand.
    case silent
    /// Anything else (unsupported).
    case other

    /// The kind of a local name.
    package init(name: String) {
        switch name {
        case "g", "a": self = .group
        case "switch": self = .switch
        case "svg": self = .svg
        case "symbol": self = .symbol
        case "use": self = .use
        case "text": self = .text
        case "image": self = .image
        case "foreignObject": self = .foreignObject
        case "script": self = .script
        case "rect": self = .rect
        case "circle": self = .circle
        case "ellipse": self = .ellipse
        case "line": self = .line
        case "polyline": self = .polyline
        case "polygon": self = .polygon
        case "path": self = .path
        default: self = ElementKind.silentNames.contains(name) ? .silent : .other
        }
    }

    /// True for the elements that never draw where they stand (`silentNames`, `symbol` included).
    package var isSilent: Bool { self == .silent || self == .symbol }

    /// True for the drawable shapes with modeled geometry.
    package var isShape: Bool { rawValue >= ElementKind.rect.rawValue && rawValue <= ElementKind.path.rawValue }

    /// Elements that never draw where they stand (definitions, metadata, animation).
    package static let silentNames: Set<String> = [
        "defs", "clipPath", "mask", "marker", "pattern", "linearGradient", "radialGradient", "filter",
        "style", "title", "desc", "metadata", "symbol", "font", "font-face", "glyph", "missing-glyph",
        "view", "cursor", "color-profile", "animate", "animateColor", "animateMotion", "animateTransform",
        "set", "mpath", "stop", "hkern", "vkern", "solidcolor", "meshgradient", "hatch",
    ]
}
