import LaminaCore

extension ComputedStyle {
    /// Writes the paint of this style into `content`, leaving a field nil where the value is
    /// the SVG initial one (fill black, stroke none, opacities 1, `nonzero`, width 1, `butt`,
    /// `miter`, miter limit 4, no dashes, offset 0).
    ///
    /// `%` stroke lengths resolve against the viewport's normalized diagonal
    /// √((w² + h²) / 2). Drawing extras (`paint-order`, `marker-*`, `vector-effect`…) go to
    /// `content.extra`, and `visibility` too when it is not `visible`; `opacity`, `display`,
    /// `clip-path`, `mask` and `filter` are the builder's (they belong to the layer).
    ///
    /// With `shape`, the content is a basic shape or path (not markup carried verbatim), and the
    /// inherited extras only text and images read are left out (``extraInheritedForShapes``):
    /// a `font-family` on the root is not repeated on each of its 10,000 rectangles.
    package func applyPaint(to content: inout Content, viewport: Size, shape: Bool = false) {
        // With no rare property stored in either, every one of them stays unset in the content.
        let plain = hasOnlyCommonProperties && !content.mayHaveRareProperties
        content.fillSlot = contentFill
        content.strokeSlot = contentStroke
        content.fillOpacity = fillOpacity == 1 ? nil : fillOpacity
        content.strokeOpacity = strokeOpacity == 1 ? nil : strokeOpacity
        let width = strokeWidth.unit == .percent ? px(strokeWidth, viewport) : strokeWidth.resolve(percentBase: 0, fontSize: fontSize)
        content.strokeWidth = width == 1 ? nil : width
        if plain { return }
        content.fillRule = fillRule == "nonzero" ? nil : fillRule
        content.clipRule = clipRule == "nonzero" ? nil : clipRule
        content.strokeLinecap = strokeLinecap == "butt" ? nil : strokeLinecap
        content.strokeLinejoin = strokeLinejoin == "miter" ? nil : strokeLinejoin
        content.strokeMiterlimit = strokeMiterlimit == 4 ? nil : strokeMiterlimit
        if let dashes = strokeDasharray?.map({ px($0, viewport) }), dashes.contains(where: { $0 > 0 }) {
            content.strokeDasharray = dashes
        } else {
            content.strokeDasharray = nil
        }
        let offset = px(strokeDashoffset, viewport)
        content.strokeDashoffset = offset == 0 || content.strokeDasharray == nil ? nil : offset
        // `visibility`, the inherited extras, the own extras; most shapes have none of them,
        // and appending empty lists to an empty one cost 1 % of a plain drawing's import.
        var extra = shape ? extraInheritedForShapes : extraInherited
        if visibility != "visible" { extra.insert(StyleProperty("visibility", visibility), at: 0) }
        let own = extraOwn
        if !own.isEmpty { extra += own }
        content.extra = extra
    }

    /// A stroke length in px, `%` of the viewport's normalized diagonal.
    private func px(_ l: Length, _ viewport: Size) -> Double {
        l.resolve(percentBase: viewport.normalizedDiagonal, fontSize: fontSize)
    }

    /// The content's `fill`: unset for opaque black (the initial value). A color is stored as
    /// its components, without a `PaintValue` or text made and compared.
    private var contentFill: PaintSlot {
        if case .color(let specified) = fillPaint {
            switch Self.concrete(specified, color) {
            case .rgba(r: 0, g: 0, b: 0, a: 1): return .unset
            case .rgba(let r, let g, let b, a: 1): return PaintSlot(r: r, g: g, b: b)
            case let c: return PaintSlot(.color(c.cssText))
            }
        }
        let value = ComputedStyle.paint(fill)
        return value == .color("#000000") ? .unset : PaintSlot(value)
    }

    /// The content's `stroke`: unset for none (the initial value).
    private var contentStroke: PaintSlot {
        switch strokePaint {
        case .none: return .unset
        case .color(let specified):
            switch Self.concrete(specified, color) {
            case .rgba(let r, let g, let b, a: 1): return PaintSlot(r: r, g: g, b: b)
            case let c: return PaintSlot(.color(c.cssText))
            }
        default:
            let value = ComputedStyle.paint(stroke)
            return value == Paint.none ? .unset : PaintSlot(value)
        }
    }

    /// A specified color with `currentColor` taken as `color`. Matched, not compared: `==`
    /// on a `ParsedColor` (another module's type) went through the generic `Equatable` witness.
    @inline(__always) private static func concrete(_ specified: ParsedColor, _ color: ParsedColor) -> ParsedColor {
        if case .currentColor = specified { return color }
        return specified
    }

    /// The model's `Paint` for a resolved paint value.
    package static func paint(_ p: PaintValue) -> Paint {
        switch p {
        case .none: return .none
        case .color(let c): return .color(c)
        case .url(let id, let fallback): return .ref(id, fallback: fallback)
        // Layer content has no context element (a `use` resolves it for its copy).
        case .context: return .none
        }
    }
}
