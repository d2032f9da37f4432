import Foundation
import LaminaCore
import LaminaGeometry
import LaminaSVGImport
import Testing

@testable import LaminaExport

/// The flat SVG body written in chunks on several threads gives exactly the bytes of the
/// sequential writer, at every chunk boundary, with and without `--keep-groups`.
@Suite struct FlattenedSVGChunksTests {
    /// A scene of `count` drawables in nested containers: opacity groups, clipping containers,
    /// and optionally one verbatim element using `xlink:` at `xlinkAt`.
    static func generated(count: Int, xlinkAt: Int? = nil) -> Scene {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 1000, 1000)
        scene.tree[scene.root].position = Point(500, 500)
        var containers: [LayerID] = [scene.root]
        for i in 0..<count {
            if i % 6 == 0 {
                var c = Layer(name: "c\(i)")
                c.bounds = Rect(0, 0, 600, 600)
                c.position = Point(300 + Double(i % 3), 300)
                c.opacity = i % 12 == 0 ? 0.5 : 1
                c.masksToBounds = i % 18 == 0
                let parent = i % 24 == 0 ? scene.root : (containers.last ?? scene.root)
                let id = scene.tree.make(c)
                try? scene.tree.addSublayer(id, to: parent)
                containers.append(id)
            }
            var l = Layer(name: "l\(i)")
            l.bounds = Rect(0, 0, 10, 10)
            l.position = Point(Double(i % 50) * 10, Double(i / 50) * 10)
            if i == xlinkAt {
                l.content = Content(shape: .svg(xml: "<use xlink:href=\"#l0\"/>"))
            } else {
                var content = Content(shape: .rect(x: 0, y: 0, width: 10, height: 10, rx: 0, ry: 0))
                content.fill = .color(i % 2 == 0 ? "#ff0000" : "#0000ff")
                l.content = content
            }
            let id = scene.tree.make(l)
            try? scene.tree.addSublayer(id, to: containers.last ?? scene.root)
        }
        return scene
    }

    /// A split into chunks of `chunk` items on two threads, used whatever the input size.
    static func split(chunk: Int) -> WorkSplit {
        var s = WorkSplit(threads: 2)
        s.chunkItems = chunk
        s.chunksPerThread = 2
        s.sequentialBelow = 0
        return s
    }

    static func document(_ scene: Scene, keepGroups: Bool, split: WorkSplit) -> [UInt8] {
        let (list, _) = DisplayList.resolve(scene)
        return FlattenedSVG.bytes(list, scene: scene, keepGroups: keepGroups, split: split) { _ in }
    }

    static func streamed(_ scene: Scene, keepGroups: Bool, split: WorkSplit) -> [UInt8] {
        let (list, _) = DisplayList.resolve(scene)
        var options = FlattenedSVG.Options(keepGroups: keepGroups)
        options.split = split
        var out: [UInt8] = []
        FlattenedSVG.write(list, scene: scene, options: options) { out.append(contentsOf: $0) }
        return out
    }

    static func count(_ needle: String, in bytes: [UInt8]) -> Int {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: needle).count - 1
    }

    @Test(arguments: [0, 1, 3, 4, 5, 8, 9, 17, 40, 97], [false, true])
    func chunkedBytesEqualSequentialBytes(count: Int, keepGroups: Bool) {
        let scene = Self.generated(count: count)
        let sequential = Self.document(scene, keepGroups: keepGroups, split: .sequential)
        for chunk in [1, 2, 4, 7] {
            #expect(Self.document(scene, keepGroups: keepGroups, split: Self.split(chunk: chunk)) == sequential)
            #expect(Self.streamed(scene, keepGroups: keepGroups, split: Self.split(chunk: chunk)) == sequential)
        }
        // Every group opened is closed, and drawables are all there.
        #expect(Self.count("<g", in: sequential) == Self.count("</g>", in: sequential))
        #expect(Self.count(" fill=\"#", in: sequential) == count)
        #expect(String(decoding: sequential, as: UTF8.self).hasSuffix("</svg>\n"))
    }

    /// Clipping layers nested to several depths, each with drawables and clipping leaves, so
    /// that consecutive drawables share some of their clip chains: a chunk starts with the
    /// nested clip groups open that the sequential walk has open there.
    static func nestedClips(count: Int) -> Scene {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 1000, 1000)
        scene.tree[scene.root].position = Point(500, 500)
        var clippers: [LayerID] = [scene.root]
        for i in 0..<count {
            var l = Layer(name: "l\(i)")
            l.bounds = Rect(0, 0, 100 - Double(i % 7), 100)
            l.position = Point(Double(i % 30) * 20 + 50, Double(i / 30) * 20 + 50)
            l.masksToBounds = i % 3 != 0
            l.opacity = i % 23 == 0 ? 0.5 : 1
            if i % 4 != 1 {
                var content = Content(shape: .rect(x: 0, y: 0, width: 90, height: 90, rx: 0, ry: 0))
                content.fill = .color("#ff0000")
                l.content = content
            }
            let parent = clippers[(i * 7) % clippers.count]
            let id = scene.tree.make(l)
            try? scene.tree.addSublayer(id, to: parent)
            if i % 5 != 4 { clippers.append(id) }
        }
        return scene
    }

    @Test(arguments: [7, 30, 120])
    func nestedClipRunsInChunksEqualSequential(count: Int) {
        let scene = Self.nestedClips(count: count)
        let sequential = Self.document(scene, keepGroups: false, split: .sequential)
        #expect(Self.count("<g", in: sequential) == Self.count("</g>", in: sequential))
        for chunk in [1, 2, 3, 5] {
            #expect(Self.document(scene, keepGroups: false, split: Self.split(chunk: chunk)) == sequential)
        }
    }

    @Test(arguments: [false, true])
    func xlinkInALateChunkStillDeclaresTheNamespaceFirst(keepGroups: Bool) {
        let scene = Self.generated(count: 60, xlinkAt: 55)
        let sequential = Self.document(scene, keepGroups: keepGroups, split: .sequential)
        let text = String(decoding: sequential, as: UTF8.self)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""))
        #expect(text.contains("xlink:href=\"#l0\"/>"))
        for chunk in [1, 5, 16] {
            #expect(Self.document(scene, keepGroups: keepGroups, split: Self.split(chunk: chunk)) == sequential)
        }
        let plain = Self.document(Self.generated(count: 60), keepGroups: keepGroups, split: Self.split(chunk: 5))
        #expect(!String(decoding: plain, as: UTF8.self).contains("xmlns:xlink"))
    }

    @Test func largeSceneWithTheDefaultChunksEqualsSequential() {
        let scene = Self.generated(count: 9000)
        var split = WorkSplit(threads: 2)
        split.sequentialBelow = 0
        for keepGroups in [false, true] {
            #expect(Self.document(scene, keepGroups: keepGroups, split: split)
                == Self.document(scene, keepGroups: keepGroups, split: .sequential))
        }
    }

    /// Large enough for the `xlink` check to run in pieces on two threads: the head declares
    /// `xmlns:xlink` exactly when some piece finds one, wherever it is.
    @Test(arguments: [nil, 3, 2_500, 4_990] as [Int?])
    func xlinkFoundInAnyPiece(xlinkAt: Int?) {
        let scene = Self.generated(count: 5_000, xlinkAt: xlinkAt)
        let sequential = Self.document(scene, keepGroups: false, split: .sequential)
        #expect(Self.document(scene, keepGroups: false, split: Self.split(chunk: 2048)) == sequential)
        #expect(Self.count("xmlns:xlink", in: sequential) == (xlinkAt == nil ? 0 : 1))
    }

    /// The walk that makes the ids run beside the `xlink` look leaves the writer with the ids,
    /// definitions and clip scan of the walk run alone, and gives the look's answer, on one
    /// thread and on two, with and without `--keep-groups`.
    @Test(arguments: [nil, 3, 4_990] as [Int?])
    func idsMadeBesideTheXlinkLook(xlinkAt: Int?) {
        let scene = Self.generated(count: 5_000, xlinkAt: xlinkAt)
        let (list, _) = DisplayList.resolve(scene)
        for keepGroups in [false, true] {
            var alone = FlatWriter(list: list, scene: scene)
            var none: [UInt8] = []
            if keepGroups {
                alone.prepareLayerGroups()
                alone.writeLayerGroups(0..<list.items.count, emit: false, to: &none)
            } else {
                alone.writeBody(0..<list.items.count, emit: false, to: &none)
            }
            #expect(!alone.defs.isEmpty)
            for threads in [1, 2] {
                var beside = FlatWriter(list: list, scene: scene)
                let found = beside.makeIDsCheckingXlink(keepGroups: keepGroups, threads: threads)
                #expect(found == alone.bodyMayHoldXlink())
                #expect(found == (xlinkAt != nil))
                #expect(beside.defs == alone.defs)
                #expect(beside.nextClip == alone.nextClip && beside.nextMask == alone.nextMask)
                #expect(beside.longestClipScan == alone.longestClipScan)
                #expect(beside.layerGroupIDs == alone.layerGroupIDs)
            }
        }
    }

    /// The content's generated-looking ids looked for beside the walk, which generates its
    /// ids as if there were none: an id it generates (`lamina-clip-3`) makes it walk again
    /// the one-thread way; one it does not (`lamina-clip-900`), a mask's, or none, does not.
    /// Either way the ids, definitions and reserved ids are the walk alone's, on two threads.
    @Test(arguments: [nil, "lamina-clip-3", "lamina-clip-900", "lamina-mask-1"] as [String?])
    func contentIDsLookedForBesideTheWalk(id: String?) {
        var scene = Self.nestedClips(count: 120)
        if let id {
            var l = Layer(name: "verbatim")
            l.bounds = Rect(0, 0, 10, 10)
            l.position = Point(5, 5)
            l.content = Content(shape: .svg(xml: "<text id=\"\(id)\" y=\"9\">a</text>"))
            let v = scene.tree.make(l)
            try? scene.tree.addSublayer(v, to: scene.root)
        }
        let (list, _) = DisplayList.resolve(scene)
        var alone = FlatWriter(list: list, scene: scene)
        var none: [UInt8] = []
        alone.writeBody(0..<list.items.count, emit: false, to: &none)
        let defs = String(decoding: alone.defs, as: UTF8.self)
        #expect(defs.contains("<clipPath id=\"lamina-clip-4\""))
        if let id { #expect(!defs.contains("id=\"\(id)\"")) }
        var beside = FlatWriter(list: list, scene: scene)
        _ = beside.makeIDsCheckingXlink(keepGroups: false, threads: 2)
        #expect(beside.defs == alone.defs)
        #expect(beside.nextClip == alone.nextClip)
        #expect(beside.reserved == alone.reserved)
        #expect(beside.generatedAhead == nil)
        let sequential = Self.document(scene, keepGroups: false, split: .sequential)
        #expect(Self.document(scene, keepGroups: false, split: Self.split(chunk: 5)) == sequential)
    }

    /// The `xlink` check reads each text of a content in place: the fill and the stroke (a
    /// color, a paint server's id, its fallback), path data, verbatim markup, the rare keywords
    /// and the extras; short and long text alike.
    @Test func xlinkIsFoundInEveryTextOfAContent() {
        let long = String(repeating: "a", count: 40)
        var cases: [Content] = []
        for text in ["xlink", "axlinkb", long + "xlink" + long] {
            var fill = Content(shape: .rect(x: 0, y: 0, width: 1, height: 1, rx: 0, ry: 0))
            fill.fill = .color(text)
            var stroke = fill
            stroke.fill = .color("red")
            stroke.stroke = .color(text)
            var ref = stroke
            ref.stroke = .ref(text, fallback: nil)
            var fallback = stroke
            fallback.fill = .ref("g", fallback: text)
            var rule = stroke
            rule.fillRule = text
            var join = stroke
            join.strokeLinejoin = text
            var extra = stroke
            extra.extra = [StyleProperty("paint-order", text)]
            cases += [fill, stroke, ref, fallback, rule, join, extra,
                      Content(shape: .path("M0 0" + text)), Content(shape: .svg(xml: "<g " + text + "/>"))]
        }
        for c in cases {
            #expect(withUnsafePointer(to: c) { FlatWriter.mayHoldXlink($0) }, "\(c)")
        }
        var plain = Content(shape: .rect(x: 0, y: 0, width: 1, height: 1, rx: 0, ry: 0))
        plain.fill = .ref("x-link", fallback: "xlin")
        plain.stroke = .color("#xxxxxx")
        plain.strokeLinecap = "round"
        #expect(!withUnsafePointer(to: plain) { FlatWriter.mayHoldXlink($0) })
    }

    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")

    static func sampleSVGs() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
        return names.filter { $0.hasSuffix(".svg") && !$0.contains(".expected.") }.sorted()
    }

    @Test func samplesEqualSequentialInChunks() throws {
        let files = Self.sampleSVGs()
        #expect(files.count >= 8)
        for name in files {
            let bytes = try Array(Data(contentsOf: Self.samples.appendingPathComponent(name)))
            let scene = try SVGImport.importScene(bytes, file: name).scene
            for keepGroups in [false, true] {
                let sequential = Self.document(scene, keepGroups: keepGroups, split: .sequential)
                #expect(!sequential.isEmpty)
                for chunk in [1, 3] {
                    #expect(Self.document(scene, keepGroups: keepGroups, split: Self.split(chunk: chunk)) == sequential, "\(name)")
                }
            }
        }
    }
}

/// The flat writer's clip ids: a node's first key sits in an array by node, any other key of the
/// same node (another space, another stop) in a dictionary; every key finds its own id.
@Suite struct ClipIDTableTests {
    @Test func everyKeyFindsItsOwnID() {
        typealias Key = FlatWriter.ClipKey
        var table = FlatWriter.ClipIDTable(nodes: 3)
        let spaces: [LaminaGeometry.AffineTransform?] = [nil, .identity, LaminaGeometry.AffineTransform(2, 0, 0, 2, 1, 1)]
        var keys: [Key] = []
        for node in [0, 2, 7] {
            for space in spaces {
                for stop in [nil, 1] as [Int?] { keys.append(Key(node: node, space: space, stop: stop)) }
            }
        }
        for key in keys { #expect(table[key] == nil) }
        for (i, key) in keys.enumerated() { table[key] = "id\(i)" }
        for (i, key) in keys.enumerated() { #expect(table[key] == "id\(i)") }
        #expect(table[Key(node: 1, space: nil, stop: nil)] == nil)
        #expect(table[Key(node: 0, space: LaminaGeometry.AffineTransform(3, 0, 0, 3, 0, 0), stop: nil)] == nil)
    }
}
