import LaminaCore
import Testing

@testable import LaminaExport

@Suite struct OverlayTextTests {
    @Test(arguments: [
        ("plain name", "plain name"),
        ("a&b", "a&amp;b"),
        ("<script>", "&lt;script&gt;"),
        ("say \"hi\" 'x'", "say &quot;hi&quot; &apos;x&apos;"),
        ("]]>", "]]&gt;"),
        ("tab\tline\ncr\r", "tab&#9;line&#10;cr&#13;"),
        ("nul\u{0}bell\u{7}esc\u{1B}", "nulbellesc"),
        ("bad\u{FFFE}\u{FFFF}end", "badend"),
        ("keep\u{FFFD}\u{E000}\u{1F600}ÿ", "keep\u{FFFD}\u{E000}\u{1F600}ÿ"),
        ("\u{D7FF}\u{10FFFF}", "\u{D7FF}\u{10FFFF}"),
    ])
    func escapesMarkupAndDropsCharactersXMLForbids(input: String, expected: String) {
        #expect(OverlayText.escaped(input) == expected)
    }

    @Test func plainTextIsRecognizedOnItsBytes() {
        #expect(OverlayText.isPlain("layer-1/#0 ok ÿ\u{FFFD}"))
        #expect(!OverlayText.isPlain("x\u{FFFF}"))
        #expect(!OverlayText.isPlain("x\u{FFFE}"))
        #expect(!OverlayText.isPlain("a>b"))
    }

    @Test func numbersNeverWriteNonFiniteValuesIntoMarkup() {
        var out: [UInt8] = []
        OverlayText.appendPoints([Point(1.5, -0.0000001), Point(.nan, .infinity)], to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "1.5,0 0,0")
        OverlayText.appendInt(-120, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "1.5,0 0,0-120")
    }
}
