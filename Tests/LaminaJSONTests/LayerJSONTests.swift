import LaminaCore
import LaminaJSON
import Testing

@Suite struct LayerJSONTests {
    @Test func richSceneRoundTripsExactly() throws {
        let scene = SampleScenes.rich()
        let text = LayerJSON.encode(scene)
        let back = try LayerJSON.decode(text, file: "rich.json")
        #expect(back == scene)
        #expect(back.tree.layers == scene.tree.layers)
        #expect(back.resources == scene.resources)
        #expect(LayerJSON.encode(back) == text)
    }

    @Test func smallSceneEncodesToPinnedText() {
        let expected = """
            {
              "format": "lamina.layers",
              "version": 1,
              "root": {
                "bounds": [0, 0, 100, 50],
                "masksToBounds": true,
                "sublayers": [
                  {
                    "name": "box",
                    "bounds": [0, 0, 20, 10],
                    "position": [30, 25],
                    "zPosition": 1,
                    "content": {
                      "kind": "rect",
                      "width": 20,
                      "height": 10,
                      "fill": "#336699"
                    }
                  },
                  {}
                ]
              }
            }

            """
        #expect(LayerJSON.encode(SampleScenes.small()) == expected)
    }

    @Test func emptySceneEncodesMinimalDocument() throws {
        let text = LayerJSON.encode(Scene())
        #expect(text == "{\n  \"format\": \"lamina.layers\",\n  \"version\": 1,\n  \"root\": {}\n}\n")
        #expect(try LayerJSON.decode(text, file: "e.json") == Scene())
    }

    @Test func deepChainRoundTripsWithoutRecursion() throws {
        let scene = SampleScenes.chain(depth: 4_000)
        let text = LayerJSON.encode(scene)
        let back = try LayerJSON.decode(Array(text.utf8), file: "deep.json")
        #expect(back == scene)
    }
}

@Suite struct LayerJSONDeepTreeTests {
    @Test func twentyThousandDeepTreeEncodesLinearlyAndDecodingFailsCleanly() throws {
        let scene = SampleScenes.chain(depth: 20_000)
        let bytes = LayerJSON.encodeBytes(scene)
        // Indentation stops growing at 100 levels, so each level costs at most about 1 KB
        // (full indentation would cost 20,000² · 2 bytes).
        #expect(bytes.count < 20_001 * 1_100)
        #expect(bytes.suffix(2) == [UInt8(ascii: "}"), 0x0A])
        do {
            _ = try LayerJSON.decode(bytes, file: "deep.json")
            Issue.record("a 20,000-deep tree decoded past the depth limit")
        } catch {
            #expect(error.kind == .tooDeep)
            #expect(error.description.hasPrefix("deep.json:"))
        }
    }
}
