/// What each attribute name of a document is to the builder's passes over an element's
/// attributes, one byte per interned name (``ElementTable/attributeNames``): the layer facts'
/// flags (an `id`, a `class`, a Lamina or an event attribute) and which basic-shape geometry
/// name it is (``ShapeAttributes``).
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

    /// The geometry attributes of the basic shapes (``ShapeAttributes/Names``), numbered from 1
    /// in a role's top four bits.
    static let geometryNames = ["x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2"]

    /// The role of each attribute name id.
    let roles: [UInt8]

    /// No roles (a table without names).
    init() { roles = [] }

    /// The roles of the attribute names of `table`.
    init(_ table: ElementTable) {
        roles = table.attributeNames.map { a in
            var r: UInt8 = 0
            if a.isID { r |= Self.id }
            if a.isClass { r |= Self.className }
            if a.isLamina { r |= Self.lamina }
            if a.isEvent { r |= Self.event }
            // As ``ShapeAttributes`` reads them: the name without a namespace.
            if a.namespace == nil, let g = Self.geometryNames.firstIndex(of: a.name) { r |= UInt8(g + 1) << 4 }
            return r
        }
    }

    /// The role of the attribute in `slot` of `table`.
    @inline(__always) func role(slot: Int, in table: ElementTable) -> UInt8 {
        roles[Int(table.attributeNameIDs[slot])]
    }
}
