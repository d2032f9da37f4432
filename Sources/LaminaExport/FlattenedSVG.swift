import LaminaCore

/// The flattened SVG writer (SPEC §6): one element per drawable, groups only where compositing needs them.
public enum FlattenedSVG {
    /// Writer options.
    public struct Options: Hashable, Sendable {
        /// One `<g>` per layer instead of flat drawables (`--keep-groups`).
        public var keepGroups: Bool
        /// Extra markup inserted just before `</svg>` (the debug overlay).
        public var overlay: String?
        /// The threads and chunks the body is written with (the bytes do not depend on it).
        package var split = WorkSplit.automatic

        /// Options with flat output and no overlay by default.
        public init(keepGroups: Bool = false, overlay: String? = nil) {
            self.keepGroups = keepGroups
            self.overlay = overlay
        }
    }

    /// Writes the display list of `scene` as one SVG document (deterministic, final newline).
    public static func write(_ list: DisplayList, scene: Scene, options: Options = Options()) -> String {
        String(decoding: bytes(list, scene: scene, options: options), as: UTF8.self)
    }

    /// ``write(_:scene:options:)`` as UTF-8 bytes, written into one buffer (no `String` on the way).
    public static func bytes(_ list: DisplayList, scene: Scene, options: Options = Options()) -> [UInt8] {
        bytes(list, scene: scene, keepGroups: options.keepGroups, split: options.split) { out in
            if let overlay = options.overlay {
                out.append(contentsOf: overlay.utf8)
                if !overlay.hasSuffix("\n") { out.append(0x0A) }
            }
        }
    }
}

/// The state of writing one document: a first walk over the body makes the definitions it
/// uses (clip variants, masks), so that the `<defs>` can be assembled before the body is written.
struct FlatWriter {
    let list: DisplayList
    let scene: Scene
    /// Markup written right after the root start tag, before the `<defs>` (the debug SVG's
    /// document title).
    var afterRootTag: [UInt8] = []
    /// Rewrites the root start tag (through its `>` and newline) before `afterRootTag` (the
    /// debug SVG's display size); nil keeps it.
    var editRootTag: (([UInt8]) -> [UInt8])?
    var defs: [UInt8] = []
    /// Ids that generated ids must avoid (every id inside resources, `lamina-…` ids in content).
    var reserved: Set<String> = []
    /// Whether `reserved` has the content's ids: looked for when the first id is generated (most
    /// drawings generate none, and looking cost 2 % of converting 5,000 texts).
    var reservedContentIDs = false
    /// The ids generated while the content's ids are looked for on another thread
    /// (``makeIDsCheckingXlink(keepGroups:threads:)``); nil otherwise.
    var generatedAhead: [String]?
    var nextClip = 1
    var nextMask = 1
    /// Clip variant ids by (node, space group or -1).
    var clipIDs = ClipIDTable(nodes: 0)
    var maskIDs: [Int: String] = [:]
    /// Clip definitions by their text after the id, so identical ones share an id.
    var clipDefs: [ClipText: String] = [:]
    /// Map from each space-establishing group's space to output space (by group index).
    var spaceToOutput: [Int: AffineTransform] = [:]
    /// The innermost space-establishing group at or above each group.
    var spaceOf: [Int?] = []
    /// Each group's number of enclosing groups (its index in the chain of open groups).
    var groupDepth: [Int] = []
    /// `--keep-groups` only: each layer's number of painted ancestors (by `LayerID.index`).
    var layerDepth: [Int] = []
    /// `--keep-groups` only: the compositing group of each layer that has one (by `LayerID.index`).
    var groupOfLayer: [Int: Int] = [:]
    /// `--keep-groups` only: the layers whose group ``splitsMasks(_:)`` (by `LayerID.index`).
    var layersSplittingMasks: Set<Int> = []
    /// `--keep-groups` only: the `id` of each named layer's group (by `LayerID.index`), made
    /// unique in the walk that makes the ids.
    var layerGroupIDs: [Int: String] = [:]
    /// `--keep-groups` only: the ids layer groups must avoid (resources, content, groups so far).
    var layerIDsTaken: Set<String> = []
    /// The most items a clip run went on for after an item that opened one, in the walk that
    /// makes the ids (``prepareClipRunIndex(chunkItems:)``).
    var longestClipScan = 0
    /// Where clip runs change, when they are long (``prepareClipRunIndex(chunkItems:)``).
    var clipRuns: ClipRunIndex?

    /// Clip ids by key: each node's first key in an array by node index (most nodes are
    /// written in one space only: no hashing, no probing), any further key in a dictionary.
    struct ClipIDTable {
        private var first: [(space: AffineTransform?, stop: Int?, id: String)?]
        private var others: [ClipKey: String] = [:]

        init(nodes: Int) { first = Array(repeating: nil, count: max(0, nodes)) }

        /// The id of `key`; set once per key (an id is never removed).
        subscript(key: ClipKey) -> String? {
            get {
                if key.node >= 0, key.node < first.count {
                    guard let e = first[key.node] else { return nil }
                    if e.space == key.space, e.stop == key.stop { return e.id }
                }
                return others[key]
            }
            set {
                guard let id = newValue else { return }
                if key.node >= 0, key.node < first.count {
                    if let e = first[key.node] {
                        if e.space == key.space, e.stop == key.stop {
                            first[key.node] = (key.space, key.stop, id)
                            return
                        }
                    } else {
                        first[key.node] = (key.space, key.stop, id)
                        return
                    }
                }
                others[key] = id
            }
        }
    }

    struct ClipKey: Hashable {
        var node: Int
        var space: AffineTransform?
        /// The outer node where the written chain stops (already in force around it), or nil.
        var stop: Int? = nil

        /// The node and stop only: a node is rarely written in more than one space, and the six
        /// numbers of the space were most of the hashing (equality still compares them).
        func hash(into h: inout Hasher) {
            h.combine(node)
            h.combine(stop ?? -1)
        }
    }

    init(list: DisplayList, scene: Scene) {
        self.list = list
        self.scene = scene
        for r in scene.resources { Self.collectIDs(in: r.xml, into: &reserved) }
        // Groups are numbered parents first, so one forward pass resolves every space.
        spaceOf = Array(repeating: nil, count: list.groups.count)
        for (i, g) in list.groups.enumerated() {
            let outerSpace = g.parent.flatMap { $0 < i ? spaceOf[$0] : nil }
            guard let s = g.space else {
                spaceOf[i] = outerSpace
                continue
            }
            spaceOf[i] = i
            let outer = outerSpace.flatMap { spaceToOutput[$0] } ?? .identity
            spaceToOutput[i] = s.concatenating(outer)
        }
        groupDepth = Self.depths(count: list.groups.count) { list.groups[$0].parent }
        // A clip node is written once (or a few times) in most drawings: its first id by node,
        // and room for as many definitions as nodes, so that a drawing clipping every shape does
        // not regrow (and rehash) the tables as it goes (a fifth of writing a 30,000-quad plot).
        clipIDs = ClipIDTable(nodes: list.clips.count)
        clipDefs.reserveCapacity(list.clips.count)
    }

    /// Sets up what `--keep-groups` walks need (layer depths, each layer's group).
    mutating func prepareLayerGroups() {
        let parents = list.pathParents
        layerDepth = Self.depths(count: parents.count) { parents[$0]?.index }
        for (i, g) in list.groups.enumerated() {
            groupOfLayer[g.layer.index] = i
            if Self.splitsMasks(g) { layersSplittingMasks.insert(g.layer.index) }
        }
        layerIDsTaken = reserved
        for i in 0..<scene.tree.count {
            scene.tree.withContentPointer(of: LayerID(i)) { content in
                guard case .svg(let xml) = content.pointee.shape else { return }
                Self.collectIDs(in: xml, into: &layerIDsTaken)
            }
        }
    }

    /// The depth of each node of a forest given by parent links (0 for a root), iteratively;
    /// -1 for a node on a cycle or under a parent index out of range.
    static func depths(count: Int, parent: (Int) -> Int?) -> [Int] {
        var depth = [Int](repeating: -2, count: count)  // -2: not known yet
        var path: [Int] = []
        for start in 0..<count where depth[start] == -2 {
            var cur = start
            var above = -1  // the depth of the parent of the path's last node (-1: it is a root)
            var broken = false
            while true {
                guard cur >= 0, cur < count, path.count <= count else { broken = true; break }
                if depth[cur] != -2 {
                    // Known (≥ 0), broken (-1) or on this path (-3: a cycle).
                    if depth[cur] >= 0 { above = depth[cur] } else { broken = true }
                    break
                }
                path.append(cur)
                depth[cur] = -3
                guard let p = parent(cur) else { break }
                cur = p
            }
            var d = above
            for n in path.reversed() {
                d += 1
                depth[n] = broken ? -1 : d
            }
            path.removeAll(keepingCapacity: true)
        }
        return depth
    }

    /// The innermost group at or above `g` that establishes a coordinate space.
    func spaceGroup(containing g: Int) -> Int? {
        g < spaceOf.count ? spaceOf[g] : nil
    }

    /// The map from output space into the user space of group `g`'s contents (nil: output space).
    func spaceInverse(_ g: Int?) -> AffineTransform? {
        g.flatMap { spaceGroup(containing: $0) }.flatMap { spaceToOutput[$0]?.inverted() }
    }

    /// Every `id` attribute's value in a piece of markup (`id="…"`, `id = '…'`).
    static func collectIDs(in xml: String, into set: inout Set<String>) {
        MarkupScan.attributeValues(named: "id", afterPrefix: false, in: xml) { set.insert($0) }
    }

    /// The ids of the form generated ids take (`lamina-…`) inside verbatim content (a text's or
    /// an image's markup keeps its `id`): a generated `lamina-clip-1` beside a
    /// `<text id="lamina-clip-1">` made `url(#lamina-clip-1)` name the text in resvg, which then
    /// drew nothing of what the clip held.
    static func generatedLookingIDs(in tree: LayerTree) -> Set<String> {
        generatedLookingIDs(in: tree, layers: 0..<tree.count)
    }

    /// ``generatedLookingIDs(in:)`` of the layers with indices in `layers`.
    static func generatedLookingIDs(in tree: LayerTree, layers: Range<Int>) -> Set<String> {
        var ids: Set<String> = []
        for i in layers.clamped(to: 0..<tree.count) {
            tree.withContentPointer(of: LayerID(i)) { content in
                // First a search for the prefix, which almost all markup fails, then the scan.
                guard case .svg(let xml) = content.pointee.shape, SVGMarkup.contains(xml, "lamina-") else { return }
                MarkupScan.attributeValues(named: "id", afterPrefix: false, in: xml) { id in
                    if id.hasPrefix("lamina-") { ids.insert(id) }
                }
            }
        }
        return ids
    }

    /// A fresh generated id that no resource or verbatim content uses.
    mutating func generatedID(_ prefix: String, counter: inout Int) -> String {
        if !reservedContentIDs {
            reservedContentIDs = true
            reserved.formUnion(Self.generatedLookingIDs(in: scene.tree))
        }
        while true {
            let id = "\(prefix)\(counter)"
            counter += 1
            if !reserved.contains(id) {
                generatedAhead?.append(id)
                return id
            }
        }
    }
}

/// The text of a clip definition as a dictionary key, hashed in one call over its bytes (an
/// array of bytes hashes byte by byte).
struct ClipText: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
