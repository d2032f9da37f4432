import LaminaCore
import LaminaExport
import LaminaSVGImport
import Testing

/// `--keep-groups`: a group with a filter inside a clipping group writes only the part of its
/// clip the enclosing groups do not already apply. The enclosing group clips its content, the
/// filtered result included; clipping again with the same clip multiplied its anti-aliased edge
/// by itself (a darker rim along the clip: 356 px of 40,000 in resvg for the drawing below).
@Suite struct LayerGroupClipTests {
    static func drawing(innerClip: Bool) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
          <defs>
            <clipPath id="c"><circle cx="100" cy="100" r="60"/></clipPath>
            <clipPath id="d"><rect x="0" y="0" width="100" height="200"/></clipPath>
            <filter id="f"><feGaussianBlur stdDeviation="8"/></filter>
          </defs>
          <g id="outer" clip-path="url(#c)">
            <g id="inner" filter="url(#f)"\(innerClip ? " clip-path=\"url(#d)\"" : "")>
              <rect x="30" y="30" width="140" height="140"/>
            </g>
          </g>
        </svg>
        """
    }

    static func keepGroups(_ svg: String) throws -> String {
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "clip.svg")
        let (list, _) = DisplayList.resolve(scene, layerMaps: true)
        return FlattenedSVG.write(list, scene: scene, options: FlattenedSVG.Options(keepGroups: true))
    }

    static func startTag(of id: String, in svg: String) -> Substring? {
        guard let r = svg.range(of: "<g id=\"\(id)\"") else { return nil }
        return svg[r.lowerBound...].prefix { $0 != ">" }
    }

    @Test func aFilterGroupDoesNotRepeatTheEnclosingClip() throws {
        let svg = try Self.keepGroups(Self.drawing(innerClip: false))
        let outer = try #require(Self.startTag(of: "layer-outer", in: svg))
        let inner = try #require(Self.startTag(of: "layer-inner", in: svg))
        #expect(outer.contains("clip-path=\"url(#lamina-clip-1)\""))
        #expect(inner.contains("filter=\"url(#f)\""))
        #expect(!inner.contains("clip-path"), "\(inner)")
        #expect(svg.components(separatedBy: "clip-path=").count == 2)
    }

    @Test func aFilterGroupWritesOnlyItsOwnClipInsideTheEnclosingOne() throws {
        let svg = try Self.keepGroups(Self.drawing(innerClip: true))
        let inner = try #require(Self.startTag(of: "layer-inner", in: svg))
        #expect(inner.contains("clip-path=\"url(#lamina-clip-2)\""))
        // Its definition does not chain to the enclosing group's clip (applied once, outside).
        let def = try #require(svg.range(of: "<clipPath id=\"lamina-clip-2\"").map { svg[$0.lowerBound...].prefix { $0 != ">" } })
        #expect(!def.contains("clip-path"), "\(def)")
    }

    /// A clip-path group isolating a layer below that blends keeps its clip (it was dropped: the
    /// clip sits on the group, not in the layer's chain, and only filter groups wrote it; resvg
    /// drew 17,913 px of 40,000 different, the whole unclipped square).
    @Test func anIsolatingClipGroupKeepsItsClip() throws {
        let svg = try Self.keepGroups("""
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
              <defs><clipPath id="c"><circle cx="100" cy="100" r="50"/></clipPath></defs>
              <rect width="200" height="200" fill="#ffcc00"/>
              <g id="iso" clip-path="url(#c)">
                <rect id="base" x="20" y="20" width="160" height="160" fill="#3366ff"/>
                <rect id="blend" x="60" y="60" width="120" height="120" fill="#ff0000" style="mix-blend-mode:multiply"/>
              </g>
            </svg>
            """)
        let iso = try #require(Self.startTag(of: "layer-iso", in: svg))
        #expect(iso.contains("clip-path=\"url(#lamina-clip-1)\""), "\(iso)")
        #expect(iso.contains("isolation:isolate"))
        #expect(svg.contains("<circle cx=\"100\" cy=\"100\" r=\"50\"/>"))
    }
}
