/// Where a piece of a resolve on several threads (``Resolver/resolveInPieces(_:)``) writes its
/// items: a run of the list's final buffer, starting where the pieces before it end at most
/// (``Resolver/pieceBound(of:)``). Each piece wrote into an array of its own, which the merge
/// then copied into the first one's on one thread: at deep-1e6 half the items (40 MB) were
/// written twice, each page of the copy touched for the first time.
///
/// A piece that draws more items than its bound (it never does: the bound counts every part
/// the walk may draw) keeps the rest in its own `list.items` (`spilled`), appended after them.
struct ItemRun {
    /// The list's buffer: item `i` of the list at the fork is `buffer[i]`.
    let buffer: UnsafeMutablePointer<DisplayItem>
    /// The index, in the piece's own numbering, of its first item (the items at the fork).
    let firstIndex: Int
    /// Where the run starts in `buffer`.
    let offset: Int
    /// The most items the run holds.
    let capacity: Int
    /// Items written.
    var count = 0
}

/// The most a piece of a resolve on several threads makes (``Resolver/pieceBound(of:)``).
struct PieceBound {
    var items = 0
    var groups = 0
    var layers = 0
    /// Named layers: the most names the piece adds to ``DisplayList/segmentNames``.
    var names = 0
}

extension Resolver {
    /// The number of items made so far (the index of the next one).
    @inline(__always)
    var itemCount: Int {
        guard let run = itemRun else { return list.items.count }
        return run.firstIndex + run.count + list.items.count
    }

    /// Appends an item to the list, or in a piece to its run (its own list once the run is full).
    @inline(__always)
    mutating func appendItem(_ item: __owned DisplayItem) {
        if itemRun == nil {
            list.items.append(item)
        } else if itemRun.unsafelyUnwrapped.count < itemRun.unsafelyUnwrapped.capacity {
            let run = itemRun.unsafelyUnwrapped
            (run.buffer + run.offset + run.count).initialize(to: item)
            itemRun!.count += 1
        } else {
            list.items.append(item)
        }
    }

    /// `body` applied to item `i` where it is kept (the list, or a piece's run).
    mutating func withItem(_ i: Int, _ body: (inout DisplayItem) -> Void) {
        guard let run = itemRun else { return body(&list.items[i]) }
        let j = i - run.firstIndex
        if j < 0 {
            body(&run.buffer[i])
        } else if j < run.count {
            body(&run.buffer[run.offset + j])
        } else {
            body(&list.items[j - run.count])
        }
    }

    /// What walking `tops` (visible sublayers of one layer) and their visible sublayers may
    /// make at most: every part each of them draws (a transform layer draws none), the layers
    /// entered, their names, and groups (a layer with group opacity, a mask or compositing
    /// facts opens one, up to three with facts). The items are exact unless a layer is left
    /// out on the way (placed by numbers past the range of doubles, turned away, in
    /// perspective) or an empty filter group draws its anchor; the rest only sizes the pieces'
    /// lists, which grew from the fork's few by doubling, each larger copy in pages touched for
    /// the first time.
    ///
    /// Each layer visited gets its ``CompositeMark`` in `marks` (one entry per layer), when given.
    func pieceBound(of tops: ArraySlice<LayerID>, marks: UnsafeMutablePointer<UInt8>? = nil) -> PieceBound {
        // Each layer read where it is stored: a copy (`let layer = tree[id]`) retained and
        // released every box it holds and the name, 26.5 M instructions at deep100k.
        tree.layers.withUnsafeBufferPointer { layers in
            guard let base = layers.baseAddress else { return PieceBound() }
            var stack = Array(tops)
            var bound = PieceBound()
            while let id = stack.popLast() {
                let layer = base + id.index
                bound.layers += 1
                if layer.pointee.name != nil { bound.names += 1 }
                if !layer.pointee.isTransformLayer {
                    if layer.pointee.hasContent { bound.items += 1 }
                    // The background and the border are rare properties.
                    if layer.pointee.mayHaveRareProperties {
                        if DisplayList.draws(.background, of: layer.pointee) { bound.items += 1 }
                        if DisplayList.draws(.border, of: layer.pointee) { bound.items += 1 }
                    }
                }
                let may = Self.mayComposite(layer)
                marks?[id.index] = may ? CompositeMark.may : CompositeMark.none
                if may, layer.pointee.svgCompositing != nil {
                    bound.groups += 3
                } else if layer.pointee.opacity < 1 || tree.mask(of: id) != nil {
                    bound.groups += 1
                }
                for child in tree.sublayerLists[id.index] where tree.isVisible(child) { stack.append(child) }
            }
            return bound
        }
    }

    /// The list's items after the pieces wrote theirs into `buffer` (`head` items at the fork,
    /// then each piece's run at its offset, and what spilled past it): the runs moved down
    /// where the bounds were above the counts. Returns the number of items in `buffer`, or,
    /// when a piece spilled, 0 and every item moved out into `spilledList`.
    static func assemble(
        _ buffer: UnsafeMutablePointer<DisplayItem>, head: Int, pieces: [Resolver?], spilledList: inout [DisplayItem]?
    ) -> Int {
        let runs = pieces.compactMap { $0?.itemRun }
        let spill = pieces.reduce(0) { $0 + ($1?.list.items.count ?? 0) }
        if spill == 0 {
            var end = head
            for run in runs {
                if run.offset != end { (buffer + end).moveInitialize(from: buffer + run.offset, count: run.count) }
                end += run.count
            }
            return end
        }
        let total = head + runs.reduce(0) { $0 + $1.count } + spill
        spilledList = [DisplayItem](unsafeUninitializedCapacity: total) { out, initialized in
            guard let o = out.baseAddress else { return }
            o.moveInitialize(from: buffer, count: head)
            var end = head
            for piece in pieces {
                guard let piece, let run = piece.itemRun else { continue }
                (o + end).moveInitialize(from: buffer + run.offset, count: run.count)
                end += run.count
                for item in piece.list.items {
                    (o + end).initialize(to: item)
                    end += 1
                }
            }
            initialized = end
        }
        return 0
    }
}
