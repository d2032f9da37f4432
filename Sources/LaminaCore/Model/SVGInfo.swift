/// What the importer remembers of the element a layer came from (SPEC §3 `svg`).
///
/// The element name and id are stored inline; the rarely set facts live in one copy-on-write
/// box that is absent while all of them are unset.
public struct SVGInfo: Hashable, Sendable {
    /// The element name (`g`, `rect`, `svg`, `use`, `clipPath` …).
    public var element: String
    public var id: String?
    /// The rarely set facts; nil while every one of them is unset.
    @usableFromInline var rareBox: LayerBox<SVGInfoRare>?

    public init(element: String) {
        self.element = element
    }

    /// Whether some rarely set fact (`title`, `className`, `mask`, `filters`, `extra`,
    /// `location`) may be set; false means none of them is.
    /// Inlinable: a reader of the facts where they are stored (the layer JSON's writer) then
    /// tests the box in place instead of calling out with a copy of the facts.
    @inlinable package var mayHaveRareFacts: Bool { rareBox != nil }

    public var title: String? {
        get { rareBox?.value.title }
        set { if newValue != nil || rareBox != nil { updateRare { $0.title = newValue } } }
    }

    public var className: String? {
        get { rareBox?.value.className }
        set { if newValue != nil || rareBox != nil { updateRare { $0.className = newValue } } }
    }

    /// A `mask="url(#…)"` kept on this layer: the id of a resource.
    public var mask: String? {
        get { rareBox?.value.mask }
        set { if newValue != nil || rareBox != nil { updateRare { $0.mask = newValue } } }
    }

    /// The `filter` kept on this layer: the ids of filter resources, applied in order, each to
    /// the result of the one before (`filter="url(#a) url(#b)"`, as `CALayer.filters`); empty
    /// for none.
    public var filters: [String] {
        get { rareBox?.value.filters ?? [] }
        set { if !newValue.isEmpty || rareBox != nil { updateRare { $0.filters = newValue } } }
    }

    /// The first of ``filters`` (the only one, but for a filter list); setting it makes it the
    /// only one, nil none.
    public var filter: String? {
        get { rareBox?.value.filters.first }
        set { filters = newValue.map { [$0] } ?? [] }
    }

    /// Other compositing properties the layer keeps (`mix-blend-mode`, `isolation`).
    public var extra: [StyleProperty] {
        get { rareBox?.value.extra ?? [] }
        set { if !newValue.isEmpty || rareBox != nil { updateRare { $0.extra = newValue } } }
    }

    /// The compositing facts (`mask`, `filter`, `extra`) when any of them is set; nil (without
    /// copying anything) in the common case of none.
    var compositing: SVGCompositing? {
        guard let rare = rareBox?.value, rare.mask != nil || !rare.filters.isEmpty || !rare.extra.isEmpty else { return nil }
        return SVGCompositing(mask: rare.mask, filters: rare.filters, extra: rare.extra)
    }

    /// Where the element starts in its source file. The SVG importer leaves it nil and records
    /// positions in ``LayerTree/sourcePositions``; see ``LayerTree/sourceLocation(of:)``.
    public var location: SourceLocation? {
        get { rareBox?.value.location }
        set { if newValue != nil || rareBox != nil { updateRare { $0.location = newValue } } }
    }

    /// Changes the rare facts in place when the box is not shared; drops the box when every
    /// fact is back to unset, and makes none for a change that sets nothing.
    private mutating func updateRare(_ change: (inout SVGInfoRare) -> Void) {
        LayerBox.update(&rareBox, initial: SVGInfoRare(), dropping: \.isDefault, change)
    }

    /// Equal when everything but `location` is equal.
    public static func == (l: SVGInfo, r: SVGInfo) -> Bool {
        l.element == r.element && l.id == r.id && l.title == r.title && l.className == r.className
            && l.mask == r.mask && l.filters == r.filters && l.extra == r.extra
    }

    public func hash(into h: inout Hasher) {
        h.combine(element); h.combine(id); h.combine(title); h.combine(className)
    }
}

/// The facts of an ``SVGInfo`` that make its layer a compositing group.
struct SVGCompositing {
    /// A `mask="url(#…)"`: the id of a resource.
    var mask: String?
    /// The filter resources' ids, applied in order.
    var filters: [String]
    /// Other compositing properties (`mix-blend-mode`, `isolation`).
    var extra: [StyleProperty]
}

/// The rarely set facts of one ``SVGInfo``.
@usableFromInline struct SVGInfoRare: Sendable {
    var title: String?
    var className: String?
    var mask: String?
    var filters: [String] = []
    var extra: [StyleProperty] = []
    var location: SourceLocation?

    /// Whether every fact is unset (then no box is kept).
    var isDefault: Bool {
        title == nil && className == nil && mask == nil && filters.isEmpty && extra.isEmpty && location == nil
    }
}
