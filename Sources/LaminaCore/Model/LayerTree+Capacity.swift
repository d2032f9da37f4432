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
}
