import LaminaCore
import LaminaGeometry
import Testing

@testable import LaminaExport

/// Long clip runs written in chunks: each chunk finds the clip groups open at its start through
/// the run index (``FlatWriter/ClipRunIndex``) instead of scanning the runs, with the bytes of
/// the sequential writer.
@Suite struct ClipRunIndexTests {
    /// `count` drawables under one clipping layer, in clipping sublayers of a few hundred
    /// drawables each, some of those clipping again: long runs of a shared outer node with
    /// shorter inner runs, at several depths.
    static func longRuns(count: Int) -> Scene {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 1000, 1000)
        scene.tree[scene.root].position = Point(500, 500)
        var outer = Layer(name: "outer")
        outer.bounds = Rect(0, 0, 900, 900)
        outer.position = Point(500, 500)
        outer.masksToBounds = true
        let top = scene.tree.make(outer)
        try? scene.tree.addSublayer(top, to: scene.root)
        var parent = top
        for i in 0..<count {
            if i % 300 == 0 || i % 300 == 150 {
                var c = Layer(name: "c\(i)")
                c.bounds = Rect(0, 0, 700 - Double(i % 11), 700)
                c.position = Point(450, 450)
                c.masksToBounds = i % 900 != 150
                let id = scene.tree.make(c)
                try? scene.tree.addSublayer(id, to: i % 300 == 0 ? top : parent)
                parent = id
            }
            var l = Layer(name: "l\(i)")
            l.bounds = Rect(0, 0, 10, 10)
            l.position = Point(Double(i % 60) * 10, Double(i / 60) * 10)
            var content = Content(shape: .rect(x: 0, y: 0, width: 10, height: 10, rx: 0, ry: 0))
            content.fill = .color(i % 2 == 0 ? "#ff0000" : "#0000ff")
            l.content = content
            let id = scene.tree.make(l)
            try? scene.tree.addSublayer(id, to: i % 97 == 0 ? top : parent)
        }
        return scene
    }

    @Test func longRunsInChunksEqualSequentialAndAreIndexed() throws {
        let scene = Self.longRuns(count: 3000)
        let (list, _) = DisplayList.resolve(scene)
        let sequential = FlattenedSVG.bytes(list, scene: scene, keepGroups: false, split: .sequential) { _ in }
        let text = String(decoding: sequential, as: UTF8.self)
        #expect(text.components(separatedBy: "<g").count == text.components(separatedBy: "</g>").count)
        for chunk in [1, 7, 100, 1000] {
            let split = FlattenedSVGChunksTests.split(chunk: chunk)
            var w = FlatWriter(list: list, scene: scene)
            var out: [UInt8] = []
            w.writeDocument(keepGroups: false, split: split) { out.append(contentsOf: $0) }
            SVGMarkup.lit("</svg>\n", to: &out)
            #expect(out == sequential, "chunks of \(chunk)")
            let index = try #require(w.clipRuns, "a run of 3,000 items written in chunks of \(chunk) is indexed")
            // The index agrees with the item-by-item answers.
            for m in stride(from: 0, to: list.items.count, by: 37) {
                #expect(Int(index.shared[m]) == w.sharedClipNodes(at: m))
            }
        }
    }

    @Test func shortRunsAreNotIndexed() {
        let scene = FlattenedSVGChunksTests.nestedClips(count: 120)
        let (list, _) = DisplayList.resolve(scene)
        var w = FlatWriter(list: list, scene: scene)
        w.writeDocument(keepGroups: false, split: FlattenedSVGChunksTests.split(chunk: 3)) { _ in }
        #expect(w.clipRuns == nil)
    }
}
