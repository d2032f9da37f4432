import LaminaCore
import LaminaExport
import Testing

/// Generated ids (`lamina-clip-N`) avoid the ids that verbatim content and resources already
/// have, however the `id` attribute is quoted and spaced: layer JSON written by hand or by
/// other tools uses single quotes as often as double quotes.
@Suite struct MarkupIDsTests {
    /// A clipping layer holding `content` and a square filled with resource `fill` (if any).
    static func svg(_ content: Content, fill: String? = nil, resources: [Resource] = []) -> String {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 100, 100)
        scene.tree[scene.root].position = Point(50, 50)
        func add(_ name: String, _ frame: Rect, to parent: LayerID, _ configure: (inout Layer) -> Void) -> LayerID {
            var l = Layer(name: name)
            l.bounds = Rect(0, 0, frame.width, frame.height)
            l.position = Point(frame.midX, frame.midY)
            configure(&l)
            let id = scene.tree.make(l)
            try? scene.tree.addSublayer(id, to: parent)
            return id
        }
        let g = add("g", Rect(0, 0, 50, 50), to: scene.root) { $0.masksToBounds = true }
        _ = add("t", Rect(0, 0, 10, 10), to: g) { $0.content = content }
        _ = add("a", Rect(0, 0, 90, 90), to: g) { l in
            l.content = Content(shape: .rect(x: 0, y: 0, width: 90, height: 90, rx: 0, ry: 0))
            if let fill { l.content?.fill = .ref(fill, fallback: nil) }
        }
        scene.resources = resources
        let (list, _) = DisplayList.resolve(scene)
        return FlattenedSVG.write(list, scene: scene, options: .init())
    }

    static let spellings = ["id='lamina-clip-1'", "id = \"lamina-clip-1\"", "\n id=\n'lamina-clip-1'"]

    @Test(arguments: spellings)
    func generatedIDsAvoidIDsInVerbatimContent(_ id: String) {
        let svg = Self.svg(Content(shape: .svg(xml: "<text \(id) y='9'>a</text>")))
        #expect(svg.contains("<clipPath id=\"lamina-clip-2\""), "\(svg)")
        #expect(!svg.contains("<clipPath id=\"lamina-clip-1\""))
    }

    @Test(arguments: spellings)
    func generatedIDsAvoidIDsInResources(_ id: String) {
        let gradient = Resource(id: "lamina-clip-1", kind: .linearGradient, xml: "<linearGradient \(id)/>")
        let svg = Self.svg(Content(shape: .circle(cx: 5, cy: 5, r: 5)), fill: "lamina-clip-1", resources: [gradient])
        #expect(svg.contains("<clipPath id=\"lamina-clip-2\""), "\(svg)")
        #expect(!svg.contains("<clipPath id=\"lamina-clip-1\""))
    }
}
