/// Layer paths (SPEC §2): names from the root's first sublayer down joined by `/`; a layer
/// without a name is `#N`, its index among its superlayer's sublayers; the root is `/`.
/// A mask (not a sublayer) is written `@mask` after its host's path.
///
/// A name that could not lead back to its layer is written `#N` too: one holding `/`, and one
/// starting with `#` or `@` (read as an index or a mask). Of siblings sharing a name, the path
/// with the name leads to the first of them (give the others `#N`).
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
        if let n = layers[id.index].name, Self.isPathName(n) { return n }
        let k = sublayerLists[s.index].firstIndex(of: id) ?? 0
        return "#\(k)"
    }

    /// Whether a layer name can stand for its layer in a path: not empty, no `/`, and not
    /// starting with `#` or `@`.
    public static func isPathName(_ name: String) -> Bool {
        guard let first = name.utf8.first else { return false }
        return first != UInt8(ascii: "#") && first != UInt8(ascii: "@") && !name.utf8.contains(UInt8(ascii: "/"))
    }

    /// The layer a path names below `root`, or nil. A name picks the first sublayer with that
    /// name; `#N` picks the N-th sublayer; `@mask` the mask. `"/"` and `""` name the root.
    public func layer(atPath path: String, root: LayerID) -> LayerID? {
        var cur = root
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            let subs = sublayerLists[cur.index]
            // `#N` and `@mask` first: no printed name has that form.
            if part.first == "#", let n = Int(part.dropFirst()), n >= 0, n < subs.count {
                cur = subs[n]
            } else if part == "@mask", let m = masks[cur.index] {
                cur = m
            } else if let hit = subs.first(where: { layers[$0.index].name.map { $0[...] == part } ?? false }) {
                cur = hit
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
                let n = layers[c.index].name.flatMap { Self.isPathName($0) ? $0 : nil } ?? "#\(k)"
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
