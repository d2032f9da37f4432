import LaminaCore
import LaminaJSON
import Testing

/// Streaming output: the writer's chunks join to exactly the text of `encode`, and no chunk is
/// longer than asked unless it is one long string.
@Suite struct JSONWriterTests {
    @Test(arguments: [4096, 5000, 1 << 20])
    func streamedChunksJoinToTheEncodedText(chunkSize: Int) {
        var scene = SampleScenes.chain(depth: 300)
        scene.resources.append(Resource(id: "big", kind: .other, xml: String(repeating: "<g/>", count: 3000)))
        var joined: [UInt8] = []
        var sizes: [Int] = []
        LayerJSON.encode(scene, chunkSize: chunkSize) { chunk in
            joined.append(contentsOf: chunk)
            sizes.append(chunk.count)
        }
        #expect(joined == LayerJSON.encodeBytes(scene))
        #expect(String(decoding: joined, as: UTF8.self) == LayerJSON.encode(scene))
        #expect(joined.last == 0x0A)
        // Only the 12,000-byte resource string may exceed a small chunk size.
        #expect(sizes.filter { $0 > chunkSize }.allSatisfy { $0 == 12_000 })
        #expect(sizes.allSatisfy { $0 > 0 })
    }

    @Test func richSceneStreamsAndDecodesBack() throws {
        let scene = SampleScenes.rich()
        var joined: [UInt8] = []
        LayerJSON.encode(scene, chunkSize: 4096) { joined.append(contentsOf: $0) }
        #expect(try LayerJSON.decode(joined, file: "rich.json") == scene)
    }
}
