import LaminaCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing the document in order while the body's chunks are rendered on several threads.
extension FlatWriter {
    /// Hands `sink` the head (root start tag, `<defs>`) and then the body, in order.
    ///
    /// A first walk over every item makes the clip and mask ids (their numbering is that of
    /// first use); the body is then written in chunks of items on up to `split.threads`
    /// threads, each chunk into its own buffer, handed to `sink` in order as soon as it and the
    /// chunks before it are written (``OrderedChunks``: no rounds, at most a round's chunks
    /// written ahead).
    /// The head needs to know whether the body uses `xlink:`: when no string the body can
    /// write holds `xlink`, it goes first at once; otherwise chunks wait until one holds it.
    mutating func writeDocument(keepGroups: Bool, split: WorkSplit, into sink: (UnsafeRawBufferPointer) -> Void) {
        let count = list.items.count
        let threads = split.threads(forItems: count)
        let mayHoldXlink = makeIDsCheckingXlink(keepGroups: keepGroups, threads: threads)
        if !keepGroups { prepareClipRunIndex(chunkItems: max(1, split.chunkItems)) }
        var headWritten = false
        var waiting: [MarkupBuffer] = []
        if !mayHoldXlink {
            head(bodyHasXlink: false).withUnsafeBytes(sink)
            headWritten = true
        }
        let chunk = max(1, split.chunkItems)
        // Every id is made: the chunks only look ids up, so they can share one read-only writer.
        let writer = self
        let pieces = (count + chunk - 1) / chunk
        // As many chunks made and not yet handed on as a round of `split` holds.
        let window = max(1, split.roundItems(threads: threads) / chunk)
        let buffers = MarkupBuffers()
        OrderedChunks.run(pieces, threads: threads, window: window) { k -> MarkupBuffer in
            var w = writer
            let range = (k * chunk)..<min(count, (k + 1) * chunk)
            // Written in place (``MarkupBuffer``), about 160 bytes an item to begin with, in
            // the memory of a chunk already handed on when there is one.
            var out = buffers.take(capacity: 4096 + range.count * 160)
            if keepGroups {
                w.writeLayerGroups(range, emit: true, to: &out)
            } else {
                w.writeBody(range, emit: true, to: &out)
            }
            return out
        } deliver: { _, b in
            if headWritten {
                sink(UnsafeRawBufferPointer(b.bytes))
                buffers.give(b)
                return
            }
            waiting.append(b)
            if SVGMarkup.contains(b.bytes, "xlink:") {
                writer.head(bodyHasXlink: true).withUnsafeBytes(sink)
                headWritten = true
                for w in waiting {
                    sink(UnsafeRawBufferPointer(w.bytes))
                    buffers.give(w)
                }
                waiting = []
            }
        }
        if !headWritten {
            head(bodyHasXlink: false).withUnsafeBytes(sink)
            for w in waiting {
                sink(UnsafeRawBufferPointer(w.bytes))
                buffers.give(w)
            }
        }
    }

    /// The walk that makes the ids (``writeBody(_:emit:to:)`` or, with `keepGroups`,
    /// ``writeLayerGroups(_:emit:to:)`` without writing) on one thread while the others look for
    /// `xlink` (``bodyMayHoldXlink()`` in up to 64 pieces, each reading only the list and the
    /// scene; a layer drawn by several consecutive items is looked at once): the walk, one
    /// thread's work, no longer waits for the look or the look for the walk. Returns whether
    /// the body might hold `xlink:`.
    ///
    /// The content's generated-looking ids (``generatedLookingIDs(in:)``, a look at every
    /// layer, which the walk made when it generated its first id) are looked for in as many
    /// pieces beside it: the walk generates its ids as if there were none, and is walked
    /// again the one-thread way in the rare case one of the ids it generated is among them.
    /// Otherwise the ids are those the one-thread walk generates: each id it skips is a
    /// resource's id or one of those, and none of those was one it returned.
    mutating func makeIDsCheckingXlink(keepGroups: Bool, threads: Int) -> Bool {
        let count = list.items.count
        let layers = scene.tree.count
        let pieces = xlinkPieces(threads: threads)
        let idPieces = threads > 1 && !reservedContentIDs ? pieces : 0
        let start = self
        let results = ParallelWork.map(1 + pieces + idPieces, threads: threads) { k -> FirstWalk in
            if k > pieces {
                let range = Self.xlinkPiece(k - 1 - pieces, of: idPieces, count: layers)
                return .contentIDs(Self.generatedLookingIDs(in: start.scene.tree, layers: range))
            }
            guard k == 0 else { return .xlink(start.itemsMayHoldXlink(Self.xlinkPiece(k - 1, of: pieces, count: count))) }
            var w = start
            if idPieces > 0 {
                w.reservedContentIDs = true
                w.generatedAhead = []
            }
            w.makeIDs(keepGroups: keepGroups)
            return .ids(w)
        }
        var found = false
        var walked = start
        var contentIDs: Set<String> = []
        for r in results {
            switch r {
            case .ids(let w): walked = w
            case .xlink(let f): found = found || f
            case .contentIDs(let ids): contentIDs.formUnion(ids)
            }
        }
        if idPieces > 0 {
            if let made = walked.generatedAhead, made.contains(where: contentIDs.contains) {
                walked = start
                walked.makeIDs(keepGroups: keepGroups)
            } else {
                walked.reserved.formUnion(contentIDs)
                walked.generatedAhead = nil
            }
        }
        self = walked
        return found || groupsMayHoldXlink()
    }

    /// The walk that makes the ids, writing nothing.
    private mutating func makeIDs(keepGroups: Bool) {
        var none: [UInt8] = []
        if keepGroups {
            prepareLayerGroups()
            writeLayerGroups(0..<list.items.count, emit: false, to: &none)
        } else {
            writeBody(0..<list.items.count, emit: false, to: &none)
        }
    }

    /// A result of ``makeIDsCheckingXlink(keepGroups:threads:)``'s pieces.
    private enum FirstWalk {
        case ids(FlatWriter)
        case xlink(Bool)
        case contentIDs(Set<String>)
    }

    /// The items (or layers) in up to 64 pieces on `threads` threads (1 on one thread).
    private func xlinkPieces(threads: Int) -> Int {
        threads > 1 ? min(64, max(1, list.items.count / 2048)) : 1
    }

    /// The items (or layers) of piece `k` of `pieces`.
    private static func xlinkPiece(_ k: Int, of pieces: Int, count: Int) -> Range<Int> {
        (k * count / pieces)..<((k + 1) * count / pieces)
    }

    /// Whether the body might hold `xlink:`: whether any text it writes from the scene (paint,
    /// names and values of extra attributes, path data, verbatim markup, group style, mask and
    /// filter ids) holds `xlink` (without the colon, since `name:value` style text adds one).
    /// Everything else it writes is numbers, fixed markup and generated ids.
    /// On one thread; `writeDocument` asks ``makeIDsCheckingXlink(keepGroups:threads:)``,
    /// which looks at the items in pieces beside the id walk.
    func bodyMayHoldXlink() -> Bool {
        itemsMayHoldXlink(0..<list.items.count) || groupsMayHoldXlink()
    }

    /// Whether a group's text (style, mask and filter ids) holds `xlink`.
    private func groupsMayHoldXlink() -> Bool {
        for g in list.groups {
            for p in g.extra where Self.holdsXlink(p.name) || Self.holdsXlink(p.value) { return true }
            if let m = g.maskResource, Self.holdsXlink(m) { return true }
            if g.filters.contains(where: Self.holdsXlink) { return true }
        }
        return false
    }

    /// Whether the items in `range` (their projected path data, their layers' content) may
    /// write `xlink`. The items are read where the list stores them (a copy of each retained
    /// and released its rare facts' box) and the paints in place.
    private func itemsMayHoldXlink(_ range: Range<Int>) -> Bool {
        list.items.withUnsafeBufferPointer { items -> Bool in
            guard let base = items.baseAddress else { return false }
            var last = -1
            for index in range {
                let item = base + index
                if case .projected(let d) = item.pointee.geometry, Self.holdsXlink(d) { return true }
                if case .projected(let d) = item.pointee.localGeometry, Self.holdsXlink(d) { return true }
                let i = item.pointee.layer.index
                guard i != last, i < scene.tree.count else { continue }
                last = i
                if scene.tree.withContentPointer(of: item.pointee.layer, Self.mayHoldXlink) == true { return true }
            }
            return false
        }
    }

    /// Whether any text of a content element holds `xlink` (read in place, field by field).
    static func mayHoldXlink(_ c: UnsafePointer<Content>) -> Bool {
        switch (UnsafeRawPointer(c) + shapeOffset).assumingMemoryBound(to: Shape.self).pointee {
        case .path(let d): if holdsXlink(d) { return true }
        case .svg(let xml): if holdsXlink(xml) { return true }
        default: break
        }
        if holdsXlink(c.pointee.fillSlot) || holdsXlink(c.pointee.strokeSlot) { return true }
        guard c.pointee.mayHaveRareProperties else { return false }
        if let s = c.pointee.fillRule, holdsXlink(s) { return true }
        if let s = c.pointee.strokeLinecap, holdsXlink(s) { return true }
        if let s = c.pointee.strokeLinejoin, holdsXlink(s) { return true }
        if let s = c.pointee.clipRule, holdsXlink(s) { return true }
        for p in c.pointee.extra where holdsXlink(p.name) || holdsXlink(p.value) { return true }
        return false
    }

    /// Whether a paint's text holds `xlink`, read where ``Content`` stores it: only a paint in a
    /// box of its own has text (``PaintSlot``; a `Paint?` passed on was copied, an outlined
    /// copy and destroy of each).
    static func holdsXlink(_ slot: PaintSlot) -> Bool {
        guard case .other(let box) = slot else { return false }
        switch box.value {
        case .color(let s): return holdsXlink(s)
        case .ref(let id, let fallback): return holdsXlink(id) || holdsXlink(fallback ?? "")
        case .none: return false
        }
    }

    /// Whether `s` holds `xlink` (a byte search).
    static func holdsXlink(_ s: String) -> Bool {
        // Most text has no `x` at all: look for that first (memchr over the UTF-8 in place).
        let found = s.utf8.withContiguousStorageIfAvailable { buf -> Bool in
            guard let base = buf.baseAddress, !buf.isEmpty else { return false }
            return memchr(base, 0x78, buf.count) != nil
        }
        if found == false { return false }
        return SVGMarkup.contains(s, "xlink")
    }
}
