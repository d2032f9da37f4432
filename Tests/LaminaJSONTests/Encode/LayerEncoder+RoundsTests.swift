import Foundation
import LaminaCore
import Testing

@testable import LaminaJSON

/// Layer JSON written in rounds, the layers' entries on several threads, gives exactly the
/// bytes of the sequential walk.
@Suite struct LayerEncoderRoundsTests {
    /// `count` layers in nested containers, some empty (no entries at all), some with masks
    /// (whose entries come between a layer's head and tail) and one very deep branch.
    static func generated(count: Int) -> Scene {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "root"))
        var containers = [root]
        for i in 0..<count {
            var l = i % 5 == 3 ? Layer() : Layer(name: "l\(i)")
            if i % 5 != 3 {
                l.bounds = Rect(0, 0, Double(i), 10)
                var c = Content(shape: .path("M0 0L\(i) 10"))
                c.fill = .ref("g\(i % 3)", fallback: i % 2 == 0 ? "red" : nil)
                c.extra = [StyleProperty("data-i", "\"\(i)\"")]
                l.content = c
            }
            let id = tree.make(l)
            try? tree.addSublayer(id, to: containers[(i * 7) % containers.count])
            if i % 4 == 0 { containers.append(id) }
            if i % 9 == 2 {
                var m = Layer(name: "mask\(i)")
                m.opacity = 0.5
                let mask = tree.make(m)
                try? tree.setMask(mask, of: id)
                let inner = tree.make(Layer(name: "in-mask\(i)"))
                try? tree.addSublayer(inner, to: mask)
            }
        }
        var parent = root
        for d in 0..<(count / 2) {
            let id = tree.make(d % 2 == 0 ? Layer() : Layer(name: "d\(d)"))
            try? tree.addSublayer(id, to: parent)
            parent = id
        }
        return Scene(tree: tree, root: root, resources: [Resource(id: "g0", kind: .other, xml: "<linearGradient id=\"g0\"/>")])
    }

    static func encoded(_ scene: Scene, split: WorkSplit) -> [UInt8] {
        var out: [UInt8] = []
        LayerJSON.encode(scene, chunkSize: 4096, split: split) { out.append(contentsOf: $0) }
        return out
    }

    static func split(chunk: Int) -> WorkSplit {
        var s = WorkSplit(threads: 2)
        s.chunkItems = chunk
        s.chunksPerThread = 2
        s.sequentialBelow = 0
        return s
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 60, 250])
    func roundsEqualSequentialBytes(count: Int) throws {
        let scene = Self.generated(count: count)
        let sequential = Self.encoded(scene, split: .sequential)
        for chunk in [1, 2, 3, 8] {
            #expect(Self.encoded(scene, split: Self.split(chunk: chunk)) == sequential)
        }
        #expect(LayerJSON.encodeBytes(scene, split: Self.split(chunk: 5)) == sequential)
        // The text is valid layer JSON: it decodes, and encodes back to the same bytes.
        let back = try LayerJSON.decode(sequential, file: "g.json")
        #expect(Self.encoded(back, split: Self.split(chunk: 2)) == sequential)
        #expect(back.tree.count == scene.tree.count)
    }

    /// A round takes `layers` layer heads, the last one fewer, and starts at a head; every
    /// layer is one head event, with a tail after its mask and a close after its sublayers.
    @Test(arguments: [1, 2, 3, 7, 10])
    func eachRoundTakesItsLayersInOrder(layers: Int) {
        let scene = Self.generated(count: 60)
        var tasks: [LayerEncoder.Task] = [.head(scene.root, depth: 1, place: .value, then: .close)]
        var events: [LayerEncoder.Task] = []
        var rounds = 0
        var heads = 0
        var tails = 0
        var closes = 0
        while !tasks.isEmpty {
            events.removeAll()
            _ = LayerEncoder.collectRound(scene.tree, &tasks, layers: layers, events: &events)
            rounds += 1
            var roundHeads = 0
            for e in events {
                switch e {
                case .head: roundHeads += 1
                case .tail: tails += 1
                case .closeGroup: closes += 1
                }
            }
            heads += roundHeads
            if tasks.isEmpty { #expect(roundHeads >= 1 && roundHeads <= layers) } else { #expect(roundHeads == layers) }
            // Every round starts at a head.
            if case .head = events.first {} else { Issue.record("a round starts without a head") }
        }
        #expect(rounds == (scene.tree.count + layers - 1) / layers)
        #expect(heads == scene.tree.count)
        let tree = scene.tree
        #expect(tails == tree.allIDs.filter { tree.mask(of: $0) != nil }.count)
        #expect(closes == tree.allIDs.filter { !tree.sublayers(of: $0).isEmpty }.count)
    }

    @Test func largeSceneWithTheDefaultChunksEqualsSequential() {
        let scene = Self.generated(count: 9000)
        var split = WorkSplit(threads: 2)
        split.sequentialBelow = 0
        #expect(Self.encoded(scene, split: split) == Self.encoded(scene, split: .sequential))
    }

    @Test func sampleScenesEqualSequential() {
        for scene in [SampleScenes.rich(), SampleScenes.small(), Scene(), SampleScenes.chain(depth: 150)] {
            let sequential = Self.encoded(scene, split: .sequential)
            for chunk in [1, 4] {
                #expect(Self.encoded(scene, split: Self.split(chunk: chunk)) == sequential)
            }
        }
    }

    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples")

    @Test func sampleFilesEqualSequential() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path)
            .filter { $0.hasSuffix(".json") && !$0.contains(".expected.") && !$0.contains("lamina-check") }.sorted()
        #expect(names.count >= 4)
        for name in names {
            let bytes = try Array(Data(contentsOf: Self.samples.appendingPathComponent(name)))
            let scene = try LayerJSON.decode(bytes, file: name)
            let sequential = Self.encoded(scene, split: .sequential)
            #expect(Self.encoded(scene, split: Self.split(chunk: 1)) == sequential, "\(name)")
        }
    }
}
