/// A value that a per-layer column stores as a 32-bit number (an index into a table).
public protocol CompactIndex: Hashable, Sendable {
    /// The value for a stored index.
    static func fromCompactIndex(_ i: Int) -> Self
    /// The index stored for the value.
    var compactIndex: Int { get }
}

extension Int: CompactIndex {
    public static func fromCompactIndex(_ i: Int) -> Int { i }
    public var compactIndex: Int { self }
}

extension LayerID: CompactIndex {
    public static func fromCompactIndex(_ i: Int) -> LayerID { LayerID(i) }
    public var compactIndex: Int { index }
}

/// One optional index per layer (by `LayerID.index`), stored in 4 bytes instead of the 16 of
/// an `[Int?]`: the display list keeps several such columns for every layer.
///
///     var paint = IndexColumn<Int>(count: 3)
///     paint[1] = 7            // paint[0] == nil, paint[1] == 7
public struct IndexColumn<Value: CompactIndex>: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    private var storage: [Int32]

    /// The stored form of nil.
    private static var none: Int32 { Int32.min }

    /// A column of `count` nils.
    public init(count: Int) {
        storage = Array(repeating: Self.none, count: count)
    }

    /// An empty column.
    public init() {
        storage = []
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(i: Int) -> Value? {
        get {
            let v = storage[i]
            return v == Self.none ? nil : Value.fromCompactIndex(Int(v))
        }
        set { storage[i] = newValue.map { Int32(truncatingIfNeeded: $0.compactIndex) } ?? Self.none }
    }
}

/// Each layer's map to output space (by `LayerID.index`, nil when not visited): an affine map
/// (the common case) in 49 bytes instead of the 80 of a `Homography?`, others on the side.
public struct LayerMapColumn: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    /// 0: nil, 1: the affine map in `affine`, 2: the homography in `general`.
    private var kinds: [UInt8]
    private var affine: [AffineTransform]
    private var general: [Int: Homography] = [:]

    /// A column of `count` nils.
    public init(count: Int) {
        kinds = Array(repeating: 0, count: count)
        affine = Array(repeating: .identity, count: count)
    }

    /// An empty column.
    public init() {
        self.init(count: 0)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { kinds.count }

    public subscript(i: Int) -> Homography? {
        get {
            switch kinds[i] {
            case 1: Homography(affine[i])
            case 2: general[i]
            default: nil
            }
        }
        set {
            general[i] = nil
            guard let h = newValue else {
                kinds[i] = 0
                affine[i] = .identity
                return
            }
            // Affine only when the bits of the last column come back unchanged (`-0` is kept).
            if h.m13.bitPattern == 0, h.m23.bitPattern == 0, h.m33 == 1 {
                kinds[i] = 1
                affine[i] = h.affine
            } else {
                kinds[i] = 2
                affine[i] = .identity
                general[i] = h
            }
        }
    }
}
