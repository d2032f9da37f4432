import LaminaTestSupport
import Testing

@testable import LaminaSVGImport

/// Trimming a string on its bytes gives what trimming its characters gives: CR LF is one
/// character (in no set), a combining mark belongs to the character before it, a prepended mark
/// to the one after.
@Suite struct TrimmingTests {
    @Test(arguments: [
        ("  a b \n", "a b"), ("\r\n x", "\r\n x"), ("x \r\n", "x \r\n"), ("\rx\r", "x"), (" \u{301}x ", " \u{301}x"),
        ("x\u{600} ", "x\u{600} "), (" ", ""), ("", ""), ("\t\n", ""), ("M 0 0 L 1 1 \n", "M 0 0 L 1 1"),
    ])
    func trims(input: String, expected: String) {
        #expect(input.trimmingCharacters(in: " \t\n\r") == expected)
    }

    @Test func bytesTrimAsCharactersOnRandomText() {
        let alphabet: [Unicode.Scalar] = [" ", "\t", "\n", "\r", "a", "\"", "'", "\u{301}", "\u{600}", "ü", "😀", "\u{200D}"]
        var rng = SplitMix64(state: 11)
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 7) { text.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            let s = String(text)
            // (A set with a letter is trimmed as characters: the byte mask holds controls, space
            // and punctuation below `@` only.)
            for set in [" \t\n\r", " \t\n\r\"'", " ", "a\t"] {
                #expect(s.trimmingCharacters(in: set) == Substring(s).trimmingCharacters(in: set), "\(s.unicodeScalars.map(\.value))")
            }
        }
    }

    /// Text is trimmed on its bytes (a path's `d` read from its attribute) as its characters would be.
    @Test func pathDataTrimsAsCharacters() {
        let alphabet: [Unicode.Scalar] = [" ", "\t", "\n", "\r", "M", "1", "\u{301}", "é"]
        var rng = SplitMix64(state: 12)
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 7) { text.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            let s = String(text)
            let trimmed = Array(s.utf8).withUnsafeBufferPointer { String.trimming($0, in: " \t\n\r") }
            #expect(trimmed == s.trimmingCharacters(in: " \t\n\r"), "\(s.unicodeScalars.map(\.value))")
        }
    }
}
