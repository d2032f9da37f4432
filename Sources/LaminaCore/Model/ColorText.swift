/// The text `#rrggbb` of an opaque color, made without the cost of making a string, and read
/// back: ``Content`` keeps such a fill or stroke as its 24-bit value (``PaintSlot/rgb(_:)``)
/// and makes the text when it is read.
///
/// `#rrggbb` is seven ASCII bytes, which the standard library keeps in the string value
/// itself (a small string: the bytes in the first word, the count and flags in the second
/// word's top byte), with no allocation. `ParsedColor.cssText` makes it through
/// `String(unsafeUninitializedCapacity:)`, a call of ~130 instructions of the ~160 a color.
/// ``text(rgb:)`` writes the seven digits into one word and takes the second word from a
/// string the standard library made (``smallStringTail``), checked once: when those strings'
/// first words differ from the digits written here, or they are not small strings, every
/// color goes through `cssText`.
@usableFromInline
package enum ColorText {
    /// `#rrggbb` (lowercase digits) of the low 24 bits of `rgb`: `ParsedColor.cssText` of the
    /// opaque color.
    @inlinable @inline(__always) package static func text(rgb: UInt32) -> String {
        if let tail = smallStringTail {
            return unsafeBitCast((digits(rgb), tail), to: String.self)
        }
        return madeText(rgb: rgb)
    }

    /// ``text(rgb:)`` made by `ParsedColor.cssText` (when the one-word string is not used).
    @usableFromInline package static func madeText(rgb: UInt32) -> String {
        ParsedColor.rgba(r: UInt8(truncatingIfNeeded: rgb >> 16), g: UInt8(truncatingIfNeeded: rgb >> 8),
                         b: UInt8(truncatingIfNeeded: rgb), a: 1).cssText
    }

    /// The 24-bit value of `text` when it is exactly `#rrggbb` with lowercase digits (what
    /// ``text(rgb:)`` makes of it, byte for byte); nil for any other text (`#RRGGBB`, `#abc`,
    /// `rgba(…)`, a name…), which is kept as written.
    @inlinable package static func rgb(of text: String) -> UInt32? {
        let bytes = text.utf8
        guard bytes.count == 7, bytes.first == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for b in bytes.dropFirst() {
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b &- UInt8(ascii: "a") &+ 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// `#rrggbb` (lowercase digits) of the low 24 bits of `rgb` as the first eight bytes of a
    /// string, the last one zero.
    @inlinable @inline(__always) package static func digits(_ rgb: UInt32) -> UInt64 {
        let rgb = UInt64(rgb & 0xFF_FFFF)
        // Byte k (1…6) of the word is the k-th nibble of `rgb` from the top.
        var n: UInt64 = 0
        for k in 0..<6 { n |= (rgb >> UInt64(20 - 4 * k) & 15) << UInt64(8 * (k + 1)) }
        // `0`… for nibbles below 10, `a`… (0x27 further) from 10: `n + 6` has bit 4 set there.
        let letters = ((n &+ 0x0006_0606_0606_0600) >> 4) & 0x0001_0101_0101_0100
        return 0x23 | (n &+ 0x0030_3030_3030_3000 &+ letters &* 0x27)
    }

    /// The second word of a seven-byte ASCII string, when the standard library makes such a
    /// string as ``text(rgb:)`` assumes (checked on three colors, every digit in them); nil
    /// when it does not.
    @usableFromInline package static let smallStringTail: UInt64? = {
        let probes: [UInt32] = [0xAB_CDEF, 0x01_2345, 0x67_89F0]
        var tail: UInt64?
        for rgb in probes {
            let made = ParsedColor.rgba(r: UInt8(rgb >> 16), g: UInt8(rgb >> 8 & 0xFF), b: UInt8(rgb & 0xFF), a: 1).cssText
            guard made.utf8.count == 7, made.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            let words = unsafeBitCast(made, to: (UInt64, UInt64).self)
            // The bytes are the first word; the second holds no byte, only the count and flags
            // (the top byte); the same for every probe.
            guard words.0 == digits(rgb), words.1 & 0x00FF_FFFF_FFFF_FFFF == 0, tail == nil || tail == words.1
            else { return nil }
            tail = words.1
        }
        return tail
    }()
}
