import LaminaCore
import LaminaExport
import Testing

/// Builds small scenes by frame (anchor at the centre) for writer tests.
private struct Builder {
    var scene = Scene()
    var root: LayerID { scene.root }

    init(width: Double = 100, height: Double = 100) {
        scene.tree[scene.root].bounds = Rect(0, 0, width, height)
        scene.tree[scene.root].position = Point(width / 2, height / 2)
    }

    @discardableResult
    mutating func add(
        _ name: String, to parent: LayerID? = nil, frame: Rect, shape: Shape? = nil, configure: (inout Layer) -> Void = { _ in }
    ) -> LayerID {
        var l = Layer(name: name)
        l.bounds = Rect(0, 0, frame.width, frame.height)
        l.position = Point(frame.midX, frame.midY)
        if let shape {
            l.content = Content(shape: shape)
            l.content?.fill = .color("#ff0000")
        }
        configure(&l)
        let id = scene.tree.make(l)
        try? scene.tree.addSublayer(id, to: parent ?? root)
        return id
    }

    func svg(keepGroups: Bool = false) -> String {
        let (list, _) = DisplayList.resolve(scene)
        return FlattenedSVG.write(list, scene: scene, options: .init(keepGroups: keepGroups))
    }
}

private let square = Shape.rect(x: 0, y: 0, width: 10, height: 10, rx: 0, ry: 0)

@Suite struct FlattenedSVGTests {
    @Test func writesDrawablesInPaintOrderWithTransforms() {
        var b = Builder()
        b.add("a", frame: Rect(10, 20, 10, 10), shape: square) { $0.zPosition = 1 }
        b.add("b", frame: Rect(0, 0, 10, 10), shape: .circle(cx: 5, cy: 5, r: 5))
        #expect(b.svg() == """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
            <circle cx="5" cy="5" r="5" fill="#ff0000"/>
            <rect x="0" y="0" width="10" height="10" transform="matrix(1 0 0 1 10 20)" fill="#ff0000"/>
            </svg>

            """)
    }

    @Test func backgroundContentSublayersThenBorder() {
        var b = Builder()
        let p = b.add("p", frame: Rect(10, 10, 40, 20), shape: square) {
            $0.backgroundColor = "#00ff00"
            $0.cornerRadius = 4
            $0.borderWidth = 2
            $0.borderColor = "#0000ff"
        }
        b.add("c", to: p, frame: Rect(0, 0, 10, 10), shape: square)
        #expect(b.svg() == """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
            <rect x="0" y="0" width="40" height="20" rx="4" ry="4" transform="matrix(1 0 0 1 10 10)" fill="#00ff00"/>
            <rect x="0" y="0" width="10" height="10" transform="matrix(1 0 0 1 10 10)" fill="#ff0000"/>
            <rect x="0" y="0" width="10" height="10" transform="matrix(1 0 0 1 10 10)" fill="#ff0000"/>
            <rect x="1" y="1" width="38" height="18" rx="3" ry="3" transform="matrix(1 0 0 1 10 10)" fill="none" stroke="#0000ff" stroke-width="2"/>
            </svg>

            """)
    }

    @Test func groupOpacityAndSharedClip() {
        var b = Builder()
        let g = b.add("g", frame: Rect(0, 0, 50, 50)) {
            $0.opacity = 0.5
            $0.masksToBounds = true
            $0.cornerRadius = 5
        }
        b.add("a", to: g, frame: Rect(0, 0, 10, 10), shape: square)
        b.add("b", to: g, frame: Rect(40, 40, 20, 20), shape: square)
        #expect(b.svg() == """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
            <defs>
            <clipPath id="lamina-clip-1" clipPathUnits="userSpaceOnUse">
            <rect x="0" y="0" width="50" height="50" rx="5" ry="5"/>
            </clipPath>
            </defs>
            <g opacity="0.5">
            <g clip-path="url(#lamina-clip-1)">
            <rect x="0" y="0" width="10" height="10" fill="#ff0000"/>
            <rect x="0" y="0" width="10" height="10" transform="matrix(1 0 0 1 40 40)" fill="#ff0000"/>
            </g>
            </g>
            </svg>

            """)
    }

    /// A clip shared by drawables that also clip on their own cuts them together, once: clipping
    /// each by it lets the one below show through the anti-aliased edge of the one above
    /// (pdftocairo writes a clip per drawing inside each clipped group).
    @Test func sharedOuterClipIsOneGroupAroundTheDrawablesOwnClips() {
        var b = Builder()
        let g = b.add("g", frame: Rect(10, 10, 50, 50)) { $0.masksToBounds = true }
        b.add("a", to: g, frame: Rect(0, 0, 40, 40), shape: square) { $0.masksToBounds = true }
        b.add("b", to: g, frame: Rect(20, 20, 40, 40), shape: square) { $0.masksToBounds = true }
        #expect(b.svg() == """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
            <defs>
            <clipPath id="lamina-clip-1" clipPathUnits="userSpaceOnUse">
            <rect x="0" y="0" width="50" height="50" transform="matrix(1 0 0 1 10 10)"/>
            </clipPath>
            <clipPath id="lamina-clip-2" clipPathUnits="userSpaceOnUse">
            <rect x="0" y="0" width="40" height="40" transform="matrix(1 0 0 1 10 10)"/>
            </clipPath>
            <clipPath id="lamina-clip-3" clipPathUnits="userSpaceOnUse">
            <rect x="0" y="0" width="40" height="40" transform="matrix(1 0 0 1 30 30)"/>
            </clipPath>
            </defs>
            <g clip-path="url(#lamina-clip-1)">
            <g clip-path="url(#lamina-clip-2)">
            <rect x="0" y="0" width="10" height="10" transform="matrix(1 0 0 1 10 10)" fill="#ff0000"/>
            </g>
            <g clip-path="url(#lamina-clip-3)">
            <rect x="0" y="0" width="10" height="10" transform="matrix(1 0 0 1 30 30)" fill="#ff0000"/>
            </g>
            </g>
            </svg>

            """)
    }

    @Test func generatedIDsAvoidResourceIDs() {
        var b = Builder()
        let g = b.add("g", frame: Rect(0, 0, 50, 50)) { $0.masksToBounds = true }
        b.add("a", to: g, frame: Rect(0, 0, 10, 10), shape: square) {
            $0.content?.fill = .ref("lamina-clip-1", fallback: nil)
        }
        b.scene.resources = [
            Resource(id: "lamina-clip-1", kind: .linearGradient, xml: "<linearGradient id=\"lamina-clip-1\"/>"),
            Resource(id: "unused", kind: .linearGradient, xml: "<linearGradient id=\"unused\"/>"),
        ]
        let svg = b.svg()
        #expect(svg.contains("<linearGradient id=\"lamina-clip-1\"/>"))
        #expect(!svg.contains("unused"))
        #expect(svg.contains("<clipPath id=\"lamina-clip-2\""))
        #expect(svg.contains("<g clip-path=\"url(#lamina-clip-2)\">"))
    }

    /// Verbatim content keeps its ids: one that looks generated is not generated again, or
    /// `url(#lamina-clip-1)` could name the text (resvg then draws nothing the clip holds).
    @Test func generatedIDsAvoidIDsInVerbatimContent() {
        var b = Builder()
        let g = b.add("g", frame: Rect(0, 0, 50, 50)) { $0.masksToBounds = true }
        b.add("t", to: g, frame: Rect(0, 0, 10, 10), shape: .svg(xml: "<text id=\"lamina-clip-1\" y=\"9\">a</text>"))
        b.add("a", to: g, frame: Rect(0, 0, 90, 90), shape: square)
        let svg = b.svg()
        #expect(svg.contains("<text id=\"lamina-clip-1\" y=\"9\">a</text>"))
        #expect(svg.contains("<clipPath id=\"lamina-clip-2\""))
        #expect(svg.contains("<g clip-path=\"url(#lamina-clip-2)\">"))
    }

    @Test func outputIsDeterministic() {
        var b = Builder()
        for i in 0..<50 {
            let g = b.add("g\(i)", frame: Rect(Double(i), 0, 20, 20)) {
                $0.masksToBounds = i % 3 == 0
                $0.opacity = i % 2 == 0 ? 0.5 : 1
            }
            b.add("a", to: g, frame: Rect(0, 0, 10, 10), shape: square)
            b.add("b", to: g, frame: Rect(5, 5, 10, 10), shape: square) { $0.zPosition = Double(i % 4) }
        }
        let first = b.svg()
        #expect(first == b.svg())
        #expect(first.hasSuffix("</svg>\n"))
    }

    @Test func keepsTheInputViewBoxSpace() {
        var b = Builder(width: 200, height: 100)
        b.scene.tree[b.root].sublayerTransform = Transform3D(AffineTransform(2, 0, 0, 2, 100, 50))
        var info = SVGInfo(element: "svg")
        info.extra = [StyleProperty("width", "200"), StyleProperty("height", "100"), StyleProperty("viewBox", "0 0 100 50")]
        b.scene.tree[b.root].svg = info
        b.add("a", frame: Rect(10, 10, 10, 10), shape: square)
        #expect(b.svg() == """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 100 50">
            <rect x="0" y="0" width="10" height="10" transform="matrix(1 0 0 1 10 10)" fill="#ff0000"/>
            </svg>

            """)
    }

    /// An `svg` root that had no viewBox is written without one, so that the output is not
    /// scaled where the input is not (a browser draws it 1:1 in a box of another size, an `img`
    /// stretches it); a root from elsewhere (layer JSON without svg facts) gets `0 0 W H`, as
    /// does an `svg` root resized away from its recorded viewBox.
    @Test(arguments: [
        (SVGInfo?.none, [StyleProperty](), " viewBox=\"0 0 200 100\""),
        (SVGInfo(element: "svg"), [StyleProperty("width", "200"), StyleProperty("height", "100")], ""),
        (SVGInfo(element: "svg"), [StyleProperty("width", "200"), StyleProperty("viewBox", "0 0 50 50")], " viewBox=\"0 0 200 100\""),
        (SVGInfo(element: "g"), [StyleProperty](), " viewBox=\"0 0 200 100\""),
    ])
    func writesAViewBoxOnlyWhereTheInputHadOne(info: SVGInfo?, extra: [StyleProperty], expected: String) {
        var b = Builder(width: 200, height: 100)
        if var info {
            info.extra = extra
            b.scene.tree[b.root].svg = info
        }
        b.add("a", frame: Rect(10, 10, 10, 10), shape: square)
        #expect(b.svg().hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"100\"\(expected)>\n"))
    }

    /// The root's `xml:space="preserve"` is written on the output's root, which every text in the
    /// output inherits as it did in the input (resvg, librsvg; browsers ignore it on both);
    /// any other value from layer JSON is not. So is its `font-family` (escaped), which texts
    /// then leave out where it is theirs.
    @Test(arguments: [
        ("xml:space", "preserve", " xml:space=\"preserve\""), ("xml:space", "default", ""), ("xml:space", "\" onload=\"x", ""),
        ("font-family", "'A B', serif", " font-family=\"'A B', serif\""), ("font-family", "\" onload=\"x", " font-family=\"&quot; onload=&quot;x\""),
    ])
    func writesTheRootsXMLSpacePreserveAndFontFamily(name: String, value: String, expected: String) {
        var b = Builder(width: 20, height: 10)
        var info = SVGInfo(element: "svg")
        info.extra = [StyleProperty(name, value)]
        b.scene.tree[b.root].svg = info
        b.add("a", frame: Rect(1, 1, 5, 5), shape: square)
        #expect(b.svg().hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\"\(expected)>\n"))
    }

    /// The root's CSS size limits are written on the output's root, whatever else the `style`
    /// text of the layer (from layer JSON, say) holds.
    @Test(arguments: [true, false])
    func writesTheRootsSizeLimitsAlone(viewBoxMode: Bool) {
        var b = Builder(width: 200, height: 100)
        var info = SVGInfo(element: "svg")
        info.extra = [StyleProperty("style", "max-width: 300px; background: url(http://example.com/x)")]
        if viewBoxMode { info.extra += [StyleProperty("width", "100%"), StyleProperty("viewBox", "0 0 200 100")] }
        b.scene.tree[b.root].svg = info
        b.add("a", frame: Rect(10, 10, 10, 10), shape: square)
        let size = viewBoxMode ? "width=\"100%\" viewBox=\"0 0 200 100\"" : "width=\"200\" height=\"100\""
        #expect(b.svg().hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) style=\"max-width: 300px\">\n"))
    }

    @Test func keepGroupsNestsOneGroupPerLayer() {
        var b = Builder()
        let g = b.add("g", frame: Rect(10, 10, 50, 50)) {
            $0.opacity = 0.5
            $0.masksToBounds = true
        }
        b.add("a", to: g, frame: Rect(5, 5, 10, 10), shape: square)
        b.add("b", to: g, frame: Rect(20, 20, 10, 10), shape: square)
        #expect(b.svg(keepGroups: true) == """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
            <defs>
            <clipPath id="lamina-clip-1" clipPathUnits="userSpaceOnUse">
            <rect x="0" y="0" width="50" height="50"/>
            </clipPath>
            </defs>
            <g>
            <g id="layer-g" transform="matrix(1 0 0 1 10 10)" clip-path="url(#lamina-clip-1)" opacity="0.5">
            <g id="layer-a" transform="matrix(1 0 0 1 5 5)">
            <rect x="0" y="0" width="10" height="10" fill="#ff0000"/>
            </g>
            <g id="layer-b" transform="matrix(1 0 0 1 20 20)">
            <rect x="0" y="0" width="10" height="10" fill="#ff0000"/>
            </g>
            </g>
            </g>
            </svg>

            """)
    }

    /// Nested clipping layers: each group writes only the clip its layer adds, so no edge is
    /// clipped twice (twice would square its anti-aliased coverage).
    @Test func keepGroupsWritesEachClipOnce() {
        var b = Builder()
        let outer = b.add("outer", frame: Rect(10, 10, 60, 60)) { $0.masksToBounds = true }
        let inner = b.add("inner", to: outer, frame: Rect(10, 10, 30, 30)) { $0.masksToBounds = true }
        b.add("a", to: inner, frame: Rect(0, 0, 80, 80), shape: square)
        #expect(b.svg(keepGroups: true) == """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
            <defs>
            <clipPath id="lamina-clip-1" clipPathUnits="userSpaceOnUse">
            <rect x="0" y="0" width="60" height="60"/>
            </clipPath>
            <clipPath id="lamina-clip-2" clipPathUnits="userSpaceOnUse">
            <rect x="0" y="0" width="30" height="30"/>
            </clipPath>
            </defs>
            <g>
            <g id="layer-outer" transform="matrix(1 0 0 1 10 10)" clip-path="url(#lamina-clip-1)">
            <g id="layer-inner" transform="matrix(1 0 0 1 10 10)" clip-path="url(#lamina-clip-2)">
            <g id="layer-a">
            <rect x="0" y="0" width="10" height="10" fill="#ff0000"/>
            </g>
            </g>
            </g>
            </g>
            </svg>

            """)
        // The flat list still takes the whole chain on its one element.
        #expect(b.svg().contains("clip-path=\"url(#lamina-clip-1)\">"))
    }

    @Test func filterGroupEstablishesItsUserSpaceAndTakesTheClipAfterTheFilter() {
        var b = Builder()
        let g = b.add("g", frame: Rect(10, 20, 40, 40)) {
            var info = SVGInfo(element: "g")
            info.filter = "blur"
            info.extra = [StyleProperty("mix-blend-mode", "multiply"), StyleProperty("isolation", "auto")]
            $0.svg = info
            $0.masksToBounds = true
        }
        b.add("a", to: g, frame: Rect(5, 5, 10, 10), shape: square)
        b.scene.resources = [Resource(id: "blur", kind: .filter, xml: "<filter id=\"blur\"><feGaussianBlur stdDeviation=\"2\"/></filter>")]
        #expect(b.svg() == """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
            <defs>
            <filter id="blur"><feGaussianBlur stdDeviation="2"/></filter>
            <clipPath id="lamina-clip-1" clipPathUnits="userSpaceOnUse">
            <rect x="0" y="0" width="40" height="40"/>
            </clipPath>
            </defs>
            <g transform="matrix(1 0 0 1 10 20)" clip-path="url(#lamina-clip-1)" filter="url(#blur)" style="mix-blend-mode:multiply">
            <rect x="0" y="0" width="10" height="10" transform="matrix(1 0 0 1 5 5)" fill="#ff0000"/>
            </g>
            </svg>

            """)
    }

    @Test func filterListIsWrittenInOrderOnOneGroupWithEachResource() {
        var b = Builder()
        let g = b.add("g", frame: Rect(0, 0, 40, 40)) {
            var info = SVGInfo(element: "g")
            info.filters = ["shift", "blur"]
            $0.svg = info
        }
        b.add("a", to: g, frame: Rect(5, 5, 10, 10), shape: square)
        b.scene.resources = [
            Resource(id: "blur", kind: .filter, xml: "<filter id=\"blur\"><feGaussianBlur stdDeviation=\"2\"/></filter>"),
            Resource(id: "shift", kind: .filter, xml: "<filter id=\"shift\"><feOffset dx=\"3\"/></filter>"),
        ]
        let svg = b.svg()
        #expect(svg.contains("<g filter=\"url(#shift) url(#blur)\">\n<rect"))
        #expect(svg.contains("<filter id=\"blur\">") && svg.contains("<filter id=\"shift\">"))
    }

    @Test func emptyGroupWithAFilterIsWrittenAndAnUnrenderedShapeIsNot() {
        // A `userSpaceOnUse` filter region draws even with nothing in the group (W3C
        // filters-tile-01-b: `<g filter="url(#feTileFilter)"/>`), as Chromium and resvg draw it.
        var b = Builder()
        b.add("g", frame: Rect(10, 20, 0, 0)) {
            var info = SVGInfo(element: "g")
            info.filter = "flood"
            $0.svg = info
        }
        b.add("r", frame: Rect(0, 0, 0, 0)) {
            var info = SVGInfo(element: "rect")
            info.filter = "flood"
            $0.svg = info
        }
        b.scene.resources = [Resource(id: "flood", kind: .filter, xml: "<filter id=\"flood\"><feFlood/></filter>")]
        for keepGroups in [false, true] {
            let svg = b.svg(keepGroups: keepGroups)
            #expect(svg.ranges(of: "filter=\"url(#flood)\"").count == 1, "\(svg)")
            #expect(svg.contains("transform=\"matrix(1 0 0 1 10 20)\" filter=\"url(#flood)\">\n</g>\n"), "\(svg)")
        }
    }

    @Test func bytesAreTheUTF8OfTheText() {
        var b = Builder()
        b.add("a", frame: Rect(10, 20, 10, 10), shape: .svg(xml: "<text x=\"1\">é</text>")) { $0.opacity = 0.5 }
        b.add("b", frame: Rect(1, 2, 10, 10), shape: .svg(xml: "plain"))
        let (list, _) = DisplayList.resolve(b.scene)
        for keepGroups in [false, true] {
            let options = FlattenedSVG.Options(keepGroups: keepGroups, overlay: "<g/>")
            let bytes = FlattenedSVG.bytes(list, scene: b.scene, options: options)
            #expect(bytes == Array(FlattenedSVG.write(list, scene: b.scene, options: options).utf8))
            var streamed: [UInt8] = []
            FlattenedSVG.write(list, scene: b.scene, options: options) { streamed.append(contentsOf: $0) }
            #expect(streamed == bytes)
        }
        #expect(b.svg() == """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
            <text transform="matrix(1 0 0 1 10 20)" opacity="0.5" x="1">é</text>
            <g transform="matrix(1 0 0 1 1 2)">plain</g>
            </svg>

            """)
    }
}
