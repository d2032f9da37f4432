/// A byte-level scanner for SVG/CSS numbers, shared by path data, number lists and lengths.
///
/// It reads UTF-8 bytes through a buffer pointer that is only valid inside `scan(_:_:)`;
/// never let a scanner escape that closure.
///
///     NumberScanner.numberList("0 0, 10.5.5 -1e-2") // [0, 0, 10.5, 0.5, -0.01]
public struct NumberScanner {
    /// The bytes being read.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next unread byte.
    public var index: Int

    /// A scanner positioned at the start of `bytes`.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.index = 0
    }

    /// Runs `body` with a scanner over the UTF-8 bytes of `text` (no copy for native strings;
    /// small strings are read from a stack copy, never from a heap array).
    @inlinable public static func scan<R>(_ text: Substring, _ body: (inout NumberScanner) -> R) -> R {
        var t = text
        return t.withUTF8 { buffer -> R in
            var scanner = NumberScanner(buffer)
            return body(&scanner)
        }
    }

    /// Runs `body` with a scanner over the UTF-8 bytes of `text`.
    @inlinable public static func scan<R>(_ text: String, _ body: (inout NumberScanner) -> R) -> R {
        scan(text[...], body)
    }

    /// True when every byte has been read.
    @inlinable public var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, or 0 at the end.
    @inlinable public var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// True for the XML/CSS whitespace bytes: space, tab, line feed, form feed, carriage return.
    @inlinable public static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
    }

    /// Skips whitespace. Always inlined: the path parser's separator after a comma called it
    /// (16 instructions a call, mostly to find no space: 1.5 % of a map drawn by Inkscape,
    /// whose path data is `-6.91,0 -13.82,0`).
    @inlinable @inline(__always) public mutating func skipSpaces() {
        while index < bytes.count, NumberScanner.isSpace(bytes[index]) { index += 1 }
    }

    /// Skips whitespace, at most one comma, then whitespace; returns whether a comma was seen.
    @discardableResult @inlinable @inline(__always)
    public mutating func skipCommaSpaces() -> Bool {
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return false }
        index += 1
        skipSpaces()
        return true
    }

    /// Reads a number (`-1.5e3`, `.5`, `7.`) at the current position without skipping
    /// whitespace; returns nil and leaves `index` unchanged when there is none or it is not finite.
    ///
    /// An `e` not followed by digits is not part of the number (so `1em` reads `1`).
    @inline(__always)
    public mutating func number() -> Double? {
        // The common short form first: [sign] digits [. digits], no exponent, at most 19
        // digits in all, so the digits fit a UInt64 exactly; the general reader otherwise.
        let n = bytes.count
        var i = index
        guard let base = bytes.baseAddress, i < n else { return generalNumber() }
        var c = base[i]
        let negative = c == UInt8(ascii: "-")
        if negative || c == UInt8(ascii: "+") { i &+= 1 }
        let intStart = i
        var mantissa: UInt64 = 0
        while i < n {
            let d = UInt64(base[i]) &- 0x30
            if d >= 10 { break }
            mantissa = mantissa &* 10 &+ d
            i &+= 1
        }
        var digits = i &- intStart
        var fracDigits = 0
        if i < n, base[i] == UInt8(ascii: ".") {
            let fracStart = i &+ 1
            var j = fracStart
            while j < n {
                let d = UInt64(base[j]) &- 0x30
                if d >= 10 { break }
                mantissa = mantissa &* 10 &+ d
                j &+= 1
            }
            fracDigits = j &- fracStart
            digits &+= fracDigits
            if digits > 0 { i = j }
        }
        guard digits > 0 else { return nil }
        c = i < n ? base[i] : 0
        // An exponent, too many digits or a value off Clinger's fast path: the general reader.
        // (At most 19 digits: the fraction's are within the 22 exact powers of ten.)
        guard c | 0x20 != UInt8(ascii: "e"), digits <= 19, mantissa < (1 << 53) else {
            return generalNumber()
        }
        // Dividing by 10^0 = 1 is exact: no branch for a whole number.
        let value = Double(mantissa) / NumberScanner.powersOfTen[fracDigits]
        index = i
        return negative ? -value : value
    }

    /// ``number()`` for every form: exponents, and more digits than a `UInt64` holds.
    mutating func generalNumber() -> Double? {
        var i = index
        let n = bytes.count
        var negative = false
        if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        let unsignedStart = i
        var mantissa: UInt64 = 0
        var digits = 0  // significant digits accumulated into mantissa
        var dropped = false  // more digits than fit exactly
        var scale = 0  // decimal exponent adjustment
        var sawDigit = false
        while i < n, bytes[i] &- 0x30 < 10 {
            sawDigit = true
            accumulate(bytes[i], &mantissa, &digits, &dropped, &scale, fraction: false)
            i += 1
        }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            var j = i + 1
            var sawFraction = false
            while j < n, bytes[j] &- 0x30 < 10 {
                sawFraction = true
                accumulate(bytes[j], &mantissa, &digits, &dropped, &scale, fraction: true)
                j += 1
            }
            if sawFraction || sawDigit {
                sawDigit = true
                i = j
            }
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            var j = i + 1
            var expNegative = false
            if j < n, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") {
                expNegative = bytes[j] == UInt8(ascii: "-")
                j += 1
            }
            if j < n, bytes[j] &- 0x30 < 10 {
                var e = 0
                while j < n, bytes[j] &- 0x30 < 10 {
                    if e < 100_000 { e = e * 10 + Int(bytes[j] &- 0x30) }
                    j += 1
                }
                exponent = expNegative ? -e : e
                i = j
            } else if !(i + 1 < n && (bytes[i + 1] | 0x20 == UInt8(ascii: "m") || bytes[i + 1] | 0x20 == UInt8(ascii: "x"))) {
                // `180e`, `1.8e+`: an exponent without digits makes the number malformed, as
                // Chromium and resvg read it (path data then stops before it); `1em` and `1ex`
                // end before their unit.
                return nil
            }
        }
        let value: Double
        let total = scale + exponent
        if !dropped, total >= -22, total <= 22, mantissa < (1 << 53) {
            // Clinger's fast path: both operands exact, one correctly rounded operation.
            let m = Double(mantissa)
            value = total < 0 ? m / NumberScanner.powersOfTen[-total] : m * NumberScanner.powersOfTen[total]
        } else if mantissa == 0 {
            value = 0
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[unsignedStart..<i]), as: UTF8.self)
            guard let parsed = Double(text) else { return nil }
            value = parsed
        }
        guard value.isFinite else { return nil }
        index = i
        return negative ? -value : value
    }

    @inline(__always)
    private func accumulate(
        _ byte: UInt8, _ mantissa: inout UInt64, _ digits: inout Int, _ dropped: inout Bool, _ scale: inout Int,
        fraction: Bool
    ) {
        let d = UInt64(byte &- 0x30)
        if digits == 0 && d == 0 {
            if fraction { scale -= 1 }
            return
        }
        if digits < 19 {
            mantissa = mantissa * 10 + d
            digits += 1
            if fraction { scale -= 1 }
        } else {
            if d != 0 { dropped = true }
            if !fraction { scale += 1 }
        }
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses a comma/whitespace separated list of numbers (`viewBox`, `points`,
    /// `stroke-dasharray`); nil on any syntax error. An empty or blank text is an empty list.
    public static func numberList(_ text: Substring) -> [Double]? {
        scan(text) { s -> [Double]? in
            var out: [Double] = []
            s.skipSpaces()
            if s.isAtEnd { return out }
            while true {
                guard let v = s.number() else { return nil }
                out.append(v)
                let comma = s.skipCommaSpaces()
                if s.isAtEnd { return comma ? nil : out }
            }
        }
    }
}
