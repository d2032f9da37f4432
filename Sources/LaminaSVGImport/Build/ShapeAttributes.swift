/// The attribute slots a basic shape's geometry reads, found in one pass over the element's
/// attributes.
///
/// Looking each name up on its own scanned every attribute of the element once per name: six
/// scans for a `rect` (`x`, `y`, `width`, `height`, `rx`, `ry`), four for an `ellipse`, about
/// 150 instructions each. Here each attribute's role (``AttributeRoles``, one byte per name of
/// the document) says which geometry name it is, if any: as
/// ``ElementTable/slot(of:namespace:in:)``, the first attribute of each name without a
/// namespace is found.
struct ShapeAttributes {
    /// The names wanted; at most ``capacity``.
    struct Names: Sendable {
        /// For each of ``AttributeRoles/geometryNames`` (at most 16), its place among the
        /// names, or -1: in a vector, not an array, so that reading a shape's names retains
        /// nothing.
        let places: SIMD16<Int8>

        init(_ names: [String]) {
            precondition(names.count <= ShapeAttributes.capacity && names.allSatisfy(AttributeRoles.geometryNames.contains))
            precondition(AttributeRoles.geometryNames.count <= 15)
            var places = SIMD16<Int8>(repeating: -1)
            for (g, name) in AttributeRoles.geometryNames.enumerated() {
                places[g] = Int8(names.firstIndex(of: name) ?? -1)
            }
            self.places = places
        }
    }

    static let capacity = 8

    static let rect = Names(["x", "y", "width", "height", "rx", "ry"])
    static let circle = Names(["cx", "cy", "r"])
    static let ellipse = Names(["cx", "cy", "rx", "ry"])
    static let line = Names(["x1", "y1", "x2", "y2"])

    /// The names a basic shape of `kind` reads, or nil for another kind.
    static func names(of kind: ElementKind) -> Names? {
        switch kind {
        case .rect: rect
        case .circle: circle
        case .ellipse: ellipse
        case .line: line
        default: nil
        }
    }

    /// The slot of each wanted name, in the order of ``Names``; -1 where the element has none.
    private(set) var slots = SIMD8<Int32>(repeating: -1)

    /// No attribute found.
    init() {}

    /// The slots of `names` among the attributes of element `element` of `table`, whose
    /// names' roles are `roles`.
    init(_ names: Names, of element: Int, in table: ElementTable, roles: AttributeRoles) {
        let places = names.places
        for s in table.attributeSlots(element) {
            let g = Int(roles.role(slot: s, in: table) >> 4)
            guard g != 0 else { continue }
            let k = Int(places[g - 1])
            if k >= 0, slots[k] < 0 { slots[k] = Int32(s) }
        }
    }

    /// The slot of the `k`th wanted name, or nil.
    subscript(k: Int) -> Int? { slots[k] < 0 ? nil : Int(slots[k]) }
}
