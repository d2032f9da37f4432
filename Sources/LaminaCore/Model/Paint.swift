/// What fills or strokes a shape: nothing, a CSS color, or a paint server resource.
public enum Paint: Hashable, Sendable {
    case none
    /// A normalized CSS color string (`#rrggbb`, `rgba(r,g,b,a)` …) or `currentColor` resolved away.
    case color(String)
    /// A gradient or pattern in the scene's resources, with an optional fallback color.
    case ref(String, fallback: String?)
}

/// The drawable geometry of a layer's content, kept in the element's own user space.
public enum Shape: Hashable, Sendable {
    case rect(x: Double, y: Double, width: Double, height: Double, rx: Double, ry: Double)
    case circle(cx: Double, cy: Double, r: Double)
    case ellipse(cx: Double, cy: Double, rx: Double, ry: Double)
    case line(x1: Double, y1: Double, x2: Double, y2: Double)
    case polyline([Point])
    case polygon([Point])
    /// SVG path data, kept as written (normalized whitespace allowed).
    case path(String)
    /// An SVG element carried verbatim (text, image, …), with its computed style written in.
    case svg(xml: String)
}

/// A layer's drawn content: a shape and its computed paint (SPEC §3 `content`).
///
/// Optional paint properties are `nil` when at the SVG initial value, so they are omitted from
/// JSON: fill black, stroke none, opacities 1, fill-rule nonzero, stroke-width 1, …
public struct Content: Hashable, Sendable {
    public var shape: Shape
    public var fill: Paint?
    public var stroke: Paint?
    public var fillOpacity: Double?
    public var strokeOpacity: Double?
    public var fillRule: String?
    public var strokeWidth: Double?
    public var strokeLinecap: String?
    public var strokeLinejoin: String?
    public var strokeMiterlimit: Double?
    public var strokeDasharray: [Double]?
    public var strokeDashoffset: Double?
    public var clipRule: String?
    /// Other presentation properties that affect drawing (`visibility`, `paint-order`,
    /// `shape-rendering`, `vector-effect`, `marker-*`…), as CSS name → value, written back as
    /// attributes in this order.
    public var extra: [StyleProperty]

    public init(shape: Shape) {
        self.shape = shape
        self.extra = []
    }
}

/// One CSS property kept verbatim.
public struct StyleProperty: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
