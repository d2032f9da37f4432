import LaminaGeometry

/// The SVG `transform` attribute grammar: `matrix translate scale rotate skewX skewY`.
///
/// The list is read in one pass over its bytes: a function's name is recognised from its first
/// four bytes (one 32-bit compare, then the rest of the name), its numbers are read in place
/// by ``NumberScanner/number()`` (inlined), and each function is multiplied into the total as
/// it ends: no array, no string.
package enum TransformList {
    /// Parses a transform list into one matrix (the leftmost function applies last, as in SVG);
    /// an empty list or `none` is identity. Nil on a syntax error or a non-finite result.
    ///
    ///     TransformList.parse("translate(10) scale(2)") // maps (1, 1) to (12, 2)
    package static func parse(_ s: Substring) -> AffineTransform? {
        NumberScanner.scan(s) { sc -> AffineTransform? in parse(scanner: &sc) }
    }

    /// The same as `parse(_:)` on UTF-8 bytes.
    package static func parse(bytes: UnsafeBufferPointer<UInt8>) -> AffineTransform? {
        var sc = NumberScanner(bytes)
        return parse(scanner: &sc)
    }

    private static func parse(scanner sc: inout NumberScanner) -> AffineTransform? {
        var total = AffineTransform.identity
        sc.skipSpaces()
        if matchesNone(&sc) { return total }
        var first = true
        while true {
            let comma = first ? false : sc.skipCommaSpaces()
            if sc.isAtEnd { return comma ? nil : (isFinite(total) ? total : nil) }
            first = false
            guard let t = function(&sc) else { return nil }
            total = t.concatenating(total)
        }
    }

    @inline(__always)
    private static func matchesNone(_ sc: inout NumberScanner) -> Bool {
        let b = sc.bytes, i = sc.index
        guard b.count - i >= 4, b[i] | 0x20 == UInt8(ascii: "n"), b[i + 1] | 0x20 == UInt8(ascii: "o"),
            b[i + 2] | 0x20 == UInt8(ascii: "n"), b[i + 3] | 0x20 == UInt8(ascii: "e")
        else { return false }
        var j = i + 4
        while j < b.count, NumberScanner.isSpace(b[j]) { j += 1 }
        return j == b.count
    }

    @inline(__always)
    private static func isFinite(_ t: AffineTransform) -> Bool {
        t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
    }

    /// The transform functions, by name as written (case matters).
    enum Function {
        case matrix, translate, scale, rotate, skewX, skewY

        /// The first four bytes of `s` as one little-endian word (folded to a constant), for
        /// comparing four bytes of a name at once.
        @inline(__always)
        static func word(_ s: StaticString) -> UInt32 {
            let p = s.utf8Start
            return UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
        }

        /// The four bytes at `p` as a little-endian word.
        @inline(__always)
        static func word(at p: UnsafePointer<UInt8>) -> UInt32 {
            UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
        }

        /// The function named at `sc` (a whole run of ASCII letters: `translateX` is none),
        /// moving past the name; nil, not moving, for any other name.
        @inline(__always)
        static func read(_ sc: inout NumberScanner) -> Function? {
            let i = sc.index, left = sc.bytes.count - i
            // The shortest names (`scale`, `skewX`, `skewY`) have five letters.
            guard left >= 5, let base = sc.bytes.baseAddress else { return nil }
            let p = base + i
            let function: Function, length: Int
            switch word(at: p) {
            case word("tran"):
                guard left >= 9, word(at: p + 4) == word("slat"), p[8] == UInt8(ascii: "e") else { return nil }
                (function, length) = (.translate, 9)
            case word("rota"):
                guard left >= 6, p[4] == UInt8(ascii: "t"), p[5] == UInt8(ascii: "e") else { return nil }
                (function, length) = (.rotate, 6)
            case word("matr"):
                guard left >= 6, p[4] == UInt8(ascii: "i"), p[5] == UInt8(ascii: "x") else { return nil }
                (function, length) = (.matrix, 6)
            case word("scal"):
                guard p[4] == UInt8(ascii: "e") else { return nil }
                (function, length) = (.scale, 5)
            case word("skew"):
                switch p[4] {
                case UInt8(ascii: "X"): function = .skewX
                case UInt8(ascii: "Y"): function = .skewY
                default: return nil
                }
                length = 5
            default:
                return nil
            }
            // A longer run of letters is another name.
            if length < left, isLetter(p[length]) { return nil }
            sc.index = i + length
            return function
        }

        @inline(__always)
        static func isLetter(_ c: UInt8) -> Bool {
            c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")
        }
    }

    /// One `name(args)` at the scanner, whitespace before `(` allowed.
    @inline(__always)
    private static func function(_ sc: inout NumberScanner) -> AffineTransform? {
        guard let function = Function.read(&sc) else { return nil }
        sc.skipSpaces()
        guard sc.peek == UInt8(ascii: "(") else { return nil }
        sc.index += 1
        sc.skipSpaces()
        // Up to six arguments, without an array.
        var a0 = 0.0, a1 = 0.0, a2 = 0.0, a3 = 0.0, a4 = 0.0, a5 = 0.0
        var count = 0
        while sc.peek != UInt8(ascii: ")") {
            if count > 0 { sc.skipCommaSpaces() }
            guard count < 6, let v = sc.number() else { return nil }
            switch count {
            case 0: a0 = v
            case 1: a1 = v
            case 2: a2 = v
            case 3: a3 = v
            case 4: a4 = v
            default: a5 = v
            }
            count += 1
            sc.skipSpaces()
        }
        sc.index += 1
        switch (function, count) {
        case (.matrix, 6):
            return AffineTransform(a0, a1, a2, a3, a4, a5)
        case (.translate, 1), (.translate, 2):
            return .translation(a0, count == 2 ? a1 : 0)
        case (.scale, 1), (.scale, 2):
            return .scale(a0, count == 2 ? a1 : a0)
        case (.rotate, 1), (.rotate, 3):
            // One remainder for both (the same values as `cosDegrees` and `sinDegrees`).
            let (c, s) = PathData.cosSinDegrees(a0)
            let r = AffineTransform(c, s, -s, c, 0, 0)
            guard count == 3 else { return r }
            return r.turned(aboutX: a1, y: a2)
        case (.skewX, 1):
            return AffineTransform(1, 0, tangentDegrees(a0), 1, 0, 0)
        case (.skewY, 1):
            return AffineTransform(1, tangentDegrees(a0), 0, 1, 0, 0)
        default:
            return nil
        }
    }

    private static func tangentDegrees(_ d: Double) -> Double {
        let (c, s) = PathData.cosSinDegrees(d)
        return c == 0 ? .infinity : s / c
    }
}
