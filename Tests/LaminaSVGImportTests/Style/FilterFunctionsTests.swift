import LaminaCore
import LaminaSVGImport
import Testing

@Suite struct FilterFunctionsTests {
    typealias F = FilterFunctions.Function

    @Test(arguments: [
        ("blur(2px)", [F.blur(Length(2, .px))]),
        ("blur()", [F.blur(.zero)]),
        ("grayscale(50%) invert()", [F.grayscale(0.5), F.invert(1)]),
        ("sepia(3)", [F.sepia(1)]),
        ("saturate(250%)", [F.saturate(2.5)]),
        ("hue-rotate(0.5turn)", [F.hueRotate(180)]),
        ("hue-rotate(100grad)", [F.hueRotate(90)]),
        ("BRIGHTNESS(1.5) contrast(0)", [F.brightness(1.5), F.contrast(0)]),
        ("drop-shadow(1px 2px)", [F.dropShadow(color: nil, dx: Length(1, .px), dy: Length(2, .px), blur: .zero)]),
        ("drop-shadow(red 1 2 3)", [F.dropShadow(color: .rgba(r: 255, g: 0, b: 0, a: 1), dx: Length(1), dy: Length(2), blur: Length(3))]),
        ("drop-shadow(1px 2px 3px rgb(0, 0, 255))", [F.dropShadow(color: .rgba(r: 0, g: 0, b: 255, a: 1), dx: Length(1, .px), dy: Length(2, .px), blur: Length(3, .px))]),
    ])
    func parses(_ text: String, _ expected: [F]) {
        #expect(FilterFunctions.parse(text) == expected)
    }

    @Test(arguments: [
        "", "blur", "blur(-1px)", "blur(10%)", "grayscale(-1)", "frobnicate(1)", "drop-shadow(1px)",
        "drop-shadow(1px 2px 3px 4px)", "drop-shadow(1px red 2px)", "drop-shadow(red 1px 2px blue)", "url(#f) blur(1px)",
        "hue-rotate(1parsec)", "blur(1px",
    ])
    func rejects(_ text: String) {
        #expect(FilterFunctions.parse(text) == nil)
    }

    @Test func importWritesOneFilterPerDistinctListNamedApartFromTheDocument() throws {
        let svg = ImportTestSupport.header + " viewBox=\"0 0 100 100\"><g id=\"lamina-filter-1\"/>"
            + "<rect id=\"a\" width=\"10\" height=\"10\" style=\"filter: blur(2px)\"/>"
            + "<rect id=\"b\" width=\"10\" height=\"10\" filter=\"blur(2px)\"/>"
            + "<g font-size=\"10\"><rect id=\"c\" width=\"10\" height=\"10\" style=\"filter: blur(0.5em) opacity(50%)\"/></g>"
            + "<rect id=\"d\" width=\"10\" height=\"10\" style=\"filter: blur(-3px)\"/></svg>"
        let (scene, diagnostics) = try ImportTestSupport.load(svg)
        func filter(_ name: String) throws -> String? { scene.tree[try #require(ImportTestSupport.layer(scene, name))].svg?.filter }
        #expect(try filter("a") == "lamina-filter-2")
        #expect(try filter("b") == "lamina-filter-2")
        #expect(try filter("c") == "lamina-filter-3")
        #expect(try filter("d") == nil)
        let made = scene.resources.filter { $0.id.hasPrefix("lamina-filter-") }
        #expect(made.map(\.id) == ["lamina-filter-2", "lamina-filter-3"])
        #expect(made.allSatisfy { $0.kind == .filter })
        #expect(made[0].xml.contains("<feGaussianBlur stdDeviation=\"2\"/>"))
        #expect(made[1].xml.contains("<feGaussianBlur stdDeviation=\"5\"/><feComponentTransfer><feFuncA type=\"table\" tableValues=\"0 0.5\"/></feComponentTransfer>"))
        #expect(diagnostics.contains { $0.message.contains("filter 'blur(-3px)' not supported") })
    }

    typealias I = FilterFunctions.Item

    @Test(arguments: [
        ("url(#a) url(#b)", [I.reference("a"), I.reference("b")]),
        ("url(#f) blur(3px)", [I.reference("f"), I.functions([F.blur(Length(3, .px))])]),
        (" blur(1px) grayscale(1) URL( '#f' )invert() ", [
            I.functions([F.blur(Length(1, .px)), F.grayscale(1)]), I.reference("f"), I.functions([F.invert(1)]),
        ]),
        ("url(#f)", [I.reference("f")]),
        ("drop-shadow(1px 2px rgb(0, 0, 255)) url(#f)", [
            I.functions([F.dropShadow(color: .rgba(r: 0, g: 0, b: 255, a: 1), dx: Length(1, .px), dy: Length(2, .px), blur: .zero)]),
            I.reference("f"),
        ]),
        // No filter is applied: `none`, and a list with a reference to another file.
        ("none", []),
        ("url(other.svg#f) blur(1px)", []),
    ])
    func parsesLists(_ text: String, _ expected: [I]) {
        #expect(FilterFunctions.parseList(text) == expected)
    }

    @Test(arguments: ["url(#f) frobnicate(1)", "url(#f", "url(#a) , url(#b)", "blur(1px) none", ""])
    func rejectsLists(_ text: String) {
        #expect(FilterFunctions.parseList(text) == nil)
    }

    @Test func importKeepsAFilterListInOrderAndLeavesOutMissingReferences() throws {
        let svg = ImportTestSupport.header + " viewBox=\"0 0 100 100\"><filter id=\"f\"><feOffset dx=\"3\"/></filter>"
            + "<filter id=\"g\"><feOffset dy=\"3\"/></filter><linearGradient id=\"lg\"/>"
            + "<rect id=\"a\" width=\"10\" height=\"10\" filter=\"url(#f) url(#g)\"/>"
            + "<rect id=\"b\" width=\"10\" height=\"10\" style=\"filter: blur(2px) url(#g) grayscale(1)\"/>"
            + "<rect id=\"c\" width=\"10\" height=\"10\" filter=\"url(#missing) url(#f) url(#lg)\"/>"
            + "<rect id=\"d\" width=\"10\" height=\"10\" filter=\"url(#f) bogus(1)\"/></svg>"
        let (scene, diagnostics) = try ImportTestSupport.load(svg)
        func filters(_ name: String) throws -> [String] { scene.tree[try #require(ImportTestSupport.layer(scene, name))].svg?.filters ?? [] }
        #expect(try filters("a") == ["f", "g"])
        #expect(try filters("b") == ["lamina-filter-1", "g", "lamina-filter-2"])
        #expect(try filters("c") == ["f"])
        #expect(try filters("d") == [])
        #expect(Set(scene.resources.map(\.id)) == ["f", "g", "lamina-filter-1", "lamina-filter-2"])
        let messages = diagnostics.map(\.message)
        #expect(messages.contains("filter reference '#missing' not found; ignored"))
        #expect(messages.contains("filter reference '#lg' not found; ignored"))
        #expect(messages.contains { $0.contains("filter 'url(#f) bogus(1)' not supported") })
    }
}
