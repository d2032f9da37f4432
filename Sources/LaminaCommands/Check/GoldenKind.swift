/// One kind of golden file that `lamina check` compares (SPEC §8).
package enum GoldenKind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Layer JSON, `NAME.expected.json`.
    case json
    /// Flattened SVG, `NAME.expected.svg`.
    case svg
    /// Debug SVG, `NAME.expected.debug.svg`.
    case debugSVG = "debug"

    /// The file-name suffix of this kind's golden, after the scene name.
    package var goldenSuffix: String {
        switch self {
        case .json: ".expected.json"
        case .svg: ".expected.svg"
        case .debugSVG: ".expected.debug.svg"
        }
    }

    /// The file-name suffix of the actual output saved beside a failing golden.
    package var actualSuffix: String {
        switch self {
        case .json: ".actual.json"
        case .svg: ".actual.svg"
        case .debugSVG: ".actual.debug.svg"
        }
    }

    /// Whether the output is SVG (structural SVG diff, rasterizable).
    package var isSVG: Bool { self != .json }

    /// The kind whose golden suffix ends `fileName`, if any.
    package static func ofGolden(_ fileName: String) -> GoldenKind? {
        // `.expected.debug.svg` must be tried before `.expected.svg`.
        for kind in [GoldenKind.debugSVG, .svg, .json] where fileName.hasSuffix(kind.goldenSuffix) {
            return kind
        }
        return nil
    }

    package static func < (lhs: GoldenKind, rhs: GoldenKind) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .json: 0
        case .svg: 1
        case .debugSVG: 2
        }
    }
}
