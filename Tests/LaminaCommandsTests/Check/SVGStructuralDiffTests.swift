import Testing
@testable import LaminaCommands

@Suite struct SVGStructuralDiffTests {
    private func diff(_ a: String, _ b: String, tolerance: Double = 0) throws -> [String] {
        let old = try #require(CheckSVGDocument.parse(Array(a.utf8)))
        let new = try #require(CheckSVGDocument.parse(Array(b.utf8)))
        return SVGStructuralDiff.compare(old: old, new: new, tolerance: tolerance).lines
    }

    @Test func namesDrawableByPaintIndexSkippingDefs() throws {
        let a = #"<svg><defs><rect id="r" x="1"/></defs><circle r="2"/><path d="M0 0L1 1" data-layer="p"/></svg>"#
        let b = #"<svg><defs><rect id="r" x="1"/></defs><circle r="2"/><path d="M0 0L1 2" data-layer="p"/></svg>"#
        #expect(try diff(a, b) == [#"drawable 1 <path> (layer "p") attribute "d": "M0 0L1 1" -> "M0 0L1 2""#])
    }

    @Test func overlayMarksInheritTheirLayer() throws {
        let a = #"<svg><g id="lamina-overlay"><g data-layer="a/b"><rect class="lamina-frame" x="1"/></g></g></svg>"#
        let b = #"<svg><g id="lamina-overlay"><g data-layer="a/b"><rect class="lamina-frame" x="2"/></g></g></svg>"#
        #expect(try diff(a, b) == [#"overlay element 3 <rect> (layer "a/b") attribute "x": "1" -> "2""#])
    }

    @Test func toleranceComparesNumbersInsideAttributes() throws {
        let a = #"<svg><rect transform="matrix(1 0 0 1 10 5)"/></svg>"#
        let b = #"<svg><rect transform="matrix(1 0 0 1 10.0002 5)"/></svg>"#
        #expect(try diff(a, b, tolerance: 0.001)
            == [#"drawable 0 <rect> attribute "transform": "matrix(1 0 0 1 10 5)" -> "matrix(1 0 0 1 10.0002 5)" (within tolerance)"#])
        #expect(try diff(#"<svg><rect id="a1"/></svg>"#, #"<svg><rect id="a2"/></svg>"#, tolerance: 5)
            == [#"drawable 0 <rect> id "a2" attribute "id": "a1" -> "a2""#])
    }

    @Test func insertedAndRemovedElementsAreReportedAndPairingResumes() throws {
        let a = #"<svg><rect x="1"/><rect x="2"/><rect x="3"/><rect x="4"/></svg>"#
        let b = #"<svg><rect x="1"/><circle r="9"/><rect x="2"/><rect x="3"/><rect x="5"/></svg>"#
        #expect(try diff(a, b) == [
            #"drawable 1 <circle>: (absent) -> <circle r="9">"#,
            #"drawable 4 <rect> attribute "x": "4" -> "5""#,
        ])
        let c = #"<svg><rect x="1"/><rect x="3"/><rect x="4"/></svg>"#
        #expect(try diff(a, c) == [#"drawable 1 <rect>: <rect x="2"> -> (absent)"#])
    }

    @Test func replacedElementWithoutResyncIsReportedInPlace() throws {
        let a = #"<svg><rect x="1"/><g/></svg>"#
        let b = #"<svg><circle r="1"/><g/></svg>"#
        #expect(try diff(a, b) == [#"drawable 0 <rect>: <rect x="1"> -> <circle r="1">"#])
    }

    @Test func textAndAddedAttributes() throws {
        let a = #"<svg><title>old</title><rect/></svg>"#
        let b = #"<svg><title>new</title><rect rx="2"/></svg>"#
        #expect(try diff(a, b) == [
            #"element 1 <title> text: "old" -> "new""#,
            #"drawable 0 <rect> attribute "rx": (absent) -> "2""#,
        ])
    }

    @Test func formattingOnlyDifferenceFallsBackToFirstLine() {
        let diff = GoldenComparison.compare(kind: .svg, golden: Array("<svg>\n<rect/>\n</svg>\n".utf8),
                                            actual: Array("<svg>\n<rect />\n</svg>\n".utf8), tolerance: 0)
        #expect(diff.lines == [#"line 2: "<rect/>" -> "<rect />""#])
    }

    @Test func malformedSVGIsRejected() {
        for text in ["", "<svg>", "<svg></g>", "<svg a=1/>", "<svg><!-- x</svg>"] {
            #expect(CheckSVGDocument.parse(Array(text.utf8)) == nil, "\(text)")
        }
    }
}
