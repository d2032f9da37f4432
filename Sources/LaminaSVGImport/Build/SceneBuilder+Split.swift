import Dispatch
import Synchronization
import LaminaCore
#if canImport(Glibc)
import Glibc
#endif

/// A large document's build in two halves at once: the root's children from a split point on
/// are built on a second thread by a copy of the builder taken right after the root (its state
/// then is exactly the state a sequential build has there), the others on this thread; the
/// second half's layers and what else it made are then taken in as if it had run after the
/// first (``merge(_:at:)``). Whatever the second half did that a merge cannot carry over exactly
/// (a resource, a made filter, markup, context paint, an error) makes this builder build those
/// children itself, as a sequential build does: the output never depends on the split.
extension SceneBuilder {
    /// Documents of at least this many elements are built in two halves when a second thread
    /// may be used. `LAMINA_SPLIT_ELEMENTS` sets it, a testing knob (1 splits every document
    /// whose root has two children or more); the output never depends on it.
    static let splitFloor: Int = {
        if let value = getenv("LAMINA_SPLIT_ELEMENTS"), let n = Int(String(cString: value)), n >= 1 { return n }
        return 10_000
    }()

    /// Where the build splits: the content slot and element of the root's first child (after
    /// its first) at or past the middle of the document. Elements are in document order, a
    /// child's subtree the range up to its next sibling, so from that child on the root's
    /// children hold about half the document. Nil when the root has no such child.
    static func splitPoint(_ tree: ElementTree) -> (slot: Int, element: Int)? {
        guard tree.count > 0 else { return nil }
        let slots = tree.contentSlots(0)
        var from = slots.lowerBound
        var first = true
        while let (slot, child) = tree.nextChildElement(from: from, end: slots.upperBound) {
            if !first, child >= tree.count / 2 { return (slot, child) }
            first = false
            from = slot + 1
        }
        return nil
    }

    /// What became of a split build (for tests): none made, merged, or built again by the
    /// first half.
    enum SplitOutcome {
        case none, merged, rebuilt
        /// Built by the first half: the second had not started when the first was done.
        case unstarted
    }

    /// How much of its own geometry each half of a split build finalizes once it is built,
    /// while the other half builds.
    enum FinalizeAhead: Equatable {
        /// Its root children's subtrees, a batch at a time, until the other half is done.
        case whileWaiting
        /// The first subtrees, this many at most, however long the other half takes (tests:
        /// 0 leaves them all to the geometry pass after the merge, `.max` finalizes all ahead).
        case first(Int)
    }

    /// Who builds the second half of a split build.
    enum SplitStart {
        /// Dispatch's worker, or the first half when it is done first and the worker has not
        /// started (the build's own choice).
        case either
        /// Dispatch's worker, the first half waiting for it (tests of the merge).
        case worker
        /// The first half, the second never handed to a worker (tests).
        case firstHalf
    }

    /// How many layer records the build backs ahead (``Prefault``): one per element; in a
    /// split build of a large document, one per element of the first half. There the merge
    /// takes the second half's records in as it gives their pages back, and records backed
    /// ahead for them would hold a second copy of the half at the merge (deep-1e6: ~190 MB).
    /// A smaller document's are all backed ahead: the merge's page faults would cost more than
    /// the split gains, and the copy is small.
    var backedAhead: Int {
        guard let point = splitAt else { return tree.count }
        let bytes = (tree.count - point.element) * (MemoryLayout<Layer>.stride + MemoryLayout<PendingGeometry>.stride)
        return bytes >= leanSplitFloor ? point.element : tree.count
    }

    /// Whether the merge gives back the pages of the second half's records as it takes them
    /// in: when the first half's room for them is not backed ahead (``backedAhead``). Not in
    /// a smaller document's: the memory freed with the second half's builder is reused by the
    /// steps after the build (resolve, the writers), already backed, where a page given back
    /// is backed again (flat-1e5: +10 % CPU, +5 % wall).
    var mergeGivesBack: Bool { backedAhead < tree.count }

    /// The size of the second half's layer records from which the first half's room for them
    /// is not backed ahead (``backedAhead``), by default: `LAMINA_SPLIT_LEAN_BYTES` sets it (a
    /// testing knob), a builder's ``leanSplitFloor`` too (tests).
    static let leanSplitBytes: Int = {
        if let value = getenv("LAMINA_SPLIT_LEAN_BYTES"), let n = Int(String(cString: value)), n >= 0 { return n }
        return 64 << 20
    }()

    /// What the first half had made when the second was copied: what the merge keeps of
    /// each, and checks the second half left alone.
    struct SplitMark {
        /// The root's layer, whose sublayers both halves add to.
        var root: LayerID
        var layers: Int
        var rootSublayers: Int
        var diagnostics: Int
        var built: Int
        var resources: Int
        var madeFilters: Int
        var madeFilterIDs: Int
        var nextFilterNumber: Int
        var contextServers: Int
        var markupIDs: Int
        var clipFrames: Int
    }

    /// Builds the queued work: with a split point (``splitPoint(_:)``) and the root's children
    /// alone queued, the root's children from there on on a second thread.
    mutating func buildQueue() throws(SVGImportError) {
        guard let point = splitAt, work.count == 1, work[0].element == 0, work[0].nextSlot >= 0,
            work[0].nextSlot < point.slot
        else { return try runQueue() }
        var resume = work[0]
        resume.nextSlot = point.slot
        // Built here, before the copy: building it waits for the table built ahead, which one
        // thread alone may do (``IDTableAhead/wait()``); the copy makes its own from that table.
        _ = ids[""]
        let mark = SplitMark(
            root: resume.parent, layers: layers.count, rootSublayers: layers.sublayers(of: resume.parent).count, diagnostics: diagnostics.count,
            built: built, resources: resources.order.count, madeFilters: madeFilters.count,
            madeFilterIDs: madeFilterIDs.count, nextFilterNumber: nextFilterNumber, contextServers: contextServers.count,
            markupIDs: markupIDs.count, clipFrames: clipFrames.count)
        let result = SplitResult()
        let job = SplitJob(
            secondHalf(resume, elements: tree.count - point.element), result: result, root: mark.root,
            rootSublayers: mark.rootSublayers)
        // When Dispatch's worker has not started the second half by the time the first is
        // built (a busy pool), this thread builds it, as a sequential build does.
        func secondHalfClaimed() -> Bool {
            guard splitStart != .worker, job.claim() else { return false }
            job.drop()
            return true
        }
        // On Dispatch's worker, not a thread of its own: that worker read the document's second
        // half, and its malloc arena holds the memory the reader freed there, already backed; a
        // new thread's arena backs every page of the half's allocations as it first writes them
        // (the second half took 1.7 times as long as the first that way).
        if splitStart != .firstHalf { DispatchQueue.global().async { job.run() } }
        cursorEnd = point.slot
        do throws(SVGImportError) {
            try runQueue()
        } catch {
            // The second half reads nothing of this builder's, but it is not left running.
            result.firstHalfBuilt()
            if !secondHalfClaimed() { _ = result.take() }
            cursorEnd = .max
            throw error
        }
        // The second half, built first, finalizes its own root children until now.
        result.firstHalfBuilt()
        cursorEnd = .max
        if secondHalfClaimed() {
            splitOutcome = .unstarted
            work = [resume]
            return try runQueue()
        }
        // While the second half builds, this thread's own root children are finalized (the
        // geometry pass after the merge leaves them out): either half may be the slower one
        // (by ~50–300 ms at 1e6 elements, ~5–45 ms at 1e5), and the second does the same.
        finalizeWhileWaiting(mark, result)
        // The second half's builder is moved along, never copied: a second reference to its
        // arrays would make the merge's moves out of them copy every layer first.
        if var second = result.take(), merge(&second, at: mark) {
            // What is left of it (its memos, its copy of the per-element flags, the pending
            // geometry it made, its emptied layers) is freed beside the rest of the build.
            ReleaseBehind.release(consume second)
            splitOutcome = .merged
            return
        }
        splitOutcome = .rebuilt
        work = [resume]
        try runQueue()
    }

    /// Finalizes the subtrees of this half's root children (``finalizeAhead(root:positions:until:)``)
    /// until the second half is done, or as ``finalizesAhead`` says; records which
    /// (``finalizedAhead``).
    private mutating func finalizeWhileWaiting(_ mark: SplitMark, _ result: SplitResult) {
        // Should the merge fail, this half builds the second half's children, and may copy
        // the clip-path templates it made: as built, not as finalized.
        if finalizesAhead != .first(0), layers.sublayers(of: mark.root).count > mark.rootSublayers {
            keepTemplatesAsBuilt(from: mark.layers)
        }
        finalizeOwnRootChildren(root: mark.root, from: mark.rootSublayers) { result.isDone }
    }

    /// Finalizes the subtrees of the root's sublayers from position `first` on (this half's
    /// own root children), as ``finalizesAhead`` says: with ``FinalizeAhead/whileWaiting``
    /// until `otherDone()`; records which (``finalizedAhead``). The second half does this
    /// once built, while the first half still builds: its results are moved by the merge with
    /// the layers (a layer's geometry does not depend on where it is), and a failed merge
    /// discards them with the rest of the second half.
    mutating func finalizeOwnRootChildren(root: LayerID, from first: Int, until otherDone: () -> Bool) {
        let positions = first..<max(first, layers.sublayers(of: root).count)
        let done: Int
        switch finalizesAhead {
        case .whileWaiting:
            done = finalizeAhead(root: root, positions: positions, until: otherDone)
        case .first(let n):
            let some = positions.prefix(max(n, 0))
            done = finalizeAhead(root: root, positions: some) { false }
        }
        finalizedAhead = done > 0 ? [positions.lowerBound..<positions.lowerBound + done] : []
    }

    /// Builds the queued work to the end.
    mutating func runQueue() throws(SVGImportError) {
        while !work.isEmpty {
            if work[work.count - 1].nextSlot >= 0 {
                try buildNextChild()
            } else {
                try process(work.removeLast())
            }
        }
    }

    /// A copy of this builder to build `resume` (the root's children from the split point on,
    /// about `elements` elements) on another thread.
    private func secondHalf(_ resume: Work, elements: Int) -> SceneBuilder {
        var b = self
        b.work = [resume]
        b.cursorEnd = .max
        b.warnLog = []
        b.freshClips = []
        // Classes whose state a builder changes as it builds: each half has its own.
        b.contentSlab = ContentSlab()
        b.cascadeArena = CascadeArena()
        b.ids = IDIndex(tree: tree)
        // The arrays both halves grow or write, copied now with room for the second half:
        // shared, the first write of each half would copy them (this one's reserved room lost).
        let room = layers.count + elements + elements / 4 + 16
        b.layers.reserveCapacity(room)
        b.layers.sourcePositions.reserveCapacity(room)
        b.layers.reserveSublayers(0, of: resume.parent)
        b.pending.reserveCapacity(room)
        b.elementFlags.reserveCapacity(elements)
        // The containers either half may write, the rest of them: each half's own storage from
        // here on (reserving copies a shared one). Shared, the first half's first write copies
        // while the second half may still read the storage, and the second then writes it in
        // place, ordered only by the reference count, which ThreadSanitizer cannot see (a
        // report on `plainSVGInfo`); they are small (empty ones hold no storage).
        b.diagnostics.reserveCapacity(diagnostics.count)
        b.warned.reserveCapacity(warned.count)
        b.plainSVGInfo.reserveCapacity(plainSVGInfo.count)
        b.documentStyles.reserveCapacity(documentStyles.count)
        b.markupBase.reserveCapacity(markupBase.count)
        b.markupIDs.reserveCapacity(markupIDs.count)
        b.rendererBoxMemo.reserveCapacity(rendererBoxMemo.count)
        b.geometryMemo.reserveCapacity(geometryMemo.count)
        b.authoringMemo.reserveCapacity(authoringMemo.count)
        b.transformMemo.reserveCapacity(transformMemo.count)
        b.declarationsMemo.reserveCapacity(declarationsMemo.count)
        b.xmlSpaceMemo.reserveCapacity(xmlSpaceMemo.count)
        b.clipBoxMemo.reserveCapacity(clipBoxMemo.count)
        b.clipTemplates.reserveCapacity(clipTemplates.count)
        b.clipFrames.reserveCapacity(clipFrames.count)
        b.madeFilters.reserveCapacity(madeFilters.count)
        b.madeFilterIDs.reserveCapacity(madeFilterIDs.count)
        b.contextServers.reserveCapacity(contextServers.count)
        return b
    }
}

/// The second half's builder, run on a thread of its own and handed back through `result`
/// (nil when it threw: the first half builds those children again, and throws where a
/// sequential build throws).
private final class SplitJob: @unchecked Sendable {
    private var builder: SceneBuilder?
    private let result: SplitResult
    /// The root's layer, and how many sublayers it had at the split (the second half's root
    /// children come after them).
    private let root: LayerID
    private let rootSublayers: Int
    /// Whether a thread has taken the job (the worker to run it, or the first half to drop it).
    private let claimed = Atomic<Bool>(false)

    init(_ builder: consuming SceneBuilder, result: SplitResult, root: LayerID, rootSublayers: Int) {
        self.builder = builder
        self.result = result
        self.root = root
        self.rootSublayers = rootSublayers
    }

    /// Takes the job; false when another thread took it first.
    func claim() -> Bool {
        !claimed.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Frees the builder of a job claimed and not run.
    func drop() {
        builder = nil
    }

    func run() {
        guard claim() else { return }
        guard var b = builder.take() else { return result.finish(nil) }
        do {
            try b.runQueue()
            // Built before the first half: its own root children are finalized while that
            // builds (none when the first half is built already).
            b.finalizeOwnRootChildren(root: root, from: rootSublayers) { result.isFirstHalfBuilt }
            result.finish(consume b)
        } catch {
            result.finish(nil)
        }
    }
}

/// Where the second half's builder is handed back: written once by its thread before the
/// signal, read by the first half's after it.
final class SplitResult: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let finished = Atomic<Bool>(false)
    private let firstBuilt = Atomic<Bool>(false)
    private var builder: SceneBuilder?

    /// Called by the first half once it has built its root children (or failed): the second
    /// half, when done first, stops finalizing ahead and hands itself back.
    func firstHalfBuilt() { firstBuilt.store(true, ordering: .releasing) }

    /// Whether ``firstHalfBuilt()`` was called.
    var isFirstHalfBuilt: Bool { firstBuilt.load(ordering: .acquiring) }

    func finish(_ builder: consuming SceneBuilder?) {
        self.builder = consume builder
        finished.store(true, ordering: .releasing)
        done.signal()
    }

    /// Whether the builder has been handed back (``take()`` would not wait).
    var isDone: Bool { finished.load(ordering: .acquiring) }

    /// The builder, once its thread is done with it (waits until then).
    func take() -> SceneBuilder? {
        done.wait()
        return builder.take()
    }
}

/// A clip path whose mask layers the second half of a split build made (``SceneBuilder/freshClips``).
struct FreshClip {
    var key: ClipTemplateKey
    var mask: LayerID
}
