import LaminaCore
import LaminaJSON
import Testing

@Suite struct InspectReportTests {
    /// A 200×200 root at the origin holding a rotated hour hand and a hidden layer.
    static func clock() throws -> Scene {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 200, 200)
        scene.tree[scene.root].position = Point(100, 100)
        scene.tree[scene.root].masksToBounds = true
        var hand = Layer(name: "hour")
        hand.bounds = Rect(0, 0, 10, 60)
        hand.anchorPoint = Point(0.5, 0.9)
        hand.position = Point(100, 100)
        hand.transform = .rotation(.pi / 2, 0, 0, 1)
        let h = scene.tree.make(hand)
        var hidden = Layer()
        hidden.hidden = true
        let x = scene.tree.make(hidden)
        try scene.tree.addSublayer(h, to: scene.root)
        try scene.tree.addSublayer(x, to: scene.root)
        return scene
    }

    @Test func reportsTheRotatedHourHand() throws {
        let text = try #require(InspectReport.json(scene: try Self.clock(), layerPath: "hour"))
        #expect(text == """
            [
              {"path": "hour", "frame": [94, 95, 60, 10], "bounds": [0, 0, 10, 60], "position": [100, 100], \
            "anchorPoint": [0.5, 0.9], "zPosition": 0, "paintIndex": 1, "toRoot": [0, 1, -1, 0, 154, 95], \
            "anchorInRoot": [100, 100], "frameInRoot": [[154, 95], [154, 105], [94, 105], [94, 95]], \
            "clipInRoot": [0, 0, 200, 200]}
            ]

            """)
    }

    @Test func listsEveryLayerInTreeOrder() throws {
        let text = try #require(InspectReport.json(scene: try Self.clock(), layerPath: nil))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[1].hasPrefix("  {\"path\": \"/\", \"frame\": [0, 0, 200, 200]"))
        #expect(lines[3].hasPrefix("  {\"path\": \"#1\""))
        #expect(lines[3].contains("\"paintIndex\": null"))
        #expect(text.hasSuffix("]\n"))
    }

    @Test func unknownPathGivesNil() throws {
        #expect(InspectReport.json(scene: try Self.clock(), layerPath: "minute") == nil)
    }
}
