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
        let diagonal = viewport.normalizedDiagonal
        func px(_ l: Length) -> Double { l.resolve(percentBase: diagonal, fontSize: fontSize) }
        let fillValue = ComputedStyle.paint(fill)
        content.fill = fillValue == .color("#000000") ? nil : fillValue
        let strokeValue = ComputedStyle.paint(stroke)
        content.stroke = strokeValue == Paint.none ? nil : strokeValue
        content.fillOpacity = fillOpacity == 1 ? nil : fillOpacity
        content.strokeOpacity = strokeOpacity == 1 ? nil : strokeOpacity
        content.fillRule = fillRule == "nonzero" ? nil : fillRule
        content.clipRule = clipRule == "nonzero" ? nil : clipRule
        let width = px(strokeWidth)
        content.strokeWidth = width == 1 ? nil : width
        content.strokeLinecap = strokeLinecap == "butt" ? nil : strokeLinecap
        content.strokeLinejoin = strokeLinejoin == "miter" ? nil : strokeLinejoin
        content.strokeMiterlimit = strokeMiterlimit == 4 ? nil : strokeMiterlimit
        if let dashes = strokeDasharray?.map(px), dashes.contains(where: { $0 > 0 }) {
            content.strokeDasharray = dashes
        } else {
            content.strokeDasharray = nil
        }
        let offset = px(strokeDashoffset)
        content.strokeDashoffset = offset == 0 || content.strokeDasharray == nil ? nil : offset
        // `visibility`, the inherited extras, the own extras; most shapes have none of them,
        // and appending empty lists to an empty one cost 1 % of a plain drawing's import.
        var extra = shape ? extraInheritedForShapes : extraInherited
        if visibility != "visible" { extra.insert(StyleProperty("visibility", visibility), at: 0) }
        let own = extraOwn
        if !own.isEmpty { extra += own }
        content.extra = extra
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
