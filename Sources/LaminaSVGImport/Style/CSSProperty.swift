import LaminaCore

/// The properties the cascade and ``ComputedStyle`` parse or treat specially, as a small id so
/// that each declaration's name is looked up once instead of compared as text per step.
package enum CSSProperty: UInt8, Sendable {
    case fill, stroke, fillOpacity, strokeOpacity, opacity, stopOpacity, floodOpacity
    case color, stopColor, floodColor, lightingColor
    case fillRule, clipRule, strokeLinecap, strokeLinejoin, visibility, overflow, display
    case strokeWidth, strokeDashoffset, strokeMiterlimit, strokeDasharray, fontSize
    case clipPath, mask, filter, marker, transform, transformOrigin, transformBox
    /// Any other property (kept verbatim, or ignored).
    case other

    /// The id of a (lower-case) property name; `.other` for the rest.
    package static func of(_ name: String) -> CSSProperty {
        let n = name.utf8.count
        guard n >= 4, n <= 17 else { return .other }
        return byName[name] ?? .other
    }

    /// Every property but `.other` by its name.
    static let byName: [String: CSSProperty] = [
        "fill": .fill, "stroke": .stroke, "fill-opacity": .fillOpacity, "stroke-opacity": .strokeOpacity,
        "opacity": .opacity, "stop-opacity": .stopOpacity, "flood-opacity": .floodOpacity, "color": .color,
        "stop-color": .stopColor, "flood-color": .floodColor, "lighting-color": .lightingColor,
        "fill-rule": .fillRule, "clip-rule": .clipRule, "stroke-linecap": .strokeLinecap,
        "stroke-linejoin": .strokeLinejoin, "visibility": .visibility, "overflow": .overflow, "display": .display,
        "stroke-width": .strokeWidth, "stroke-dashoffset": .strokeDashoffset, "stroke-miterlimit": .strokeMiterlimit,
        "stroke-dasharray": .strokeDasharray, "font-size": .fontSize, "clip-path": .clipPath, "mask": .mask,
        "filter": .filter, "marker": .marker, "transform": .transform, "transform-origin": .transformOrigin,
        "transform-box": .transformBox,
    ]
}

/// A declared value parsed once, for the property it sets: the cascade checks validity with it
/// and ``ComputedStyle`` applies it without parsing the text again.
package enum ParsedValue: Sendable, Equatable {
    /// Not valid for the property: CSS drops the declaration.
    case invalid
    /// `inherit`, `initial` or `unset` (lower-case).
    case cssWide(String)
    case paint(SpecifiedPaint)
    /// An opacity clamped to 0…1.
    case fraction(Double)
    case color(ParsedColor)
    /// A keyword from the property's list, lower-case.
    case keyword(String)
    case length(Length)
    /// A `rem` length or a `calc()` (`stroke-width`, `stroke-dashoffset`), resolved against the
    /// element's font sizes when applied. Boxed (as a paint's `url()` is): inline, its five
    /// numbers made every value 41 bytes and every cascaded declaration 96 instead of 72.
    indirect case calc(CSSCalc)
    case number(Double)
    /// `stroke-dasharray`: nil for `none`.
    case dashes([Length]?)
    /// `url(#id)`, or nil for `none` or a non-local reference.
    case reference(String?)
    /// Holds a `var()`: parsed once the element's custom properties are known (CSS
    /// Variables: valid at parse time, checked at computed-value time).
    case deferred
    /// A longhand of a `font` shorthand holding a `var()` (its text is the shorthand's): once
    /// substituted, the shorthand is expanded and this longhand takes its part, or the whole
    /// shorthand is invalid at computed-value time (CSS Variables' pending-substitution value).
    case deferredFont
    /// Valid, applied from its text (`color`, `font-size`, verbatim and unknown properties), or
    /// valid for the cascade but without effect (an unparsable `clip-path`).
    case text
}

extension ParsedValue {
    /// Whether it waits for `var()` substitution (``deferred`` or ``deferredFont``).
    var isDeferred: Bool {
        switch self {
        case .deferred, .deferredFont: return true
        default: return false
        }
    }
}

/// One winning declaration of an element: its property id, its parsed value, and its name and
/// text as specified. A known property's name is its id's (``PropertyNames/names``); only
/// other properties keep a name of their own. The text is kept as ``CSSText``: a value read
/// from the element table's bytes makes no `String` until ``value`` is asked for.
package struct CascadedDeclaration: Sendable {
    // The initializers are in an extension, so that the memberwise one is made: the cascade
    // builds its winners with it, which Swift 6.3 moves into the list where a declared
    // initializer's result was copied there and destroyed (an outlined copy of all four
    // fields per winner).
    package var property: CSSProperty
    package var parsed: ParsedValue
    /// The name, when not the known property's (always for `.other`); nil for a known property
    /// written with its own name.
    var ownName: String?
    /// The value text as specified (trimmed).
    package var text: CSSText

    /// The property name (lower-case for sheet and `style` declarations).
    package var name: String {
        get { ownName ?? PropertyNames.names[Int(property.rawValue)] }
        set { ownName = newValue }
    }

    /// The value text as specified (trimmed).
    package var value: String {
        get { text.string }
        set { text = CSSText(newValue) }
    }

    /// Whether this is a custom property (`--name`).
    @inline(__always) var isCustomProperty: Bool {
        guard property == .other, let name = ownName else { return false }
        return name.hasPrefix("--")
    }
}

extension CascadedDeclaration {
    /// A declaration with its value parsed for `name`.
    package init(name: String, value: String) {
        let property = CSSProperty.of(name)
        self.init(name: name, value: value, property: property, parsed: ComputedStyle.parse(property, value))
    }

    /// A declaration parsed already.
    package init(name: String, value: String, property: CSSProperty, parsed: ParsedValue) {
        self.init(property: property, parsed: parsed, ownName: name, text: CSSText(value))
    }
}
