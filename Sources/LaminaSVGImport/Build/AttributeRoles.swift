/// What each attribute name of a document is to the passes over an element's attributes, by
/// interned name (``ElementTable/attributeNames``), two bytes: for the builder, the layer facts'
/// flags (an `id`, a `class`, a Lamina or an event attribute) and which basic-shape geometry
/// name it is (``ShapeAttributes``); for the cascade (``StyleCascade``), a presentation
/// attribute's property (its raw value), ``styleRole`` for `style`, ``noRole`` for any other
/// (any name in a namespace).
///
/// Made once per document from its few distinct names. A pass then reads one byte per
/// attribute, where it read four flags of the name's record (a bounds check and a load each) or
/// compared its name key with each wanted key (about 60 instructions an attribute).
struct AttributeRoles: Sendable {
    static let id: UInt8 = 1
    static let className: UInt8 = 2
    static let lamina: UInt8 = 4
    static let event: UInt8 = 8
    /// The role bits of ``LayerFacts`` (the low four).
    static let layerFactBits: UInt8 = 0x0F

    /// The geometry attributes of the basic shapes (``ShapeAttributes/Names``), then a path's
    /// and a polygon's, numbered from 1 in a role's top four bits (15 at most).
    static let geometryNames = ["x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2", "d", "points"]
    /// The numbers of `d` and `points` among ``geometryNames`` (as constants: a lazy global's
    /// look-up would be a call).
    static let pathData: UInt8 = 14, points: UInt8 = 15

    /// The cascade's role of `style` and of a name that is neither `style` nor a presentation
    /// attribute (no property's raw value is either).
    static let styleRole: UInt8 = 0xFE, noRole: UInt8 = 0xFF

    /// Both roles of one attribute name, kept side by side so that the table is one array (one
    /// reference to retain where a cascade or a builder is copied).
    struct Entry: Sendable {
        /// The builder's role: the layer-fact bits and the geometry name number.
        var builder: UInt8
        /// The cascade's role: a property's raw value, ``styleRole`` or ``noRole``.
        var cascade: UInt8
    }

    /// The roles of each attribute name id.
    let entries: [Entry]
    /// The element name index (``ElementTree/nameIndex(_:)``) of an SVG `title`, or -1 when the
    /// document has none: then no element's children are searched for its title
    /// (``SceneBuilder/layerFacts(in:roles:_:)``).
    private(set) var titleName = -1

    /// No roles (a table without names).
    init() { entries = [] }

    /// The roles of the attribute names of `table`.
    init(_ table: ElementTable) {
        self.init(names: table.attributeNames)
        titleName = table.elementNames.firstIndex { $0.isSVG && $0.name == "title" } ?? -1
    }

    /// The roles of `names`, in order (and no `title` element name).
    init(names: [AttributeName]) {
        entries = names.map { a in
            var r: UInt8 = 0
            if a.isID { r |= Self.id }
            if a.isClass { r |= Self.className }
            if a.isLamina { r |= Self.lamina }
            if a.isEvent { r |= Self.event }
            // As ``ShapeAttributes`` reads them: the name without a namespace.
            if a.namespace == nil, let g = Self.geometryNames.firstIndex(of: a.name) { r |= UInt8(g + 1) << 4 }
            let c: UInt8
            if a.namespace != nil {
                c = Self.noRole
            } else if let property = a.presentation {
                c = property.rawValue
            } else {
                c = a.isStyle ? Self.styleRole : Self.noRole
            }
            return Entry(builder: r, cascade: c)
        }
    }

    /// The role of the attribute in `slot` of `table`.
    @inline(__always) func role(slot: Int, in table: ElementTable) -> UInt8 {
        entries[Int(table.attributeNameIDs[slot])].builder
    }

    /// The slot of the first attribute of element `element` of `table` named geometry name
    /// number `g` without a namespace (``pathData``, ``points``), or nil: what
    /// ``ElementTable/slot(of:namespace:in:)`` finds, by the role byte instead of the name's key
    /// and record (~120 instructions a path).
    func slot(geometry g: UInt8, of element: Int, in table: ElementTable) -> Int? {
        for s in table.attributeSlots(element) where role(slot: s, in: table) >> 4 == g { return s }
        return nil
    }
}
