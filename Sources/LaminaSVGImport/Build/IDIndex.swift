#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The element of each `id` in a document (the first element with that id, as browsers resolve
/// it), built on the first lookup: a document that refers to nothing by id (a sprite of symbols
/// nothing uses) never pays for the index.
///
/// The common index is ``IDByteTable``: the id values' bytes in the element table's arena,
/// hashed where they lie, so no `String` is made per id. Ids are looked up as `String`s, which
/// compare by canonical equivalence (`"K"` equals the Kelvin sign's `"K"`), where bytes
/// compare exactly; the two agree when both sides are ASCII. So a document with a non-ASCII id,
/// a non-ASCII lookup, and a table whose probes ran long (ids crafted to collide) use a
/// dictionary of `String`s instead, built the way the index always was.
final class IDIndex {
    private let tree: ElementTree
    private var bytes: IDByteTable?
    private var strings: [String: Int]?
    private var built = false

    init(tree: ElementTree) {
        self.tree = tree
    }

    /// The element with `id`, or nil.
    subscript(id: String) -> Int? {
        if !built {
            if let ahead = tree.table.idsAhead {
                bytes = ahead.wait().map { IDByteTable($0, table: tree.table) }
            } else {
                bytes = IDByteTable(tree.table)
            }
            built = true
        }
        if let bytes {
            let found = bytes.element(id)
            if found.ascii { return found.element }
        }
        if strings == nil { strings = Self.stringMap(tree) }
        return strings?[id]
    }

    /// Whether the index has been built (for tests).
    var isBuilt: Bool { built }

    /// Whether lookups go through the byte table (for tests).
    var usesByteTable: Bool { bytes != nil }

    /// Each element's first `id` attribute (as `ElementTree.attribute(_:_:)` finds it) as a
    /// `String`; the first element with an id wins.
    private static func stringMap(_ tree: ElementTree) -> [String: Int] {
        var map: [String: Int] = [:]
        IDByteTable.forEachID(tree.table) { element, slot in
            let id = tree.attributeValue(slot: slot)
            if map[id] == nil { map[id] = element }
            return true
        }
        return map
    }
}

/// The first element of each id, keyed by the id's bytes in the arena (open addressing over
/// 8-byte entries holding 31 bits of the id's hash and its attribute slot, its element found
/// from the slot on a hit; a cheap byte hash; bytes compared when the hash bits agree).
/// Nil from `init` when an id is not ASCII or a probe ran past ``maximumProbe``.
struct IDByteTable {
    /// The open-addressing table alone, without the element table its entries point into:
    /// what ``IDTableAhead`` builds on a helper thread from the reader's columns.
    struct Entries: Sendable {
        /// Each id's key (``IDByteTable/key(hash:slot:)``: hash bits and attribute slot), -1
        /// empty; a power of two at least twice the number of `id` attributes.
        let slots: [Int64]
        let mask: Int
        /// The longest probe any insertion took: a lookup stops after it.
        let longestProbe: Int
    }

    /// Entries, the key (hash bits and attribute slot) of each id's first element, -1 empty;
    /// a power of two at least twice the number of `id` attributes.
    private let entries: [Int64]
    private let mask: Int
    /// The longest probe any insertion took: a lookup stops after it.
    private let longestProbe: Int
    private let table: ElementTable

    /// Longer probes give the table up (only ids made to collide reach it).
    static let maximumProbe = 64

    init?(_ table: ElementTable) {
        let made = table.attributeNameIDs.withUnsafeBufferPointer { names in
            table.valueEnds.withUnsafeBufferPointer { ends in
                table.arena.withUnsafeBufferPointer { arena in
                    Self.entries(names: names, ends: ends, arena: arena, isID: table.attributeNames.map(\.isID))
                }
            }
        }
        guard let made else { return nil }
        self.init(made, table: table)
    }

    /// The table of `made`, built from `table`'s columns.
    init(_ made: Entries, table: ElementTable) {
        self.table = table
        self.mask = made.mask
        self.entries = made.slots
        longestProbe = made.longestProbe
    }

    /// The entries for the `id` values in a document's slot columns (`isID`: per attribute
    /// name, whether it is `id`): the first slot of each non-empty value, in slot order, which
    /// is element order (an element has at most one `id`: a repeated attribute is an XML
    /// error). Nil when an id is not ASCII or a probe ran past ``maximumProbe``. The element
    /// records are not read, so the content order may be sorted meanwhile.
    ///
    /// Two passes: the ids' keys (``key(hash:slot:)``) are made in slot order, reading the
    /// columns and the arena forward; then they are put in the table, a loop whose next probe
    /// does not wait for this one's, so the cache misses of a large table (8 MB at deep-1e6)
    /// overlap. A probe compares the keys' hash bits before the bytes: an occupied entry of
    /// another id is passed over without reading its value's end and bytes (two more misses).
    static func entries(
        names: UnsafeBufferPointer<Int32>, ends: UnsafeBufferPointer<UInt32>, arena: UnsafeBufferPointer<UInt8>,
        isID: [Bool]
    ) -> Entries? {
        guard let keys = Self.idKeys(names: names, ends: ends, arena: arena, isID: isID) else { return nil }
        var capacity = 16
        while capacity < 2 * keys.count { capacity *= 2 }
        let mask = capacity - 1
        var longest = 0
        var entries = [Int64](repeating: -1, count: capacity)
        let fits = entries.withUnsafeMutableBufferPointer { slots in
            for key in keys {
                var i = Int(key >> 32) & mask
                var probe = 0
                var known = false
                while slots[i] >= 0 {
                    if slots[i] >> 32 == key >> 32, Self.same(slots[i], Int(key & Self.slotBits), arena, ends) {
                        known = true
                        break
                    }
                    probe += 1
                    guard probe <= Self.maximumProbe else { return false }
                    i = (i + 1) & mask
                }
                if known { continue }
                slots[i] = key
                longest = max(longest, probe)
            }
            return true
        }
        guard fits else { return nil }
        return Entries(slots: entries, mask: mask, longestProbe: longest)
    }

    /// The key of each non-empty `id` value, in slot order; nil when a value is not ASCII.
    ///
    /// The values lie scattered through an arena far larger than the cache (deep-1e6: 350,000
    /// ids in ~50 MB), and hashing one byte by byte, its loop's exit mispredicted, left one
    /// cache miss in flight at a time: four fifths of the pass's samples were the first byte's
    /// load. So the ids go in blocks of ``touchBlock``: each value's first and last bytes are
    /// read first, in a loop of independent loads whose misses overlap, then the block is
    /// hashed from the cache.
    static func idKeys(
        names: UnsafeBufferPointer<Int32>, ends: UnsafeBufferPointer<UInt32>, arena: UnsafeBufferPointer<UInt8>,
        isID: [Bool]
    ) -> [Int64]? {
        let slots = Self.idSlots(names, isID: isID)
        var keys: [Int64] = []
        keys.reserveCapacity(slots.count)
        var b = 0
        while b < slots.count {
            let e = min(b + Self.touchBlock, slots.count)
            var high: UInt8 = 0
            for k in b..<e {
                let s = Int(slots[k])
                let start = s == 0 ? 0 : Int(ends[s - 1]), end = Int(ends[s])
                if end > start { high |= arena[start] | arena[end - 1] }
            }
            guard high < 0x80 else { return nil }
            for k in b..<e {
                let s = Int(slots[k])
                let start = s == 0 ? 0 : Int(ends[s - 1]), end = Int(ends[s])
                guard end > start else { continue }
                let (h, ascii) = Self.hash(arena.baseAddress! + start, end - start)
                guard ascii else { return nil }
                keys.append(Self.key(hash: h, slot: s))
            }
            b = e
        }
        return keys
    }

    /// Ids whose values are read ahead at once: their lines fit in the first-level cache.
    static let touchBlock = 64

    /// An entry: the low 31 bits of the id's hash (whose low bits are its home in the table)
    /// above its attribute slot's 32; never negative, so -1 is free.
    @inline(__always) static func key(hash: Int, slot: Int) -> Int64 {
        Int64(hash & 0x7FFF_FFFF) << 32 | Int64(slot)
    }

    /// The slot bits of an entry.
    static let slotBits: Int64 = 0xFFFF_FFFF

    /// The slots whose name is an `id` (`isID`: the names' ``AttributeName/isID``), in order:
    /// one pass over the name-id column, without a branch per slot (an `id` among a few
    /// other attributes mispredicts one): each block's slots are written, an `id`'s kept.
    static func idSlots(_ names: UnsafeBufferPointer<Int32>, isID: [Bool]) -> [Int32] {
        guard isID.contains(true) else { return [] }
        let flags = isID.map { UInt8($0 ? 1 : 0) }
        var hits: [Int32] = []
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.scanBlock) { block in
            flags.withUnsafeBufferPointer { flag in
                var s = 0
                while s < names.count {
                    let e = min(s + Self.scanBlock, names.count)
                    var n = 0
                    for t in s..<e {
                        block[n] = Int32(truncatingIfNeeded: t)
                        n &+= Int(flag[Int(names[t])])
                    }
                    hits.append(contentsOf: UnsafeBufferPointer(rebasing: block[..<n]))
                    s = e
                }
            }
        }
        return hits
    }

    /// Slots scanned into one block by ``idSlots(_:isID:)``.
    static let scanBlock = 1024

    /// The element whose attribute slots hold `slot`: the last one whose slots start at or
    /// before it.
    static func owner(of slot: Int, in elements: UnsafeBufferPointer<ElementRecord>) -> Int {
        var lo = 0, hi = elements.count
        while lo + 1 < hi {
            let mid = (lo + hi) / 2
            if Int(elements[mid].attributeStart) <= slot { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Calls `body` with each element's first `id` slot (no namespace) whose value is not
    /// empty, in document order, until it returns false.
    /// Each slot's element is found from the previous one's, galloping over the element
    /// records (the last element whose slots start at or before it).
    static func forEachID(_ table: ElementTable, _ body: (_ element: Int, _ slot: Int) -> Bool) {
        let isID = table.attributeNames.map(\.isID)
        let slots = table.attributeNameIDs.withUnsafeBufferPointer { idSlots($0, isID: isID) }
        table.elements.withUnsafeBufferPointer { elements in
            table.valueEnds.withUnsafeBufferPointer { ends in
                var owner = 0
                var lastOwner = -1
                for slot in slots {
                    let s = Int(slot)
                    // elements[owner] starts at or before `s`; gallop, then bisect.
                    var hi = owner + 1, step = 1
                    while hi < elements.count, Int(elements[hi].attributeStart) <= s {
                        owner = hi
                        step *= 2
                        hi = owner + step
                    }
                    hi = min(hi, elements.count)
                    while owner + 1 < hi {
                        let mid = (owner + hi) / 2
                        if Int(elements[mid].attributeStart) <= s { owner = mid } else { hi = mid }
                    }
                    guard owner != lastOwner else { continue }
                    lastOwner = owner
                    guard ends[s] > (s == 0 ? 0 : ends[s - 1]) else { continue }
                    if !body(owner, s) { return }
                }
            }
        }
    }

    /// FNV-1a of `count` bytes at `p`, and whether they are all ASCII.
    @inline(__always) static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> (hash: Int, ascii: Bool) {
        var h: UInt32 = 2_166_136_261
        var high: UInt8 = 0
        for k in 0..<count {
            h = (h ^ UInt32(p[k])) &* 16_777_619
            high |= p[k]
        }
        return (Int(h), high < 0x80)
    }

    /// Whether the id of `entry` is the `count` bytes at `p`.
    @inline(__always) private static func same(
        _ entry: Int64, _ p: UnsafePointer<UInt8>, _ count: Int, _ arena: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        let slot = Int(entry & slotBits)
        let start = slot == 0 ? 0 : Int(ends[slot - 1])
        return Int(ends[slot]) - start == count && memcmp(arena.baseAddress! + start, p, count) == 0
    }

    /// Whether the id of `entry` is the value of slot `other` (lengths compared first).
    @inline(__always) private static func same(
        _ entry: Int64, _ other: Int, _ arena: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        let start = other == 0 ? 0 : Int(ends[other - 1])
        return same(entry, arena.baseAddress! + start, Int(ends[other]) - start, arena, ends)
    }

    /// The element with the id `id` (nil when none has it), and whether `id` is ASCII: if
    /// not, the answer is nil and means nothing.
    func element(_ id: String) -> (element: Int?, ascii: Bool) {
        var id = id
        return id.withUTF8 { key -> (element: Int?, ascii: Bool) in
            guard let p = key.baseAddress, !key.isEmpty else { return (nil, true) }
            let (h, ascii) = Self.hash(p, key.count)
            guard ascii else { return (nil, false) }
            return table.arena.withUnsafeBufferPointer { arena in
                table.valueEnds.withUnsafeBufferPointer { ends in
                    entries.withUnsafeBufferPointer { slots -> (element: Int?, ascii: Bool) in
                        let tag = Self.key(hash: h, slot: 0) >> 32
                        var i = h & mask
                        for _ in 0...longestProbe {
                            let e = slots[i]
                            if e < 0 { break }
                            if e >> 32 == tag, Self.same(e, p, key.count, arena, ends) {
                                let owner = table.elements.withUnsafeBufferPointer { Self.owner(of: Int(e & Self.slotBits), in: $0) }
                                return (owner, true)
                            }
                            i = (i + 1) & mask
                        }
                        return (nil, true)
                    }
                }
            }
        }
    }
}
