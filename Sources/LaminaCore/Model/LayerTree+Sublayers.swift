/// Sublayer list operations (LAYER-MODEL.md §8). Every edit that would create a cycle is
/// rejected before anything changes.
extension LayerTree {
    /// Detaches `id` from its superlayer (as a sublayer or as a mask).
    public mutating func removeFromSuperlayer(_ id: LayerID) {
        guard let sup = superlayers[id.index] else { return }
        if isMask[id.index] {
            masks[sup.index] = nil
            isMask[id.index] = false
        } else {
            sublayerLists[sup.index].removeAll { $0 == id }
            needsLayoutFlags[sup.index] = true
        }
        superlayers[id.index] = nil
    }

    /// `addSublayer`: removes `child` from wherever it is, then appends it to `parent`.
    public mutating func addSublayer(_ child: LayerID, to parent: LayerID) throws(LayerTreeError) {
        try insertSublayer(child, into: parent, at: Int.max)
    }

    /// `insertSublayer(_:at:)` with the index clamped to the sublayer count (RE insert_sublayer).
    public mutating func insertSublayer(_ child: LayerID, into parent: LayerID, at index: Int) throws(LayerTreeError) {
        if isAncestor(child, of: parent) { throw .cycle(layer: child, parent: parent) }
        var i = max(0, index)
        if superlayers[child.index] == parent, !isMask[child.index],
            let k = sublayerLists[parent.index].firstIndex(of: child)
        {
            i = min(i, sublayerLists[parent.index].count)
            if k == i || (k == sublayerLists[parent.index].count - 1 && i >= sublayerLists[parent.index].count) {
                if k == i { return }
            }
            sublayerLists[parent.index].remove(at: k)
            if k < i { i -= 1 }
            i = min(i, sublayerLists[parent.index].count)
            sublayerLists[parent.index].insert(child, at: i)
            needsLayoutFlags[parent.index] = true
            return
        }
        removeFromSuperlayer(child)
        i = min(i, sublayerLists[parent.index].count)
        sublayerLists[parent.index].insert(child, at: i)
        superlayers[child.index] = parent
        needsLayoutFlags[parent.index] = true
    }

    /// Makes `maskLayer` the mask of `host` (removing it from wherever it was); nil clears.
    public mutating func setMask(_ maskLayer: LayerID?, of host: LayerID) throws(LayerTreeError) {
        if let old = masks[host.index] {
            superlayers[old.index] = nil
            isMask[old.index] = false
            masks[host.index] = nil
        }
        guard let m = maskLayer else { return }
        if isAncestor(m, of: host) { throw .cycle(layer: m, parent: host) }
        removeFromSuperlayer(m)
        masks[host.index] = m
        superlayers[m.index] = host
        isMask[m.index] = true
    }
}
