extension LayerTree {
    /// Reserves room for `count` layers in the layer array and every per-layer link array, so
    /// that building a tree of known size never regrows them (the default-valued columns, which
    /// store entries only when set, touch none of that room until then: ``PrefixColumn``).
    public mutating func reserveCapacity(_ count: Int) {
        layers.reserveCapacity(count)
        superlayers.reserveCapacity(count)
        sublayerLists.reserveCapacity(count)
        isMaskStored.reserveCapacity(count)
        masksStored.reserveCapacity(count)
        needsLayoutStored.reserveCapacity(count)
        layoutCountsStored.reserveCapacity(count)
        delegateStored.reserveCapacity(count)
    }

    /// Reserves room for `count` more sublayers of `id`, so that appending that many allocates
    /// its list once instead of regrowing it.
    public mutating func reserveSublayers(_ count: Int, of id: LayerID) {
        let k = sublayerLists[id.index].count
        sublayerLists[id.index].reserveCapacity(k + count)
    }
}
