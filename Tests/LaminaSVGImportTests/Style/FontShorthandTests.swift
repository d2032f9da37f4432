import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct FontShorthandTests {
    @Test(arguments: [
        ("20px serif", ["normal", "normal", "normal", "normal", "20px", "serif"]),
        ("italic bold 20px/1.2 'Open Sans', serif", ["italic", "normal", "bold", "normal", "20px", "'Open Sans', serif"]),
        ("small-caps 700 condensed 1.5em / 2 monospace", ["normal", "small-caps", "700", "condensed", "1.5em", "monospace"]),
        ("normal normal x-large sans-serif", ["normal", "normal", "normal", "normal", "x-large", "sans-serif"]),
        ("oblique 50% \"Times New Roman\"", ["oblique", "normal", "normal", "normal", "50%", "\"Times New Roman\""]),
        ("bold 1.5rem sans-serif", ["normal", "normal", "bold", "normal", "1.5rem", "sans-serif"]),
    ])
    func expands(_ value: String, _ expected: [String]) throws {
        let longhands = try #require(FontShorthand.expand(value))
        #expect(longhands.map(\.name) == ["font-style", "font-variant", "font-weight", "font-stretch", "font-size", "font-family"])
        #expect(longhands.map(\.value) == expected)
    }

    /// A CSS-wide keyword is the value of every longhand, so `font: inherit` in a `style` beats a
    /// `font-family` attribute, as in Chromium (the declaration was dropped as invalid).
    @Test(arguments: ["inherit", " INHERIT ", "initial", "unset"])
    func aCSSWideKeywordSetsEveryLonghand(_ value: String) throws {
        let longhands = try #require(FontShorthand.expand(value))
        #expect(longhands.map(\.name) == ["font-style", "font-variant", "font-weight", "font-stretch", "font-size", "font-family"])
        #expect(longhands.allSatisfy { $0.value == value.trimmingCharacters(in: " ").lowercased() })
        let svg = ImportTestSupport.header + " width=\"20\" height=\"20\" font-size=\"20\"><text id=\"t\" font-family=\"DejaVu Sans Mono\" font-size=\"9\" style=\"font: \(value)\">a</text></svg>"
        let (scene, _) = try ImportTestSupport.load(svg)
        let t = try #require(ImportTestSupport.layer(scene, "t"))
        guard case .svg(let xml) = scene.tree[t].content?.shape else {
            Issue.record("text is not verbatim content")
            return
        }
        #expect(!xml.contains("Mono"), "\(xml)")
        #expect(!xml.contains("font-size=\"9\""), "\(xml)")
    }

    @Test(arguments: ["", "serif", "20px", "bold italic", "huge 20px serif", "20px / serif", "caption serif", "-5px serif", "a b c d e 10px serif"])
    func rejects(_ value: String) {
        #expect(FontShorthand.expand(value) == nil)
    }

    /// A system font keyword sets every longhand to the system font's values, as Chromium
    /// applies it (16 px, normal, the user interface font), where the declaration was dropped
    /// as not a font: `<text font-family="serif" font-size="30" style="font: caption">` was
    /// written 30 px serif (2,900-3,500 px of 40,000 different from the input in Chromium for
    /// each keyword; now 0). A longhand after it in the same block still wins.
    @Test(arguments: ["caption", "icon", "menu", " Message-Box ", "small-caption", "status-bar"])
    func aSystemFontKeywordSetsEveryLonghand(_ value: String) throws {
        let longhands = try #require(FontShorthand.expand(value))
        #expect(longhands.map(\.value) == ["normal", "normal", "normal", "normal", "medium", "system-ui"])
        let svg = ImportTestSupport.header + " width=\"20\" height=\"20\"><text id=\"t\" font-family=\"serif\" font-size=\"30\" font-weight=\"bold\""
            + " style=\"font: \(value); font-style: italic\">a</text></svg>"
        let (scene, _) = try ImportTestSupport.load(svg)
        let t = try #require(ImportTestSupport.layer(scene, "t"))
        guard case .svg(let xml) = scene.tree[t].content?.shape else {
            Issue.record("text is not verbatim content")
            return
        }
        #expect(xml == "<text id=\"t\" font-size=\"16\" font-family=\"system-ui\" font-style=\"italic\">a</text>", "\(xml)")
    }

    @Test func textTakesTheShorthandsLonghandsInTheirPlaceInTheCascade() throws {
        let svg = ImportTestSupport.header + " viewBox=\"0 0 200 200\"><style>text { font-weight: 300 }</style>"
            + "<g style=\"font: italic bold 30px sans-serif\"><text id=\"t\" x=\"1\" y=\"40\" style=\"font-family: serif\">Hi</text></g></svg>"
        let (scene, _) = try ImportTestSupport.load(svg)
        let t = try #require(ImportTestSupport.layer(scene, "t"))
        guard case .svg(let xml) = scene.tree[t].content?.shape else {
            Issue.record("text is not verbatim content")
            return
        }
        // font-size and font-style inherit from the group; the sheet's weight and the element's
        // own family win over the inherited ones.
        #expect(xml.contains("font-size=\"30\""), "\(xml)")
        #expect(xml.contains("font-family=\"serif\""), "\(xml)")
        #expect(xml.contains("font-style=\"italic\""), "\(xml)")
        #expect(xml.contains("font-weight=\"300\""), "\(xml)")
    }

    /// `font: var(--f)`: each longhand waits for the substitution, then takes its part of the
    /// expanded shorthand, as Chromium applies it (the declaration was dropped as not a font,
    /// so the text kept its 12 px attribute and the default family: 7,476 px of 80,000
    /// different from the input in Chromium). A substitution that is no font, or a missing
    /// property, makes every longhand `unset` (inherited), as does a cycle.
    @Test(arguments: [
        ("--f: italic bold 40px DejaVu Serif", "font: var(--f)",
         ["font-size=\"40\"", "font-family=\"DejaVu Serif\"", "font-style=\"italic\"", "font-weight=\"bold\""]),
        ("--s: 40px", "font: small-caps var(--s) / 2 var(--missing, serif)",
         ["font-size=\"40\"", "font-family=\"serif\"", "font-variant=\"small-caps\""]),
        ("--f: bold", "font: var(--f)", ["font-size=\"30\"", "font-family=\"monospace\""]),
        ("--f: 10px serif", "font: var(--nope)", ["font-size=\"30\"", "font-family=\"monospace\""]),
    ] as [(String, String, [String])])
    func aShorthandHoldingVarIsExpandedOnceSubstituted(custom: String, font: String, expected: [String]) throws {
        let svg = ImportTestSupport.header + " width=\"20\" height=\"20\"><g style=\"\(custom)\" font-size=\"30\" font-family=\"monospace\">"
            + "<text id=\"t\" font-size=\"12\" font-family=\"Mono\" style=\"\(font)\">a</text></g></svg>"
        let (scene, _) = try ImportTestSupport.load(svg)
        let t = try #require(ImportTestSupport.layer(scene, "t"))
        guard case .svg(let xml) = scene.tree[t].content?.shape else {
            Issue.record("text is not verbatim content")
            return
        }
        for e in expected { #expect(xml.contains(e), "\(xml)") }
        #expect(!xml.contains("font-size=\"12\""), "\(xml)")
        #expect(!xml.contains("Mono"), "\(xml)")
    }
}
