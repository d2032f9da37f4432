import LaminaCore
import Testing

@testable import LaminaSVGImport

/// Multi-line attribute values read through the blanked copy (``AttributeWhitespace``) come
/// out exactly as libxml2 normalizes them; anything unusual falls back to the original.
@Suite struct AttributeWhitespaceTests {
    private func svg(_ body: String, head: String = "") -> [UInt8] {
        Array((head + "<svg xmlns=\"http://www.w3.org/2000/svg\">" + body + "</svg>").utf8)
    }

    /// XML's rule: CR LF, CR, LF and tab each become one space.
    private func normalized(_ value: String) -> String {
        var out: [UInt8] = []
        let b = Array(value.utf8)
        var i = 0
        while i < b.count {
            if b[i] == 0x0D, i + 1 < b.count, b[i + 1] == 0x0A { i += 1 }
            out.append(b[i] < 0x20 ? 0x20 : b[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test(arguments: [
        "M0 0\r\nL10 10", "M0 0\rL1 1", "M0 0\nL1 1", "M0\t0", "\r\n\t\t\tM0 0 L5 5\r\n", "M0 0\r",
        "M1 1\r\r\nL2 2\n\rL3 3", "M475.116-0.41c2.701,0,5.401,0,8.102,0\r\n\t\t\tc0.721,1.061,0.062,1.366\r\n\t\t\tz",
        String(repeating: "L1 2\r\n\t", count: 40) + "Z",
    ])
    func blankedValuesReadAsNormalized(value: String) throws {
        let bytes = svg("<path id=\"p\" d=\"\(value)\" fill=\"red\"/><rect d=\"a\tb\" width=\"1\"/>")
        #expect(AttributeWhitespace.prepare(bytes) != nil)
        let (tree, diagnostics) = try FastXMLReaderTests.libxml2Read(bytes, file: "in.svg")
        #expect(diagnostics.isEmpty)
        #expect(tree[1].attribute("d") == normalized(value))
        #expect(tree[1].attribute("fill") == "red")
        #expect(tree[2].attribute("d") == "a b")
        #expect(tree[2].attribute("width") == "1")
    }

    @Test(arguments: [
        ("<!DOCTYPE svg>", "<path d=\"M0\n0\"/>"),
        ("", "<path d=\"M0 0\"/>"),
        ("", "<path d=\"M0&#10;\n0\"/>"),
        ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", "<path d=\"M0\n0\"/>"),
        ("", "<!-- <path d=\"M0\n0\"/> --><![CDATA[ <a b=\"\n\"> ]]>"),
    ])
    func prepareLeavesTheInputAloneWhenItMust(head: String, body: String) {
        #expect(AttributeWhitespace.prepare(svg(body, head: head)) == nil)
    }

    @Test(arguments: [
        ("\n<svg>\n  <g>\r\n\t<rect/>\n  </g>\n</svg>\n", true),
        ("<svg><rect/></svg>", true),
        ("<svg>\n<path d=\"M0\n0\"/>\n</svg>", false),
        ("<svg>\n<text>a\nb</text>\n</svg>", false),
        ("<svg\n width=\"1\"/>", false),
        ("<svg>\n\n   \n<rect/>  \t\n</svg>", true),
    ])
    func lineBreaksBetweenTagsAreToldApartFromLineBreaksInsideThem(text: String, between: Bool) {
        let bytes = Array(text.utf8)
        let found = bytes.withUnsafeBufferPointer { AttributeWhitespace.controlsFollowTagEnds($0.baseAddress!, count: $0.count) }
        #expect(found == between)
    }

    @Test func aValueWithALineBreakAfterAGreaterThanSignIsReadByLibxml2Itself() throws {
        let bytes = svg("\n<path d=\"M0 0 >\nL1 1\" fill=\"red\"/>\n")
        #expect(AttributeWhitespace.prepare(bytes) == nil)
        let (tree, diagnostics) = try FastXMLReaderTests.libxml2Read(bytes, file: "in.svg")
        #expect(diagnostics.isEmpty)
        #expect(tree[1].attribute("d") == "M0 0 > L1 1")
        #expect(tree[1].attribute("fill") == "red")
    }

    @Test func aLineBreakInANamespaceDeclarationFallsBackToTheOriginal() throws {
        let bytes = Array(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:a=\"urn:x\ny\"><path a:b=\"1\n2\" d=\"M0\r\n0\"/></svg>".utf8)
        #expect(AttributeWhitespace.prepare(bytes) != nil)
        let (tree, _) = try FastXMLReaderTests.libxml2Read(bytes, file: "in.svg")
        #expect(tree[1].attribute("b", namespace: "urn:x y") == "1 2")
        #expect(tree[1].attribute("d") == "M0 0")
    }

    @Test func errorsAfterABlankedValueKeepTheirLineNumbers() {
        func failure(_ text: String) -> String? {
            do {
                _ = try FastXMLReaderTests.libxml2Read(Array(text.utf8), file: "in.svg")
                return nil
            } catch {
                return error.description
            }
        }
        let head = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n"
        let blanked = failure(head + "<path d=\"M0\n0\"/>\n<g></svg>")
        let plain = failure(head + "<path d=\"M0 0\"\n/>\n<g></svg>")
        #expect(blanked != nil)
        #expect(blanked == plain)
    }

    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 40])
    func appendNormalizedMatchesTheRuleAtEveryOffset(position: Int) {
        for breakText in ["\r\n", "\r", "\n", "\t", "\r\n\r\n"] {
            let value = String(repeating: "x", count: position) + breakText + String(repeating: "y", count: 20)
            var out: [UInt8] = Array("prefix".utf8)
            Array(value.utf8).withUnsafeBufferPointer { AttributeWhitespace.appendNormalized($0, to: &out) }
            #expect(String(decoding: out, as: UTF8.self) == "prefix" + normalized(value))
        }
    }
}
