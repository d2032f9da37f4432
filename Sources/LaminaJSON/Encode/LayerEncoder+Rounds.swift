import Dispatch
import LaminaCore

/// Walking the layer tree in rounds: each round takes the next layers in document order as
/// events (a layer's object with its entries and what follows them, the `mask` between a
/// head and a tail, the closes of a layer with sublayers). On several threads each round is a
/// chunk, written into buffers of its own and handed on in order as soon as it and the ones
/// before it are written. Every byte an event writes depends only on its depth, on where its
/// layer's object stands (first in its array, after another, or a key's value) and on the
/// tree, so the bytes are those of one sequential walk.
extension LayerEncoder {
    /// Where a layer's object stands: after `"root": ` or `"mask": `, or as an entry of
    /// `sublayers`, first or after another.
    enum Place { case value, first, later }

    /// What a head or a tail event writes after the layer's entries.
    enum After {
        /// The close of the layer's object (a layer without sublayers).
        case close
        /// `"sublayers": [` (its sublayers' events follow, then ``Task/closeGroup(depth:)``).
        case sublayers
        /// `"mask": ` (a head only: the mask's events follow, then the layer's tail).
        case mask
    }

    /// Pending work while walking the tree (popped from the end), and a round's events.
    /// `depth`: the level of the layer's entries. A layer without a mask is one event (and a
    /// close if it has sublayers): its head, tail and close or `sublayers` key together.
    enum Task {
        /// Opens the layer's object at `place`, writes `name` … `borderWidth`, then
        /// `constraints` … `svg` and `then` (as pushed, `then` is not known yet: the walk
        /// sets it when it takes the head).
        case head(LayerID, depth: Int, place: Place, then: After)
        /// `constraints` … `svg` after a mask, then the close or `"sublayers": [`.
        case tail(LayerID, depth: Int, then: After)
        /// The newline, indent and `]` of a layer's `sublayers`, and those and `}` of its object.
        case closeGroup(depth: Int)
    }

    mutating func encodeLayers(_ tree: LayerTree, from root: LayerID, split: WorkSplit) {
        // Layers are read in place through the buffer (a subscript copy would retain every box).
        tree.layers.withUnsafeBufferPointer { layers in encodeLayers(tree, layers, from: root, split: split) }
    }

    private mutating func encodeLayers(
        _ tree: LayerTree, _ layers: UnsafeBufferPointer<Layer>, from root: LayerID, split: WorkSplit
    ) {
        let threads = split.threads(forItems: tree.count)
        var tasks: [Task] = [.head(root, depth: writer.depth + 1, place: .value, then: .close)]
        if threads > 1 {
            writeInChunks(
                tree, layers, &tasks, threads: threads, chunk: max(1, split.chunkItems),
                window: threads * max(1, split.chunksPerThread))
        }
        // One thread (and anything the chunks left, though they take every layer): rounds of
        // events written straight into the document (a chunk's buffers and the copy out of
        // them saved); the rare entries written as fragments leave the document's containers
        // as they were.
        guard !tasks.isEmpty else { return writer.valueWritten() }
        let roundLayers = split.roundItems(threads: threads)
        // A round's events, reserved once for a full round: grown by doubling from empty, they
        // copied 1.5 MB on flat10k (45 regrowths of up to 24,000 entries). A leaf is an
        // event, a group or a masked layer two: more than that grows as before.
        let roundSize = min(roundLayers, tree.count)
        var events: [Task] = []
        events.reserveCapacity(2 * roundSize + 16)
        while !tasks.isEmpty {
            events.removeAll(keepingCapacity: true)
            let deepest = Self.collectRound(tree, &tasks, layers: roundLayers, events: &events)
            // The levels the round's entries are written at (a paint reference's, the deepest,
            // two below its layer's), made before they are read.
            runs.prepare(upTo: deepest + 2)
            let containers = writer.containers
            write(events[...], layers.baseAddress!)
            writer.containers = containers
        }
        writer.valueWritten()
    }

    /// Several threads: the walk cut into chunks of `chunk` layers as it goes, each written
    /// into buffers of its own and handed on in order (``JSONWriter/put(_:)-(WrittenBytes)``)
    /// as soon as it and the ones before it are written, at most `window` chunks ahead. The
    /// thread that takes chunk `k` first takes its events from the walk, in turn after chunk
    /// `k − 1`'s thread, so the walk runs beside the writing of the chunks before it: in rounds
    /// of 16,384 layers, the round's walk ran on one thread while the other waited, and the
    /// round's last chunks were written with a core idle.
    private mutating func writeInChunks(
        _ tree: LayerTree, _ layers: UnsafeBufferPointer<Layer>, _ tasks: inout [Task], threads: Int, chunk: Int,
        window: Int
    ) {
        // Each chunk takes `chunk` heads, so the layers under the root fill at most this many
        // (chunks past the walk's end take no events and write nothing).
        let count = (tree.count + chunk - 1) / chunk
        let runs = self.runs
        // The chunks' buffers, reused from chunk to chunk.
        let memory = ChunkMemory()
        let turns = Turns(count)
        OrderedChunks.run(count, threads: threads, window: window) { k -> WrittenBytes? in
            turns.wait(k)
            var events: [Task] = []
            events.reserveCapacity(2 * chunk + 16)
            let deepest = Self.collectRound(tree, &tasks, layers: chunk, events: &events)
            // The levels the chunk's entries are written at (a paint reference's, the deepest,
            // two below its layer's), made before they are read.
            runs.prepare(upTo: deepest + 2)
            turns.pass(k)
            guard !events.isEmpty else { return nil }
            return Self.render(events[...], layers, runs: runs, memory: memory)
        } deliver: { _, bytes in
            if let bytes { writer.put(bytes) }
        }
    }

    /// Takes tasks into `events` until `layers` layer heads are taken (a round always ends
    /// before a head); returns the deepest level of the round's layers. `events` is empty at
    /// the call.
    static func collectRound(_ tree: LayerTree, _ tasks: inout [Task], layers: Int, events: inout [Task]) -> Int {
        var heads = 0
        var deepest = 0
        // The sublayer lists read in place (a list copied out of the tree was a retain and a
        // release a layer).
        tree.sublayerLists.withUnsafeBufferPointer { lists in
            while let task = tasks.last {
                if case .head = task, heads >= layers { return }
                tasks.removeLast()
                guard case .head(let id, let depth, let place, _) = task else {
                    events.append(task)
                    continue
                }
                heads += 1
                deepest = max(deepest, depth)
                let hasSublayers = !lists[id.index].isEmpty
                let then: After = hasSublayers ? .sublayers : .close
                if hasSublayers {
                    // Room for all of them at once (a root of 10,000 leaves doubled its way
                    // there), still at least doubling so that many small groups do not
                    // reallocate each.
                    let needed = tasks.count + lists[id.index].count + 4
                    if needed > tasks.capacity { tasks.reserveCapacity(max(needed, 2 * tasks.capacity)) }
                    tasks.append(.closeGroup(depth: depth))
                    lists[id.index].withUnsafeBufferPointer { subs in
                        for s in subs.dropFirst().reversed() { tasks.append(.head(s, depth: depth + 2, place: .later, then: .close)) }
                        tasks.append(.head(subs[0], depth: depth + 2, place: .first, then: .close))
                    }
                }
                if let mask = tree.mask(of: id) {
                    events.append(.head(id, depth: depth, place: place, then: .mask))
                    tasks.append(.tail(id, depth: depth, then: then))
                    tasks.append(.head(mask, depth: depth + 1, place: .value, then: .close))
                } else {
                    events.append(.head(id, depth: depth, place: place, then: then))
                }
            }
        }
        return deepest
    }

    /// Writes the bytes of `events` (one chunk of a round) into buffers of their own.
    private static func render(
        _ events: ArraySlice<Task>, _ layers: UnsafeBufferPointer<Layer>, runs: EntryRuns, memory: ChunkMemory
    ) -> WrittenBytes {
        let pieces = events.count
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
        let runs = self.runs
        for event in events {
            switch event {
            case .head(let id, let depth, let place, let then):
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
                let layer = layers + id.index
                var hasEntry = writeHead(layer, level: depth)
                if then != .mask { hasEntry = writeTail(layer, level: depth, comma: hasEntry) }
                after(then, depth: depth, hasEntry: hasEntry)
            case .tail(let id, let depth, let then):
                // After the `mask` entry.
                writeTail(layers + id.index, level: depth, comma: true)
                after(then, depth: depth, hasEntry: true)
            case .closeGroup(let depth):
                // `]` at the level of the layer's entries, `}` at the one before.
                let p = writer.room(2 * EntryRuns.entryRoom)
                let a = runs.runs(level: depth) + EntryKey.closeObject.rawValue &* EntryRuns.slot
                let n = Int(a[0])
                EntryCursor.copyRun(a + 2, to: p, count: n)
                p[n - 1] = UInt8(ascii: "]")
                let b = runs.runs(level: depth - 1) + EntryKey.closeObject.rawValue &* EntryRuns.slot
                let m = Int(b[0])
                EntryCursor.copyRun(b + 2, to: p + n, count: m)
                writer.commit(p + n + m)
            }
        }
    }

    /// Writes what follows a layer's entries at `depth` (``After``); `hasEntry`: the object
    /// has an entry.
    @inline(__always)
    private mutating func after(_ then: After, depth: Int, hasEntry: Bool) {
        switch then {
        case .close:
            var p = writer.room(EntryRuns.entryRoom)
            if hasEntry {
                let s = runs.runs(level: depth - 1) + EntryKey.closeObject.rawValue &* EntryRuns.slot
                let n = Int(s[0])
                EntryCursor.copyRun(s + 2, to: p, count: n)
                p += n
            } else {
                p[0] = UInt8(ascii: "}")
                p += 1
            }
            writer.commit(p)
        case .sublayers, .mask:
            var c = EntryCursor(p: writer.room(EntryRuns.entryRoom), runs: runs.runs(level: depth), comma: hasEntry)
            if then == .mask {
                c.entry(.mask)
            } else {
                c.entry(.sublayers)
                c.literal("[")
            }
            writer.commit(c.p)
        }
    }
}

/// Whose turn it is to take events from the walk: the thread that took chunk `k` waits until
/// chunk `k − 1`'s thread has taken its events (chunks are taken in order, but their threads
/// may reach the walk in any order). Each turn's semaphore is signalled once, so a wait
/// published by it sees the walk as the turn before left it.
private final class Turns: @unchecked Sendable {
    private let semaphores: [DispatchSemaphore]

    init(_ count: Int) {
        // Made at 0 and signalled (a semaphore freed below the value it was made with is an
        // error of libdispatch's): each is signalled once and waited for once.
        semaphores = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        semaphores.first?.signal()
    }

    /// Waits for chunk `k`'s turn.
    func wait(_ k: Int) { semaphores[k].wait() }

    /// Ends chunk `k`'s turn: the next chunk's thread goes on.
    func pass(_ k: Int) {
        if k + 1 < semaphores.count { semaphores[k + 1].signal() }
    }
}
