/// A layer's identity inside one ``LayerTree``: its index in the tree's storage.
public struct LayerID: Hashable, Sendable, Comparable {
    public let index: Int

    public init(_ index: Int) { self.index = index }

    public static func < (l: LayerID, r: LayerID) -> Bool { l.index < r.index }
}

/// Layers and their links, stored flat so that no operation recurses on input depth.
///
/// A tree may hold several roots (layers with no superlayer that are not masks), which is how
/// layers "in different trees" (LAYER-MODEL.md §4.2) are represented. Every geometric
/// operation of LAYER-MODEL.md lives in extensions of this type (`LayerTree+Geometry.swift`,
/// `+HitTest`, `+Layout`, …).
public struct LayerTree: Hashable, Sendable {
    /// Equal when the layers and links are equal; layout bookkeeping is not compared.
    public static func == (l: LayerTree, r: LayerTree) -> Bool {
        l.layers == r.layers && l.superlayers == r.superlayers && l.isMask == r.isMask
            && l.sublayerLists == r.sublayerLists && l.masks == r.masks
    }

    public func hash(into h: inout Hasher) {
        h.combine(layers); h.combine(superlayers); h.combine(sublayerLists); h.combine(masks)
    }

    /// The layers' stored properties, indexed by `LayerID.index`.
    public var layers: [Layer] = []
    /// The superlayer of each layer; for a mask, the layer it masks.
    public internal(set) var superlayers = IndexColumn<LayerID>()
    /// Sublayers of each layer, back to front.
    public internal(set) var sublayerLists: [[LayerID]] = []
    // The stored entries of the columns that most layers leave at their default (masks, mask
    // flags, layout marks and counts, delegates): up to the last entry set (``PrefixColumn``),
    // so that making a layer appends nothing to them. Read and changed as the columns below.
    @usableFromInline var isMaskStored: [Bool] = []
    @usableFromInline var masksStored: [CompactIndexSlot] = []
    @usableFromInline var needsLayoutStored: [Bool] = []
    @usableFromInline var layoutCountsStored: [Int] = []
    @usableFromInline var delegateStored: [Bool] = []
    /// The layer whose `layoutSublayers` is running; implicit invalidations of it are skipped.
    var layoutInProgress: LayerID?
    /// Where each layer starts in ``sourceFile``, by `LayerID.index`, for layers read by a decoder
    /// that does not set `svg.location` (layer JSON, and the SVG importer, which records positions
    /// here instead of a file name per layer); may be shorter than `layers`. Not compared.
    public var sourcePositions: [SourcePosition] = []
    /// The file ``sourcePositions`` refer to.
    public var sourceFile = ""

    public init() {}

    /// Whether the layer is its superlayer's mask rather than a sublayer.
    public internal(set) var isMask: PrefixColumn<Bool> {
        @inlinable get { PrefixColumn(stored: isMaskStored, count: layers.count) }
        set { isMaskStored = newValue.stored }
        _modify {
            var c = PrefixColumn(stored: isMaskStored, count: layers.count)
            isMaskStored = []
            defer { isMaskStored = c.stored }
            yield &c
        }
    }

    /// The mask of each layer.
    public internal(set) var masks: PrefixIndexColumn<LayerID> {
        @inlinable get { PrefixIndexColumn(stored: masksStored, count: layers.count) }
        set { masksStored = newValue.column.stored }
        _modify {
            var c = PrefixIndexColumn<LayerID>(stored: masksStored, count: layers.count)
            masksStored = []
            defer { masksStored = c.column.stored }
            yield &c
        }
    }

    /// Layout bookkeeping (LAYER-MODEL.md §7.1).
    public var needsLayoutFlags: PrefixColumn<Bool> {
        get { PrefixColumn(stored: needsLayoutStored, count: layers.count) }
        set { needsLayoutStored = newValue.stored }
        _modify {
            var c = PrefixColumn(stored: needsLayoutStored, count: layers.count)
            needsLayoutStored = []
            defer { needsLayoutStored = c.stored }
            yield &c
        }
    }

    /// How many times each layer's `layoutSublayers` ran (bookkeeping, not part of equality).
    public var layoutCounts: PrefixColumn<Int> {
        get { PrefixColumn(stored: layoutCountsStored, count: layers.count) }
        set { layoutCountsStored = newValue.stored }
        _modify {
            var c = PrefixColumn(stored: layoutCountsStored, count: layers.count)
            layoutCountsStored = []
            defer { layoutCountsStored = c.stored }
            yield &c
        }
    }

    /// Layers whose delegate implements `layoutSublayersOfLayer:` (a no-op that overrides the
    /// layout manager, LAYER-MODEL.md §7.1).
    public var delegateLaysOut: PrefixColumn<Bool> {
        get { PrefixColumn(stored: delegateStored, count: layers.count) }
        set { delegateStored = newValue.stored }
        _modify {
            var c = PrefixColumn(stored: delegateStored, count: layers.count)
            delegateStored = []
            defer { delegateStored = c.stored }
            yield &c
        }
    }

    public var count: Int { layers.count }
    public var allIDs: [LayerID] { (0..<layers.count).map(LayerID.init) }

    /// Adds a detached layer (a root until it is added somewhere) and returns its id.
    @discardableResult
    public mutating func make(_ layer: consuming Layer) -> LayerID {
        let id = LayerID(layers.count)
        layers.append(layer)
        appendColumns(superlayer: nil)
        return id
    }

    /// The columns beside `layers` for a layer just appended: its superlayer, no sublayers
    /// (no mask, not a mask, layout state at rest: defaults, nothing stored).
    @inline(__always)
    private mutating func appendColumns(superlayer: LayerID?) {
        superlayers.append(superlayer)
        sublayerLists.append([])
    }

    /// Adds a detached layer with every property at its default and this name, and returns its
    /// id: ``make(_:)`` of `Layer(name: name)`, without building that layer outside the tree.
    @discardableResult
    package mutating func make(named name: String?) -> LayerID {
        let id = make(Layer(defaults: ()))
        layers[id.index].name = name
        return id
    }

    /// ``make(named:)`` and ``addSublayer(_:to:)`` of the new layer to `parent` in one step, as
    /// an importer adds each layer: the new layer's columns are written once (its superlayer
    /// set as it is appended), and none of the checks an existing layer needs (a cycle, a
    /// place to leave) is made.
    @discardableResult
    package mutating func make(named name: String?, sublayerOf parent: LayerID) -> LayerID {
        let id = LayerID(layers.count)
        layers.append(Layer(defaults: ()))
        // Most imported layers have no name: storing the nil over the new layer's nil retained
        // it and released the old one (two runtime calls a layer), and checked the array again.
        if case .some = name { layers[id.index].name = name }
        appendColumns(superlayer: parent)
        sublayerLists[parent.index].append(id)
        invalidateLayoutImplicitly(parent)
        return id
    }

    @inlinable
    public subscript(id: LayerID) -> Layer {
        // Borrowing accessors: reading one property or mutating in place never copies the layer.
        _read { yield layers[id.index] }
        _modify { yield &layers[id.index] }
    }

    /// `body` applied to the content of layer `id` where it is stored, or nil when the layer
    /// draws none: for readers of many layers' content (writers), which would otherwise copy
    /// each layer and its content. Inlinable, so that it is specialized where it is called and
    /// reads only the content's box (a generic call copied the whole layer through its value
    /// witness first).
    @inlinable
    public func withContent<R>(of id: LayerID, _ body: (Content) throws -> R) rethrows -> R? {
        guard let place = layers[id.index].contentPlace else { return nil }
        return try body(place.content)
    }

    /// `body` applied to a pointer to the content of layer `id` where it is stored (valid during
    /// `body` only), or nil when the layer draws none: for readers of a few fields of many
    /// layers' content. ``withContent(of:_:)`` hands `body` a copy of the whole content (a
    /// retain and a release of each reference in it); reading `pointer.pointee.field` copies
    /// that field only.
    @inlinable
    package func withContentPointer<R>(of id: LayerID, _ body: (UnsafePointer<Content>) throws -> R) rethrows -> R? {
        // The address only is taken out of the layer (a copy of its place kept the store with
        // a retain and a release around `body`); the tree, borrowed meanwhile, keeps the store.
        guard let content = layers[id.index].contentPlace?.pointer else { return nil }
        return try body(UnsafePointer(content))
    }

    public func superlayer(of id: LayerID) -> LayerID? { superlayers[id.index] }
    public func sublayers(of id: LayerID) -> [LayerID] { sublayerLists[id.index] }
    public func mask(of id: LayerID) -> LayerID? {
        PrefixIndexColumn<LayerID>.value(PrefixStorage.read(masksStored, id.index))
    }
    public func isMaskLayer(_ id: LayerID) -> Bool { PrefixStorage.read(isMaskStored, id.index) }

    /// Layers with no superlayer that are not masks, in creation order.
    public var roots: [LayerID] {
        allIDs.filter { superlayers[$0.index] == nil }
    }

    /// Whether `ancestor` is `id` or one of its (mask-)ancestors.
    public func isAncestor(_ ancestor: LayerID, of id: LayerID) -> Bool {
        // A layer with no sublayers and no mask is nobody's ancestor but its own: O(1) for
        // trees built top-down; trees built bottom-up walk from a fresh, shallow parent.
        if ancestor != id, sublayerLists[ancestor.index].isEmpty, mask(of: ancestor) == nil { return false }
        var cur: LayerID? = id
        while let c = cur {
            if c == ancestor { return true }
            cur = superlayers[c.index]
        }
        return false
    }

    /// Depth below its root (a root is 0).
    public func depth(of id: LayerID) -> Int {
        var d = 0
        var cur = superlayers[id.index]
        while let c = cur {
            d += 1
            cur = superlayers[c.index]
        }
        return d
    }

    /// Pre-order walk (layer, then its sublayers front to back in array order) without recursion.
    /// Masks are not visited unless `includeMasks` (then a mask comes right after its host).
    public func preorder(from start: LayerID, includeMasks: Bool = false) -> [LayerID] {
        var out: [LayerID] = []
        var stack: [LayerID] = [start]
        while let id = stack.popLast() {
            out.append(id)
            for child in sublayerLists[id.index].reversed() { stack.append(child) }
            if includeMasks, let m = mask(of: id) { stack.append(m) }
        }
        return out
    }
}

/// Errors of tree edits that Core Animation would reject (`CALayerInvalid`).
public enum LayerTreeError: Error, Hashable, Sendable {
    /// The edit would make a layer its own ancestor.
    case cycle(layer: LayerID, parent: LayerID)
    /// `replaceSublayer` with a layer that is not a sublayer of the receiver.
    case notASublayer(LayerID)
}
