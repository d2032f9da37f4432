import LaminaCore

/// XML text helpers for markup carried verbatim (resources, `text`, `image`).
enum MarkupText {
    /// Escapes `& < > "` for a double-quoted attribute value (and tabs/newlines as references).
    static func attribute(_ s: String) -> String {
        escaped(s, attribute: true)
    }

    /// Escapes `& < >` for character data, and a carriage return as a reference: the reader turns
    /// a literal one into a line feed, so one in text came from `&#13;` and stays one.
    static func text(_ s: String) -> String {
        escaped(s, attribute: false)
    }

    /// ``attribute(_:)`` or ``text(_:)``: `s` itself when nothing needs escaping, else its
    /// bytes with each such character replaced and the runs between copied whole (every byte
    /// replaced is ASCII, so UTF-8 sequences pass through untouched). Through the string's
    /// views, a character at a time, a 6 MB embedded image took 11 ms only to be scanned.
    private static func escaped(_ s: String, attribute: Bool) -> String {
        var t = s
        return t.withUTF8 { bytes -> String in
            let mask: UInt8 = attribute ? 3 : 1
            var first = 0
            while first < bytes.count, escapeClass(bytes[first]) & mask == 0 { first += 1 }
            if first == bytes.count { return s }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
            var run = 0
            for i in first..<bytes.count {
                let b = bytes[i]
                guard escapeClass(b) & mask != 0 else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                let reference: StaticString =
                    switch b {
                    case 0x26: "&amp;"
                    case 0x3C: "&lt;"
                    case 0x3E: "&gt;"
                    case 0x22: "&quot;"
                    case 0x0A: "&#10;"
                    case 0x09: "&#9;"
                    default: "&#13;"
                    }
                out.append(contentsOf: UnsafeBufferPointer(start: reference.utf8Start, count: reference.utf8CodeUnitCount))
                run = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// 1 for `& < >` and carriage return (escaped everywhere), 2 for `"`, tab and line feed
    /// (escaped in attribute values), 0 for every other byte.
    @inline(__always)
    private static func escapeClass(_ b: UInt8) -> UInt8 {
        switch b {
        case 0x26, 0x3C, 0x3E, 0x0D: 1
        case 0x22, 0x0A, 0x09: 2
        default: 0
        }
    }

    /// The CSS text of a paint.
    static func paint(_ p: Paint) -> String {
        switch p {
        case .none: return "none"
        case .color(let c): return c
        case .ref(let id, let fallback): return "url(#\(id))" + (fallback.map { " " + $0 } ?? "")
        }
    }

    /// Every `url(#id)` in a value.
    static func urlReferences(_ s: String) -> [String] {
        var out: [String] = []
        var text = s
        text.withUTF8 { u in
            // On the bytes: a value may hold thousands of `url()`s and be written onto every
            // element that inherits it (String searches took 13 ms per element for 5,000).
            func isTrimmed(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x22 || b == 0x27 }
            var i = 0
            while i + 4 <= u.count {
                guard u[i] == UInt8(ascii: "u"), u[i + 1] == UInt8(ascii: "r"), u[i + 2] == UInt8(ascii: "l"),
                    u[i + 3] == UInt8(ascii: "(")
                else {
                    i += 1
                    continue
                }
                var start = i + 4
                guard var end = u[start...].firstIndex(of: UInt8(ascii: ")")) else { break }
                i = end
                while start < end, isTrimmed(u[start]) { start += 1 }
                while end > start, isTrimmed(u[end - 1]) { end -= 1 }
                if start < end, u[start] == UInt8(ascii: "#") {
                    out.append(String(decoding: UnsafeBufferPointer(rebasing: u[(start + 1)..<end]), as: UTF8.self))
                }
            }
        }
        return out
    }

    /// The full list of drawing properties a content's paint stands for, defaults included,
    /// in a fixed order (so values can be compared with a parent's).
    static func properties(of c: Content, fontSize: Double) -> [(String, String)] {
        var out: [(String, String)] = [
            ("fill", c.fill.map(paint) ?? "#000000"),
            ("fill-opacity", NumberText.format(c.fillOpacity ?? 1)),
            ("fill-rule", c.fillRule ?? "nonzero"),
            ("stroke", c.stroke.map(paint) ?? "none"),
            ("stroke-width", NumberText.format(c.strokeWidth ?? 1)),
            ("stroke-opacity", NumberText.format(c.strokeOpacity ?? 1)),
            ("stroke-linecap", c.strokeLinecap ?? "butt"),
            ("stroke-linejoin", c.strokeLinejoin ?? "miter"),
            ("stroke-miterlimit", NumberText.format(c.strokeMiterlimit ?? 4)),
            ("stroke-dasharray", c.strokeDasharray.map { $0.map(NumberText.format).joined(separator: " ") } ?? "none"),
            ("stroke-dashoffset", NumberText.format(c.strokeDashoffset ?? 0)),
            ("clip-rule", c.clipRule ?? "nonzero"),
            ("font-size", NumberText.format(fontSize)),
        ]
        var visibility = "visible"
        for p in c.extra {
            if p.name == "visibility" { visibility = p.value } else { out.append((p.name, p.value)) }
        }
        out.append(("visibility", visibility))
        return out
    }

    /// The defaults `properties(of:)` produces for an unstyled element.
    static let defaults: [String: String] = {
        var d: [String: String] = [:]
        for (k, v) in properties(of: Content(shape: .path("")), fontSize: 16) { d[k] = v }
        return d
    }()
}
