import Foundation
import LaminaCore
import Testing

@testable import LaminaExport

/// Each item's markup from ``FlattenedSVG/eachItemMarkup(_:scene:_:)`` is what the body writes
/// for it: found in the document after the `<defs>`, in paint order, between the groups and
/// clip groups written around runs of items.
@Suite struct FlattenedSVGItemMarkupTests {
    @Test func itemsAreWrittenAsTheirMarkupInPaintOrder() throws {
        let scene = FlattenedSVGChunksTests.generated(count: 60, xlinkAt: 7)
        let (list, _) = DisplayList.resolve(scene)
        let doc = Array(FlattenedSVG.bytes(list, scene: scene))
        let text = String(decoding: doc, as: UTF8.self)
        #expect(text.contains("<g clip-path=") && text.contains("<g opacity="), "the scene has groups and clip groups")
        var markups: [String] = []
        FlattenedSVG.eachItemMarkup(list, scene: scene) { i, markup in
            #expect(i == markups.count)
            markups.append(String(decoding: markup, as: UTF8.self))
        }
        #expect(markups.count == list.items.count)
        #expect(markups.contains { $0.contains("xlink:href") }, "the verbatim item is there")
        var rest = text[(text.range(of: "</defs>\n")?.upperBound ?? text.startIndex)...]
        for (i, markup) in markups.enumerated() {
            let found = try #require(rest.range(of: markup), "item \(i) \(markup)")
            // Only group tags lie between one item and the next.
            let between = rest[..<found.lowerBound].split(separator: "\n")
            #expect(between.allSatisfy { $0.hasPrefix("<g") || $0 == "</g>" }, "before item \(i): \(between)")
            rest = rest[found.upperBound...]
        }
        #expect(rest.split(separator: "\n").allSatisfy { $0 == "</g>" || $0 == "</svg>" })
    }
}
