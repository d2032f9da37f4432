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
    /// or ``CSSText``'s).
    static func parseFast(_ property: CSSProperty, bytes b: UnsafeBufferPointer<UInt8>) -> ParsedValue? {
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
    private static func hexColor(_ b: UnsafeBufferPointer<UInt8>) -> ParsedColor? {
        guard b.count == 4 || b.count == 7 else { return nil }
        var d: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
        for i in 1..<b.count {
            let c = b[i]
            let v: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): v = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): v = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            switch i {
            case 1: d.0 = v
            case 2: d.1 = v
            case 3: d.2 = v
            case 4: d.3 = v
            case 5: d.4 = v
            default: d.5 = v
            }
        }
        if b.count == 4 { return .rgba(r: d.0 * 17, g: d.1 * 17, b: d.2 * 17, a: 1) }
        return .rgba(r: d.0 * 16 + d.1, g: d.2 * 16 + d.3, b: d.4 * 16 + d.5, a: 1)
    }
}
