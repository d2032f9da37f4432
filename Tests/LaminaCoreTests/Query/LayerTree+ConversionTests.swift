import LaminaCore
import Testing

@Suite struct LayerTreeConversionTests {
    static func layer(_ bounds: Rect, at position: Point, transform: Transform3D = .identity) -> Layer {
        var l = Layer()
        l.bounds = bounds
        l.position = position
        l.transform = transform
        return l
    }

    @Test func layersInDifferentTreesConvertThroughBothRoots() {
        var tree = LayerTree()
        let red = tree.make(Self.layer(Rect(0, 0, 640, 480), at: Point(320, 240)))
        let yellow = tree.make(Self.layer(Rect(0, 0, 640, 480), at: Point(320, 240), transform: .scale(0.5, 0.5, 1)))
        #expect(tree.convert(Point(50, 50), from: red, to: yellow) == Point(-220, -140))
        #expect(tree.convert(Rect(50, 50, 200, 200), from: red, to: yellow) == Rect(-220, -140, 400, 400))
        #expect(tree.commonAncestor(red, yellow) == nil)
    }

    @Test func nilMeansTheRootSuperlayerSpace() {
        var tree = LayerTree()
        let l = tree.make(Self.layer(Rect(0, 0, 30, 40), at: Point(25, 40)))
        #expect(tree.convert(Point(5, 5), from: l, to: nil) == Point(15, 25))
        #expect(tree.convert(Point(15, 25), from: nil, to: l) == Point(5, 5))
        #expect(tree.toRoot(l) == Homography(AffineTransform.translation(10, 20)))
    }

    @Test func singularLevelGivesNaN() throws {
        var tree = LayerTree()
        let p = tree.make(Self.layer(Rect(0, 0, 100, 100), at: Point(50, 50)))
        let c = tree.make(Self.layer(Rect(0, 0, 20, 20), at: Point(20, 20), transform: .scale(0, 1, 1)))
        try tree.addSublayer(c, to: p)
        let q = tree.convert(Point(20, 20), from: p, to: c)
        #expect(q.x.isNaN && q.y.isNaN)
        let r = tree.convert(Rect(0, 0, 1, 1), from: p, to: c)
        #expect(r.x.isNaN)
        #expect(tree.hitTest(Point(50, 50), in: p) == p)
    }

    @Test func deepChainConvertsWithoutRecursion() throws {
        var tree = LayerTree()
        var parent = tree.make(Self.layer(Rect(0, 0, 10, 10), at: Point(5, 5)))
        let top = parent
        for _ in 0..<100_000 {
            let c = tree.make(Self.layer(Rect(0, 0, 10, 10), at: Point(6, 5)))
            try tree.addSublayer(c, to: parent)
            parent = c
        }
        let p = tree.convert(Point(0, 0), from: parent, to: top)
        #expect(abs(p.x - 100_000) < 1e-6 && p.y == 0)
        #expect(tree.convert(p, from: top, to: parent) == Point(0, 0))
    }

    @Test func transformLayerComposesIn3DBeforeFlattening() throws {
        var tree = LayerTree()
        var pl = Self.layer(Rect(0, 0, 100, 100), at: .zero)
        pl.anchorPoint = .zero
        var persp = Transform3D.identity
        persp.m34 = -0.01
        pl.sublayerTransform = persp
        let p = tree.make(pl)
        var tl = Self.layer(.zero, at: .zero, transform: .translation(0, 0, 50))
        tl.isTransformLayer = true
        let t = tree.make(tl)
        var cl = Self.layer(Rect(0, 0, 20, 20), at: .zero)
        cl.anchorPoint = .zero
        let c = tree.make(cl)
        try tree.addSublayer(t, to: p)
        try tree.addSublayer(c, to: t)
        // z = 50 under m34 = -0.01: w = 1 - 0.5, so (10, 10) lands at (20, 20).
        let q = tree.convert(Point(10, 10), from: c, to: p)
        #expect(abs(q.x - 20) < 1e-9 && abs(q.y - 20) < 1e-9)
    }

    /// A point behind the eye of one plane has no image there, even when a second perspective
    /// makes the composed map's w positive again: here the two cancel into a translation.
    @Test func aPointBehindAnInnerPlaneStaysBehindWhateverComesAfter() throws {
        var tree = LayerTree()
        let root = tree.make(Self.layer(Rect(0, 0, 200, 200), at: Point(100, 100)))
        var tilt = Transform3D.identity
        tilt.m24 = -0.05
        var al = Self.layer(Rect(0, 0, 100, 100), at: Point(100, 100), transform: tilt)
        tilt.m24 = 0.05
        al.sublayerTransform = tilt  // w = 1 + 0.05·(y − 50) in A: −0.5 where C sits
        let a = tree.make(al)
        let c = tree.make(Self.layer(Rect(0, 0, 10, 10), at: Point(50, 20)))
        try tree.addSublayer(a, to: root)
        try tree.addSublayer(c, to: a)
        #expect(tree.convert(Point(5, 5), from: c, to: a).x.isNaN)
        #expect(tree.convert(Point(5, 5), from: c, to: root).x.isNaN)
        #expect(tree.convert(Point(5, 5), from: c, to: nil).x.isNaN)
        #expect(tree.convert(Point(100, 70), from: nil, to: c).x.isNaN)
        #expect(tree.convert(Rect(0, 0, 1, 1), from: c, to: nil).x.isNaN)
        #expect(tree.convert(Rect(100, 70, 1, 1), from: nil, to: c).x.isNaN)
        #expect(tree.hitTest(Point(100, 70), in: root) == root)
        // In front at every plane, the same maps still convert.
        let p = tree.convert(Point(50, 30), from: a, to: nil)  // w = 1 − 0.05·(30 − 50) = 2
        #expect(p.isFinite)
        #expect(tree.convert(Rect(p.x, p.y, 0, 0), from: nil, to: a).origin.isFinite)
    }
}
