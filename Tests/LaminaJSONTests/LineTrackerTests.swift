import LaminaCore
import LaminaJSON
import Testing

/// Source positions the decoder records for layers and resources (`LineTracker` turns byte
/// offsets into line and column), used to locate warnings about layer-JSON input.
@Suite struct LineTrackerTests {
    static let text = """
        {"format": "lamina.layers", "version": 1,
         "root": {"name": "a",
          "sublayers": [
            {"name": "b"}, {"name": "c",
               "mask": {"name": "m"}},
        \t{"name": "é", "sublayers": [{}]}
          ]},
         "resources": {"g1": {"kind": "linearGradient", "xml": "<linearGradient id=\\"g1\\"/>"},
           "g2": {"kind": "clipPath", "xml": "<clipPath id=\\"g2\\"/>"}}}
        """

    @Test func layersAndResourcesHaveTheirPositions() throws {
        let scene = try LayerJSON.decode(Self.text, file: "p.json")
        let t = scene.tree
        func position(_ name: String) -> String? {
            guard let id = t.allIDs.first(where: { t[$0].name == name }), let l = t.sourceLocation(of: id) else { return nil }
            return l.description
        }
        #expect(t.sourceFile == "p.json")
        #expect(t.sourcePositions.count == t.count)
        #expect(position("a") == "p.json:2:10")
        #expect(position("b") == "p.json:4:5")
        #expect(position("c") == "p.json:4:20")
        #expect(position("m") == "p.json:5:16")
        #expect(position("é") == "p.json:6:2")
        let last = try #require(t.allIDs.last)
        #expect(t.sourceLocation(of: last)?.description == "p.json:6:31")  // after the 2-byte é
        #expect(scene.resourcePositions == [SourcePosition(line: 8, column: 16), SourcePosition(line: 9, column: 4)])
    }

    /// Positions are bookkeeping: a decoded scene still equals one built in code.
    @Test func positionsDoNotTakePartInEquality() throws {
        let decoded = try LayerJSON.decode(LayerJSON.encode(Scene()), file: "e.json")
        #expect(!decoded.tree.sourcePositions.isEmpty)
        #expect(decoded == Scene())
        #expect(decoded.hashValue == Scene().hashValue)
    }

    /// An SVG element's own location wins over a recorded position.
    @Test func svgLocationWins() throws {
        var scene = try LayerJSON.decode(doc("{\"name\": \"r\"}"), file: "s.json")
        #expect(scene.tree.sourceLocation(of: scene.root)?.description == "s.json:1:51")
        var info = SVGInfo(element: "rect")
        info.location = SourceLocation(file: "x.svg", line: 3, column: 4)
        scene.tree[scene.root].svg = info
        #expect(scene.tree.sourceLocation(of: scene.root)?.description == "x.svg:3:4")
        #expect(Scene().tree.sourceLocation(of: Scene().root) == nil)
    }

    /// Lines of every length (shorter and longer than the eight bytes counted at once) with
    /// multi-byte characters whose bytes resemble a line feed (U+008A is C2 8A): each layer's
    /// position is the one a byte-by-byte count gives.
    @Test func positionsMatchAByteCount() throws {
        var s = "{\"format\": \"lamina.layers\", \"version\": 1, \"root\": {\"sublayers\": ["
        var starts: [Int] = []
        for i in 0..<600 {
            if i > 0 { s += "," }
            s += String(repeating: "\n", count: i % 3) + String(repeating: " ", count: (i * 7) % 23)
            starts.append(s.utf8.count)
            s += "{\"name\": \"\(String(repeating: i % 2 == 0 ? "é" : "\u{8A}", count: i % 5))\"}"
        }
        s += "]}}"
        let scene = try LayerJSON.decode(s, file: "b.json")
        let ids = scene.tree.allIDs.dropFirst()
        try #require(ids.count == starts.count)
        let bytes = Array(s.utf8)
        for (id, start) in zip(ids, starts) {
            let before = bytes[..<start]
            let line = before.filter { $0 == 0x0A }.count + 1
            let column = start - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            #expect(scene.tree.sourceLocation(of: id)?.description == "b.json:\(line):\(column)")
        }
    }

    /// Locating many layers stays linear: 200,000 layers on 200,000 lines.
    @Test func manyLayersOnManyLines() throws {
        var s = "{\"format\": \"lamina.layers\", \"version\": 1, \"root\": {\"sublayers\": ["
        for i in 0..<200_000 { s += (i == 0 ? "\n" : ",\n") + "  {}" }
        s += "]}}"
        let scene = try LayerJSON.decode(s, file: "m.json")
        let ids = scene.tree.allIDs
        #expect(ids.count == 200_001)
        #expect(scene.tree.sourceLocation(of: ids[200_000])?.description == "m.json:200001:3")
    }
}
