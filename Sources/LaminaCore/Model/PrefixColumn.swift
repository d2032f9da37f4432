/// A value a ``PrefixColumn`` holds for every entry that was never set.
public protocol PrefixColumnElement: Hashable, Sendable {
    /// The value of an entry never set.
    static var columnDefault: Self { get }
}

extension Bool: PrefixColumnElement {
    @inlinable public static var columnDefault: Bool { false }
}

extension Int: PrefixColumnElement {
    @inlinable public static var columnDefault: Int { 0 }
}

/// A per-layer column entry that stores an optional index in 4 bytes (``IndexColumn``'s form:
/// `Int32.min` for nil), nil when never set.
public struct CompactIndexSlot: PrefixColumnElement {
    @usableFromInline var raw: Int32
    @inlinable init(raw: Int32) { self.raw = raw }
    @inlinable public static var columnDefault: CompactIndexSlot { CompactIndexSlot(raw: .min) }
}

/// The entries of a per-layer column stored only up to the last one set (``PrefixColumn``):
/// the layer tree keeps these arrays, and a new layer appends nothing to them.
///
/// The stored array may be longer than the column (room filled ahead with the default, so that
/// setting entries of layers made one after another does not extend it each time); entries
/// past the column's count are always the default.
@usableFromInline
enum PrefixStorage {
    /// Entry `i` of `stored` (the default past its end).
    @inlinable @inline(__always)
    static func read<E: PrefixColumnElement>(_ stored: [E], _ i: Int) -> E {
        i < stored.count ? stored[i] : E.columnDefault
    }

    /// Sets entry `i` of `stored` (one of the column's entries), extending it when needed.
    @inlinable @inline(__always)
    static func write<E: PrefixColumnElement>(_ stored: inout [E], _ i: Int, _ value: E) {
        if i < stored.count {
            stored[i] = value
        } else if value != E.columnDefault {
            extend(&stored, through: i)
            stored[i] = value
        }
    }

    /// Extends `stored` with default entries to hold entry `i` at least: to twice its length
    /// when that is more (at most `i + 1 + 4096` entries, and within its capacity), so that
    /// entries set one after another extend it a few times, not each time.
    @usableFromInline
    static func extend<E: PrefixColumnElement>(_ stored: inout [E], through i: Int) {
        let ahead = min(2 * stored.count, i + 1 + 4096, stored.capacity)
        let want = max(i + 1, ahead)
        stored.append(contentsOf: repeatElement(E.columnDefault, count: want - stored.count))
    }

    /// Appends the entries of a column of `sourceCount` entries stored in `source` to a column
    /// of `count` entries stored in `stored`.
    static func append<E: PrefixColumnElement>(_ source: [E], sourceCount: Int, to stored: inout [E], count: Int) {
        guard source.contains(where: { $0 != E.columnDefault }) else { return }
        if stored.count > count { stored.removeLast(stored.count - count) }
        if stored.count < count { stored.append(contentsOf: repeatElement(E.columnDefault, count: count - stored.count)) }
        stored.append(contentsOf: source.prefix(sourceCount))
    }
}

/// One value per layer (by `LayerID.index`) of which only the entries up to the last one set
/// are stored: the others read as the element's ``PrefixColumnElement/columnDefault``.
/// The layer tree's columns that almost every layer leaves at their default (layout marks and
/// counts, delegates, masks) are read and changed as these.
///
///     var marks = tree.needsLayoutFlags   // tree.count entries, maybe none stored
///     marks[3] = true                     // stores entries 0...3 (and maybe room after)
public struct PrefixColumn<Element: PrefixColumnElement>: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    @usableFromInline var stored: [Element]
    /// The number of entries.
    public let count: Int

    /// `count` entries, the first `stored.count` of them stored (`stored` may be longer: its
    /// entries past `count` are the default).
    @inlinable init(stored: [Element], count: Int) {
        self.stored = stored
        self.count = count
    }

    /// A column of `count` default entries.
    @inlinable public init(count: Int) {
        self.init(stored: [], count: count)
    }

    /// How many entries are stored (the rest read as the default).
    package var storedCount: Int { Swift.min(stored.count, count) }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable public subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "PrefixColumn index out of range")
            return PrefixStorage.read(stored, i)
        }
        set {
            precondition(i >= 0 && i < count, "PrefixColumn index out of range")
            PrefixStorage.write(&stored, i, newValue)
        }
    }

    /// Whether some entry is `value` (the default entries past the stored ones read once).
    public func contains(_ value: Element) -> Bool {
        firstIndex(of: value) != nil
    }

    /// The first entry that is `value`, or nil.
    public func firstIndex(of value: Element) -> Int? {
        let n = storedCount
        if let i = stored[..<n].firstIndex(of: value) { return i }
        return n < count && value == Element.columnDefault ? n : nil
    }

    /// Equal when the entries are: how many of them are stored does not count.
    public static func == (l: PrefixColumn, r: PrefixColumn) -> Bool {
        l.count == r.count && l.indices.allSatisfy { l[$0] == r[$0] }
    }

    public func hash(into h: inout Hasher) {
        h.combine(count)
        for e in self { h.combine(e) }
    }
}

/// One optional index per layer as a ``PrefixColumn`` of ``CompactIndexSlot``s (4 bytes each,
/// stored up to the last one set): the masks, which most layers do not have.
public struct PrefixIndexColumn<Value: CompactIndex>: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    @usableFromInline var column: PrefixColumn<CompactIndexSlot>

    @inlinable init(stored: [CompactIndexSlot], count: Int) {
        column = PrefixColumn(stored: stored, count: count)
    }

    /// A column of `count` nils.
    @inlinable public init(count: Int) {
        column = PrefixColumn(count: count)
    }

    /// How many entries are stored (the rest are nil).
    package var storedCount: Int { column.storedCount }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { column.count }

    @inlinable public subscript(i: Int) -> Value? {
        get { Self.value(column[i]) }
        set { column[i] = Self.slot(newValue) }
    }

    @inlinable static func value(_ s: CompactIndexSlot) -> Value? {
        s.raw == Int32.min ? nil : Value.fromCompactIndex(Int(s.raw))
    }

    @inlinable static func slot(_ v: Value?) -> CompactIndexSlot {
        CompactIndexSlot(raw: v.map { Int32(truncatingIfNeeded: $0.compactIndex) } ?? .min)
    }
}
