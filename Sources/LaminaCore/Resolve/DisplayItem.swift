/// One drawable: a part of one layer's own painting.
///
/// Kept to 80 bytes, since a display list holds one per drawable (a million for a million
/// shapes): the common affine placement is stored inline, indices as 32-bit numbers, and the
/// rare facts (a projected placement, a space-local placement that differs, opacity other
/// than 1) in a shared box that most items do not have.
public struct DisplayItem: Hashable, Sendable {
    /// The output placement, unless ``rare`` holds a projected one.
    @usableFromInline var affine: AffineTransform
    @usableFromInline var rare: ItemRareBox?
    @usableFromInline var layerIndex: Int32
    @usableFromInline var storedPaintIndex: Int32
    /// Clip and group indices (``noIndex`` for nil).
    @usableFromInline var storedClip: Int32
    @usableFromInline var storedGroup: Int32
    /// Which of the layer's parts (§5.1 of LAYER-MODEL.md).
    public var part: PaintPart

    /// The stored form of a nil index.
    @inlinable static var noIndex: Int32 { Int32.min }

    /// An item with no clip, no group and full opacity.
    public init(layer: LayerID, part: PaintPart, geometry: ItemGeometry, paintIndex: Int) {
        affine = .identity
        layerIndex = Int32(truncatingIfNeeded: layer.index)
        storedPaintIndex = Int32(truncatingIfNeeded: paintIndex)
        storedClip = Self.noIndex
        storedGroup = Self.noIndex
        self.part = part
        if case .transformed(let a) = geometry {
            affine = a
        } else {
            rare = ItemRareBox(geometry: geometry, local: nil, opacity: 1)
        }
    }

    /// An item with every fact given at once: the same item as setting `localGeometry`, `clip`,
    /// `group` and `opacity` one by one after ``init(layer:part:geometry:paintIndex:)``, with
    /// at most one rare box built.
    init(
        layer: LayerID, part: PaintPart, geometry: ItemGeometry, local: ItemGeometry, paintIndex: Int,
        clip: Int?, group: Int?, opacity: Double
    ) {
        affine = .identity
        layerIndex = Int32(truncatingIfNeeded: layer.index)
        storedPaintIndex = Int32(truncatingIfNeeded: paintIndex)
        storedClip = clip.map { Int32(truncatingIfNeeded: $0) } ?? Self.noIndex
        storedGroup = group.map { Int32(truncatingIfNeeded: $0) } ?? Self.noIndex
        self.part = part
        var projected: ItemGeometry?
        if case .transformed(let a) = geometry { affine = a } else { projected = geometry }
        store(geometry: projected, local: local == geometry ? nil : local, opacity: opacity)
    }

    /// An item placed by affine maps: the same item as
    /// ``init(layer:part:geometry:local:paintIndex:clip:group:opacity:)`` given `.transformed(affine)`
    /// and `.transformed(localAffine)`.
    init(
        layer: LayerID, part: PaintPart, affine: AffineTransform, localAffine: AffineTransform, paintIndex: Int,
        clip: Int?, group: Int?, opacity: Double
    ) {
        self.affine = affine
        layerIndex = Int32(truncatingIfNeeded: layer.index)
        storedPaintIndex = Int32(truncatingIfNeeded: paintIndex)
        storedClip = clip.map { Int32(truncatingIfNeeded: $0) } ?? Self.noIndex
        storedGroup = group.map { Int32(truncatingIfNeeded: $0) } ?? Self.noIndex
        self.part = part
        // Most items: no rare facts, tested field by field here (`==` on each entry, as the
        // synthesized `==` compares) without calling `store` and building its arguments.
        if opacity == 1, localAffine.a == affine.a, localAffine.b == affine.b, localAffine.c == affine.c,
            localAffine.d == affine.d, localAffine.tx == affine.tx, localAffine.ty == affine.ty
        {
            return
        }
        store(geometry: nil, local: localAffine == affine ? nil : .transformed(localAffine), opacity: opacity)
    }

    /// Moves the clip index by `clipShift` when it is `clipBase` or more, the group index by
    /// `groupShift` when it is `groupBase` or more (nil stays nil) and the paint index by
    /// `paintShift`: an item of a piece merged after the pieces before it
    /// (``Resolver/merge(_:base:)``), on the stored numbers.
    mutating func shift(clipsFrom clipBase: Int, by clipShift: Int, groupsFrom groupBase: Int, by groupShift: Int, paintBy paintShift: Int) {
        // `noIndex` (nil) is below every base, so it is never moved.
        if Int(storedClip) >= clipBase { storedClip = Int32(truncatingIfNeeded: Int(storedClip) + clipShift) }
        if Int(storedGroup) >= groupBase { storedGroup = Int32(truncatingIfNeeded: Int(storedGroup) + groupShift) }
        storedPaintIndex = Int32(truncatingIfNeeded: Int(storedPaintIndex) + paintShift)
    }

    /// The layer that paints it.
    public var layer: LayerID {
        @inlinable get { LayerID(Int(layerIndex)) }
        set { layerIndex = Int32(truncatingIfNeeded: newValue.index) }
    }

    /// The painting layer's index in paint order.
    public var paintIndex: Int {
        @inlinable get { Int(storedPaintIndex) }
        set { storedPaintIndex = Int32(truncatingIfNeeded: newValue) }
    }

    /// Innermost clip-chain node (index into ``DisplayList/clips``).
    public var clip: Int? {
        @inlinable get { storedClip == Self.noIndex ? nil : Int(storedClip) }
        set { storedClip = newValue.map { Int32(truncatingIfNeeded: $0) } ?? Self.noIndex }
    }

    /// Innermost compositing group (index into ``DisplayList/groups``).
    public var group: Int? {
        @inlinable get { storedGroup == Self.noIndex ? nil : Int(storedGroup) }
        set { storedGroup = newValue.map { Int32(truncatingIfNeeded: $0) } ?? Self.noIndex }
    }

    /// Placement relative to output space.
    public var geometry: ItemGeometry {
        @inlinable get { rare?.geometry ?? .transformed(affine) }
        set {
            // `localGeometry` keeps its value when it was only following `geometry`.
            let old = geometry
            var local = rare?.local
            if local == nil, newValue != old { local = old }
            var projected: ItemGeometry?
            if case .transformed(let a) = newValue { affine = a } else { projected = newValue }
            store(geometry: projected, local: local, opacity: opacity)
        }
    }

    /// Placement relative to the innermost enclosing group that establishes a coordinate space
    /// (``CompositingGroup/space``); equal to `geometry` when there is none.
    public var localGeometry: ItemGeometry {
        @inlinable get { rare?.local ?? geometry }
        set {
            let g = geometry
            store(geometry: rare?.geometry, local: newValue == g ? nil : newValue, opacity: opacity)
        }
    }

    /// Opacity multiplied into this element (ancestors without a group, or a folded group).
    public var opacity: Double {
        @inlinable get { rare?.opacity ?? 1 }
        set { store(geometry: rare?.geometry, local: rare?.local, opacity: newValue) }
    }

    /// Sets the rare facts: no box when all of them have their common value.
    private mutating func store(geometry: ItemGeometry?, local: ItemGeometry?, opacity: Double) {
        if geometry == nil, local == nil, opacity == 1 {
            rare = nil
        } else {
            rare = ItemRareBox(geometry: geometry, local: local, opacity: opacity)
        }
    }

    public static func == (a: DisplayItem, b: DisplayItem) -> Bool {
        a.layer == b.layer && a.part == b.part && a.geometry == b.geometry
            && a.localGeometry == b.localGeometry && a.paintIndex == b.paintIndex && a.clip == b.clip
            && a.group == b.group && a.opacity == b.opacity
    }

    public func hash(into h: inout Hasher) {
        h.combine(layer)
        h.combine(part)
        h.combine(geometry)
        h.combine(localGeometry)
        h.combine(paintIndex)
        h.combine(clip)
        h.combine(group)
        h.combine(opacity)
    }
}

/// The rare facts of a ``DisplayItem``, immutable (shared between copies of an item).
@usableFromInline final class ItemRareBox: Sendable {
    /// A placement other than `.transformed` (nil: the item's inline affine map).
    @usableFromInline let geometry: ItemGeometry?
    /// The space-local placement when it differs from the output placement.
    @usableFromInline let local: ItemGeometry?
    @usableFromInline let opacity: Double

    init(geometry: ItemGeometry?, local: ItemGeometry?, opacity: Double) {
        self.geometry = geometry
        self.local = local
        self.opacity = opacity
    }
}
