extension LayerTree {
    /// Reserves room for `count` layers in the layer array and every per-layer link array, so
    /// that building a tree of known size never regrows them.
    public mutating func reserveCapacity(_ count: Int) {
        layers.reserveCapacity(count)
        superlayers.reserveCapacity(count)
        isMask.reserveCapacity(count)
        sublayerLists.reserveCapacity(count)
        masks.reserveCapacity(count)
        needsLayoutFlags.reserveCapacity(count)
        layoutCounts.reserveCapacity(count)
        delegateLaysOut.reserveCapacity(count)
    }

    /// Reserves room for `count` more sublayers of `id`, so that appending that many allocates
    /// its list once instead of regrowing it.
    public mutating func reserveSublayers(_ count: Int, of id: LayerID) {
        let k = sublayerLists[id.index].count
        sublayerLists[id.index].reserveCapacity(k + count)
    }
}
