/// Copies of a few bytes for the writers (a key, a literal, a colour) without a `memcpy` call,
/// whose call and length dispatch cost more than the copy itself: the layer JSON's writer and the
/// flat SVG's markup stage both use it. It sits beside ``NumberText``, the other byte writer
/// the two share.
public enum ShortCopy {
    /// Copies `n` bytes from `from` to `to` as whole 8-byte words, the last one ending at the
    /// last byte (overlapping the one before), and two 4-byte words or three bytes when shorter.
    /// With `n` known where it is inlined, a few stores.
    @inlinable @inline(__always)
    public static func copy(_ from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, count n: Int) {
        let s = UnsafeRawPointer(from)
        let d = UnsafeMutableRawPointer(to)
        if n >= 8 {
            var k = 0
            while k &+ 8 < n {
                d.storeBytes(of: s.loadUnaligned(fromByteOffset: k, as: UInt64.self), toByteOffset: k, as: UInt64.self)
                k &+= 8
            }
            d.storeBytes(of: s.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self), toByteOffset: n &- 8, as: UInt64.self)
        } else if n >= 4 {
            d.storeBytes(of: s.loadUnaligned(as: UInt32.self), as: UInt32.self)
            d.storeBytes(of: s.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self), toByteOffset: n &- 4, as: UInt32.self)
        } else if n > 0 {
            to[0] = from[0]
            to[n &>> 1] = from[n &>> 1]
            to[n &- 1] = from[n &- 1]
        }
    }
}
