import Testing
@testable import LaminaCommands

/// A golden checked out with CRLF line endings (git's core.autocrlf on Windows) is reported as
/// that, with the remedy, not as a first line ending in `\u{D}` or a style text that looks the same.
@Suite struct GoldenLineEndingTests {
    static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<style>a{b:c}\nd{e:f}</style>\n<rect x=\"1\"/>\n</svg>\n"
    static let json = "{\n  \"format\": \"lamina.layers\",\n  \"version\": 1\n}\n"

    @Test(arguments: [(GoldenKind.svg, svg), (.debugSVG, svg), (.json, json)])
    func crlfGoldenNamesTheLineEndings(kind: GoldenKind, text: String) {
        let golden = Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let diff = GoldenComparison.compare(kind: kind, golden: golden, actual: Array(text.utf8), tolerance: 0)
        #expect(diff.mismatchCount == 1)
        #expect(diff.lines.count == 1)
        #expect(diff.lines.first?.hasPrefix("line endings (the golden's lines end in CRLF") == true)
        #expect(diff.lines.first?.hasSuffix("keeps goldens byte for byte): CRLF -> LF") == true)
    }

    @Test func crlfGoldenWithARealChangeGetsTheStructuralDiff() {
        let golden = Array(Self.svg.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let actual = Array(Self.svg.replacingOccurrences(of: "x=\"1\"", with: "x=\"2\"").utf8)
        let diff = GoldenComparison.compare(kind: .svg, golden: golden, actual: actual, tolerance: 0)
        #expect(diff.lines.contains(#"drawable 0 <rect> attribute "x": "1" -> "2""#))
        #expect(!GoldenComparison.differOnlyInLineEndings(Array("a\r\nb".utf8), Array("a\nc".utf8)))
        #expect(!GoldenComparison.differOnlyInLineEndings(Array("a\rb".utf8), Array("ab".utf8)))
    }
}
