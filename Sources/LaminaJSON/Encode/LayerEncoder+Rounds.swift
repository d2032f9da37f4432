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

    /// The pieces of one chunk of a round, joined, with the end offset of each.
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
        var events: [Task] = []
        var pieces: [Piece] = []
        let runs = self.runs
        while !tasks.isEmpty {
            events.removeAll(keepingCapacity: true)
            pieces.removeAll(keepingCapacity: true)
            collectRound(tree, &tasks, layers: roundLayers, events: &events, pieces: &pieces)
            let round = pieces
            // The levels the round's entries are written at (a paint reference's, the deepest,
            // two below its layer's), made before the chunks read them.
            runs.prepare(upTo: (round.lazy.map(\.depth).max() ?? 0) + 2)
            let rendered = ParallelWork.map((round.count + chunk - 1) / chunk, threads: threads) { k in
                Self.render(round[(k * chunk)..<min(round.count, (k + 1) * chunk)], layers, runs: runs)
            }
            replay(events, rendered)
        }
    }

    /// Takes tasks until `layers` layer heads are taken (a round always ends before a head, so
    /// a layer without a mask has its head and tail in the same round).
    private func collectRound(
        _ tree: LayerTree, _ tasks: inout [Task], layers: Int, events: inout [Task], pieces: inout [Piece]
    ) {
        var heads = 0
        while let task = tasks.last {
            if case .head = task, heads >= layers { return }
            tasks.removeLast()
            events.append(task)
            switch task {
            case .head(let id, let depth):
                heads += 1
                let mask = tree.mask(of: id)
                pieces.append(Piece(layer: id, depth: depth, part: mask == nil ? .headAndTail : .head))
                tasks.append(.close)
                let subs = tree.sublayers(of: id)
                if !subs.isEmpty {
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
                if masked { pieces.append(Piece(layer: id, depth: depth, part: .tail)) }
            case .maskKey, .sublayersKey, .close:
                break
            }
        }
    }

    /// Writes the entries of `pieces` into one buffer (a head, and a tail unless a mask comes between).
    private static func render(
        _ pieces: ArraySlice<Piece>, _ layers: UnsafeBufferPointer<Layer>, runs: EntryRuns
    ) -> Rendered {
        var ends: [Int] = []
        ends.reserveCapacity(pieces.count * 2)
        // One buffer for the chunk, grown as needed and handed over whole: pieces are cut at
        // the writer's position (each piece was handed to a sink that appended it to an array:
        // a call, an array append and a copy of every byte).
        var encoder = LayerEncoder(writer: JSONWriter(growing: pieces.count * 512), runs: runs)
        for p in pieces {
            var hasEntry = true
            if p.part != .tail {
                hasEntry = encoder.writeHead(layers.baseAddress! + p.layer.index, level: p.depth)
                ends.append(encoder.writer.position)
            }
            if p.part != .head {
                encoder.writeTail(layers.baseAddress! + p.layer.index, level: p.depth, comma: hasEntry)
                ends.append(encoder.writer.position)
            }
        }
        return Rendered(bytes: encoder.writer.takeBytes(), ends: ends)
    }

    /// Writes a round's structure with its rendered pieces, in order.
    private mutating func replay(_ events: [Task], _ rendered: [Rendered]) {
        var chunk = 0
        var piece = 0
        var start = 0
        func next(_ writer: inout JSONWriter) {
            while chunk < rendered.count, piece >= rendered[chunk].ends.count {
                chunk += 1
                piece = 0
                start = 0
            }
            guard chunk < rendered.count else { return }
            let end = rendered[chunk].ends[piece]
            rendered[chunk].bytes.withSlice(start..<end) { writer.fragment($0) }
            start = end
            piece += 1
        }
        for event in events {
            switch event {
            case .head:
                writer.openObject()
                next(&writer)
            case .tail:
                next(&writer)
            case .maskKey:
                writer.key("mask")
            case .sublayersKey:
                writer.key("sublayers")
                writer.openArray()
            case .close:
                writer.close()
            }
        }
    }
}

