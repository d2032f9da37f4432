import Foundation
import LaminaSVGImport
import LaminaTestSupport
import Testing

@testable import LaminaCore

/// The resolve step cut into pieces on several threads (``Resolver/resolveInPieces(_:)``)
/// gives the list and the diagnostics of the single-threaded walk, for any number of pieces.
@Suite struct ResolvePiecesTests {
    /// Both resolves of `scene`: one thread, and `threads` pieces from any size.
    /// `slack` moves each piece's item bound (``Resolver/pieceBound(of:)``) off its count: runs
    /// left partly empty (above), or items spilled past the run (below).
    static func expectSameInPieces(_ scene: Scene, threads: Int, _ name: String, slack: Int = 0) {
        for layerMaps in [false, true] {
            let (one, oneWarnings) = DisplayList.resolve(scene, layerMaps: layerMaps, threads: 1)
            let (cut, cutWarnings) = DisplayList.resolve(
                scene, layerMaps: layerMaps, threads: threads, piecesFrom: 0, itemBoundSlack: slack)
            #expect(cut == one, "\(name) threads \(threads) layerMaps \(layerMaps) slack \(slack)")
            #expect(cutWarnings == oneWarnings, "\(name) threads \(threads)")
        }
    }

    /// Root sublayers of every kind the merge renumbers: opacity groups folded over one child
    /// or kept over several, clip paths (nested), masks, filters, named and unnamed layers,
    /// hidden ones, and a root that is itself a group with a clip.
    static let mixed = """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 100 100" opacity="0.9"
             style="overflow:hidden">
          <defs>
            <clipPath id="c1"><rect width="50" height="50"/></clipPath>
            <clipPath id="c2" clip-path="url(#c1)"><circle cx="20" cy="20" r="15"/></clipPath>
            <mask id="m1"><rect width="40" height="40" fill="white"/></mask>
            <filter id="f1"><feGaussianBlur stdDeviation="2"/></filter>
            <linearGradient id="g1"><stop offset="0" stop-color="red"/></linearGradient>
          </defs>
          <rect width="10" height="10"/>
          <g id="a" opacity="0.5"><rect width="5" height="5" fill="url(#g1)"/></g>
          <g opacity="0.5"><rect width="5" height="5"/><circle r="3"/></g>
          <g clip-path="url(#c2)"><rect id="r1" width="30" height="30"/><g opacity=".3"><ellipse rx="4" ry="2"/></g></g>
          <rect id="b" width="8" height="8" mask="url(#m1)"/>
          <g display="none"><rect width="9" height="9"/></g>
          <g id="c" filter="url(#f1)" clip-path="url(#c1)"><path d="M0 0L10 10"/></g>
          <g><g id="d"><g opacity=".2"><rect width="1" height="1"/></g></g></g>
          <rect id="e" width="3" height="3" clip-path="url(#c1)" opacity="0.4"/>
          <g transform="rotate(10)"><g id="f" clip-path="url(#c2)"><rect width="2" height="2"/></g></g>
          <rect width="7" height="7" opacity="0"/>
          <polygon points="0,0 5,0 5,5" fill="none" stroke="blue"/>
        </svg>
        """

    @Test(arguments: [2, 3, 5, 64])
    func mixedRootSublayersResolveTheSameInPieces(threads: Int) throws {
        let scene = try SVGImport.importScene(Array(Self.mixed.utf8), file: "mixed.svg").scene
        #expect(scene.tree.sublayers(of: scene.root).count >= 12)
        Self.expectSameInPieces(scene, threads: threads, "mixed.svg")
    }

    /// The pieces write their items into one buffer, each after the most items the pieces
    /// before it may draw: a bound above the count leaves gaps that are closed, one below it
    /// spills items past a piece's run; either way the list is the one-thread list.
    @Test(arguments: [2, 3], [-1000, -2, -1, 1, 7])
    func itemBoundsOffTheCountGiveTheSameList(threads: Int, slack: Int) throws {
        let scene = try SVGImport.importScene(Array(Self.mixed.utf8), file: "mixed.svg").scene
        Self.expectSameInPieces(scene, threads: threads, "mixed.svg", slack: slack)
        let deep = try SVGImport.importScene(Array(Self.nested.utf8), file: "nested.svg").scene
        Self.expectSameInPieces(deep, threads: threads, "nested.svg", slack: slack)
    }

    /// The bound is the count where every layer is drawn: each part of each visible layer
    /// (hidden subtrees and transparent layers left out, as the walk leaves them).
    @Test func itemBoundIsTheCountOfDrawnParts() throws {
        for (text, name) in [(Self.mixed, "mixed.svg"), (Self.nested, "nested.svg")] {
            let scene = try SVGImport.importScene(Array(text.utf8), file: name).scene
            let (one, _) = DisplayList.resolve(scene, layerMaps: false, threads: 1)
            let subs = scene.tree.sublayersInPaintOrder(of: scene.root).filter { scene.tree.isVisible($0) }
            let resolver = Resolver(scene: scene)
            #expect(resolver.pieceBound(of: subs[...]).items == one.items.count, "\(name)")
            let half = subs.count / 2
            #expect(resolver.pieceBound(of: subs[..<half]).items + resolver.pieceBound(of: subs[half...]).items == one.items.count)
            #expect(resolver.pieceBound(of: subs[...]).groups >= one.groups.count)
        }
    }

    /// The rare parts the bound reads in place (a background, a border, which bounds of no
    /// area do not draw), and a transform layer, which draws neither: the bound is the count.
    @Test func itemBoundCountsRarePartsAsTheWalkDraws() throws {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 100, 100)
        scene.tree[scene.root].position = Point(50, 50)
        func add(background: String?, border: Double, side: Double = 10, transformLayer: Bool = false) throws {
            var l = Layer()
            l.bounds = Rect(0, 0, side, side)
            l.backgroundColor = background
            l.borderWidth = border
            l.isTransformLayer = transformLayer
            try scene.tree.addSublayer(scene.tree.make(l), to: scene.root)
        }
        try add(background: "red", border: 0)
        try add(background: nil, border: 2)
        try add(background: "blue", border: 1)
        try add(background: nil, border: 3, side: 0)
        try add(background: "green", border: 1, transformLayer: true)
        var z = Layer()
        z.zPosition = 1
        try scene.tree.addSublayer(scene.tree.make(z), to: scene.root)
        let (one, _) = DisplayList.resolve(scene, layerMaps: false, threads: 1)
        #expect(one.items.count == 4)
        let subs = scene.tree.sublayersInPaintOrder(of: scene.root)
        let bound = Resolver(scene: scene).pieceBound(of: subs[...])
        #expect(bound.items == one.items.count)
        #expect(bound.layers == subs.count)
    }

    /// A layer whose SVG facts are an element name and an id has no compositing facts, so
    /// the resolver does not read them (``Resolver/mayComposite(_:)``); a filter, a mask and a
    /// blend mode are found.
    @Test func onlyLayersThatMayCompositeHaveCompositingFacts() throws {
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
              <defs><filter id="f"><feGaussianBlur stdDeviation="1"/></filter>
                <mask id="m"><rect width="9" height="9" fill="white"/></mask></defs>
              <rect id="plain" width="5" height="5"/><g class="styled"><circle r="2"/></g>
              <g filter="url(#f)"><rect width="1" height="1"/></g>
              <rect width="3" height="3" mask="url(#m)"/>
              <g style="mix-blend-mode:multiply"><rect width="2" height="2"/></g>
            </svg>
            """
        let scene = try SVGImport.importScene(Array(text.utf8), file: "compositing.svg").scene
        var composite = 0
        var mayOnly = 0
        scene.tree.layers.withUnsafeBufferPointer { layers in
            for i in layers.indices {
                let may = Resolver.mayComposite(layers.baseAddress! + i)
                if layers[i].svgCompositing != nil {
                    composite += 1
                    #expect(may, "layer \(i)")
                } else if may {
                    mayOnly += 1
                }
            }
        }
        // The filter, the mask, the blend mode, and the root's width and height (kept as facts).
        #expect(composite == 4)
        // The class attribute is a rare fact that composites nothing.
        #expect(mayOnly >= 1)
        // The count marks each layer it visits as the test on the layer finds it, and no other.
        let tree = scene.tree
        let visited = Set(tree.paintOrder(from: scene.root).dropFirst())
        var marks = [UInt8](repeating: CompositeMark.unknown, count: tree.count)
        let subs = tree.sublayersInPaintOrder(of: scene.root).filter { tree.isVisible($0) }
        marks.withUnsafeMutableBufferPointer { m in
            _ = Resolver(scene: scene).pieceBound(of: subs[...], marks: m.baseAddress!)
        }
        tree.layers.withUnsafeBufferPointer { layers in
            for i in layers.indices {
                let expected = !visited.contains(LayerID(i)) ? CompositeMark.unknown
                    : Resolver.mayComposite(layers.baseAddress! + i) ? CompositeMark.may : CompositeMark.none
                #expect(marks[i] == expected, "layer \(i)")
            }
        }
    }

    /// Groups nested under the root's sublayers, some of them hidden or transparent, with
    /// folded and kept opacity groups and clips inside the pieces.
    static let nested = """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
          <defs><clipPath id="c"><rect width="40" height="40"/></clipPath></defs>
          <g opacity="0.5"><g><rect width="5" height="5"/><g visibility="hidden"><rect width="6" height="6"/></g></g></g>
          <g clip-path="url(#c)"><g opacity="0.3"><circle r="4"/></g><g opacity="0"><rect width="3" height="3"/></g></g>
          <g><g><g opacity="0.7"><rect width="1" height="1"/><rect width="2" height="2" stroke="red"/></g></g></g>
          <g display="none"><g><rect width="9" height="9"/></g></g>
          <g transform="scale(2)"><g opacity="0.4"><ellipse rx="3" ry="2"/></g><rect width="4" height="4"/></g>
        </svg>
        """

    @Test(arguments: [2, 3])
    func corpusResolvesTheSameInPieces(threads: Int) throws {
        let walker = try #require(FileManager.default.enumerator(at: TestSupport.sharedCorpus, includingPropertiesForKeys: nil))
        let files = walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "svg" }.sorted { $0.path < $1.path }
        #expect(files.count >= 400, "the corpus is missing: expected it at \(TestSupport.sharedCorpus.path)")
        for url in files {
            guard let scene = try? SVGImport.importScene(Array(Data(contentsOf: url)), file: url.lastPathComponent).scene
            else { continue }
            Self.expectSameInPieces(scene, threads: threads, url.lastPathComponent)
        }
    }

    /// Layer masks that mask to bounds: the clips of their drawables are renumbered too.
    @Test(arguments: [2, 3])
    func maskClipsResolveTheSameInPieces(threads: Int) throws {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 100, 100)
        scene.tree[scene.root].position = Point(50, 50)
        for i in 0..<6 {
            var l = Layer(name: "l\(i)")
            l.bounds = Rect(0, 0, 20, 20)
            l.position = Point(10 + Double(i) * 10, 50)
            l.backgroundColor = "red"
            l.masksToBounds = true
            let id = scene.tree.make(l)
            try scene.tree.addSublayer(id, to: scene.root)
            var m = Layer()
            m.bounds = Rect(0, 0, 10, 10)
            m.masksToBounds = true
            let mask = scene.tree.make(m)
            try scene.tree.setMask(mask, of: id)
            var k = Layer()
            k.bounds = Rect(0, 0, 30, 30)
            k.backgroundColor = "black"
            try scene.tree.addSublayer(scene.tree.make(k), to: mask)
        }
        Self.expectSameInPieces(scene, threads: threads, "masks")
    }

    /// A layer placed by numbers past the range of doubles is not drawn, but it was entered
    /// and has its paint index, in a piece as on one thread (the merge left it out: nil).
    @Test(arguments: [2, 3])
    func layersPlacedPastDoublesKeepTheirPaintIndexInPieces(threads: Int) throws {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 100, 100)
        scene.tree[scene.root].position = Point(50, 50)
        for i in 0..<8 {
            var l = Layer(name: i == 6 ? nil : "l\(i)")
            l.bounds = Rect(0, 0, 20, 20)
            l.position = i == 6 ? Point(.infinity, 50) : Point(10 + Double(i) * 10, 50)
            l.backgroundColor = "red"
            let id = scene.tree.make(l)
            try scene.tree.addSublayer(id, to: scene.root)
            var k = Layer()
            k.bounds = Rect(0, 0, 5, 5)
            k.backgroundColor = "blue"
            try scene.tree.addSublayer(scene.tree.make(k), to: id)
        }
        let (one, warnings) = DisplayList.resolve(scene, layerMaps: false, threads: 1)
        let placedPast = scene.tree.sublayers(of: scene.root)[6]
        #expect(one.layerPaintIndex[placedPast.index] != nil)
        #expect(warnings.count == 1)
        // Without layer maps: the map of the layer placed past doubles holds NaN, never equal.
        let (cut, cutWarnings) = DisplayList.resolve(scene, layerMaps: false, threads: threads, piecesFrom: 0)
        #expect(cut.layerPaintIndex[placedPast.index] == one.layerPaintIndex[placedPast.index])
        #expect(cut == one)
        #expect(cutWarnings == warnings)
    }

    /// Masks inside layer masks (two deep, one under a clip): their mask contents and the
    /// records of where they nest are renumbered too.
    @Test(arguments: [2, 3])
    func masksInsideMasksResolveTheSameInPieces(threads: Int) throws {
        var scene = Scene()
        scene.tree[scene.root].bounds = Rect(0, 0, 100, 100)
        scene.tree[scene.root].position = Point(50, 50)
        func square(_ side: Double, clips: Bool = false) -> Layer {
            var l = Layer()
            l.bounds = Rect(0, 0, side, side)
            l.backgroundColor = "black"
            l.masksToBounds = clips
            return l
        }
        for i in 0..<6 {
            var l = square(20)
            l.position = Point(10 + Double(i) * 10, 50)
            let id = scene.tree.make(l)
            try scene.tree.addSublayer(id, to: scene.root)
            var host = id
            for depth in 0..<3 {
                let mask = scene.tree.make(square(10, clips: depth == 1))
                try scene.tree.setMask(mask, of: host)
                host = scene.tree.make(square(30 - Double(depth) * 5))
                try scene.tree.addSublayer(host, to: mask)
            }
        }
        let (list, _) = DisplayList.resolve(scene, layerMaps: false, threads: 1)
        #expect(list.masksInMasks.count == 12)
        Self.expectSameInPieces(scene, threads: threads, "masks in masks")
    }

    @Test func piecesCoverTheSublayersInOrderWithWorkSpreadEvenly() {
        // Sublayers whose subtrees span 1, 1, 1, 97 ids, then 100 of one id each.
        var ids: [LayerID] = [LayerID(1), LayerID(2), LayerID(3), LayerID(4)]
        ids += (0..<100).map { LayerID(101 + $0) }
        for pieces in [1, 2, 3, 7, 200] {
            let ranges = Resolver.pieceRanges(ids, pieces: pieces, layerCount: 201)
            #expect(ranges.first?.lowerBound == 0)
            #expect(ranges.last?.upperBound == ids.count)
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(ranges.allSatisfy { !$0.isEmpty })
            #expect(ranges.count <= min(pieces, ids.count))
            // Sublayers of equal weight: as many pieces as asked (one sublayer at least each).
            let even = (0..<10).map { LayerID($0 + 1) }
            #expect(Resolver.pieceRanges(even, pieces: pieces, layerCount: 11).count == min(pieces, even.count))
        }
        // Two pieces: the heavy fourth sublayer and the 100 light ones are about equal halves.
        #expect(Resolver.pieceRanges(ids, pieces: 2, layerCount: 201) == [0..<4, 4..<104])
    }
}
