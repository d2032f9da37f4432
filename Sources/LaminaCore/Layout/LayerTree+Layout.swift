/// The layout cycle of LAYER-MODEL.md §7.1: invalidation, `layoutIfNeeded`, `layoutSublayers`.
extension LayerTree {
    /// `setNeedsLayout`: marks the layer.
    public mutating func setNeedsLayout(_ id: LayerID) {
        PrefixStorage.write(&needsLayoutStored, id.index, true)
    }

    /// `needsLayout`: whether the layer is marked.
    public func needsLayout(_ id: LayerID) -> Bool {
        PrefixStorage.read(needsLayoutStored, id.index)
    }

    /// An implicit `setNeedsLayout` (bounds, transform or sublayer change), skipped while the
    /// layer runs its own `layoutSublayers`.
    @inline(__always)
    mutating func invalidateLayoutImplicitly(_ id: LayerID) {
        // A layer marked already (a parent as each sublayer is added) is only read: a write
        // checks that the column is not shared first.
        if layoutInProgress != id, !PrefixStorage.read(needsLayoutStored, id.index) {
            PrefixStorage.write(&needsLayoutStored, id.index, true)
        }
    }

    /// `layoutSublayers`: the delegate if it lays out (then the manager is ignored), else the
    /// layout manager; neither clears the layer's own flag.
    ///
    /// - Returns: warnings from the constraint solver (cycles, unknown sources, conflicts).
    @discardableResult
    public mutating func layoutSublayers(_ id: LayerID) -> [Diagnostic] {
        countLayout(id.index)
        if PrefixStorage.read(delegateStored, id.index) { return [] }
        guard layers[id.index].layoutManager == .constraint else { return [] }
        let saved = layoutInProgress
        layoutInProgress = id
        defer { layoutInProgress = saved }
        return solveConstraints(ofSublayersOf: id)
    }

    /// `layoutIfNeeded`: climbs while the superlayer needs layout, then lays out every marked
    /// layer beneath that ancestor, parents first, repeating while new invalidations appear.
    @discardableResult
    public mutating func layoutIfNeeded(_ id: LayerID) -> [Diagnostic] {
        var top = id
        while let s = superlayers[top.index], needsLayout(s) { top = s }
        return layoutMarked(beneath: top)
    }

    /// A full layout pass over the tree of `root`: every layer with a layout manager is marked,
    /// then laid out parents first (autoresizing has already run inside the setters).
    public mutating func layout(root: LayerID) -> [Diagnostic] {
        // Most trees (every imported drawing without authoring attributes) have no layout manager
        // and no delegate that lays out: then `layoutSublayers` only counts, nothing can mark a
        // layer again, and clearing the marks beneath the root does what the passes below would
        // (they build the preorder and walk the tree twice: ~4 % of a 100,000-element conversion).
        if !delegateStored.contains(true), !anyLayoutManager() {
            clearLayoutMarks(beneath: root)
            return []
        }
        for id in preorder(from: root) where layers[id.index].layoutManager != nil {
            setNeedsLayout(id)
        }
        return layoutMarked(beneath: root)
    }

    /// What ``layout(root:)`` does when nothing lays out: each marked layer beneath `root`
    /// (reached from it through sublayers, not masks) is counted once and unmarked. The marked
    /// layers are found in the flags and climb to `root`, each step taken once (`reached`): the
    /// walk down the tree read every layer's sublayer list, retaining each, where an imported
    /// drawing marks its groups only (deep-1e5: 25,000 of 100,000 layers).
    mutating func clearLayoutMarks(beneath root: LayerID) {
        // Only stored marks can be set; entries stored past the layers are unset.
        let marked = min(needsLayoutStored.count, count)
        guard let first = needsLayoutStored[..<marked].firstIndex(of: true) else { return }
        // Per layer: 0 not known yet, 1 beneath `root` (or it), 2 not. Each marked layer's own
        // entry is known after its climb, so the marks are cleared and counted in a second pass
        // over the columns in place: clearing and counting each layer in turn checked both
        // columns' uniqueness again for every one (deep-1e5 marks a quarter of its layers).
        var reached = [UInt8](repeating: 0, count: count)
        reached[root.index] = 1
        var path: [Int] = []
        var last = -1
        reached.withUnsafeMutableBufferPointer { reached in
            for i in first..<marked where needsLayoutStored[i] {
                // A mask hangs off its host, not among its sublayers: the walk never reaches it.
                var state = reached[i]
                if state == 0, !PrefixStorage.read(isMaskStored, i), let s = superlayers[i], reached[s.index] != 0 {
                    // Most marked layers: the superlayer's answer is known (it was marked
                    // before them, as it was made before them), and is theirs.
                    state = reached[s.index]
                    reached[i] = state
                }
                var cur = i
                while state == 0 {
                    path.append(cur)
                    guard !PrefixStorage.read(isMaskStored, cur), let s = superlayers[cur] else {
                        state = 2
                        break
                    }
                    cur = s.index
                    state = reached[cur]
                }
                if !path.isEmpty {
                    for p in path { reached[p] = state }
                    path.removeAll(keepingCapacity: true)
                }
                if state == 1 { last = i }
            }
        }
        guard last >= 0 else { return }
        if layoutCountsStored.count <= last { PrefixStorage.extend(&layoutCountsStored, through: last) }
        reached.withUnsafeBufferPointer { reached in
            needsLayoutStored.withUnsafeMutableBufferPointer { marks in
                layoutCountsStored.withUnsafeMutableBufferPointer { counts in
                    for i in first...last where marks[i] && reached[i] == 1 {
                        counts[i] += 1
                        marks[i] = false
                    }
                }
            }
        }
    }

    /// Pre-order passes over the subtree, laying out marked layers, until none is marked
    /// (at most 16 passes; a layout that keeps invalidating itself stops there).
    mutating func layoutMarked(beneath top: LayerID) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for _ in 0..<16 {
            var any = false
            var stack: [LayerID] = [top]
            while let id = stack.popLast() {
                if needsLayout(id) {
                    any = true
                    PrefixStorage.write(&needsLayoutStored, id.index, false)
                    diagnostics += layoutSublayers(id)
                    PrefixStorage.write(&needsLayoutStored, id.index, false)
                }
                for child in sublayerLists[id.index].reversed() { stack.append(child) }
            }
            if !any { break }
            if !subtreeHasMarks(top) { break }
        }
        return diagnostics
    }

    /// Whether any layer of the tree has a layout manager (they live with the rare properties:
    /// only layers that have those are looked at; none when no layer was ever given one).
    func anyLayoutManager() -> Bool {
        guard Layer.layoutManagersSet.load(ordering: .acquiring) else { return false }
        return layers.withUnsafeBufferPointer { buffer in
            buffer.indices.contains { buffer[$0].mayHaveRareProperties && buffer[$0].layoutManager != nil }
        }
    }

    /// Whether any layer in the subtree of `top` still needs layout.
    func subtreeHasMarks(_ top: LayerID) -> Bool {
        var stack: [LayerID] = [top]
        while let id = stack.popLast() {
            if needsLayout(id) { return true }
            stack.append(contentsOf: sublayerLists[id.index])
        }
        return false
    }

    /// One more run of layer `i`'s `layoutSublayers` in ``layoutCounts``.
    private mutating func countLayout(_ i: Int) {
        PrefixStorage.write(&layoutCountsStored, i, PrefixStorage.read(layoutCountsStored, i) + 1)
    }
}
