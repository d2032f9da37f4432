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
/// The rarely set ones live in one copy-on-write box that is absent while all are unset, so a
/// million shapes stay small (`Content+Rare.swift`).
public struct Content: Hashable, Sendable {
    public var shape: Shape
    public var fill: Paint?
    public var stroke: Paint?
    public var fillOpacity: Double?
    public var strokeWidth: Double?
    /// The rarely set properties; nil while every one of them is unset (visible to the
    /// inlinable getters of `Content+Rare.swift`, which other modules then read in place).
    @usableFromInline var rareBox: LayerBox<ContentRare>?

    public init(shape: Shape) {
        self.shape = shape
    }

    public static func == (l: Content, r: Content) -> Bool {
        l.shape == r.shape && l.fill == r.fill && l.stroke == r.stroke && l.fillOpacity == r.fillOpacity
            && l.strokeWidth == r.strokeWidth
            && (l.rareBox === r.rareBox || (l.rareBox?.value ?? ContentRare()) == (r.rareBox?.value ?? ContentRare()))
    }

    public func hash(into h: inout Hasher) {
        h.combine(shape); h.combine(fill); h.combine(stroke); h.combine(fillOpacity); h.combine(strokeWidth)
        h.combine(rareBox?.value ?? ContentRare())
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
