import LaminaCore

/// `ParsedColor.cssText` for the paint of every shape, without the cost of making a string.
///
/// An opaque color's text is `#rrggbb`: seven ASCII bytes, which the standard library keeps in
/// the string value itself (a small string: the bytes in the first word, the count and flags in
/// the second word's top byte), with no allocation. `cssText` makes it through
/// `String(unsafeUninitializedCapacity:)`, a call of ~130 instructions of the ~160 a color
/// (12,597 colors on a 10,000-shape drawing, 164,772 on a nested one of 100,000).
/// ``text(_:)`` writes the seven digits into one word and takes the second word from a string
/// the standard library made (``smallStringTail``), checked once: when those strings' first
/// words differ from the digits written here, or they are not small strings, every color goes
/// through `cssText`.
enum ColorText {
    /// The text of `c`, the same as `c.cssText`.
    @inline(__always) static func text(_ c: ParsedColor) -> String {
        if case .rgba(let r, let g, let b, let a) = c, a == 1, let tail = smallStringTail {
            return unsafeBitCast((digits(r, g, b), tail), to: String.self)
        }
        return c.cssText
    }

    /// `#rrggbb` (lowercase digits) as the first eight bytes of a string, the last one zero.
    @inline(__always) static func digits(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt64 {
        let rgb = UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        // Byte k (1…6) of the word is the k-th nibble of `rgb` from the top.
        var n: UInt64 = 0
        for k in 0..<6 { n |= (rgb >> UInt64(20 - 4 * k) & 15) << UInt64(8 * (k + 1)) }
        // `0`… for nibbles below 10, `a`… (0x27 further) from 10: `n + 6` has bit 4 set there.
        let letters = ((n &+ 0x0006_0606_0606_0600) >> 4) & 0x0001_0101_0101_0100
        return 0x23 | (n &+ 0x0030_3030_3030_3000 &+ letters &* 0x27)
    }

    /// The second word of a seven-byte ASCII string, when the standard library makes such a
    /// string as ``text(_:)`` assumes (checked on three colors, every digit in them); nil when
    /// it does not.
    static let smallStringTail: UInt64? = {
        let probes: [(UInt8, UInt8, UInt8)] = [(0xAB, 0xCD, 0xEF), (0x01, 0x23, 0x45), (0x67, 0x89, 0xF0)]
        var tail: UInt64?
        for (r, g, b) in probes {
            let made = ParsedColor.rgba(r: r, g: g, b: b, a: 1).cssText
            guard made.utf8.count == 7, made.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            let words = unsafeBitCast(made, to: (UInt64, UInt64).self)
            // The bytes are the first word; the second holds no byte, only the count and flags
            // (the top byte); the same for every probe.
            guard words.0 == digits(r, g, b), words.1 & 0x00FF_FFFF_FFFF_FFFF == 0, tail == nil || tail == words.1
            else { return nil }
            tail = words.1
        }
        return tail
    }()
}
