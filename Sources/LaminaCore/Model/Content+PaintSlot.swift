/// A fill or stroke as ``Content`` stores it: one word.
///
/// A shape's content lives in a heap box of its own (100,000 at flat-1e5); a `Paint?` is 17
/// bytes (a string and a tag) padded to 24, and nearly every paint an importer writes is an
/// opaque color, `#rrggbb`. Kept as its 24-bit value, it is 8 bytes and no string is made for
/// it until a reader asks (``ColorText/text(rgb:)``); what is not such a color is kept as
/// the `Paint` itself in a box of its own.
@usableFromInline
package enum PaintSlot: Sendable {
    /// No paint (`nil`).
    case unset
    /// ``Paint/none``.
    case none
    /// ``Paint/color(_:)`` of exactly `#rrggbb` with lowercase digits, as this 24-bit value.
    case rgb(UInt32)
    /// Any other paint: a reference, or a color kept as written (`#ABCDEF`, `rgba(…)`, a name…).
    case other(LayerBox<Paint>)

    /// The slot of `paint`: a color is packed when its text is exactly what ``ColorText``
    /// makes of the value, so reading it back gives the same bytes.
    @inlinable package init(_ paint: Paint?) {
        switch paint {
        case nil: self = .unset
        case .none?: self = .none
        case .color(let text)?:
            if let rgb = ColorText.rgb(of: text) {
                self = .rgb(rgb)
            } else {
                self = .other(LayerBox(.color(text)))
            }
        case let other?: self = .other(LayerBox(other))
        }
    }

    /// The opaque color `r`, `g`, `b`: ``Paint/color(_:)`` of its `#rrggbb`.
    @inlinable package init(r: UInt8, g: UInt8, b: UInt8) {
        self = .rgb(UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
    }

    /// The paint stored.
    @inlinable package var paint: Paint? {
        switch self {
        case .unset: return nil
        case .none: return Paint.none
        case .rgb(let rgb): return .color(ColorText.text(rgb: rgb))
        case .other(let box): return box.value
        }
    }

    /// `body` applied to the seven bytes of `#rrggbb` when the slot holds an opaque color
    /// (written from its value, no string made); nil, without calling `body`, otherwise.
    @inlinable @inline(__always)
    package func withRGBText<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard case .rgb(let rgb) = self else { return nil }
        var word = ColorText.digits(rgb).littleEndian
        return try withUnsafeBytes(of: &word) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 7))
        }
    }

    /// Whether the paint is the color `#000000` (opaque black, SVG's initial fill).
    @inlinable package var isBlack: Bool {
        if case .rgb(0) = self { return true }
        return false
    }
}
