import LaminaCore
import Testing

@testable import LaminaJSON

/// The layers' objects, `mask` and `sublayers` entries are written by the chunks' events
/// without the general writer's container state: the bytes are those the general writer
/// (`openObject`, `key`, `openArray`, `close`) writes around each layer's own entries.
@Suite struct LayerEncoderReplayTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The document written recursively, its structure by the general writer.
    static func reference(_ scene: Scene) -> [UInt8] {
        var out: [UInt8] = []
        do {
            let runs = EntryRuns()
            var w = JSONWriter(chunkSize: 4096) { out.append(contentsOf: $0) }
            // The document's frame is the encoder's; the layers are what this reference writes.
            LayerEncoder.openDocument(&w)
            scene.tree.layers.withUnsafeBufferPointer { layers in
                write(scene.tree, layers.baseAddress!, scene.root, depth: 2, &w, runs)
            }
            LayerEncoder.closeDocument(scene, &w)
        }
        return out
    }

    /// One layer's object at `depth` (its entries' level), then its mask's and sublayers'.
    private static func write(
        _ tree: LayerTree, _ layers: UnsafePointer<Layer>, _ id: LayerID, depth: Int,
        _ w: inout JSONWriter, _ runs: EntryRuns
    ) {
        runs.prepare(upTo: depth + 2)
        let layer = layers + id.index
        w.openObject()
        var hasEntry = false
        let head = piece(runs) { hasEntry = $0.writeHead(layer, level: depth) }
        head.withUnsafeBufferPointer { w.fragment($0) }
        let mask = tree.mask(of: id)
        if let mask {
            w.key("mask")
            write(tree, layers, mask, depth: depth + 1, &w, runs)
        }
        let tail = piece(runs) { $0.writeTail(layer, level: depth, comma: mask != nil || hasEntry) }
        tail.withUnsafeBufferPointer { w.fragment($0) }
        let subs = tree.sublayers(of: id)
        if !subs.isEmpty {
            w.key("sublayers")
            w.openArray()
            for s in subs { write(tree, layers, s, depth: depth + 2, &w, runs) }
            w.close()
        }
        w.close()
    }

    /// The bytes `body` writes with an encoder of its own.
    private static func piece(_ runs: EntryRuns, _ body: (inout LayerEncoder) -> Void) -> [UInt8] {
        var e = LayerEncoder(writer: JSONWriter(growing: 512), runs: runs)
        body(&e)
        let bytes = e.writer.takeBytes()
        return bytes.withSlice(0..<bytes.count) { Array($0) }
    }

    /// Nested and empty layers, masks (with sublayers of their own), a branch deeper than the
    /// indentation limit: sequential and in rounds of every chunk size, the reference bytes.
    @Test(arguments: [0, 1, 2, 3, 9, 17, 60, 250])
    func replayWritesTheGeneralWritersStructure(count: Int) {
        let scene = LayerEncoderRoundsTests.generated(count: count)
        let expected = Self.text(Self.reference(scene))
        #expect(Self.text(LayerEncoderRoundsTests.encoded(scene, split: .sequential)) == expected)
        for chunk in [1, 3] {
            let split = LayerEncoderRoundsTests.split(chunk: chunk)
            #expect(Self.text(LayerEncoderRoundsTests.encoded(scene, split: split)) == expected)
        }
    }

    @Test func sampleScenesHaveTheReferenceBytes() {
        for scene in [SampleScenes.rich(), SampleScenes.small(), Scene(), SampleScenes.chain(depth: 150)] {
            let expected = Self.text(Self.reference(scene))
            #expect(Self.text(LayerEncoderRoundsTests.encoded(scene, split: .sequential)) == expected)
            #expect(Self.text(LayerEncoderRoundsTests.encoded(scene, split: LayerEncoderRoundsTests.split(chunk: 1))) == expected)
        }
    }

    /// Layers whose path data is longer than a chunk's buffer: a chunk's bytes are kept in
    /// several buffers, and pieces (a head and its tail, a tail after a mask) start in one
    /// buffer and end in the next; the delivery copies every buffer.
    @Test(arguments: [1, 2, 3, 7])
    func piecesAcrossAChunksBuffers(chunk: Int) {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "root"))
        var parent = root
        for i in 0..<24 {
            var l = Layer(name: "long\(i)")
            l.opacity = 0.25
            let length = [90, 3_000, 9_000, 31_000][i % 4] + i
            l.content = Content(shape: .path("M0 0" + String(repeating: "L1 2", count: length / 4)))
            let id = tree.make(l)
            try? tree.addSublayer(id, to: i % 3 == 0 ? root : parent)
            if i % 5 == 1 {
                let mask = tree.make(Layer(name: "mask\(i)"))
                try? tree.setMask(mask, of: id)
            }
            parent = id
        }
        let scene = Scene(tree: tree, root: root)
        let expected = Self.text(Self.reference(scene))
        #expect(expected.utf8.count > 200_000)
        #expect(Self.text(LayerEncoderRoundsTests.encoded(scene, split: .sequential)) == expected)
        #expect(Self.text(LayerEncoderRoundsTests.encoded(scene, split: LayerEncoderRoundsTests.split(chunk: chunk))) == expected)
    }
}
