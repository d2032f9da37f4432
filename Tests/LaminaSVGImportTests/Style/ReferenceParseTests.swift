import LaminaTestSupport
import Testing

@testable import LaminaSVGImport

/// `url(#id)` references are read on their bytes where characters and bytes agree, with the
/// answers of the character-by-character reading.
@Suite struct ReferenceParseTests {
    static func same(_ t: Substring) -> Bool {
        let a = ComputedStyle.reference(t)
        let b = ComputedStyle.referenceCharacters(t.trimmingCSSSpaces())
        return a?.id == b?.id && a.map { String($0.rest) } == b.map { String($0.rest) } && (a == nil) == (b == nil)
    }

    @Test(arguments: [
        ("url(#a)", "a", ""), (" URL( '#clip 1' ) red ", "clip 1", "red"), ("none", nil, ""), ("url(#)", nil, ""),
        ("url(x.svg#a)", nil, ""),
    ] as [(String, String?, String)])
    func reads(text: String, id: String?, rest: String) throws {
        let r = try #require(ComputedStyle.reference(text[...]))
        #expect(r.id == id)
        #expect(String(r.rest) == rest)
        #expect(Self.same(text[...]))
    }

    @Test(arguments: ["url(", "url('#a)", "url(\"#a')", "ur(#a)", ""])
    func rejects(text: String) {
        #expect(ComputedStyle.reference(text[...]) == nil)
        #expect(Self.same(text[...]))
    }

    @Test func bytesReadAsCharactersOnRandomText() {
        let pieces = ["url(", "URL(", "#", "a", "'", "\"", ")", " ", "\t", "\r\n", "\r", "none", "NoNe", "é", "(", "x y", "\u{301}"]
        var rng = SplitMix64(state: 21)
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int(rng.next() % 6) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            #expect(Self.same(text[...]), "\(text.debugDescription)")
        }
    }
}
