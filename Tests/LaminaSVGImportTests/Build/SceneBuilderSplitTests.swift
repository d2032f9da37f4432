import Foundation
import LaminaCore
import LaminaTestSupport
import Testing

@testable import LaminaSVGImport

private typealias S = ImportTestSupport

/// The build in two halves (`SceneBuilder+Split.swift`), forced on small documents: the scene
/// (layers, links, pending geometry made into bounds and transforms, source positions) and the
/// diagnostics are those of a sequential build, whether the halves were merged or the first
/// half built the second's children again.
@Suite struct SceneBuilderSplitTests {
    /// `text` built with the split forced on every document whose root has two children, and
    /// what became of the split.
    static func split(
        _ text: String, start: SceneBuilder.SplitStart = .worker, givesBack: Bool = false,
        ahead: SceneBuilder.FinalizeAhead = .first(.max)
    ) throws(SVGImportError) -> (scene: Scene, diagnostics: [Diagnostic], outcome: SceneBuilder.SplitOutcome) {
        let (tree, diagnostics) = try XMLReader.read(Array(text.utf8), file: "in.svg", threads: 2)
        var builder = SceneBuilder(tree: tree, diagnostics: diagnostics, threads: 2, splitFloor: 1)
        builder.splitStart = start
        builder.finalizesAhead = ahead
        if givesBack { builder.leanSplitFloor = 0 }
        #expect(builder.mergeGivesBack == givesBack || builder.splitAt == nil)
        let scene = try builder.build()
        return (scene, builder.diagnostics, builder.splitOutcome)
    }

    /// Expects the split build of `text` to end as `outcome` and to give what one thread gives,
    /// with each half's root children finalized ahead (once that half is built) all, one and
    /// none.
    static func expectSequential(_ text: String, _ outcome: SceneBuilder.SplitOutcome, givesBack: Bool = false) throws {
        let one = try SVGImport.importScene(Array(text.utf8), file: "in.svg", threads: 1)
        for ahead in [SceneBuilder.FinalizeAhead.first(.max), .first(1), .first(0)] {
            let two = try split(text, givesBack: givesBack, ahead: ahead)
            #expect(two.outcome == outcome, "\(ahead)")
            #expect(two.scene == one.scene, "\(ahead)")
            #expect(two.scene.resources == one.scene.resources, "\(ahead)")
            #expect(two.scene.tree.sourcePositions == one.scene.tree.sourcePositions, "\(ahead)")
            #expect(two.diagnostics == one.diagnostics, "\(ahead)")
        }
    }

    /// Groups of shapes, `n` of them, with transforms, opacity, styles and nested groups.
    static func groups(_ n: Int, from first: Int = 0) -> String {
        (first..<first + n).map { k in
            """
            <g id='g\(k)' transform='translate(\(k) 2) rotate(\(k * 7))' opacity='0.\(k % 9 + 1)' fill='#00\(k % 10)0ff'>\
            <rect x='\(k)' y='1' width='3' height='4' stroke='#000000'/><g style='stroke-width:\(k % 3 + 1)'>\
            <circle cx='\(k)' cy='2' r='1'/><path d='M0 0L\(k) 3z'/></g><ellipse rx='2' ry='\(k % 4 + 1)'/></g>
            """
        }.joined()
    }

    @Test func shapesAndNestedGroupsAreMerged() throws {
        try Self.expectSequential(S.header + " width='100' height='100'>" + Self.groups(12) + "<rect width='5' height='5'/></svg>", .merged)
    }

    /// A document whose size comes from its content: the root is fitted to the merged layers.
    @Test func aRootFittedToContentSeesBothHalves() throws {
        try Self.expectSequential(S.header + ">" + Self.groups(6) + "<rect x='150' y='170' width='5' height='5'/></svg>", .merged)
    }

    /// Clip paths used on both sides of the split point (their templates made on each side),
    /// in user space, in the object bounding box (a link to the host, renumbered), and with a
    /// clip path of their own (a link to the clip space).
    @Test func clipPathsSharedAcrossTheSplitPoint() throws {
        let defs = """
            <defs><clipPath id='c'><rect width='5' height='5'/><circle r='3'/></clipPath>\
            <clipPath id='b' clipPathUnits='objectBoundingBox'><circle cx='0.5' cy='0.5' r='0.4'/></clipPath>\
            <clipPath id='n' clip-path='url(#c)' transform='rotate(10)'><rect width='8' height='8'/></clipPath></defs>
            """
        let clipped = (0..<10).map { k in
            "<g clip-path='url(#\(["c", "b", "n"][k % 3]))'><rect x='\(k)' width='4' height='4'/></g>"
                + "<circle cx='\(k)' r='2' clip-path='url(#\(["b", "n", "c"][k % 3]))'/>"
        }.joined()
        try Self.expectSequential(S.header + " width='100' height='100'>" + defs + clipped + "</svg>", .merged)
    }

    /// Groups clipped by clip paths the first half made ready, the second half's first use of
    /// each a group (its content built before the clip path's children, where a sequential build
    /// copies the template first), and a group clipped inside a group clipped by the same clip
    /// path (built twice by the second half, its orders nested).
    @Test func clipTemplatesTheSecondHalfBuildsAreInTheSequentialOrder() throws {
        let defs = "<defs><clipPath id='c'><rect width='5' height='5'/><circle r='3'/></clipPath>"
            + "<clipPath id='b' clipPathUnits='objectBoundingBox'><circle cx='0.5' cy='0.5' r='0.4'/></clipPath></defs>"
        let clipped = (0..<8).map { k in
            "<g clip-path='url(#c)'><rect x='\(k)' width='4' height='4'/><circle r='1'/></g>"
                + "<g clip-path='url(#b)'><g clip-path='url(#b)'><rect width='\(k + 1)' height='2'/></g><ellipse rx='2' ry='1'/></g>"
        }.joined()
        try Self.expectSequential(S.header + " width='100' height='100'>" + defs + clipped + "</svg>", .merged)
    }

    /// Ids, classes and titles on both sides, a `use` in the second half of an element of the first.
    @Test func idsAndUsesAcrossTheSplitPoint() throws {
        let body = (0..<8).map { k in
            "<rect id='r\(k)' class='c\(k % 2)' width='\(k + 1)' height='2'><title>t\(k)</title></rect>"
        }.joined() + "<use href='#r1' x='5'/><use href='#g0' y='3'/>"
        try Self.expectSequential(S.header + " width='100' height='100'>" + Self.groups(1) + body + "</svg>", .merged)
    }

    /// Warnings on both sides: each half's own in order, and one given by both halves (a clip
    /// path child's invalid transform, built on each side) once, where the first gave it.
    @Test func diagnosticsOfBothHalvesInOrder() throws {
        let body = """
            <defs><clipPath id='c'><rect width='5' height='5' transform='rotate(x)'/></clipPath></defs>\
            <foo/><rect width='1' height='1' clip-path='url(#c)'/><g clip-path='url(#missing)'/>
            """ + Self.groups(4) + """
            <bar/><rect width='1' height='1' clip-path='url(#c)'/><script/><rect width='2' height='2' transform='skew(1'/>
            """ + Self.groups(4, from: 4)
        let two = try Self.split(S.header + " width='100' height='100'>" + body + "</svg>")
        #expect(two.diagnostics.filter { $0.message.contains("invalid transform 'rotate(x)'") }.count == 1)
        #expect(two.diagnostics.contains { $0.message.contains("'bar'") })
        try Self.expectSequential(S.header + " width='100' height='100'>" + body + "</svg>", .merged)
    }

    /// A rebuild after the first half finalized its own root children: clip paths whose
    /// templates it made (ready, and one still building as the first half ends) are built
    /// again, not copied from finalized layers, and those root children are not finalized twice.
    @Test func aRebuildAfterTheFirstHalfFinalizedCopiesNoFinalizedTemplate() throws {
        let defs = "<defs><clipPath id='c' transform='translate(1 2)'><rect x='1' width='5' height='5'/><circle r='3'/></clipPath>"
            + "<clipPath id='b' clipPathUnits='objectBoundingBox'><circle cx='0.5' cy='0.5' r='0.4'/></clipPath>"
            + "<linearGradient id='l'><stop offset='0' stop-color='#ff0000'/></linearGradient></defs>"
        let clipped = (0..<8).map { k in
            "<g clip-path='url(#c)' transform='translate(\(k) 3)'><rect x='\(k)' width='4' height='4'/></g>"
                + "<circle cx='\(k)' r='2' clip-path='url(#b)'/>"
        }.joined()
        let body = defs + clipped + "<g clip-path='url(#c)'><g clip-path='url(#b)'><rect width='3' height='2'/></g></g>"
            + "<rect width='5' height='5' fill='url(#l)'/>"
        try Self.expectSequential(S.header + " width='100' height='100'>" + body + "</svg>", .rebuilt)
        // With the root children finalized while the second half builds, however far that gets.
        let text = S.header + " width='100' height='100'>" + body + "</svg>"
        let one = try SVGImport.importScene(Array(text.utf8), file: "in.svg", threads: 1)
        let two = try Self.split(text, ahead: .whileWaiting)
        #expect(two.outcome == .rebuilt)
        #expect(two.scene == one.scene)
    }

    /// Each half finalizes its own root children once built (with `.first(n)`, its first `n`,
    /// however long the other half takes): the geometry pass after the merge leaves out both runs,
    /// the second half's at the positions the merge gives its root children.
    @Test(arguments: [Int.max, 1])
    func bothHalvesFinalizeTheirRootChildrenAhead(_ n: Int) throws {
        let text = S.header + " width='100' height='100'>" + Self.groups(12) + "<rect width='5' height='5'/></svg>"
        let one = try SVGImport.importScene(Array(text.utf8), file: "in.svg", threads: 1)
        let (tree, diagnostics) = try XMLReader.read(Array(text.utf8), file: "in.svg", threads: 2)
        var builder = SceneBuilder(tree: tree, diagnostics: diagnostics, threads: 2, splitFloor: 1)
        builder.splitStart = .worker
        builder.finalizesAhead = .first(n)
        let scene = try builder.build()
        #expect(builder.splitOutcome == .merged)
        #expect(scene == one.scene)
        let roots = scene.tree.sublayers(of: scene.root).count
        let ahead = builder.finalizedAhead
        try #require(ahead.count == 2)
        // The first half's root children start the root's list; the second half's follow them.
        let first = ahead[0], second = ahead[1]
        #expect(first.lowerBound == 0 && second.upperBound <= roots && first.upperBound <= second.lowerBound)
        if n == 1 {
            #expect(first.count == 1 && second.count == 1)
        } else {
            #expect(first.upperBound == second.lowerBound && second.upperBound == roots)
        }
        // The second half's first root child is the one at the split point.
        let split = try #require(SceneBuilder.splitPoint(tree))
        let child = scene.tree.sublayers(of: scene.root)[second.lowerBound]
        let (line, column) = tree.position(of: split.element)
        #expect(scene.tree.sourcePositions[child.index] == SourcePosition(line: line, column: column))
    }

    /// A second half that requests a resource (a gradient) cannot be merged: the first half
    /// builds its children again.
    @Test func aResourceInTheSecondHalfFallsBack() throws {
        let body = "<defs><linearGradient id='l'><stop offset='0' stop-color='#ff0000'/></linearGradient></defs>"
            + Self.groups(6) + "<rect width='5' height='5' fill='url(#l)'/>"
        try Self.expectSequential(S.header + " width='100' height='100'>" + body + "</svg>", .rebuilt)
    }

    /// An error in the second half (past the instancing cap's check, a bad constraint) is the
    /// sequential build's error.
    @Test func anErrorInTheSecondHalfIsTheSequentialOne() throws {
        let text = S.header + " width='100' height='100'>" + Self.groups(6)
            + "<rect lamina:constraints='bogus ==' width='1' height='1'/></svg>"
        let one = Result { () throws(SVGImportError) in try SVGImport.importScene(Array(text.utf8), file: "in.svg", threads: 1) }
        let two = Result { () throws(SVGImportError) in try Self.split(text) }
        switch (one, two) {
        case (.failure(let a), .failure(let b)):
            #expect(a.description == b.description)
        case (.success(let a), .success(let b)):
            #expect(a.scene == b.scene)
            #expect(a.diagnostics == b.diagnostics)
        default:
            Issue.record("one build failed, the other did not")
        }
    }

    /// A second half no worker started is built by the first half, as a sequential build does.
    @Test func aSecondHalfNoWorkerStartedIsBuiltByTheFirst() throws {
        let text = S.header + " width='100' height='100'>" + Self.groups(12) + "<rect width='5' height='5'/></svg>"
        let one = try SVGImport.importScene(Array(text.utf8), file: "in.svg", threads: 1)
        let two = try Self.split(text, start: .firstHalf)
        #expect(two.outcome == .unstarted)
        #expect(two.scene == one.scene)
        #expect(two.scene.tree.sourcePositions == one.scene.tree.sourcePositions)
        #expect(two.diagnostics == one.diagnostics)
    }

    /// The moved-from records of the second half may be given back to the system as zero pages:
    /// a layer and a pending record of all-zero bits are moved-from values.
    @Test func hollowRecordsAreZeroBits() {
        #expect(withUnsafeBytes(of: PendingGeometry.hollow) { $0.allSatisfy { $0 == 0 } })
        #expect(withUnsafeBytes(of: Layer.hollow) { $0.allSatisfy { $0 == 0 } })
    }

    /// A second half of hundreds of layers (its records span many pages, given back as the
    /// merge moves them, as a large document's are) merges into the sequential scene; with
    /// clip paths whose mask layers the merge puts in another order, too.
    @Test func aLargeSecondHalfIsMergedAsItsPagesAreGivenBack() throws {
        try Self.expectSequential(S.header + " width='100' height='100'>" + Self.groups(400) + "</svg>", .merged, givesBack: true)
        let defs = "<defs><clipPath id='c'><rect width='5' height='5'/><circle r='3'/></clipPath></defs>"
        let clipped = (0..<300).map { k in
            "<g clip-path='url(#c)'><rect x='\(k)' width='4' height='4'/><circle r='1'/></g><rect width='\(k + 1)' height='2'/>"
        }.joined()
        try Self.expectSequential(S.header + " width='100' height='100'>" + defs + clipped + "</svg>", .merged, givesBack: true)
    }

    /// A root with one child has no split point; nor does a one-thread build.
    @Test func noSplitWithoutASecondChildOrThread() throws {
        #expect(try Self.split(S.header + "><g>" + Self.groups(6) + "</g></svg>").outcome == .none)
        let (tree, d) = try XMLReader.read(Array((S.header + ">" + Self.groups(6) + "</svg>").utf8), file: "in.svg")
        var builder = SceneBuilder(tree: tree, diagnostics: d, threads: 1, splitFloor: 1)
        _ = try builder.build()
        #expect(builder.splitOutcome == .none)
    }

    /// Every corpus file built with the split forced gives the sequential result; most merge.
    @Test func corpusBuildsTheSameSplit() throws {
        let files = try ElementPrefetchCorpusTests.corpusFiles()
        #expect(files.count >= 400, "the corpus is missing")
        var merged = 0
        for (k, url) in files.enumerated() {
            let bytes = try Array(Data(contentsOf: url))
            let name = url.lastPathComponent
            let one = Result { () throws(SVGImportError) in try SVGImport.importScene(bytes, file: name, threads: 1) }
            let two = Result { () throws(SVGImportError) in
                let (tree, diagnostics) = try XMLReader.read(bytes, file: name, threads: 2)
                var builder = SceneBuilder(tree: tree, diagnostics: diagnostics, threads: 2, splitFloor: 1)
                builder.splitStart = .worker
                // Each half's root children finalized ahead: all, none, or the first.
                builder.finalizesAhead = [.first(.max), .first(0), .first(1)][k % 3]
                let scene = try builder.build()
                return (scene: scene, diagnostics: builder.diagnostics, outcome: builder.splitOutcome)
            }
            switch (one, two) {
            case (.success(let a), .success(let b)):
                #expect(a.scene == b.scene, "\(name)")
                #expect(a.scene.tree.sourcePositions == b.scene.tree.sourcePositions, "\(name)")
                #expect(a.diagnostics == b.diagnostics, "\(name)")
                if b.outcome == .merged { merged += 1 }
            case (.failure(let a), .failure(let b)):
                #expect(a.description == b.description, "\(name)")
            default:
                Issue.record("\(name): one import failed, the other did not")
            }
        }
        #expect(merged >= files.count / 4, "\(merged) of \(files.count) merged")
        print("split corpus: \(merged) of \(files.count) merged")
    }
}

