/// The attribute slots a basic shape's geometry reads, found in one pass over the element's
/// attributes.
///
/// Looking each name up on its own scanned every attribute of the element once per name: six
/// scans for a `rect` (`x`, `y`, `width`, `height`, `rx`, `ry`), four for an `ellipse`, about
/// 150 instructions each. Here each attribute's name key is compared with the wanted names' keys
/// once. Every wanted name is under 8 bytes, so equal keys are equal names
/// (``ElementTable/nameKey(_:)``); as ``ElementTable/slot(of:namespace:in:)``, the first
/// attribute of each name without a namespace is found.
struct ShapeAttributes {
    /// The names wanted, as keys; at most ``capacity``.
    struct Names: Sendable {
        let keys: [UInt64]

        init(_ names: [String]) {
            precondition(names.count <= ShapeAttributes.capacity && names.allSatisfy { $0.utf8.count < 8 })
            keys = names.map(ElementTable.nameKey)
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

    /// The slots of `names` among the attributes of element `element` of `table`.
    init(_ names: Names, of element: Int, in table: ElementTable) {
        let keys = names.keys
        for s in table.attributeSlots(element) {
            let id = Int(table.attributeNameIDs[s])
            let key = table.attributeNameKeys[id]
            for k in keys.indices where keys[k] == key {
                if slots[k] < 0, table.attributeNames[id].namespace == nil { slots[k] = Int32(s) }
                break
            }
        }
    }

    /// The slot of the `k`th wanted name, or nil.
    subscript(k: Int) -> Int? { slots[k] < 0 ? nil : Int(slots[k]) }
}
