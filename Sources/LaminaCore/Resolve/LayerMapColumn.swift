/// Each layer's map to output space (by `LayerID.index`, nil when not visited): an affine map
/// (the common case) in 49 bytes instead of the 80 of a `Homography?`, others on the side.
public struct LayerMapColumn: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    /// 0: nil, 1: the affine map in `affine`, 2: the homography in `general`.
    @usableFromInline var kinds: [UInt8]
    @usableFromInline var affine: [AffineTransform]
    @usableFromInline var general: [Int: Homography] = [:]

    /// A column of `count` nils.
    public init(count: Int) {
        kinds = Array(repeating: 0, count: count)
        affine = Array(repeating: .identity, count: count)
    }

    /// An empty column.
    public init() {
        self.init(count: 0)
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { kinds.count }

    public subscript(i: Int) -> Homography? {
        @inlinable get {
            switch kinds[i] {
            case 1: Homography(affine[i])
            case 2: general[i]
            default: nil
            }
        }
        set {
            if kinds[i] == 2 { general[i] = nil }
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
