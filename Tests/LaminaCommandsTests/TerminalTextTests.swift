@testable import LaminaCommands
import Testing

/// Diagnostics quote names and values from the input; control characters in them are shown,
/// never sent to the terminal.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain 'name' é ✓\t", "plain 'name' é ✓\t"),
        ("a\u{1B}[31mred\u{7}", "a\\u{1B}[31mred\\u{7}"),
        ("x\nfake.svg:1:1: error: forged", "x\\u{A}fake.svg:1:1: error: forged"),
        ("\r\u{0}\u{7F}\u{85}\u{9B}2J\u{A0}", "\\u{D}\\u{0}\\u{7F}\\u{85}\\u{9B}2J\u{A0}"),
    ])
    func controlCharactersAreShown(text: String, printed: String) {
        #expect(TerminalText.printable(text) == printed)
    }
}
