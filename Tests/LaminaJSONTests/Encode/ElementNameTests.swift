import LaminaCore
import LaminaGeometry
import Testing

@testable import LaminaJSON

/// `svg.element` written as a literal when it is the element the layer's content usually comes
/// from (``UsualElement``), and quoted by the writer otherwise: either way the bytes are the
/// quoted name's, and every name reads back as itself.
@Suite struct ElementNameTests {
    /// Each content kind (and none) with its usual element, another kind's, a verbatim
    /// element's, one that needs escaping, an empty one and a long one.
    static let contents: [Shape?] = [
        nil, .rect(x: 1, y: 2, width: 3, height: 4, rx: 0, ry: 0), .circle(cx: 1, cy: 2, r: 3),
        .ellipse(cx: 1, cy: 2, rx: 3, ry: 4), .line(x1: 1, y1: 2, x2: 3, y2: 4),
        .polyline([Point(x: 1, y: 2), Point(x: 3, y: 4)]), .polygon([Point(x: 1, y: 2), Point(x: 3, y: 4)]),
        .path("M0 0 L1 1"), .svg(xml: "<image href=\"a.png\"/>"),
    ]
    static let names = [
        "g", "svg", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "use", "image", "a\"b\\c",
        "", "a-very-long-element-name-longer-than-fifteen-bytes", "réct",
    ]

    @Test(arguments: [0, 1, 3])
    func everyElementNameReadsBackAsItself(chunk: Int) throws {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "root"))
        var expected: [String?] = []
        for (i, shape) in Self.contents.enumerated() {
            for (k, name) in Self.names.enumerated() {
                var l = Layer(name: "l\(i)-\(k)")
                if let shape { l.content = Content(shape: shape) }
                l.svg = SVGInfo(element: name)
                try tree.addSublayer(tree.make(l), to: root)
                expected.append(name)
            }
            // No svg facts at all: no `svg` object.
            var l = Layer(name: "bare\(i)")
            if let shape { l.content = Content(shape: shape) }
            try tree.addSublayer(tree.make(l), to: root)
            expected.append(nil)
        }
        let scene = Scene(tree: tree, root: root)
        let split = chunk == 0 ? WorkSplit.sequential : LayerEncoderRoundsTests.split(chunk: chunk)
        let bytes = LayerEncoderRoundsTests.encoded(scene, split: split)
        let back = try LayerJSON.decode(bytes, file: "elements.json")
        let read = back.tree.sublayers(of: back.root)
        try #require(read.count == expected.count)
        for (id, name) in zip(read, expected) {
            #expect(back.tree[id].svg?.element == name)
        }
        // The quoted name as the writer spells it, for every name.
        let text = String(decoding: bytes, as: UTF8.self)
        for name in Self.names {
            var quoted = JSONWriter(growing: 64)
            quoted.appendQuoted(name)
            let written = quoted.takeBytes()
            let spelled = String(decoding: written.withSlice(0..<written.count) { Array($0) }, as: UTF8.self)
            #expect(text.contains("\"element\": " + spelled), "\(name)")
        }
    }

    /// A layer whose facts are its usual element alone has its `"svg"` object copied as one
    /// prepared run up to ``EntryRuns/wholeSVGLevels``, and written entry by entry deeper, with
    /// an id, with rare facts or with another element: every way, the general writer's bytes.
    @Test func wholeSVGObjectsAreTheGeneralWritersBytes() {
        let runs = EntryRuns()
        runs.prepare(upTo: 42)
        var rare = SVGInfo(element: "rect")
        rare.title = "t"
        var withID = SVGInfo(element: "g")
        withID.id = "g1"
        let others = [withID, rare, SVGInfo(element: "use")]
        for level in 1...40 {
            for usual in UsualElement.allCases {
                let infos = [SVGInfo(element: String(describing: usual.name))] + others
                for info in infos {
                    for comma in [false, true] {
                        var encoder = LayerEncoder(writer: JSONWriter(growing: 4096), runs: runs)
                        var c = EntryCursor(p: encoder.writer.room(LayerEncoder.groupRoom), runs: runs.runs(level: level), comma: comma)
                        withUnsafePointer(to: info) { encoder.writeSVG($0, &c, level: level, usual: usual) }
                        encoder.writer.commit(c.p)
                        let fast = encoder.writer.takeBytes()

                        var general = JSONWriter(growing: 4096)
                        general.beginFragment(depth: level, hasEntry: comma)
                        general.key("svg")
                        general.openObject()
                        general.key("element")
                        general.string(info.element)
                        if let id = info.id {
                            general.key("id")
                            general.string(id)
                        }
                        if let title = info.title {
                            general.key("title")
                            general.string(title)
                        }
                        general.close()
                        let reference = general.takeBytes()
                        #expect(
                            fast.withSlice(0..<fast.count) { Array($0) } == reference.withSlice(0..<reference.count) { Array($0) },
                            "\(usual) \(info.element) level \(level) comma \(comma)")
                    }
                }
            }
        }
    }
}
