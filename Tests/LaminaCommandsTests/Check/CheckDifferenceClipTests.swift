import Testing
@testable import LaminaCommands

/// A long value that changed past its first 120 characters is shown from a little before the
/// change: cut at the start, the old and new value printed the same text.
@Suite struct CheckDifferenceClipTests {
    /// A path of `count` segments whose segment `changed` ends at `y` instead of 1.
    private func path(_ count: Int, changed: Int = -1, y: Int = 1) -> String {
        "M0 0" + (0..<count).map { "L\($0) \($0 == changed ? y : 1)" }.joined()
    }

    @Test func svgAttributeChangedNearItsEndShowsTheChange() throws {
        let old = try #require(CheckSVGDocument.parse(Array("<svg><path d=\"\(path(60))\"/></svg>".utf8)))
        let new = try #require(CheckSVGDocument.parse(Array("<svg><path d=\"\(path(60, changed: 55, y: 7))\"/></svg>".utf8)))
        let lines = SVGStructuralDiff.compare(old: old, new: new, tolerance: 0).lines
        #expect(lines == [
            #"drawable 0 <path> attribute "d": …1L50 1L51 1L52 1L53 1L54 1L55 1L56 1L57 1L58 1L59 1" -> …1L50 1L51 1L52 1L53 1L54 1L55 7L56 1L57 1L58 1L59 1""#,
        ])
    }

    @Test func jsonStringChangedPastTheCutShowsTheChange() throws {
        let a = #"{"root": {"content": {"d": "\#(path(80))"}}}"#
        let b = #"{"root": {"content": {"d": "\#(path(80, changed: 40, y: 3))"}}}"#
        let old = try #require(CheckJSONDocument.parse(Array(a.utf8)))
        let new = try #require(CheckJSONDocument.parse(Array(b.utf8)))
        let line = try #require(JSONStructuralDiff.compare(old: old, new: new, tolerance: 0).lines.first)
        let parts = line.components(separatedBy: " -> ")
        #expect(parts.count == 2)
        #expect(parts[0].hasPrefix(#"layer "/" key "content.d": …"#))
        #expect(parts[0].contains("L39 1L40 1L41 1") && parts[1].contains("L39 1L40 3L41 1"))
        #expect(parts[1].hasPrefix("…") && parts[1].hasSuffix("…"))
    }

    @Test func aDifferenceWithinTheFirst120CharactersIsCutAsBefore() {
        let old = String(repeating: "a", count: 200)
        let new = "b" + old.dropFirst()
        let (a, b) = CheckTolerance.clipPair(old, new)
        #expect(a == String(repeating: "a", count: 120) + "…")
        #expect(b == "b" + String(repeating: "a", count: 119) + "…")
    }

    @Test func aLongerValueIsShownFromWhereTheShorterEnds() {
        let old = String(repeating: "x", count: 150)
        let (a, b) = CheckTolerance.clipPair(old, old + "yz")
        #expect(a == "…" + String(repeating: "x", count: 30))
        #expect(b == "…" + String(repeating: "x", count: 30) + "yz")
    }
}
