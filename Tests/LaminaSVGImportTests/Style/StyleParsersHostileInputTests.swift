import LaminaCore
import Testing

@testable import LaminaSVGImport

/// Random and hostile text through every parser: nothing may trap or hang.
@Suite struct StyleParsersHostileInputTests {
    /// A tiny deterministic generator (64-bit LCG) so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
    }

    static let alphabet = Array("0123456789.,-+eE MmLlHhVvCcSsQqTtAaZz#()%/!;:{}[]>*=\"'@\\ \t\nrgbahslurlpxemin")

    static func samples(_ count: Int, seed: UInt64) -> [String] {
        var g = Generator(state: seed)
        return (0..<count).map { _ in
            let n = Int(g.next() % 40)
            return String((0..<n).map { _ in alphabet[Int(g.next() % UInt64(alphabet.count))] })
        }
    }

    @Test func parsersSurviveRandomText() {
        var parsed = 0
        for s in Self.samples(3_000, seed: 42) {
            let (path, error) = PathData.parse(s)
            if error == nil { parsed += 1 }
            _ = path.bounds
            _ = path.svgText()
            _ = path.flattenedToCubics()
            _ = ParsedColor.parse(s[...])
            _ = Length.parse(s[...])
            _ = Length.parseList(s[...])
            _ = TransformList.parse(s[...])
            var w: [String] = []
            _ = StyleSheet(parsing: s, warnings: &w)
            _ = StyleSheet.parseDeclarations(s)
            _ = ComputedStyle.initial.child(declarations: [("fill", s), ("stroke-dasharray", s), ("font-size", s)])
        }
        #expect(parsed > 0)
    }

    @Test func randomPathsKeepValidPrefixes() {
        for s in Self.samples(2_000, seed: 7) {
            let (path, _) = PathData.parse("M0 0" + s)
            // Whatever was kept writes back to text that parses to the same segments.
            let again = PathData.parse(path.svgText())
            #expect(again.error == nil)
            #expect(again.path.segments.count == path.segments.count)
        }
    }

    @Test(arguments: [
        String(repeating: "(", count: 100_000), String(repeating: "/*", count: 100_000),
        String(repeating: "@media{", count: 50_000), String(repeating: "a>", count: 50_000) + "b{fill:red}",
        String(repeating: "[", count: 100_000) + "{", String(repeating: "'", count: 100_001),
        String(repeating: ".a", count: 100_000) + "{fill:red}",
    ])
    func hostileSheetsFinish(text: String) {
        var w: [String] = []
        let sheet = StyleSheet(parsing: text, warnings: &w)
        #expect(sheet.rules.count <= 1)
    }

    @Test func hugeNumbersAndNaN() {
        #expect(PathData.parse("M0 0L1e999 0").error != nil)
        #expect(PathData.parse("M0 0LNaN 0").error != nil)
        #expect(TransformList.parse("scale(NaN)") == nil)
        #expect(Length.parse("NaN") == nil)
        #expect(Length.parse("1e999px") == nil)
        #expect(ParsedColor.parse("rgb(1e999, 0, 0)") == nil)
    }
}
