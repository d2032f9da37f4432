import LaminaCore
import LaminaTestSupport
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

    /// The byte test agrees with escaping itself: text is plain exactly when escaping leaves
    /// it unchanged, on random strings drawn from markup characters, controls, U+FFFE/U+FFFF,
    /// their neighbours in UTF-8 and plain letters.
    @Test func plainExactlyWhenEscapingChangesNothing() {
        let alphabet: [Unicode.Scalar] = [
            "a", "/", "#", "0", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1F}",
            "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{FEFF}", "\u{EFBF}", "\u{BF}", "\u{1F600}", "ÿ",
        ]
        var rng = SplitMix64(state: 15)
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 7) { text.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            let s = String(text)
            #expect(OverlayText.isPlain(s) == (OverlayText.escaped(s) == s), "\(s.unicodeScalars.map { $0.value })")
        }
    }

    @Test func numbersNeverWriteNonFiniteValuesIntoMarkup() {
        var out: [UInt8] = []
        OverlayText.appendPoints([Point(1.5, -0.0000001), Point(.nan, .infinity)], to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "1.5,0 0,0")
        OverlayText.appendInt(-120, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "1.5,0 0,0-120")
    }

    /// The anchor's cross writes its centre's coordinates once each and copies them: the same
    /// bytes as writing every number.
    @Test func theAnchorCrossIsWrittenAsEachNumberIs() {
        let style = OverlayStyle(canvas: Size(300, 200))
        for p in [Point(857.64, 36.91), Point(-0.0, 0), Point(.nan, 3), Point(1e-7, 123456789.125)] {
            var out: [UInt8] = []
            OverlayMarks.appendCross(at: p, style: style, to: &out)
            func n(_ v: Double) -> String {
                var b: [UInt8] = []
                OverlayText.appendNumber(v, to: &b)
                return String(decoding: b, as: UTF8.self)
            }
            let r = style.crossArm
            let expected =
                "<path d=\"M\(n(p.x - r)),\(n(p.y))H\(n(p.x + r))M\(n(p.x)),\(n(p.y - r))V\(n(p.y + r))\"/>"
                + "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(n(style.dotRadius))\"/>"
            #expect(String(decoding: out, as: UTF8.self) == expected, "\(p)")
        }
    }
}
