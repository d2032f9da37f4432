import LaminaCore
import LaminaSVGImport
import Testing

@testable import LaminaExport

/// The overlay must land on the flattened picture: its canvas → output map has to agree with
/// the user space `DisplayList.resolve` chooses for the flattened file.
@Suite struct OverlayGeometryTests {
    static let files = [
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="-50 -100 200 200"
             preserveAspectRatio="xMinYMin"><g transform="rotate(30 90 40)"><rect x="70" y="20" width="60" height="60"/></g></svg>
        """,
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 30 20"
             preserveAspectRatio="xMidYMid slice"><circle cx="10" cy="10" r="5"/></svg>
        """,
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect x="10.5" y="3" width="20" height="30"/></svg>
        """,
    ]

    @Test(arguments: files)
    func canvasToOutputAgreesWithTheFlattenedExport(svg: String) throws {
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "t.svg")
        try expectAgreement(scene)
    }

    @Test func canvasToOutputAgreesForABuiltSceneWithAnOffsetRoot() throws {
        var tree = LayerTree()
        let root = tree.make(makeLayer(nil, bounds: Rect(5, 5, 100, 80), position: Point(70, 60)))
        var scene = Scene(tree: tree, root: root)
        var child = makeLayer("c", bounds: Rect(0, 0, 20, 10), position: Point(40, 30), transform: .rotation(0.3))
        child.backgroundColor = "#ff0000"
        try add(child, to: root, in: &scene)
        try expectAgreement(scene)
    }

    /// Every painted layer's corners: through the overlay's maps, and through the export's.
    func expectAgreement(_ scene: Scene) throws {
        let (list, _) = DisplayList.resolve(scene)
        let geometry = OverlayGeometry(scene: scene)
        let toOutput = geometry.canvasToOutput() ?? .identity
        var compared = 0
        for id in scene.tree.paintOrder(from: scene.root) {
            guard let exported = list.layerToOutput[id.index], let toRoot = geometry.toRoot[id.index] else { continue }
            for corner in scene.tree[id].bounds.corners {
                let a = try #require(exported.apply(corner))
                let b = toOutput.apply(try #require(toRoot.apply(corner)))
                #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6, "\(a) vs \(b)")
                compared += 1
            }
        }
        #expect(compared >= 8)
    }
}
