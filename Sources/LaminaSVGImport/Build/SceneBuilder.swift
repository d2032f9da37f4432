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
            useSize: (width: Length?, height: Length?)? = nil, clipFrame: Int = -1
        ) {
            self.element = element
            self.parent = parent
            self.parentStyle = style
            self.viewport = viewport
            self.context = context
            self.useSize = useSize
            self.clipFrame = clipFrame
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

        init(_ value: ComputedStyle, element: Int = -1) {
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
    var diagnostics: [Diagnostic] = []
    /// The warnings given so far, by element and message.
    var warned: Set<WarningKey> = []
    var layers = LayerTree()
    var pending: [PendingGeometry] = []
    /// Element index of each id (built on the first lookup).
    var ids: IDIndex
    var work: [Work] = []
    var clipFrames: [ClipFrame] = []
    /// Elements built so far, against the `use` fan-out cap.
    var built = 0
    let buildCap: Int
    var resources = ResourceCollector()
    /// `<filter>`s made for CSS filter functions, in order, and their ids by what they hold.
    var madeFilters: [Resource] = []
    /// The root `svg` has no `viewBox` and no absolute width or height: its size is its
    /// content's extent once built (``fitRootToContent(_:)``).
    var rootFitsContent = false
    /// The root `svg`'s own `transform`, its origin and font size (``placeRoot(_:)``).
    var rootTransform: (transform: AffineTransform, origin: TransformOrigin, fontSize: Double)?
    var madeFilterIDs: [MadeFilterKey: String] = [:]
    /// The number the next made `<filter>` is tried with (`lamina-filter-N`).
    var nextFilterNumber = 1
    /// Shapes whose context paint is a gradient or pattern (``contextServerResources()``).
    var contextServers: [ContextServerUse] = []
    /// Memoized `href` inheritance of gradients and patterns.
    var paintLinks = PaintServerLinks()
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
    /// (a clip path referenced from thousands of elements) has its data read once.
    var geometryMemo: [Int: ListGeometry] = [:]
    /// Each element's Lamina-namespace attributes, read once (``applyAuthoring(to:element:)``).
    var authoringMemo: [Int: [AuthoredAttribute]] = [:]
    /// Transforms of elements built outside the prefetch (`use` copies), read once each.
    var transformMemo: [Int: TransformResult] = [:]
    /// Cascaded declarations of elements styled more than once outside the prefetch.
    var declarationsMemo: [Int: [CascadedDeclaration]] = [:]
    /// Per element: ``styledOnce`` and ``urlsChecked``.
    var elementFlags: [UInt8] = []
    /// The threads the builder may use (the prefetch, the geometry pass).
    let threads: Int

    /// A builder for `tree`; with `threads` > 1 a large document's elements are prefetched
    /// (in blocks of `prefetchBlock` elements, by default as many as its size calls for; tests
    /// use small ones).
    init(
        tree: ElementTree, diagnostics: [Diagnostic], threads: Int = 1,
        prefetchBlock: Int? = nil
    ) {
        self.tree = tree
        self.threads = threads
        self.plainSVGInfo = Array(repeating: nil, count: tree.nameCount)
        var d = diagnostics
        self.cascade = StyleCascade(tree: tree, diagnostics: &d)
        self.diagnostics = d
        self.buildCap = tree.count + 1_000_000
        self.elementFlags = [UInt8](repeating: 0, count: tree.count)
        let ids = IDIndex(tree: tree)
        self.ids = ids
        let targets = tree.indices.map { Int32(Self.resolveUseTarget($0, tree: tree, ids: ids) ?? -1) }
        self.useGraph = UseGraph(tree: tree, targets: targets)
        self.prefetch = ElementPrefetch.make(
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
        // Backed ahead for one layer per element; the room for clip layers faults in if used.
        Prefault.populate(
            [Prefault.reservedTail(of: &layers.layers, upTo: tree.count), Prefault.reservedTail(of: &pending, upTo: tree.count)]
                .compactMap { $0 })
        let root = try buildRoot()
        while let w = work.popLast() {
            if w.nextSlot >= 0 {
                nextChild(w)
            } else {
                try process(w)
            }
        }
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
        return Scene(tree: layers, root: root, resources: collected)
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
        work = []
        clipFrames = []
        useGraph = UseGraph(tree: tree, targets: [])
    }

    mutating func warn(_ message: String, _ element: Int) {
        // Once per element and message: an element instanced by many `use`s (or clip paths)
        // would otherwise repeat it per copy (262,144 identical lines in one fuzzed file).
        guard warned.insert(WarningKey(element: element, message: message)).inserted else { return }
        diagnostics.append(.warning(message, at: tree.location(of: element)))
    }

    /// The computed style of `element` under a parent style, with its declarations.
    /// References to other files in `url()` values are reported (they draw their fallback).
    mutating func computeStyle(_ element: Int, parent: ComputedStyle) -> (ComputedStyle, [CascadedDeclaration]) {
        let declarations = cascadedDeclarations(of: element)
        // Once per element (its warnings are given once anyway).
        if elementFlags[element] & Self.urlsChecked == 0 {
            elementFlags[element] |= Self.urlsChecked
            warnExternalURLs(declarations, element: element)
        }
        return (parent.child(cascaded: declarations), declarations)
    }

    /// The cascaded declarations of `element`: the prefetch's, or the cascade's, remembered from
    /// the second request on (an element instanced by `use` or `clip-path` is styled once per
    /// copy; a 4 KB clip-path fan-out spent two thirds of its 8 s there and in the `url()` scan).
    mutating func cascadedDeclarations(of element: Int) -> [CascadedDeclaration] {
        if let known = prefetch?.declarations(element) ?? declarationsMemo[element] { return known }
        let declarations = cascade.cascaded(for: element)
        if elementFlags[element] & Self.styledOnce != 0 {
            declarationsMemo[element] = declarations
        } else {
            elementFlags[element] |= Self.styledOnce
        }
        return declarations
    }

    /// ``elementFlags`` bits: declarations computed once; `url()` values checked.
    static let styledOnce: UInt8 = 1
    static let urlsChecked: UInt8 = 2

    /// ``computeStyle(_:parent:)`` of a work item's element under its parent style; `inDocument`
    /// when that parent style is the element's document parent's own, so that the result is
    /// the element's document style (then taken from the prefetch when it has it).
    mutating func computeStyle(of w: Work) -> (style: ComputedStyle, declarations: [CascadedDeclaration], inDocument: Bool) {
        let inDocument = w.parentStyle.element >= 0 && w.parentStyle.element == tree.parent(w.element)
        if inDocument, let (style, declarations, mayReferenceOtherFiles) = prefetch?.style(w.element) {
            // Once per element, as ``computeStyle(_:parent:)`` warns.
            if elementFlags[w.element] & Self.urlsChecked == 0 {
                elementFlags[w.element] |= Self.urlsChecked
                if mayReferenceOtherFiles { warnExternalURLs(declarations, element: w.element) }
            }
            return (style, declarations, true)
        }
        let (style, declarations) = computeStyle(w.element, parent: w.style)
        return (style, declarations, inDocument)
    }

    /// Warns about references to other files in the `url()` values of `declarations`.
    mutating func warnExternalURLs(_ declarations: [CascadedDeclaration], element: Int) {
        for d in declarations where Self.holdsParenthesis(d.value) {
            warnExternalURLs(d.value, element: element)
        }
    }

    /// Whether ``warnExternalURLs(_:element:)`` may warn about `declarations`: some value holds
    /// `(` and a `url(` that may not point into this document (false for the `url(#id)`
    /// references of most drawings, so the builder skips them).
    static func mayReferenceOtherFiles(_ declarations: [CascadedDeclaration]) -> Bool {
        declarations.indices.contains {
            holdsParenthesis(declarations[$0].value) && !allURLsLocal(declarations[$0].value)
        }
    }

    /// Whether `value` holds `(`, scanned as contiguous bytes (a character-view scan of a
    /// small string costs several times more).
    static func holdsParenthesis(_ value: String) -> Bool {
        value.utf8.withContiguousStorageIfAvailable { $0.contains(0x28) } ?? value.utf8.contains(0x28)
    }

    /// Warns about each `url(…)` in a value that does not point into this document.
    mutating func warnExternalURLs(_ value: String, element: Int) {
        if Self.allURLsLocal(value) { return }
        var rest = value[...]
        while let r = rest.firstRange(of: "url(") {
            let inner = rest[r.upperBound...]
            guard let close = inner.firstIndex(of: ")") else { break }
            let target = inner[..<close].trimmingCharacters(in: " \t\n\r\"'")
            if !target.hasPrefix("#") { warn("external reference '\(target.prefix(80))' dropped", element) }
            rest = inner[close...]
        }
    }

    /// True when every `url(` in the text is followed (after spaces and quotes) by `#`: then
    /// `warnExternalURLs` has nothing to say (a byte scan instead of its text search). False
    /// whenever unsure, so the full check decides.
    static func allURLsLocal(_ value: String) -> Bool {
        let u = value.utf8
        // Only plain ASCII without CR (CR LF is one character) scans the same as characters.
        if u.contains(where: { $0 >= 0x80 || $0 == 0x0D }) { return false }
        var i = u.startIndex
        while let p = u[i...].firstIndex(of: UInt8(ascii: "(")) {
            // `url(` ends at this parenthesis.
            let d = u.distance(from: u.startIndex, to: p)
            if d >= 3 {
                let a = u[u.index(p, offsetBy: -3)], b = u[u.index(p, offsetBy: -2)], c = u[u.index(p, offsetBy: -1)]
                if a == UInt8(ascii: "u"), b == UInt8(ascii: "r"), c == UInt8(ascii: "l") {
                    var j = u.index(after: p)
                    while j < u.endIndex, [0x20, 0x09, 0x0A, 0x0D, 0x22, 0x27].contains(u[j]) { j = u.index(after: j) }
                    guard j < u.endIndex, u[j] == UInt8(ascii: "#") else { return false }
                    // Anything after the `#` up to `)` belongs to this reference; a further
                    // `url(` inside it is left to the full check.
                    if let close = u[j...].firstIndex(of: UInt8(ascii: ")")) {
                        if u[j..<close].contains(UInt8(ascii: "(")) { return false }
                        i = u.index(after: close)
                        continue
                    }
                    return true
                }
            }
            i = u.index(after: p)
        }
        return true
    }

    /// The style an element has in the document itself (used for clip paths, paint servers
    /// and markers, which inherit from where they are defined, not from where they are used).
    mutating func documentStyle(of element: Int) -> ComputedStyle {
        if let s = documentStyles[element] { return s }
        var chain: [Int] = []
        var cur: Int? = element
        while let c = cur, documentStyles[c] == nil {
            chain.append(c)
            cur = tree[c].parent
        }
        var style = cur.flatMap { documentStyles[$0] } ?? ComputedStyle.initial
        for c in chain.reversed() {
            style = computeStyle(c, parent: style).0
            documentStyles[c] = style
        }
        return style
    }

    /// Queues the child elements of `element` (in order) under `parent`.
    ///
    /// One cursor item stands for all of them: each time it is popped it queues itself for the
    /// next sibling and then the child on top, so the children are built in the same order as
    /// if all were queued at once, but the queue stays as small as the tree is deep.
    mutating func pushChildren(
        of element: Int, _ w: Work, parent: LayerID, style: ComputedStyle, viewport: Size, documentStyle: Bool = false
    ) {
        let slots = tree.contentSlots(element)
        guard !slots.isEmpty else { return }
        let box = StyleBox(style, element: documentStyle ? element : -1)
        var cursor = Work(
            element: element, parent: parent, style: box, viewport: viewport, context: w.context,
            clipFrame: w.clipFrame)
        cursor.nextSlot = slots.lowerBound
        work.append(cursor)
    }

    /// Pops the next child element of a cursor item: re-queues the cursor after it (when more
    /// content follows), then queues the child.
    mutating func nextChild(_ cursor: consuming Work) {
        let end = tree.contentSlots(cursor.element).upperBound
        guard let (slot, child) = tree.nextChildElement(from: cursor.nextSlot, end: end) else { return }
        // One copy: the cursor itself goes back on the stack as the rest of the children.
        var next = copy cursor
        next.element = child
        next.nextSlot = -1
        if slot + 1 < end {
            cursor.nextSlot = slot + 1
            work.append(cursor)
        }
        work.append(next)
    }

    /// The element an id refers to.
    func element(id: String) -> Int? { ids[id] }
}

/// One warning about one element (``SceneBuilder/warn(_:_:)`` gives each once).
struct WarningKey: Hashable {
    var element: Int
    var message: String
}
