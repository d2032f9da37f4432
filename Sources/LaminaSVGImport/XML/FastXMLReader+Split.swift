import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reader's part in reading a large document in two halves at once.
///
/// While the first reader reads from the start, a second one reads from a start tag near the
/// middle (the split offset): it reads the document element's start tag first, for the namespace
/// bindings, then stands that element in for whatever is open at the split ("the level above"),
/// and records the end tags that close such elements. When the first reader reaches the split
/// offset as content (not inside a comment, CDATA section or processing instruction), outside
/// `text`, with no namespace declared below the document element, the halves are joined if the
/// second read worked and its recorded end tags name exactly the elements open there; then the
/// second half's elements, attribute slots, values and text runs are appended with their indices
/// and offsets moved, its names interned in the order it met them (the order one reader gives).
/// Otherwise the first reader reads on alone. Either way the tables are those of one reader.
struct SplitState {
    /// First half: the split offset (`Int.max` for none), and where the reader stopped for it.
    var stopAt = Int.max
    var stoppedAt = -1
    /// The namespace bindings in scope after the document element's start tag.
    var rootBindings = 0
    /// The second half's reader, while it runs (first half), and whether the halves were joined.
    var partner: SecondHalf?
    var joined = false

    /// Second half: reading after the split.
    var isSecondHalf = false
    /// End tags of elements opened before the split (their names in the input), the offset after
    /// each, the deepest level above the split an element or text run hangs from (-1 none), and
    /// the most open elements of its own this half had beyond those it closed.
    var closed: [(start: Int32, count: Int32)] = []
    var closedEnds: [Int] = []
    var deepestLevelAbove = -1
    var maxExcess = Int.min
    /// What the document element's start tag left in this reader's tables (not joined).
    var rootSlots = 0
    var rootArena = 0
    /// Where this half's values go once the document element's start tag is read: into the
    /// first reader's arena at ``FastXMLReader/secondHalfValues(_:count:split:)`` of the split
    /// (its offset there), where the join moves them within pages mostly written already (nil:
    /// this reader's own arena, copied by the join).
    var valuesAt: UnsafeMutablePointer<UInt8>?
    var valuesOffset = 0
    /// This reader's own arena, while it writes into the first reader's.
    var ownArena: UnsafeMutablePointer<UInt8>?
}

/// The second reader of a split document, its buffers, and whether it read its half.
final class SecondHalf: @unchecked Sendable {
    let reader: FastXMLReader
    let done = DispatchSemaphore(value: 0)
    /// Set by the first reader when it waits for this one (at the split or at its end): the
    /// second thread then stops backing the first reader's tables (``backAhead(_:)``).
    let firstWaits = Atomic<Bool>(false)
    private let arena: UnsafeMutablePointer<UInt8>
    private let text: UnsafeMutablePointer<UInt8>
    var succeeded = false
    private var waited = false
    private var roomsFreed = false

    init(base: UnsafePointer<UInt8>, count: Int) {
        arena = .allocate(capacity: count + 64)
        text = .allocate(capacity: count + 64)
        reader = FastXMLReader(base: base, count: count, arena: arena, text: text)
    }

    /// Waits (once) until the second read has finished.
    func wait() {
        if waited { return }
        firstWaits.store(true, ordering: .relaxed)
        done.wait()
        waited = true
    }

    /// Backs `regions` in pieces of ``backingPiece`` bytes until the first reader waits for
    /// this one: from then on the join faults in what is left itself, as it would have.
    func backAhead(_ regions: [(start: Int, length: Int)]) {
        for r in regions {
            var at = r.start
            while at < r.start + r.length {
                if firstWaits.load(ordering: .relaxed) { return }
                let piece = min(Self.backingPiece, r.start + r.length - at)
                Prefault.back([(at, piece)])
                at += piece
            }
        }
    }

    /// 128 pages: about a quarter of a millisecond of backing here.
    static let backingPiece = 1 << 19

    /// Frees this reader's arena and text room (once; the reader must not write again). Its
    /// values went into the first reader's arena, so they are mostly untouched and cheap to
    /// unmap, and freeing them where the first reader goes on keeps the allocator's moves (a
    /// freed large mapping raises its mapping threshold) where they were: the rest of this
    /// reader freed on another thread, with these, left ~2,000 more page faults at flat-1e5
    /// in 5 runs of 12.
    func freeRooms() {
        guard !roomsFreed else { return }
        roomsFreed = true
        arena.deallocate()
        text.deallocate()
    }

    deinit {
        freeRooms()
    }
}

extension FastXMLReader {
    /// Documents smaller than this are read by one reader.
    static let splitMinimumBytes = 1 << 21

    /// Where the second reader starts, as a share of the input: past the middle, since the
    /// second thread, done, also backs the pages the first reader and the join will write
    /// (``backAhead(_:)``), which the join faulted in alone after both reads (four fifths of
    /// its time). perf at 10 kHz, samples per thread, split at 7/16: flat-1e5 first reading
    /// ~107, second ~139, join ~51, backing ~40; deep-1e5 ~140, ~172, ~57, ~41. Per byte the
    /// halves read alike, so the reads plus the backing balance at about 9/16 on both.
    static let splitShare = (numerator: 9, denominator: 16)

    /// A start tag at ``splitShare`` of the input or after it to split at, or nil.
    static func splitPoint(_ base: UnsafePointer<UInt8>, count n: Int) -> Int? {
        var i = n / splitShare.denominator * splitShare.numerator
        let limit = n - n / 8
        while i < limit, let hit = memchr(base + i, 0x3C, limit - i) {
            let lt = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
            if lt + 1 < n, isNameStart(base[lt + 1]) { return lt }
            i = lt + 1
        }
        return nil
    }

    /// Starts the second reader at `offset` on another thread (this reader stops there), its
    /// values going into this reader's arena at `valuesAt` (tests), else at
    /// ``secondHalfValues(_:count:split:)``.
    func startSecondHalf(at offset: Int, valuesAt: Int? = nil) {
        let half = SecondHalf(base: base, count: n)
        split.stopAt = offset
        split.partner = half
        let at = min(offset + 64, max(0, valuesAt ?? Self.secondHalfValues(base, count: n, split: offset)))
        half.reader.split.valuesOffset = at
        half.reader.split.valuesAt = arena + at
        arenaLimit = at
        // Taken here, before this reader writes anything: the other thread only reads them.
        let rooms = tableRooms()
        let firstShare = Double(offset) / Double(max(1, n - offset))
        // The block lets the half go before its signal (this reader holds it too), so that
        // once this reader has waited, the half's last reference is this reader's.
        let held = HeldReference(half)
        let done = half.done
        DispatchQueue.global().async {
            if let half = held.value { Self.runSecondHalf(half, from: offset, rooms: rooms, firstShare: firstShare) }
            held.value = nil
            done.signal()
        }
    }

    /// The second reader's work on its thread (``startSecondHalf(at:valuesAt:)``).
    private static func runSecondHalf(_ half: SecondHalf, from offset: Int, rooms: [TableRoom], firstShare: Double) {
        do {
            try half.reader.readSecondHalf(from: offset)
            half.succeeded = true
        } catch {
            half.succeeded = false
        }
        // Done first, this thread backs the pages this reader (still reading) and the join
        // will write, which the join otherwise faulted in on this reader's thread.
        if half.succeeded {
            half.backAhead(Self.joinRegions(rooms: rooms, secondCounts: half.reader.joinCounts(), firstShare: firstShare))
        }
    }

    /// Where a table of the first reader is: its address, bytes per item and capacity in items,
    /// and whether the join appends the second half's items to it (the arena's are in place).
    struct TableRoom: Sendable, Equatable {
        var address: Int
        var stride: Int
        var capacity: Int
        var joinAppends = true
    }

    /// The tables the join appends to, in the order of ``joinCounts()``: element records,
    /// document order, the slots' name ids and value ends, values, text bytes.
    func tableRooms() -> [TableRoom] {
        func room<T>(_ a: [T]) -> TableRoom {
            let address = a.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
            return TableRoom(address: a.capacity > 0 ? address : 0, stride: MemoryLayout<T>.stride, capacity: a.capacity)
        }
        return [
            room(builder.elements), room(builder.order),
            TableRoom(address: Int(bitPattern: nameIDs.base), stride: MemoryLayout<Int32>.stride, capacity: nameIDs.capacity),
            TableRoom(address: Int(bitPattern: valueEnds.base), stride: MemoryLayout<UInt32>.stride, capacity: valueEnds.capacity),
            TableRoom(address: Int(bitPattern: arena), stride: 1, capacity: n, joinAppends: false),
            TableRoom(address: Int(bitPattern: textOut), stride: 1, capacity: n),
        ]
    }

    /// Second reader, done: how many items of each of ``tableRooms()`` the join appends.
    func joinCounts() -> [Int] {
        let slots = nameIDs.count - split.rootSlots
        return [builder.elements.count - 1, builder.order.count, slots, slots, arenaCount - split.rootArena, textCount]
    }

    /// The pages of the first reader's tables that it is about to write and the join will,
    /// estimated from the second half's counts: the first half holds about `firstShare` times
    /// as many items of each (its bytes against the second half's), and the join appends the
    /// second half's after them (not to the arena, which holds them already). From half the
    /// estimate (pages written already cost the kernel only a look) to 2 % past the estimated
    /// end, within each table's capacity. Backing
    /// (`MADV_POPULATE_WRITE`) changes no byte, so an estimate off either way costs only time:
    /// pages left out fault in as before, pages never written stay backed and unused.
    static func joinRegions(rooms: [TableRoom], secondCounts: [Int], firstShare: Double) -> [(start: Int, length: Int)] {
        var regions: [(start: Int, length: Int)] = []
        for (room, count) in zip(rooms, secondCounts) where count > 0 && room.capacity > 0 && room.address != 0 {
            let first = Double(count) * max(0, min(firstShare, 1_048_576))
            let low = min(room.capacity, Int(first / 2))
            let high = min(room.capacity, Int(first * 1.02) + (room.joinAppends ? count : 0) + 4096 / room.stride)
            guard high > low, let r = Prefault.pages(from: room.address + low * room.stride, length: (high - low) * room.stride)
            else { continue }
            regions.append(r)
        }
        return regions
    }

    /// Waits for a second reader, if one was started (it reads the input this reader reads),
    /// and gives it up: returned, so that its buffers may be let go elsewhere.
    @discardableResult
    func finishSecondHalf() -> SecondHalf? {
        let half = split.partner
        half?.wait()
        half?.freeRooms()
        split.partner = nil
        arenaLimit = Self.noArenaLimit
        return half
    }

    /// Second reader: the document element's start tag, then everything from `offset` on.
    func readSecondHalf(from offset: Int) throws(Decline) {
        _ = try startTag(prolog())
        guard stack.count == 1, textCount == 0 else { throw Decline() }
        split.isSecondHalf = true
        split.rootSlots = nameIDs.count
        split.rootArena = arenaCount
        // The document element's values stay behind (they are not joined): the next value is
        // written at `valuesAt`.
        if let at = split.valuesAt {
            split.ownArena = arena
            arena = at - arenaCount
        }
        // Lines and columns from the split on, made absolute by the join: the lines before it
        // are the first reader's to count (this thread counted them all again).
        lines.restart(at: offset)
        var i = offset
        while i < n, let hit = memchr(base + i, 0x3C, n - i) {
            let lt = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
            if lt > i, !isDroppedSpace(i, lt) { try text(i, lt) }
            i = try markup(at: lt)
        }
        if i < n { try text(i, n) }
        flushText()
    }

    /// Second reader: an end tag closing an element opened before the split (the one standing
    /// for it stays open for the level above); its name is checked when the halves join.
    func endTagOfOpenElement(_ lt: Int) throws(Decline) -> Int {
        let name = try qualifiedName(at: lt + 2)
        let i = skipSpace(name.end)
        guard i < n, base[i] == 0x3E else { throw Decline() }
        flushText()
        split.closed.append((Int32(name.start), Int32(name.end - name.start)))
        split.closedEnds.append(i + 1)
        return i + 1
    }

    /// The parent of an element starting now: the top open element, or in the second half at
    /// its base a level above the split (coded -2 - level).
    @inline(__always) func parentOfNewElement() -> Int? {
        guard let top = stack.last else { return nil }
        guard split.isSecondHalf else { return Int(top.index) }
        split.maxExcess = max(split.maxExcess, stack.count - 1 - split.closed.count)
        return stack.count == 1 ? levelAbove() : Int(top.index)
    }

    /// The parent of a text run kept under `top` (see ``parentOfNewElement()``).
    @inline(__always) func parentOfText(_ top: Open) -> Int {
        split.isSecondHalf && stack.count == 1 ? levelAbove() : Int(top.index)
    }

    private func levelAbove() -> Int {
        let level = split.closed.count
        split.deepestLevelAbove = max(split.deepestLevelAbove, level)
        return -2 - level
    }

    /// First reader, at a `<` at or past the split offset: whether to stop here for the second
    /// half (otherwise the split is given up and this reader reads on alone).
    func stopsForSecondHalf(at lt: Int) -> Bool {
        if lt == split.stopAt, textDepth == 0, bindings.count == split.rootBindings {
            flushText()
            split.stoppedAt = lt
            return true
        }
        split.stopAt = Int.max
        // Reading on alone, this reader writes where the second one writes its values.
        finishSecondHalf()
        return false
    }

    /// First reader, stopped at the split offset `offset`: joins the second half when it can
    /// (returning the offset after the document element), else reads on from there.
    func joinSecondHalf(at offset: Int) throws(Decline) -> Int {
        split.stopAt = Int.max
        split.stoppedAt = -1
        guard let half = split.partner else { return try contentLoop(from: offset) }
        half.wait()
        // The second reader is done: its values are joined, or left to be written over.
        arenaLimit = Self.noArenaLimit
        let other = half.reader
        let depth = stack.count
        guard half.succeeded, canJoin(other, depth: depth) else { return try contentLoop(from: offset) }
        join(other, depth: depth, at: offset)
        split.joined = true
        return other.split.closedEnds[depth - 1]
    }

    /// Whether the second half read exactly what this reader would have from the split on.
    private func canJoin(_ other: FastXMLReader, depth: Int) -> Bool {
        let s = other.split
        guard s.closed.count == depth, s.deepestLevelAbove < depth, depth + max(s.maxExcess, 0) < Self.maximumDepth else {
            return false
        }
        for k in 0..<depth {
            let open = stack[depth - 1 - k], end = s.closed[k]
            guard open.nameCount == end.count, memcmp(base + Int(open.nameStart), base + Int(end.start), Int(end.count)) == 0
            else { return false }
        }
        return true
    }
}
