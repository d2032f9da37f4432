/// The stored properties of one layer, named as `CALayer`'s (LAYER-MODEL.md §1).
///
/// A `Layer` is a plain value; its place in a tree (superlayer, sublayers, mask) lives in
/// ``LayerTree``, which also implements every geometric operation.
public struct Layer: Hashable, Sendable {
    public var name: String?
    public var bounds: Rect = .zero
    public var position: Point = .zero
    public var anchorPoint: Point = Point(0.5, 0.5)
    public var anchorPointZ: Double = 0
    public var zPosition: Double = 0
    public var transform: Transform3D = .identity
    public var sublayerTransform: Transform3D = .identity
    public var geometryFlipped = false
    public var masksToBounds = false
    public var cornerRadius: Double = 0
    public var hidden = false
    public var opacity: Double = 1
    public var allowsGroupOpacity = true
    public var borderWidth: Double = 0
    public var borderColor: String?
    public var backgroundColor: String?
    /// `CATransformLayer`: no own plane; sublayers keep their 3D geometry.
    public var isTransformLayer = false
    public var constraints: [Constraint] = []
    public var layoutManager: LayoutManagerKind?
    public var autoresizingMask: AutoresizingMask = []
    public var content: Content?
    /// SVG facts kept for fidelity and for the exporter.
    public var svg: SVGInfo?

    public init(name: String? = nil) {
        self.name = name
    }
}

/// What the importer remembers of the element a layer came from (SPEC §3 `svg`).
public struct SVGInfo: Hashable, Sendable {
    /// The element name (`g`, `rect`, `svg`, `use`, `clipPath` …).
    public var element: String
    public var id: String?
    public var title: String?
    public var className: String?
    /// A `mask="url(#…)"` kept on this layer: the id of a resource.
    public var mask: String?
    /// A `filter="url(#…)"` kept on this layer: the id of a resource.
    public var filter: String?
    /// Other compositing properties the layer keeps (`mix-blend-mode`, `isolation`).
    public var extra: [StyleProperty]
    /// Where the element starts in its source file.
    public var location: SourceLocation?

    public init(element: String) {
        self.element = element
        self.extra = []
    }

    public static func == (l: SVGInfo, r: SVGInfo) -> Bool {
        l.element == r.element && l.id == r.id && l.title == r.title && l.className == r.className
            && l.mask == r.mask && l.filter == r.filter && l.extra == r.extra
    }

    public func hash(into h: inout Hasher) {
        h.combine(element); h.combine(id); h.combine(title); h.combine(className)
    }
}
