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
    /// to ``threads`` pieces on as many threads, then merges them in order.
    mutating func resolveInPieces(_ subs: [LayerID]) {
        let ranges = Self.pieceRanges(subs, pieces: threads, layerCount: tree.count)
        let base = PieceBase(
            items: list.items.count, clips: list.clips.count, groups: list.groups.count,
            maskContents: list.maskContents.count, masksInMasks: list.masksInMasks.count,
            segmentNames: list.segmentNames.count, paintIndex: nextPaintIndex,
            groupChildren: groupChildren, groupOnlyChild: groupOnlyChild)
        let threadsHere = threads
        var pieces = Self.walkPieces(of: self, subs, ranges)
        // Each piece is dropped once merged: the list is held about once, not twice. The first
        // is moved out, not copied, and nothing else holds the state of the fork any more: a
        // column the first piece had not written was still shared, and the merge's first write
        // copied it whole.
        guard let first = pieces[0].take() else { return }
        self = consume first
        threads = threadsHere
        for k in pieces.indices.dropFirst() {
            if let piece = pieces[k].take() { merge(piece, base: base) }
        }
    }

    /// Each of `ranges` of `subs` walked by a copy of `start` (the resolver at the fork), on as
    /// many threads as it allows.
    static func walkPieces(of start: Resolver, _ subs: [LayerID], _ ranges: [Range<Int>]) -> [Resolver?] {
        ParallelWork.map(ranges.count, threads: start.threads) { k -> Resolver? in
            var piece = start
            piece.threads = 1
            if k == 0 {
                // The first piece goes on as this resolver: room for every item, so that the
                // others are appended without moving it.
                piece.list.items.reserveCapacity(start.tree.count)
            } else {
                // A frame stack of its own: the first piece's shares this resolver's, which
                // nothing else writes while the pieces run.
                piece.frames = start.frames.copy()
                // Room for its items (about one a layer: the span of layer ids its sublayers
                // start, as in `pieceRanges`): grown from the fork's few, the array was copied
                // each time it doubled.
                let r = ranges[k]
                let end = r.upperBound < subs.count ? subs[r.upperBound].index : start.tree.count
                piece.list.items.reserveCapacity(start.list.items.count + min(start.tree.count, max(0, end - subs[r.lowerBound].index)))
                piece.diagnostics = []
                piece.warnedEdgeOn = []
                piece.entered = []
            }
            piece.walk(Array(subs[ranges[k]]))
            return piece
        }
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

    /// Appends what `piece` made beyond `base`, its indices moved up past what is here now.
    mutating func merge(_ piece: Resolver, base: PieceBase) {
        let itemShift = list.items.count - base.items
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
        // Appended whole, then renumbered where they now are (copied one by one, each item was
        // copied twice through an outlined copy).
        let firstItem = list.items.count
        list.items.append(contentsOf: p.items[base.items...])
        list.items.withUnsafeMutableBufferPointer { items in
            for i in firstItem..<items.count {
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

        // Per-layer columns of the layers the piece entered and of their sublayers.
        let maps = !list.layerToOutput.isEmpty
        for id in piece.entered ?? [] {
            let i = id.index
            list.layerPaintIndex[i] = p.layerPaintIndex[i].map { $0 + paintShift }
            list.layerClip[i] = p.layerClip[i].map(clip)
            if maps { list.layerToOutput[i] = p.layerToOutput[i] }
            for child in tree.sublayers(of: id) {
                let c = child.index
                list.pathParents[c] = p.pathParents[c]
                let k = p.pathSegments[c]
                let name = Int(~k)
                list.pathSegments[c] = k < 0 && name >= base.segmentNames ? ~Int32(truncatingIfNeeded: name + nameShift) : k
            }
        }
        diagnostics += piece.diagnostics
        warnedEdgeOn.formUnion(piece.warnedEdgeOn)
        nextPaintIndex += piece.nextPaintIndex - base.paintIndex
    }
}
