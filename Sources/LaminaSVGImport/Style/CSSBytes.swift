#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level CSS helpers shared by the sheet parser and the `style` attribute.
enum CSSBytes {
    static let space: UInt8 = 0x20

    /// True for CSS whitespace.
    @inline(__always) static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
    }

    /// True for bytes that may appear in an identifier (ASCII letters, digits, `-`, `_`, non-ASCII).
    @inline(__always) static func isIdent(_ c: UInt8) -> Bool {
        // One bit per byte below 0x80: `-` and `0`…`9` in the low word, `A`…`Z`, `_` and
        // `a`…`z` in the high one (a branch per byte class cost 13 instructions a byte).
        let low: UInt64 = 1 << 0x2D | 0x3FF << 0x30
        let high: UInt64 = 0x07FF_FFFE << 32 | 1 << (0x5F - 64) | 0x07FF_FFFE
        return c >= 0x80 || ((c < 64 ? low : high) >> UInt64(c & 63)) & 1 != 0
    }

    /// Whether `b` holds the byte `c` (`memchr`, not a loop a byte at a time).
    @inline(__always) static func contains(_ b: UnsafeBufferPointer<UInt8>, _ c: UInt8) -> Bool {
        guard let base = b.baseAddress, !b.isEmpty else { return false }
        return memchr(base, Int32(c), b.count) != nil
    }

    /// Replaces every `/* … */` comment (an unterminated one runs to the end) with spaces,
    /// leaving strings alone. Linear.
    static func blankComments(_ b: inout [UInt8]) {
        var i = 0
        let n = b.count
        var quote: UInt8 = 0
        while i < n {
            let c = b[i]
            if quote != 0 {
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c == quote || c == 0x0A { quote = 0 }
                i += 1
                continue
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
                i += 1
                continue
            }
            if c == UInt8(ascii: "/"), i + 1 < n, b[i + 1] == UInt8(ascii: "*") {
                var j = i + 2
                while j < n, !(b[j] == UInt8(ascii: "*") && j + 1 < n && b[j + 1] == UInt8(ascii: "/")) { j += 1 }
                let end = min(n, j + 2)
                for k in i..<end { b[k] = space }
                i = end
                continue
            }
            i += 1
        }
    }

    /// The index of the first `stop` byte at nesting depth 0 from `i` (strings, `()` and `[]`
    /// skipped), or `end` when none.
    static func find(_ stop: UInt8, in b: [UInt8], from i: Int, to end: Int, orStop other: UInt8 = 0) -> Int {
        b.withUnsafeBufferPointer { find(stop, in: $0, from: i, to: end, orStop: other) }
    }

    /// ``find(_:in:from:to:orStop:)`` over bytes in place.
    static func find(_ stop: UInt8, in b: UnsafeBufferPointer<UInt8>, from i: Int, to end: Int, orStop other: UInt8 = 0) -> Int {
        var j = i
        var depth = 0
        var quote: UInt8 = 0
        while j < end {
            let c = b[j]
            if quote != 0 {
                if c == UInt8(ascii: "\\") { j += 2; continue }
                if c == quote || c == 0x0A { quote = 0 }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
                depth += 1
            } else if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") {
                if depth > 0 { depth -= 1 }
            } else if depth == 0, c == stop || (other != 0 && c == other) {
                return j
            }
            j += 1
        }
        return min(j, end)
    }

    /// The index just past the `}` matching the `{` at `open` (or `end`), strings skipped.
    static func skipBlock(_ b: [UInt8], from open: Int, to end: Int) -> Int {
        b.withUnsafeBufferPointer { skipBlock($0, from: open, to: end) }
    }

    /// ``skipBlock(_:from:to:)`` over bytes in place.
    static func skipBlock(_ b: UnsafeBufferPointer<UInt8>, from open: Int, to end: Int) -> Int {
        var j = open + 1
        var depth = 1
        var quote: UInt8 = 0
        while j < end {
            let c = b[j]
            if quote != 0 {
                if c == UInt8(ascii: "\\") { j += 2; continue }
                if c == quote || c == 0x0A { quote = 0 }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: "{") {
                depth += 1
            } else if c == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return j + 1 }
            }
            j += 1
        }
        return end
    }

    /// `start..<end` without surrounding whitespace.
    static func trimmed(_ b: [UInt8], _ start: Int, _ end: Int) -> Range<Int> {
        b.withUnsafeBufferPointer { trimmed($0, start, end) }
    }

    /// ``trimmed(_:_:_:)`` over bytes in place.
    @inline(__always) static func trimmed(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int> {
        var s = start, e = end
        while s < e, isSpace(b[s]) { s += 1 }
        while e > s, isSpace(b[e - 1]) { e -= 1 }
        return s..<e
    }

    static func string(_ b: [UInt8], _ r: Range<Int>) -> String {
        String(decoding: b[r], as: UTF8.self)
    }

    /// ``string(_:_:)`` of bytes in place.
    static func string(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self)
    }

    /// Parses `name: value [!important]; …` in `start..<end`; malformed declarations are skipped.
    static func declarations(_ b: [UInt8], _ start: Int, _ end: Int) -> [StyleSheet.Declaration] {
        var out: [StyleSheet.Declaration] = []
        b.withUnsafeBufferPointer { b in
            forEachPropertyDeclaration(b, start, end) { property, name, value, important in
                // A known property's name is its lower-cased text.
                let name = property == .other ? asciiLower(b, name) : PropertyNames.names[Int(property.rawValue)]
                out.append(StyleSheet.Declaration(name: name, value: string(b, value), important: important))
            }
        }
        return out
    }

    /// Calls `body` with the name range, the value range and the `!important` flag of every
    /// well-formed declaration `name: value [!important]` in `start..<end` (the ones
    /// `declarations(_:_:_:)` lists, in order), without making strings. The ranges are trimmed;
    /// the name is not lower-cased.
    static func forEachDeclaration(
        _ b: [UInt8], _ start: Int, _ end: Int, _ body: (_ name: Range<Int>, _ value: Range<Int>, _ important: Bool) -> Void
    ) {
        b.withUnsafeBufferPointer { forEachDeclaration($0, start, end, body) }
    }

    /// ``forEachDeclaration(_:_:_:_:)`` over bytes in place.
    static func forEachDeclaration(
        _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
        _ body: (_ name: Range<Int>, _ value: Range<Int>, _ important: Bool) -> Void
    ) {
        forEachPropertyDeclaration(b, start, end) { _, name, value, important in body(name, value, important) }
    }

    /// ``forEachDeclaration(_:_:_:_:)`` with each declaration's property (`CSSProperty.of(b, name)`).
    ///
    /// Declarations without a quote, `{` or `!` (nearly all of a `style` attribute's) are read in
    /// one pass that finds the `;` ending each and its first `:`, both outside brackets, eight
    /// bytes at a time up to the next byte that may be one of those; from the first other one on,
    /// ``forEachGeneralDeclaration(_:_:_:_:)`` reads the rest. Both give the same declarations:
    /// each starts its bracket count afresh at a declaration's start. A name that is a known
    /// property's is made of identifier bytes, so only another name is checked byte by byte.
    /// Inlined, so that `body` is too (the cascade's `style` reading calls it for every
    /// declaration).
    @inline(__always) static func forEachPropertyDeclaration(
        _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
        _ body: (_ property: CSSProperty, _ name: Range<Int>, _ value: Range<Int>, _ important: Bool) -> Void
    ) {
        var i = start
        while i < end {
            var depth = 0, colon = -1, j = i
            scan: while j < end {
                let candidates = plainStopCandidates(b, j, end)
                if candidates == 0 {
                    j += 8
                    continue
                }
                j += candidates.trailingZeroBitCount >> 3
                let c = b[j]
                if !isPlainStop(c) {
                    j += 1
                    continue
                }
                switch c {
                case UInt8(ascii: ";"): if depth == 0 { break scan }
                case UInt8(ascii: ":"): if depth == 0, colon < 0 { colon = j }
                case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"): if depth > 0 { depth -= 1 }
                default:
                    // A quote, `{` or `!`: the general reading, from this declaration on.
                    return forEachGeneralDeclaration(b, i, end) { name, value, important in
                        body(CSSProperty.of(b, name), name, value, important)
                    }
                }
                j += 1
            }
            j = min(j, end)
            if colon >= 0 {
                let name = trimmed(b, i, colon), value = trimmed(b, colon + 1, j)
                if !name.isEmpty, !value.isEmpty {
                    let property = CSSProperty.of(b, name)
                    if property != .other || isIdentifier(b, name) { body(property, name, value, false) }
                }
            }
            i = j + 1
        }
    }

    /// The top bit of the first byte of `b[j..<min(j + 8, end)]` that may stop
    /// ``forEachPropertyDeclaration(_:_:_:_:)``'s single pass (`;` `:` `(` `)` `[` `]` `"` `'`
    /// `{` `!`, and `Y` `_`, which the test for brackets lets through) is the lowest set bit;
    /// zero when no byte may. Bits above the lowest are not exact.
    @inline(__always) static func plainStopCandidates(_ b: UnsafeBufferPointer<UInt8>, _ j: Int, _ end: Int) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, tops: UInt64 = 0x8080_8080_8080_8080
        var w: UInt64 = 0
        let p = UnsafeRawPointer(b.baseAddress! + j)
        let n = end - j
        if n >= 8 {
            w = p.loadUnaligned(as: UInt64.self)
        } else {
            // Zero bytes past the end match no test: each compares with a byte that is not zero.
            withUnsafeMutableBytes(of: &w) { $0.baseAddress!.copyMemory(from: p, byteCount: n) }
        }
        w = UInt64(littleEndian: w)
        // A byte of `x` is zero where `w` matched: `(x - 1) & ~x` has its top bit there, and at
        // no lower byte than the lowest zero.
        @inline(__always) func zeros(_ x: UInt64) -> UInt64 { (x &- ones) & ~x }
        let found = zeros((w | ones) ^ (ones &* 0x3B))  // `:` `;`
            | zeros((w | ones) ^ (ones &* 0x29))  // `(` `)`
            | zeros((w | ones &* 0x06) ^ (ones &* 0x5F))  // `[` `]` (and `Y` `_`)
            | zeros(w ^ (ones &* 0x22)) | zeros(w ^ (ones &* 0x27))  // `"` `'`
            | zeros(w ^ (ones &* 0x7B)) | zeros(w ^ (ones &* 0x21))  // `{` `!`
        return found & tops
    }

    /// Whether a byte is one ``forEachDeclaration(_:_:_:_:)``'s single pass stops at: `;`, `:`,
    /// brackets, quotes, `{` and `!`.
    @inline(__always) private static func isPlainStop(_ c: UInt8) -> Bool {
        // Bits of `!` `"` `'` `(` `)` `:` `;` (0x21 … 0x3B), then of `[` `]` `{` (0x5B … 0x7B).
        let low: UInt64 = 1 << 0x21 | 1 << 0x22 | 1 << 0x27 | 1 << 0x28 | 1 << 0x29 | 1 << 0x3A | 1 << 0x3B
        let high: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64)
        if c < 64 { return (low >> UInt64(c)) & 1 != 0 }
        return c < 128 && (high >> UInt64(c - 64)) & 1 != 0
    }

    /// Whether every byte of `b[r]` may appear in an identifier.
    @inline(__always) private static func isIdentifier(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        for k in r where !isIdent(b[k]) { return false }
        return true
    }

    /// ``forEachDeclaration(_:_:_:_:)`` of any declarations: strings, nested blocks, `!important`.
    static func forEachGeneralDeclaration(
        _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
        _ body: (_ name: Range<Int>, _ value: Range<Int>, _ important: Bool) -> Void
    ) {
        var i = start
        while i < end {
            let stop = find(UInt8(ascii: ";"), in: b, from: i, to: end, orStop: UInt8(ascii: "{"))
            var next = stop + 1
            if stop < end, b[stop] == UInt8(ascii: "{") {
                // A nested block is invalid in a declaration list: drop up to its end.
                next = skipBlock(b, from: stop, to: end)
                i = next
                continue
            }
            if let d = declaration(b, i, min(stop, end)) { body(d.name, d.value, d.important) }
            i = next
        }
    }

    /// The ranges of one declaration in `start..<end`, or nil when malformed.
    static func declaration(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (name: Range<Int>, value: Range<Int>, important: Bool)? {
        let colon = find(UInt8(ascii: ":"), in: b, from: start, to: end)
        guard colon < end else { return nil }
        let nameRange = trimmed(b, start, colon)
        guard !nameRange.isEmpty else { return nil }
        for k in nameRange where !isIdent(b[k]) { return nil }
        var valueRange = trimmed(b, colon + 1, end)
        var important = false
        // `!important` at the end (whitespace allowed after `!`).
        if let bang = lastBang(b, valueRange) {
            guard isImportant(b, trimmed(b, bang + 1, valueRange.upperBound)) else { return nil }
            important = true
            valueRange = trimmed(b, valueRange.lowerBound, bang)
        }
        guard !valueRange.isEmpty else { return nil }
        return (nameRange, valueRange, important)
    }

    /// True when `b[r]` is `important` in any ASCII case.
    private static func isImportant(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        let word: StaticString = "important"
        guard r.count == word.utf8CodeUnitCount else { return false }
        var k = 0
        for j in r {
            let c = b[j]
            let lower = c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c | 0x20 : c
            guard lower == word.utf8Start[k] else { return false }
            k += 1
        }
        return true
    }

    private static func lastBang(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Int? {
        var j = r.upperBound - 1
        while j >= r.lowerBound {
            let c = b[j]
            if c == UInt8(ascii: "!") { return j }
            if !(isIdent(c) || isSpace(c)) { return nil }
            j -= 1
        }
        return nil
    }

    /// ``asciiLower(_:_:)`` of bytes in place.
    static func asciiLower(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
        let name = UnsafeBufferPointer(rebasing: b[r])
        if !name.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            return String(decoding: name, as: UTF8.self)
        }
        return String(decoding: name.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The ASCII-lower-cased text of a range.
    static func asciiLower(_ b: [UInt8], _ r: Range<Int>) -> String {
        if !b[r].contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            return String(decoding: b[r], as: UTF8.self)
        }
        return String(decoding: b[r].map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
