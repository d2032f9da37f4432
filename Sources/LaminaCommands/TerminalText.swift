import LaminaCore

/// Text from the input made safe to print as one line of a terminal or log: a layer name,
/// attribute value or file name quoted in a diagnostic may hold control characters (an escape
/// sequence could recolor or clear the terminal, a line feed could forge a `FILE:LINE:COL:`
/// line, a bidirectional override could show the rest of the line reversed in a terminal that
/// lays out bidirectional text). Each such character but tab is shown as `\u{XX}`.
enum TerminalText {
    /// `text` with every C0 control character (tab excepted), DEL, C1 control character,
    /// bidirectional formatting character (U+061C, U+200E, U+200F, U+202A…U+202E,
    /// U+2066…U+2069) and line or paragraph separator (U+2028, U+2029) written as `\u{XX}`;
    /// `text` itself when it has none.
    static func printable(_ text: String) -> String {
        func escapes(_ v: UInt32) -> Bool { v != 0x09 && LineBreakers.isControl(v) || LineBreakers.isFormatting(v) }
        guard text.utf8.contains(where: { $0 < 0x80 ? escapes(UInt32($0)) : LineBreakers.mayStartNonASCII($0) }) else {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if escapes(v) {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
