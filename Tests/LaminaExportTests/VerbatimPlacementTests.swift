import LaminaCore
@testable import LaminaExport
import Testing

/// Verbatim content (`{"kind": "svg"}`) written by hand in layer JSON may carry its own
/// `transform` or `opacity`, or more than one element: the placement then goes on a wrapping
/// `<g>`, since a start tag may not repeat an attribute and markup after the first element
/// would be drawn unplaced.
@Suite struct VerbatimPlacementTests {
    func written(_ xml: String, opacity: Double = 1, extra: String = "") -> String {
        var out: [UInt8] = []
        FlatWriter.writeVerbatim(
            xml, transform: AffineTransform(1, 0, 0, 1, 25, 25), opacity: opacity, extraAttributes: Array(extra.utf8),
            to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func anElementWithItsOwnTransformIsWrapped() {
        #expect(
            written("<text x=\"0\" y=\"20\" transform=\"rotate(10)\">Hi</text>")
                == "<g transform=\"matrix(1 0 0 1 25 25)\"><text x=\"0\" y=\"20\" transform=\"rotate(10)\">Hi</text></g>\n")
    }

    @Test func anElementWithItsOwnOpacityIsWrappedWhenOpacityIsInserted() {
        #expect(
            written("<text opacity='0.5'>Hi</text>", opacity: 0.5)
                == "<g transform=\"matrix(1 0 0 1 25 25)\" opacity=\"0.5\"><text opacity='0.5'>Hi</text></g>\n")
        #expect(written("<text opacity='0.5'>Hi</text>") == "<text transform=\"matrix(1 0 0 1 25 25)\" opacity='0.5'>Hi</text>\n")
    }

    @Test func anElementWithItsOwnClipIsWrappedWhenAClipIsInserted() {
        #expect(
            written("<text clip-path=\"url(#a)\">Hi</text>", extra: " clip-path=\"url(#lamina-clip-1)\"")
                == "<g transform=\"matrix(1 0 0 1 25 25)\" clip-path=\"url(#lamina-clip-1)\"><text clip-path=\"url(#a)\">Hi</text></g>\n")
    }

    @Test(arguments: [
        "<rect width=\"5\" height=\"5\"/><circle r=\"3\"/>",
        "<text>a</text>tail",
        "<text>a</text><!-- c -->",
        "<g><rect/></g><rect/>",
    ])
    func markupAfterTheFirstElementIsWrapped(xml: String) {
        #expect(written(xml) == "<g transform=\"matrix(1 0 0 1 25 25)\">\(xml)</g>\n")
    }

    @Test(arguments: [
        ("<text x=\"1\">a<tspan dx='2'>b</tspan>&lt;</text>", "<text transform=\"matrix(1 0 0 1 25 25)\" x=\"1\">a<tspan dx='2'>b</tspan>&lt;</text>\n"),
        ("<image width=\"3\" title=\"a > b\"/>\n ", "<image transform=\"matrix(1 0 0 1 25 25)\" width=\"3\" title=\"a > b\"/>\n \n"),
        ("<text><![CDATA[</text>]]><!-- </text> --></text>", "<text transform=\"matrix(1 0 0 1 25 25)\"><![CDATA[</text>]]><!-- </text> --></text>\n"),
        ("<g><g/><text>x</text></g>", "<g transform=\"matrix(1 0 0 1 25 25)\"><g/><text>x</text></g>\n"),
        ("<text data-transform=\"x\">a</text>", "<text transform=\"matrix(1 0 0 1 25 25)\" data-transform=\"x\">a</text>\n"),
    ])
    func oneElementFreeOfThePlacementTakesItInItsStartTag(xml: String, expected: String) {
        #expect(written(xml) == expected)
    }
}
