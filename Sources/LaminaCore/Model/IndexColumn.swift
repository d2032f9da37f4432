/// A value that a per-layer column stores as a 32-bit number (an index into a table).
public protocol CompactIndex: Hashable, Sendable {
    /// The value for a stored index.
    static func fromCompactIndex(_ i: Int) -> Self
    /// The index stored for the value.
    var compactIndex: Int { get }
}

extension Int: CompactIndex {
    @inlinable public static func fromCompactIndex(_ i: Int) -> Int { i }
    @inlinable public var compactIndex: Int { self }
}

extension LayerID: CompactIndex {
    @inlinable public static func fromCompactIndex(_ i: Int) -> LayerID { LayerID(i) }
    @inlinable public var compactIndex: Int { index }
}

/// One optional index per layer (by `LayerID.index`), stored in 4 bytes instead of the 16 of
/// an `[Int?]`: the layer tree and the display list keep several such columns for every layer.
///
///     var paint = IndexColumn<Int>(count: 3)
///     paint[1] = 7            // paint[0] == nil, paint[1] == 7
public struct IndexColumn<Value: CompactIndex>: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    @usableFromInline var storage: [Int32]

    /// The stored form of nil.
    @inlinable static var none: Int32 { Int32.min }

    /// A column of `count` nils.
    @inlinable public init(count: Int) {
        storage = Array(repeating: Self.none, count: count)
    }

    /// An empty column.
    @inlinable public init() {
        storage = []
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storage.count }

    /// Adds an entry at the end.
    @inlinable public mutating func append(_ value: Value?) {
        storage.append(value.map { Int32(truncatingIfNeeded: $0.compactIndex) } ?? Self.none)
    }

    /// Reserves room for `n` entries.
    @inlinable public mutating func reserveCapacity(_ n: Int) {
        storage.reserveCapacity(n)
    }

    @inlinable public subscript(i: Int) -> Value? {
        get {
            let v = storage[i]
            return v == Self.none ? nil : Value.fromCompactIndex(Int(v))
        }
        set { storage[i] = newValue.map { Int32(truncatingIfNeeded: $0.compactIndex) } ?? Self.none }
    }
}
