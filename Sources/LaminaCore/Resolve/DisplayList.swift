/// The resolved scene: every visible drawable in paint order with its transform to output
/// space, opacity, clip chain and compositing group (SPEC §1 "resolve").
///
/// Computed once by ``resolve(_:)``; every writer (flattened SVG, debug SVG, keep-groups)
/// reads it and none re-derives geometry.
public struct DisplayList: Hashable, Sendable {
    /// The drawables in paint order.
    public var items: [DisplayItem] = []
    /// Clip-chain nodes; an item's `clip` is the innermost node, `parent` links lead outward.
    public var clips: [ClipNode] = []
    /// Compositing groups; an item's `group` is the innermost one, `parent` links lead outward.
    public var groups: [CompositingGroup] = []
    /// Drawables of non-clipPath mask layers (alpha masks), one list per ``CompositingGroup/maskContent``.
    public var maskContents: [[DisplayItem]] = []
    /// The masks of layers inside alpha masks (a mask's sublayer with a mask of its own), each
    /// drawn around that layer's drawables in the ``maskContents`` entry that holds them; by
    /// `content`, then layer.
    public var masksInMasks: [MaskInMask] = []
    /// The output document's viewport and user space.
    public var output: OutputSpace
    /// True when output space is the root's sublayer space (the input's viewBox kept): the
    /// root's sublayers are placed by their own transforms alone, and the root's own space is
    /// the viewport's, mapped by the inverse of the viewBox map.
    public internal(set) var rootSublayerSpaceIsOutput = false
    /// Paint index of each layer (by `LayerID.index`), nil when it is not painted (hidden, masked out).
    public var layerPaintIndex = IndexColumn<Int>()
    /// Each layer's map from its own space to output space (by `LayerID.index`), nil when not
    /// visited; empty when resolved without layer maps (``resolve(_:layerMaps:)``).
    public var layerToOutput = LayerMapColumn()
    /// Each layer's clip chain for its own parts and its sublayers (by `LayerID.index`).
    public var layerClip = IndexColumn<Int>()
    /// The superlayer of each visited sublayer (by `LayerID.index`; nil for the root, masks and unvisited layers).
    public internal(set) var pathParents = IndexColumn<LayerID>()
    /// Each visited sublayer's own path segment, for ``path(of:)``: `k ≥ 0` is `#k` (an unnamed
    /// layer's place among its superlayer's sublayers), `k < 0` the name `segmentNames[~k]`.
    var pathSegments: [Int32] = []
    /// The names of the named sublayers, in the order they were visited.
    var segmentNames: [String] = []

    /// An empty list for the given output space.
    public init(output: OutputSpace) {
        self.output = output
    }

    /// The layer path (SPEC §2): names from the root's first sublayer down, `#N` when unnamed, `/` for the root.
    ///
    /// Computed on demand (O(depth)) so that deep trees do not store quadratic text.
    public func path(of layer: LayerID) -> String {
        guard layer.index < pathParents.count else { return "/" }
        var parts: [String] = []
        var cur: LayerID? = layer
        while let c = cur, let p = pathParents[c.index] {
            let k = pathSegments[c.index]
            parts.append(k < 0 ? segmentNames[Int(~k)] : "#\(k)")
            cur = p
        }
        if parts.isEmpty { return "/" }
        return parts.reversed().joined(separator: "/")
    }
}

/// How an item or clip shape is placed in output space.
public enum ItemGeometry: Hashable, Sendable {
    /// The stored shape drawn through an affine transform (to the enclosing coordinate space).
    case transformed(AffineTransform)
    /// A perspective-projected shape: path data already mapped into the enclosing space.
    case projected(pathData: String)
}

/// One shape of a clip: the union of a node's shapes is intersected with its parent chain.
public struct ClipShape: Hashable, Sendable {
    /// The layer whose bounds (masksToBounds) or content (clip-path mask layer) this is.
    public var layer: LayerID
    /// The shape in the layer's own space (a rounded bounds rect, or the layer's content shape).
    public var shape: Shape
    /// Placement in output space.
    public var geometry: ItemGeometry
    /// `clip-rule` of the shape (nil: nonzero).
    public var clipRule: String?
    /// Other attributes kept from the content that affect clipping (`visibility`, …).
    public var extra: [StyleProperty]
    /// The shape's own clip chain (a `clip-path` on a child of a `clipPath`), in output space.
    public var clip: Int?

    /// A clip shape.
    public init(layer: LayerID, shape: Shape, geometry: ItemGeometry, clipRule: String? = nil, extra: [StyleProperty] = []) {
        self.layer = layer
        self.shape = shape
        self.geometry = geometry
        self.clipRule = clipRule
        self.extra = extra
    }
}

/// A node of an interned clip chain: its shapes (united) intersected with the parent chain.
public struct ClipNode: Hashable, Sendable {
    /// Outer chain, or nil.
    public var parent: Int?
    /// Why it clips: the layer masking to bounds or the mask layer.
    public var layer: LayerID
    /// The shapes, in output space.
    public var shapes: [ClipShape]

    /// A clip node.
    public init(parent: Int?, layer: LayerID, shapes: [ClipShape]) {
        self.parent = parent
        self.layer = layer
        self.shapes = shapes
    }
}

/// A group composited as one: group opacity, a mask, a filter, blending.
public struct CompositingGroup: Hashable, Sendable {
    /// The layer whose subtree the group holds.
    public var layer: LayerID
    /// Enclosing group.
    public var parent: Int?
    /// Group opacity (1 when the group exists for another reason).
    public var opacity: Double
    /// `mask="url(#…)"` resource id (svg.mask).
    public var maskResource: String?
    /// Index into ``DisplayList/maskContents`` for a non-clipPath mask layer.
    public var maskContent: Int?
    /// `filter="url(#a) url(#b)"`: filter resource ids applied in order (svg.filters); empty
    /// for none.
    public var filters: [String] = []
    /// Clip applied to the group's result: for filter groups (the clip must follow the filter) and clip-path groups isolating a blending layer below (the clip cuts the group once).
    public var clip: Int?
    /// Compositing properties written on the group (`mix-blend-mode`, `isolation`).
    public var extra: [StyleProperty]
    /// When set, the group establishes a coordinate space: its layer's own space, placed by this
    /// affine map relative to the enclosing space (mask and filter resources are in user space).
    public var space: AffineTransform?
    /// When set, the group's tag places it by this transform about a point of the box of what
    /// it draws (written as `transform`, `transform-origin` and `transform-box`), which the
    /// renderer measures; `space` then holds Lamina's guess of the same map, which clips and
    /// masks inside the group are written relative to.
    public var rendererTransform: RendererTransform?

    /// An opacity-only group.
    public init(layer: LayerID, parent: Int?, opacity: Double) {
        self.layer = layer
        self.parent = parent
        self.opacity = opacity
        self.extra = []
    }
}

/// A mask inside an alpha mask: a layer whose drawables (and its sublayers') are in one
/// ``DisplayList/maskContents`` entry is masked there by another entry, as Core Animation draws
/// a mask's sublayers as any layers, their own masks included.
public struct MaskInMask: Hashable, Sendable {
    /// The ``DisplayList/maskContents`` entry holding the layer's drawables.
    public var content: Int
    /// The masked layer, in the tree of the mask that `content` draws.
    public var layer: LayerID
    /// The ``DisplayList/maskContents`` entry of the layer's mask, placed in the same space as `content`.
    public var mask: Int

    /// A mask inside an alpha mask.
    public init(content: Int, layer: LayerID, mask: Int) {
        self.content = content
        self.layer = layer
        self.mask = mask
    }
}

/// The output document's viewport: size attributes and the user space drawables are written in.
public struct OutputSpace: Hashable, Sendable {
    /// `width` attribute text.
    public var width: String?
    /// `height` attribute text.
    public var height: String?
    /// `viewBox` attribute text.
    public var viewBox: String?
    /// `preserveAspectRatio` attribute text.
    public var preserveAspectRatio: String?
    /// `style` attribute text: the input root's CSS size limits (`max-width: 412px`), which bound
    /// the document's box in a browser.
    public var style: String?
    /// `xml:space`: `preserve` when the input root has it (every text inherits it), else nil.
    public var xmlSpace: String?
    /// `font-family`: the input root's, which every text inherits (their markup leaves it out
    /// where it is the same), else nil.
    public var fontFamily: String?

    /// An output space with the given attributes.
    public init(
        width: String?, height: String?, viewBox: String?, preserveAspectRatio: String? = nil, style: String? = nil,
        xmlSpace: String? = nil, fontFamily: String? = nil
    ) {
        self.fontFamily = fontFamily
        self.width = width
        self.height = height
        self.viewBox = viewBox
        self.preserveAspectRatio = preserveAspectRatio
        self.style = style
        self.xmlSpace = xmlSpace
    }
}
