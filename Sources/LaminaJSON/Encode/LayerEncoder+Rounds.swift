import LaminaCore

/// Walking the layer tree in rounds: each round takes the next layers in document order, writes
/// their own entries (`name` … `borderWidth`, `constraints` … `svg`) on several threads into
/// separate buffers, then writes the round's structure (objects, `mask`, `sublayers`) with
/// those pieces in order. A layer's entries only depend on its depth and on whether its object
/// already has an entry, both known from the walk, so the bytes are those of one sequential walk.
extension LayerEncoder {
    /// Pending work while walking the tree (popped from the end).
    enum Task {
        /// Opens the layer's object (its entries at `depth`) and writes `name` … `borderWidth`.
        case head(LayerID, depth: Int)
        /// `"mask": ` before the mask layer's object.
        case maskKey
        /// `constraints` … `svg`; `masked`: a `mask` entry comes before.
        case tail(LayerID, depth: Int, masked: Bool)
        /// `"sublayers": [`.
        case sublayersKey
        /// Closes an object or array.
        case close
    }

    /// What one round writes of a layer's own entries.
    struct Piece {
        var layer: LayerID
        var depth: Int
        /// Both parts (no mask between them: the tail comes right after the head), or one.
        var part: Part

        enum Part { case headAndTail, head, tail }
    }

    /// The pieces of one chunk of a round, joined, with the end offset of each (a layer
    /// without a mask is one piece, its head and tail).
    struct Rendered {
        var bytes: WrittenBytes
        var ends: [Int] = []
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
        var tasks: [Task] = [.head(root, depth: writer.depth + 1)]
        // A round's events and pieces, reserved once for a full round: grown by doubling from
        // empty, they copied 1.5 MB on flat10k (45 regrowths of up to 24,000 entries). A leaf
        // is three events (head, tail, close), a group two more; a layer is a piece, a masked
        // one two: more than that grows as before.
        let roundSize = min(roundLayers, tree.count)
        var events: [Task] = []
        events.reserveCapacity(3 * roundSize + 16)
        var pieces: [Piece] = []
        pieces.reserveCapacity(roundSize + 16)
        var starts: [Int] = []
        var open: [UInt8] = []
        let base = writer.depth
        let runs = self.runs
        // The chunks' buffers, reused from chunk to chunk and round to round.
        let memory = ChunkMemory()
        while !tasks.isEmpty {
            events.removeAll(keepingCapacity: true)
            pieces.removeAll(keepingCapacity: true)
            collectRound(tree, &tasks, layers: roundLayers, chunk: chunk, events: &events, pieces: &pieces, starts: &starts)
            let round = pieces
            // The levels the round's entries are written at (a paint reference's, the deepest,
            // two below its layer's), made before the chunks read them.
            runs.prepare(upTo: (round.lazy.map(\.depth).max() ?? 0) + 2)
            // Each chunk's events replayed as soon as it and the chunks before it are written,
            // while the other threads write the round's next chunks (the replay copies every
            // byte of the document: after the round, it had both threads wait for it).
            let chunks = (round.count + chunk - 1) / chunk
            OrderedChunks.run(chunks, threads: threads, window: chunks) { k in
                Self.render(round[(k * chunk)..<min(round.count, (k + 1) * chunk)], layers, runs: runs, memory: memory)
            } deliver: { k, rendered in
                replay(events[starts[k]..<starts[k + 1]], rendered, open: &open, base: base)
            }
            // A round without pieces (not made by `collectRound`, which ends a round only
            // before a head) would still have its structure written.
            if chunks == 0 { replay(events[...], nil, open: &open, base: base) }
        }
        writer.valueWritten()
    }

    /// Takes tasks until `layers` layer heads are taken (a round always ends before a head, so
    /// a layer without a mask has its head and tail in the same round).
    ///
    /// `starts` gets where each chunk of `chunk` pieces begins in `events` (the first chunk's
    /// at 0, each other one's at the event that takes its first piece), then `events.count`:
    /// chunk `k` replays the events `starts[k]..<starts[k + 1]`, which take its pieces and no
    /// other; `[0, events.count]` without pieces. A `head` takes a piece, and a masked `tail`.
    /// `events` and `pieces` are empty at the call (`chunk` at least 1).
    func collectRound(
        _ tree: LayerTree, _ tasks: inout [Task], layers: Int, chunk: Int, events: inout [Task], pieces: inout [Piece],
        starts: inout [Int]
    ) {
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        defer { starts.append(events.count) }
        // The pieces left to take in the current chunk; at 0 the next piece starts a chunk.
        var left = chunk
        var heads = 0
        while let task = tasks.last {
            if case .head = task, heads >= layers { return }
            tasks.removeLast()
            events.append(task)
            switch task {
            case .head(let id, let depth):
                heads += 1
                let mask = tree.mask(of: id)
                if left == 0 {
                    starts.append(events.count - 1)
                    left = chunk
                }
                left -= 1
                pieces.append(Piece(layer: id, depth: depth, part: mask == nil ? .headAndTail : .head))
                tasks.append(.close)
                let subs = tree.sublayers(of: id)
                if !subs.isEmpty {
                    // Room for all of them at once (a root of 10,000 leaves doubled its way
                    // there), still at least doubling so that many small groups do not
                    // reallocate each.
                    let needed = tasks.count + subs.count + 4
                    if needed > tasks.capacity { tasks.reserveCapacity(max(needed, 2 * tasks.capacity)) }
                    tasks.append(.close)
                    for s in subs.reversed() { tasks.append(.head(s, depth: depth + 2)) }
                    tasks.append(.sublayersKey)
                }
                tasks.append(.tail(id, depth: depth, masked: mask != nil))
                if let m = mask {
                    tasks.append(.head(m, depth: depth + 1))
                    tasks.append(.maskKey)
                }
            case .tail(let id, let depth, let masked):
                if masked {
                    if left == 0 {
                        starts.append(events.count - 1)
                        left = chunk
                    }
                    left -= 1
                    pieces.append(Piece(layer: id, depth: depth, part: .tail))
                }
            case .maskKey, .sublayersKey, .close:
                break
            }
        }
    }

    /// Writes the entries of `pieces` into one buffer (a head, and a tail unless a mask comes between).
    private static func render(
        _ pieces: ArraySlice<Piece>, _ layers: UnsafeBufferPointer<Layer>, runs: EntryRuns, memory: ChunkMemory
    ) -> Rendered {
        var ends: [Int] = []
        ends.reserveCapacity(pieces.count * 2)
        // The chunk's buffers, another one started as one fills, handed over whole: pieces
        // are cut at the writer's position (each piece was handed to a sink that appended it
        // to an array: a call, an array append and a copy of every byte).
        var encoder = LayerEncoder(writer: JSONWriter(growing: pieces.count * 512, memory: memory), runs: runs)
        for p in pieces {
            var hasEntry = true
            if p.part != .tail {
                hasEntry = encoder.writeHead(layers.baseAddress! + p.layer.index, level: p.depth)
                // A head and the tail right after it are one piece (one copy in the replay).
                if p.part == .head { ends.append(encoder.writer.position) }
            }
            if p.part != .head {
                encoder.writeTail(layers.baseAddress! + p.layer.index, level: p.depth, comma: hasEntry)
                ends.append(encoder.writer.position)
            }
        }
        return Rendered(bytes: encoder.writer.takeBytes(), ends: ends)
    }

    /// Writes events of a round, the pieces they take copied from `rendered` in order (one
    /// chunk's: ``collectRound(_:_:layers:chunk:events:pieces:starts:)``), at the writer's room
    /// (no general writer call per event: its container state was a call, a test for room and
    /// an array push or pop for each object; ~120 instructions an `openObject` or `close`).
    /// `open` holds the state of each container the walk has open (bit 0 an array, bit 1 one
    /// with an entry), carried from round to round; the first is the root layer's object,
    /// whose entries are at `base + 1`.
    private mutating func replay(_ events: ArraySlice<Task>, _ rendered: Rendered?, open: inout [UInt8], base: Int) {
        var piece = 0
        var read = WrittenBytes.ReadCursor()
        let runs = self.runs
        // Bound once (binding the optional in `next` retained and released its parts a piece).
        let ends = rendered?.ends ?? []
        let bytes = rendered?.bytes
        // The next piece, copied (in two parts where it crosses from one of the chunk's
        // buffers to the next); whether it was not empty.
        func next(_ writer: inout JSONWriter) -> Bool {
            guard piece < ends.count else { return false }
            let end = ends[piece]
            piece += 1
            guard end > read.offset else { return false }
            if end <= read.segmentEnd {
                // Within the buffer being read (no access to the chunk's bytes: a retain).
                writer.put(read.take(upTo: end))
            } else {
                // `bytes` is there: `ends` is empty without `rendered`.
                read.copy(upTo: end, from: bytes!) { writer.put($0) }
            }
            return true
        }
        for event in events {
            switch event {
            case .head(_, let depth):
                // `{` after `"root": ` or `"mask": `, or as a new entry of `sublayers`.
                var p = writer.room(EntryRuns.entryRoom)
                if let last = open.last, last & 1 != 0 {
                    let s = runs.runs(level: depth - 1) + EntryKey.closeObject.rawValue &* EntryRuns.slot
                    let c = last & 2 != 0 ? 1 : 0
                    let n = Int(s[0]) &- 1 &+ c
                    EntryCursor.copyRun(s + (2 &- c), to: p, count: n)
                    p += n
                    open[open.count - 1] = last | 2
                }
                p[0] = UInt8(ascii: "{")
                writer.commit(p + 1)
                open.append(next(&writer) ? 2 : 0)
            case .tail(_, _, let masked):
                // Unmasked, the tail was copied with the head.
                if masked, next(&writer) { open[open.count - 1] |= 2 }
            case .maskKey, .sublayersKey:
                let level = base + open.count
                var c = EntryCursor(
                    p: writer.room(EntryRuns.entryRoom), runs: runs.runs(level: level),
                    comma: open[open.count - 1] & 2 != 0)
                if case .maskKey = event {
                    c.entry(.mask)
                } else {
                    c.entry(.sublayers)
                    c.literal("[")
                }
                writer.commit(c.p)
                open[open.count - 1] |= 2
                if case .sublayersKey = event { open.append(1) }
            case .close:
                let state = open.removeLast()
                var p = writer.room(EntryRuns.entryRoom)
                if state & 2 != 0 {
                    let s = runs.runs(level: base + open.count) + EntryKey.closeObject.rawValue &* EntryRuns.slot
                    let n = Int(s[0])
                    EntryCursor.copyRun(s + 2, to: p, count: n)
                    p += n - 1
                }
                p[0] = state & 1 != 0 ? UInt8(ascii: "]") : UInt8(ascii: "}")
                writer.commit(p + 1)
            }
        }
    }
}
