import Synchronization

/// The stored properties of one layer, named as `CALayer`'s (LAYER-MODEL.md §1).
///
/// A `Layer` is a plain value; its place in a tree (superlayer, sublayers, mask) lives in
/// ``LayerTree``, which also implements every geometric operation. Large or rarely set
/// properties (transforms, content, SVG facts, constraints, colors) live in copy-on-write boxes
/// that are absent while the property has its default, so a million layers stay small.
public struct Layer: Hashable, Sendable {
    public var name: String?
    // Written out, not `.zero`: a new layer's defaults then need no read of LaminaGeometry's
    // globals through their addressors (every layer an importer makes).
    public var bounds = Rect(0, 0, 0, 0)
    public var position = Point(0, 0)
    public var anchorPoint: Point = Point(0.5, 0.5)
    public var opacity: Double = 1
    public var autoresizingMask: AutoresizingMask = []
    /// Where the content is stored (nil: none), ahead of the flags so that its 2-byte slot and
    /// the five flags share a word (the layer stays 136 bytes): a slot of a ``ContentStore``,
    /// which other layers' contents may share (`ContentStore.swift`).
    @usableFromInline var contentPlace: ContentPlace?
    public var geometryFlipped = false
    public var masksToBounds = false
    public var hidden = false
    public var allowsGroupOpacity = true
    /// `CATransformLayer`: no own plane; sublayers keep their 3D geometry.
    public var isTransformLayer = false
    // The boxes are visible to inlinable getters (below): another module that reads, say, the
    // transform of a layer in an array through an opaque getter copies the whole layer first
    // (a retain and release of each box).
    @usableFromInline var transformBox: LayerBox<Transform3D>?
    @usableFromInline var rareBox: LayerBox<LayerRare>?
    @usableFromInline var svgBox: LayerBox<SVGInfo>?

    public init(name: String? = nil) {
        self.name = name
    }

    /// A layer with every property at its default. For makers of many layers
    /// (``LayerTree/make(named:)``): Swift 6.3 compiles ``init(name:)``, which stores an argument
    /// after the defaults, into two whole layers and a copy and destroy of one (about 300
    /// instructions); an initializer that stores nothing else is a few stores.
    package init(defaults: Void) {}

    public var transform: Transform3D {
        @inlinable get { transformBox?.value ?? .identityInPlace }
        set { LayerBox.store(newValue.isExactIdentity ? nil : newValue, in: &transformBox) }
    }

    public var anchorPointZ: Double {
        @inlinable get { rareBox?.value.anchorPointZ ?? 0 }
        set { if newValue.bitPattern != 0 || rareBox != nil { updateRare { $0.anchorPointZ = newValue } } }
    }

    public var zPosition: Double {
        @inlinable get { rareBox?.value.zPosition ?? 0 }
        set { if newValue.bitPattern != 0 || rareBox != nil { updateRare { $0.zPosition = newValue } } }
    }

    public var cornerRadius: Double {
        @inlinable get { rareBox?.value.cornerRadius ?? 0 }
        set { if newValue.bitPattern != 0 || rareBox != nil { updateRare { $0.cornerRadius = newValue } } }
    }

    public var borderWidth: Double {
        @inlinable get { rareBox?.value.borderWidth ?? 0 }
        set { if newValue.bitPattern != 0 || rareBox != nil { updateRare { $0.borderWidth = newValue } } }
    }

    public var sublayerTransform: Transform3D {
        @inlinable get { rareBox?.value.sublayerTransform ?? .identityInPlace }
        set { if !newValue.isExactIdentity || rareBox != nil { updateRare { $0.sublayerTransform = newValue } } }
    }

    public var borderColor: String? {
        @inlinable get { rareBox?.value.borderColor }
        set { if newValue != nil || rareBox != nil { updateRare { $0.borderColor = newValue } } }
    }

    public var backgroundColor: String? {
        @inlinable get { rareBox?.value.backgroundColor }
        set { if newValue != nil || rareBox != nil { updateRare { $0.backgroundColor = newValue } } }
    }

    public var constraints: [Constraint] {
        @inlinable get { rareBox?.value.constraints ?? [] }
        set { if !newValue.isEmpty || rareBox != nil { updateRare { $0.constraints = newValue } } }
    }

    public var layoutManager: LayoutManagerKind? {
        @inlinable get { rareBox?.value.layoutManager }
        set {
            if newValue != nil { Self.layoutManagersSet.store(true, ordering: .releasing) }
            if newValue != nil || rareBox != nil { updateRare { $0.layoutManager = newValue } }
        }
    }

    /// Whether any layer of this process was ever given a layout manager. This setter is the
    /// only way a layer gets one, so while this is false no tree holds one, and a layout pass
    /// needs no scan of every layer to find none (deep-1e5: ~1 ms on one thread, the other
    /// core idle). Kept here rather than by a tree or an importer, so that it cannot go stale:
    /// a layer is given its manager wherever it is, and may be stored in a tree in many ways.
    static let layoutManagersSet = Atomic<Bool>(false)

    public var content: Content? {
        @inlinable get { contentPlace?.content }
        set { ContentPlace.store(newValue, in: &contentPlace) }
    }

    /// `body` applied to the content, or nil when the layer has none. Reading ``content``
    /// copies the whole `Content` out of its box (a retain and a release of each of its
    /// references); this leaves the layer itself uncopied.
    @inlinable package func withContent<R>(_ body: (Content) throws -> R) rethrows -> R? {
        guard let place = contentPlace else { return nil }
        return try body(place.content)
    }

    /// `body` applied to a pointer to the content of the layer at `layer` where it is stored
    /// (valid during `body` only), or nil when the layer has none: for readers of its fields one
    /// at a time, which then copy nothing else (``withContent(_:)`` hands `body` a copy). Static,
    /// on a pointer: calling a method on a layer in memory copies the whole layer first.
    @inlinable package static func withContentPointer<R>(
        of layer: UnsafePointer<Layer>, _ body: (UnsafePointer<Content>) throws -> R
    ) rethrows -> R? {
        // The address only is taken out (as in ``LayerTree/withContentPointer(of:_:)``).
        guard let content = layer.pointee.contentPlace?.pointer else { return nil }
        return try body(UnsafePointer(content))
    }

    /// Gives the layer the content stored at `place` (nil: none), which the caller built in place
    /// and no longer changes: an importer that fills a shape's content field by field builds it
    /// where the layer keeps it (``ContentSlab``), instead of copying a finished `Content` there.
    /// (Consuming: the caller's place, moved in, is the layer's reference to its store.)
    @inlinable package mutating func setContent(_ place: consuming ContentPlace?) { contentPlace = place }

    /// SVG facts kept for fidelity and for the exporter.
    public var svg: SVGInfo? {
        @inlinable get { svgBox?.value }
        set { LayerBox.store(newValue, in: &svgBox) }
    }

    /// Gives the layer SVG facts held in `box`, which other layers may share: a later change
    /// to ``svg`` copies them first (copy on write), so sharing is invisible. For importers
    /// that give many layers the same facts (an element name and nothing else).
    @inlinable package mutating func setSVG(sharing box: LayerBox<SVGInfo>) { svgBox = box }

    /// `body` applied to the SVG facts, or nil when the layer has none; like
    /// ``withContent(_:)``, without copying them out of their box.
    @inlinable package func withSVG<R>(_ body: (SVGInfo) throws -> R) rethrows -> R? {
        guard let box = svgBox else { return nil }
        return try body(box.value)
    }

    /// `body` applied to a pointer to the SVG facts of the layer at `layer` where they are
    /// stored (valid during `body` only), or nil when the layer has none: like
    /// ``withContentPointer(of:_:)``, for readers of the facts one at a time (``withSVG(_:)``
    /// hands `body` a copy, which retains and releases each string and box in it).
    @inlinable package static func withSVGPointer<R>(
        of layer: UnsafePointer<Layer>, _ body: (UnsafePointer<SVGInfo>) throws -> R
    ) rethrows -> R? {
        guard let box = layer.pointee.svgBox else { return nil }
        return try box.withPointer(body)
    }

    /// Whether some rarely set property (`anchorPointZ`, `zPosition`, `cornerRadius`,
    /// `borderWidth`, `sublayerTransform`, the colors, `constraints`, `layoutManager`) may
    /// differ from its default; false means all of them have it.
    @inlinable package var mayHaveRareProperties: Bool { rareBox != nil }

    /// Whether the layer has content (`content != nil`), without copying the content out of its box.
    @inlinable package var hasContent: Bool { contentPlace != nil }

    /// Whether a transform other than the identity is stored (reads no value out of its box).
    @inlinable package var hasTransform: Bool { transformBox != nil }

    /// Stores `t` on a layer that has no transform stored (``hasTransform`` false), `t` not the
    /// identity bit for bit: a new box, as the ``transform`` setter would make, without its
    /// call (the 4×4 passed through memory), its identity test and its box's uniqueness check,
    /// which an importer placing every group already knows the answers to.
    @inlinable package mutating func setTransform(unset t: Transform3D) { transformBox = LayerBox(t) }

    /// The transform when one is set (nil for identity). Reading it calls nothing opaque, so
    /// a layer read in place from an array is not copied to keep it alive (`transform` falls
    /// back on the global `Transform3D.identity`).
    @inlinable package var transformIfSet: Transform3D? { transformBox?.value }

    /// The sublayer transform when the rare properties are stored (it may still be the
    /// identity); nil means the identity. Read like ``transformIfSet``, for the same reason.
    @inlinable package var sublayerTransformIfStored: Transform3D? { rareBox?.value.sublayerTransform }

    /// The SVG facts that make the layer a compositing group (``SVGInfo/compositing``), read in
    /// place; nil when none of them is set.
    var svgCompositing: SVGCompositing? { svgBox?.value.compositing }

    private mutating func updateRare(_ change: (inout LayerRare) -> Void) {
        LayerBox.update(&rareBox, initial: LayerRare(), dropping: \.isDefault, change)
    }

    public static func == (l: Layer, r: Layer) -> Bool {
        l.name == r.name && l.bounds == r.bounds && l.position == r.position
            && l.anchorPoint == r.anchorPoint && l.anchorPointZ == r.anchorPointZ
            && l.zPosition == r.zPosition && l.transform == r.transform
            && l.sublayerTransform == r.sublayerTransform && l.geometryFlipped == r.geometryFlipped
            && l.masksToBounds == r.masksToBounds && l.cornerRadius == r.cornerRadius
            && l.hidden == r.hidden && l.opacity == r.opacity
            && l.allowsGroupOpacity == r.allowsGroupOpacity && l.borderWidth == r.borderWidth
            && l.borderColor == r.borderColor && l.backgroundColor == r.backgroundColor
            && l.isTransformLayer == r.isTransformLayer && l.constraints == r.constraints
            && l.layoutManager == r.layoutManager && l.autoresizingMask == r.autoresizingMask
            && l.content == r.content && l.svg == r.svg
    }

    public func hash(into h: inout Hasher) {
        h.combine(name); h.combine(bounds); h.combine(position); h.combine(anchorPoint)
        h.combine(anchorPointZ); h.combine(zPosition); h.combine(transform)
        h.combine(sublayerTransform); h.combine(geometryFlipped); h.combine(masksToBounds)
        h.combine(cornerRadius); h.combine(hidden); h.combine(opacity)
        h.combine(allowsGroupOpacity); h.combine(borderWidth); h.combine(borderColor)
        h.combine(backgroundColor); h.combine(isTransformLayer); h.combine(constraints)
        h.combine(layoutManager); h.combine(autoresizingMask); h.combine(content); h.combine(svg)
    }
}

/// The rarely set layer properties, stored together out of line.
@usableFromInline
struct LayerRare: Sendable {
    @usableFromInline var anchorPointZ: Double = 0
    @usableFromInline var zPosition: Double = 0
    @usableFromInline var cornerRadius: Double = 0
    @usableFromInline var borderWidth: Double = 0
    @usableFromInline var sublayerTransform: Transform3D = .identity
    @usableFromInline var borderColor: String?
    @usableFromInline var backgroundColor: String?
    @usableFromInline var constraints: [Constraint] = []
    @usableFromInline var layoutManager: LayoutManagerKind?

    /// Whether every property has its default (then no box is kept).
    /// Scalars compare bit for bit, so that a `-0` is kept as written.
    var isDefault: Bool {
        anchorPointZ.bitPattern == 0 && zPosition.bitPattern == 0 && cornerRadius.bitPattern == 0
            && borderWidth.bitPattern == 0 && sublayerTransform.isExactIdentity && borderColor == nil && backgroundColor == nil
            && constraints.isEmpty && layoutManager == nil
    }
}

extension Transform3D {
    /// Whether the matrix is the identity bit for bit (so `-0` entries are kept as written).
    var isExactIdentity: Bool {
        let one = (1.0).bitPattern
        return m11.bitPattern == one && m22.bitPattern == one && m33.bitPattern == one && m44.bitPattern == one
            && m12.bitPattern | m13.bitPattern | m14.bitPattern | m21.bitPattern | m23.bitPattern | m24.bitPattern
                | m31.bitPattern | m32.bitPattern | m34.bitPattern | m41.bitPattern | m42.bitPattern
                | m43.bitPattern == 0
    }
}

/// An immutable-once-shared box for a large or rarely set property; writers copy unless unique.
@usableFromInline
package final class LayerBox<Value: Sendable>: @unchecked Sendable {
    // Unchecked: every reader and writer goes through a `Layer` or style value that owns the
    // box, and a write happens only when that owner holds the one reference (copy on write),
    // so two accesses never overlap; the runtime check cost a lookup of the thread's access
    // set on every read (a twentieth of a plot's import and debug export).
    @exclusivity(unchecked) @usableFromInline var storage: Value

    /// The boxed value. Other modules reach the storage through these inlinable accessors,
    /// compiled here without the runtime check (a direct access from another module would
    /// check it again).
    @inlinable package var value: Value {
        _read { yield storage }
        _modify { yield &storage }
    }

    @inlinable package init(_ value: consuming Value) { storage = value }

    /// Applies `change` to the value in `box`: in place when the box is not shared, else to a
    /// copy of the shared value (or of `initial` when there is no box) in a new box. A value
    /// that `isDefault` says is back at its defaults drops the box (and none is made for it).
    @inlinable package static func update(
        _ box: inout LayerBox<Value>?, initial: @autoclosure () -> Value,
        dropping isDefault: (Value) -> Bool = { _ in false }, _ change: (inout Value) -> Void
    ) {
        if isKnownUniquelyReferenced(&box), let b = box {
            change(&b.value)
            if isDefault(b.value) { box = nil }
            return
        }
        var v = box?.value ?? initial()
        change(&v)
        box = isDefault(v) ? nil : LayerBox(v)
    }

    /// `body` applied to a pointer to the value (valid during `body` only).
    ///
    /// A read of the storage, not `withUnsafeMutablePointer(to: &storage)`: that is a modifying
    /// access, and a box shared by many layers (``Layer/svg`` of plain elements) is read by two
    /// writer threads at once, which ThreadSanitizer reported as a race
    /// (`Tests/Sanitizers/tsan.sh`). Both only read, but two overlapping modifying accesses are a
    /// data race in Swift's model however the code is compiled.
    @inlinable
    func withPointer<R>(_ body: (UnsafePointer<Value>) throws -> R) rethrows -> R {
        try withUnsafePointer(to: storage) { try body($0) }
    }

    /// Stores `value` in `box` (moved, not copied), in place when the box is uniquely
    /// referenced; `nil` drops it.
    static func store(_ value: consuming Value?, in box: inout LayerBox<Value>?) {
        switch consume value {
        case .none:
            box = nil
        case .some(let v):
            if isKnownUniquelyReferenced(&box), let b = box {
                b.storage = v
            } else {
                box = LayerBox(v)
            }
        }
    }
}
