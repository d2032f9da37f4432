/// Constant-time links for builders (decoders, importers) that attach each new layer right
/// after making it.
extension LayerTree {
    /// Appends `child` to `parent`'s sublayers in O(1) when `child` is a detached leaf (no
    /// superlayer, no sublayers, no mask), which can never form a cycle; otherwise it is
    /// `addSublayer`. The effect is the same as `addSublayer` in both cases.
    package mutating func appendLeaf(_ child: LayerID, to parent: LayerID) throws(LayerTreeError) {
        guard isDetachedLeaf(child), child != parent else {
            try addSublayer(child, to: parent)
            return
        }
        sublayerLists[parent.index].append(child)
        superlayers[child.index] = parent
        invalidateLayoutImplicitly(parent)
    }

    /// Makes `child` the mask of `host` in O(1) when `child` is a detached leaf and `host` has
    /// no mask yet; otherwise it is `setMask`.
    package mutating func setLeafMask(_ child: LayerID, of host: LayerID) throws(LayerTreeError) {
        guard isDetachedLeaf(child), child != host, masks[host.index] == nil else {
            try setMask(child, of: host)
            return
        }
        masks[host.index] = child
        superlayers[child.index] = host
        isMask[child.index] = true
    }

    private func isDetachedLeaf(_ id: LayerID) -> Bool {
        superlayers[id.index] == nil && sublayerLists[id.index].isEmpty && masks[id.index] == nil
    }
}
