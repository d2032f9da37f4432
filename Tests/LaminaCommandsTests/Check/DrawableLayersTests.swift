import Foundation
import LaminaTestSupport
import Testing
@testable import LaminaCommands

/// SVG diffs of `lamina check` name the layer of a changed drawable (SPEC §8 "which layer"),
/// though the flattened SVG carries no layer names, and name none when the mapping from the
/// display list to the written drawables is not certain.
@Suite struct DrawableLayersTests {
    static let ticks = """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
          <g id="ticks">
            <line id="tick1" x1="100" y1="20" x2="100" y2="30" stroke="black"/>
            <line id="tick2" x1="170" y1="100" x2="180" y2="100" stroke="black"/>
          </g>
          <g id="row"><rect id="cell" x="10" y="150" width="10" height="10"/></g>
          <g id="row"><rect id="cell" x="30" y="150" width="10" height="10"/></g>
        </svg>
        """

    /// Records `input` as `scene.svg` with `kinds`, applies `change` to it and runs `lamina check`.
    private func checkAfterChange(
        _ input: String, kinds: String, _ change: (String) -> String
    ) throws -> LaminaRun {
        try TestSupport.withTemporaryDirectory { root in
            let scene = root.appendingPathComponent("scene.svg")
            try Data(input.utf8).write(to: scene)
            try Data(#"{"kinds": [\#(kinds)]}"#.utf8).write(to: root.appendingPathComponent("lamina-check.json"))
            let record = try TestSupport.runLamina(["check", "scene.svg", "--record"], in: root)
            #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
            let changed = change(input)
            #expect(changed != input)
            try Data(changed.utf8).write(to: scene)
            return try TestSupport.runLamina(["check", "."], in: root)
        }
    }

    @Test func anSVGOnlyGoldenNamesTheLayerOfAMovedShape() throws {
        let run = try checkAfterChange(Self.ticks, kinds: #""svg""#) {
            $0.replacingOccurrences(of: #"x1="170""#, with: #"x1="169""#)
        }
        #expect(run.status == 1)
        #expect(run.stdout.contains(#"drawable 1 <line> (layer "ticks/tick2") attribute "x1": "170" -> "169""#), "\(run.stdout)")
    }

    @Test func aRepeatedSiblingNameIsPrintedByIndex() throws {
        let run = try checkAfterChange(Self.ticks, kinds: #""svg", "debug""#) {
            $0.replacingOccurrences(of: #"x="30""#, with: #"x="31""#)
        }
        #expect(run.status == 1)
        // The second "row" is `#2` as in `inspect` (a path names the first sibling with a name).
        let lines = run.stdout.split(separator: "\n").filter { $0.contains("drawable 3 <rect>") }
        #expect(lines.count == 2, "\(run.stdout)")
        #expect(lines.allSatisfy { $0.contains(##"(layer "#2/cell")"##) }, "\(run.stdout)")
    }

    static let labelled = """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
          <text id="label" x="10" y="20" font-size="12">Hello <tspan font-weight="bold">world</tspan></text>
          <g id="turned" transform="translate(5 5)">
            <text id="note" x="10" y="40" font-size="9" transform="rotate(10)">note</text>
          </g>
          <g id="marks">
            <rect id="a" x="10" y="60" width="10" height="10" fill="red"/>
            <rect id="b" x="30" y="60" width="10" height="10"/>
          </g>
        </svg>
        """

    @Test func textAndShapesAfterItKeepTheirLayers() throws {
        let moved = try checkAfterChange(Self.labelled, kinds: #""svg""#) {
            $0.replacingOccurrences(of: #"<rect id="b" x="30""#, with: #"<rect id="b" x="31""#)
        }
        #expect(moved.stdout.contains(#"drawable 3 <rect> (layer "marks/b") attribute"#), "\(moved.stdout)")
        let reworded = try checkAfterChange(Self.labelled, kinds: #""svg""#) {
            $0.replacingOccurrences(of: "world", with: "earth")
        }
        // The tspan is inside the text's element: it gets the text's layer.
        #expect(reworded.stdout.contains(#"<tspan> (layer "label") text: "world" -> "earth""#), "\(reworded.stdout)")
        let turned = try checkAfterChange(Self.labelled, kinds: #""svg""#) {
            $0.replacingOccurrences(of: ">note<", with: ">memo<")
        }
        #expect(turned.stdout.contains(#"drawable 1 <text> id "note" (layer "turned/note") text: "note" -> "memo""#), "\(turned.stdout)")
    }

    /// The layers of items with these markups, or nil when one cannot be counted.
    private func counted(_ items: [(markup: String, layer: String)]) -> DrawableLayers? {
        var layers = DrawableLayers()
        for item in items where !layers.add(markup: Array(item.markup.utf8), layer: item.layer) { return nil }
        return layers
    }

    @Test func verbatimMarkupCountsEveryDrawableItHolds() throws {
        let layers = try #require(counted([
            (#"<rect x="1"/>"#, "a"),
            (##"<g transform="x"><text>t<tspan>u</tspan></text><use href="#p"/></g>"##, "b"),
            ("", "nothing"),
            (#"<g><defs><rect/></defs><circle r="1"/></g>"#, "c"),
        ]))
        let doc = try #require(CheckSVGDocument.parse(Array(
            ##"<svg><defs><path/></defs><g clip-path="url(#k)"><rect x="1"/></g><g transform="x"><text>t<tspan>u</tspan></text><use href="#p"/></g><g><defs><rect/></defs><circle r="1"/></g></svg>"##.utf8)))
        #expect(layers.paths(for: doc) == ["a", "b", "b", "c"])
    }

    @Test func aMappingThatDisagreesWithTheOutputNamesNoLayer() throws {
        #expect(counted([(#"<rect x="1"/>"#, "a"), ("<text>", "c")]) == nil, "markup that does not parse cannot be counted")
        let layers = try #require(counted([(#"<rect x="1"/>"#, "a"), (#"<rect x="2"/>"#, "b")]))
        let old = try #require(CheckSVGDocument.parse(Array(#"<svg><rect x="1"/><circle r="2"/></svg>"#.utf8)))
        let new = try #require(CheckSVGDocument.parse(Array(#"<svg><rect x="1"/><circle r="3"/></svg>"#.utf8)))
        // One drawable a different tag: no name at all rather than a wrong one.
        #expect(layers.paths(for: new) == nil)
        #expect(SVGStructuralDiff.compare(old: old, new: new, tolerance: 0, layers: layers).lines
            == [#"drawable 1 <circle> attribute "r": "2" -> "3""#])
        let more = try #require(CheckSVGDocument.parse(Array(#"<svg><rect x="1"/><rect x="3"/><rect/></svg>"#.utf8)))
        #expect(layers.paths(for: more) == nil, "more drawables than the items write")
        let same = try #require(CheckSVGDocument.parse(Array(#"<svg><rect x="1"/><rect x="3"/></svg>"#.utf8)))
        let before = try #require(CheckSVGDocument.parse(Array(#"<svg><rect x="1"/><rect x="2"/></svg>"#.utf8)))
        #expect(SVGStructuralDiff.compare(old: before, new: same, tolerance: 0, layers: layers).lines
            == [#"drawable 1 <rect> (layer "b") attribute "x": "2" -> "3""#])
    }
}
