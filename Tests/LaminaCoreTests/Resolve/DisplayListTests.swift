import LaminaCore
import Testing

/// A scene builder for resolve tests: layers placed by frame (anchor at the centre).
struct SceneBuilder {
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
        if let shape { l.content = Content(shape: shape) }
        configure(&l)
        let id = scene.tree.make(l)
        try? scene.tree.addSublayer(id, to: parent ?? root)
        return id
    }
}

private func names(_ list: DisplayList, _ scene: Scene) -> [String] {
    list.items.map { "\(scene.tree[$0.layer].name ?? "/"):\($0.part.rawValue)" }
}

private let unitRect = Shape.rect(x: 0, y: 0, width: 10, height: 10, rx: 0, ry: 0)

@Suite struct DisplayListTests {
    @Test func siblingsSortByZPositionStably() {
        var b = SceneBuilder()
        b.add("a", frame: Rect(0, 0, 10, 10), shape: unitRect) { $0.zPosition = 1 }
        b.add("b", frame: Rect(0, 0, 10, 10), shape: unitRect)
        b.add("c", frame: Rect(0, 0, 10, 10), shape: unitRect) { $0.zPosition = -1 }
        b.add("d", frame: Rect(0, 0, 10, 10), shape: unitRect)
        let (list, diags) = DisplayList.resolve(b.scene)
        #expect(names(list, b.scene) == ["c:contents", "b:contents", "d:contents", "a:contents"])
        #expect(diags.isEmpty)
    }

    @Test func sublayersPaintAboveContentAndBelowBorder() {
        var b = SceneBuilder()
        let p = b.add("p", frame: Rect(10, 10, 50, 50), shape: unitRect) {
            $0.backgroundColor = "#ff0000"
            $0.borderWidth = 2
            $0.borderColor = "#0000ff"
        }
        b.add("c", to: p, frame: Rect(0, 0, 10, 10), shape: unitRect) { $0.zPosition = -5 }
        let (list, _) = DisplayList.resolve(b.scene)
        #expect(names(list, b.scene) == ["p:background", "p:contents", "c:contents", "p:border"])
        #expect(list.items.map(\.paintIndex) == [1, 1, 2, 1])
        #expect(list.items[2].geometry == .transformed(AffineTransform(1, 0, 0, 1, 10, 10)))
        #expect(list.path(of: list.items[2].layer) == "p/c")
    }

    @Test func masksToBoundsWithCornerRadiusNestsUnderRotation() throws {
        var b = SceneBuilder()
        let r = b.add("r", frame: Rect(40, 45, 20, 10)) {
            $0.transform = Transform3D(AffineTransform.rotation(Double.pi / 2))
            $0.masksToBounds = true
            $0.cornerRadius = 8
        }
        let inner = b.add("inner", to: r, frame: Rect(5, 0, 10, 10)) { $0.masksToBounds = true }
        b.add("leaf", to: inner, frame: Rect(0, 0, 10, 10), shape: unitRect)
        b.add("sibling", frame: Rect(0, 0, 10, 10), shape: unitRect)
        let (list, _) = DisplayList.resolve(b.scene)
        #expect(names(list, b.scene) == ["leaf:contents", "sibling:contents"])
        let leafClip = try #require(list.items[0].clip)
        #expect(list.items[1].clip == nil)
        let innerNode = list.clips[leafClip]
        #expect(innerNode.layer == inner)
        let outer = try #require(innerNode.parent)
        #expect(list.clips[outer].layer == r)
        #expect(list.clips[outer].parent == nil)
        // Radius 8 clamps to min(20, 10) / 2 = 5; the rect sits in r's own space, rotated about its centre.
        #expect(list.clips[outer].shapes.first?.shape == .rect(x: 0, y: 0, width: 20, height: 10, rx: 5, ry: 5))
        guard case .transformed(let t) = list.clips[outer].shapes.first?.geometry else {
            Issue.record("expected an affine clip")
            return
        }
        let corner = t.apply(Point(0, 0))
        #expect(abs(corner.x - 55) < 1e-9 && abs(corner.y - 40) < 1e-9)
    }

    @Test func groupOpacityOverSeveralItems() {
        var b = SceneBuilder()
        let g = b.add("g", frame: Rect(0, 0, 50, 50)) { $0.opacity = 0.5 }
        b.add("a", to: g, frame: Rect(0, 0, 10, 10), shape: unitRect)
        b.add("b", to: g, frame: Rect(5, 5, 10, 10), shape: unitRect)
        let (list, _) = DisplayList.resolve(b.scene)
        #expect(list.groups.count == 1)
        #expect(list.groups.first?.opacity == 0.5)
        #expect(list.items.map(\.group) == [0, 0])
        #expect(list.items.map(\.opacity) == [1, 1])
    }

    @Test func opacityMultipliesWithoutGroupOpacity() {
        var b = SceneBuilder()
        let g = b.add("g", frame: Rect(0, 0, 50, 50)) {
            $0.opacity = 0.5
            $0.allowsGroupOpacity = false
        }
        b.add("a", to: g, frame: Rect(0, 0, 10, 10), shape: unitRect) { $0.opacity = 0.5 }
        b.add("b", to: g, frame: Rect(5, 5, 10, 10), shape: unitRect)
        let (list, _) = DisplayList.resolve(b.scene)
        #expect(list.groups.isEmpty)
        #expect(list.items.map(\.opacity) == [0.25, 0.5])
        #expect(list.items.map(\.group) == [nil, nil])
    }

    @Test func singleItemGroupFoldsIntoTheItem() {
        var b = SceneBuilder()
        let g = b.add("g", frame: Rect(0, 0, 50, 50)) { $0.opacity = 0.5 }
        let h = b.add("h", to: g, frame: Rect(0, 0, 50, 50)) { $0.opacity = 0.5 }
        b.add("a", to: h, frame: Rect(0, 0, 10, 10), shape: unitRect)
        let (list, _) = DisplayList.resolve(b.scene)
        #expect(list.groups.isEmpty)
        #expect(list.items.map(\.opacity) == [0.25])
    }

    @Test func hiddenAndTransparentSubtreesAreSkipped() {
        var b = SceneBuilder()
        let h = b.add("h", frame: Rect(0, 0, 50, 50), shape: unitRect) { $0.hidden = true }
        b.add("under", to: h, frame: Rect(0, 0, 10, 10), shape: unitRect)
        b.add("clear", frame: Rect(0, 0, 10, 10), shape: unitRect) { $0.opacity = 0 }
        b.add("shown", frame: Rect(0, 0, 10, 10), shape: unitRect)
        let (list, _) = DisplayList.resolve(b.scene)
        #expect(names(list, b.scene) == ["shown:contents"])
        #expect(list.layerPaintIndex[h.index] == nil)
    }

    @Test func clipPathMaskBecomesAClipNodeAndAlphaMaskAGroup() throws {
        var b = SceneBuilder()
        let host = b.add("host", frame: Rect(10, 10, 20, 20), shape: unitRect)
        var m = Layer(name: "m")
        m.bounds = Rect(0, 0, 20, 20)
        m.position = Point(10, 10)
        m.svg = SVGInfo(element: "clipPath")
        m.content = Content(shape: .circle(cx: 10, cy: 10, r: 5))
        let mid = b.scene.tree.make(m)
        try b.scene.tree.setMask(mid, of: host)

        let other = b.add("other", frame: Rect(0, 0, 20, 20), shape: unitRect)
        var am = Layer(name: "am")
        am.bounds = Rect(0, 0, 20, 20)
        am.position = Point(10, 10)
        am.backgroundColor = "#000000"
        let amid = b.scene.tree.make(am)
        try b.scene.tree.setMask(amid, of: other)

        let (list, _) = DisplayList.resolve(b.scene)
        let clip = try #require(list.items[0].clip)
        #expect(list.clips[clip].shapes.map(\.shape) == [.circle(cx: 10, cy: 10, r: 5)])
        #expect(list.clips[clip].shapes.first?.geometry == .transformed(AffineTransform(1, 0, 0, 1, 10, 10)))
        let g = try #require(list.items[1].group)
        let content = try #require(list.groups[g].maskContent)
        #expect(list.maskContents[content].map(\.part) == [.background])
        #expect(list.groups[g].space == .identity)
    }

    /// Core Animation does not nest masks (LAYER-MODEL §5.5): an alpha mask's own mask draws
    /// nothing into the mask, and a warning says it is ignored.
    @Test func aMaskOfAnAlphaMaskIsIgnoredWithAWarning() throws {
        var b = SceneBuilder(width: 100, height: 100)
        let host = b.add("host", frame: Rect(0, 0, 40, 40), shape: unitRect)
        var am = Layer(name: "am")
        am.bounds = Rect(0, 0, 20, 20)
        am.position = Point(10, 10)
        am.backgroundColor = "#000000"
        let amid = b.scene.tree.make(am)
        try b.scene.tree.setMask(amid, of: host)
        var inner = Layer(name: "inner")
        inner.bounds = Rect(0, 0, 5, 5)
        inner.backgroundColor = "#000000"
        try b.scene.tree.setMask(b.scene.tree.make(inner), of: amid)
        let (list, diags) = DisplayList.resolve(b.scene)
        let g = try #require(list.items[0].group)
        let content = try #require(list.groups[g].maskContent)
        #expect(list.maskContents[content].map(\.layer) == [amid])
        #expect(diags.map(\.message) == [
            "the mask of layer host has a mask of its own, which is ignored (Core Animation does not nest masks)"
        ])
    }

    @Test func perspectiveProjectsPathsWithinTolerance() throws {
        var b = SceneBuilder(width: 200, height: 200)
        var p = Transform3D.identity
        p.m34 = -1.0 / 200
        b.scene.tree[b.root].sublayerTransform = p
        let card = b.add("card", frame: Rect(50, 50, 100, 100), shape: .rect(x: 0, y: 0, width: 100, height: 100, rx: 0, ry: 0)) {
            $0.transform = Transform3D.rotation(Double.pi / 6, 0, 1, 0)
        }
        let (list, diags) = DisplayList.resolve(b.scene)
        #expect(diags.isEmpty)
        guard case .projected(let d) = try #require(list.items.first).geometry else {
            Issue.record("expected a projected path")
            return
        }
        let h = try #require(b.scene.tree.toRootForTest(card))
        let expected = try #require(h.apply(Point(0, 0)))
        let path = PathData.parse(d).path
        guard case .moveTo(let first)? = path.segments.first else {
            Issue.record("expected a moveTo")
            return
        }
        #expect(abs(first.x - expected.x) < 1e-4 && abs(first.y - expected.y) < 1e-4)
        #expect(path.segments.count >= 5)
    }

    @Test func layerBehindTheEyeIsDroppedWithAWarning() {
        var b = SceneBuilder(width: 200, height: 200)
        var p = Transform3D.identity
        p.m34 = -1.0 / 20
        b.scene.tree[b.root].sublayerTransform = p
        b.add("away", frame: Rect(50, 50, 100, 100), shape: unitRect) {
            $0.transform = Transform3D.translation(0, 0, 40)
        }
        b.add("kept", frame: Rect(0, 0, 10, 10), shape: unitRect)
        let (list, diags) = DisplayList.resolve(b.scene)
        #expect(names(list, b.scene) == ["kept:contents"])
        #expect(diags.map(\.message) == ["layer away is turned past edge-on (w ≤ 0) and is not drawn"])
    }

    /// A map to the root that overflows (a 1e200 scale twice) is not finite: the layer and its
    /// sublayers are not drawn, with a warning, instead of written with `null` in their
    /// transform (which renderers ignore, drawing them at the origin).
    @Test func layerPlacedByOverflowingNumbersIsNotDrawn() {
        var b = SceneBuilder(width: 200, height: 200)
        b.add("huge", frame: Rect(0, 0, 10, 10), shape: unitRect) {
            $0.transform = Transform3D(AffineTransform(1e200, 0, 0, 1e200, 0, 0))
        }
        let huge = b.scene.tree.sublayers(of: b.root)[0]
        var inner = Layer(name: "inner")
        inner.bounds = Rect(0, 0, 4, 4)
        inner.transform = Transform3D(AffineTransform(1e200, 0, 0, 1, 0, 0))
        inner.content = Content(shape: unitRect)
        try? b.scene.tree.addSublayer(b.scene.tree.make(inner), to: huge)
        b.add("kept", frame: Rect(0, 0, 10, 10), shape: unitRect)
        let (list, diags) = DisplayList.resolve(b.scene)
        #expect(names(list, b.scene) == ["huge:contents", "kept:contents"])
        #expect(diags.map(\.message) == [
            "layer huge/inner is placed by numbers past the range of doubles; it and its sublayers are not drawn"
        ])
    }

    /// The picture is the root's bounds size: a root whose bounds have no area (the default,
    /// easy to leave out of hand-written layer JSON) gives an SVG no renderer draws, which a
    /// warning says; a scene with nothing to draw does not warn.
    @Test(arguments: [(0.0, 0.0), (100.0, 0.0), (0.0, 100.0)])
    func rootBoundsWithoutAreaWarnThatNothingIsShown(width: Double, height: Double) {
        var b = SceneBuilder()
        b.scene.tree[b.root].bounds = Rect(0, 0, width, height)
        let empty = DisplayList.resolve(b.scene)
        #expect(empty.0.items.isEmpty && empty.1.isEmpty)
        b.add("a", frame: Rect(0, 0, 10, 10), shape: unitRect)
        let (list, diags) = DisplayList.resolve(b.scene)
        let w = NumberText.format(width), h = NumberText.format(height)
        #expect(list.output.viewBox == "0 0 \(w) \(h)")
        #expect(diags.map(\.message) == ["the root layer's bounds are \(w) × \(h): the picture has no area, so none of its layers is shown"])
        b.scene.tree[b.root].bounds = Rect(0, 0, 100, 100)
        #expect(DisplayList.resolve(b.scene).1.isEmpty)
    }

    /// A layer turned so that part of it passes behind the eye draws the part in front, cut at
    /// the eye plane, as Core Animation draws it.
    @Test func layerPartlyBehindTheEyeDrawsItsFrontPart() throws {
        var b = SceneBuilder(width: 200, height: 200)
        var p = Transform3D.identity
        p.m34 = -1.0 / 20
        b.scene.tree[b.root].sublayerTransform = p
        b.add("half", frame: Rect(50, 50, 100, 100), shape: .rect(x: 0, y: 0, width: 100, height: 100, rx: 0, ry: 0)) {
            $0.transform = Transform3D.rotation(Double.pi / 2.5, 0, 1, 0)
        }
        let (list, diags) = DisplayList.resolve(b.scene)
        #expect(names(list, b.scene) == ["half:contents"])
        #expect(diags.isEmpty)
        guard case .projected(let d) = list.items[0].geometry else {
            Issue.record("expected projected geometry")
            return
        }
        let path = PathData.parse(d).path
        #expect(!path.segments.isEmpty, "\(d)")
        // Every point is finite: the part behind the eye was cut away before projecting.
        for s in path.segments {
            if case .moveTo(let q) = s { #expect(q.x.isFinite && q.y.isFinite) }
            if case .lineTo(let q) = s { #expect(q.x.isFinite && q.y.isFinite) }
        }
    }

    @Test func transformLayerSublayersPaintFarToNear() {
        var b = SceneBuilder(width: 200, height: 200)
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        b.scene.tree[b.root].sublayerTransform = p
        let t = b.add("t", frame: Rect(50, 50, 100, 100)) { $0.isTransformLayer = true }
        b.add("near", to: t, frame: Rect(0, 0, 100, 100), shape: unitRect) { $0.transform = .translation(0, 0, 20) }
        b.add("far", to: t, frame: Rect(0, 0, 100, 100), shape: unitRect) { $0.transform = .translation(0, 0, -20) }
        let (list, diags) = DisplayList.resolve(b.scene)
        #expect(names(list, b.scene) == ["far:contents", "near:contents"])
        #expect(diags.map(\.message) == ["sublayers of transform layer t are painted in approximate depth order"])
    }

    @Test func deepTreesResolveWithoutRecursion() throws {
        var b = SceneBuilder()
        // Built bottom-up so that each addSublayer's cycle check is O(1).
        var ids: [LayerID] = []
        for i in 0..<100_000 {
            var l = Layer(name: "l\(i % 10)")
            l.bounds = Rect(0, 0, 10, 10)
            l.position = Point(5, 5)
            l.masksToBounds = i % 1000 == 0
            ids.append(b.scene.tree.make(l))
        }
        b.scene.tree[ids[ids.count - 1]].content = Content(shape: unitRect)
        for i in stride(from: ids.count - 1, to: 0, by: -1) { try b.scene.tree.addSublayer(ids[i], to: ids[i - 1]) }
        try b.scene.tree.addSublayer(ids[0], to: b.root)
        let (list, _) = DisplayList.resolve(b.scene)
        #expect(list.items.count == 1)
        #expect(list.clips.count == 100)
        #expect(list.path(of: ids[2]) == "l0/l1/l2")
    }
}

extension LayerTree {
    /// Own space → root superlayer space, composed step by step (test oracle).
    func toRootForTest(_ id: LayerID) -> Homography? {
        var h = Homography.identity
        var cur: LayerID? = id
        while let c = cur {
            h = h.concatenating(Homography(flattening: matrixToSuperlayer(c)))
            cur = superlayer(of: c)
        }
        return h
    }

    @Test func itemLocalGeometryFollowsGeometryUntilSetApart() {
        let a = ItemGeometry.transformed(AffineTransform(1, 0, 0, 1, 5, 5))
        let b = ItemGeometry.transformed(AffineTransform(2, 0, 0, 2, 0, 0))
        var item = DisplayItem(layer: LayerID(1), part: .contents, geometry: a, paintIndex: 0)
        #expect(item.localGeometry == a)
        item.localGeometry = b
        #expect(item.geometry == a && item.localGeometry == b)
        var other = DisplayItem(layer: LayerID(1), part: .contents, geometry: a, paintIndex: 0)
        #expect(other != item)
        other.geometry = b
        #expect(other.localGeometry == a)
        other.geometry = a
        other.localGeometry = b
        #expect(other == item && other.hashValue == item.hashValue)
        item.localGeometry = a
        item.geometry = .projected(pathData: "M0 0")
        #expect(item.localGeometry == a)
    }
}
