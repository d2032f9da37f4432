#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Searching bytes for a short ASCII pattern, as the safety checks and writers do over every
/// value they pass on: candidates for the pattern's first byte are found with `memchr` (which
/// reads many bytes at a time) instead of a byte-by-byte loop, so that a value of megabytes (an
/// embedded image) costs a fraction of a millisecond per search.
package enum ByteSearch {
    /// Whether `hay` holds `needle` (an empty needle is everywhere).
    package static func contains(_ hay: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.count
        guard n > 0 else { return true }
        guard hay.count >= n, let base = hay.baseAddress, let pattern = needle.baseAddress else { return false }
        let first = Int32(pattern[0])
        let last = hay.count - n
        var from = 0
        while from <= last, let hit = memchr(base + from, first, last - from + 1) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, pattern, n) == 0 { return true }
            from = at + 1
        }
        return false
    }

    /// ``contains(_:_:)`` of an ASCII literal.
    package static func contains(_ hay: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        needle.withUTF8Buffer { contains(hay, $0) }
    }
}
