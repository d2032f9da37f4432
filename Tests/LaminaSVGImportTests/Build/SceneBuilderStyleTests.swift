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

    /// `context-fill`/`context-stroke` (SVG 2 §13.3): a `use`'s copy takes the use's paints,
    /// through groups; a marker keeps the keyword for the renderer (the path drawing it keeps
    /// its paints); anywhere else it paints nothing.
    @Test func contextPaintTakesTheUsesPaintsAndStaysAKeywordInMarkers() throws {
        let svg = "<defs><g id=\"t\" fill=\"context-stroke\" stroke=\"context-fill\"><rect id=\"r\" width=\"1\" height=\"1\"/></g></defs>"
            + "<use id=\"u\" href=\"#t\" fill=\"blue\" stroke=\"red\"/>"
            + "<marker id=\"m\"><g fill=\"context-stroke\"><circle r=\"2\"/></g></marker>"
            + "<path id=\"p\" d=\"M0 0L9 9\" stroke=\"green\" marker-end=\"url(#m)\"/>"
            + "<rect id=\"s\" width=\"1\" height=\"1\" fill=\"context-fill\" stroke=\"red\"/>"
        let (scene, _) = try S.load(S.header + ">" + svg + "</svg>")
        let u = try #require(S.layer(scene, "u"))
        let copy = try #require(scene.tree.preorder(from: u, includeMasks: false).first { scene.tree[$0].content != nil })
        #expect(scene.tree[copy].content?.fill == .color("#ff0000"))
        #expect(scene.tree[copy].content?.stroke == .color("#0000ff"))
        let marker = try #require(scene.resources.first { $0.id == "m" })
        #expect(marker.xml.contains("fill=\"context-stroke\""), "\(marker.xml)")
        let outside = try #require(S.layer(scene, "s"))
        #expect(scene.tree[outside].content?.fill == Paint.none)
    }

    /// A warning about an element is given once, however many copies `use`s make of it.
    @Test func aWarningIsGivenOncePerElement() throws {
        let svg = "<defs><rect id=\"r\" width=\"1\" height=\"1\" clip-path=\"url(#missing)\"/></defs>"
            + "<use href=\"#r\"/><use href=\"#r\" x=\"2\"/><g><use href=\"#r\" y=\"2\"/></g>"
        let (_, diagnostics) = try S.load(S.header + ">" + svg + "</svg>")
        #expect(diagnostics.filter { $0.message.contains("'#missing' not found") }.count == 1)
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
