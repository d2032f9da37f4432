/// Text from the input made safe to print as one line of a terminal or log: a layer name,
/// attribute value or file name quoted in a diagnostic may hold control characters (an escape
/// sequence could recolor or clear the terminal, a line feed could forge a `FILE:LINE:COL:`
/// line). Each control character but tab is shown as `\u{XX}`.
enum TerminalText {
    /// `text` with every C0 control character (tab excepted), DEL and C1 control character
    /// written as `\u{XX}`; `text` itself when it has none.
    static func printable(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 && v != 0x09 || (0x7F...0x9F).contains(v) {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
