/// Characters that a line of a terminal or log does not show as written: control characters
/// (an escape sequence recolors or clears the terminal, a line feed starts a forged line) and
/// bidirectional formatting characters and line separators (the rest of the line shows
/// reversed, or on another line). Layer paths leave names holding them out (`#N`), and
/// diagnostics escape them.
package enum LineBreakers {
    /// A C0 control character (tab included), DEL or a C1 control character.
    package static func isControl(_ v: UInt32) -> Bool {
        v < 0x20 || (0x7F...0x9F).contains(v)
    }

    /// A bidirectional formatting character (U+061C, U+200E, U+200F, U+202A…U+202E,
    /// U+2066…U+2069) or a line or paragraph separator (U+2028, U+2029).
    package static func isFormatting(_ v: UInt32) -> Bool {
        v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// Whether a UTF-8 byte can start a character that only a scalar test tells apart: C2 (C1
    /// controls), D8 (U+061C), E2 (U+2000…U+2FFF). ASCII is told by its byte alone.
    package static func mayStartNonASCII(_ b: UInt8) -> Bool {
        b == 0xC2 || b == 0xD8 || b == 0xE2
    }
}
