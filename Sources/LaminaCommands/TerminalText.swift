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
        // C2: C1 controls; D8: U+061C; E2: U+2000…U+2FFF.
        guard text.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) else {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 && v != 0x09 || (0x7F...0x9F).contains(v) || isFormatting(v) {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A bidirectional formatting character or a line or paragraph separator.
    private static func isFormatting(_ v: UInt32) -> Bool {
        v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
