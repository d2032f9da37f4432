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

    /// `xml:space` on an ancestor applies to the text (XML 1.0 2.10; resvg and librsvg draw it
    /// so). The output root carries the input root's `preserve` (where browsers ignore it, as
    /// they do on the input's), so a text needs its own value only where an ancestor below the
    /// root says otherwise; a text's own value is written as it is.
    @Test(arguments: [
        ("<g xml:space=\"preserve\"><text id=\"t\"> a  b</text></g>", "", "<text id=\"t\" xml:space=\"preserve\"> a  b</text>"),
        ("<g xml:space=\"preserve\"><g><text id=\"t\">a</text></g></g>", "", "<text id=\"t\" xml:space=\"preserve\">a</text>"),
        ("<text id=\"t\"> a  b</text>", " xml:space=\"preserve\"", "<text id=\"t\"> a  b</text>"),
        ("<g xml:space=\"default\"><text id=\"t\"> a  b</text></g>", " xml:space=\"preserve\"", "<text id=\"t\" xml:space=\"default\"> a  b</text>"),
        ("<g xml:space=\"default\"><text id=\"t\">a</text></g>", "", "<text id=\"t\">a</text>"),
        ("<g xml:space=\"preserve\"><text id=\"t\" xml:space=\"default\">a</text></g>", "", "<text id=\"t\" xml:space=\"default\">a</text>"),
    ])
    func anInheritedXMLSpaceIsWritten(body: String, root: String, expected: String) throws {
        #expect(try xml(body, root: root) == expected)
    }

    /// A clip path's text, written apart from the group around the clip path, takes it too.
    @Test func aClipPathsTextTakesItToo() throws {
        let body = "<g xml:space=\"preserve\"><clipPath id=\"c\"><text>a</text></clipPath></g>"
        let (scene, _) = try S.load(S.header + " width=\"20\" height=\"20\">" + body + "<rect width=\"9\" height=\"9\" clip-path=\"url(#c)\"/></svg>")
        let clipText = scene.tree.preorder(from: scene.root, includeMasks: true).first { scene.tree[$0].svg?.element == "text" }
        let text = try #require(clipText)
        guard case .svg(let xml)? = scene.tree[text].content?.shape else {
            Issue.record("clip text not carried verbatim")
            return
        }
        #expect(xml == "<text xml:space=\"preserve\">a</text>")
    }

    /// The input root's `xml:space="preserve"` is kept on the root layer for the output's root,
    /// where the document has text (Adobe Illustrator writes it on every root).
    @Test(arguments: [
        (" xml:space=\"preserve\"><text>a</text>", true), (" xml:space=\"default\"><text>a</text>", false),
        (" xml:space=\"preserve\"><rect width=\"5\" height=\"5\"/>", false),
    ])
    func theRootsPreserveIsKept(body: String, kept: Bool) throws {
        let (scene, _) = try S.load(S.header + " width=\"20\" height=\"20\"" + body + "</svg>")
        #expect(scene.tree[scene.root].svg?.extra.contains(StyleProperty("xml:space", "preserve")) == kept)
    }

    /// The root's `font-family` is kept on the root layer for the output's root (where the
    /// document has text), and a text whose family is the same leaves it out: a 2 KB family
    /// list on the root of 10,000 texts was written on every one (349 KB in, 23.8 MB out).
    /// A text with another family, or the initial one, still says so.
    @Test(arguments: [
        ("<text id=\"t\">a<tspan>b</tspan></text>", "<text id=\"t\">a<tspan>b</tspan></text>"),
        ("<g font-family=\"F, serif\"><text id=\"t\" font-weight=\"bold\">a</text></g>", "<text id=\"t\" font-weight=\"bold\">a</text>"),
        ("<text id=\"t\" font-family=\"G\">a<tspan font-family=\"F, serif\">b</tspan></text>",
         "<text id=\"t\" font-family=\"G\">a<tspan font-family=\"F, serif\">b</tspan></text>"),
        ("<g style=\"font-family: initial\"><text id=\"t\">a</text></g>", "<text id=\"t\" style=\"font-family:initial\">a</text>"),
    ])
    func theRootsFontFamilyIsWrittenOnce(body: String, expected: String) throws {
        #expect(try xml(body, root: " font-family=\"F, serif\"") == expected)
        let (scene, _) = try S.load(S.header + " width=\"20\" height=\"20\" font-family=\"F, serif\">" + body + "</svg>")
        #expect(scene.tree[scene.root].svg?.extra.contains(StyleProperty("font-family", "F, serif")) == true)
        let (shapes, _) = try S.load(S.header + " width=\"20\" height=\"20\" font-family=\"F\"><rect width=\"5\" height=\"5\"/></svg>")
        #expect(shapes.tree[shapes.root].svg?.extra.contains { $0.name == "font-family" } == false)
    }

    /// A `text-decoration` on an ancestor (a `g`, the root) reaches the text inside, drawn in
    /// the paint of the element declaring it, as Chromium draws it: the output has no such
    /// ancestor, so the text says it, in a `tspan` giving back its own paint where they differ
    /// (an underline on a `g` around 40 px text: 408 pixels Chromium drew were missing).
    @Test(arguments: [
        ("<g text-decoration=\"underline\"><text id=\"t\">a</text></g>", "", "<text id=\"t\" text-decoration=\"underline\">a</text>"),
        ("<g style=\"text-decoration: underline\"><text id=\"t\" text-decoration=\"overline\">a</text></g>", "",
         "<text id=\"t\" text-decoration=\"underline overline\">a</text>"),
        ("<g text-decoration=\"underline\" fill=\"red\"><g><text id=\"t\" fill=\"blue\">a<tspan>b</tspan></text></g></g>", "",
         "<text id=\"t\" fill=\"#ff0000\" text-decoration=\"underline\"><tspan fill=\"#0000ff\">a<tspan>b</tspan></tspan></text>"),
        ("<g text-decoration=\"overline\" fill=\"red\"><text id=\"t\" fill=\"blue\" text-decoration=\"line-through\">a</text></g>", " text-decoration=\"underline\"",
         "<text id=\"t\" text-decoration=\"underline\"><tspan fill=\"#ff0000\" text-decoration=\"overline\"><tspan fill=\"#0000ff\" text-decoration=\"line-through\">a</tspan></tspan></text>"),
        ("<g text-decoration=\"underline\" fill=\"red\"><text id=\"t\" fill=\"blue\"><textPath href=\"#p\">a</textPath></text></g><path id=\"p\" d=\"M0 0H9\"/>", "",
         "<text id=\"t\" fill=\"#0000ff\" text-decoration=\"underline\"><textPath href=\"#p\">a</textPath></text>"),
    ])
    func anAncestorsDecorationIsWritten(body: String, root: String, expected: String) throws {
        #expect(try xml(body, root: root) == expected)
    }

    /// A carriage return in text can only come from `&#13;` (the reader reads a literal one as a
    /// line feed): it is written as the reference, not as a byte the next reader changes.
    @Test func aCarriageReturnReferenceStaysOne() throws {
        #expect(try xml("<text id=\"t\">a&#13;b&#10;c</text>") == "<text id=\"t\">a&#13;b\nc</text>")
    }

    /// Each `use` of a text copies its markup: the id (and those of its `tspan`s) is written on
    /// the first copy only, so the output holds each id once.
    @Test func copiesOfATextDoNotRepeatItsIDs() throws {
        let body = "<defs><text id=\"t\" y=\"20\">a<tspan id=\"s\">b</tspan></text></defs>"
            + "<use href=\"#t\"/><use href=\"#t\" x=\"10\"/><text id=\"u\" y=\"40\">c</text><use href=\"#u\"/>"
        let (scene, _) = try S.load(S.header + " width=\"20\" height=\"20\">" + body + "</svg>")
        let texts = scene.tree.layers.compactMap { layer -> String? in
            guard case .svg(let xml)? = layer.content?.shape else { return nil }
            return xml
        }
        #expect(texts == [
            "<text id=\"t\" y=\"20\">a<tspan id=\"s\">b</tspan></text>", "<text y=\"20\">a<tspan>b</tspan></text>",
            "<text id=\"u\" y=\"40\">c</text>", "<text y=\"40\">c</text>",
        ])
    }
}
