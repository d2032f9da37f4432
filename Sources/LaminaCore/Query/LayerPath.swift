/// Layer paths (SPEC §2): names from the root's first sublayer down joined by `/`; a layer
/// without a name is `#N`, its index among its superlayer's sublayers; the root is `/`.
/// A mask (not a sublayer) is written `@mask` after its host's path.
extension LayerTree {
    /// The path of `id` below `root` (`"/"` for the root itself; `"#0/leaf"` for a named layer
    /// under the unnamed first sublayer). A layer outside `root`'s tree gets its path from its own root.
    public func path(of id: LayerID, root: LayerID) -> String {
        var parts: [String] = []
        var cur = id
        while cur != root, let s = superlayers[cur.index] {
            parts.append(pathComponent(of: cur, in: s))
            cur = s
        }
        if parts.isEmpty { return "/" }
        return parts.reversed().joined(separator: "/")
    }

    /// The one path component naming `id` inside its superlayer `s`.
    func pathComponent(of id: LayerID, in s: LayerID) -> String {
        if isMask[id.index] { return "@mask" }
        if let n = layers[id.index].name, !n.isEmpty { return n }
        let k = sublayerLists[s.index].firstIndex(of: id) ?? 0
        return "#\(k)"
    }

    /// The layer a path names below `root`, or nil. A name picks the first sublayer with that
    /// name; `#N` picks the N-th sublayer; `@mask` the mask. `"/"` and `""` name the root.
    public func layer(atPath path: String, root: LayerID) -> LayerID? {
        var cur = root
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            let subs = sublayerLists[cur.index]
            if let hit = subs.first(where: { layers[$0.index].name.map { $0[...] == part } ?? false }) {
                cur = hit
            } else if part == "@mask", let m = masks[cur.index] {
                cur = m
            } else if part.first == "#", let n = Int(part.dropFirst()), n >= 0, n < subs.count {
                cur = subs[n]
            } else {
                return nil
            }
        }
        return cur
    }

    /// Paths of every layer in `root`'s tree, indexed by `LayerID.index` (nil outside it), in one pass.
    public func paths(from root: LayerID) -> [String?] {
        var out = [String?](repeating: nil, count: layers.count)
        out[root.index] = "/"
        var stack: [LayerID] = [root]
        while let id = stack.popLast() {
            let base = id == root ? "" : (out[id.index] ?? "") + "/"
            for (k, c) in sublayerLists[id.index].enumerated() {
                let n = layers[c.index].name.flatMap { $0.isEmpty ? nil : $0 } ?? "#\(k)"
                out[c.index] = base + n
                stack.append(c)
            }
            if let m = masks[id.index] {
                out[m.index] = base + "@mask"
                stack.append(m)
            }
        }
        return out
    }
}
