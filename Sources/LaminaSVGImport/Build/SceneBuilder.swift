import LaminaCore

/// Turns an ``ElementTree`` into a ``Scene``: one layer per group, `use`, viewport and
/// drawable element (SPEC §5). Every walk uses explicit stacks: nesting depth never reaches
/// the call stack.
struct SceneBuilder {
    /// Where an element being built sits: inside a clip path, or instanced by a `use`.
    enum Context: Equatable {
        case normal
        /// A child of a `clipPath` (only shapes, text and `use` of those draw).
        case clip
    }

    /// One element waiting to be built under `parent`.
    struct Work {
        var element: Int
        var parent: LayerID
        /// The computed style of the element's (instance) parent, shared by its siblings.
        var parentStyle: StyleBox
        /// The nearest viewport's size, for percentages.
        var viewport: Size
        var context: Context
        /// Width and height a `use` gives the `svg` or `symbol` it instances.
        var useSize: (width: Length?, height: Length?)?
        /// The innermost clip path being built around this element, or -1.
        var clipFrame = -1
        /// -1 for an element to build; otherwise this item stands for the children of `element`
        /// from content slot `nextSlot` on, queued one at a time (see `pushChildren`).
        var nextSlot = -1

        /// The computed style of the element's (instance) parent.
        var style: ComputedStyle {
            // Borrowed from the shared box: reading it copies no style.
            _read { yield parentStyle.value }
            set { parentStyle = StyleBox(newValue) }
        }

        init(
            element: Int, parent: LayerID, style: StyleBox, viewport: Size, context: Context,
            useSize: (width: Length?, height: Length?)? = nil, clipFrame: Int = -1, nextSlot: Int = -1
        ) {
            self.element = element
            self.parent = parent
            self.parentStyle = style
            self.viewport = viewport
            self.context = context
            self.useSize = useSize
            self.clipFrame = clipFrame
            self.nextSlot = nextSlot
        }

        init(
            element: Int, parent: LayerID, style: ComputedStyle, viewport: Size, context: Context,
            useSize: (width: Length?, height: Length?)? = nil, clipFrame: Int = -1
        ) {
            self.init(
                element: element, parent: parent, style: StyleBox(style), viewport: viewport, context: context,
                useSize: useSize, clipFrame: clipFrame)
        }
    }

    /// A computed style shared by reference, so that queuing the children of a group does not
    /// copy the (large) style once per child.
    final class StyleBox {
        let value: ComputedStyle
        /// The element whose own document style (see ``ElementPrefetch/Entry/style``) this is,
        /// or -1: its children may then take their prefetched styles.
        let element: Int

        /// `value` is moved into the box (a group's style, made for it, is not copied).
        init(_ value: consuming ComputedStyle, element: Int = -1) {
            self.value = value
            self.element = element
        }
    }

    /// A clip path being built: its element and the clip path around it.
    struct ClipFrame {
        var clip: Int
        var parent: Int
    }

    /// The document; released (with the cascade) once every layer and resource is built.
    private(set) var tree: ElementTree
    private(set) var cascade: StyleCascade
    /// Whether some element has a conditional processing attribute (``conditionsHold(_:)``).
    let hasConditionalAttributes: Bool
    /// Whether some element has a `pathLength` attribute (else no shape looks for one).
    let hasPathLength: Bool
    var diagnostics: [Diagnostic] = []
    /// The warnings given so far, by element and message.
    var warned: Set<WarningKey> = []
    var layers = LayerTree()
    /// Where the layers' contents are built and kept, side by side (``ContentSlab``).
    var contentSlab = ContentSlab()
    var pending: [PendingGeometry] = []
    /// Element index of each id (built on the first lookup).
    var ids: IDIndex
    var work: [Work] = []
    var clipFrames: [ClipFrame] = []
    /// Mask layers of clip paths built once and copied for later hosts (``ClipTemplateKey``).
    var clipTemplates: [ClipTemplateKey: ClipTemplate] = [:]
    /// By mask layer, the layers of clip-path templates as built, kept before they were
    /// finalized (``keepTemplatesAsBuilt(from:)``): a copy takes these.
    var templatesAsBuilt: [Int: ClipTemplateLayers] = [:]
    /// Elements built so far, against the `use` fan-out cap.
    var built = 0
    let buildCap: Int
    var resources = ResourceCollector()
    /// The element whose subtree ``markup(of:parentStyle:viewport:asLayerContent:rootStyle:percentsOf:)``
    /// is writing: references to elements inside it are written with it, not as resources.
    var markupRoot: Int?
    /// The pattern whose children ``paintServerBody(_:)`` is writing one by one: references to
    /// elements inside it are written with it too (a gradient in the pattern's own `defs`).
    var markupScope: Int?
    /// `<filter>`s made for CSS filter functions, in order, and their ids by what they hold.
    var madeFilters: [Resource] = []
    /// The root `svg` has no `viewBox` and no absolute width or height: its size is its
    /// content's extent once built (``fitRootToContent(_:)``).
    var rootFitsContent = false
    /// The root element's font size, which `rem` is of (set by ``buildRoot()``; CSS `medium`
    /// before it).
    var rootFontSize: Double = 16
    /// The root `svg`'s own `transform`, its origin and font size (``placeRoot(_:)``).
    var rootTransform: (transform: AffineTransform, origin: TransformOrigin, fontSize: Double)?
    var madeFilterIDs: [MadeFilterKey: String] = [:]
    /// The number the next made `<filter>` is tried with (`lamina-filter-N`).
    var nextFilterNumber = 1
    /// Shapes whose context paint is a gradient or pattern (``contextServerResources()``).
    var contextServers: [ContextServerUse] = []
    /// Memoized `href` inheritance of gradients and patterns.
    var paintLinks = PaintServerLinks()
    /// The strongly connected component of each `<mask>` in the graph of mask references
    /// (``maskComponents()``), made when markup first writes a reference inside a mask.
    var maskComponents: [Int: Int]?
    /// `use` targets and the uses whose references form cycles.
    var useGraph: UseGraph
    /// Computed styles of elements outside the instance tree (clip paths, paint servers).
    var documentStyles: [Int: ComputedStyle] = [:]
    /// The cascade, transforms and path geometry of the elements ahead, computed on another
    /// thread (nil for small documents or one thread).
    var prefetch: ElementPrefetch?
    /// Per element name (``ElementTree/nameIndex(_:)``), the SVG facts of a layer whose element
    /// has no id, class, title or compositing facts, shared by every such layer (made on first use).
    var plainSVGInfo: [LayerBox<SVGInfo>?]
    /// The ``ListGeometry`` of each `path`, `polygon` and `polyline` built without the prefetch
    /// (clip path children, `use` targets, small documents): an element instanced many times
    /// (a clip path referenced from thousands of elements) has its data read twice, then
    /// remembered.
    var geometryMemo: [Int: ListGeometry] = [:]
    /// Each element's Lamina-namespace attributes, read once (``applyAuthoring(to:element:color:)``).
    var authoringMemo: [Int: [AuthoredAttribute]] = [:]
    /// What the properties of a markup root (a text, a resource) are compared with, as what
    /// the output document gives it: the defaults, and the root's `font-family` when the
    /// output's root carries it (``outputFontFamily(_:)``), so that a long family list set on
    /// the root is written once, not on every text.
    var markupBase: [String: String] = MarkupText.defaults
    /// The ids the markup written so far holds (a later copy of one leaves it out).
    var markupIDs: Set<String> = []
    /// Transforms of elements built outside the prefetch (`use` copies), read once each.
    var transformMemo: [Int: TransformResult] = [:]
    /// Cascaded declarations of elements styled more than once outside the prefetch.
    var declarationsMemo: [Int: CascadedList] = [:]
    /// Where the builder's own cascade puts each element's list (the prefetch has its own).
    var cascadeArena = CascadeArena()
    /// `xml:space` in effect inside an element (``xmlSpace(inside:)``): 0 none, 1 default, 2 preserve.
    var xmlSpaceMemo: [Int: UInt8] = [:]
    /// Per element, whether its box holds a text's (``boxHoldsRendererBox(_:)``); empty until asked.
    var rendererBoxMemo: [UInt8] = []
    /// Per clip path element, whether its chain has `objectBoundingBox` units
    /// (``clipUsesBoundingBox(_:)``); filled as asked.
    var clipBoxMemo: [Int: Bool] = [:]
    /// Per element: ``styledOnce``, ``urlsChecked`` and ``geometryOnce``.
    var elementFlags: [UInt8] = []
    /// The threads the builder may use (the prefetch, the geometry pass).
    let threads: Int
    /// What each attribute name of the document is to the per-element attribute passes.
    let attributeRoles: AttributeRoles
    /// Where the build splits in two halves (``buildQueue()``), or nil for one builder.
    let splitAt: (slot: Int, element: Int)?
    /// Where the queue's bottom item (the root's children) stops: the split point in the first
    /// half of a split build, else past every slot.
    var cursorEnd = Int.max
    /// In the second half of a split build, the key of each warning given, in order (the merge
    /// leaves out those the first half gave); nil otherwise.
    var warnLog: [WarningKey]?
    /// In the second half of a split build, each clip path whose mask layers it built (rather
    /// than copied), in order: a sequential build may have copied the first half's instead.
    var freshClips: [FreshClip]?
    /// Whether the build was split, and merged (for tests).
    var splitOutcome = SplitOutcome.none
    /// Who builds the second half of a split build (tests choose).
    var splitStart = SplitStart.either
    /// The size of a split build's second half (its layer records) from which its merge gives
    /// pages back (``mergeGivesBack``); tests lower it.
    var leanSplitFloor = SceneBuilder.leanSplitBytes
    /// How much of its own geometry each half of a split build finalizes while the other half
    /// builds (tests choose).
    var finalizesAhead = FinalizeAhead.whileWaiting
    /// The positions among the root's sublayers whose subtrees are finalized already (by a
    /// split build's halves, each while the other built), in increasing order:
    /// ``finalizeGeometry(root:threads:)`` leaves them out.
    var finalizedAhead: [Range<Int>] = []

    /// A builder for `tree`; with `threads` > 1 a document of `splitFloor` elements or more
    /// (by default ``splitFloor``; tests split small ones) is built in two halves at once
    /// (``buildQueue()``), else a large document's elements are prefetched (in blocks of
    /// `prefetchBlock` elements, by default as many as its size calls for; tests use small ones).
    init(
        tree: ElementTree, diagnostics: [Diagnostic], threads: Int = 1,
        prefetchBlock: Int? = nil, splitFloor: Int? = nil
    ) {
        self.tree = tree
        self.threads = threads
        self.plainSVGInfo = Array(repeating: nil, count: tree.nameCount)
        var d = diagnostics
        self.cascade = StyleCascade(tree: tree, diagnostics: &d)
        self.attributeRoles = cascade.attributeRoles
        self.diagnostics = d
        self.buildCap = tree.count + 1_000_000
        self.hasConditionalAttributes = Self.hasConditionalAttributes(tree)
        self.hasPathLength = tree.table.attributeNames.contains { $0.namespace == nil && $0.name == "pathLength" }
        self.elementFlags = [UInt8](repeating: 0, count: tree.count)
        let ids = IDIndex(tree: tree)
        self.ids = ids
        // Only a `use` has a target: the other elements (all but a few) are not resolved one by
        // one, which cost ~76 instructions each on this one-thread stretch before the build.
        var targets = [Int32](repeating: -1, count: tree.count)
        for e in tree.indices where tree.kind(e) == .use {
            targets[e] = Int32(Self.resolveUseTarget(e, tree: tree, ids: ids) ?? -1)
        }
        self.useGraph = UseGraph(tree: tree, targets: targets)
        // Not with conditional attributes: an element whose conditions fail counts against the
        // instancing cap when a clip path's template is copied, not when it is built again (the
        // second half builds what a sequential build copies), so the cap could be passed alone.
        let splits = threads > 1 && tree.count >= (splitFloor ?? Self.splitFloor) && !hasConditionalAttributes
        self.splitAt = splits ? Self.splitPoint(tree) : nil
        // The halves compute what the prefetch would: it runs only without a split.
        self.prefetch = splitAt != nil ? nil : ElementPrefetch.make(
            tree: tree, cascade: cascade, threads: threads,
            blockSize: prefetchBlock ?? ElementPrefetch.blockSize(forElements: tree.count))
    }

    /// Builds the whole scene from the root `svg` (element 0).
    mutating func build() throws(SVGImportError) -> Scene {
        try checkInstanceExpansion()
        // Clip paths add layers per reference: room for a quarter more, so that the (large)
        // arrays are not regrown and copied near the end; untouched reserved pages cost nothing.
        let room = tree.count + tree.count / 4 + 16
        layers.reserveCapacity(room)
        layers.sourcePositions.reserveCapacity(room)
        layers.sourceFile = tree.file
        pending.reserveCapacity(room)
        // Backed ahead for one layer per element (per element of the first half of a large
        // split build); the room for clip layers faults in if used.
        let ahead = backedAhead
        Prefault.populate(
            [Prefault.reservedTail(of: &layers.layers, upTo: ahead), Prefault.reservedTail(of: &pending, upTo: ahead)]
                .compactMap { $0 })
        let root = try buildRoot()
        try buildQueue()
        // Resources only read the document (finalizing only the layers): built first, so
        // that the document is freed before the geometry pass.
        prefetch?.finish()
        prefetch = nil
        var collected = buildResources()
        if contextServers.isEmpty {
            releaseDocument()
            finalizeGeometry(root: root, threads: threads)
        } else {
            // Context paint servers need the finalized boxes and the document.
            finalizeGeometry(root: root, threads: threads)
            collected += contextServerResources()
            releaseDocument()
        }
        if rootFitsContent { fitRootToContent(root) }
        placeRoot(root)
        // The tree is handed over, not shared: the builder may be released on another thread
        // while the caller lays the scene out, and a shared column would be copied by the
        // caller's first write.
        let tree = layers
        layers = LayerTree()
        return Scene(tree: tree, root: root, resources: collected)
    }

    /// Frees the element tree, the cascade and the per-element tables (only layers and
    /// diagnostics are needed from here on).
    private mutating func releaseDocument() {
        let file = tree.file
        tree = ElementTree(file: file, table: .empty)
        var none: [Diagnostic] = []
        cascade = StyleCascade(tree: tree, diagnostics: &none)
        ids = IDIndex(tree: tree)
        documentStyles = [:]
        geometryMemo = [:]
        authoringMemo = [:]
        transformMemo = [:]
        declarationsMemo = [:]
        elementFlags = []
        rendererBoxMemo = []
        clipBoxMemo = [:]
        work = []
        clipFrames = []
        clipTemplates = [:]
        templatesAsBuilt = [:]
        maskComponents = nil
        useGraph = UseGraph(tree: tree, targets: [])
    }

    mutating func warn(_ message: String, _ element: Int) {
        // Once per element and message: an element instanced by many `use`s (or clip paths)
        // would otherwise repeat it per copy (262,144 identical lines in one fuzzed file).
        let key = WarningKey(element: element, message: message)
        guard warned.insert(key).inserted else { return }
        warnLog?.append(key)
        diagnostics.append(.warning(message, at: tree.location(of: element)))
    }

    /// Queues the child elements of `element` (in order) under `parent`.
    ///
    /// One cursor item stands for all of them: each time it is on top of the queue it gives the
    /// next child (``buildNextChild()``), which is built before anything below it, so the children
    /// are built in the same order as if all were queued at once, but the queue stays as small
    /// as the tree is deep.
    ///
    /// `style` is moved into the box the children share, and the cursor made where it is queued:
    /// the copy of a group's style into its box, the destroy of the group's own, and a `Work` copy
    /// and destroy cost about 700 instructions a group.
    mutating func pushChildren(
        of element: Int, _ w: borrowing Work, parent: LayerID, style: consuming ComputedStyle, viewport: Size,
        documentStyle: Bool = false
    ) {
        let slots = tree.contentSlots(element)
        guard !slots.isEmpty else { return }
        // At most one layer per content item: the list is allocated once (most groups hold a few).
        layers.reserveSublayers(slots.count, of: parent)
        work.append(
            Work(
                element: element, parent: parent, style: StyleBox(style, element: documentStyle ? element : -1),
                viewport: viewport, context: w.context, clipFrame: w.clipFrame, nextSlot: slots.lowerBound))
    }

    /// Builds the next child element of the cursor item on top of the queue at once, as popping
    /// it next would have (one `Work` copy and two moves through the queue less): the cursor
    /// stays there, its slot advanced in place, while content follows the child, and is removed
    /// with the last one or when no child element is left.
    mutating func buildNextChild() throws(SVGImportError) {
        let top = work.count - 1
        // The bottom item's end is the split point in a split build's first half (until that
        // item goes: the next bottom item is a child's).
        let end = top == 0 ? min(tree.contentSlots(work[top].element).upperBound, cursorEnd) : tree.contentSlots(work[top].element).upperBound
        guard let (slot, child) = tree.nextChildElement(from: work[top].nextSlot, end: end) else {
            work.removeLast()
            if top == 0 { cursorEnd = .max }
            return
        }
        guard slot + 1 < end else {
            // The last child takes its cursor's item, removed from the queue (moved, not copied):
            // the style box passes over without a retain and a release.
            var last = work.removeLast()
            if top == 0 { cursorEnd = .max }
            last.element = child
            last.nextSlot = -1
            try process(last)
            return
        }
        // The child's item made field by field (its cursor's, but for the element), not copied
        // whole and patched: the outlined copy of a `Work` cost 62 instructions.
        let next = work.withUnsafeBufferPointer { items in
            let c = items.baseAddress! + top
            return Work(
                element: child, parent: c.pointee.parent, style: c.pointee.parentStyle, viewport: c.pointee.viewport,
                context: c.pointee.context, useSize: c.pointee.useSize, clipFrame: c.pointee.clipFrame)
        }
        work[top].nextSlot = slot + 1
        try process(next)
    }

    /// The element an id refers to.
    func element(id: String) -> Int? { ids[id] }
}

/// One warning about one element (``SceneBuilder/warn(_:_:)`` gives each once).
struct WarningKey: Hashable {
    var element: Int
    var message: String
}
