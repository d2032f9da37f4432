import LaminaCore

/// Writes pretty-printed JSON bytes: objects and arrays of objects one entry per line with a
/// 2-space indent, arrays of numbers or strings on one line.
///
/// Bytes collect in one fixed buffer that is handed to `sink` whenever it fills (and at
/// ``finish()``), so output of any size costs one buffer of memory; or they are written in place
/// in the room an output lends (``init(inPlace:)``: no copy from one buffer into the other).
/// Indentation stops growing
/// after ``maxIndentLevel`` levels so that very deep trees stay linear in size.
struct JSONWriter: ~Copyable {
    /// The deepest level that still adds indentation.
    static let maxIndentLevel = 100
    /// The most bytes one entry's separator, newline and indent take.
    private static let maxEntryPrefix = 2 + 2 * maxIndentLevel

    var buffer: UnsafeMutablePointer<UInt8>
    var capacity: Int
    /// Whether a full buffer is kept and another one started instead of being handed out
    /// (``init(growing:)``).
    private let grows: Bool
    /// The full buffers of a writer made with ``init(growing:)``, in order (`buffer` is the
    /// one being written).
    var filled: [WrittenBytes.Segment] = []
    /// Where a growing writer's buffers come from and go back to (nil: malloc).
    let memory: ChunkMemory?
    /// Where the room to write in comes from, for a writer made with ``init(inPlace:)`` (whose
    /// `buffer` is that room, not its own).
    private let lender: ((_ written: Int, _ minimum: Int) -> UnsafeMutableRawBufferPointer)?
    /// Where the lender takes whole buffers written elsewhere (``put(_:)-(WrittenBytes)``), or nil.
    let taker: HandOver?
    var count = 0
    /// Bytes handed to `sink` so far.
    var handedOut = 0
    private let sink: (UnsafeRawBufferPointer) -> Void

    /// State of the innermost open container: bit 0 set for an array, bit 1 once it has an entry.
    private var top: UInt8 = 0
    /// States of the enclosing containers (the innermost is `top`).
    private var outer: [UInt8] = []
    /// Open containers.
    private(set) var depth = 0
    private var afterKey = false

    /// A writer that hands out its bytes in pieces of at most `chunkSize` bytes (at least 4 KB).
    init(chunkSize: Int, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        capacity = max(chunkSize, 4096)
        buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        self.sink = sink
        grows = false
        lender = nil
        taker = nil
        memory = nil
    }

    /// A writer that writes in the room `room` lends (an output's pending buffer): `room(n, m)`
    /// says that the writer filled `n` bytes of the room it lent last and returns the next
    /// room, of at least `m` bytes (`m` is at most 4 KB; 0 for the last call, at ``finish()``).
    /// Bytes written elsewhere go to `handOver` when given, else are copied into the room.
    init(
        inPlace room: @escaping (_ written: Int, _ minimum: Int) -> UnsafeMutableRawBufferPointer,
        handOver: HandOver? = nil
    ) {
        let first = room(0, 4096)
        buffer = first.baseAddress!.assumingMemoryBound(to: UInt8.self)
        capacity = first.count
        sink = { _ in }
        grows = false
        lender = room
        taker = handOver
        memory = nil
    }

    /// A writer that keeps every byte, in a buffer of `initialCapacity` bytes (at least 4 KB)
    /// and bigger ones started as each one fills, for ``takeBytes()`` (a chunk of ``LayerEncoder``'s layers: its
    /// bytes are copied once, into the document). A full buffer is kept as it is, not copied
    /// into a bigger one: regrowing copied every byte written so far again and touched twice
    /// the pages. Its buffers come from `memory` when given, and go back to it with the bytes.
    init(growing initialCapacity: Int, memory: ChunkMemory? = nil) {
        (buffer, capacity) = ChunkMemory.take(max(initialCapacity, 4096), from: memory)
        sink = { _ in }
        grows = true
        lender = nil
        taker = nil
        self.memory = memory
    }

    /// Room for `n` more bytes in a writer made with ``init(growing:)``: the full buffer kept,
    /// a new one of twice the capacity (or of twice `n` bytes if more) started, so that a chunk
    /// takes a few buffers however far its first capacity was from its size (a room asked for
    /// a group of entries is bigger than a 4 KB buffer).
    private mutating func nextBuffer(_ n: Int) {
        let newCapacity = max(2 * capacity, 2 * n)
        if count == 0 {
            // Nothing to keep: only a bigger buffer.
            ChunkMemory.give(buffer, capacity: capacity, to: memory)
        } else {
            filled.append(WrittenBytes.Segment(base: buffer, count: count, capacity: capacity))
            handedOut += count
            count = 0
        }
        (buffer, capacity) = ChunkMemory.take(newCapacity, from: memory)
    }

    deinit {
        // Lent room belongs to the lender.
        if lender == nil { ChunkMemory.give(buffer, capacity: capacity, to: memory) }
        for segment in filled { ChunkMemory.give(segment.base, capacity: segment.capacity, to: memory) }
    }

    /// Writes the final newline and hands out the rest of the bytes.
    mutating func finish() {
        put(0x0A)
        flush()
    }

    /// Hands out the bytes written so far.
    mutating func flush() { flush(needing: 0) }

    /// Hands out the bytes written so far; a writer writing in lent room gets new room of at
    /// least `n` bytes.
    private mutating func flush(needing n: Int) {
        if let lender {
            let next = lender(count, n)
            handedOut += count
            count = 0
            buffer = next.baseAddress!.assumingMemoryBound(to: UInt8.self)
            capacity = next.count
            return
        }
        guard count > 0 else { return }
        sink(UnsafeRawBufferPointer(start: buffer, count: count))
        handedOut += count
        count = 0
    }

    /// Every byte written so far, handed out or not (where ``LayerEncoder``'s chunks cut
    /// their pieces, without handing each piece out on its own).
    var position: Int { handedOut + count }

    /// Room for `n` bytes (at most `capacity`) at the returned pointer; the caller adds to `count`.
    @inline(__always)
    mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if count + n > capacity {
            if grows { nextBuffer(n) } else { flush(needing: n) }
        }
        return buffer + count
    }

    /// Takes the bytes written at the pointer ``room(_:)`` returned, up to `end` (for writers
    /// that write a run of entries there without a test per entry: ``EntryCursor``).
    @inline(__always)
    mutating func commit(_ end: UnsafeMutablePointer<UInt8>) {
        count = buffer.distance(to: end)
    }

    @inline(__always)
    mutating func put(_ b: UInt8) {
        room(1).pointee = b
        count += 1
    }

    /// Copies bytes of any length.
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if bytes.count > capacity - count, grows {
            nextBuffer(bytes.count)
        } else if bytes.count > capacity - count, lender != nil {
            // The room lent filled, then more room, as often as it takes.
            var from = base
            var rest = bytes.count
            while rest > capacity - count {
                let n = capacity - count
                (buffer + count).update(from: from, count: n)
                count += n
                from += n
                rest -= n
                flush(needing: 1)
            }
            (buffer + count).update(from: from, count: rest)
            count += rest
            return
        } else if bytes.count > capacity - count {
            flush()
            if bytes.count > capacity {
                sink(UnsafeRawBufferPointer(bytes))
                handedOut += bytes.count
                return
            }
        }
        (buffer + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Appends the bytes of a literal.
    @inline(__always)
    mutating func raw(_ s: StaticString) {
        put(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Writes `,` (unless first), newline and the indent of `level` at `p`; returns the length.
    @inline(__always)
    private static func entryPrefix(_ p: UnsafeMutablePointer<UInt8>, comma: Bool, level: Int) -> Int {
        var i = 0
        if comma {
            p[0] = UInt8(ascii: ",")
            i = 1
        }
        p[i] = 0x0A
        i += 1
        let spaces = 2 * min(level, maxIndentLevel)
        (p + i).initialize(repeating: 0x20, count: spaces)
        return i + spaces
    }

    /// Starts an entry of the innermost container: separator, newline, indent.
    @inline(__always)
    private mutating func beginEntry(extra: Int) -> UnsafeMutablePointer<UInt8> {
        let p = room(Self.maxEntryPrefix + extra)
        guard depth > 0 else { return p }
        let n = Self.entryPrefix(p, comma: top & 2 != 0, level: depth)
        top |= 2
        count += n
        return p + n
    }

    /// The containers' state, kept around entries written here as fragments
    /// (``beginFragment(depth:hasEntry:)``) by ``LayerEncoder`` on one thread.
    var containers: (top: UInt8, outer: [UInt8], depth: Int, afterKey: Bool) {
        get { (top, outer, depth, afterKey) }
        set { (top, outer, depth, afterKey) = newValue }
    }

    /// Records that the value after the last key was written at ``room(_:)`` by the caller
    /// (``LayerEncoder``'s layers), whatever its containers: the next entry starts anew.
    mutating func valueWritten() { afterKey = false }

    /// Called before any value: after a key nothing, in an array a new entry.
    @inline(__always)
    private mutating func beginValue() {
        if afterKey {
            afterKey = false
        } else if depth > 0, top & 1 != 0 {
            _ = beginEntry(extra: 0)
        }
    }

    /// Starts writing entries of an object that is open at `depth` (with an entry already when
    /// `hasEntry`), as if the containers around it were written by another writer.
    mutating func beginFragment(depth: Int, hasEntry: Bool) {
        self.depth = depth
        top = hasEntry ? 2 : 0
        outer.removeAll(keepingCapacity: true)
        afterKey = false
    }

    /// Appends entries written by a writer started with ``beginFragment(depth:hasEntry:)`` at
    /// the current depth and state, so that the bytes are those it would have written itself.
    mutating func fragment(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        if lender != nil {
            // Copied into the room lent, and further room as it fills.
            put(bytes)
            top |= 2
            return
        }
        var rest = bytes
        while !rest.isEmpty {
            let n = min(rest.count, capacity)
            put(UnsafeBufferPointer(rebasing: rest[..<n]))
            rest = UnsafeBufferPointer(rebasing: rest[n...])
        }
        top |= 2
    }

    /// The longest key written in one piece by ``key(_:)`` and ``number(_:key:)``.
    private static let shortKey = 64

    /// Writes `"key": ` at `p` (room for the key's length + 4); returns the length.
    @inline(__always)
    private static func keyBytes(_ key: StaticString, at p: UnsafeMutablePointer<UInt8>) -> Int {
        let n = key.utf8CodeUnitCount
        p[0] = UInt8(ascii: "\"")
        ShortCopy.copy(key.utf8Start, to: p + 1, count: n)
        p[n + 1] = UInt8(ascii: "\"")
        p[n + 2] = UInt8(ascii: ":")
        p[n + 3] = 0x20
        return n + 4
    }

    /// Writes `"key": ` as a new entry of the current object (a plain ASCII literal).
    mutating func key(_ key: StaticString) {
        guard key.utf8CodeUnitCount <= Self.shortKey else {
            _ = beginEntry(extra: 0)
            put(UInt8(ascii: "\""))
            raw(key)
            raw("\": ")
            afterKey = true
            return
        }
        let p = beginEntry(extra: key.utf8CodeUnitCount + 4)
        count += Self.keyBytes(key, at: p)
        afterKey = true
    }

    /// Writes `"key": ` for a key that needs escaping (resource ids).
    mutating func key(escaping key: String) {
        _ = beginEntry(extra: 0)
        appendQuoted(key)
        raw(": ")
        afterKey = true
    }

    private mutating func open(_ state: UInt8, _ bracket: UInt8) {
        beginValue()
        put(bracket)
        if depth > 0 { outer.append(top) }
        top = state
        depth += 1
    }

    mutating func openObject() { open(0, UInt8(ascii: "{")) }

    mutating func openArray() { open(1, UInt8(ascii: "[")) }

    /// Closes the innermost object or array.
    mutating func close() {
        guard depth > 0 else { return }
        let c = top
        depth -= 1
        top = depth > 0 ? (outer.popLast() ?? 0) : 0
        let p = room(Self.maxEntryPrefix + 1)
        var n = 0
        if c & 2 != 0 { n = Self.entryPrefix(p, comma: false, level: depth) }
        p[n] = c & 1 != 0 ? UInt8(ascii: "]") : UInt8(ascii: "}")
        count += n + 1
    }

    mutating func string(_ s: String) {
        beginValue()
        appendQuoted(s)
    }

    mutating func number(_ v: Double) {
        beginValue()
        appendNumber(v)
    }

    /// `"key": number` as a new entry of the current object: ``key(_:)`` then ``number(_:)``
    /// with one check for room.
    mutating func number(_ v: Double, key: StaticString) {
        guard key.utf8CodeUnitCount <= Self.shortKey else {
            self.key(key)
            number(v)
            return
        }
        let p = beginEntry(extra: key.utf8CodeUnitCount + 4 + NumberText.maximumByteCount)
        let k = Self.keyBytes(key, at: p)
        count += k + NumberText.write(v, to: p + k)
    }

    /// `"key": "value"` as a new entry of the current object, both plain ASCII literals with
    /// nothing to escape, with one check for room.
    mutating func string(_ value: StaticString, key: StaticString) {
        guard key.utf8CodeUnitCount <= Self.shortKey, value.utf8CodeUnitCount <= Self.shortKey else {
            self.key(key)
            string(value.description)
            return
        }
        let p = beginEntry(extra: key.utf8CodeUnitCount + 6 + value.utf8CodeUnitCount)
        let k = Self.keyBytes(key, at: p)
        let n = value.utf8CodeUnitCount
        p[k] = UInt8(ascii: "\"")
        ShortCopy.copy(value.utf8Start, to: p + k + 1, count: n)
        p[k + n + 1] = UInt8(ascii: "\"")
        count += k + n + 2
    }

    mutating func bool(_ v: Bool) {
        beginValue()
        if v { raw("true") } else { raw("false") }
    }

    /// Starts a one-line array: `[`.
    mutating func openInline() {
        beginValue()
        put(UInt8(ascii: "["))
    }

    @inline(__always)
    private mutating func appendNumber(_ v: Double) {
        count += NumberText.write(v, to: room(NumberText.maximumByteCount))
    }
}
