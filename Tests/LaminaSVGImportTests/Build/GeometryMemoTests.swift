import LaminaCore
import Testing

@testable import LaminaSVGImport

/// ``SceneBuilder/shapeGeometry(_:fontSize:)`` outside the prefetch: a path's, polygon's or
/// polyline's data is read on each of its first two builds and remembered from the second on
/// (an element instanced many times is read twice; one built once costs no memo entry).
@Suite struct GeometryMemoTests {
    @Test func listGeometryIsRememberedFromTheSecondBuildOn() throws {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h4v4z"/><polygon points="0,0 2,0 2,3"/><rect width="1" height="1"/></svg>"#
        let tree = try XMLReader.read(Array(text.utf8), file: "t.svg").tree
        var builder = SceneBuilder(tree: tree, diagnostics: [])
        func work(_ e: Int) -> SceneBuilder.Work {
            SceneBuilder.Work(element: e, parent: LayerID(0), style: .initial, viewport: Size(100, 100), context: .normal)
        }
        let path = builder.shapeGeometry(work(1), fontSize: 16)
        let polygon = builder.shapeGeometry(work(2), fontSize: 16)
        _ = builder.shapeGeometry(work(3), fontSize: 16)
        #expect(builder.geometryMemo.isEmpty)
        let pathAgain = builder.shapeGeometry(work(1), fontSize: 16)
        #expect(Array(builder.geometryMemo.keys) == [1])
        let pathThird = builder.shapeGeometry(work(1), fontSize: 16)
        let polygonAgain = builder.shapeGeometry(work(2), fontSize: 16)
        #expect(builder.geometryMemo.keys.sorted() == [1, 2])
        // The same answers, built or remembered.
        #expect(path?.0 == .path("M0 0h4v4z") && path?.1 == Rect(0, 0, 4, 4))
        #expect(pathAgain?.0 == path?.0 && pathAgain?.1 == path?.1)
        #expect(pathThird?.0 == path?.0 && pathThird?.1 == path?.1)
        #expect(polygon?.1 == Rect(0, 0, 2, 3))
        #expect(polygonAgain?.0 == polygon?.0 && polygonAgain?.1 == polygon?.1)
    }
}
