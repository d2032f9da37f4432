import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct SceneBuilderStyleTests {
    typealias S = ImportTestSupport

    private func content(_ svg: String, _ name: String = "s") throws -> Content? {
        let (scene, _) = try S.load(S.header + ">" + svg + "</svg>")
        let id = try #require(S.layer(scene, name))
        return scene.tree[id].content
    }

    @Test func sheetsCascadeBySpecificityAndImportance() throws {
        let c = try content(
            "<style>#s { fill: blue } .k { fill: red !important; stroke: red } g rect { stroke: green; stroke-width: 3 }</style>"
                + "<g><rect id=\"s\" class=\"k\" width=\"1\" height=\"1\" fill=\"yellow\" style=\"stroke: black\"/></g>")
        #expect(c?.fill == .color("#ff0000"))
        #expect(c?.stroke == .color("#000000"))
        #expect(c?.strokeWidth == 3)
    }

    @Test func currentColorFollowsTheElementsOwnColor() throws {
        let c = try content("<g color=\"red\" fill=\"currentColor\"><rect id=\"s\" color=\"lime\" width=\"1\" height=\"1\"/></g>")
        #expect(c?.fill == .color("#00ff00"))
    }

    @Test func useInstancesInheritFromTheUseNotTheOriginal() throws {
        let svg = "<g fill=\"red\"><rect id=\"r\" width=\"1\" height=\"1\"/></g><use id=\"u\" href=\"#r\" fill=\"blue\"/>"
        let (scene, _) = try S.load(S.header + ">" + svg + "</svg>")
        let u = try #require(S.layer(scene, "u"))
        let copy = try #require(scene.tree.sublayers(of: u).first)
        #expect(scene.tree[copy].content?.fill == .color("#0000ff"))
        let original = try #require(S.layer(scene, "r"))
        #expect(scene.tree[original].content?.fill == .color("#ff0000"))
    }

    @Test func relativeUnitsResolve() throws {
        let c = try content("<g font-size=\"10px\"><rect id=\"s\" width=\"2em\" height=\"1in\" stroke-width=\"1ex\"/></g>")
        #expect(c?.shape == .rect(x: 0, y: 0, width: 20, height: 96, rx: 0, ry: 0))
        #expect(c?.strokeWidth == 5)
    }

    @Test func cssTransformWinsOverTheAttribute() throws {
        let (scene, _) = try S.load(S.header + "><rect id=\"s\" width=\"10\" height=\"10\" transform=\"translate(50)\" style=\"transform: scale(2)\"/></svg>")
        let id = try #require(S.layer(scene, "s"))
        #expect(S.close(S.toRoot(scene, id, Point(10, 10)), Point(20, 20)))
    }
}
