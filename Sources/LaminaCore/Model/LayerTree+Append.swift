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
    ///
    /// With `release`, the tail's layer records and source positions are moved a megabyte at a
    /// time, and the whole pages of the fragment's columns they leave are handed to `release`
    /// (which may give them back to the system: a given-back page reads as zeros, a moved-from
    /// value here), so that the two trees together never hold much more than one copy of the
    /// tail (``Array/moveAppend(tailOf:from:order:empty:release:)``).
    ///
    /// With `threads` > 1 the records (layers and source positions) are moved on one thread
    /// while the links are taken in on another, and then `alongside` is run there (the
    /// caller's own columns for the tail): they are separate arrays. (A split build's merge
    /// took ~150 ms of one thread at a million elements.)
    @discardableResult
    package mutating func append(
        tailOf source: inout LayerTree, from start: Int, order: [Int]?,
        release: ((UnsafeMutableRawPointer, Int) -> Void)? = nil,
        threads: Int = 1, alongside: () -> Void = {}
    ) -> Int {
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
        reserveCapacity(base + tail)
        // The records, taken out of both trees while they move: the links are this tree's other
        // columns, taken in meanwhile.
        var records = Records(layers: exchange(&layers, with: []), positions: exchange(&sourcePositions, with: []))
        var sourceRecords = Records(layers: exchange(&source.layers, with: []), positions: exchange(&source.sourcePositions, with: []))
        if threads > 1 {
            _ = ParallelWork.map(2, threads: 2) { k in
                if k == 0 {
                    records.moveTail(of: &sourceRecords, from: start, order: order, release: release)
                } else {
                    appendLinks(ofTail: &source, from: start, count: n, base: base, place: place, order: order)
                    alongside()
                }
                return true
            }
        } else {
            appendLinks(ofTail: &source, from: start, count: n, base: base, place: place, order: order)
            records.moveTail(of: &sourceRecords, from: start, order: order, release: release)
            alongside()
        }
        layers = records.layers
        sourcePositions = records.positions
        source.layers = sourceRecords.layers
        source.sourcePositions = sourceRecords.positions
        return base
    }

    /// The link columns of the fragment's tail (`start..<n`, in `order`) appended to this
    /// tree's, its ids mapped: superlayers, masks and the other default-valued columns, the
    /// sublayer lists (mapped in place in the fragment, then moved). This tree's `layers` may be
    /// taken out meanwhile: `base` is its count.
    private mutating func appendLinks(
        ofTail source: inout LayerTree, from start: Int, count n: Int, base: Int, place: [Int]?, order: [Int]?
    ) {
        let tail = n - start, shift = base - start
        func map(_ id: LayerID) -> LayerID {
            id.index < start ? id : LayerID(place.map { $0[id.index - start] } ?? id.index + shift)
        }
        let ids = order ?? []
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
        // Sublayer ids mapped in place (the fragment's lists are its own), then both columns
        // moved: each destination slot is made empty first, each source slot left empty.
        for i in start..<n where !source.sublayerLists[i].isEmpty {
            for k in source.sublayerLists[i].indices { source.sublayerLists[i][k] = map(source.sublayerLists[i][k]) }
        }
        sublayerLists.moveAppend(tailOf: &source.sublayerLists, from: start, order: order, empty: [])
    }

    /// Appends `ids` to the sublayers of `parent`, whose superlayer they already are: the
    /// layers a fragment added to one of the layers it shares with this tree, once
    /// ``append(tailOf:from:)`` has carried them (and their superlayer link) over.
    package mutating func appendSublayerLinks(_ ids: [LayerID], to parent: LayerID) {
        precondition(ids.allSatisfy { superlayers[$0.index] == parent }, "a link the layer does not have")
        sublayerLists[parent.index].append(contentsOf: ids)
    }
}

/// A tree's layer records and their source positions, taken out of it while they move.
private struct Records {
    var layers: [Layer]
    var positions: [SourcePosition]

    /// Moves the tail of `source` (`start` on, in `order`) after these (``LayerTree/append(tailOf:from:order:release:threads:alongside:)``).
    mutating func moveTail(
        of source: inout Records, from start: Int, order: [Int]?, release: ((UnsafeMutableRawPointer, Int) -> Void)?
    ) {
        let n = source.layers.count
        if order == nil {
            positions.moveAppend(tailOf: &source.positions, from: start, order: nil, empty: SourcePosition(line: 0, column: 0), release: release)
        } else if let order, source.positions.count == n {
            positions.append(contentsOf: order.map { source.positions[$0] })
        }
        layers.moveAppend(tailOf: &source.layers, from: start, order: order, empty: Layer.hollow, release: release)
    }
}

extension Layer {
    /// A layer whose bits are all zero (no name, no boxes, every number and flag zero): what a
    /// page given back to the system reads as, in a column of moved-from layers.
    package static let hollow: Layer = {
        var layer = Layer(defaults: ())
        layer.anchorPoint = Point(0, 0)
        layer.opacity = 0
        layer.allowsGroupOpacity = false
        return layer
    }()
}

extension Array {
    /// Appends the elements of `source` from `start` on (in `order`: their indices, each once;
    /// nil, in order) by moving them, leaving `empty` in their places in `source` (a value whose
    /// copies hold no references).
    ///
    /// Moved bit for bit, as Swift moves a value: copied into this array's new room
    /// (``MovedRun``), and the moved-from slots given `empty`'s bits (copies that need no
    /// retain). Moving them one by one called the type's value witnesses three times a layer:
    /// 12 ms of a 50,000-layer merge, on one thread.
    ///
    /// With `release`, and when a value of all-zero bits is as good as `empty` (`empty` is all
    /// zeros, or the type holds no references): moved a megabyte at a time, the whole pages of
    /// `source` moved out of handed to `release` as they are left (in `order`, the pages below
    /// its first slot not yet moved). A page given back to the system reads as zeros, a
    /// moved-from value, so `source` may still be destroyed as usual; and this array's new pages
    /// are then about as many as those given back, at any moment.
    @inlinable package mutating func moveAppend(
        tailOf source: inout [Element], from start: Int, order: [Int]?, empty: Element,
        release: ((UnsafeMutableRawPointer, Int) -> Void)? = nil
    ) {
        let n = source.count - start
        guard n > 0 else { return }
        let stride = MemoryLayout<Element>.stride
        let zeroIsEmpty = _isPOD(Element.self) || Swift.withUnsafeBytes(of: empty) { $0.allSatisfy { $0 == 0 } }
        let releases = release != nil && zeroIsEmpty
        let step = releases ? Swift.max(1, (1 << 20) / Swift.max(stride, 1)) : n
        reserveCapacity(count + n)
        // The first byte of `source` not yet handed to `release` (page-aligned up).
        var releasedTo = -1
        // In `order`, which of the tail's slots are moved, and the first that is not: the
        // pages below it may go (an order is the tail's with runs moved ahead, so it follows).
        var vacated = releases && order != nil ? [Bool](repeating: false, count: n) : []
        var firstKept = 0
        var moved = 0
        while moved < n {
            let k = Swift.min(step, n - moved)
            let run = order.map { $0[moved..<moved + k] }
            source.withUnsafeMutableBufferPointer { s in
                guard let from = s.baseAddress else { return }
                append(contentsOf: MovedRun(base: from, first: start + moved, count: k, order: run, empty: empty))
            }
            Swift.withUnsafeBytes(of: empty) { e in
                source.withUnsafeMutableBufferPointer { s in
                    guard let from = s.baseAddress, let bits = e.baseAddress else { return }
                    if let run {
                        // `empty`'s bits into each moved-from slot.
                        for i in run {
                            UnsafeMutableRawPointer(from + i).copyMemory(from: bits, byteCount: MemoryLayout<Element>.size)
                            if releases { vacated[i - start] = true }
                        }
                        while firstKept < n, releases, vacated[firstKept] { firstKept += 1 }
                    } else {
                        // `empty`'s bits into the first moved-from slot, then doubled along the rest.
                        let slots = UnsafeMutableRawPointer(from + start + moved)
                        slots.copyMemory(from: bits, byteCount: MemoryLayout<Element>.size)
                        var filled = 1
                        while filled < k {
                            let c = Swift.min(filled, k - filled)
                            (slots + filled * stride).copyMemory(from: slots, byteCount: c * stride)
                            filled += c
                        }
                    }
                    guard releases, let release else { return }
                    let page = 4096
                    if releasedTo < 0 { releasedTo = (Int(bitPattern: from + start) + page - 1) & ~(page - 1) }
                    let end = Int(bitPattern: from + start + (run == nil ? moved + k : firstKept)) & ~(page - 1)
                    if end > releasedTo, let p = UnsafeMutableRawPointer(bitPattern: releasedTo) {
                        release(p, end - releasedTo)
                        releasedTo = end
                    }
                }
            }
            moved += k
        }
    }
}

/// A run of an array's slots (`count` from `first`, or the indices `order`) read into another
/// array's new room bit for bit by `append(contentsOf:)`: the appended slots are initialized
/// once, by the copy, not first with a placeholder (whose copies called the element's value
/// witness per slot) and then overwritten. The caller gives the read slots a moved-from value.
/// Iterated instead (where `append` does not take the bulk copy), each slot is moved out and
/// given `empty`, to the same effect.
@usableFromInline struct MovedRun<Element>: Sequence {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let first: Int
    @usableFromInline let count: Int
    @usableFromInline let order: ArraySlice<Int>?
    @usableFromInline let empty: Element

    @inlinable init(base: UnsafeMutablePointer<Element>, first: Int, count: Int, order: ArraySlice<Int>?, empty: Element) {
        self.base = base
        self.first = first
        self.count = count
        self.order = order
        self.empty = empty
    }

    @inlinable func slot(_ k: Int) -> Int {
        order.map { $0[$0.startIndex + k] } ?? first + k
    }

    @usableFromInline struct Iterator: IteratorProtocol {
        @usableFromInline let run: MovedRun
        @usableFromInline var position: Int

        @inlinable init(run: MovedRun, position: Int) {
            self.run = run
            self.position = position
        }

        @inlinable mutating func next() -> Element? {
            guard position < run.count else { return nil }
            let slot = run.base + run.slot(position)
            position += 1
            let value = slot.move()
            slot.initialize(to: run.empty)
            return value
        }
    }

    @inlinable var underestimatedCount: Int { count }

    @inlinable func makeIterator() -> Iterator { Iterator(run: self, position: 0) }

    @inlinable func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>) -> (Iterator, Int) {
        let k = Swift.min(count, buffer.count)
        guard k > 0, let to = buffer.baseAddress else { return (Iterator(run: self, position: 0), 0) }
        let stride = MemoryLayout<Element>.stride
        if let order {
            for (j, i) in order.prefix(k).enumerated() {
                UnsafeMutableRawPointer(to + j).copyMemory(from: base + i, byteCount: stride)
            }
        } else {
            UnsafeMutableRawPointer(to).copyMemory(from: base + first, byteCount: k * stride)
        }
        return (Iterator(run: self, position: k), k)
    }
}
