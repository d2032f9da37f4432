/// The resolve step on several threads: the sublayers of the root (or of a layer holding a
/// large share of the scene) are cut into consecutive runs (pieces), each resolved by its own
/// copy of the resolver, and the pieces are merged in paint order; the walk then goes on from
/// the state the merge leaves, as after walking those sublayers on one thread. The list is the one the single-threaded walk makes, byte for byte: every index a
/// piece makes (items, clip nodes, groups, mask contents, paint indices, layer-name segments)
/// counts from the state at the fork and is moved up by what the pieces before it made.
extension Resolver {
    /// Scenes with fewer layers than this resolve on one thread (the copies and the merge
    /// would cost more than they save).
    static let piecesMinimumLayers = 4096

    /// What the resolver held when the pieces were forked: where each piece's own entries start.
    struct PieceBase {
        var items: Int
        var clips: Int
        var groups: Int
        var maskContents: Int
        var masksInMasks: Int
        var segmentNames: Int
        var paintIndex: Int
        /// Child counts and last children of the groups open at the fork.
        var groupChildren: [Int]
        var groupOnlyChild: [(item: Int?, group: Int?)]
    }

    /// Whether the sublayers `subs` (visible, in paint order) of `id` are resolved as pieces
    /// (never inside a piece: each runs with one thread): the root's, or those of a layer that
    /// holds an eighth of the scene's layers as its own sublayers (a plotting tool's figure
    /// nests its marks a few groups down, under one layer). A piece copies the list's per-layer
    /// columns, so the eighth bounds the forks, and the copies, to eight.
    func resolvesInPieces(_ subs: [LayerID], of id: LayerID) -> Bool {
        threads > 1 && subs.count >= 2 && tree.count >= piecesFrom
            && (id == scene.root || subs.count >= max(2, tree.count / 8))
            && !tree[id].isTransformLayer && (depth == 0 || frames.base[depth - 1].plane == nil)
    }

    /// Resolves `subs` (the visible sublayers in paint order of the layer just entered) in up
    /// to ``threads`` pieces on as many threads, then merges them in order. Each piece writes
    /// its items once, in place: into the list's final buffer, after the most items the
    /// pieces before it may draw (``pieceBound(of:)``, counted first on the pieces' threads).
    mutating func resolveInPieces(_ subs: [LayerID]) {
        let ranges = Self.pieceRanges(subs, pieces: threads, layerCount: tree.count)
        let base = PieceBase(
            items: list.items.count, clips: list.clips.count, groups: list.groups.count,
            maskContents: list.maskContents.count, masksInMasks: list.masksInMasks.count,
            segmentNames: list.segmentNames.count, paintIndex: nextPaintIndex,
            groupChildren: groupChildren, groupOnlyChild: groupOnlyChild)
        let threadsHere = threads
        let slack = itemBoundSlack
        // What the count finds of each layer's compositing facts, for the walks to read: the
        // pieces' layers are disjoint, so each entry is written by one thread.
        let marks = UnsafeMutablePointer<UInt8>.allocate(capacity: tree.count)
        marks.initialize(repeating: CompositeMark.unknown, count: tree.count)
        defer { marks.deallocate() }
        let bounds = ParallelWork.map(ranges.count, threads: threads) { k in
            var b = pieceBound(of: subs[ranges[k]], marks: marks)
            b.items = max(0, b.items + slack)
            return b
        }
        // The items at the fork go first in the new buffer; the pieces hold none of them. The
        // per-layer columns are out of the list (``run()``): each piece writes them in place.
        let head = list.items
        list.items = []
        var pieces: [Resolver?] = []
        var spilled: [DisplayItem]?
        var items = [DisplayItem](unsafeUninitializedCapacity: max(1, head.count + bounds.reduce(0) { $0 + $1.items })) {
            buffer, initialized in
            guard let b = buffer.baseAddress else { return }
            _ = UnsafeMutableBufferPointer(start: b, count: head.count).initialize(from: head)
            var runs: [ItemRun] = []
            var offset = head.count
            for bound in bounds {
                runs.append(ItemRun(buffer: b, firstIndex: head.count, offset: offset, capacity: bound.items))
                offset += bound.items
            }
            pieces = Self.walkPieces(of: self, subs, ranges, runs: runs, bounds: bounds, marks: marks)
            initialized = Self.assemble(b, head: head.count, pieces: pieces, spilledList: &spilled)
        }
        if let spilled { items = spilled }
        // Each piece is dropped once merged: the list is held about once, not twice. The first
        // is moved out, not copied, and nothing else holds the state of the fork any more: a
        // column the first piece had not written was still shared, and the merge's first write
        // copied it whole.
        guard let first = pieces[0].take() else { return }
        var next = base.items + (first.itemRun?.count ?? 0) + first.list.items.count
        self = consume first
        threads = threadsHere
        itemRun = nil
        compositeMarks = nil
        // Moved, not copied: a second reference would make the merge's first write copy the list.
        list.items = consume items
        for k in pieces.indices.dropFirst() {
            guard let piece = pieces[k].take() else { continue }
            let count = (piece.itemRun?.count ?? 0) + piece.list.items.count
            merge(piece, base: base, itemsAt: next, itemCount: count)
            next += count
        }
    }

    /// Each of `ranges` of `subs` walked by a copy of `start` (the resolver at the fork), on as
    /// many threads as it allows, writing its items into `runs[k]`; its other lists sized by
    /// `bounds[k]` (the first piece's for every piece's groups and names, which the merge appends
    /// to it), reading the count's `marks` (``CompositeMark``).
    static func walkPieces(
        of start: Resolver, _ subs: [LayerID], _ ranges: [Range<Int>], runs: [ItemRun], bounds: [PieceBound],
        marks: UnsafeMutablePointer<UInt8>
    ) -> [Resolver?] {
        let allGroups = bounds.reduce(0) { $0 + $1.groups }
        let allNames = bounds.reduce(0) { $0 + $1.names }
        return ParallelWork.map(ranges.count, threads: start.threads) { k -> Resolver? in
            var piece = start
            piece.threads = 1
            piece.itemRun = runs[k]
            piece.compositeMarks = marks
            piece.reserveGroups(start.list.groups.count + (k == 0 ? allGroups : bounds[k].groups))
            piece.list.segmentNames.reserveCapacity(start.list.segmentNames.count + (k == 0 ? allNames : bounds[k].names))
            if k > 0 {
                // A frame stack of its own: the first piece's shares this resolver's, which
                // nothing else writes while the pieces run.
                piece.frames = start.frames.copy()
                piece.diagnostics = []
                piece.warnedEdgeOn = []
                piece.entered = []
                piece.entered?.reserveCapacity(bounds[k].layers)
                piece.named = []
                piece.named?.reserveCapacity(bounds[k].names)
            }
            piece.walk(subs[ranges[k]])
            return piece
        }
    }

    /// Room for `n` groups in the list and in the groups' bookkeeping.
    mutating func reserveGroups(_ n: Int) {
        list.groups.reserveCapacity(n)
        groupChildren.reserveCapacity(n)
        groupOnlyChild.reserveCapacity(n)
        groupAlive.reserveCapacity(n)
    }

    /// Consecutive runs of `subs` of about equal work: a sublayer's weight is the span of
    /// layer ids up to the next one (its subtree, for layers made in document order).
    static func pieceRanges(_ subs: [LayerID], pieces: Int, layerCount: Int) -> [Range<Int>] {
        let n = min(pieces, subs.count)
        guard n > 1 else { return [0..<subs.count] }
        var weights: [Int] = []
        weights.reserveCapacity(subs.count)
        for (i, s) in subs.enumerated() {
            let next = i + 1 < subs.count ? subs[i + 1].index : layerCount
            weights.append(max(1, next - s.index))
        }
        let total = weights.reduce(0, +)
        var ranges: [Range<Int>] = []
        var lower = 0
        var sum = 0
        for (i, w) in weights.enumerated() {
            sum += w
            // Close the run once it holds its share, keeping a sublayer for each later run.
            let share = total * (ranges.count + 1) / n
            if ranges.count < n - 1, sum >= share, subs.count - (i + 1) >= n - 1 - ranges.count {
                ranges.append(lower..<(i + 1))
                lower = i + 1
            }
        }
        ranges.append(lower..<subs.count)
        return ranges.filter { !$0.isEmpty }
    }

    /// Appends what `piece` made beyond `base`, its indices moved up past what is here now;
    /// its `itemCount` items are in the list already, from `itemsAt` on.
    mutating func merge(_ piece: Resolver, base: PieceBase, itemsAt: Int, itemCount: Int) {
        let itemShift = itemsAt - base.items
        let clipShift = list.clips.count - base.clips
        let groupShift = list.groups.count - base.groups
        let maskShift = list.maskContents.count - base.maskContents
        let nameShift = list.segmentNames.count - base.segmentNames
        let paintShift = nextPaintIndex - base.paintIndex
        func item(_ i: Int) -> Int { i >= base.items ? i + itemShift : i }
        func clip(_ c: Int) -> Int { c >= base.clips ? c + clipShift : c }
        func group(_ g: Int) -> Int { g >= base.groups ? g + groupShift : g }
        func mask(_ m: Int) -> Int { m >= base.maskContents ? m + maskShift : m }

        let p = piece.list
        // Written in place by the piece; renumbered where they are.
        list.items.withUnsafeMutableBufferPointer { items in
            for i in itemsAt..<(itemsAt + itemCount) {
                items[i].shift(clipsFrom: base.clips, by: clipShift, groupsFrom: base.groups, by: groupShift, paintBy: paintShift)
            }
        }
        for var node in p.clips[base.clips...] {
            if clipShift != 0 {
                node.parent = node.parent.map(clip)
                for j in node.shapes.indices where node.shapes[j].clip != nil { node.shapes[j].clip = node.shapes[j].clip.map(clip) }
            }
            list.clips.append(node)
        }
        for var g in p.groups[base.groups...] {
            g.parent = g.parent.map(group)
            g.clip = g.clip.map(clip)
            g.maskContent = g.maskContent.map(mask)
            list.groups.append(g)
        }
        for var items in p.maskContents[base.maskContents...] {
            for j in items.indices {
                items[j].paintIndex += paintShift
                if let c = items[j].clip { items[j].clip = clip(c) }
            }
            list.maskContents.append(items)
        }
        for var n in p.masksInMasks[base.masksInMasks...] {
            n.content = mask(n.content)
            n.mask = mask(n.mask)
            list.masksInMasks.append(n)
        }
        list.segmentNames.append(contentsOf: p.segmentNames[base.segmentNames...])

        // Group bookkeeping: the groups open at the fork took children in the piece too.
        for g in 0..<base.groups {
            groupChildren[g] += piece.groupChildren[g] - base.groupChildren[g]
            let now = piece.groupOnlyChild[g], before = base.groupOnlyChild[g]
            if now.item != before.item || now.group != before.group {
                groupOnlyChild[g] = (now.item.map(item), now.group.map(group))
            }
        }
        for g in base.groups..<piece.groupChildren.count {
            groupChildren.append(piece.groupChildren[g])
            let only = piece.groupOnlyChild[g]
            groupOnlyChild.append((only.item.map(item), only.group.map(group)))
            groupAlive.append(piece.groupAlive[g])
        }

        // Per-layer columns of the layers the piece entered and of their sublayers: written in
        // place (``LayerColumns``) in the piece's numbering, moved up here.
        let maps = !list.layerToOutput.isEmpty
        guard let columns else { preconditionFailure("the walk holds the per-layer columns") }
        for id in piece.entered ?? [] {
            let i = id.index
            if columns.paintIndex[i] != LayerColumns.none { columns.paintIndex[i] += Int32(truncatingIfNeeded: paintShift) }
            let c = columns.clip[i]
            if c != LayerColumns.none { columns.clip[i] = Int32(truncatingIfNeeded: clip(Int(c))) }
            if maps { list.layerToOutput[i] = p.layerToOutput[i] }
        }
        // The names the piece gave, from its list: a pass over the sublayers of every layer it
        // entered loaded each one's sublayer list again, most of them long out of cache (deep-1e6:
        // ~60 % of the merge, on one thread).
        if nameShift != 0 {
            for i in piece.named ?? [] {
                let name = Int(~columns.segments[Int(i)])
                columns.segments[Int(i)] = ~Int32(truncatingIfNeeded: name + nameShift)
            }
        }
        diagnostics += piece.diagnostics
        warnedEdgeOn.formUnion(piece.warnedEdgeOn)
        nextPaintIndex += piece.nextPaintIndex - base.paintIndex
    }
}
