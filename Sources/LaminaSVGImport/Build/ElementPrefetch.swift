import Dispatch
import LaminaCore
import LaminaGeometry
import Synchronization

/// The part of building an element that does not depend on where it is built (its parent's
/// style, the viewport, a `use` instance): the cascade's declarations, the `transform`, and the
/// geometry of `path`, `polygon` and `polyline`, the id, class, title and attribute facts its
/// layer takes; and its computed style where it stands in the document (under its document
/// parent's). About half of the builder's work on a drawing.
///
/// `ElementPrefetch` computes it on a second thread for the elements just ahead of the builder.
/// The builder walks the document mostly in element order, so the elements are cut into blocks
/// of ``blockSize`` (1,024 by default): when the builder first asks for an element of block
/// `b + 1` (its block being `b`), it takes that block and starts block `b + 2`. A block is
/// filled in chunks that the worker and the builder claim in turn: a builder that reaches an
/// entry not filled yet fills the next unclaimed chunk itself instead of waiting (on a drawing
/// the worker's part is the slower one), see ``Block``. Requests outside the current
/// block (clip paths, `use` targets, paint servers) get nil and are computed on the spot; a run
/// of requests further ahead (a large skipped `defs`) moves the blocks there. Nothing is computed before the builder walks through a block
/// (a symbols-only sprite, whose elements are never built, costs nothing), and nothing is
/// waited for after its last request. Every entry is a pure function of the document, so the
/// scene and its diagnostics are the same with or without the prefetch, and at most two blocks
/// exist at once.
final class ElementPrefetch {
    /// Elements per block, by default.
    static let defaultBlockSize = 1024
    /// The fewest elements per block: below, a block costs more to hand over than it saves.
    static let smallestBlockSize = 128

    /// The block size for a document of `count` elements: ``defaultBlockSize``, or an eighth of
    /// a smaller document (at least ``smallestBlockSize``), so that one of a few thousand
    /// elements (a map of 2,500 paths) is prefetched too.
    static func blockSize(forElements count: Int) -> Int {
        min(defaultBlockSize, max(smallestBlockSize, count / 8))
    }
    /// Elements per chunk of a block, by default (a power of two; see ``Block``).
    static let defaultChunk = 64
    /// Requests this many blocks ahead, this many times in a row, move the blocks there.
    static let jumpAfter = 32

    /// Elements per block.
    let blockSize: Int
    private let tree: ElementTree
    private let cascade: StyleCascade
    private let blockCount: Int
    /// Elements per chunk (see ``Block``).
    let chunk: Int
    /// Whether the worker fills blocks (false in tests only: the builder then fills each).
    private let workerFills: Bool
    /// The block the builder is in (-2 before its first request), its entries when filled,
    /// and the block after it.
    private var currentIndex = -2
    private var current: Block?
    /// The first entry of `current` (nil without entries), and the element up to which its
    /// entries are known to be filled.
    private var currentFirst: UnsafePointer<Entry>?
    private var currentFilled = 0
    private var next: Block?
    /// The block the builder left last, freed by the worker that fills the next block: its
    /// entries (a style and a declaration list per element) then cost the builder nothing.
    private var retired: Block?
    private var aheadRun = 0
    /// The element last asked about (-1 when none) and where its entry is (nil when not
    /// prefetched): see ``entryAddress(_:)``.
    private var lastElement = -1
    private var lastAddress: UnsafePointer<Entry>?
    /// Requests in the current block so far, and how many start the filling of the next.
    private var requestsHere = 0
    private let startAfter: Int
    /// The document styles of the ancestors blocks start under, shared by the blocks.
    private let ancestors = AncestorStyles()
    /// The blocks' entries' memory, reused from block to block.
    private let buffers: EntryBuffers
    /// How many chunks the builder filled itself (for the tests).
    package private(set) var chunksTaken = 0
    /// How many blocks' entries' memory was allocated, not reused (for the tests).
    var entryBuffersMade: Int { buffers.made }

    /// A prefetch over `tree`, or nil when only one thread may be used or the document has
    /// fewer than four blocks of elements (then the thread would cost more than it saves).
    /// Tests set `chunk`, and `workerFills` false to have the builder fill every chunk.
    static func make(
        tree: ElementTree, cascade: StyleCascade, threads: Int, blockSize: Int = defaultBlockSize,
        chunk: Int = defaultChunk, workerFills: Bool = true
    ) -> ElementPrefetch? {
        guard threads > 1, blockSize > 0, tree.count >= 4 * blockSize else { return nil }
        return ElementPrefetch(tree: tree, cascade: cascade, blockSize: blockSize, chunk: chunk, workerFills: workerFills)
    }

    private init(tree: ElementTree, cascade: StyleCascade, blockSize: Int, chunk: Int, workerFills: Bool) {
        self.tree = tree
        self.cascade = cascade
        self.blockSize = blockSize
        self.chunk = chunk
        self.workerFills = workerFills
        self.blockCount = (tree.count + blockSize - 1) / blockSize
        self.startAfter = blockSize / 32
        self.buffers = EntryBuffers(capacity: blockSize)
    }

    /// Where the entry of `element` is, when prefetched. The builder asks about an element
    /// several times in a row (its style, transform, geometry and layer facts): the element
    /// last asked about is answered from ``lastAddress`` without finding its block again.
    /// The address is valid until the next request of another element (which may leave the
    /// block) or ``finish()``, and is read at once by the accessors (`ElementPrefetch+Entry.swift`).
    @inline(__always)
    func entryAddress(_ element: Int) -> UnsafePointer<Entry>? {
        if element == lastElement { return lastAddress }
        let p = locate(element)
        lastElement = element
        lastAddress = p
        return p
    }

    /// The entry of `element` in its filled block, or nil when the element is not in the
    /// builder's current block or that block is built without entries.
    ///
    /// The first request anchors the blocks: its block is built without entries (no waiting
    /// for a worker). Once the builder has asked for ``startAfter`` elements of its block (it is
    /// walking through it, not looking up a few definitions) the next block is filled. A request
    /// in the next block moves on; a run of ``jumpAfter`` requests further ahead (a large
    /// skipped `defs`) anchors anew there.
    private func locate(_ element: Int) -> UnsafePointer<Entry>? {
        let b = element / blockSize
        if b == currentIndex {
            aheadRun = 0
            requestsHere += 1
            if requestsHere >= startAfter, next == nil { next = start(b + 1) }
            if element < currentFilled { return currentFirst.unsafelyUnwrapped + (element - b * blockSize) }
            guard let c = current else { return nil }
            // The entry may not be filled yet: the next block is started first (so that the
            // worker goes on to it), and the builder fills chunks itself rather than wait.
            if next == nil { next = start(b + 1) }
            let offset = element - c.range.lowerBound
            chunksTaken += c.waitFor(offset >> c.chunkShift, then: next, tree: tree, cascade: cascade, ancestors: ancestors)
            // Entries are not changed once filled: their storage stays where it is while the
            // block is current (it holds the block).
            currentFirst = UnsafePointer(c.entries)
            currentFilled = c.range.lowerBound + c.filledPrefix
            return UnsafePointer(c.entries + offset)
        }
        if b == currentIndex + 1 {
            // The builder has moved on: the current block is done with.
            enter(b, filled: next)
            return locate(element)
        }
        if b > currentIndex + 1 {
            aheadRun += 1
            if currentIndex < 0 || aheadRun >= Self.jumpAfter {
                aheadRun = 0
                enter(b, filled: nil)
                return locate(element)
            }
        }
        return nil
    }

    /// Makes block `b` the builder's current block, with its entries when `filled`.
    private func enter(_ b: Int, filled: Block?) {
        currentIndex = b
        if let left = current {
            left.abandon()
            retired = left
        }
        if let skipped = next, skipped !== filled { skipped.abandon() }
        current = filled
        currentFirst = filled.map { UnsafePointer($0.entries) }
        currentFilled = 0
        next = nil
        requestsHere = 0
    }

    /// Drops the blocks (a worker still filling a chunk finishes it on its own, unwaited, and
    /// claims no more). They are freed on a worker thread, as the blocks the builder leaves
    /// are: their entries were made there (in a document of a few thousand elements the last
    /// blocks hold a quarter of them).
    func finish() {
        let left = (current, next, retired)
        current?.abandon()
        next?.abandon()
        current = nil
        next = nil
        retired = nil
        currentIndex = -2
        currentFirst = nil
        currentFilled = 0
        lastElement = -1
        lastAddress = nil
        if left.0 != nil || left.1 != nil || left.2 != nil {
            DispatchQueue.global().async { withExtendedLifetime(left) {} }
        }
    }

    /// Starts filling block `index` on a worker thread (nil past the last block).
    private func start(_ index: Int) -> Block? {
        guard index >= 0, index < blockCount else { return nil }
        let tree = self.tree, cascade = self.cascade, ancestors = self.ancestors
        let block = Block(index: index, range: (index * blockSize)..<min(tree.count, (index + 1) * blockSize), chunk: chunk, buffers: buffers)
        let left = retired
        retired = nil
        guard workerFills else { return block }
        DispatchQueue.global().async {
            while let k = block.claim() { block.fill(k, tree: tree, cascade: cascade, ancestors: ancestors) }
            // Released here, after the builder's next block is filled.
            withExtendedLifetime(left) {}
        }
        return block
    }

    /// The document styles of elements that blocks start under, computed once: every block
    /// under a group needs the group's style, and computing it again per block parsed a
    /// 40,000-declaration `style` once per 1,024 children (a 6 MB file of 200,000 rects took
    /// 0.75 s of CPU for 0.5 s of rects; larger ones grow as the style × the children).
    final class AncestorStyles: Sendable {
        private let styles = Mutex<[Int: ComputedStyle]>([:])
        /// Past this many, the styles are forgotten and computed again as needed.
        static let limit = 4096

        /// The known styles of `elements`, nil where not known.
        func known(_ elements: [Int]) -> [ComputedStyle?] {
            styles.withLock { s in elements.map { s[$0] } }
        }

        /// Remembers the styles of some elements.
        func remember(_ found: [(Int, ComputedStyle)]) {
            guard !found.isEmpty else { return }
            styles.withLock { s in
                // The storage is kept: grown again from empty, the table took new memory at
                // every doubling, each time the limit was reached (1,107 page faults at
                // deep-1e5 → SVG; 379 with the storage kept).
                if s.count + found.count > Self.limit { s.removeAll(keepingCapacity: true) }
                for (e, style) in found { s[e] = style }
            }
        }
    }

    /// The entries of a range of elements, exactly as the builder would compute them; the
    /// styles of the range's ancestors come from and go to `ancestors` when given.
    static func compute(
        _ range: Range<Int>, tree: ElementTree, cascade: StyleCascade, ancestors: AncestorStyles? = nil
    ) -> [Entry] {
        [Entry](unsafeUninitializedCapacity: range.count) { entries, made in
            guard let first = entries.baseAddress else { return }
            compute(range, into: first, tree: tree, cascade: cascade, ancestors: ancestors)
            made = range.count
        }
    }

    /// ``compute(_:tree:cascade:ancestors:)`` made in place: initializes `range.count` entries
    /// from `first`.
    static func compute(
        _ range: Range<Int>, into first: UnsafeMutablePointer<Entry>, tree: ElementTree, cascade: StyleCascade,
        ancestors: AncestorStyles? = nil
    ) {
        let roles = cascade.attributeRoles
        // Document styles of the ancestors of the first element, from the root down (the
        // elements are in document order: every parent before the range is such an ancestor).
        var chain: [Int] = []
        var p = range.isEmpty ? nil : tree.parent(range.lowerBound)
        while let a = p {
            chain.append(a)
            p = tree.parent(a)
        }
        // Each ancestor's index in `outsideStyles`.
        var outside: [Int: Int] = [:]
        var outsideStyles: [ComputedStyle] = []
        var style = ComputedStyle.initial
        let known = ancestors?.known(chain) ?? []
        var found: [(Int, ComputedStyle)] = []
        // This block's lists share the memory of one arena (a few allocations a block).
        var arena = CascadeArena()
        for (k, a) in chain.enumerated().reversed() {
            if k < known.count, let s = known[k] {
                style = s
            } else {
                style = style.child(cascaded: cascade.cascaded(for: a, in: &arena))
                found.append((a, style))
            }
            outside[a] = outsideStyles.count
            outsideStyles.append(style)
        }
        ancestors?.remember(found)
        // The parent outside the range asked about last and its index in `outsideStyles`: the
        // elements of a block mostly share one (a dictionary look-up each cost ~130 instructions).
        var lastOutside = -1, lastOutsideIndex = 0
        let styleOffset = MemoryLayout<Entry>.offset(of: \Entry.style).unsafelyUnwrapped
        // The entries are made in place, so that a parent's style is read where it is (an entry
        // of this range, or an ancestor's), not copied: through the arrays' subscripts each was
        // copied once more than the child's own copy, and that copy destroyed (~160
        // instructions an element).
        var made = 0
        outsideStyles.withUnsafeBufferPointer { outsideStyles in
            for e in range {
                let declarations = cascade.cascaded(for: e, in: &arena)
                let style: ComputedStyle
                if let q = tree.parent(e), q >= range.lowerBound {
                    // A parent comes before its children: its entry is made already.
                    let parent = (UnsafeRawPointer(first + (q - range.lowerBound)) + styleOffset)
                        .assumingMemoryBound(to: ComputedStyle.self)
                    style = ComputedStyle.child(of: parent, cascaded: declarations)
                } else if let q = tree.parent(e), let k = q == lastOutside ? lastOutsideIndex : outside[q] {
                    lastOutside = q
                    lastOutsideIndex = k
                    style = ComputedStyle.child(of: outsideStyles.baseAddress.unsafelyUnwrapped + k, cascaded: declarations)
                } else {
                    style = ComputedStyle.initial.child(cascaded: declarations)
                }
                (first + made).initialize(to: compute(e, tree: tree, roles: roles, declarations: consume declarations, style: style))
                made += 1
            }
        }
    }

    /// The entry of one element with its cascaded declarations and document style.
    /// (`declarations` is consumed, read before it is moved into the entry: a borrowed list was
    /// copied into the entry, its storage retained, and released after: two atomic operations an
    /// element, on storage the builder's thread retains and releases too.)
    static func compute(
        _ element: Int, tree: ElementTree, roles: AttributeRoles, declarations: consuming CascadedList,
        style: consuming ComputedStyle
    ) -> Entry {
        let transform = SceneBuilder.transformResult(in: tree, element, declarations)
        var geometry: SceneBuilder.ListGeometry?
        switch tree.kind(element) {
        case .path, .polygon, .polyline: geometry = SceneBuilder.listGeometry(in: tree, roles: roles, element)
        default: geometry = nil
        }
        let mayReferenceOtherFiles = SceneBuilder.mayReferenceOtherFiles(declarations)
        return Entry(
            declarations: declarations, style: style, transform: transform, geometry: geometry,
            layerFacts: SceneBuilder.layerFacts(in: tree, roles: roles, element),
            mayReferenceOtherFiles: mayReferenceOtherFiles)
    }
}
