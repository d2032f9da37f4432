/// Allocation-free forms of the ``MarkupSafety`` checks for writers that test every attribute.
///
/// Each gives exactly the answer of its plain counterpart: ASCII text is checked on its bytes
/// in a stack buffer, anything else falls back to the plain check.
extension MarkupSafety {
    /// ``isSafeAttribute(_:_:)`` without allocating for ASCII names and values.
    public static func isSafeAttributeFast(_ name: String, _ value: String) -> Bool {
        isSafeNameFast(name) && isSafeValueFast(value)
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
    public static func isSafeValueFast(_ value: String) -> Bool {
        var ascii = true
        var special = false
        for b in value.utf8 {
            if b == 58 || b == 64 || b == 40 { special = true }
            if b >= 0x80 { ascii = false }
        }
        guard special else { return true }
        guard ascii else { return isSafeValue(value) }
        let n = value.utf8.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { buf -> Bool in
            // Lowercased, whitespace removed (the ASCII whitespace `Character.isWhitespace` knows).
            var k = 0
            for b in value.utf8 {
                if b == 0x20 || (b >= 0x09 && b <= 0x0D) { continue }
                buf[k] = (b >= 65 && b <= 90) ? b | 0x20 : b
                k += 1
            }
            let s = UnsafeBufferPointer(rebasing: buf[0..<k])
            if contains(s, "javascript:") || contains(s, "@import") { return false }
            var i = 0
            while i + 4 <= k {
                guard s[i] == 117, s[i + 1] == 114, s[i + 2] == 108, s[i + 3] == 40 else {  // "url("
                    i += 1
                    continue
                }
                var start = i + 4
                if start < k, s[start] == 34 || s[start] == 39 { start += 1 }
                let isHash = start < k && s[start] == 35
                guard isHash || hasPrefix(s, at: start, "data:image/") else { return false }
                i = start
            }
            return true
        }
    }

    private static func hasPrefix(_ s: UnsafeBufferPointer<UInt8>, at start: Int, _ needle: StaticString) -> Bool {
        let n = needle.utf8CodeUnitCount
        guard start + n <= s.count else { return false }
        let p = needle.utf8Start
        for j in 0..<n where s[start + j] != p[j] { return false }
        return true
    }

    private static func contains(_ s: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let n = needle.utf8CodeUnitCount
        guard n <= s.count else { return false }
        for i in 0...(s.count - n) where hasPrefix(s, at: i, needle) { return true }
        return false
    }
}
