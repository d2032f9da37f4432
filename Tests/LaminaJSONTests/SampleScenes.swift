import LaminaCore

/// Scenes used by several JSON tests, built in the decoder's creation order
/// (a layer, its mask subtree, then its sublayers) so that `decode(encode(s)) == s` exactly.
enum SampleScenes {
    /// Every layer, content, paint, svg, constraint and resource field away from its default.
    static func rich() -> Scene {
        var tree = LayerTree()
        var root = Layer(name: "root \"scene\"\n\t\u{1}é✓")
        root.bounds = Rect(-1.5, 2.25, 300, 200.125)
        root.position = Point(150, 100)
        root.anchorPoint = Point(0, 1)
        root.anchorPointZ = 3
        root.zPosition = -2
        root.transform = Transform3D(AffineTransform(0, 1, -1, 0, 10, 20))
        var persp = Transform3D.identity
        persp.m34 = -0.002
        root.sublayerTransform = persp
        root.geometryFlipped = true
        root.masksToBounds = true
        root.hidden = true
        root.cornerRadius = 4.5
        root.opacity = 0.25
        root.allowsGroupOpacity = false
        root.backgroundColor = "#112233"
        root.borderColor = "rgba(1,2,3,0.5)"
        root.borderWidth = 2
        root.isTransformLayer = true
        root.constraints = [
            Constraint(attribute: .midX, relativeTo: "superlayer", sourceAttribute: .midX),
            Constraint(attribute: .width, relativeTo: "b", sourceAttribute: .height, scale: 0.5, offset: -10),
        ]
        root.layoutManager = .constraint
        root.autoresizingMask = [.widthSizable, .maxYMargin, .minXMargin]
        var c = Content(shape: .rect(x: 1, y: 2, width: 30, height: 40, rx: 5, ry: 6))
        c.fill = .ref("grad", fallback: "#ff0000")
        c.stroke = .color("#00ff00")
        c.fillOpacity = 0.5
        c.strokeOpacity = 0.75
        c.fillRule = "evenodd"
        c.strokeWidth = 3
        c.strokeLinecap = "round"
        c.strokeLinejoin = "bevel"
        c.strokeMiterlimit = 8
        c.strokeDasharray = [4, 2, 1]
        c.strokeDashoffset = 1.5
        c.clipRule = "evenodd"
        c.extra = [StyleProperty("paint-order", "stroke"), StyleProperty("visibility", "hidden")]
        root.content = c
        var svg = SVGInfo(element: "g")
        svg.id = "g1"
        svg.title = "A <title>"
        svg.className = "a b"
        svg.mask = "m1"
        svg.filter = "f1"
        svg.extra = [StyleProperty("mix-blend-mode", "multiply"), StyleProperty("isolation", "isolate")]
        root.svg = svg
        let rootID = tree.make(root)

        var maskLayer = Layer(name: "clip")
        maskLayer.bounds = Rect(0, 0, 10, 10)
        maskLayer.content = Content(shape: .circle(cx: 5, cy: 5, r: 5))
        let maskID = tree.make(maskLayer)
        var maskChild = Layer(name: "clip child")
        maskChild.content = Content(shape: .ellipse(cx: 1, cy: 2, rx: 3, ry: 4))
        let maskChildID = tree.make(maskChild)

        var a = Layer(name: "a")
        // Every entry has at most 6 decimals, so the text round trip is exact.
        let transform3D = Transform3D(
            m11: 1, m12: 0, m13: 0, m14: 0.001, m21: 0, m22: 0.5, m23: 0.25, m24: 0,
            m31: 0, m32: -0.25, m33: 0.5, m34: -0.002, m41: 1, m42: 2, m43: 7, m44: 1)
        a.transform = transform3D
        var line = Content(shape: .line(x1: 0, y1: 1, x2: 2, y2: 3))
        line.stroke = Paint.none
        line.fill = .ref("pat", fallback: nil)
        a.content = line
        let aID = tree.make(a)
        var b = Layer(name: "b")
        var poly = Content(shape: .polyline([Point(0, 0), Point(1.5, -2), Point(3, 4)]))
        poly.strokeDasharray = []
        b.content = poly
        let bID = tree.make(b)
        var unnamed = Layer()
        unnamed.content = Content(shape: .polygon([Point(1, 1), Point(2, 2), Point(3, 1)]))
        let unnamedID = tree.make(unnamed)
        var path = Layer(name: "path")
        path.content = Content(shape: .path("M0 0L10 10Z"))
        let pathID = tree.make(path)
        var text = Layer(name: "text")
        text.content = Content(shape: .svg(xml: "<text x=\"1\">Hi &amp; bye</text>"))
        let textID = tree.make(text)

        try? tree.setMask(maskID, of: rootID)
        try? tree.addSublayer(maskChildID, to: maskID)
        for id in [aID, bID, unnamedID, pathID, textID] { try? tree.addSublayer(id, to: rootID) }
        let resources = [
            Resource(id: "grad", kind: .linearGradient, xml: "<linearGradient id=\"grad\"/>"),
            Resource(id: "pat", kind: .pattern, xml: "<pattern id=\"pat\"/>"),
            Resource(id: "m1", kind: .mask, xml: "<mask id=\"m1\"/>"),
        ]
        return Scene(tree: tree, root: rootID, resources: resources)
    }

    /// A root with two plain sublayers, for the golden text.
    static func small() -> Scene {
        var tree = LayerTree()
        var root = Layer()
        root.bounds = Rect(0, 0, 100, 50)
        root.masksToBounds = true
        let rootID = tree.make(root)
        var box = Layer(name: "box")
        box.bounds = Rect(0, 0, 20, 10)
        box.position = Point(30, 25)
        box.zPosition = 1
        var c = Content(shape: .rect(x: 0, y: 0, width: 20, height: 10, rx: 0, ry: 0))
        c.fill = .color("#336699")
        box.content = c
        let boxID = tree.make(box)
        let emptyID = tree.make(Layer())
        try? tree.addSublayer(boxID, to: rootID)
        try? tree.addSublayer(emptyID, to: rootID)
        return Scene(tree: tree, root: rootID)
    }

    /// A straight chain of `depth` layers below the root.
    static func chain(depth: Int) -> Scene {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "0"))
        var parent = root
        for i in 0..<depth {
            let id = tree.make(Layer(name: "\(i + 1)"))
            try? tree.addSublayer(id, to: parent)
            parent = id
        }
        return Scene(tree: tree, root: root)
    }
}
