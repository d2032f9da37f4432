import LaminaCore
import Testing

@testable import LaminaSVGImport

/// Text carried verbatim: what the written markup must say so that it draws as the input does.
@Suite struct SceneBuilderTextTests {
    typealias S = ImportTestSupport

    /// The markup of the layer with id `t`.
    private func xml(_ body: String, root: String = "") throws -> String? {
        let (scene, _) = try S.load(S.header + " width=\"200\" height=\"100\"" + root + ">" + body + "</svg>")
        let t = try #require(S.layer(scene, "t"))
        guard case .svg(let xml)? = scene.tree[t].content?.shape else { return nil }
        return xml
    }

    /// A font size of 16 px given anywhere (the text, an ancestor, a sheet, the `font`
    /// shorthand) is written: it equals Lamina's initial value, but a renderer's own default
    /// may differ (resvg draws unsized text at 12 px), so leaving it out redrew the text smaller.
    /// Where no font size is given, none is written, and the renderer draws as it did the input.
    @Test(arguments: [
        ("<text id=\"t\" font-size=\"16\">a</text>", "<text id=\"t\" font-size=\"16\">a</text>"),
        ("<g font-size=\"16px\"><text id=\"t\">a</text></g>", "<text id=\"t\" font-size=\"16\">a</text>"),
        ("<style>text{font:16px serif}</style><text id=\"t\">a</text>", "<text id=\"t\" font-size=\"16\" font-family=\"serif\">a</text>"),
        ("<text id=\"t\">a<tspan font-size=\"1em\">b</tspan></text>", "<text id=\"t\">a<tspan font-size=\"16\">b</tspan></text>"),
        ("<text id=\"t\" font-size=\"16\">a<tspan font-size=\"16\">b</tspan></text>", "<text id=\"t\" font-size=\"16\">a<tspan>b</tspan></text>"),
        ("<text id=\"t\">a<tspan>b</tspan></text>", "<text id=\"t\">a<tspan>b</tspan></text>"),
        ("<text id=\"t\" font-size=\"inherit\">a</text>", "<text id=\"t\">a</text>"),
    ])
    func aGivenFontSizeOf16IsWritten(body: String, expected: String) throws {
        #expect(try xml(body) == expected)
    }

    /// A carriage return in text can only come from `&#13;` (the reader reads a literal one as a
    /// line feed): it is written as the reference, not as a byte the next reader changes.
    @Test func aCarriageReturnReferenceStaysOne() throws {
        #expect(try xml("<text id=\"t\">a&#13;b&#10;c</text>") == "<text id=\"t\">a&#13;b\nc</text>")
    }
}
