import LaminaCore
import LaminaExport
import LaminaSVGImport
import Testing

/// `--keep-groups` names each layer's group `layer-NAME`, and no two elements share an id: a
/// layer instantiated twice by `use`, names that differ only in characters an id token
/// replaces, a resource or a text that already has the id.
@Suite struct LayerGroupIDsTests {
    static let drawing = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">
          <linearGradient id="layer-bg"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
          <rect id="bg" width="100" height="100" fill="url(#layer-bg)"/>
          <rect id="dot" x="10" y="10" width="10" height="10"/>
          <use id="u" xlink:href="#dot" x="20"/>
          <g id="a b"><circle cx="50" cy="50" r="5"/></g>
          <g id="a_b"><circle cx="60" cy="50" r="5"/></g>
          <text id="layer-t" x="10" y="90">x</text>
          <g id="t"><rect x="70" y="70" width="5" height="5"/></g>
        </svg>
        """

    static func ids(in svg: String) -> [String] {
        var ids: [String] = []
        var rest = Substring(svg)
        while let r = rest.range(of: " id=\"") {
            rest = rest[r.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            ids.append(String(rest[..<end]))
            rest = rest[end...]
        }
        return ids
    }

    @Test func everyIdIsUniqueAndGroupsKeepTheirNames() throws {
        let (scene, _) = try SVGImport.importScene(Array(Self.drawing.utf8), file: "ids.svg")
        let (list, _) = DisplayList.resolve(scene, layerMaps: true)
        let svg = FlattenedSVG.write(list, scene: scene, options: FlattenedSVG.Options(keepGroups: true))
        let ids = Self.ids(in: svg)
        #expect(ids.count == Set(ids).count, "\(ids)")
        // The first group of a name keeps it; the others are told apart by a suffix.
        #expect(ids == [
            "layer-bg", "layer-bg-2", "layer-dot", "layer-u", "layer-dot-2", "layer-a_b", "layer-a_b-2",
            "layer-layer-t", "layer-t", "layer-t-2",
        ])
        // The gradient is still the one the rectangle paints with (defs come first).
        #expect(svg.contains("<linearGradient id=\"layer-bg\""))
        #expect(svg.contains("<g id=\"layer-bg-2\""))
    }

    /// The ids are made once, before the body is written in chunks on several threads.
    @Test func idsDoNotDependOnChunks() throws {
        let (scene, _) = try SVGImport.importScene(Array(Self.drawing.utf8), file: "ids.svg")
        let (list, _) = DisplayList.resolve(scene, layerMaps: true)
        let whole = FlattenedSVG.bytes(list, scene: scene, keepGroups: true, split: .sequential) { _ in }
        var split = WorkSplit(threads: 2)
        split.chunkItems = 1
        split.chunksPerThread = 2
        split.sequentialBelow = 0
        let chunked = FlattenedSVG.bytes(list, scene: scene, keepGroups: true, split: split) { _ in }
        #expect(whole == chunked)
    }

    /// A name keeps every character an XML name may hold (it was written with only ASCII
    /// letters, digits, `-` and `_`, so `фон` became `layer-___`, found by no search).
    @Test func namesKeepTheCharactersAnIdMayHold() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
              <g id="фон"><rect width="50" height="50"/></g>
              <g id="日本"><rect x="50" width="50" height="50"/></g>
              <g id="a.b·c"><rect y="50" width="50" height="50"/></g>
              <g id="x:y&amp;z"><rect x="50" y="50" width="50" height="50"/></g>
            </svg>
            """
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "names.svg")
        let (list, _) = DisplayList.resolve(scene, layerMaps: true)
        let out = FlattenedSVG.write(list, scene: scene, options: FlattenedSVG.Options(keepGroups: true))
        #expect(Self.ids(in: out) == ["layer-фон", "layer-日本", "layer-a.b·c", "layer-x_y_z"])
    }
}
