import LaminaJSON
import Testing

@testable import LaminaCore

/// The decoder stores the layers' contents side by side (``ContentSlab``), not one store
/// each, and a change through one layer stays that layer's.
@Suite struct DecodedContentStoreTests {
    @Test func contentsShareAStoreAndChangesStayTheirLayers() throws {
        let shapes = (0..<5).map { ##"{"content": {"kind": "circle", "cx": \##($0 + 1), "cy": 1, "r": 2, "fill": "#0000ff"}}"## }
        let json = doc(#"{"sublayers": [\#(shapes.joined(separator: ","))]}"#)
        var scene = try LayerJSON.decode(json, file: "c.json")
        let ids = scene.tree.sublayers(of: scene.root)
        #expect(ids.count == 5)
        let stores = ids.compactMap { scene.tree[$0].contentPlace.map { ObjectIdentifier($0.store) } }
        #expect(stores.count == 5 && Set(stores).count == 1)
        for (k, id) in ids.enumerated() {
            #expect(scene.tree[id].content?.shape == .circle(cx: Double(k + 1), cy: 1, r: 2))
            #expect(scene.tree[id].content?.fill == .color("#0000ff"))
        }
        // Copy on write: the shared store is not written through one layer.
        scene.tree[ids[1]].content?.fill = .color("#ff0000")
        #expect(scene.tree[ids[1]].content?.fill == .color("#ff0000"))
        for id in ids where id != ids[1] { #expect(scene.tree[id].content?.fill == .color("#0000ff")) }
    }
}
