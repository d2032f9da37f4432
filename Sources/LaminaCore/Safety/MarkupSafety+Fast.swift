#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Allocation-free forms of the ``MarkupSafety`` checks for writers that test every attribute.
///
/// Each gives exactly the answer of its plain counterpart: ASCII text is checked on its bytes
/// in a stack buffer, anything else falls back to the plain check.
extension MarkupSafety {
    /// ``isSafeAttribute(_:_:)`` without allocating for ASCII names and values.
    public static func isSafeAttributeFast(_ name: String, _ value: String) -> Bool {
        isSafeNameFast(name) && isSafeValueFast(value) && !isExternalReferenceAttribute(name, value)
    }

    /// Whether `name` is an `href` or `src` (after any prefix) whose value leaves the file.
    /// Short names are told apart by their length first: most attributes are not references.
    @inline(__always) static func isExternalReferenceAttribute(_ name: String, _ value: String) -> Bool {
        guard name.utf8.count >= 3, let last = name.utf8.last, last | 0x20 == UInt8(ascii: "f") || last | 0x20 == UInt8(ascii: "c")
        else { return false }
        let local = name.utf8.lastIndex(of: 58).map { name[name.utf8.index(after: $0)...] } ?? Substring(name)
        return isReferenceName(local) && !isInternalReference(value)
    }

    /// Whether an attribute name is not an event handler (`on…` after any prefix), as
    /// ``isSafeAttribute(_:_:)`` decides it.
    public static func isSafeNameFast(_ name: String) -> Bool {
        var start = 0
        var count = 0
        var ascii = true
        for b in name.utf8 {
            count += 1
            if b == 58 { start = count }
            if b >= 0x80 { ascii = false }
        }
        guard ascii else { return isSafeAttribute(name, "") }
        guard count - start > 2 else { return true }
        var it = name.utf8.dropFirst(start).makeIterator()
        let a = it.next() ?? 0, b = it.next() ?? 0
        return !((a | 0x20) == UInt8(ascii: "o") && (b | 0x20) == UInt8(ascii: "n"))
    }

    /// ``isSafeValue(_:)`` without allocating for ASCII values.
    ///
    /// On the bytes, in one pass for the characters that matter, then only where the patterns
    /// can be: `javascript:` ends at a `:`, `@import` starts at a `@` and `url(` ends at a `(`,
    /// each read over the spaces the plain check removes, lower-cased. (A copy of the value,
    /// lower-cased and squeezed, searched from every position, took half the import of a plot
    /// holding one 6 MB embedded image.)
    public static func isSafeValueFast(_ value: String) -> Bool {
        var v = value
        return v.withUTF8 { bytes -> Bool in
            var high: UInt8 = 0
            var marks = false
            for b in bytes {
                high |= b
                marks = marks || b == 58 || b == 64 || b == 40
            }
            guard marks else { return true }
            guard high < 0x80 else { return isSafeValue(value) }
            return isSafeASCII(bytes)
        }
    }

    /// ``isSafeValue(_:)`` of ASCII bytes holding `:`, `@` or `(`.
    private static func isSafeASCII(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = s.baseAddress else { return true }
        for mark: UInt8 in [58, 64, 40] {
            var from = 0
            while from < s.count, let hit = memchr(base + from, Int32(mark), s.count - from) {
                let p = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                from = p + 1
                switch mark {
                case 58:
                    if endsWith(s, before: p, "javascript") { return false }
                case 64:
                    if startsWith(s, at: p + 1, "import") { return false }
                default:
                    guard endsWith(s, before: p, "url") else { continue }
                    // Its target: `#id` or a `data:image/` URL, after one optional quote.
                    var j = nextNonSpace(s, p + 1)
                    if j < s.count, s[j] == 34 || s[j] == 39 { j = nextNonSpace(s, j + 1) }
                    guard j < s.count && s[j] == 35 || startsWith(s, at: j, "data:image/") else { return false }
                }
            }
        }
        return true
    }

    /// The ASCII whitespace the plain check removes (`Character.isWhitespace`).
    @inline(__always)
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    @inline(__always)
    private static func lowered(_ b: UInt8) -> UInt8 { b >= 65 && b <= 90 ? b | 0x20 : b }

    /// The first byte at or after `i` that is not whitespace (`s.count` if none).
    private static func nextNonSpace(_ s: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        var k = i
        while k < s.count, isSpace(s[k]) { k += 1 }
        return k
    }

    /// Whether the bytes before `end`, whitespace skipped and lower-cased, end with `word`.
    private static func endsWith(_ s: UnsafeBufferPointer<UInt8>, before end: Int, _ word: StaticString) -> Bool {
        let w = word.utf8Start
        var k = end - 1
        var j = word.utf8CodeUnitCount - 1
        while j >= 0 {
            while k >= 0, isSpace(s[k]) { k -= 1 }
            guard k >= 0, lowered(s[k]) == w[j] else { return false }
            k -= 1
            j -= 1
        }
        return true
    }

    /// Whether the bytes from `start` on, whitespace skipped and lower-cased, begin with `word`.
    private static func startsWith(_ s: UnsafeBufferPointer<UInt8>, at start: Int, _ word: StaticString) -> Bool {
        let w = word.utf8Start
        var k = start
        for j in 0..<word.utf8CodeUnitCount {
            k = nextNonSpace(s, k)
            guard k < s.count, lowered(s[k]) == w[j] else { return false }
            k += 1
        }
        return true
    }
}
