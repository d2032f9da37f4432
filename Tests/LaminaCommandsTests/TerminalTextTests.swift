@testable import LaminaCommands
import Testing

/// Diagnostics quote names and values from the input; control characters and bidirectional
/// formatting characters in them are shown, never sent to the terminal.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain 'name' é ✓\t", "plain 'name' é ✓\t"),
        ("a\u{1B}[31mred\u{7}", "a\\u{1B}[31mred\\u{7}"),
        ("x\nfake.svg:1:1: error: forged", "x\\u{A}fake.svg:1:1: error: forged"),
        ("\r\u{0}\u{7F}\u{85}\u{9B}2J\u{A0}", "\\u{D}\\u{0}\\u{7F}\\u{85}\\u{9B}2J\u{A0}"),
        // A right-to-left override would show the rest of the line reversed; separators, a break.
        ("frame of 'a\u{202E}txt.exe' is", "frame of 'a\\u{202E}txt.exe' is"),
        ("\u{61C}\u{200E}\u{200F}\u{2066}\u{2069}\u{2028}\u{2029}", "\\u{61C}\\u{200E}\\u{200F}\\u{2066}\\u{2069}\\u{2028}\\u{2029}"),
        ("a—b … € \u{200D}\u{2030}", "a—b … € \u{200D}\u{2030}"),
    ])
    func controlCharactersAreShown(text: String, printed: String) {
        #expect(TerminalText.printable(text) == printed)
    }
}
