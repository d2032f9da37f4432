import LaminaCore

/// Walking the layer tree in rounds: each round takes the next layers in document order as
/// events (a layer's object, its entries, `mask`, `sublayers`, the closes), cut into chunks
/// that are written on several threads into separate buffers, each chunk's bytes copied into
/// the document in order as soon as it and the ones before it are written. Every byte an
/// event writes depends only on its depth, on where its layer's object stands (first in its
/// array, after another, or a key's value) and on whether the object has an entry, all known
/// from the walk or from the chunk's own last layer, so the bytes are those of one
/// sequential walk.
extension LayerEncoder {
    /// Where a layer's object stands: after `"root": ` or `"mask": `, or as an entry of
    /// `sublayers`, first or after another.
    enum Place { case value, first, later }

    /// Pending work while walking the tree (popped from the end), and a round's events.
    /// `depth`: the level of the layer's (or the object's) entries.
    enum Task {
        /// Opens the layer's object at `place` and writes `name` … `borderWidth`.
        case head(LayerID, depth: Int, place: Place)
        /// `"mask": ` before the mask layer's object (after the head just written).
        case maskKey(depth: Int)
        /// `constraints` … `svg`; `masked`: a `mask` entry comes before, else the head is the
        /// event just before.
        case tail(LayerID, depth: Int, masked: Bool)
        /// `"sublayers": [` after the tail just written (the object has an entry when
        /// `masked`, else when its head or tail wrote one).
        case sublayersKey(depth: Int, masked: Bool)
        /// The newline, indent and `]` of a `sublayers` array (never empty).
        case closeArray(depth: Int)
        /// Closes a layer's object: `}`, after the newline and indent when it has an entry
        /// (`known`: a mask or sublayers; else when its head or tail, just written, wrote one).
        case closeObject(depth: Int, known: Bool)

        /// Whether the event writes a layer's own entries (a chunk's unit of work).
        var takesPiece: Bool {
            switch self {
            case .head: true
            case .tail(_, _, let masked): masked
            default: false
            }
        }
    }

    mutating func encodeLayers(_ tree: LayerTree, from root: LayerID, split: WorkSplit) {
        // Layers are read in place through the buffer (a subscript copy would retain every box).
        tree.layers.withUnsafeBufferPointer { layers in encodeLayers(tree, layers, from: root, split: split) }
    }

    private mutating func encodeLayers(
        _ tree: LayerTree, _ layers: UnsafeBufferPointer<Layer>, from root: LayerID, split: WorkSplit
    ) {
        let threads = split.threads(forItems: tree.count)
        let roundLayers = split.roundItems(threads: threads)
        let chunk = max(1, split.chunkItems)
        var tasks: [Task] = [.head(root, depth: writer.depth + 1, place: .value)]
        // A round's events, reserved once for a full round: grown by doubling from empty, they
        // copied 1.5 MB on flat10k (45 regrowths of up to 24,000 entries). A leaf is three
        // events (head, tail, close), a group two more: more than that grows as before.
        let roundSize = min(roundLayers, tree.count)
        var events: [Task] = []
        events.reserveCapacity(4 * roundSize + 16)
        var starts: [Int] = []
        let runs = self.runs
        // The chunks' buffers, reused from chunk to chunk and round to round.
        let memory = ChunkMemory()
        while !tasks.isEmpty {
            events.removeAll(keepingCapacity: true)
            let deepest = collectRound(tree, &tasks, layers: roundLayers, chunk: chunk, events: &events, starts: &starts)
            // The levels the round's entries are written at (a paint reference's, the deepest,
            // two below its layer's), made before the chunks read them.
            runs.prepare(upTo: deepest + 2)
            if threads == 1 {
                // One thread: the events written straight into the document (a chunk's
                // buffers and the copy out of them saved); the rare entries written as
                // fragments leave the document's containers as they were.
                let containers = writer.containers
                write(events[...], layers.baseAddress!)
                writer.containers = containers
                continue
            }
            let round = events
            let cuts = starts
            // Each chunk's bytes copied as soon as it and the chunks before it are written,
            // while the other threads write the round's next chunks.
            OrderedChunks.run(cuts.count - 1, threads: threads, window: cuts.count - 1) { k in
                Self.render(round[cuts[k]..<cuts[k + 1]], layers, runs: runs, memory: memory)
            } deliver: { _, bytes in
                for s in bytes.segments { writer.put(slicesOf: UnsafeBufferPointer(start: s.base, count: s.count)) }
            }
        }
        writer.valueWritten()
    }

    /// Takes tasks until `layers` layer heads are taken (a round always ends before a head, so
    /// a layer without a mask has its head, tail and close in the same round); returns the
    /// deepest level of the round's layers.
    ///
    /// `starts` gets where each chunk of `chunk` pieces begins in `events` (the first chunk's
    /// at 0, each other one's at the event that takes its first piece), then `events.count`:
    /// chunk `k` writes the events `starts[k]..<starts[k + 1]`, which take its pieces and no
    /// other. A head takes a piece, and a masked tail (``Task/takesPiece``); a chunk never
    /// starts between a head and the `mask` key or tail after it, nor between a tail and the
    /// `sublayers` key or close after it. `events` is empty at the call (`chunk` at least 1).
    func collectRound(
        _ tree: LayerTree, _ tasks: inout [Task], layers: Int, chunk: Int, events: inout [Task], starts: inout [Int]
    ) -> Int {
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        defer { starts.append(events.count) }
        // The pieces left to take in the current chunk; at 0 the next piece starts a chunk.
        var left = chunk
        var heads = 0
        var deepest = 0
        while let task = tasks.last {
            if case .head = task, heads >= layers { return deepest }
            tasks.removeLast()
            if task.takesPiece {
                if left == 0 {
                    starts.append(events.count)
                    left = chunk
                }
                left -= 1
            }
            events.append(task)
            switch task {
            case .head(let id, let depth, _):
                heads += 1
                deepest = max(deepest, depth)
                let subs = tree.sublayers(of: id)
                guard let mask = tree.mask(of: id) else {
                    // The tail and the event after it come right after the head: appended at
                    // once instead of pushed and popped.
                    events.append(.tail(id, depth: depth, masked: false))
                    if subs.isEmpty {
                        events.append(.closeObject(depth: depth, known: false))
                    } else {
                        events.append(.sublayersKey(depth: depth, masked: false))
                        Self.push(subs, depth: depth, &tasks)
                    }
                    continue
                }
                if subs.isEmpty {
                    tasks.append(.closeObject(depth: depth, known: true))
                } else {
                    Self.push(subs, depth: depth, &tasks)
                    tasks.append(.sublayersKey(depth: depth, masked: true))
                }
                tasks.append(.tail(id, depth: depth, masked: true))
                tasks.append(.head(mask, depth: depth + 1, place: .value))
                tasks.append(.maskKey(depth: depth))
            default:
                break
            }
        }
        return deepest
    }

    /// Pushes the close of a layer's object (at `depth`), of its `sublayers` and the heads of
    /// `subs` (not empty), the first on top.
    private static func push(_ subs: [LayerID], depth: Int, _ tasks: inout [Task]) {
        // Room for all of them at once (a root of 10,000 leaves doubled its way there), still
        // at least doubling so that many small groups do not reallocate each.
        let needed = tasks.count + subs.count + 4
        if needed > tasks.capacity { tasks.reserveCapacity(max(needed, 2 * tasks.capacity)) }
        tasks.append(.closeObject(depth: depth, known: true))
        tasks.append(.closeArray(depth: depth))
        for s in subs.dropFirst().reversed() { tasks.append(.head(s, depth: depth + 2, place: .later)) }
        tasks.append(.head(subs[0], depth: depth + 2, place: .first))
    }

    /// Writes the bytes of `events` (one chunk of a round) into buffers of their own.
    private static func render(
        _ events: ArraySlice<Task>, _ layers: UnsafeBufferPointer<Layer>, runs: EntryRuns, memory: ChunkMemory
    ) -> WrittenBytes {
        let pieces = events.count / 3 + 1
        // The chunk's buffers, another one started as one fills, handed over whole.
        var encoder = LayerEncoder(writer: JSONWriter(growing: pieces * 512, memory: memory), runs: runs)
        encoder.write(events, layers.baseAddress!)
        return encoder.writer.takeBytes()
    }

    /// Writes `events` at the writer's room: the structure from each level's runs (no general
    /// writer call per event: its container state was a call, a test for room and an array
    /// push or pop for each object), the layers' own entries by ``writeHead(_:level:)`` and
    /// ``writeTail(_:level:comma:)``.
    mutating func write(_ events: ArraySlice<Task>, _ layers: UnsafePointer<Layer>) {
        // Whether the object of the head or tail last written has an entry.
        var hasEntry = false
        let runs = self.runs
        for event in events {
            switch event {
            case .head(let id, let depth, let place):
                // `{` after `"root": ` or `"mask": `, or as an entry of `sublayers`.
                var p = writer.room(EntryRuns.entryRoom)
                if place != .value {
                    let s = runs.runs(level: depth - 1) + EntryKey.closeObject.rawValue &* EntryRuns.slot
                    let c = place == .later ? 1 : 0
                    let n = Int(s[0]) &- 1 &+ c
                    EntryCursor.copyRun(s + (2 &- c), to: p, count: n)
                    p += n
                }
                p[0] = UInt8(ascii: "{")
                writer.commit(p + 1)
                hasEntry = writeHead(layers + id.index, level: depth)
            case .tail(let id, let depth, let masked):
                // Unmasked, the tail comes right after the head (the event after it).
                hasEntry = writeTail(layers + id.index, level: depth, comma: masked || hasEntry)
            case .maskKey(let depth):
                var c = EntryCursor(p: writer.room(EntryRuns.entryRoom), runs: runs.runs(level: depth), comma: hasEntry)
                c.entry(.mask)
                writer.commit(c.p)
            case .sublayersKey(let depth, let masked):
                var c = EntryCursor(p: writer.room(EntryRuns.entryRoom), runs: runs.runs(level: depth), comma: masked || hasEntry)
                c.entry(.sublayers)
                c.literal("[")
                writer.commit(c.p)
            case .closeArray(let depth):
                let s = runs.runs(level: depth) + EntryKey.closeObject.rawValue &* EntryRuns.slot
                let n = Int(s[0])
                let p = writer.room(EntryRuns.entryRoom)
                EntryCursor.copyRun(s + 2, to: p, count: n)
                p[n - 1] = UInt8(ascii: "]")
                writer.commit(p + n)
            case .closeObject(let depth, let known):
                var p = writer.room(EntryRuns.entryRoom)
                if known || hasEntry {
                    let s = runs.runs(level: depth - 1) + EntryKey.closeObject.rawValue &* EntryRuns.slot
                    let n = Int(s[0])
                    EntryCursor.copyRun(s + 2, to: p, count: n)
                    p += n
                } else {
                    p[0] = UInt8(ascii: "}")
                    p += 1
                }
                writer.commit(p)
            }
        }
    }
}

extension JSONWriter {
    /// Copies bytes of any length in slices of at most 4 KB (a chunk's buffers, about a
    /// megabyte each, into the document): glibc copies a slice with vector moves, and a whole
    /// buffer with `rep movsb`, which callgrind counts as one instruction a byte (9.6 M for
    /// deep10k's 9.6 MB) though the machine copies either way at about the same speed.
    mutating func put(slicesOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var at = 0
        while at < bytes.count {
            let n = min(4096, bytes.count - at)
            put(UnsafeBufferPointer(start: base + at, count: n))
            at += n
        }
    }
}
