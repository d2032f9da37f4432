import LaminaCore

/// A resolved paint: nothing, a color (`cssText`), or a paint server reference by id with the
/// fallback written after the `url()` (`cssText` or `none`).
package enum PaintValue: Hashable, Sendable {
    case none
    case color(String)
    case url(String, fallback: String?)
    /// `context-fill` (false) or `context-stroke` (true) with no context element known here:
    /// inside a `marker` the renderer resolves it; elsewhere it paints nothing (SVG 2 §13.3).
    case context(stroke: Bool)
}

/// The paints of a context element (SVG 2 §13.3): the `use` whose copy is being styled.
package struct ContextPaint: Hashable, Sendable {
    package var fill: PaintValue
    package var stroke: PaintValue
    /// The layer of the `use`: a paint server reached through `context-fill` or
    /// `context-stroke` takes that element's coordinate system and bounding box, not the
    /// shape's (nil where no layer is known). For a `use` painted with context paint itself,
    /// this is still the nearest `use`, as resvg has it (Chromium takes the outer one's).
    package var source: LayerID?

    package init(fill: PaintValue, stroke: PaintValue, source: LayerID? = nil) {
        self.fill = fill
        self.stroke = stroke
        self.source = source
    }
}

/// A paint as specified: `currentColor` is kept so it follows each element's own `color`
/// (CSS Color 4 inherits the keyword, as browsers do).
package enum SpecifiedPaint: Hashable, Sendable {
    case none
    case color(ParsedColor)
    /// A local reference `url(#id)` and the optional fallback written after it. Boxed: inline,
    /// it made every paint 35 bytes instead of 17 (a computed style holds two, a cascaded
    /// declaration one).
    indirect case url(String, fallback: PaintFallback?)
    /// `context-fill` (false) or `context-stroke` (true), inherited as the keyword.
    case context(stroke: Bool)
}

/// The fallback after a paint server reference: `none` or a color.
package enum PaintFallback: Hashable, Sendable {
    case none
    case color(ParsedColor)
}

/// The computed SVG style of one element, with SVG's inheritance rules (SPEC §5).
///
/// Build it top-down: `ComputedStyle.initial.child(declarations:)` for the root, then each
/// element's `child` of its parent's. Inherited properties carry over; `opacity`,
/// `clip-path`, `mask`, `filter`, `display`, `overflow`, `stop-*` and the `extraOwn`
/// properties reset on every element.
package struct ComputedStyle: Hashable, Sendable {
    // The properties most elements set or read are stored inline; the rest live in two
    // copy-on-write boxes, absent while every property in them has its initial value, so that a
    // copy of a style (one per element, often several) retains at most two references instead
    // of a dozen strings and arrays.

    // Inherited.
    /// The `fill` as specified (`currentColor` unresolved).
    package var fillPaint: SpecifiedPaint = .color(.black)
    /// The `stroke` as specified (`currentColor` unresolved).
    package var strokePaint: SpecifiedPaint = .none
    /// `fill-opacity`, clamped to 0…1.
    package var fillOpacity: Double = 1
    /// `stroke-opacity`, clamped to 0…1.
    package var strokeOpacity: Double = 1
    /// Absolute lengths are already px (unit `.none`); only `%` stays relative to the viewport.
    package var strokeWidth: Length = Length(1)
    /// False only for the style above the root element (``initial``): the element whose
    /// parent style has it false is the root, whose font size `rem` then takes. Not a property
    /// value, so `==` and the hash leave it out. Declared here, it takes the padding after
    /// `strokeWidth`'s unit, not a word of its own.
    var isElement = false
    /// The `color` property, always concrete.
    package var color: ParsedColor = .black
    /// The font size in px.
    package var fontSize: Double = 16
    /// The rarely set inherited properties (`fillRule` … `visibility`, the extras).
    private var inheritedRare: LayerBox<InheritedRare>?

    // Not inherited.
    /// Group `opacity`, clamped to 0…1.
    package var opacity: Double = 1
    /// The rarely set properties that reset on every element (`clipPath` … `extraOwn`).
    private var ownRare: LayerBox<OwnRare>?

    /// The rarely set inherited properties. The getters below return the initial values as
    /// literals when the box is absent (reading `initial` would run a lazy-global check on
    /// every access); keep both in step.
    struct InheritedRare: Hashable, Sendable {
        var fillRule = "nonzero"
        var clipRule = "nonzero"
        var strokeLinecap = "butt"
        var strokeLinejoin = "miter"
        var strokeMiterlimit: Double = 4
        var strokeDasharray: [Length]?
        var strokeDashoffset: Length = .zero
        var visibility = "visible"
        var fontSizeSpecified = false
        var rootFontSize: Double = 16
        var textDecorations: [DecoratingStyle] = []
        var inheritedExtras: [String?] = []
        var contextPaint: ContextPaint?
        var customProperties = CustomPropertyMap()
        static let initial = InheritedRare()
    }

    /// The rarely set properties that reset on every element.
    struct OwnRare: Hashable, Sendable {
        var clipPath: String?
        var clipShape: ClipShape?
        var mask: String?
        var filters: [FilterFunctions.Item]?
        var unsupportedFilter: String?
        var display = "inline"
        var overflow = "visible"
        var stopColorPaint: ParsedColor = .black
        var stopOpacity: Double = 1
        var extraOwn: [StyleProperty] = []
        static let initial = OwnRare()
    }

    /// `nonzero` or `evenodd`.
    package var fillRule: String {
        get { inheritedRare?.value.fillRule ?? "nonzero" }
        set { if fillRule != newValue { updateInherited { $0.fillRule = newValue } } }
    }
    /// `clip-rule`: `nonzero` or `evenodd`.
    package var clipRule: String {
        get { inheritedRare?.value.clipRule ?? "nonzero" }
        set { if clipRule != newValue { updateInherited { $0.clipRule = newValue } } }
    }
    /// `stroke-linecap`: `butt`, `round` or `square`.
    package var strokeLinecap: String {
        get { inheritedRare?.value.strokeLinecap ?? "butt" }
        set { if strokeLinecap != newValue { updateInherited { $0.strokeLinecap = newValue } } }
    }
    /// The paints `context-fill` and `context-stroke` take: those of the `use` whose copy this
    /// element is in (inherited through the copy); nil outside one.
    package var contextPaint: ContextPaint? {
        get { inheritedRare?.value.contextPaint }
        set { if contextPaint != newValue { updateInherited { $0.contextPaint = newValue } } }
    }
    /// The custom properties (`--name`, lower-cased) in effect, their `var()`s resolved.
    /// A child's map shares its parent's storage, so the check below is by identity.
    package var customProperties: CustomPropertyMap {
        get { inheritedRare?.value.customProperties ?? CustomPropertyMap() }
        set { if !customProperties.isIdentical(to: newValue) { updateInherited { $0.customProperties = newValue } } }
    }
    /// `stroke-linejoin`: `miter`, `round`, `bevel`, `miter-clip` or `arcs`.
    package var strokeLinejoin: String {
        get { inheritedRare?.value.strokeLinejoin ?? "miter" }
        set { if strokeLinejoin != newValue { updateInherited { $0.strokeLinejoin = newValue } } }
    }
    /// `stroke-miterlimit`, at least 1.
    package var strokeMiterlimit: Double {
        get { inheritedRare?.value.strokeMiterlimit ?? 4 }
        set { if strokeMiterlimit != newValue { updateInherited { $0.strokeMiterlimit = newValue } } }
    }
    /// Nil for `none`; lengths in px or `%`.
    package var strokeDasharray: [Length]? {
        get { inheritedRare?.value.strokeDasharray }
        set { if strokeDasharray != newValue { updateInherited { $0.strokeDasharray = newValue } } }
    }
    /// `stroke-dashoffset` in px or `%`.
    package var strokeDashoffset: Length {
        get { inheritedRare?.value.strokeDashoffset ?? Length(0) }
        set { if strokeDashoffset != newValue { updateInherited { $0.strokeDashoffset = newValue } } }
    }
    /// `visible`, `hidden` or `collapse`.
    package var visibility: String {
        get { inheritedRare?.value.visibility ?? "visible" }
        set { if visibility != newValue { updateInherited { $0.visibility = newValue } } }
    }
    /// Whether a `font-size` was given on this element or an ancestor (else `fontSize` is the
    /// initial 16 px, CSS `medium`, which renderers may not share: resvg takes 12 px).
    package var fontSizeSpecified: Bool {
        get { inheritedRare?.value.fontSizeSpecified ?? false }
        set { if fontSizeSpecified != newValue { updateInherited { $0.fontSizeSpecified = newValue } } }
    }
    /// The root element's font size in px, which `rem` is of (CSS Values 4; for the root
    /// itself, the initial 16 px).
    package var rootFontSize: Double {
        get { inheritedRare?.value.rootFontSize ?? 16 }
        set { if rootFontSize != newValue { updateInherited { $0.rootFontSize = newValue } } }
    }
    /// The `text-decoration`s declared on ancestors, outermost first, each with the style of
    /// the element declaring it (CSS Text Decoration 3 §2: they propagate to the text inside,
    /// which draws each in its declaring element's paint, SVG 2 §11.10.1).
    package var textDecorations: [DecoratingStyle] {
        get { inheritedRare?.value.textDecorations ?? [] }
        set { if textDecorations != newValue { updateInherited { $0.textDecorations = newValue } } }
    }
    /// Other inherited drawing properties, by their index in `ComputedStyle.inheritedExtraNames`.
    /// Empty while none is set (the common case), so that reading them costs nothing.
    var inheritedExtras: [String?] {
        get { inheritedRare?.value.inheritedExtras ?? [] }
        set { if inheritedExtras != newValue { updateInherited { $0.inheritedExtras = newValue } } }
    }

    /// This element's own `text-decoration`, nil for none. Inlined: read on a parent style in
    /// place (``child(of:cascaded:)``), a call would copy the whole style first.
    @inline(__always) var ownTextDecoration: String? {
        guard let own = ownRare else { return nil }
        for p in own.value.extraOwn where p.name == "text-decoration" { return p.value }
        return nil
    }

    /// The `clip-path` id (`url(#id)`), nil for none.
    package var clipPath: String? {
        get { ownRare?.value.clipPath }
        set { if clipPath != newValue { updateOwn { $0.clipPath = newValue } } }
    }
    /// The `mask` id (`url(#id)`), nil for none.
    package var mask: String? {
        get { ownRare?.value.mask }
        set { if mask != newValue { updateOwn { $0.mask = newValue } } }
    }
    /// The `filter` list (`url(#id)` references and CSS filter functions, applied in order),
    /// nil for none.
    package var filters: [FilterFunctions.Item]? {
        get { ownRare?.value.filters }
        set { if filters != newValue { updateOwn { $0.filters = newValue } } }
    }
    /// `clip-path` as a CSS basic shape or reference box (then ``clipPath`` is nil).
    package var clipShape: ClipShape? {
        get { ownRare?.value.clipShape }
        set { if clipShape != newValue { updateOwn { $0.clipShape = newValue } } }
    }
    /// A `filter` value with a function that is neither a reference nor a list of valid filter
    /// functions (a malformed or unknown function), for a warning.
    package var unsupportedFilter: String? {
        get { ownRare?.value.unsupportedFilter }
        set { if unsupportedFilter != newValue { updateOwn { $0.unsupportedFilter = newValue } } }
    }
    /// `inline`, `none`, `block`, … (only `none` matters).
    package var display: String {
        get { ownRare?.value.display ?? "inline" }
        set { if display != newValue { updateOwn { $0.display = newValue } } }
    }
    /// `overflow` as specified on this element (the UA default for inner `svg` is the builder's).
    package var overflow: String {
        get { ownRare?.value.overflow ?? "visible" }
        set { if overflow != newValue { updateOwn { $0.overflow = newValue } } }
    }
    /// `stop-color` as specified (may be `currentColor`).
    package var stopColorPaint: ParsedColor {
        get { ownRare?.value.stopColorPaint ?? .rgba(r: 0, g: 0, b: 0, a: 1) }
        set { if stopColorPaint != newValue { updateOwn { $0.stopColorPaint = newValue } } }
    }
    /// `stop-opacity`, clamped to 0…1.
    package var stopOpacity: Double {
        get { ownRare?.value.stopOpacity ?? 1 }
        set { if stopOpacity != newValue { updateOwn { $0.stopOpacity = newValue } } }
    }
    /// Non-inherited drawing properties set on this element (`vector-effect`, `mix-blend-mode`…),
    /// in the order of `ComputedStyle.ownExtraNames`.
    package var extraOwn: [StyleProperty] {
        get { ownRare?.value.extraOwn ?? [] }
        set { if extraOwn != newValue { updateOwn { $0.extraOwn = newValue } } }
    }

    /// Resets every property that is not inherited (a child's style starts as its parent's).
    mutating func resetOwnProperties() {
        opacity = 1
        ownRare = nil
    }

    private mutating func updateInherited(_ change: (inout InheritedRare) -> Void) {
        LayerBox.update(&inheritedRare, initial: InheritedRare.initial, change)
    }

    private mutating func updateOwn(_ change: (inout OwnRare) -> Void) {
        LayerBox.update(&ownRare, initial: OwnRare.initial, change)
    }

    package static func == (l: ComputedStyle, r: ComputedStyle) -> Bool {
        l.fillPaint == r.fillPaint && l.strokePaint == r.strokePaint && l.fillOpacity == r.fillOpacity
            && l.strokeOpacity == r.strokeOpacity && l.strokeWidth == r.strokeWidth && l.color == r.color
            && l.fontSize == r.fontSize && l.opacity == r.opacity
            && (l.inheritedRare === r.inheritedRare
                || (l.inheritedRare?.value ?? .initial) == (r.inheritedRare?.value ?? .initial))
            && (l.ownRare === r.ownRare || (l.ownRare?.value ?? .initial) == (r.ownRare?.value ?? .initial))
    }

    package func hash(into h: inout Hasher) {
        h.combine(fillPaint); h.combine(strokePaint); h.combine(fillOpacity); h.combine(strokeOpacity)
        h.combine(strokeWidth); h.combine(color); h.combine(fontSize); h.combine(opacity)
        h.combine(inheritedRare?.value ?? .initial)
        h.combine(ownRare?.value ?? .initial)
    }

    /// The initial values of every property (the style above the root element).
    package static let initial = ComputedStyle()

    /// True when `display: none`.
    /// (Without an own box `display` is `inline`: comparing that default with `none` called
    /// the runtime's string comparison and released the literal for every layer.)
    package var isDisplayNone: Bool {
        guard let own = ownRare else { return false }
        return own.value.display == "none"
    }

    /// Whether every rarely set property (``InheritedRare``, ``OwnRare``) has its initial value:
    /// true when neither is stored (not always when false).
    var hasOnlyCommonProperties: Bool { inheritedRare == nil && ownRare == nil }

    /// `fill` with `currentColor` resolved.
    package var fill: PaintValue { resolve(fillPaint) }
    /// `stroke` with `currentColor` resolved.
    package var stroke: PaintValue { resolve(strokePaint) }
    /// `stop-color` as CSS text with `currentColor` resolved.
    package var stopColor: String { (stopColorPaint == .currentColor ? color : stopColorPaint).cssText }

    /// The inherited extra properties that are set, in `inheritedExtraNames` order.
    package var extraInherited: [StyleProperty] {
        var out: [StyleProperty] = []
        if inheritedExtras.isEmpty { return out }
        for (k, v) in inheritedExtras.enumerated() {
            if let v { out.append(StyleProperty(ComputedStyle.inheritedExtraNames[k], v)) }
        }
        return out
    }

    /// The inherited extra properties that can change how a basic shape or path draws: those
    /// that are set, less the ones only text and images read (``inheritedExtraAppliesToShapes``).
    package var extraInheritedForShapes: [StyleProperty] {
        var out: [StyleProperty] = []
        if inheritedExtras.isEmpty { return out }
        for (k, v) in inheritedExtras.enumerated() where ComputedStyle.inheritedExtraAppliesToShapes[k] {
            if let v { out.append(StyleProperty(ComputedStyle.inheritedExtraNames[k], v)) }
        }
        return out
    }

    /// The inherited extra property at `k` in `inheritedExtraNames`, nil when unset.
    func inheritedExtra(_ k: Int) -> String? { inheritedExtras.isEmpty ? nil : inheritedExtras[k] }

    /// Sets the inherited extra property at `k`; the list is allocated on the first value and
    /// dropped again when every entry is unset.
    mutating func setInheritedExtra(_ k: Int, _ value: String?) {
        let current = inheritedExtras
        if current.isEmpty ? value == nil : current[k] == value && value != nil { return }
        // Changed in the box, in place: through the property, each change copied the list
        // (and the box) out and back (a third of building a graph's text labels).
        updateInherited { rare in
            if rare.inheritedExtras.isEmpty {
                rare.inheritedExtras = Array(repeating: nil, count: ComputedStyle.inheritedExtraNames.count)
            }
            rare.inheritedExtras[k] = value
            if value == nil, rare.inheritedExtras.allSatisfy({ $0 == nil }) { rare.inheritedExtras = [] }
        }
    }

    private func resolve(_ p: SpecifiedPaint) -> PaintValue {
        switch p {
        case .none:
            return .none
        case .color(let c):
            return .color((c == .currentColor ? color : c).cssText)
        case .url(let id, let fallback):
            switch fallback {
            case nil: return .url(id, fallback: nil)
            case .none?: return .url(id, fallback: "none")
            case .color(let c)?: return .url(id, fallback: (c == .currentColor ? color : c).cssText)
            }
        case .context(let stroke):
            guard let context = contextPaint else { return .context(stroke: stroke) }
            return stroke ? context.stroke : context.fill
        }
    }
}
