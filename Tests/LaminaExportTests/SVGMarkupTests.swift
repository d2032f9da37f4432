import LaminaCore
import LaminaGeometry
@testable import LaminaExport
import LaminaTestSupport
import Testing

@Suite struct SVGMarkupTests {
    @Test func attributesAreEscaped() {
        var out: [UInt8] = []
        SVGMarkup.attr("font-family", "\"A&B\" <x>", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == " font-family=\"&quot;A&amp;B&quot; &lt;x&gt;\"")
    }

    /// Characters XML 1.0 allows nowhere (a layer JSON string may hold them) are left out;
    /// tab, line feed, carriage return and every other character stay.
    @Test(arguments: [
        ("red\u{0}", "red"),
        ("a\u{1}b\u{8}c\u{B}d\u{C}e\u{E}f\u{1F}g", "abcdefg"),
        ("t\tn\nr\r", "t\tn\nr\r"),
        ("x\u{FFFE}y\u{FFFF}z", "xyz"),
        ("\u{FFFD}\u{F000}\u{FEFF}\u{FFFC}\u{EFFF}", "\u{FFFD}\u{F000}\u{FEFF}\u{FFFC}\u{EFFF}"),
        ("<\u{0}&\u{FFFF}\"", "&lt;&amp;&quot;"),
        ("\u{FFFF}", ""),
    ])
    func charactersXMLForbidsAreLeftOut(value: String, written: String) {
        var out: [UInt8] = []
        SVGMarkup.attr("fill", value, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == " fill=\"\(written)\"")
        var escaped: [UInt8] = []
        SVGMarkup.escape(value, to: &escaped)
        #expect(String(decoding: escaped, as: UTF8.self) == written)
        var dynamic: [UInt8] = []
        SVGMarkup.attr(dynamic: "paint-order", value, to: &dynamic)
        #expect(String(decoding: dynamic, as: UTF8.self) == " paint-order=\"\(written)\"")
    }

    /// An `extra` name that is not an XML name without a prefix would make the document
    /// ill-formed: the attribute is left out.
    @Test(arguments: ["a b", "x\"y", "<", "", "1a", "foo:bar", "xlink:", ":a", "xml:a:b", "a=b", "a/"])
    func attributesWithoutAWritableNameAreLeftOut(name: String) {
        var out: [UInt8] = []
        SVGMarkup.attr(dynamic: name, "1", to: &out)
        #expect(out.isEmpty)
        #expect(!MarkupSafety.isAttributeName(name))
    }

    @Test func xmlNames() {
        for name in ["paint-order", "_a.b-c9", "\u{E9}t\u{E9}", "a\u{B7}b", "x\u{300}", "\u{10000}z"] {
            #expect(MarkupSafety.isNCName(name), "\(name)")
            #expect(MarkupSafety.isAttributeName(name), "\(name)")
        }
        for name in ["-a", ".a", "9a", "a:b", "a\u{D7}b", "\u{B7}a", "a\u{2000}"] {
            #expect(!MarkupSafety.isNCName(name), "\(name)")
        }
        // The prefixes every written document binds.
        for name in ["xml:space", "xlink:href", "xml:lang"] {
            #expect(!MarkupSafety.isNCName(name))
            #expect(MarkupSafety.isAttributeName(name), "\(name)")
            var out: [UInt8] = []
            SVGMarkup.attr(dynamic: name, "#v", to: &out)
            #expect(String(decoding: out, as: UTF8.self) == " \(name)=\"#v\"")
        }
        // A reference out of the file (a relative URL too) is never written.
        for value in ["v", "http://example.com/a.png", "file:///etc/passwd"] {
            var out: [UInt8] = []
            SVGMarkup.attr(dynamic: "xlink:href", value, to: &out)
            SVGMarkup.attr(dynamic: "src", value, to: &out)
            #expect(out.isEmpty, "\(value)")
        }
    }

    @Test func matrixOmittedWhenItPrintsAsIdentity() {
        var out: [UInt8] = Array("<g".utf8)
        SVGMarkup.transformAttribute(AffineTransform(1, 0, 0, 1, 0.0000001, -0.0000001), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "<g")
        SVGMarkup.transformAttribute(AffineTransform(0.5, 0, 0, 2, 1.25, -3), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "<g transform=\"matrix(0.5 0 0 2 1.25 -3)\"")
        #expect(SVGMarkup.printsAsIdentity(AffineTransform(1, 0, 0, 1, 0, -0.0000001)))
        #expect(!SVGMarkup.printsAsIdentity(AffineTransform(1, 0, 0, 1, 0, 0.001)))
    }

    /// A translation of at most one unit of the sixth decimal on the identity is round-off of
    /// layer JSON's six decimals, not written; a larger one, or one on another matrix, is.
    @Test func roundOffTranslationWritesNoTransform() {
        var out: [UInt8] = Array("<g".utf8)
        SVGMarkup.transformAttribute(AffineTransform(1, 0, 0, 1, 8.000517 - 16.001035 / 2, 0), to: &out)
        SVGMarkup.transformAttribute(AffineTransform(1, 0, 0, 1, -0.000001, 0.000001), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "<g")
        SVGMarkup.transformAttribute(AffineTransform(1, 0, 0, 1, 0.000002, 0), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "<g transform=\"matrix(1 0 0 1 0.000002 0)\"")
        out = Array("<g".utf8)
        SVGMarkup.transformAttribute(AffineTransform(2, 0, 0, 2, 0.000001, 0), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "<g transform=\"matrix(2 0 0 2 0.000001 0)\"")
    }

    /// The exact identity (with `-0` among its zeros), tested before any number is formatted,
    /// writes nothing, as the identity printed does.
    @Test func exactIdentityWritesNoTransform() {
        var out: [UInt8] = Array("<g".utf8)
        SVGMarkup.transformAttribute(.identity, to: &out)
        SVGMarkup.transformAttribute(AffineTransform(1, -0.0, 0, 1, -0.0, 0), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "<g")
        SVGMarkup.transformAttribute(AffineTransform(1, 0, 0, 1, 0, 1e-3), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "<g transform=\"matrix(1 0 0 1 0 0.001)\"")
    }

    /// A paint's value copied by the short path writes exactly what the general attribute
    /// writer does, for values of every byte, short and long, plain, escaped and unsafe; the
    /// short path takes only values the general one copies as they are.
    @Test func plainValuesAreWrittenAsTheGeneralWriterDoes() {
        var values = ["#aa3377", "none", "red", "rgb(1,2,3)", "url(#a)", "a\"b", "x&y", "", "é", "#12345678901234567890123456789012",
                      "#123456789012345678901234567890123", "javascript:x", "a@b", "a<b>", "\u{7F}", "\t"]
        for b in 0..<256 { values.append(String(decoding: [0x41, UInt8(b), 0x42], as: UTF8.self)) }
        var rng = SplitMix64(state: 11)
        for _ in 0..<2_000 {
            let n = Int(rng.next() % 40)
            values.append(String(decoding: (0..<n).map { _ in UInt8(truncatingIfNeeded: 0x20 &+ rng.next() % 96) }, as: UTF8.self))
        }
        var plain = 0
        for v in values {
            var fast: [UInt8] = []
            SVGMarkup.plainAttr("fill", v, to: &fast)
            var general: [UInt8] = []
            SVGMarkup.attr("fill", v, to: &general)
            #expect(fast == general, "\(v.debugDescription)")
            var copy = v
            if copy.withUTF8({ SVGMarkup.isPlain($0) }) {
                plain += 1
                #expect(SVGMarkup.classify(v) == 0, "\(v.debugDescription)")
            }
        }
        #expect(plain > 100 && plain < values.count)
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

    /// Points are written as their numbers' text joined by `,` and ` `, whatever their count
    /// (rooms of ``SVGMarkup/pointsPerRoom`` points end between any two), slow spellings too,
    /// into an array and in place alike, with no separator after the last.
    @Test(arguments: [0, 1, 2, 61, 62, 63, 124, 125, 200])
    func pointsAreTheirNumbersJoined(count: Int) {
        let pts = (0..<count).map { k -> Point in
            k % 17 == 5 ? Point(1e20, -.infinity) : Point(Double(k) * 123.456789, -Double(k) / 7)
        }
        let expected = pts.map { NumberText.format($0.x) + "," + NumberText.format($0.y) }.joined(separator: " ")
        var array: [UInt8] = [0x41]
        SVGMarkup.points(pts, to: &array)
        #expect(String(decoding: array, as: UTF8.self) == "A" + expected)
        var buffer = MarkupBuffer(capacity: 0)
        defer { buffer.release() }
        buffer.putByte(0x41)
        SVGMarkup.points(pts, to: &buffer)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "A" + expected)
    }

    @Test func paintAttributesInFixedOrderWithoutInitialValues() {
        var c = Content(shape: .path("M0 0"))
        c.stroke = .color("#000000")
        c.fill = Paint.none
        c.strokeDasharray = [4, 2]
        c.extra = [StyleProperty("paint-order", "stroke")]
        #expect(paintAttributes(c) == " fill=\"none\" stroke=\"#000000\" stroke-dasharray=\"4 2\" paint-order=\"stroke\"")
    }

    /// CSS-only extras go to one `style` attribute after the others; a value that could end its
    /// declaration early is left out.
    @Test func cssOnlyExtrasAreWrittenAsStyle() {
        var c = Content(shape: .path("M0 0"))
        c.extra = [
            StyleProperty("white-space", "pre"), StyleProperty("paint-order", "stroke"),
            StyleProperty("text-shadow", "1px 1px red; fill: blue"), StyleProperty("font-kerning", "none"),
        ]
        #expect(paintAttributes(c) == " paint-order=\"stroke\" style=\"white-space:pre;font-kerning:none\"")
    }

    /// Every property set, and only the common ones (no rare box): each written once, in order.
    @Test func paintAttributesWithEveryPropertyAndWithTheCommonOnes() {
        var c = Content(shape: .rect(x: 0, y: 0, width: 1, height: 1, rx: 0, ry: 0))
        c.fill = .color("#ff0000")
        c.fillOpacity = 0.5
        c.stroke = .ref("g", fallback: nil)
        c.strokeWidth = 2
        #expect(paintAttributes(c) == " fill=\"#ff0000\" fill-opacity=\"0.5\" stroke=\"url(#g)\" stroke-width=\"2\"")
        c.fillRule = "evenodd"
        c.strokeOpacity = 0.25
        c.strokeLinecap = "round"
        c.strokeLinejoin = "bevel"
        c.strokeMiterlimit = 8
        c.strokeDasharray = []
        c.strokeDashoffset = 1
        c.clipRule = "evenodd"
        c.extra = [StyleProperty("visibility", "hidden")]
        #expect(paintAttributes(c) == " fill=\"#ff0000\" fill-opacity=\"0.5\" fill-rule=\"evenodd\" stroke=\"url(#g)\""
            + " stroke-opacity=\"0.25\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"bevel\""
            + " stroke-miterlimit=\"8\" stroke-dasharray=\"none\" stroke-dashoffset=\"1\" clip-rule=\"evenodd\""
            + " visibility=\"hidden\"")
    }

    private func paintAttributes(_ c: Content) -> String {
        var out: [UInt8] = []
        withUnsafePointer(to: c) { SVGMarkup.paintAttributes($0, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func byteSearch() {
        #expect(SVGMarkup.contains("<use xlink:href=\"#a\"/>", "xlink:"))
        #expect(!SVGMarkup.contains("<rect/>", "xlink:"))
        #expect(SVGMarkup.contains(Array("a xlink:".utf8), "xlink:"))
        #expect(!SVGMarkup.contains(Array("xlink".utf8), "xlink:"))
    }

    @Test func unsafeAttributesAreLeftOut() {
        var out: [UInt8] = []
        SVGMarkup.attr(dynamic: "onclick", "x", to: &out)
        SVGMarkup.attr(dynamic: "xlink:ONload", "x", to: &out)
        SVGMarkup.attr("fill", "url(http://evil/x)", to: &out)
        SVGMarkup.attr("style", "background: JavaScript :alert(1)", to: &out)
        SVGMarkup.urlAttr("filter", id: "a) url(data:text/html", to: &out)
        #expect(out.isEmpty)
        SVGMarkup.attr(dynamic: "on", "x", to: &out)
        SVGMarkup.attr("fill", "url( '#g') rgb(1,2,3)", to: &out)
        SVGMarkup.urlAttr("mask", id: "m", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == " on=\"x\" fill=\"url( '#g') rgb(1,2,3)\" mask=\"url(#m)\"")
    }

    @Test(arguments: [
        "", "plain", "rgb(1,2,3)", "url(#a)", "url( \"#a\")", "url(data:image/png;base64,AA)", "url(data:image/",
        "url(data:text/x)", "java\tscript:x", "@IMPORT x", "a:b", "url(", "url('", "ü url(http://x)", "url(#a) url(b)",
    ])
    func fastSafetyMatchesPlainCheck(value: String) {
        #expect(MarkupSafety.isSafeValueFast(value) == MarkupSafety.isSafeValue(value))
        for name in ["on", "onx", "ONload", "x:onload", "fill", "a:b:on", "önload"] {
            #expect(MarkupSafety.isSafeAttributeFast(name, value) == MarkupSafety.isSafeAttribute(name, value))
        }
    }

    /// The fast check reads the patterns where they can be, over spaces and case; on random
    /// values built from their pieces (split by spaces, quoted, cut short, next to each other)
    /// it answers as the plain check, and both kinds of answer occur.
    @Test func fastSafetyMatchesPlainCheckOnRandomValues() {
        let pieces = [
            "url(", "URL (", "u r l(", "#a", "'", "\"", "data:image/", "DATA : image /", "data:text/", "javascript:",
            "Java Script :", "@import", "@ im port", "(", ":", "@", " ", "\t", "\n", "x", ")", "ü", ";", "uu", "rl",
        ]
        var rng = SplitMix64(state: 8)
        var answers: Set<Bool> = []
        for _ in 0..<5_000 {
            var value = ""
            for _ in 0..<Int(rng.next() % 6) {
                var piece = pieces[Int(rng.next() % UInt64(pieces.count))]
                if rng.next() % 4 == 0 { piece = String(piece.dropLast()) }
                value += piece
            }
            let plain = MarkupSafety.isSafeValue(value)
            answers.insert(plain)
            #expect(MarkupSafety.isSafeValueFast(value) == plain, "\(value.debugDescription)")
        }
        #expect(answers == [true, false])
    }
}
