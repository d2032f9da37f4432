/// The layout cycle of LAYER-MODEL.md §7.1: invalidation, `layoutIfNeeded`, `layoutSublayers`.
extension LayerTree {
    /// `setNeedsLayout`: marks the layer.
    public mutating func setNeedsLayout(_ id: LayerID) {
        needsLayoutFlags[id.index] = true
    }

    /// `needsLayout`: whether the layer is marked.
    public func needsLayout(_ id: LayerID) -> Bool {
        needsLayoutFlags[id.index]
    }

    /// An implicit `setNeedsLayout` (bounds, transform or sublayer change), skipped while the
    /// layer runs its own `layoutSublayers`.
    mutating func invalidateLayoutImplicitly(_ id: LayerID) {
        if layoutInProgress != id { needsLayoutFlags[id.index] = true }
    }

    /// `layoutSublayers`: the delegate if it lays out (then the manager is ignored), else the
    /// layout manager; neither clears the layer's own flag.
    ///
    /// - Returns: warnings from the constraint solver (cycles, unknown sources, conflicts).
    @discardableResult
    public mutating func layoutSublayers(_ id: LayerID) -> [Diagnostic] {
        layoutCounts[id.index] += 1
        if delegateLaysOut[id.index] { return [] }
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
        while let s = superlayers[top.index], needsLayoutFlags[s.index] { top = s }
        return layoutMarked(beneath: top)
    }

    /// A full layout pass over the tree of `root`: every layer with a layout manager is marked,
    /// then laid out parents first (autoresizing has already run inside the setters).
    public mutating func layout(root: LayerID) -> [Diagnostic] {
        for id in preorder(from: root) where layers[id.index].layoutManager != nil {
            needsLayoutFlags[id.index] = true
        }
        return layoutMarked(beneath: root)
    }

    /// Pre-order passes over the subtree, laying out marked layers, until none is marked
    /// (at most 16 passes; a layout that keeps invalidating itself stops there).
    mutating func layoutMarked(beneath top: LayerID) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for _ in 0..<16 {
            var any = false
            var stack: [LayerID] = [top]
            while let id = stack.popLast() {
                if needsLayoutFlags[id.index] {
                    any = true
                    needsLayoutFlags[id.index] = false
                    diagnostics += layoutSublayers(id)
                    needsLayoutFlags[id.index] = false
                }
                for child in sublayerLists[id.index].reversed() { stack.append(child) }
            }
            if !any { break }
            if !subtreeHasMarks(top) { break }
        }
        return diagnostics
    }

    /// Whether any layer in the subtree of `top` still needs layout.
    func subtreeHasMarks(_ top: LayerID) -> Bool {
        var stack: [LayerID] = [top]
        while let id = stack.popLast() {
            if needsLayoutFlags[id.index] { return true }
            stack.append(contentsOf: sublayerLists[id.index])
        }
        return false
    }
}
