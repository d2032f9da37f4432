import LaminaCore
@testable import LaminaExport
import Testing

@Suite struct SVGMarkupTests {
    @Test func attributesAreEscaped() {
        var out = ""
        SVGMarkup.attr("font-family", "\"A&B\" <x>", to: &out)
        #expect(out == " font-family=\"&quot;A&amp;B&quot; &lt;x&gt;\"")
    }

    @Test func matrixOmittedWhenItPrintsAsIdentity() {
        var out = ""
        SVGMarkup.transformAttribute(AffineTransform(1, 0, 0, 1, 0.0000001, -0.0000001), to: &out)
        #expect(out == "")
        SVGMarkup.transformAttribute(AffineTransform(0.5, 0, 0, 2, 1.25, -3), to: &out)
        #expect(out == " transform=\"matrix(0.5 0 0 2 1.25 -3)\"")
    }

    @Test func verbatimElementsTakeInsertedAttributes() {
        #expect(SVGMarkup.insertingAttributes(" opacity=\"0.5\"", into: "<text x=\"1\">a</text>") == "<text opacity=\"0.5\" x=\"1\">a</text>")
        #expect(SVGMarkup.insertingAttributes(" a=\"1\"", into: "<image/>") == "<image a=\"1\"/>")
        #expect(SVGMarkup.insertingAttributes(" a=\"1\"", into: "plain text") == nil)
    }

    @Test func paintAndPoints() {
        #expect(SVGMarkup.paint(.ref("g", fallback: "#ff0000")) == "url(#g) #ff0000")
        #expect(SVGMarkup.paint(Paint.none) == "none")
        #expect(SVGMarkup.points([Point(1, 2), Point(3.5, -4)]) == "1,2 3.5,-4")
    }

    @Test func paintAttributesInFixedOrderWithoutInitialValues() {
        var c = Content(shape: .path("M0 0"))
        c.stroke = .color("#000000")
        c.fill = Paint.none
        c.strokeDasharray = [4, 2]
        c.extra = [StyleProperty("paint-order", "stroke")]
        var out = ""
        SVGMarkup.paintAttributes(c, to: &out)
        #expect(out == " fill=\"none\" stroke=\"#000000\" stroke-dasharray=\"4 2\" paint-order=\"stroke\"")
    }

    @Test func byteSearch() {
        #expect(SVGMarkup.contains("<use xlink:href=\"#a\"/>", "xlink:"))
        #expect(!SVGMarkup.contains("<rect/>", "xlink:"))
    }
}
