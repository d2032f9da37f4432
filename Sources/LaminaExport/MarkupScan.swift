/// Finding attribute-like values in markup over its UTF-8 bytes (resources can be megabytes:
/// `String.firstRange(of:)` compares characters, at about 50 ns a byte).
enum MarkupScan {
    /// Calls `body` with the value of each attribute `name` (ASCII) in markup, written as XML
    /// allows: after white space (or, when `afterPrefix`, after a prefix's `:` too, as in
    /// `xlink:href`), white space around `=`, the value in double or single quotes. The value
    /// is passed as written (entities not expanded).
    static func attributeValues(named name: String, afterPrefix: Bool, in text: String, _ body: (String) -> Void) {
        let needle = Array(name.utf8)
        var text = text
        text.withUTF8 { bytes in
            let n = bytes.count
            var i = 0
            while let at = find(needle, in: bytes, from: i) {
                i = at + needle.count
                guard at > 0, isSpace(bytes[at - 1]) || (afterPrefix && bytes[at - 1] == UInt8(ascii: ":")) else { continue }
                var j = skipSpaces(bytes, from: i)
                guard j < n, bytes[j] == UInt8(ascii: "=") else { continue }
                j = skipSpaces(bytes, from: j + 1)
                guard j < n, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { continue }
                let quote = bytes[j]
                var end = j + 1
                while end < n && bytes[end] != quote { end += 1 }
                guard end < n else { return }
                body(string(bytes, (j + 1)..<end))
                i = end + 1
            }
        }
    }

    /// Calls `body` with the id of each local reference `url(#id)` in markup or CSS, written as
    /// CSS allows: the function name in any case, white space inside the parentheses, the
    /// `#id` unquoted or in double or single quotes (or `&quot;` / `&apos;` inside an
    /// attribute value).
    static func urlFragments(in text: String, _ body: (String) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            let n = bytes.count
            var i = 0
            while i + 4 <= n {
                // `url(` in any case: a byte compare for the parenthesis first (rare in markup).
                guard let paren = find(Self.open, in: bytes, from: i + 3) else { return }
                i = paren + 1
                guard paren >= 3, bytes[paren - 3] | 0x20 == UInt8(ascii: "u"), bytes[paren - 2] | 0x20 == UInt8(ascii: "r"),
                    bytes[paren - 1] | 0x20 == UInt8(ascii: "l")
                else { continue }
                var j = skipSpaces(bytes, from: i)
                var closer = Self.unquoted
                for q in Self.quotes where startsWith(q, bytes, at: j) {
                    closer = q
                    j += q.count
                    break
                }
                guard j < n, bytes[j] == UInt8(ascii: "#") else { continue }
                let start = j + 1
                var end = start
                while end < n, !startsWith(closer, bytes, at: end) { end += 1 }
                guard end < n else { return }
                // An unquoted id ends before the spaces before `)` (and, as written before, a
                // stray quote there).
                var last = end
                if closer == Self.unquoted {
                    while last > start, isSpace(bytes[last - 1]) { last -= 1 }
                    if last > start, bytes[last - 1] == UInt8(ascii: "'") || bytes[last - 1] == UInt8(ascii: "\"") { last -= 1 }
                }
                body(string(bytes, start..<last))
                i = end + closer.count
            }
        }
    }

    // MARK: bytes

    private static let open: [UInt8] = [UInt8(ascii: "(")]
    /// What ends an unquoted `url(#id`.
    private static let unquoted: [UInt8] = [UInt8(ascii: ")")]
    /// The quotes a `url()` argument may have, in markup.
    private static let quotes: [[UInt8]] = ["\"", "'", "&quot;", "&apos;"].map { Array($0.utf8) }

    /// The first offset at or after `from` where `pattern` starts.
    private static func find(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let first = pattern.first else { return nil }
        var i = from
        while i + pattern.count <= bytes.count {
            if bytes[i] == first && startsWith(pattern, bytes, at: i) { return i }
            i += 1
        }
        return nil
    }

    private static func startsWith(_ pattern: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i >= 0, i + pattern.count <= bytes.count else { return false }
        for k in pattern.indices where bytes[i + k] != pattern[k] { return false }
        return true
    }

    /// XML white space (space, tab, line feed, carriage return) and CSS's form feed.
    private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    private static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var j = from
        while j < bytes.count && isSpace(bytes[j]) { j += 1 }
        return j
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
