import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct SceneBuilderURLTests {
    typealias S = ImportTestSupport

    /// The byte scan answers true only where the full check has nothing to warn about.
    @Test(arguments: [
        ("url(#a)", true), ("url( '#a' ) none", true), ("url(#a) url(#b)", true), ("none", true),
        ("rgb(1, 2, 3)", true), ("url(a.svg#b)", false), ("url(#a) url(b.svg)", false), ("url()", false),
        ("url(\r\n#a)", false), ("url(#\u{301}a)", false), ("url(#a", true),
    ])
    func allURLsLocal(value: String, local: Bool) {
        #expect(SceneBuilder.allURLsLocal(value) == local)
    }

    @Test func externalReferencesStillWarn() throws {
        let svg = S.header + "><rect width=\"5\" height=\"5\" fill=\"url(other.svg#p) red\" clip-path=\"url(#c)\"/>"
            + "<clipPath id=\"c\"><rect width=\"1\" height=\"1\"/></clipPath></svg>"
        let (_, diagnostics) = try S.load(svg)
        #expect(diagnostics.map(\.message).contains("external reference 'other.svg#p' dropped"))
        #expect(!diagnostics.map(\.message).contains { $0.contains("'#c'") })
    }
}
