import LaminaCore

/// Geometry facts gathered while building a layer, turned into `bounds`, `position` and
/// `transform` once its sublayers are known.
///
/// One per layer, so it is kept small: the facts only viewports, clip paths and authoring
/// attributes have live in a shared box that is absent for ordinary elements.
struct PendingGeometry {
    /// The element's transform (including `x`/`y` placement) in its parent's user space.
    var transform: AffineTransform = .identity
    /// The fill box of the layer's own content (null for none) until `finalizeGeometry` reaches
    /// the layer; from then on its object bounding box (content and visible sublayers). One
    /// field for both keeps the per-layer record small.
    var box: Rect = .null
    /// The rare facts; nil while all of them are unset.
    private var rare: RareBox?

    /// Pending geometry with the given transform.
    init(transform: AffineTransform = .identity) {
        self.transform = transform
    }

    /// `lamina:transform3d`, replacing `transform` about the anchor.
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
        var viewportMapping: AffineTransform?
    }

    /// An immutable box: every change stores a new one, so copies never share a mutation.
    private final class RareBox {
        let value: Rare
        init(_ value: Rare) { self.value = value }
    }

    private mutating func updateRare(_ body: (inout Rare) -> Void) {
        var value = rare?.value ?? Rare()
        body(&value)
        rare = RareBox(value)
    }
}
