/// The CSS size limits of a document's outermost `svg` (`max-width`, `max-height`, `min-width`,
/// `min-height`), carried from the input to the output's root as a `style` attribute.
///
/// In a browser they bound the document's box, which `width="100%"` otherwise stretches to the
/// window (Mermaid writes `width="100%" style="max-width: 412px"`). Only these four properties
/// with a plain length, a percentage or `none` are kept, so the attribute can carry nothing else
/// (no `url()`, no other property) whether it comes from SVG or from layer JSON.
public enum RootSizeLimits {
    /// The properties kept.
    public static let properties = ["max-width", "max-height", "min-width", "min-height"]

    /// The `style` text of the limits among `declarations` (later ones win), or nil for none.
    public static func style(from declarations: [(name: String, value: String)]) -> String? {
        var limits: [(String, String)] = []
        for (name, raw) in declarations where properties.contains(name) {
            let value = trimmed(raw).lowercased()
            guard value == "none" || isPlainLength(value) else { continue }
            limits.removeAll { $0.0 == name }
            limits.append((name, value))
        }
        return limits.isEmpty ? nil : limits.map { "\($0.0): \($0.1)" }.joined(separator: "; ")
    }

    /// `style` reduced to the limits it holds (nil for none): what the output's root may carry.
    public static func sanitized(_ style: String) -> String? {
        var declarations: [(name: String, value: String)] = []
        for part in style.split(separator: ";") {
            guard let colon = part.firstIndex(of: ":") else { continue }
            declarations.append((trimmed(String(part[..<colon])).lowercased(), String(part[part.index(after: colon)...])))
        }
        return Self.style(from: declarations)
    }

    /// A non-negative number with an optional CSS length unit or `%` (`412px`, `100%`, `2.5em`).
    static func isPlainLength(_ s: String) -> Bool {
        let units = ["", "px", "%", "em", "rem", "ex", "pt", "pc", "mm", "cm", "in", "vw", "vh"]
        let bytes = Array(s.utf8)
        var i = 0, digits = 0, dots = 0
        while i < bytes.count, (bytes[i] >= 0x30 && bytes[i] <= 0x39) || bytes[i] == UInt8(ascii: ".") {
            if bytes[i] == UInt8(ascii: ".") { dots += 1 } else { digits += 1 }
            i += 1
        }
        guard digits > 0, dots <= 1 else { return false }
        return units.contains(String(decoding: bytes[i...], as: UTF8.self))
    }

    private static func trimmed(_ s: String) -> String {
        let spaces: Set<Character> = [" ", "\t", "\n", "\r"]
        var t = Substring(s)
        while let f = t.first, spaces.contains(f) { t.removeFirst() }
        while let l = t.last, spaces.contains(l) { t.removeLast() }
        return String(t)
    }
}
