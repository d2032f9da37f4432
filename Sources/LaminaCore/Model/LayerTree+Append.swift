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
        var source = consume fragment
        return append(tailOf: &source, from: 0)
    }

    /// Appends the layers of `fragment` from `start` on after this tree's (the first returned
    /// id), as ``append(contentsOf:)`` does: a link to a layer of the tail is shifted to where
    /// that layer lands here, a link to one of the first `start` layers is kept. For a fragment
    /// that began as a copy of this tree's first `start` layers and grew on another thread (the
    /// second half of a document's build): those layers stand for this tree's own. What the
    /// fragment changed in them is the caller's to carry over. Source positions are appended
    /// from `start` on (the fragment's and this tree's list one per layer). The tail's layers
    /// and sublayer lists are moved out of `fragment`, left holding empty ones, for the caller to
    /// free where it suits it (the fragment must not be shared: its columns are changed in place).
    @discardableResult
    package mutating func append(tailOf source: inout LayerTree, from start: Int) -> Int {
        append(tailOf: &source, from: start, order: nil)
    }

    /// ``append(tailOf:from:)`` with the tail's layers in `order` (the fragment's ids from
    /// `start` on, each once), a link to a layer of the tail shifted to where that layer lands.
    /// Nil: in the fragment's order.
    @discardableResult
    package mutating func append(tailOf source: inout LayerTree, from start: Int, order: [Int]?) -> Int {
        let base = layers.count
        let n = source.layers.count
        precondition(start >= 0 && start <= n && start <= base, "a tail must start within both trees")
        let tail = n - start
        // Where each layer of the tail lands, past this tree's (nil: in order).
        var place: [Int]?
        if let order {
            precondition(order.count == tail, "an order of the whole tail")
            var p = [Int](repeating: -1, count: tail)
            for (k, old) in order.enumerated() {
                precondition(old >= start && old < n && p[old - start] < 0, "an order of the tail's ids, each once")
                p[old - start] = base + k
            }
            place = p
        }
        let shift = base - start
        func map(_ id: LayerID) -> LayerID {
            id.index < start ? id : LayerID(place.map { $0[id.index - start] } ?? id.index + shift)
        }
        let ids = order ?? []
        reserveCapacity(base + tail)
        if order == nil {
            for i in start..<n { superlayers.append(source.superlayers[i].map(map)) }
        } else {
            for i in ids { superlayers.append(source.superlayers[i].map(map)) }
        }
        // The stored entries of the default-valued columns, in order, the masks' ids mapped
        // (the tail's count of layers is `tail`, this tree's `base`).
        func column<E: PrefixColumnElement>(_ stored: [E]) -> [E] {
            order == nil ? Array(stored.dropFirst(start)) : ids.map { PrefixStorage.read(stored, $0) }
        }
        let shiftedMasks = column(source.masksStored).map {
            PrefixIndexColumn<LayerID>.slot(PrefixIndexColumn<LayerID>.value($0).map(map))
        }
        PrefixStorage.append(shiftedMasks, sourceCount: tail, to: &masksStored, count: base)
        PrefixStorage.append(column(source.isMaskStored), sourceCount: tail, to: &isMaskStored, count: base)
        PrefixStorage.append(column(source.needsLayoutStored), sourceCount: tail, to: &needsLayoutStored, count: base)
        PrefixStorage.append(column(source.layoutCountsStored), sourceCount: tail, to: &layoutCountsStored, count: base)
        PrefixStorage.append(column(source.delegateStored), sourceCount: tail, to: &delegateStored, count: base)
        if order == nil {
            sourcePositions.append(contentsOf: source.sourcePositions.dropFirst(start))
        } else if source.sourcePositions.count == n {
            sourcePositions.append(contentsOf: ids.map { source.sourcePositions[$0] })
        }
        // Sublayer ids mapped in place (the fragment's lists are its own), then both columns
        // moved: each destination slot is made empty first, each source slot left empty.
        for i in start..<n where !source.sublayerLists[i].isEmpty {
            for k in source.sublayerLists[i].indices { source.sublayerLists[i][k] = map(source.sublayerLists[i][k]) }
        }
        Self.moveAppend(&source.sublayerLists, from: start, order: order, to: &sublayerLists, empty: [])
        Self.moveAppend(&source.layers, from: start, order: order, to: &layers, empty: Layer())
        return base
    }

    /// Appends `ids` to the sublayers of `parent`, whose superlayer they already are: the
    /// layers a fragment added to one of the layers it shares with this tree, once
    /// ``append(tailOf:from:)`` has carried them (and their superlayer link) over.
    package mutating func appendSublayerLinks(_ ids: [LayerID], to parent: LayerID) {
        precondition(ids.allSatisfy { superlayers[$0.index] == parent }, "a link the layer does not have")
        sublayerLists[parent.index].append(contentsOf: ids)
    }

    /// Appends the elements of `source` from `start` on (in `order`: their indices, each once;
    /// nil, in order) to `destination` by moving them, leaving `empty` in their places in
    /// `source` (a value whose copies hold no references).
    ///
    /// Moved bit for bit, as Swift moves a value: the destination's new slots hold copies of
    /// `empty` (nothing to release when overwritten), and the moved-from slots are given
    /// `empty`'s bits (copies that need no retain). Moving them one by one called the type's
    /// value witnesses three times a layer: 12 ms of a 50,000-layer merge, on one thread.
    private static func moveAppend<T>(_ source: inout [T], from start: Int, order: [Int]?, to destination: inout [T], empty: T) {
        let n = source.count - start
        guard n > 0 else { return }
        let at = destination.count
        let stride = MemoryLayout<T>.stride
        destination.append(contentsOf: repeatElement(empty, count: n))
        withUnsafeBytes(of: empty) { e in
            destination.withUnsafeMutableBufferPointer { d in
                source.withUnsafeMutableBufferPointer { s in
                    guard let to = d.baseAddress, let from = s.baseAddress, let bits = e.baseAddress else { return }
                    if let order {
                        for (k, i) in order.enumerated() { UnsafeMutableRawPointer(to + at + k).copyMemory(from: from + i, byteCount: stride) }
                    } else {
                        UnsafeMutableRawPointer(to + at).copyMemory(from: from + start, byteCount: n * stride)
                    }
                    // `empty`'s bits into the first moved-from slot, then doubled along the rest.
                    let slots = UnsafeMutableRawPointer(from + start)
                    slots.copyMemory(from: bits, byteCount: MemoryLayout<T>.size)
                    var filled = 1
                    while filled < n {
                        let k = min(filled, n - filled)
                        (slots + filled * stride).copyMemory(from: slots, byteCount: k * stride)
                        filled += k
                    }
                }
            }
        }
    }
}
