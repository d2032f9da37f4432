import LaminaCore

/// XML text helpers for markup carried verbatim (resources, `text`, `image`).
enum MarkupText {
    /// Escapes `& < > "` for a double-quoted attribute value (and tabs/newlines as references).
    static func attribute(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D })
        else { return s }
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Escapes `& < >` for character data.
    static func text(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else { return s }
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
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
        var rest = s[...]
        while let r = rest.firstRange(of: "url(") {
            var inner = rest[r.upperBound...]
            guard let close = inner.firstIndex(of: ")") else { break }
            inner = inner[..<close]
            let trimmed = inner.trimmingCharacters(in: " \t\n\r\"'")
            if trimmed.hasPrefix("#") { out.append(String(trimmed.dropFirst())) }
            rest = rest[close...]
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
