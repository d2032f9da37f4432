/// Sublayer list operations (LAYER-MODEL.md §8). Every edit that would create a cycle is
/// rejected before anything changes.
extension LayerTree {
    /// Detaches `id` from its superlayer (as a sublayer or as a mask); the old superlayer of a
    /// sublayer needs layout.
    public mutating func removeFromSuperlayer(_ id: LayerID) {
        guard let sup = superlayers[id.index] else { return }
        if isMaskLayer(id) {
            PrefixStorage.write(&masksStored, sup.index, .columnDefault)
            PrefixStorage.write(&isMaskStored, id.index, false)
        } else {
            if let k = sublayerLists[sup.index].firstIndex(of: id) { sublayerLists[sup.index].remove(at: k) }
            invalidateLayoutImplicitly(sup)
        }
        superlayers[id.index] = nil
    }

    /// `addSublayer`: removes `child` from wherever it is, then appends it to `parent`.
    ///
    /// - Throws: ``LayerTreeError/cycle(layer:parent:)`` when `child` is `parent` or one of its ancestors.
    public mutating func addSublayer(_ child: LayerID, to parent: LayerID) throws(LayerTreeError) {
        try insertSublayer(child, into: parent, at: Int.max)
    }

    /// `insertSublayer(_:at:)`: the index is clamped to the sublayer count; a layer already in
    /// the list moves, the index dropping by one when it came from before it (RE insert_sublayer).
    ///
    ///     // [A, B, C, D], insert A at 2 → [B, A, C, D]
    ///
    /// - Throws: ``LayerTreeError/cycle(layer:parent:)`` when `child` is `parent` or one of its ancestors.
    public mutating func insertSublayer(_ child: LayerID, into parent: LayerID, at index: Int) throws(LayerTreeError) {
        // A layer in no tree yet (no superlayer, no sublayers, no one's mask), as importers add
        // every layer, cannot be an ancestor of `parent` unless it is `parent`, nor need moving.
        let inNoTree = child != parent && superlayers[child.index] == nil && !isMaskLayer(child)
            && sublayerLists[child.index].isEmpty
        if !inNoTree {
            if isAncestor(child, of: parent) { throw .cycle(layer: child, parent: parent) }
            if superlayers[child.index] == parent, !isMaskLayer(child),
                let k = sublayerLists[parent.index].firstIndex(of: child)
            {
                var i = min(max(0, index), sublayerLists[parent.index].count)
                if k == i { return }
                sublayerLists[parent.index].remove(at: k)
                if k < i { i -= 1 }
                sublayerLists[parent.index].insert(child, at: min(i, sublayerLists[parent.index].count))
                invalidateLayoutImplicitly(parent)
                return
            }
            removeFromSuperlayer(child)
        }
        if index >= sublayerLists[parent.index].count {
            sublayerLists[parent.index].append(child)
        } else {
            sublayerLists[parent.index].insert(child, at: max(0, index))
        }
        superlayers[child.index] = parent
        invalidateLayoutImplicitly(parent)
    }

    /// `insertSublayer(_:below:)`: at `sibling`'s index; a nil or foreign sibling inserts at 0
    /// and returns a warning (undocumented behaviour).
    @discardableResult
    public mutating func insertSublayer(_ child: LayerID, into parent: LayerID, below sibling: LayerID?)
        throws(LayerTreeError) -> Diagnostic?
    {
        if let s = sibling, s != child, let k = sublayerLists[parent.index].firstIndex(of: s) {
            try insertSublayer(child, into: parent, at: k)
            return nil
        }
        try insertSublayer(child, into: parent, at: 0)
        return .warning("insertSublayer below a layer that is not a sublayer: inserted at the back")
    }

    /// `insertSublayer(_:above:)`: after `sibling`; a nil or foreign sibling appends and returns
    /// a warning (undocumented behaviour).
    @discardableResult
    public mutating func insertSublayer(_ child: LayerID, into parent: LayerID, above sibling: LayerID?)
        throws(LayerTreeError) -> Diagnostic?
    {
        if let s = sibling, s != child, let k = sublayerLists[parent.index].firstIndex(of: s) {
            try insertSublayer(child, into: parent, at: k + 1)
            return nil
        }
        try insertSublayer(child, into: parent, at: Int.max)
        return .warning("insertSublayer above a layer that is not a sublayer: appended at the front")
    }

    /// `replaceSublayer(_:with:)`: `new` (removed from wherever it is) takes `old`'s slot and
    /// `old` is detached; a nil `new` just removes `old`; replacing the mask replaces the mask.
    ///
    /// - Throws: ``LayerTreeError/notASublayer(_:)`` when `old` is neither a sublayer nor the
    ///   mask of `parent`; ``LayerTreeError/cycle(layer:parent:)`` when `new` is an ancestor of `parent`.
    public mutating func replaceSublayer(_ old: LayerID, with new: LayerID?, in parent: LayerID) throws(LayerTreeError) {
        if old == new { return }
        if mask(of: parent) == old {
            try setMask(new, of: parent)
            return
        }
        guard superlayers[old.index] == parent, !isMaskLayer(old) else { throw .notASublayer(old) }
        guard let n = new else {
            removeFromSuperlayer(old)
            return
        }
        if isAncestor(n, of: parent) { throw .cycle(layer: n, parent: parent) }
        removeFromSuperlayer(n)
        guard let k = sublayerLists[parent.index].firstIndex(of: old) else { return }
        sublayerLists[parent.index][k] = n
        superlayers[old.index] = nil
        superlayers[n.index] = parent
        invalidateLayoutImplicitly(parent)
    }

    /// Makes `maskLayer` the mask of `host` (removing it from wherever it was); nil clears.
    ///
    /// - Throws: ``LayerTreeError/cycle(layer:parent:)`` when the mask is `host` or an ancestor of it.
    public mutating func setMask(_ maskLayer: LayerID?, of host: LayerID) throws(LayerTreeError) {
        if let m = maskLayer, isAncestor(m, of: host) { throw .cycle(layer: m, parent: host) }
        if mask(of: host) == maskLayer { return }
        if let old = mask(of: host) {
            superlayers[old.index] = nil
            PrefixStorage.write(&isMaskStored, old.index, false)
            PrefixStorage.write(&masksStored, host.index, .columnDefault)
        }
        guard let m = maskLayer else { return }
        removeFromSuperlayer(m)
        PrefixStorage.write(&masksStored, host.index, PrefixIndexColumn<LayerID>.slot(m))
        superlayers[m.index] = host
        PrefixStorage.write(&isMaskStored, m.index, true)
    }
}
