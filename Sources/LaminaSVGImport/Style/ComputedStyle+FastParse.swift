import LaminaCore
import LaminaGeometry

extension ComputedStyle {
    /// The parsed value for the common plain forms, read from the value's bytes without making
    /// substrings: `#rgb`/`#rrggbb` and `none` paints, plain numbers and percentages. Nil means
    /// "not one of them": `parse(_:_:)` then decides on the text (so results never differ).
    static func parseFast(_ property: CSSProperty, _ value: String) -> ParsedValue? {
        guard hasFastParse(property) else { return nil }
        var text = value
        return text.withUTF8 { parseFast(property, bytes: $0) }
    }

    /// ``parseFast(_:_:)`` of a value's UTF-8 bytes, read in place (the element table's bytes,
    /// or ``CSSText``'s). A `#rrggbb` paint, most of a drawing's values, is read inline where
    /// the cascade asks; the other forms by ``parseFastOther(_:bytes:)`` (the whole function was
    /// too large for the compiler to inline, even asked to).
    @inline(__always) static func parseFast(_ property: CSSProperty, bytes b: UnsafeBufferPointer<UInt8>) -> ParsedValue? {
        if b.count == 7, property == .fill || property == .stroke, b[0] == UInt8(ascii: "#") {
            return longHexColor(UnsafeRawPointer(b.baseAddress.unsafelyUnwrapped + 1)).map { .paint(.color($0)) }
        }
        return parseFastOther(property, bytes: b)
    }

    /// ``parseFast(_:bytes:)`` of a value that is not a `#rrggbb` paint.
    private static func parseFastOther(_ property: CSSProperty, bytes b: UnsafeBufferPointer<UInt8>) -> ParsedValue? {
        guard hasFastParse(property), let first = b.first, let last = b.last, !CSSBytes.isSpace(first), !CSSBytes.isSpace(last) else {
            return nil
        }
        switch property {
        case .clipPath, .mask, .filter:
            return plainReference(b).map { .reference($0) }
        case .fill, .stroke:
            if first == UInt8(ascii: "#") { return hexColor(b).map { .paint(.color($0)) } }
            if b.count == 4, b[0] == UInt8(ascii: "n"), b[1] == UInt8(ascii: "o"), b[2] == UInt8(ascii: "n"),
                b[3] == UInt8(ascii: "e")
            {
                return .paint(SpecifiedPaint.none)
            }
            return nil
        case .stopColor:
            return first == UInt8(ascii: "#") ? hexColor(b).map { .color($0) } : nil
        default:
            guard let (v, percent) = plainNumber(b) else { return nil }
            if property == .strokeWidth {
                return v >= 0 ? .length(Length(v, percent ? .percent : .none)) : nil
            }
            return .fraction(min(1, max(0, percent ? v / 100 : v)))
        }
    }

    /// Whether ``parseFast(_:_:)`` reads some values of the property.
    @inline(__always) private static func hasFastParse(_ property: CSSProperty) -> Bool {
        switch property {
        case .fill, .stroke, .stopColor, .fillOpacity, .strokeOpacity, .opacity, .stopOpacity, .strokeWidth: return true
        case .clipPath, .mask, .filter: return true
        default: return false
        }
    }

    /// The id of `url(#id)` written plainly (lower-case `url`, no quotes or spaces, an id of
    /// ASCII letters, digits, `-`, `_`, `.` and `:`); nil for anything else, which the full
    /// parse reads.
    private static func plainReference(_ b: UnsafeBufferPointer<UInt8>) -> String? {
        let n = b.count
        guard n >= 7, b[0] == UInt8(ascii: "u"), b[1] == UInt8(ascii: "r"), b[2] == UInt8(ascii: "l"), b[3] == UInt8(ascii: "("),
            b[4] == UInt8(ascii: "#"), b[n - 1] == UInt8(ascii: ")")
        else { return nil }
        for k in 5..<(n - 1) {
            let c = b[k] | 0x20
            let ok = (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (b[k] >= UInt8(ascii: "0") && b[k] <= UInt8(ascii: "9"))
                || b[k] == UInt8(ascii: "-") || b[k] == UInt8(ascii: "_") || b[k] == UInt8(ascii: ".") || b[k] == UInt8(ascii: ":")
            guard ok else { return nil }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: b[5..<(n - 1)]), as: UTF8.self)
    }

    /// A number alone or followed by `%` (nothing else); nil otherwise.
    private static func plainNumber(_ b: UnsafeBufferPointer<UInt8>) -> (Double, Bool)? {
        var sc = NumberScanner(b)
        guard let v = sc.number() else { return nil }
        if sc.isAtEnd { return (v, false) }
        if sc.index == b.count - 1, b[sc.index] == UInt8(ascii: "%") { return (v, true) }
        return nil
    }

    /// `#rgb` or `#rrggbb` (opaque); nil for anything else, which the full color parser reads.
    /// Inlined: a call for each of most paints cost ~15 instructions of its ~55.
    @inline(__always) private static func hexColor(_ b: UnsafeBufferPointer<UInt8>) -> ParsedColor? {
        if b.count == 7 { return longHexColor(UnsafeRawPointer(b.baseAddress! + 1)) }
        guard b.count == 4 else { return nil }
        let r = hexDigit(b[1]), g = hexDigit(b[2]), bl = hexDigit(b[3])
        guard (r | g | bl) < 16 else { return nil }
        return .rgba(r: UInt8(r) * 17, g: UInt8(g) * 17, b: UInt8(bl) * 17, a: 1)
    }

    /// `#rrggbb`'s six digits at `p` read as one word, each byte a lane: all checked and
    /// valued at once, without a branch per digit; nil when any is not a hex digit.
    @inline(__always) private static func longHexColor(_ p: UnsafeRawPointer) -> ParsedColor? {
        let w = UInt64(UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)))
            | UInt64(UInt16(littleEndian: p.loadUnaligned(fromByteOffset: 4, as: UInt16.self))) << 32
        let ones: UInt64 = 0x0000_0101_0101_0101, tops = ones &* 0x80
        // The tests below hold for bytes below 0x80 (no sum carries into the next lane).
        guard w & tops == 0 else { return nil }
        // The top bit of each lane whose byte is in `low...high`.
        @inline(__always) func within(_ x: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
            (x &+ ones &* (0x80 - low)) & ~(x &+ ones &* (0x7F - high)) & tops
        }
        // A digit, or a letter `a`…`f` once lower-cased (setting 0x20 maps only `A`…`F` there).
        guard within(w, 0x30, 0x39) | within(w | (ones &* 0x20), 0x61, 0x66) == tops else { return nil }
        // A digit's value is its low four bits; a letter's (bit 6 set) those plus 9.
        let v = (w & (ones &* 0x0F)) &+ (w >> 6 & ones) &* 9
        // Lanes 0, 2 and 4: each pair's high digit shifted up, with the low one from the next lane.
        let pairs = v << 4 | v >> 8
        return .rgba(
            r: UInt8(truncatingIfNeeded: pairs), g: UInt8(truncatingIfNeeded: pairs >> 16),
            b: UInt8(truncatingIfNeeded: pairs >> 32), a: 1)
    }

    /// The value of a hex digit (either case), or a value of 16 or more for any other byte.
    @inline(__always) private static func hexDigit(_ c: UInt8) -> UInt32 {
        let d = UInt32(c) &- 0x30
        if d < 10 { return d }
        let l = (UInt32(c) | 0x20) &- 0x61
        return l < 6 ? l + 10 : 0x100
    }
}
