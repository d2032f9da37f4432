import Foundation
import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct XMLReaderTests {
    private func read(_ text: String, file: String = "in.svg") throws(SVGImportError) -> (tree: ElementTree, diagnostics: [Diagnostic]) {
        try XMLReader.read(Array(text.utf8), file: file)
    }

    private func failure(_ bytes: [UInt8]) -> SVGImportError? {
        do {
            _ = try XMLReader.read(bytes, file: "in.svg")
            return nil
        } catch {
            return error
        }
    }

    @Test func readsElementsAttributesAndLocations() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
              <g id="a">
                <rect
                   width="10" height="20"/>
              </g>
              <use xlink:href="#a"/>
            </svg>
            """
        let (tree, diagnostics) = try read(svg)
        #expect(diagnostics.isEmpty)
        #expect(tree.indices.map { tree[$0].name } == ["svg", "g", "rect", "use"])
        #expect(tree[0].children == [1, 3])
        #expect(tree[2].parent == 1)
        #expect(tree[2].attribute("height") == "20")
        #expect((tree[1].line, tree[1].column) == (2, 3))
        #expect((tree[2].line, tree[2].column) == (3, 5))
        #expect((tree[3].line, tree[3].column) == (6, 3))
        #expect(tree[3].attribute("href", namespace: XMLNamespace.xlink) == "#a")
        #expect(tree[3].attributes[0].qualifiedName == "xlink:href")
        #expect(tree[0].isSVG)
    }

    @Test func keepsTextInsideTextElementsAndStyleSheets() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg"><style><![CDATA[ rect { fill: red } ]]></style>
            <text> a <tspan>b</tspan> c</text></svg>
            """
        let (tree, _) = try read(svg)
        #expect(tree[1].text == " rect { fill: red } ")
        let text = try #require(tree.indices.first { tree[$0].name == "text" })
        #expect(tree[text].content.count == 3)
        #expect(tree[text].text == " a  c")
        #expect(tree[0].content.count == 2)
    }

    @Test func expandsInternalEntitiesInContentAndAttributes() throws {
        let svg = """
            <!DOCTYPE svg [
              <!ENTITY color "green">
              <!ENTITY Rect "<rect fill='&color;' width='1'/>">
            ]>
            <svg xmlns="http://www.w3.org/2000/svg"><g>&Rect;</g><g>&Rect;</g><rect fill="&color;" x="a&amp;b"/></svg>
            """
        let (tree, _) = try read(svg)
        #expect(tree.indices.map { tree[$0].name } == ["svg", "g", "rect", "g", "rect", "rect"])
        #expect(tree[2].attribute("fill") == "green")
        #expect(tree[4].attribute("fill") == "green")
        #expect(tree[5].attribute("fill") == "green")
        #expect(tree[5].attribute("x") == "a&b")
    }

    /// A style sheet linked by a processing instruction is never loaded: a warning says so
    /// (the fast reader leaves such a file to libxml2, which reports it); other processing
    /// instructions pass without a word, and the tree is the same.
    @Test func linkedStyleSheetIsIgnoredWithAWarning() throws {
        let body = "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"5\" height=\"5\"/></svg>"
        let linked = try read("<?xml version=\"1.0\"?>\n<?xml-stylesheet type=\"text/css\" href=\"style.css\"?>\n" + body)
        #expect(linked.diagnostics.map(\.message) == ["'xml-stylesheet' ignored: style sheets outside the document are never loaded"])
        #expect(linked.diagnostics.first?.location?.line == 2)
        #expect(linked.tree.indices.map { linked.tree[$0].name } == ["svg", "rect"])
        let model = try read("<?xml-model href=\"svg.rng\"?><?app data?>" + body)
        #expect(model.diagnostics.isEmpty)
        #expect(model.tree.indices.map { model.tree[$0].name } == ["svg", "rect"])
    }

    @Test func neverReadsExternalEntities() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-xxe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let secret = dir.appendingPathComponent("secret.txt")
        try "TOP-SECRET-MARKER".write(to: secret, atomically: true, encoding: .utf8)
        let svg = """
            <!DOCTYPE svg [
              <!ENTITY xxe SYSTEM "file://\(secret.path)">
              <!ENTITY % pe SYSTEM "file://\(secret.path)">
              %pe;
            ]>
            <svg xmlns="http://www.w3.org/2000/svg"><text id="t">&xxe;</text><rect fill="&xxe;"/></svg>
            """
        var found = false
        do {
            let (tree, diagnostics) = try read(svg)
            for e in tree.indices.map({ tree[$0] }) {
                if e.text.contains("TOP-SECRET") || e.attributes.contains(where: { $0.value.contains("TOP-SECRET") }) {
                    found = true
                }
            }
            #expect(diagnostics.contains { $0.message.contains("external entity 'xxe'") })
        } catch {
            #expect(!error.description.contains("TOP-SECRET"))
        }
        #expect(!found)
    }

    @Test func refusesEntityExpansionBombs() {
        var decl = "<!ENTITY lol0 \"lollollollollollollollollollol\">\n"
        for i in 1...9 {
            decl += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">\n"
        }
        let svg = "<!DOCTYPE svg [\n\(decl)]>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><text>&lol9;</text></svg>"
        let error = failure(Array(svg.utf8))
        #expect(error?.kind == .entityExpansion)
    }

    @Test func refusesElementBombsFromEntities() {
        var decl = "<!ENTITY e0 \"<g/><g/><g/><g/><g/><g/><g/><g/><g/><g/>\">\n"
        for i in 1...7 {
            decl += "<!ENTITY e\(i) \"" + String(repeating: "&e\(i - 1);", count: 10) + "\">\n"
        }
        let svg = "<!DOCTYPE svg [\n\(decl)]>\n<svg xmlns=\"http://www.w3.org/2000/svg\">&e7;</svg>"
        let error = failure(Array(svg.utf8))
        #expect(error?.kind == .entityExpansion)
    }

    @Test func rejectsNestingDeeperThanLibxml2Allows() {
        let depth = 5000
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g>", count: depth)
            + String(repeating: "</g>", count: depth) + "</svg>"
        let error = failure(Array(svg.utf8))
        #expect(error?.kind == .tooDeep)
        #expect(error?.location.line == 1)
    }

    @Test(arguments: [
        ("", SVGImportError.Kind.emptyDocument),
        ("   \n", .emptyDocument),
        ("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect", .truncated),
        ("<svg xmlns=\"http://www.w3.org/2000/svg\"><g>", .truncated),
        ("hello", .malformedXML),
        ("<html/>", .notSVG),
        ("<svg/>", .notSVG),
        ("<svg xmlns=\"http://www.w3.org/2000/svg\"></svg><svg/>", .malformedXML),
    ])
    func rejectsBadDocuments(text: String, kind: SVGImportError.Kind) {
        #expect(failure(Array(text.utf8))?.kind == kind)
    }

    @Test func rejectsBinaryJunkAndInvalidUTF8() {
        var junk: [UInt8] = []
        var x: UInt32 = 12345
        for _ in 0..<4096 {
            x = x &* 1_103_515_245 &+ 12345
            junk.append(UInt8(truncatingIfNeeded: x >> 16))
        }
        #expect(failure(junk) != nil)
        let invalid = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><title>".utf8) + [0xC3, 0x28, 0xFF]
            + Array("</title></svg>".utf8)
        let error = failure(invalid)
        #expect(error?.kind == .invalidEncoding)
        #expect(error?.description.hasPrefix("in.svg:1:") == true)
    }

    @Test func errorDescriptionHasCompilerForm() {
        let error = failure(Array("<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <g>\n  </x>\n</svg>".utf8))
        #expect(error?.description.hasPrefix("in.svg:3:") == true)
        #expect(error?.description.contains(": error: ") == true)
    }
}
