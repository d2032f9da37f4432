import LaminaCore
import Testing

@testable import LaminaExport

/// The debug SVG's document title: the root's first child, so that a browser looking for the
/// document title as each layer's tooltip `title` is added stops there instead of walking every
/// drawable of the picture (Chromium: 10,000 circles opened in 10 s, 4.5 s with it).
@Suite struct DocumentTitleTests {
    static let title = "<title>Lamina debug SVG</title>\n"

    /// The children of the root `svg` in `doc`, by their start tags' names (one element per line).
    static func rootChildren(_ doc: String) -> [String] {
        var names: [String] = []
        var depth = 0
        for line in doc.split(separator: "\n") where line.hasPrefix("<") {
            let name = line.dropFirst().prefix { $0 != " " && $0 != ">" && $0 != "/" }
            if line.hasPrefix("</") { depth -= 1; continue }
            if depth == 1 { names.append(String(name)) }
            let closes = line.hasSuffix("/>") || line.contains("</\(name)>")
            if !closes { depth += 1 }
        }
        return names
    }

    @Test func everyWayOfWritingTheDocumentPutsTheTitleFirst() throws {
        // Shown at its own size (a canvas under 512 px is magnified: OverlayDisplayTests).
        var scene = makeScene(600, 600)
        let group = try add(makeLayer("g", bounds: Rect(0, 0, 600, 600), position: Point(300, 300)), to: scene.root, in: &scene)
        for k in 0..<300 {
            var layer = makeLayer("l\(k)", bounds: Rect(0, 0, 4, 3), position: Point(Double(k % 20) * 20, Double(k / 20) * 20))
            layer.content = Content(shape: .rect(x: 0, y: 0, width: 4, height: 3, rx: 0, ry: 0))
            layer.content?.fill = .color("#000000")
            try add(layer, to: group, in: &scene)
        }
        let (whole, flat) = debugDocumentByEveryRoute(scene, chunkSize: 4096)

        let doc = String(decoding: whole, as: UTF8.self)
        let children = Self.rootChildren(doc)
        #expect(children.first == "title")
        #expect(children.filter { $0 == "title" }.count == 1)
        #expect(children.filter { $0 == "path" || $0 == "rect" }.count == 300)
        #expect(children.last == "g")
        // The flattened picture is otherwise unchanged, and every layer keeps its tooltip.
        let flatText = String(decoding: flat, as: UTF8.self)
        let start = try #require(flatText.firstIndex(of: "\n"))
        #expect(doc.hasPrefix(flatText[...start] + Self.title + flatText[flatText.index(after: start)...].dropLast("</svg>\n".count)))
        #expect(doc.components(separatedBy: "<g class=\"lamina-layer\"").count - 1 == 302)
        #expect(doc.components(separatedBy: "<title>").count - 1 >= 303)
    }

    @Test(arguments: [
        ("<svg a=\"1\">\n<defs>\n</defs>\n</svg>\n", 12),
        ("<svg style=\"x>y\" b=\"2\">\n</svg>\n", 24),
        ("<svg>", 5),
    ])
    func rootTagEndSkipsQuotedValues(flat: String, end: Int) {
        #expect(FlattenedSVG.rootTagEnd(Array(flat.utf8)) == end)
    }
}
