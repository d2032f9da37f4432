import LaminaCore
import Testing

@Suite struct LayerTreePaintOrderTests {
    @Test func siblingsSortStablyByZPositionAndSubtreesStayWhole() throws {
        var tree = LayerTree()
        let x = tree.make(Layer(name: "X"))
        let y = tree.make(Layer(name: "Y"))
        var wl = Layer(name: "W")
        wl.zPosition = 1000
        let w = tree.make(wl)
        var zl = Layer(name: "Z")
        zl.zPosition = -1
        let z = tree.make(zl)
        let v = tree.make(Layer(name: "V"))
        var hl = Layer(name: "H")
        hl.opacity = 0
        let h = tree.make(hl)
        try tree.addSublayer(y, to: x)
        try tree.addSublayer(w, to: y)
        try tree.addSublayer(z, to: x)
        try tree.addSublayer(v, to: x)
        try tree.addSublayer(h, to: x)
        #expect(tree.paintOrder(from: x) == [x, z, y, w, v])
    }

    @Test func borderPaintsAboveSublayers() throws {
        var tree = LayerTree()
        var pl = Layer()
        pl.backgroundColor = "#ff0000"
        pl.borderWidth = 2
        let p = tree.make(pl)
        var cl = Layer()
        cl.backgroundColor = "#00ff00"
        let c = tree.make(cl)
        try tree.addSublayer(c, to: p)
        let parts = tree.paintParts(from: p).map { "\($0.layer.index):\($0.part.rawValue)" }
        #expect(parts == ["0:background", "1:background", "0:border"])
    }

    @Test func groupOpacityAndIndividualOpacity() throws {
        var tree = LayerTree()
        var pl = Layer()
        pl.opacity = 0.5
        pl.backgroundColor = "#000000"
        let p = tree.make(pl)
        var cl = Layer()
        cl.opacity = 0.5
        cl.backgroundColor = "#000000"
        let c = tree.make(cl)
        try tree.addSublayer(c, to: p)
        let grouped = tree.opacityModel(from: p)
        #expect(grouped.groups.map(\.opacity) == [0.5, 0.5])
        #expect(grouped.elements.map(\.opacity) == [1, 1])
        tree[p].allowsGroupOpacity = false
        tree[c].allowsGroupOpacity = false
        let individual = tree.opacityModel(from: p)
        #expect(individual.groups.isEmpty)
        #expect(individual.elements.map(\.opacity) == [0.5, 0.25])
    }

    @Test func clipChainIntersectsMaskingAncestors() throws {
        var tree = LayerTree()
        var rl = Layer()
        rl.bounds = Rect(0, 0, 100, 100)
        rl.anchorPoint = .zero
        rl.masksToBounds = true
        let root = tree.make(rl)
        var al = rl
        al.position = Point(50, 50)
        let a = tree.make(al)
        var bl = Layer()
        bl.bounds = Rect(0, 0, 100, 100)
        bl.anchorPoint = .zero
        bl.position = Point(25, 25)
        let b = tree.make(bl)
        try tree.addSublayer(a, to: root)
        try tree.addSublayer(b, to: a)
        #expect(tree.visibleRect(of: b, in: root) == Rect(75, 75, 25, 25))
        #expect(tree.clipInRoot(of: b) == Rect(50, 50, 50, 50))
        #expect(tree.clipMap(from: root, toRoot: tree.toRootMap(from: root))[b.index] == Rect(50, 50, 50, 50))
        tree[root].masksToBounds = false
        tree[a].masksToBounds = false
        #expect(tree.clipInRoot(of: b) == nil)
    }

    @Test func aClipReachingBehindTheEyeKeepsItsPartInFront() throws {
        var tree = LayerTree()
        var rl = Layer()
        rl.bounds = Rect(0, 0, 100, 100)
        rl.position = Point(50, 50)
        let root = tree.make(rl)
        var ml = rl
        ml.masksToBounds = true
        ml.transform.m24 = 0.03  // w = 1 + 0.03·(y − 50): the top edge (w = −0.5) is behind the eye
        let m = tree.make(ml)
        var dl = Layer()
        dl.bounds = Rect(0, 0, 10, 10)
        dl.position = Point(50, 60)
        let dot = tree.make(dl)
        try tree.addSublayer(m, to: root)
        try tree.addSublayer(dot, to: m)
        let toRoot = tree.toRootMap(from: root)
        let clip = try #require(tree.clipMap(from: root, toRoot: toRoot)[dot.index])
        #expect(tree.clipInRoot(of: dot) == clip)
        // The flattened SVG draws the clip as the bounds' part in front of the eye, projected.
        let bounds = tree[m].bounds
        let outline = PathData(segments: [
            .moveTo(bounds.corners[0]), .lineTo(bounds.corners[1]), .lineTo(bounds.corners[2]),
            .lineTo(bounds.corners[3]), .close,
        ])
        let drawn = outline.transformed(by: try #require(toRoot[m.index])).bounds
        #expect(abs(clip.minX - drawn.minX) <= 1e-6 * abs(drawn.minX) && abs(clip.maxX - drawn.maxX) <= 1e-6 * abs(drawn.maxX))
        #expect(abs(clip.minY - drawn.minY) <= 1e-6 * abs(drawn.minY) && clip.maxY == drawn.maxY)
        // The dot, drawn and hit-tested inside the clip, lies in it.
        let dotInRoot = try #require(toRoot[dot.index]?.apply(Point(5, 5)))
        #expect(clip.contains(dotInRoot))
        #expect(tree.hitTest(dotInRoot, in: root) == dot)
    }
}
