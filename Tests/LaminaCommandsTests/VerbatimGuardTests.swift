import LaminaCommands
import LaminaCore
import Testing

/// `VerbatimGuard.problem(in:)`: the check on verbatim markup carried by layer JSON.
@Suite struct VerbatimGuardTests {
    @Test(arguments: [
        ("<rect width=\"1\" height=\"1\"/>", nil),
        ("<script>alert(1)</script>", "'script' element"),
        ("<rect onclick=\"x()\"/>", "unsafe attribute 'onclick'"),
        ("<image href=\"http://example.com/a.png\"/>", "external reference in 'href'"),
        ("<rect>", "not well-formed XML"),
        ("</lamina-fragment><script/>", "reserved name in markup"),
    ] as [(String, String?)])
    func problem(_ xml: String, _ expected: String?) {
        #expect(VerbatimGuard.problem(in: xml) == expected)
    }

    /// `clean` drops exactly the unsafe verbatim contents, warning in layer order, and leaves
    /// other contents (and layers without any) as they were.
    @Test func cleanDropsOnlyUnsafeVerbatimContent() throws {
        var tree = LayerTree()
        let contents: [Content?] = [
            nil, Content(shape: .svg(xml: "<text>ok</text>")), Content(shape: .svg(xml: "<script/>")),
            Content(shape: .path("M0 0L1 1")), Content(shape: .svg(xml: "<rect onload=\"x()\"/>")),
        ]
        let root = tree.make(Layer(name: "root"))
        for (i, c) in contents.enumerated() {
            var layer = Layer(name: "l\(i)")
            layer.content = c
            try tree.addSublayer(tree.make(layer), to: root)
        }
        var scene = Scene(tree: tree, root: root)
        let warnings = VerbatimGuard.clean(&scene, file: "in.json")
        #expect(warnings.map(\.message) == [
            "verbatim content of layer 'l2' dropped: 'script' element",
            "verbatim content of layer 'l4' dropped: unsafe attribute 'onload'",
        ])
        #expect(scene.tree.allIDs.dropFirst().map { scene.tree[$0].content } == [contents[0], contents[1], nil, contents[3], nil])
    }

    /// `extra` attributes are written onto the drawable: an event handler, a reference out of
    /// the file (`href`, `xlink:href`, `src`) or an unsafe value is dropped with a warning,
    /// and the safe ones stay in order.
    @Test func cleanDropsUnsafeExtraAttributes() throws {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "root"))
        var layer = Layer(name: "r")
        var content = Content(shape: .rect(x: 0, y: 0, width: 5, height: 5, rx: 0, ry: 0))
        content.extra = [
            StyleProperty("xlink:href", "http://example.com/x"), StyleProperty("onload", "alert(1)"),
            StyleProperty("paint-order", "stroke"), StyleProperty("href", "#ok"),
            StyleProperty("filter", "url(http://example.com/f#a)"), StyleProperty("SRC", "file:///etc/passwd"),
        ]
        layer.content = content
        try tree.addSublayer(tree.make(layer), to: root)
        var scene = Scene(tree: tree, root: root)
        let warnings = VerbatimGuard.clean(&scene, file: "in.json")
        #expect(warnings.map(\.message) == [
            "attribute 'xlink:href' of layer 'r' dropped: external reference",
            "attribute 'onload' of layer 'r' dropped: event attribute",
            "attribute 'filter' of layer 'r' dropped: unsafe value",
            "attribute 'SRC' of layer 'r' dropped: external reference",
        ])
        let kept = scene.tree[scene.tree.sublayers(of: scene.root)[0]].content?.extra
        #expect(kept == [StyleProperty("paint-order", "stroke"), StyleProperty("href", "#ok")])
    }

    /// A resource's markup is written as it is, so its key names it only when an element of the
    /// markup has that id: markup without it (natural to write by hand, the key being the id)
    /// is kept, with a warning at the resource, since references to the key find nothing.
    @Test(arguments: [
        ("<linearGradient id=\"sky\"/>", false), ("<!-- a --><linearGradient id='sky'><stop id='s'/></linearGradient>", false),
        ("<g><linearGradient id=\"sky\"/></g>", false), ("<linearGradient/>", true),
        ("<linearGradient id=\"other\"><stop id=\"s\"/></linearGradient>", true), ("<linearGradient xml:id=\"sky\"/>", true),
    ])
    func cleanWarnsOfAResourceWhoseMarkupLacksItsID(_ xml: String, _ warns: Bool) {
        var scene = Scene()
        scene.resources = [Resource(id: "sky", kind: .linearGradient, xml: xml)]
        scene.resourcePositions = [SourcePosition(line: 3, column: 7)]
        let warnings = VerbatimGuard.clean(&scene, file: "in.json")
        #expect(scene.resources.map(\.xml) == [xml])
        let expected = "in.json:3:7: warning: resource 'sky': no element of its markup has id 'sky', so references to #sky find nothing"
        #expect(warnings.map { $0.formatted() } == (warns ? [expected] : []))
    }

    /// Well-formed markup past 10 MB is accepted (FoundationXML's `XMLParser(data:)` fails there).
    @Test func largeFragmentIsAccepted() {
        let xml = String(repeating: "<rect x=\"1\" y=\"2\" width=\"3\" height=\"4\"/>\n", count: 300_000)
        #expect(xml.utf8.count > 12_000_000)
        #expect(VerbatimGuard.problem(in: xml) == nil)
        #expect(VerbatimGuard.problem(in: xml + "<script/>") == "'script' element")
    }
}
