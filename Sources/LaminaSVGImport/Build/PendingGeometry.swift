import LaminaCore

/// Geometry facts gathered while building a layer, turned into `bounds`, `position` and
/// `transform` once its sublayers are known.
///
/// One per layer, so it is kept small: the facts only viewports, clip paths and authoring
/// attributes have live in a shared box that is absent for ordinary elements.
struct PendingGeometry {
    /// The element's transform (including `x`/`y` placement) in its parent's user space.
    var transform: AffineTransform
    /// The fill box of the layer's own content (null for none) until `finalizeGeometry` reaches
    /// the layer; from then on the box its bounds are made of (content and visible sublayers'
    /// frames), which is its object bounding box unless ``objectBox`` says otherwise. One field
    /// for both keeps the per-layer record small.
    var box: Rect
    /// The rare facts; nil while all of them are unset.
    private var rare: RareBox?

    /// Pending geometry with the given transform. The fields are set here, not by initial
    /// values: those were stored first and overwritten, each read through the addressor of a
    /// global in LaminaGeometry (`identity`, `Rect.null`), for every layer.
    init(transform: AffineTransform) {
        self.transform = transform
        box = Rect(.infinity, .infinity, 0, 0)
    }

    /// Pending geometry without a transform.
    init() { self.init(transform: .identity) }

    /// `lamina:transform3d`: the layer's transform about its anchor, before `transform`'s
    /// linear part (`position` stays `transform` applied to the anchor).
    var transform3D: Transform3D? {
        get { rare?.value.transform3D }
        set { updateRare { $0.transform3D = newValue } }
    }
    /// Bounds fixed by a viewport.
    var fixedBounds: Rect? {
        get { rare?.value.fixedBounds }
        set { updateRare { $0.fixedBounds = newValue } }
    }
    /// Bounds set by `lamina:bounds` (they win over everything).
    var authoredBounds: Rect? {
        get { rare?.value.authoredBounds }
        set { updateRare { $0.authoredBounds = newValue } }
    }
    /// A mask layer with `clipPathUnits="objectBoundingBox"`: maps the unit square onto this
    /// host's object bounding box, then applies `transform`.
    var boundingBoxHost: LayerID? {
        get { rare?.value.boundingBoxHost }
        set { updateRare { $0.boundingBoxHost = newValue } }
    }
    /// The mask layer of a clip path whose own `clip-path` this mask layer draws: the clip path
    /// that clip path names applies in the clipped element's user space, so this layer undoes
    /// that mask layer's placement (its `transform` and `objectBoundingBox` mapping).
    var clipSpace: LayerID? {
        get { rare?.value.clipSpace }
        set { updateRare { $0.clipSpace = newValue } }
    }
    /// Set by `finalizeGeometry` when the layer's object bounding box is not ``box``: for a
    /// viewport (a nested `svg`, a `symbol`, the root) it is its content's box mapped by the
    /// viewBox, not its fixed bounds, and a layer holding one counts that box rather than the
    /// viewport's frame, as resvg and Chromium bound them. Nil for every other layer.
    var objectBox: Rect? {
        get { rare?.value.objectBox }
        set { updateRare { $0.objectBox = newValue } }
    }
    /// The object bounding box, once `finalizeGeometry` has reached the layer.
    var objectBoundingBox: Rect { objectBox ?? box }
    /// `transform-box: fill-box` (or `stroke-box`): `transform` is turned about a point of the
    /// object bounding box once `finalizeGeometry` knows the box.
    var fillBox: FillBoxOrigin? {
        get { rare?.value.fillBox }
        set { updateRare { $0.fillBox = newValue } }
    }
    /// A mask layer drawing a CSS basic shape, made once its host's box is known.
    var clipShape: PendingClipShape? {
        get { rare?.value.clipShape }
        set { updateRare { $0.clipShape = newValue } }
    }
    /// The viewport's viewBox mapping, realized as the sublayer transform.
    var viewportMapping: AffineTransform? {
        get { rare?.value.viewportMapping }
        set { updateRare { $0.viewportMapping = newValue } }
    }

    /// The rare facts of one layer.
    private struct Rare {
        var transform3D: Transform3D?
        var fixedBounds: Rect?
        var authoredBounds: Rect?
        var boundingBoxHost: LayerID?
        var clipSpace: LayerID?
        var objectBox: Rect?
        var viewportMapping: AffineTransform?
        var fillBox: FillBoxOrigin?
        var clipShape: PendingClipShape?
    }

    /// An immutable box: every change stores a new one, so copies never share a mutation.
    private final class RareBox {
        let value: Rare
        init(_ value: Rare) { self.value = value }
    }

    /// Geometry whose bits are all zero (no rare facts): what a page given back to the system
    /// reads as, in a column of moved-from records (``SceneBuilder/merge(_:at:)``).
    static var hollow: PendingGeometry {
        var geometry = PendingGeometry(transform: AffineTransform(0, 0, 0, 0, 0, 0))
        geometry.box = Rect(0, 0, 0, 0)
        return geometry
    }

    /// Passes its links to layers (``boundingBoxHost``, ``clipSpace``, the clip shape's host)
    /// through `map`: geometry built by the second half of a split build, whose layers land
    /// at other ids once merged (``SceneBuilder/merge(_:at:)``). The shared box is replaced,
    /// not written, and only when there is a link.
    mutating func relink(_ map: (LayerID) -> LayerID) {
        guard var value = rare?.value, value.boundingBoxHost != nil || value.clipSpace != nil || value.clipShape != nil
        else { return }
        value.boundingBoxHost = value.boundingBoxHost.map(map)
        value.clipSpace = value.clipSpace.map(map)
        if let host = value.clipShape?.host { value.clipShape?.host = map(host) }
        rare = RareBox(value)
    }

    private mutating func updateRare(_ body: (inout Rare) -> Void) {
        var value = rare?.value ?? Rare()
        body(&value)
        rare = RareBox(value)
    }
}

/// A transform whose `transform-origin` is relative to the element's object bounding box
/// (`transform-box: fill-box`): the layer's transform is `placement` then `transform` turned
/// about that point.
struct FillBoxOrigin {
    var origin: TransformOrigin
    var fontSize: Double
    var rootFontSize: Double
    /// The element's own transform (from `transform`).
    var transform: AffineTransform
    /// What comes before it: a `use`'s or nested `svg`'s x/y.
    var placement: AffineTransform
    /// How far the reference box reaches past the object bounding box on each side (the
    /// stroke's reach for `transform-box: stroke-box`, else 0).
    var outsets = StrokeBoxOutsets()

    /// The layer's transform for the object bounding box `box` (in the layer's space).
    func resolved(box: Rect) -> AffineTransform {
        let b0 = box.isNull ? Rect.zero : box
        let b = outsets == StrokeBoxOutsets() ? b0 : outsets.grow(b0)
        let offset = origin.offset(in: b.size, fontSize: fontSize, rootFontSize: rootFontSize)
        let x = b.x + offset.x, y = b.y + offset.y
        // The box as the copy's own (a `use`'s x/y left out), as Chromium takes it.
        let o = Point(x, y)
        guard o.x.isFinite, o.y.isFinite else { return placement.concatenating(transform) }
        return placement.concatenating(transform.turned(aboutX: o.x, y: o.y))
    }
}

/// A `clip-path` basic shape waiting for its reference box: the host's object bounding box
/// (`fill-box`), that box grown by half the host's stroke width (`stroke-box`), or the nearest
/// viewport (`view-box`).
struct PendingClipShape {
    var shape: ClipShape
    /// The layer the mask clips.
    var host: LayerID
    var viewport: Size
    var fontSize: Double
    var rootFontSize: Double
    /// How far the host's stroke box reaches past its fill box (0 without a stroke; computed
    /// for a `stroke-box` shape only).
    var strokeOutsets: StrokeBoxOutsets

    /// The mask's content and fill box, from the host's object bounding box `hostBox`.
    func resolved(hostBox: Rect) -> (content: Content, box: Rect)? {
        let b = hostBox.isNull ? Rect.zero : hostBox
        let ref: Rect
        switch shape.box {
        case .fill: ref = b
        case .stroke: ref = strokeOutsets.grow(b)
        case .view: ref = Rect(0, 0, viewport.width, viewport.height)
        }
        return shape.content(in: ref, fontSize: fontSize, rootFontSize: rootFontSize)
    }
}
