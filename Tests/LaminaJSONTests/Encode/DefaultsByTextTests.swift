import LaminaCore
import LaminaJSON
import Testing

/// A key whose value prints as its default is left out like the default itself (SPEC §3), so
/// that a document read back and written again is the same bytes.
@Suite struct DefaultsByTextTests {
    static let nearDefaults = """
        {"format": "lamina.layers", "version": 1, "root": {"bounds": [0, 0, 100, 100], "sublayers": [
          {"name": "a", "bounds": [0.0000001, 0, 10, 10], "position": [0.0000004, -0.0000003],
           "anchorPoint": [0.5000001, 0.4999999], "zPosition": 0.0000001, "anchorPointZ": -0.0000002,
           "opacity": 0.9999999, "cornerRadius": 0.0000004, "borderWidth": 0.0000001,
           "transform": [1.0000001, 0, 0, 0.9999999, 0.0000002, 0]},
          {"name": "b", "bounds": [0.0000001, 0.0000002, 0.0000003, 0.0000004],
           "sublayerTransform": [1, 0, 0, 0.0000001, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]},
          {"name": "c", "transform": [2, 0, 0, 0.0000001, 0, 2, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1]}
        ]}}
        """

    @Test func valuesPrintingAsTheDefaultAreLeftOut() throws {
        let text = LayerJSON.encode(try LayerJSON.decode(Self.nearDefaults, file: "near.json"))
        for key in ["\"position\"", "\"anchorPoint\"", "\"zPosition\"", "\"anchorPointZ\"", "\"opacity\"", "\"cornerRadius\"", "\"borderWidth\"", "\"sublayerTransform\""] {
            #expect(!text.contains(key), "\(key) prints as its default")
        }
        // Layer a: bounds still differ from zero; its transform prints as the identity.
        #expect(text.contains("\"bounds\": [0, 0, 10, 10]"))
        #expect(!text.contains("\"bounds\": [0, 0, 0, 0]"))
        // Layer c: a perspective entry that prints as 0 is written in the affine form.
        #expect(text.contains("\"transform\": [2, 0, 0, 2, 5, 0]"))
        #expect(text.components(separatedBy: "\"transform\"").count == 2)
    }

    @Test func writingTwiceGivesTheSameBytes() throws {
        let once = LayerJSON.encode(try LayerJSON.decode(Self.nearDefaults, file: "near.json"))
        let twice = LayerJSON.encode(try LayerJSON.decode(once, file: "once.json"))
        #expect(once == twice)
    }
}
