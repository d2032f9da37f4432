import LaminaCore
import LaminaExport
import Testing

/// A resource referenced from markup is written into `<defs>` however the reference is quoted
/// and spaced: layer JSON written by hand or by other tools has verbatim markup and resources
/// in single quotes as often as in double quotes.
@Suite struct ResourceReferencesTests {
    static let base = Resource(
        id: "base", kind: .linearGradient,
        xml: "<linearGradient id=\"base\"><stop offset=\"0\" stop-color=\"red\"/><stop offset=\"1\" stop-color=\"blue\"/></linearGradient>")
    static let unused = Resource(id: "unused", kind: .linearGradient, xml: "<linearGradient id=\"unused\"/>")

    /// A 10×10 scene whose one layer draws `content`, with `resources`.
    static func svg(_ content: Content, resources: [Resource]) -> String {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 10, 10)
        scene.tree[scene.root].position = Point(5, 5)
        var layer = Layer(name: "a")
        layer.bounds = Rect(0, 0, 10, 10)
        layer.position = Point(5, 5)
        layer.content = content
        let id = scene.tree.make(layer)
        try? scene.tree.addSublayer(id, to: scene.root)
        scene.resources = resources
        let (list, _) = DisplayList.resolve(scene)
        return FlattenedSVG.write(list, scene: scene, options: .init())
    }

    static let spellings: [String] = [
        ##"href="#base""##, "href='#base'", ##"xlink:href = "#base""##, "xlink:href=\n'#base'",
        ##"fill="url(#base)""##, ##"fill="url('#base')""##, ##"fill='url("#base")'"##, ##"fill="URL( #base )""##,
        ##"fill="url( '#base' )""##, ##"fill="url(&quot;#base&quot;)""##, ##"style="fill: url(&apos;#base&apos;)""##,
    ]

    @Test(arguments: spellings)
    func aReferenceInVerbatimContentKeepsItsResource(_ reference: String) {
        let content = Content(shape: .svg(xml: "<rect width=\"10\" height=\"10\" \(reference)/>"))
        let svg = Self.svg(content, resources: [Self.unused, Self.base])
        #expect(svg.contains(Self.base.xml), "\(svg)")
        #expect(!svg.contains("unused"))
    }

    @Test(arguments: spellings)
    func aReferenceInAResourceKeepsTheResourceItNames(_ reference: String) {
        var content = Content(shape: .rect(x: 0, y: 0, width: 10, height: 10, rx: 0, ry: 0))
        content.fill = .ref("top", fallback: nil)
        let top = Resource(id: "top", kind: .pattern, xml: "<pattern id=\"top\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" \(reference)/></pattern>")
        let svg = Self.svg(content, resources: [Self.base, Self.unused, top])
        #expect(svg.contains(Self.base.xml), "\(svg)")
        #expect(svg.contains(top.xml))
        #expect(!svg.contains("unused"))
    }

    @Test func aReferenceInAnExtraValueKeepsItsResource() {
        var content = Content(shape: .rect(x: 0, y: 0, width: 10, height: 10, rx: 0, ry: 0))
        content.extra = [StyleProperty("marker-start", "url( '#base' )")]
        #expect(Self.svg(content, resources: [Self.unused, Self.base]).contains(Self.base.xml))
    }

    /// Ids are compared as XML compares them, by code point: a precomposed é and an e with a
    /// combining accent are two resources, each written when it is referenced.
    @Test func idsThatOnlyLookAlikeAreTwoResources() {
        let composed = Resource(id: "\u{E9}", kind: .other, xml: "<g id=\"\u{E9}\"/>")
        let decomposed = Resource(id: "e\u{301}", kind: .other, xml: "<g id=\"e\u{301}\"/>")
        let xml = "<g><use href=\"#e\u{301}\"/><use href=\"#\u{E9}\"/></g>"
        let svg = Self.svg(Content(shape: .svg(xml: xml)), resources: [composed, decomposed])
        #expect(svg.unicodeScalars.split(separator: "\n").filter { $0.starts(with: "<g id=".unicodeScalars) }.count == 2, "\(svg)")
    }

    /// Attributes whose names only end in `href`, and references out of the file, keep nothing.
    @Test func onlyLocalReferencesOfThoseNamesCount() {
        let xml = "<g data-href=\"#base\" xhref='#base'><rect href=\"a.svg#base\"/></g>"
        let svg = Self.svg(Content(shape: .svg(xml: xml)), resources: [Self.base])
        #expect(!svg.contains("<linearGradient"))
    }
}
