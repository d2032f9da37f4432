/// A set of known object keys, matched against raw key bytes without building strings.
protocol JSONKey: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

/// Key lookup by byte length, then bytes; each key also has a bit for duplicate detection.
///
/// The spellings live in one byte pool and the entries are plain values, so a lookup neither
/// copies nor retains anything.
struct KeyTable<K: JSONKey>: Sendable {
    private struct Entry: Sendable {
        var start: Int
        var key: K
        var bit: UInt64
    }

    private let pool: [UInt8]
    /// Entries sorted by spelling length.
    private let entries: [Entry]
    /// For each length, the range of `entries` with that length.
    private let byLength: [Range<Int>]

    init() {
        var pool: [UInt8] = []
        var all: [(length: Int, entry: Entry)] = []
        for (i, k) in K.allCases.enumerated() {
            let u = Array(k.rawValue.utf8)
            all.append((u.count, Entry(start: pool.count, key: k, bit: 1 << UInt64(i))))
            pool += u
        }
        all.sort { $0.length < $1.length }
        var ranges = Array(repeating: 0..<0, count: 32)
        for length in 0..<32 {
            let lo = all.firstIndex { $0.length >= length } ?? all.count
            let hi = all.firstIndex { $0.length > length } ?? all.count
            ranges[length] = lo..<max(lo, hi)
        }
        self.pool = pool
        entries = all.map(\.entry)
        byLength = ranges
    }

    /// The key spelled by `text`, with its bit, or nil.
    func match(_ text: ArraySlice<UInt8>) -> (key: K, bit: UInt64)? {
        if let found = text.withContiguousStorageIfAvailable({ match($0) }) { return found }
        return Array(text).withUnsafeBufferPointer { match($0) }
    }

    /// The key spelled by `bytes[range]`, with its bit, or nil.
    func match(_ bytes: [UInt8], _ range: Range<Int>) -> (key: K, bit: UInt64)? {
        let n = range.count
        guard n < byLength.count else { return nil }
        for e in byLength[n] {
            let entry = entries[e]
            var j = 0
            while j < n, pool[entry.start + j] == bytes[range.lowerBound + j] { j += 1 }
            if j == n { return (entry.key, entry.bit) }
        }
        return nil
    }

    /// The key spelled by `text`, with its bit, or nil.
    private func match(_ text: UnsafeBufferPointer<UInt8>) -> (key: K, bit: UInt64)? {
        let n = text.count
        guard n < byLength.count else { return nil }
        for e in byLength[n] {
            let entry = entries[e]
            var j = 0
            while j < n, pool[entry.start + j] == text[j] { j += 1 }
            if j == n { return (entry.key, entry.bit) }
        }
        return nil
    }
}

/// Keys already seen in one object: a bit per known key, the spelled-out `x-` keys.
struct SeenKeys {
    var bits: UInt64 = 0
    var extensions: [ArraySlice<UInt8>] = []

    func contains(_ bit: UInt64) -> Bool { bits & bit != 0 }
}

/// Whether a key is an extension key (`x-…`), whose value is ignored.
func isExtensionKey(_ text: ArraySlice<UInt8>) -> Bool {
    text.count >= 2 && text[text.startIndex] == UInt8(ascii: "x") && text[text.startIndex + 1] == UInt8(ascii: "-")
}

/// Top-level document keys.
enum DocumentKey: String, JSONKey {
    case format, version, root, resources
}

/// Layer keys, in output order.
enum LayerKey: String, JSONKey {
    case name, kind, bounds, position, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform
    case geometryFlipped, masksToBounds, hidden, cornerRadius, opacity, allowsGroupOpacity
    case backgroundColor, borderColor, borderWidth, mask, constraints, layoutManager, autoresizingMask
    case content, svg, sublayers
}

/// Content keys: shape kind, geometry, paint.
enum ContentKey: String, JSONKey {
    case kind, x, y, width, height, rx, ry, cx, cy, r, x1, y1, x2, y2, points, d, xml
    case fill, stroke, fillOpacity, strokeOpacity, fillRule, strokeWidth, strokeLinecap, strokeLinejoin
    case strokeMiterlimit, strokeDasharray, strokeDashoffset, clipRule, extra
}

/// Keys of a `{"ref": ID}` paint.
enum PaintKey: String, JSONKey {
    case ref, fallback
}

/// Keys of the `svg` object.
enum SVGKey: String, JSONKey {
    case element, id, title
    case className = "class"
    case mask, filter, extra
}

/// Keys of one constraint.
enum ConstraintKey: String, JSONKey {
    case attribute, relativeTo, sourceAttribute, scale, offset
}

/// Keys of one resource.
enum ResourceKey: String, JSONKey {
    case kind, xml
}

/// The key tables, built once.
enum Keys {
    static let document = KeyTable<DocumentKey>()
    static let layer = KeyTable<LayerKey>()
    static let content = KeyTable<ContentKey>()
    static let paint = KeyTable<PaintKey>()
    static let svg = KeyTable<SVGKey>()
    static let constraint = KeyTable<ConstraintKey>()
    static let resource = KeyTable<ResourceKey>()
}

extension KeyTable {
    /// The bit of `key` (for building key masks once).
    func bit(_ key: K) -> UInt64 { match(Array(key.rawValue.utf8)[...])?.bit ?? 0 }

    /// The bits of several keys.
    func bits(_ keys: [K]) -> UInt64 { keys.reduce(0) { $0 | bit($1) } }

    /// The first key (in declaration order) whose bit is in `mask`.
    func firstKey(in mask: UInt64) -> K? { K.allCases.first { bit($0) & mask != 0 } }
}
