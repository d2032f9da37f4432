/// The rarely set paint properties of ``Content``, stored out of line in one box.
extension Content {
    public var strokeOpacity: Double? {
        @inlinable get { rareBox?.value.strokeOpacity }
        @inlinable set { if newValue != nil || rareBox != nil { updateRare { $0.strokeOpacity = newValue } } }
    }

    public var fillRule: String? {
        @inlinable get { rareBox?.value.fillRule }
        @inlinable set { if newValue != nil || rareBox != nil { updateRare { $0.fillRule = newValue } } }
    }

    public var strokeLinecap: String? {
        @inlinable get { rareBox?.value.strokeLinecap }
        @inlinable set { if newValue != nil || rareBox != nil { updateRare { $0.strokeLinecap = newValue } } }
    }

    public var strokeLinejoin: String? {
        @inlinable get { rareBox?.value.strokeLinejoin }
        @inlinable set { if newValue != nil || rareBox != nil { updateRare { $0.strokeLinejoin = newValue } } }
    }

    public var strokeMiterlimit: Double? {
        @inlinable get { rareBox?.value.strokeMiterlimit }
        @inlinable set { if newValue != nil || rareBox != nil { updateRare { $0.strokeMiterlimit = newValue } } }
    }

    public var strokeDasharray: [Double]? {
        @inlinable get { rareBox?.value.strokeDasharray }
        @inlinable set { if newValue != nil || rareBox != nil { updateRare { $0.strokeDasharray = newValue } } }
    }

    public var strokeDashoffset: Double? {
        @inlinable get { rareBox?.value.strokeDashoffset }
        @inlinable set { if newValue != nil || rareBox != nil { updateRare { $0.strokeDashoffset = newValue } } }
    }

    public var clipRule: String? {
        @inlinable get { rareBox?.value.clipRule }
        @inlinable set { if newValue != nil || rareBox != nil { updateRare { $0.clipRule = newValue } } }
    }

    /// Other presentation properties that affect drawing (`visibility`, `paint-order`,
    /// `shape-rendering`, `vector-effect`, `marker-*`…), as CSS name → value, written back as
    /// attributes in this order.
    public var extra: [StyleProperty] {
        @inlinable get { rareBox?.value.extra ?? [] }
        @inlinable set { if !newValue.isEmpty || rareBox != nil { updateRare { $0.extra = newValue } } }
    }

    /// Whether some rarely set property (`strokeOpacity`, the rules, caps and joins, miter
    /// limit, dashes, `extra`) may be set; false means none of them is.
    @inlinable package var mayHaveRareProperties: Bool { rareBox != nil }

    /// Changes the rare properties in place when the box is not shared; drops the box when
    /// every property is back to unset, and makes none for a change that sets nothing. (The
    /// setters are inlinable: an importer that leaves a shape's rare properties unset then
    /// tests for nil in place instead of calling across modules, nine times a shape.)
    @usableFromInline mutating func updateRare(_ change: (inout ContentRare) -> Void) {
        LayerBox.update(&rareBox, initial: ContentRare(), dropping: \.isDefault, change)
    }
}

/// The rarely set properties of one ``Content``.
@usableFromInline
struct ContentRare: Hashable, Sendable {
    @usableFromInline var strokeOpacity: Double?
    @usableFromInline var fillRule: String?
    @usableFromInline var strokeLinecap: String?
    @usableFromInline var strokeLinejoin: String?
    @usableFromInline var strokeMiterlimit: Double?
    @usableFromInline var strokeDasharray: [Double]?
    @usableFromInline var strokeDashoffset: Double?
    @usableFromInline var clipRule: String?
    @usableFromInline var extra: [StyleProperty] = []

    /// Whether every property is unset (then no box is kept).
    @usableFromInline var isDefault: Bool {
        strokeOpacity == nil && fillRule == nil && strokeLinecap == nil && strokeLinejoin == nil
            && strokeMiterlimit == nil && strokeDasharray == nil && strokeDashoffset == nil && clipRule == nil
            && extra.isEmpty
    }
}
