extension LayerTree {
    /// Appends the layers of `fragment` after this tree's, their ids shifted by this tree's
    /// count (returned), with their links, layout bookkeeping and source positions: the tree is
    /// then as if the fragment's layers had been made here, in order, and linked as they are
    /// there. The fragment's roots stay roots here, for the caller to link. A decoder that reads
    /// part of a document on another thread hands its layers over this way.
    ///
    /// The layers and sublayer lists are moved, not copied: copying retained every box of every
    /// layer and freeing the fragment released them again (a quarter of the time saved by
    /// reading a 54 MB document on two threads).
    @discardableResult
    package mutating func append(contentsOf fragment: consuming LayerTree) -> Int {
        let base = layers.count
        var source = consume fragment
        let n = source.layers.count
        reserveCapacity(base + n)
        for i in 0..<n {
            superlayers.append(source.superlayers[i].map { LayerID($0.index + base) })
        }
        // The stored entries of the default-valued columns, the masks' ids shifted (the
        // fragment's count of layers is `n`, this tree's `base`).
        let shiftedMasks = source.masksStored.prefix(n).map {
            PrefixIndexColumn<LayerID>.slot(PrefixIndexColumn<LayerID>.value($0).map { LayerID($0.index + base) })
        }
        PrefixStorage.append(shiftedMasks, sourceCount: n, to: &masksStored, count: base)
        PrefixStorage.append(source.isMaskStored, sourceCount: n, to: &isMaskStored, count: base)
        PrefixStorage.append(source.needsLayoutStored, sourceCount: n, to: &needsLayoutStored, count: base)
        PrefixStorage.append(source.layoutCountsStored, sourceCount: n, to: &layoutCountsStored, count: base)
        PrefixStorage.append(source.delegateStored, sourceCount: n, to: &delegateStored, count: base)
        sourcePositions.append(contentsOf: source.sourcePositions)
        // Sublayer ids shifted in place (the fragment's lists are its own), then both columns
        // moved: each destination slot is made empty first, each source slot left empty.
        for i in 0..<n where !source.sublayerLists[i].isEmpty {
            for k in source.sublayerLists[i].indices { source.sublayerLists[i][k] = LayerID(source.sublayerLists[i][k].index + base) }
        }
        Self.moveAppend(&source.sublayerLists, to: &sublayerLists, empty: [])
        Self.moveAppend(&source.layers, to: &layers, empty: Layer())
        return base
    }

    /// Appends the elements of `source` to `destination` by moving them, leaving `empty` in
    /// their places in `source` (a value whose copies hold no references).
    private static func moveAppend<T>(_ source: inout [T], to destination: inout [T], empty: T) {
        let n = source.count
        guard n > 0 else { return }
        let start = destination.count
        destination.append(contentsOf: repeatElement(empty, count: n))
        destination.withUnsafeMutableBufferPointer { d in
            source.withUnsafeMutableBufferPointer { s in
                guard let to = d.baseAddress, let from = s.baseAddress else { return }
                (to + start).moveUpdate(from: from, count: n)
                from.initialize(repeating: empty, count: n)
            }
        }
    }
}
