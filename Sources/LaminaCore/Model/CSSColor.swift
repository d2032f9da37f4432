import LaminaGeometry

/// A parsed CSS color value: `currentColor`, or red, green, blue bytes and an alpha 0…1.
package enum ParsedColor: Hashable, Sendable {
    case currentColor
    case rgba(r: UInt8, g: UInt8, b: UInt8, a: Double)

    /// Opaque black, the initial `color` and `fill`.
    package static let black = ParsedColor.rgba(r: 0, g: 0, b: 0, a: 1)

    /// `#rrggbb` when opaque, else `rgba(r,g,b,A)`; `currentColor` as itself.
    package var cssText: String {
        switch self {
        case .currentColor:
            return "currentColor"
        case .rgba(let r, let g, let b, let a):
            if a == 1 {
                // Seven ASCII bytes: a small string, built without a heap allocation.
                return String(unsafeUninitializedCapacity: 7) { out in
                    @inline(__always) func digit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x57 + v }
                    out[0] = UInt8(ascii: "#")
                    out[1] = digit(r >> 4)
                    out[2] = digit(r & 15)
                    out[3] = digit(g >> 4)
                    out[4] = digit(g & 15)
                    out[5] = digit(b >> 4)
                    out[6] = digit(b & 15)
                    return 7
                }
            }
            var out = "rgba(\(r),\(g),\(b),"
            NumberText.append(a, to: &out)
            out += ")"
            return out
        }
    }

    /// The same color with its alpha multiplied by `factor` (clamped 0…1).
    package func multiplyingAlpha(by factor: Double) -> ParsedColor {
        guard case .rgba(let r, let g, let b, let a) = self else { return self }
        return .rgba(r: r, g: g, b: b, a: min(1, max(0, a * factor)))
    }

    /// Parses every CSS Color 3/4 sRGB form: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
    /// `rgb()`/`rgba()`/`hsl()`/`hsla()` in comma or space syntax (with `/ alpha`), the named
    /// colors, `transparent` and `currentColor`; case-insensitive, surrounding whitespace
    /// allowed. Nil when not a color, which includes SVG 1.1's `red icc-color(…)`: Chromium,
    /// Firefox and resvg treat such a value as invalid (the declaration is dropped, so `fill`
    /// inherits, `stop-color` is black and `stroke` none), and the output must draw as they do.
    package static func parse(_ s: Substring) -> ParsedColor? {
        let text = s.trimmingCSSSpaces()
        // Fast path: `#hex` with nothing after it (the common case) needs no scanning.
        if text.utf8.first == UInt8(ascii: "#"), let c = hexBytes(text.utf8.dropFirst()) { return c }
        guard let first = text.first else { return nil }
        if first == "#" { return hex(text.dropFirst()) }
        if let open = text.firstIndex(of: "(") {
            return function(name: text[text.startIndex..<open], body: text[text.index(after: open)...])
        }
        let lower = text.lowercased()
        if lower == "transparent" { return .rgba(r: 0, g: 0, b: 0, a: 0) }
        if lower == "currentcolor" { return .currentColor }
        guard let v = NamedColors.table[lower] else { return nil }
        return .rgba(r: UInt8(v >> 16), g: UInt8((v >> 8) & 0xFF), b: UInt8(v & 0xFF), a: 1)
    }

    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` digits without allocating; nil otherwise.
    private static func hexBytes(_ digits: Substring.UTF8View.SubSequence) -> ParsedColor? {
        var v: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        for c in digits {
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            switch n {
            case 0: v.0 = d
            case 1: v.1 = d
            case 2: v.2 = d
            case 3: v.3 = d
            case 4: v.4 = d
            case 5: v.5 = d
            case 6: v.6 = d
            case 7: v.7 = d
            default: return nil
            }
            n += 1
        }
        switch n {
        case 3, 4:
            let a = n == 4 ? Double(v.3 * 17) / 255 : 1
            return .rgba(r: v.0 * 17, g: v.1 * 17, b: v.2 * 17, a: roundAlpha(a))
        case 6, 8:
            let a = n == 8 ? Double(v.6 * 16 + v.7) / 255 : 1
            return .rgba(r: v.0 * 16 + v.1, g: v.2 * 16 + v.3, b: v.4 * 16 + v.5, a: roundAlpha(a))
        default:
            return nil
        }
    }

    private static func hex(_ digits: Substring) -> ParsedColor? {
        var values: [UInt8] = []
        for c in digits.utf8 {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(c - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        switch values.count {
        case 3, 4:
            let a = values.count == 4 ? Double(values[3] * 17) / 255 : 1
            return .rgba(r: values[0] * 17, g: values[1] * 17, b: values[2] * 17, a: roundAlpha(a))
        case 6, 8:
            let a = values.count == 8 ? Double(values[6] * 16 + values[7]) / 255 : 1
            return .rgba(
                r: values[0] * 16 + values[1], g: values[2] * 16 + values[3], b: values[4] * 16 + values[5],
                a: roundAlpha(a))
        default:
            return nil
        }
    }

    /// Byte alphas (n/255) are kept to 6 decimals so text and value agree.
    private static func roundAlpha(_ a: Double) -> Double {
        (a * 1_000_000).rounded() / 1_000_000
    }
}

/// CSS whitespace.
package func isCSSSpace(_ c: Character) -> Bool {
    c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
}

/// A CSS whitespace byte: space, tab, line feed, carriage return, form feed.
@inline(__always) package func isCSSSpaceByte(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
}

extension Substring {
    /// The text without leading and trailing CSS whitespace.
    package func trimmingCSSSpaces() -> Substring {
        let u = utf8
        var start = u.startIndex, end = u.endIndex
        while start < end, isCSSSpaceByte(u[start]) { start = u.index(after: start) }
        while end > start, isCSSSpaceByte(u[u.index(before: end)]) { end = u.index(before: end) }
        if start == u.startIndex, end == u.endIndex { return self }
        return self[start..<end]
    }
}
