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

    /// The shortcut for plain `url(#id)` values of `clip-path`, `mask` and `filter` answers as
    /// the full parse does, or leaves the value to it.
    @Test(arguments: [CSSProperty.clipPath, .mask, .filter])
    func plainReferenceShortcutAgreesWithTheFullParse(_ property: CSSProperty) {
        // Mostly `url(#…)` shapes, with noise where the shortcut must decline.
        let head = ["url(#", "url(#", "url(#", "URL(#", "url(", "url( #", "url('#", " url(#", "inherit"]
        let id = ["a", "Z9", "-", "_", ".", ":", "é", " ", "'", "(", "var(--x)", "/"]
        let tail = [")", ")", ")", " )", "') ", ") red", ""]
        var rng = SplitMix64(state: 7)
        var taken = 0
        for _ in 0..<5_000 {
            var text = head[Int(rng.next() % UInt64(head.count))]
            for _ in 0..<Int(rng.next() % 4) { text += id[Int(rng.next() % UInt64(id.count))] }
            text += tail[Int(rng.next() % UInt64(tail.count))]
            guard let fast = ComputedStyle.parseFast(property, text) else { continue }
            taken += 1
            #expect(fast == ComputedStyle.parseFully(property, text), "\(text.debugDescription)")
        }
        #expect(ComputedStyle.parseFast(property, "url(#p.d-1_2:x)") == .reference("p.d-1_2:x"))
        #expect(ComputedStyle.parseFast(property, "url( #a)") == nil && ComputedStyle.parseFast(property, "url('#a')") == nil)
        #expect(taken > 100)
    }
}
