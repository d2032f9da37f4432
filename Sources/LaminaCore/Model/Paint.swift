/// What fills or strokes a shape: nothing, a CSS color, or a paint server resource.
public enum Paint: Hashable, Sendable {
    case none
    /// A normalized CSS color string (`#rrggbb`, `rgba(r,g,b,a)` …) or `currentColor` resolved away.
    case color(String)
    /// A gradient or pattern in the scene's resources, with an optional fallback color. Boxed
    /// (`indirect`): inline, its two strings made every `Paint?` 33 bytes instead of 17.
    indirect case ref(String, fallback: String?)
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
    // The stored properties are declared in the order that packs them: the shape (49 bytes)
    // last, so that no field is padded after it (89 bytes; a heap chunk of 128).
    @usableFromInline var fillOpacityBits = Content.unsetBits
    @usableFromInline var strokeWidthBits = Content.unsetBits
    /// The rarely set properties; nil while every one of them is unset (visible to the
    /// inlinable getters of `Content+Rare.swift`, which other modules then read in place).
    @usableFromInline var rareBox: LayerBox<ContentRare>?
    /// ``fill`` and ``stroke`` in a word each (`Content+PaintSlot.swift`): an opaque color as
    /// its 24-bit value, not its text (a `Paint?` is 17 bytes, padded to 24).
    @usableFromInline package var fillSlot = PaintSlot.unset
    @usableFromInline package var strokeSlot = PaintSlot.unset
    public var shape: Shape

    public var fill: Paint? {
        // Always inlined: a reader that called it on a content in place (`pointer.pointee.fill`)
        // copied the whole content first (an outlined copy and destroy).
        @inlinable @inline(__always) get { fillSlot.paint }
        set { fillSlot = PaintSlot(newValue) }
    }

    public var stroke: Paint? {
        @inlinable @inline(__always) get { strokeSlot.paint }
        set { strokeSlot = PaintSlot(newValue) }
    }

    /// `nil` is stored as ``unsetBits`` (an 8-byte `Double` instead of a 9-byte optional
    /// padded to 16: with the boxed ``Paint/ref(_:fallback:)`` a content is 128 bytes, not 176).
    @inlinable public var fillOpacity: Double? {
        get { Self.unpack(fillOpacityBits) }
        set { fillOpacityBits = Self.pack(newValue) }
    }
    @inlinable public var strokeWidth: Double? {
        get { Self.unpack(strokeWidthBits) }
        set { strokeWidthBits = Self.pack(newValue) }
    }

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

    /// The bits that stand for `nil`: a signalling NaN with a payload no arithmetic, parser or
    /// JSON number makes. Storing exactly this NaN stores the quiet NaN instead.
    @inlinable static var unsetBits: UInt64 { 0x7FF4_C0A7_E000_0001 }

    @inlinable static func unpack(_ bits: UInt64) -> Double? {
        bits == unsetBits ? nil : Double(bitPattern: bits)
    }

    @inlinable static func pack(_ value: Double?) -> UInt64 {
        guard let value else { return unsetBits }
        let bits = value.bitPattern
        return bits == unsetBits ? Double.nan.bitPattern : bits
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
