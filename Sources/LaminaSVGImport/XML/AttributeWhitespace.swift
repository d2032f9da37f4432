#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Attribute values with line breaks or tabs, blanked before libxml2 reads them.
///
/// libxml2 2.9 reads an attribute value byte by byte through its slow path as soon as it holds
/// a tab, line feed or carriage return (multi-line path data: a third of the parse of a traced
/// drawing). A copy of the input with those bytes turned into spaces, inside plain attribute
/// values only, is parsed instead: the values take libxml2's fast path and arrive as pointers
/// into its buffer, at the same offsets as in the input (the copy has the same length).
/// ``ReaderState`` then writes each blanked value from the original bytes with XML's attribute
/// value normalization (CR LF, CR, LF and tab each become one space), which is exactly what
/// libxml2 gives for the original. Anything unexpected (a value not met where it was blanked,
/// an error or warning, whose line numbers would differ) makes the reader parse the original.
struct AttributeWhitespace {
    /// The input with the blanked values.
    var blanked: [UInt8]
    /// Where the blanked values are in the input (value bytes, quotes excluded), in order.
    var ranges: [Range<Int>]

    /// The blanked copy of `bytes`, or nil when no value needs it or the document has a
    /// `DOCTYPE` (declared attribute types and entities change how values are read), declares
    /// an encoding other than UTF-8, or is cut short inside markup.
    ///
    /// Plain values are those of ASCII bytes other than `&` and `<`, with only tab, line feed
    /// and carriage return below space: libxml2's fast path takes them once blanked.
    static func prepare(_ bytes: [UInt8]) -> AttributeWhitespace? {
        bytes.withUnsafeBufferPointer { buf -> AttributeWhitespace? in
            guard let base = buf.baseAddress else { return nil }
            let n = buf.count
            // A document on one line with no tabs (a minified sprite) has nothing to blank.
            guard memchr(base, 0x0A, n) != nil || memchr(base, 0x0D, n) != nil || memchr(base, 0x09, n) != nil
            else { return nil }
            // Line breaks only between tags (one element a line, indented): nothing to blank
            // either, found without reading the tags one by one.
            if controlsFollowTagEnds(base, count: n) { return nil }
            var ranges: [Range<Int>] = []
            /// The offset of the first `needle` at or after `from`, or nil.
            func find(_ needle: StaticString, from: Int) -> Int? {
                let first = needle.utf8Start[0]
                let count = needle.utf8CodeUnitCount
                var i = from
                while i + count <= n, let hit = memchr(base + i, Int32(first), n - i) {
                    let k = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
                    if k + count > n { return nil }
                    if memcmp(base + k, needle.utf8Start, count) == 0 { return k }
                    i = k + 1
                }
                return nil
            }
            func startsWith(_ prefix: StaticString, at i: Int) -> Bool {
                i + prefix.utf8CodeUnitCount <= n && memcmp(base + i, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
            }
            var i = 0
            while i < n, let hit = memchr(base + i, 0x3C, n - i) {
                let lt = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
                if startsWith("<!--", at: lt) {
                    guard let end = find("-->", from: lt + 4) else { return nil }
                    i = end + 3
                } else if startsWith("<![CDATA[", at: lt) {
                    guard let end = find("]]>", from: lt + 9) else { return nil }
                    i = end + 3
                } else if startsWith("<!", at: lt) {
                    return nil
                } else if startsWith("<?", at: lt) {
                    guard let end = find("?>", from: lt + 2) else { return nil }
                    if !declaresUTF8OrNothing(UnsafeBufferPointer(start: base + lt, count: end - lt)) { return nil }
                    i = end + 2
                } else if startsWith("</", at: lt) {
                    guard let end = memchr(base + lt, 0x3E, n - lt) else { return nil }
                    i = UnsafeRawPointer(end).assumingMemoryBound(to: UInt8.self) - base + 1
                } else {
                    // A start tag: quoted values up to the closing `>`.
                    var k = lt + 1
                    while k < n, buf[k] != 0x3E {
                        let q = buf[k]
                        guard q == 0x22 || q == 0x27 else {
                            k += 1
                            continue
                        }
                        guard let close = memchr(base + k + 1, Int32(q), n - k - 1) else { return nil }
                        let end = UnsafeRawPointer(close).assumingMemoryBound(to: UInt8.self) - base
                        if needsBlanking(UnsafeBufferPointer(start: base + k + 1, count: end - k - 1)) {
                            ranges.append((k + 1)..<end)
                        }
                        k = end + 1
                    }
                    guard k < n else { return nil }
                    i = k + 1
                }
            }
            guard !ranges.isEmpty else { return nil }
            var blanked = bytes
            blanked.withUnsafeMutableBufferPointer { out in
                for r in ranges {
                    for j in r { out[j] = out[j] < 0x20 ? 0x20 : out[j] }
                }
            }
            return AttributeWhitespace(blanked: blanked, ranges: ranges)
        }
    }

    /// Whether every byte below space in `p[0..<n]` belongs to a run of whitespace that starts
    /// the input or follows a `>`: the layout of a document written one tag a line.
    ///
    /// True means no attribute value needs blanking, unless one holds a `>` right before its
    /// line break; such a value then takes libxml2's slow path, which reads it the same. Each
    /// byte is looked at about once: a whitespace run is walked back only to the control byte
    /// found before it.
    static func controlsFollowTagEnds(_ p: UnsafePointer<UInt8>, count n: Int) -> Bool {
        var k = 0
        // The last control byte found, which passed: a walk back may stop there.
        var passed = -1
        while true {
            k = nextControl(p, from: k, count: n)
            if k == n { return true }
            var j = k - 1
            while j > passed, p[j] == 0x20 || p[j] == 0x09 || p[j] == 0x0A || p[j] == 0x0D { j -= 1 }
            guard j == passed || j < 0 || p[j] == 0x3E else { return false }
            passed = k
            k += 1
        }
    }

    /// A plain value (see ``prepare(_:)``) with at least one tab, line feed or carriage return.
    static func needsBlanking(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = value.baseAddress else { return false }
        // Most values hold no byte below space: found eight bytes a step (the borrow trick of
        // `nextControl` also flags bytes from 0x80, which the table below then sorts out).
        if !hasControlOrHigh(base, count: value.count) { return false }
        // Class bits or-ed together without branches: 1 a line break or tab, 2 not plain.
        return byteClass.withUnsafeBufferPointer { t -> Bool in
            var k: UInt8 = 0
            for j in 0..<value.count { k |= t[Int(base[j])] }
            return k == 1
        }
    }

    /// Whether `p[0..<n]` holds a byte below 0x20 or from 0x80.
    @inline(__always)
    static func hasControlOrHigh(_ p: UnsafePointer<UInt8>, count n: Int) -> Bool {
        var k = 0
        var any: UInt64 = 0
        while k + 8 <= n {
            let word = UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self)
            // High bit of each byte: set when the byte is below 0x20 (the subtraction borrows)
            // or from 0x80 (it was set already).
            any |= (word &- 0x2020_2020_2020_2020) | word
            k += 8
        }
        if any & 0x8080_8080_8080_8080 != 0 { return true }
        while k < n {
            if p[k] < 0x20 || p[k] >= 0x80 { return true }
            k += 1
        }
        return false
    }

    /// Per byte value: 1 for tab, line feed and carriage return; 2 for bytes that keep a value
    /// off libxml2's fast path (other controls, `&`, `<`, non-ASCII); else 0.
    static let byteClass: [UInt8] = (0..<256).map { b -> UInt8 in
        switch b {
        case 0x09, 0x0A, 0x0D: 1
        case 0..<0x20, 0x26, 0x3C, 0x80...: 2
        default: 0
        }
    }

    /// Whether an `<?…?>` holds no `encoding` or declares UTF-8.
    static func declaresUTF8OrNothing(_ pi: UnsafeBufferPointer<UInt8>) -> Bool {
        let lower = pi.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let word = Array("encoding".utf8)
        guard let at = lower.indices.first(where: { lower[$0...].starts(with: word) }) else { return true }
        let rest = lower[(at + word.count)...].drop { $0 == 0x20 || $0 == 0x3D || $0 == 0x22 || $0 == 0x27 || $0 < 0x20 }
        return rest.starts(with: Array("utf-8".utf8))
    }

    /// Appends `value` (original bytes) as libxml2 normalizes it: CR LF, CR, LF and tab each
    /// become one space. The bytes are copied whole, then mended in place.
    static func appendNormalized(_ value: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let source = value.baseAddress else { return }
        let start = out.count
        let n = value.count
        out.append(contentsOf: value)
        let hasCR = memchr(source, 0x0D, n) != nil
        let length = out.withUnsafeMutableBufferPointer { buf -> Int in
            let p = buf.baseAddress! + start
            if !hasCR {
                for j in 0..<n { p[j] = p[j] < 0x20 ? 0x20 : p[j] }
                return n
            }
            // Runs of ordinary bytes move down over the dropped LFs; each break becomes a space.
            var w = 0
            var r = 0
            while r < n {
                let k = nextControl(p, from: r, count: n)
                if w != r { memmove(p + w, p + r, k - r) }
                w += k - r
                if k == n { break }
                // Read before the space is written: `w` may equal `k`.
                r = p[k] == 0x0D && k + 1 < n && p[k + 1] == 0x0A ? k + 2 : k + 1
                p[w] = 0x20
                w += 1
            }
            return w
        }
        // CR LF pairs made the value shorter.
        if length < n { out.removeSubrange((start + length)...) }
    }

    /// The offset of the first byte below space in `p[from..<count]` (ASCII bytes), or `count`;
    /// eight bytes a step: for bytes below 0x80, `b - 0x20` borrows exactly when `b < 0x20`.
    @inline(__always)
    static func nextControl(_ p: UnsafePointer<UInt8>, from: Int, count n: Int) -> Int {
        var k = from
        while k + 8 <= n {
            let word = UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self)
            let hit = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
            if hit != 0 { return k + hit.littleEndian.trailingZeroBitCount / 8 }
            k += 8
        }
        while k < n, p[k] >= 0x20 { k += 1 }
        return k
    }
}
