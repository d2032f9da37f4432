/// Layer paths (SPEC §2): names from the root's first sublayer down joined by `/`; a layer
/// without a name is `#N`, its index among its superlayer's sublayers; the root is `/`.
/// A mask (not a sublayer) is written `@mask` after its host's path.
///
/// A name that could not lead back to its layer is written `#N` too: one holding `/`, one
/// starting with `#` or `@` (read as an index or a mask), and one an earlier sibling already
/// has (the name leads to the first of them, ``SiblingNames``).
///
/// Names are compared code point by code point, as Core Animation compares them (``ExactText``):
/// siblings named "é" precomposed and "e" + U+0301 are two names, each written as it is. Reading
/// a path, a component that no sibling's name matches exactly names the first sibling whose name
/// is canonically equivalent (the same text in another Unicode normalization form, as a terminal,
/// an editor or a file system may type it).
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
        if isMaskLayer(id) { return "@mask" }
        let siblings = sublayerLists[s.index]
        let k = siblings.firstIndex(of: id) ?? 0
        if let n = layers[id.index].name, Self.isPathName(n),
            !siblings[..<k].contains(where: { layers[$0.index].name.map { Self.sameName($0, n) } ?? false })
        {
            return n
        }
        return "#\(k)"
    }

    /// Decides, sibling by sibling in sublayer-array order, which names can stand for their
    /// layers in a path: a path name (``isPathName(_:)``) that no earlier sibling has. A path
    /// names the first sibling with a name, so the others are written `#N`.
    ///
    ///     var names = LayerTree.SiblingNames()
    ///     names.admits("a")   // true
    ///     names.admits("a")   // false: "a" leads to the first
    public struct SiblingNames {
        /// The first names admitted, compared one by one (most superlayers have few named
        /// sublayers: no allocation); past those, a set.
        private var first: (String?, String?, String?, String?) = (nil, nil, nil, nil)
        private var count = 0
        /// Made for a fifth name: a set's three empty lists were three releases for every
        /// superlayer, most of which have four named sublayers or fewer.
        private var more: NameSet?

        public init() {}

        /// Whether `name` stands for the next sibling in a path (and remembers it).
        public mutating func admits(_ name: String?) -> Bool {
            guard let name, LayerTree.isPathName(name) else { return false }
            if same(first.0, name) || same(first.1, name) || same(first.2, name) || same(first.3, name) { return false }
            switch count {
            case 0: first.0 = name
            case 1: first.1 = name
            case 2: first.2 = name
            case 3: first.3 = name
            default:
                if more == nil { more = NameSet() }
                if !more!.insert(name) { return false }
            }
            count += 1
            return true
        }

        @inline(__always)
        private func same(_ a: String?, _ b: String) -> Bool { a.map { LayerTree.sameName($0, b) } ?? false }
    }

    /// The layers of `root`'s tree whose name is a path name an earlier sibling already has
    /// (by `LayerID.index`): for whole-tree passes that do not visit siblings in order.
    public func repeatedNames(from root: LayerID) -> Set<Int> {
        var out: Set<Int> = []
        var stack: [LayerID] = [root]
        while let id = stack.popLast() {
            let subs = sublayerLists[id.index]
            if subs.count > 1 {
                var names = SiblingNames()
                for c in subs where !names.admits(layers[c.index].name) {
                    if let n = layers[c.index].name, Self.isPathName(n) { out.insert(c.index) }
                }
            }
            stack.append(contentsOf: subs)
            if let m = mask(of: id) { stack.append(m) }
        }
        return out
    }

    /// Whether a layer name can stand for its layer in a path: not empty, no `/`, not
    /// starting with `#` or `@`, and shown on one line as written: no control character (tab
    /// included), bidirectional formatting character or line separator. Paths are printed
    /// one to a line (`hit-test`, diffs, labels) and typed back as arguments, so a name that
    /// would end the line, recolor the terminal or show reversed is written `#N` instead.
    public static func isPathName(_ name: String) -> Bool {
        // The bytes read where they are stored (the `utf8` view's iterator cost 25
        // instructions a byte); nil when a byte may start a character to look up.
        var text = name
        let plain: Bool? = text.withUTF8 { bytes in
            guard let first = bytes.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "@") else { return false }
            var mayBreak = false
            for b in bytes {
                if b == UInt8(ascii: "/") || b < 0x80 && LineBreakers.isControl(UInt32(b)) { return false }
                if LineBreakers.mayStartNonASCII(b) { mayBreak = true }
            }
            return mayBreak ? nil : true
        }
        if let plain { return plain }
        return !name.unicodeScalars.contains { LineBreakers.isControl($0.value) || LineBreakers.isFormatting($0.value) }
    }

    /// Whether two layer names are the same name: the same code points (``ExactText``), so the
    /// same UTF-8 bytes. Compared as two byte buffers: the views' generic `elementsEqual` took
    /// ~470 instructions a pair (sibling names in the resolver's walk: 4 % of a map's
    /// conversion with 8,171 of them).
    @inlinable
    public static func sameName(_ a: String, _ b: String) -> Bool {
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        let same = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in x.elementsEqual(y) }
        }
        if let same, let same { return same }
        return a.utf8.elementsEqual(b.utf8)
    }

    /// The layer a path names below `root`, or nil. A name picks the first sublayer with that
    /// name, else the first with a canonically equivalent one (the name typed in another Unicode
    /// normalization form); `#N` picks the N-th sublayer; `@mask` the mask. `"/"` and `""` name
    /// the root.
    public func layer(atPath path: String, root: LayerID) -> LayerID? {
        var cur = root
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            let subs = sublayerLists[cur.index]
            // `#N` and `@mask` first: no printed name has that form.
            if part.first == "#", let n = Int(part.dropFirst()), n >= 0, n < subs.count {
                cur = subs[n]
            } else if part == "@mask", let m = mask(of: cur) {
                cur = m
            } else if let hit = subs.first(where: { layers[$0.index].name.map { $0.utf8.elementsEqual(part.utf8) } ?? false })
                ?? subs.first(where: { layers[$0.index].name.map { $0[...] == part } ?? false })
            {
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
            var names = SiblingNames()
            for (k, c) in sublayerLists[id.index].enumerated() {
                let name = layers[c.index].name
                out[c.index] = base + (names.admits(name) ? name! : "#\(k)")
                stack.append(c)
            }
            if let m = mask(of: id) {
                out[m.index] = base + "@mask"
                stack.append(m)
            }
        }
        return out
    }
}
