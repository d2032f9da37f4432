import LaminaCore
import Testing

/// Two perspective planes on the way (LAYER-MODEL.md §3 flattening, §4.4): what is behind the
/// first plane's eye is in no plane, even where the second plane's w, negative as well, makes
/// the composed map's w positive. Drawing, inspect's maps, conversions and hit-testing agree.
@Suite struct EyePlanesTests {
    /// A 300×200 layer turned `degrees` about y under perspective m34 = −0.01, placed at `position`.
    static func tilted(_ degrees: Double, at position: Point, color: String) -> Layer {
        var l = Layer(name: color)
        l.bounds = Rect(0, 0, 300, 200)
        l.position = position
        var perspective = Transform3D.identity
        perspective.m34 = -0.01
        l.transform = Transform3D.rotation(degrees * Double.pi / 180, 0, 1, 0).concatenating(perspective)
        l.backgroundColor = color
        return l
    }

    /// A (80°) in a 600×400 root; B (−80°) in A: B's right part is behind its own eye, and
    /// part of that lands behind A's eye too, where the composed w is positive again.
    static func nestedOppositeTilts() throws -> (Scene, a: LayerID, b: LayerID) {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 600, 400)
        scene.tree[scene.root].position = Point(300, 200)
        let a = scene.tree.make(tilted(80, at: Point(300, 200), color: "#0000ff"))
        let b = scene.tree.make(tilted(-80, at: Point(150, 100), color: "#ff0000"))
        try scene.tree.addSublayer(a, to: scene.root)
        try scene.tree.addSublayer(b, to: a)
        return (scene, a, b)
    }

    @Test func inspectMapsAgreeWithConversions() throws {
        let (scene, _, b) = try Self.nestedOppositeTilts()
        let tree = scene.tree
        let (maps, eyePlanes) = tree.toRootMaps(from: scene.root)
        let map = try #require(maps[b.index])
        let planes = eyePlanes[b.index] ?? []
        #expect(planes == tree.eyePlanes(of: b))
        var ghosts = 0
        for x in stride(from: 0.0, through: 300, by: 5) {
            let p = Point(x, 100)
            let converted = tree.convert(p, from: b, to: nil)
            let mapped = map.apply(p, inFrontOf: planes)
            if map.apply(p) != nil, mapped == nil { ghosts += 1 }
            #expect(converted.isFinite == (mapped != nil), "x = \(x)")
            if let m = mapped { #expect(abs(m.x - converted.x) < 1e-6 && abs(m.y - converted.y) < 1e-6) }
        }
        #expect(ghosts > 0)  // the composed map alone would draw those points
    }

    /// Even-odd containment in the polygon of a path of lines.
    static func contains(_ path: PathData, _ p: Point) -> Bool {
        var inside = false, start = Point.zero, cur = Point.zero
        func edge(_ a: Point, _ b: Point) {
            if (a.y > p.y) != (b.y > p.y), p.x < a.x + (b.x - a.x) * (p.y - a.y) / (b.y - a.y) { inside.toggle() }
        }
        for s in path.segments {
            switch s {
            case .moveTo(let q): edge(cur, start); start = q; cur = q
            case .lineTo(let q): edge(cur, q); cur = q
            default: break
            }
        }
        edge(cur, start)
        return inside
    }

    @Test func theDrawingShowsWhatHitTestingFinds() throws {
        let (scene, _, b) = try Self.nestedOppositeTilts()
        let (list, _) = DisplayList.resolve(scene)
        let item = try #require(list.items.first { $0.layer == b && $0.part == .background })
        guard case .projected(let d) = item.geometry else {
            Issue.record("expected a projected path")
            return
        }
        let drawn = PathData.parse(d).path
        var checked = 0
        for x in stride(from: 200.0, through: 600, by: 7) {
            for y in stride(from: 20.0, through: 380, by: 15) {
                let p = Point(x, y)
                let hit = scene.tree.hitTest(p, in: scene.root) == b
                #expect(Self.contains(drawn, p) == hit, "(\(x), \(y))")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    /// B's clip box is the box of the part of its bounds in front of both planes: it ends at
    /// the vanishing point of A's plane (where B's visible part runs off to infinity in A), not
    /// past it where the ghost strip behind both eyes would be drawn.
    @Test func aClipCountsOnlyWhatIsInFrontOfEveryPlane() throws {
        var (scene, a, b) = try Self.nestedOppositeTilts()
        scene.tree[b].masksToBounds = true
        let tree = scene.tree
        let (maps, eyePlanes) = tree.toRootMaps(from: scene.root)
        let clip = try #require(tree.clipMap(from: scene.root, toRoot: maps, eyePlanes: eyePlanes)[b.index])
        let ha = try #require(maps[a.index])
        let vanishing = ha.m11 / ha.m13
        #expect(clip.minX < vanishing && clip.maxX <= vanishing + 1e-6 * abs(vanishing))
        #expect(clip == tree.clipInRoot(of: b))
    }
}
