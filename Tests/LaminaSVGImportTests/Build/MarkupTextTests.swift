import LaminaTestSupport
import Testing

@testable import LaminaSVGImport

/// Markup carried verbatim escapes what XML requires, byte for byte as a character-by-character
/// escape would: `& < >` and carriage return everywhere (a literal one would be read back as a
/// line feed), and `"`, tab and line feed in attribute values, with every other character
/// (multi-byte ones included) passed through.
@Suite struct MarkupTextTests {
    /// The escape, one Unicode scalar at a time.
    static func reference(_ s: String, attribute: Bool) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    @Test(arguments: [
        ("", "", ""), ("plain", "plain", "plain"), ("a&b<c>d", "a&amp;b&lt;c&gt;d", "a&amp;b&lt;c&gt;d"),
        ("\"q\"\t\r\n", "&quot;q&quot;&#9;&#13;&#10;", "\"q\"\t&#13;\n"), ("ü&😀", "ü&amp;😀", "ü&amp;😀"),
    ])
    func escapes(input: String, attribute: String, text: String) {
        #expect(MarkupText.attribute(input) == attribute)
        #expect(MarkupText.text(input) == text)
    }

    @Test func escapesAsTheCharacterByCharacterEscapeOnRandomText() {
        let alphabet: [Unicode.Scalar] = ["a", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "ü", "€", "😀", "#", ";"]
        var rng = SplitMix64(state: 3)
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 9) { text.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            let s = String(text)
            #expect(MarkupText.attribute(s) == Self.reference(s, attribute: true))
            #expect(MarkupText.text(s) == Self.reference(s, attribute: false))
        }
    }
}
