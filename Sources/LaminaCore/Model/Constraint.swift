/// A `CAConstraint` attribute: one edge, centre or extent of a layer's frame.
public enum ConstraintAttribute: String, Hashable, Sendable, CaseIterable {
    case minX, midX, maxX, width, minY, midY, maxY, height

    public var isHorizontal: Bool {
        switch self {
        case .minX, .midX, .maxX, .width: true
        default: false
        }
    }
}

/// `attribute(layer) = scale · sourceAttribute(relativeTo) + offset` (LAYER-MODEL.md §7.3).
public struct Constraint: Hashable, Sendable {
    public var attribute: ConstraintAttribute
    /// `"superlayer"` or a sibling's name.
    public var relativeTo: String
    public var sourceAttribute: ConstraintAttribute
    public var scale: Double
    public var offset: Double
    /// Where it was written, for diagnostics.
    public var location: SourceLocation?

    public init(
        attribute: ConstraintAttribute, relativeTo: String, sourceAttribute: ConstraintAttribute,
        scale: Double = 1, offset: Double = 0, location: SourceLocation? = nil
    ) {
        self.attribute = attribute
        self.relativeTo = relativeTo
        self.sourceAttribute = sourceAttribute
        self.scale = scale
        self.offset = offset
        self.location = location
    }

    public static func == (l: Constraint, r: Constraint) -> Bool {
        l.attribute == r.attribute && l.relativeTo == r.relativeTo && l.sourceAttribute == r.sourceAttribute
            && l.scale == r.scale && l.offset == r.offset
    }

    public func hash(into h: inout Hasher) {
        h.combine(attribute); h.combine(relativeTo); h.combine(sourceAttribute); h.combine(scale); h.combine(offset)
    }
}

/// `CAAutoresizingMask` bits: MinX=1 W=2 MaxX=4 MinY=8 H=16 MaxY=32.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let minXMargin = AutoresizingMask(rawValue: 1)
    public static let widthSizable = AutoresizingMask(rawValue: 2)
    public static let maxXMargin = AutoresizingMask(rawValue: 4)
    public static let minYMargin = AutoresizingMask(rawValue: 8)
    public static let heightSizable = AutoresizingMask(rawValue: 16)
    public static let maxYMargin = AutoresizingMask(rawValue: 32)

    /// JSON / authoring names in bit order.
    public static let names: [(String, AutoresizingMask)] = [
        ("minXMargin", .minXMargin), ("widthSizable", .widthSizable), ("maxXMargin", .maxXMargin),
        ("minYMargin", .minYMargin), ("heightSizable", .heightSizable), ("maxYMargin", .maxYMargin),
    ]
}

/// Which layout manager lays out a layer's sublayers.
public enum LayoutManagerKind: String, Hashable, Sendable {
    case constraint
}
