import LaminaCore
import LaminaExport
import LaminaSVGImport
import Testing

/// Exporting an export, once re-imported, gives the same bytes.
@Suite struct FlattenedSVGFixpointTests {
    static let inputs: [String] = [
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="400" height="200">
          <g transform="rotate(30 50 50)" opacity="0.5">
            <rect x="10" y="10" width="40" height="30" rx="5" fill="red" stroke="blue" stroke-width="3"/>
            <circle cx="60" cy="40" r="20" fill="green"/>
          </g>
          <ellipse cx="150" cy="50" rx="30" ry="20" fill="#123456" transform="skewX(10)"/>
        </svg>
        """,
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">
          <clipPath id="c"><circle cx="100" cy="100" r="60"/></clipPath>
          <clipPath id="d" clip-path="url(#c)"><rect x="50" y="50" width="120" height="80"/></clipPath>
          <linearGradient id="lg"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
          <g clip-path="url(#d)" transform="translate(5 7)">
            <rect x="0" y="0" width="200" height="200" fill="url(#lg)"/>
            <path d="M 10 10 L 190 190" stroke="black"/>
          </g>
        </svg>
        """,
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="120">
          <g opacity="0.5"><g opacity="0.5"><rect width="50" height="50"/></g></g>
          <polygon points="60,10 110,60 60,110" fill="none" stroke="purple" stroke-dasharray="4 2"/>
        </svg>
        """,
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="120">
          <path d="M 10 10 L 100 30 L 40 100 z" fill="red" fill-opacity="0.99999994" stroke="blue"
            stroke-width="0.99999994" stroke-opacity="0.9999999" stroke-miterlimit="4.0000001"
            stroke-dasharray="5 3" stroke-dashoffset="0.0000001" opacity="0.99999997"/>
        </svg>
        """,
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
          <linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
          <radialGradient id="r"><stop offset="0" stop-color="green"/><stop offset="1" stop-color="navy"/></radialGradient>
          <filter id="f"><feGaussianBlur stdDeviation="2"/></filter>
          <mask id="m"><rect width="60" height="100" fill="white"/></mask>
          <rect x="10" y="10" width="40" height="40" fill="url(#g)" filter="url(#f)"/>
          <circle cx="60" cy="60" r="30" fill="url(#r)" stroke="url(#g)" mask="url(#m)"/>
        </svg>
        """,
    ]

    @Test(arguments: inputs)
    func exportOfAnExportIsIdentical(_ input: String) throws {
        let first = try export(input)
        let second = try export(first)
        #expect(first == second)
    }

    /// `--keep-groups` output of a document whose viewBox scales, re-imported (and its
    /// keep-groups output re-imported again), flattens to the bytes the document does: the
    /// groups carry the input's own transforms, not the viewBox map and its inverse written to
    /// 6 decimals each (0.282222 × 3.543307 = 0.999999, one more shrink per pass).
    @Test func keepGroupsOutputReimportedDoesNotDrift() throws {
        let input = """
            <svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 6.208889 6.208889">
              <path id="p" d="M 1 1 L 5 1 L 3 5 z" fill="#353535"/>
              <g id="g" transform="translate(0.5 0.25) rotate(10)"><circle cx="2" cy="2" r="1"/></g>
            </svg>
            """
        let flat = try export(input)
        var groups = try export(input, keepGroups: true)
        for _ in 0..<3 {
            #expect(try export(groups) == flat)
            groups = try export(groups, keepGroups: true)
        }
    }

    func export(_ svg: String, keepGroups: Bool = false) throws -> String {
        let (scene, _) = try SVGImport.importScene(Array(svg.utf8), file: "test.svg")
        let (list, _) = DisplayList.resolve(scene, layerMaps: keepGroups)
        return FlattenedSVG.write(list, scene: scene, options: FlattenedSVG.Options(keepGroups: keepGroups))
    }
}
