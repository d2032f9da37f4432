import LaminaCore
import LaminaGeometry
@testable import LaminaJSON
import Testing

@Suite struct InspectReportTests {
    /// A 200×200 root at the origin holding a rotated hour hand and a hidden layer.
    static func clock() throws -> Scene {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 200, 200)
        scene.tree[scene.root].position = Point(100, 100)
        scene.tree[scene.root].masksToBounds = true
        var hand = Layer(name: "hour")
        hand.bounds = Rect(0, 0, 10, 60)
        hand.anchorPoint = Point(0.5, 0.9)
        hand.position = Point(100, 100)
        hand.transform = .rotation(.pi / 2, 0, 0, 1)
        let h = scene.tree.make(hand)
        var hidden = Layer()
        hidden.hidden = true
        let x = scene.tree.make(hidden)
        try scene.tree.addSublayer(h, to: scene.root)
        try scene.tree.addSublayer(x, to: scene.root)
        return scene
    }

    @Test func reportsTheRotatedHourHand() throws {
        let text = try #require(InspectReport.json(scene: try Self.clock(), layerPath: "hour"))
        #expect(text == """
            [
              {"path": "hour", "frame": [94, 95, 60, 10], "bounds": [0, 0, 10, 60], "position": [100, 100], \
            "anchorPoint": [0.5, 0.9], "zPosition": 0, "paintIndex": 1, "toRoot": [0, 1, -1, 0, 154, 95], \
            "anchorInRoot": [100, 100], "frameInRoot": [[154, 95], [154, 105], [94, 105], [94, 95]], \
            "clipInRoot": [0, 0, 200, 200]}
            ]

            """)
    }

    @Test func listsEveryLayerInTreeOrder() throws {
        let text = try #require(InspectReport.json(scene: try Self.clock(), layerPath: nil))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[1].hasPrefix("  {\"path\": \"/\", \"frame\": [0, 0, 200, 200]"))
        #expect(lines[3].hasPrefix("  {\"path\": \"#1\""))
        #expect(lines[3].contains("\"paintIndex\": null"))
        #expect(text.hasSuffix("]\n"))
    }

    /// The anchor is where `position` puts it (SPEC §6), also for a flipped layer whose
    /// anchor is off the bounds' middle: the flip acts inside the layer.
    @Test(arguments: [false, true])
    func anchorInRootIsAtPosition(flipped: Bool) throws {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 100, 100)
        scene.tree[scene.root].anchorPoint = Point(0, 0)
        var q = Layer(name: "q")
        q.bounds = Rect(0, 0, 10, 20)
        q.anchorPoint = Point(0, 0)
        q.position = Point(10, 10)
        q.geometryFlipped = flipped
        try scene.tree.addSublayer(scene.tree.make(q), to: scene.root)
        let text = try #require(InspectReport.json(scene: scene, layerPath: "q"))
        #expect(text.contains("\"anchorInRoot\": [10, 10]"), "\(text)")
        #expect(text.contains("\"frameInRoot\": [[10, 10], [20, 10], [20, 30], [10, 30]]") != flipped, "\(text)")
    }

    /// A layer's anchor with `anchorPointZ` sits off its plane, at `position` and `zPosition`
    /// in the superlayer: under a perspective sublayerTransform (or inside a CATransformLayer)
    /// that is where it is drawn, not where the plane's point below it is. The point
    /// (150, 100, 20) seen through m34 = −1/500 about (100, 100): w = 0.96, x = 100 + 50 / 0.96.
    @Test(arguments: [false, true])
    func anchorOffThePlaneIsAtPositionAndZPosition(insideTransformLayer: Bool) throws {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 200, 200)
        scene.tree[scene.root].position = Point(100, 100)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        scene.tree[scene.root].sublayerTransform = perspective
        var q = Layer(name: "q")
        q.bounds = Rect(0, 0, 40, 40)
        q.position = Point(150, 100)
        q.zPosition = 20
        q.anchorPointZ = 50
        q.transform = .rotation(.pi / 3, 0, 1, 0)
        let id = scene.tree.make(q)
        var path = "q"
        if insideTransformLayer {
            // A transform layer of zero size at the origin, its frame matrix the identity: its
            // sublayers keep the root's coordinates, composed in 3D up to the root's plane.
            var holder = Layer(name: "t")
            holder.isTransformLayer = true
            holder.anchorPoint = Point(0, 0)
            let t = scene.tree.make(holder)
            try scene.tree.addSublayer(t, to: scene.root)
            try scene.tree.addSublayer(id, to: t)
            path = "t/q"
        } else {
            try scene.tree.addSublayer(id, to: scene.root)
        }
        let text = try #require(InspectReport.json(scene: scene, layerPath: path))
        let x = 100 + 50 / 0.96
        #expect(text.contains("\"anchorInRoot\": [\(NumberText.format(x)), 100]"), "\(text)")
        let toRoot = scene.tree.toRootMap(from: scene.root)
        let a = try #require(scene.tree.anchorInRoot(of: id, toRoot: toRoot))
        #expect(abs(a.x - x) < 1e-9 && abs(a.y - 100) < 1e-9, "\(a)")
    }

    /// Printed paths lead back to their layers: a name with `/` or one that reads as an index
    /// is written `#N`.
    @Test func pathsOfAwkwardNamesResolveBack() throws {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 100, 100)
        for name in ["a/b", "#0", "@mask", "", "plain"] {
            var l = Layer(name: name)
            l.bounds = Rect(0, 0, 1, 1)
            try scene.tree.addSublayer(scene.tree.make(l), to: scene.root)
        }
        let subs = scene.tree.sublayers(of: scene.root)
        let paths = subs.map { scene.tree.path(of: $0, root: scene.root) }
        #expect(paths == ["#0", "#1", "#2", "#3", "plain"])
        #expect(scene.tree.paths(from: scene.root).compactMap { $0 }.dropFirst().map { $0 } == paths)
        for (id, path) in zip(subs, paths) { #expect(scene.tree.layer(atPath: path, root: scene.root) == id) }
    }

    /// Of siblings sharing a name, the name leads to the first (``LayerTree/layer(atPath:root:)``),
    /// so the others are printed `#N`: by the single-path query, the whole-tree pass, the
    /// resolver's paths (diagnostics) and `inspect`, past the few names compared one by one.
    @Test func repeatedSiblingNamesArePrintedAsIndices() throws {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 100, 100)
        for name in ["a", "b", "a", "c", "d", "e", "f", "e", "a"] {
            var l = Layer(name: name)
            l.bounds = Rect(0, 0, 1, 1)
            try scene.tree.addSublayer(scene.tree.make(l), to: scene.root)
        }
        let expected = ["a", "b", "#2", "c", "d", "e", "f", "#7", "#8"]
        let subs = scene.tree.sublayers(of: scene.root)
        #expect(subs.map { scene.tree.path(of: $0, root: scene.root) } == expected)
        let all = scene.tree.paths(from: scene.root)
        #expect(subs.map { all[$0.index] } == expected)
        let (list, _) = DisplayList.resolve(scene, layerMaps: true)
        #expect(subs.map { list.path(of: $0) } == expected)
        for (id, path) in zip(subs, expected) { #expect(scene.tree.layer(atPath: path, root: scene.root) == id) }
        #expect(scene.tree.repeatedNames(from: scene.root) == Set([2, 7, 8].map { subs[$0].index }))
        let report = try #require(InspectReport.json(scene: scene, layerPath: nil))
        let printed = report.split(separator: "\n").dropFirst(2).compactMap { line in
            line.split(separator: "\"").dropFirst(3).first.map(String.init)
        }
        #expect(printed == expected, "\(report)")
    }

    @Test func unknownPathGivesNil() throws {
        #expect(InspectReport.json(scene: try Self.clock(), layerPath: "minute") == nil)
    }

    /// Paths in tree order with masks (a layer, its mask, then its sublayers), named, `#N` and
    /// `@mask` segments, from the streamed walk; the same report in small pieces and whole.
    @Test func pathsOfNestedLayersAndMasksAndThePiecesAddUp() throws {
        var scene = try Self.clock()
        let hour = try #require(scene.tree.sublayers(of: scene.root).first)
        var parent = hour
        for depth in 0..<4 {
            let child = scene.tree.make(Layer(name: depth == 2 ? "named" : nil))
            try scene.tree.addSublayer(scene.tree.make(Layer()), to: parent)
            try scene.tree.addSublayer(child, to: parent)
            parent = child
        }
        let mask = scene.tree.make(Layer())
        try scene.tree.setMask(mask, of: hour)
        try scene.tree.addSublayer(scene.tree.make(Layer(name: "inMask")), to: mask)
        let text = try #require(InspectReport.json(scene: scene, layerPath: nil))
        let paths = text.split(separator: "\n").dropFirst().dropLast().map { line in
            String(line.split(separator: "\"")[3])
        }
        #expect(paths == [
            "/", "hour", "hour/@mask", "hour/@mask/inMask", "hour/#0", "hour/#1", "hour/#1/#0", "hour/#1/#1",
            "hour/#1/#1/#0", "hour/#1/#1/named", "hour/#1/#1/named/#0", "hour/#1/#1/named/#1", "#1",
        ])
        // Each path is the one ``LayerTree/path(of:root:)`` gives and ``--layer`` finds.
        for p in paths {
            let id = try #require(scene.tree.layer(atPath: p, root: scene.root))
            #expect(scene.tree.path(of: id, root: scene.root) == p)
        }
        var pieces: [[UInt8]] = []
        let found = InspectReport.write(scene: scene, layerPath: nil, pieceBytes: 100) { pieces.append(Array($0)) }
        #expect(found)
        #expect(pieces.count > 5)
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == text)
        var none = 0
        #expect(!InspectReport.write(scene: scene, layerPath: "hour/#9", to: { _ in none += 1 }))
        #expect(none == 0)
    }

    /// A scene of several rounds of layers (nested, named and not, some masked) is reported
    /// with the same bytes on one thread and on several, whatever the piece size.
    @Test(arguments: [1, 2, 4]) func roundsOnSeveralThreadsGiveTheSameReport(threads: Int) throws {
        var scene = try Self.clock()
        var parent = scene.root
        for i in 0..<(2 * InspectReport.roundLayers + 123) {
            var layer = Layer(name: i % 3 == 0 ? nil : "l\(i)")
            layer.bounds = Rect(0, 0, Double(i % 17), 3)
            layer.position = Point(Double(i % 29), Double(i % 31))
            let id = scene.tree.make(layer)
            try scene.tree.addSublayer(id, to: parent)
            if i % 97 == 0 { try scene.tree.setMask(scene.tree.make(Layer(name: "m")), of: id) }
            parent = i % 50 == 49 ? scene.root : id
        }
        var one: [UInt8] = []
        #expect(InspectReport.write(scene: scene, layerPath: nil, split: WorkSplit(threads: 1)) { one.append(contentsOf: $0) })
        var many: [UInt8] = []
        let split = WorkSplit(threads: threads)
        #expect(InspectReport.write(scene: scene, layerPath: nil, pieceBytes: 4096, split: split) { many.append(contentsOf: $0) })
        #expect(many == one)
        let text = String(decoding: one, as: UTF8.self)
        #expect(text.split(separator: "\n").count == scene.tree.count + 2)
    }
}
