import Foundation
import LaminaCore
import LaminaTestSupport
import Testing

@testable import LaminaSVGImport

/// The prefetch thread must not change what the import produces: the same scene and the same
/// diagnostics, in the same order, with one thread or several.
@Suite struct ElementPrefetchTests {
    /// The tree, cascade and a two-thread prefetch of a ``document(count:bigDefs:)`` of five
    /// default blocks.
    static func prefetched() throws -> (ElementTree, StyleCascade, ElementPrefetch) {
        let text = document(count: 5 * ElementPrefetch.defaultBlockSize, bigDefs: false)
        let (tree, _) = try XMLReader.read(Array(text.utf8), file: "p.svg")
        var none: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &none)
        return (tree, cascade, try #require(ElementPrefetch.make(tree: tree, cascade: cascade, threads: 2)))
    }

    /// A document of `count` drawables exercising what the prefetch computes (sheet rules,
    /// `style`, transforms valid and invalid, path and point data valid and invalid) and what
    /// makes the builder leave document order (clip paths defined before, `use` of elements
    /// far ahead, a large `defs` the builder skips).
    static func document(count: Int, bigDefs: Bool) -> String {
        var s = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:lamina="urn:lamina:layer" width="100" height="100">"#
        s += "<style>.a { fill: red; stroke: url(http://example.com/p) } #e7 { opacity: .5 }</style>"
        s += #"<defs><clipPath id="c"><rect width="50" height="50" transform="rotate(10)"/></clipPath>"#
        if bigDefs {
            for i in 0..<6000 { s += #"<rect id="d\#(i)" width="\#(i % 7)" height="2"/>"# }
        }
        s += "</defs>"
        for i in 0..<count {
            switch i % 9 {
            case 0: s += #"<rect id="e\#(i)" class="a" lamina:z="\#(i % 4)" x="\#(i % 90)" y="1" width="5" height="5" transform="translate(1 2)"/>"#
            case 1: s += #"<circle cx="10" cy="10" r="\#(i % 5)" transform="rotate(\#(i % 360)"/>"#
            case 2: s += #"<path d="M0 0 L\#(i % 50) 10 q 5 5 10 0 z"/>"#
            case 3: s += #"<path d="M0 0 L 10 10 X 4" style="fill: blue"/>"#
            case 4: s += #"<polygon points="0,0 10,\#(i % 40) 5"/>"#
            case 5: s += ##"<polyline points="" clip-path="url(#c)"/>"##
            case 6: s += ##"<use xlink:href="#e\##(min(count - 9, i + 3000) / 9 * 9)" x="1"/>"##
            case 7: s += #"<g transform="scale(2)" fill="green" style="font-size: 20px; stroke-width: 2em"><g opacity=".5"><ellipse rx="3" ry="2" style="transform: rotate(5deg)"/></g></g>"#
            default: s += #"<line x2="\#(i % 30)" y2="4" transform="matrix(1 0 0)" onclick="f()"><title> t\#(i) </title></line>"#
            }
        }
        return s + "</svg>"
    }

    @Test(arguments: [false, true])
    func prefetchedImportEqualsSequentialImport(bigDefs: Bool) throws {
        let text = Self.document(count: 3 * ElementPrefetch.defaultBlockSize * 4 + 17, bigDefs: bigDefs)
        let one = try SVGImport.importScene(Array(text.utf8), file: "p.svg", threads: 1)
        let two = try SVGImport.importScene(Array(text.utf8), file: "p.svg", threads: 2)
        #expect(one.scene == two.scene)
        #expect(one.diagnostics == two.diagnostics)
        // The document really holds the warnings the prefetch computes ahead of the builder.
        #expect(one.diagnostics.contains { $0.message.contains("invalid transform") })
        #expect(one.diagnostics.contains { $0.message.contains("invalid path data") })
        #expect(one.diagnostics.contains { $0.message.contains("external reference") })
        #expect(one.diagnostics.contains { $0.message.contains("event attribute") })
        #expect(one.scene.tree.layers.contains { $0.svg?.title != nil && $0.zPosition == 0 })
        #expect(one.scene.tree.layers.contains { $0.zPosition == 2 })
    }

    @Test func entriesMatchTheBuildersOwnComputation() throws {
        let (tree, cascade, prefetch) = try Self.prefetched()
        var hits = 0, localOnly = 0
        for e in tree.indices {
            guard let entry = prefetch.entry(e) else { continue }
            hits += 1
            // One element alone: its ancestors' styles are computed from the root down.
            let direct = ElementPrefetch.compute(e..<(e + 1), tree: tree, cascade: cascade)[0]
            #expect(entry.declarations.map(\.value) == direct.declarations.map(\.value))
            #expect(entry.style == direct.style)
            #expect(String(describing: entry.transform) == String(describing: direct.transform))
            #expect(entry.geometry?.warning == direct.geometry?.warning)
            let (a, b) = (entry.layerFacts, direct.layerFacts)
            #expect(a.id(in: tree) == b.id(in: tree) && a.className(in: tree) == b.className(in: tree))
            #expect(a.title(in: tree) == b.title(in: tree))
            #expect(a.idSlot == b.idSlot && a.classSlot == b.classSlot && a.titleElement == b.titleElement)
            #expect(a.authored == b.authored && a.hasEvents == b.hasEvents)
            #expect(entry.mayReferenceOtherFiles == direct.mayReferenceOtherFiles)
            // The document's only reference to another file is the `.a` rule's stroke; its
            // `url(#c)` clip paths are in the document.
            #expect(entry.mayReferenceOtherFiles == entry.declarations.contains { $0.value.contains("url(http") })
            if entry.declarations.contains(where: { $0.value.contains("url(#") }) { localOnly += 1 }
        }
        #expect(localOnly > 0)
        prefetch.finish()
        // Walked in document order, every element but those of the first block comes from a
        // prefetched block.
        #expect(hits >= tree.count - prefetch.blockSize)
    }

    /// A builder that reaches an entry the worker has not filled yet fills chunks of the block
    /// itself instead of waiting: walked with no work per element, the walk is always ahead of
    /// the worker, and every entry, whoever filled it, is the one computed alone.
    @Test func aBuilderAheadOfTheWorkerFillsChunksItself() throws {
        let text = Self.document(count: 5 * ElementPrefetch.defaultBlockSize, bigDefs: false)
        let (tree, _) = try XMLReader.read(Array(text.utf8), file: "p.svg")
        var none: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &none)
        var taken = 0
        for _ in 0..<3 {
            let prefetch = try #require(ElementPrefetch.make(tree: tree, cascade: cascade, threads: 2))
            var found: [(Int, ElementPrefetch.Entry)] = []
            for e in tree.indices {
                if let entry = prefetch.entry(e) { found.append((e, entry)) }
            }
            taken += prefetch.chunksTaken
            prefetch.finish()
            #expect(found.count >= tree.count - prefetch.blockSize)
            for (e, entry) in found {
                let direct = ElementPrefetch.compute(e..<(e + 1), tree: tree, cascade: cascade)[0]
                #expect(entry.declarations.map(\.value) == direct.declarations.map(\.value))
                #expect(entry.style == direct.style)
                #expect(String(describing: entry.transform) == String(describing: direct.transform))
                #expect(entry.layerFacts.idSlot == direct.layerFacts.idSlot)
            }
        }
        // Twelve blocks of sixteen chunks reached at once after their worker started: the walk
        // fills some of them.
        #expect(taken > 0)
    }

    /// Entries are the same whoever fills their chunk: with no worker the builder fills every
    /// chunk (chunks of one element, a few, and the default), skipping runs of elements as
    /// the builder skips a `defs`; each entry equals the one of a single pass over the whole
    /// document on one thread.
    @Test(arguments: [1, 8, ElementPrefetch.defaultChunk])
    func entriesAreTheSameWhoeverFillsTheirChunk(chunk: Int) throws {
        let text = Self.document(count: 5 * ElementPrefetch.defaultBlockSize, bigDefs: false)
        let (tree, _) = try XMLReader.read(Array(text.utf8), file: "p.svg")
        var none: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &none)
        let whole = ElementPrefetch.compute(0..<tree.count, tree: tree, cascade: cascade)
        let prefetch = try #require(
            ElementPrefetch.make(tree: tree, cascade: cascade, threads: 2, chunk: chunk, workerFills: false))
        var hits = 0
        for e in tree.indices where !(300..<700).contains(e % 2048) {
            guard let entry = prefetch.entry(e) else { continue }
            hits += 1
            #expect(entry.declarations.map(\.value) == whole[e].declarations.map(\.value))
            #expect(entry.style == whole[e].style)
            #expect(String(describing: entry.transform) == String(describing: whole[e].transform))
            #expect(entry.geometry?.warning == whole[e].geometry?.warning)
            #expect(entry.layerFacts.idSlot == whole[e].layerFacts.idSlot && entry.layerFacts.hasEvents == whole[e].layerFacts.hasEvents)
        }
        // Every chunk the walk reached was filled by the builder.
        #expect(prefetch.chunksTaken > 0)
        #expect(hits >= (tree.count - prefetch.blockSize) * 6 / 10)
        prefetch.finish()
    }

    /// The builder asks about an element several times in a row (style, transform, geometry,
    /// layer facts); the element asked about last is answered again without finding its block.
    /// A request for another element in between (one of a block the builder has left: none)
    /// does not change what the next request for the element finds.
    @Test func repeatedRequestsForAnElementGiveItsEntry() throws {
        let (tree, _, prefetch) = try Self.prefetched()
        var hits = 0
        for e in tree.indices {
            guard let entry = prefetch.entry(e) else {
                #expect(prefetch.declarations(e) == nil && prefetch.transform(e) == nil && prefetch.layerFacts(e) == nil)
                continue
            }
            hits += 1
            #expect(prefetch.declarations(e)?.map(\.value) == entry.declarations.map(\.value))
            #expect(String(describing: prefetch.transform(e)) == String(describing: Optional(entry.transform)))
            #expect(prefetch.geometry(e)?.warning == entry.geometry?.warning)
            let geometry = prefetch.geometryAddress(e)?.pointee
            #expect(geometry?.shape == entry.geometry?.shape && geometry?.box == entry.geometry?.box)
            #expect(prefetch.layerFacts(e)?.idSlot == entry.layerFacts.idSlot)
            if e >= prefetch.blockSize {
                #expect(prefetch.entry(e - prefetch.blockSize) == nil)
                #expect(prefetch.entry(e)?.style == entry.style)
            }
        }
        prefetch.finish()
        #expect(hits >= tree.count - prefetch.blockSize)
    }

    /// Blocks under one group read the group's style from the shared ancestor styles instead
    /// of computing it again from its declarations (a `style` of 40,000 declarations was
    /// parsed once per 1,024 children).
    @Test func blocksShareTheirAncestorsStyles() throws {
        var text = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="g" style="fill: green; stroke-width: 3">"#
        for _ in 0..<3000 { text += #"<rect width="1" height="1"/>"# }
        text += "</g></svg>"
        let (tree, _) = try XMLReader.read(Array(text.utf8), file: "p.svg")
        var none: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &none)
        let group = try #require(tree.indices.first { tree[$0].attribute("id") == "g" })
        let ancestors = ElementPrefetch.AncestorStyles()
        let first = ElementPrefetch.compute(1024..<2048, tree: tree, cascade: cascade, ancestors: ancestors)
        let plain = ElementPrefetch.compute(1024..<2048, tree: tree, cascade: cascade)
        #expect(first.map(\.style) == plain.map(\.style))
        let remembered = try #require(ancestors.known([group])[0])
        #expect(remembered.strokeWidth == Length(3))
        // A later block takes the remembered style as it is: one changed here shows through.
        var changed = remembered
        changed.strokeWidth = Length(7)
        ancestors.remember([(group, changed)])
        let later = ElementPrefetch.compute(2048..<3000, tree: tree, cascade: cascade, ancestors: ancestors)
        #expect(later.allSatisfy { $0.style.strokeWidth == Length(7) })
    }

    /// A document of a few thousand elements is cut into smaller blocks, so that it is
    /// prefetched too; large ones keep blocks of 1,024, and no block is smaller than 128.
    @Test(arguments: [(0, 128), (100, 128), (2_481, 310), (8_192, 1024), (1_000_000, 1024)])
    func blocksFollowTheDocumentsSize(elements: Int, block: Int) throws {
        #expect(ElementPrefetch.blockSize(forElements: elements) == block)
        guard elements > 0, elements <= 10_000 else { return }
        let text = Self.document(count: elements, bigDefs: false)
        let (tree, _) = try XMLReader.read(Array(text.utf8), file: "p.svg")
        var none: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &none)
        let size = ElementPrefetch.blockSize(forElements: tree.count)
        let prefetch = ElementPrefetch.make(tree: tree, cascade: cascade, threads: 2, blockSize: size)
        // Prefetched from four blocks on: 2,481 elements are, 100 are not.
        #expect((prefetch != nil) == (tree.count >= 4 * size), "\(tree.count) elements, blocks of \(size)")
        #expect((prefetch != nil) == (elements >= 2_000))
    }

    /// The blocks' entries are written in memory of blocks left behind: a walk through a
    /// document of many blocks allocates a few buffers, not one a block, and its entries
    /// (in reused memory) are those of a single pass.
    @Test(arguments: [false, true])
    func blocksReuseTheEntriesMemoryOfBlocksLeft(workerFills: Bool) throws {
        let blocks = 12
        let text = Self.document(count: blocks * 128, bigDefs: false)
        let (tree, _) = try XMLReader.read(Array(text.utf8), file: "p.svg")
        var none: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &none)
        let whole = ElementPrefetch.compute(0..<tree.count, tree: tree, cascade: cascade)
        let prefetch = try #require(
            ElementPrefetch.make(tree: tree, cascade: cascade, threads: 2, blockSize: 128, workerFills: workerFills))
        var hits = 0
        for e in tree.indices {
            guard let entry = prefetch.entry(e) else { continue }
            hits += 1
            #expect(entry.style == whole[e].style && entry.declarations.map(\.value) == whole[e].declarations.map(\.value))
        }
        #expect(hits >= tree.count - 128)
        // Blocks alive at once: the builder's, the next, the one left and one being started.
        // (With a worker, a block left is freed when the worker is done with a later one,
        // which a loaded machine may delay past the whole walk: only the entries are checked.)
        let blockCount = (tree.count + 127) / 128
        #expect(blockCount >= 12 && prefetch.entryBuffersMade >= 2)
        if !workerFills { #expect(prefetch.entryBuffersMade <= ElementPrefetch.EntryBuffers.limit) }
        prefetch.finish()
    }

    /// A buffer given back is handed out again; a request past the capacity is memory of its
    /// own, freed when given back; past the limit, buffers are freed.
    @Test func entryBuffersAreKeptUpToTheirLimit() {
        let buffers = ElementPrefetch.EntryBuffers(capacity: 16)
        let a = buffers.take(16)
        buffers.give(a, capacity: 16)
        #expect(buffers.take(10) == a)
        let big = buffers.take(17)
        #expect(big != a && buffers.made == 1)
        buffers.give(big, capacity: 17)
        var held = [a]
        for _ in 0..<(ElementPrefetch.EntryBuffers.limit + 2) { held.append(buffers.take(16)) }
        #expect(buffers.made == ElementPrefetch.EntryBuffers.limit + 3)
        for p in held { buffers.give(p, capacity: 16) }
        var again: [UnsafeMutablePointer<ElementPrefetch.Entry>] = []
        for _ in 0..<(ElementPrefetch.EntryBuffers.limit + 1) { again.append(buffers.take(16)) }
        // The kept ones, then a new one.
        #expect(buffers.made == ElementPrefetch.EntryBuffers.limit + 4)
        #expect(Set(again.prefix(ElementPrefetch.EntryBuffers.limit)).isSubset(of: Set(held)))
        for p in again { buffers.give(p, capacity: 16) }
    }

    @Test func smallDocumentsAndOneThreadHaveNoPrefetch() throws {
        let small = Self.document(count: 10, bigDefs: false)
        let (tree, _) = try XMLReader.read(Array(small.utf8), file: "p.svg")
        var none: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &none)
        #expect(ElementPrefetch.make(tree: tree, cascade: cascade, threads: 8) == nil)
        let large = Self.document(count: 5 * ElementPrefetch.defaultBlockSize, bigDefs: false)
        let (big, _) = try XMLReader.read(Array(large.utf8), file: "p.svg")
        let bigCascade = StyleCascade(tree: big, diagnostics: &none)
        #expect(ElementPrefetch.make(tree: big, cascade: bigCascade, threads: 1) == nil)
    }
}

/// Every corpus file imported with a prefetch of tiny blocks (so that every document, however
/// small, is prefetched and blocks change every few elements) gives the sequential result.
@Suite struct ElementPrefetchCorpusTests {
    static let corpus = TestSupport.sharedCorpus

    static func corpusFiles() throws -> [URL] {
        let walker = try #require(FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil))
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "svg" }
            .sorted { $0.path < $1.path }
    }

    @Test(arguments: [1, 3, 16])
    func corpusImportsTheSameWithAPrefetch(block: Int) throws {
        let files = try Self.corpusFiles()
        #expect(files.count >= 400, "the corpus is missing: expected it at \(Self.corpus.path)")
        for url in files {
            let bytes = try Array(Data(contentsOf: url))
            let name = url.lastPathComponent
            let one = Result { () throws(SVGImportError) in try SVGImport.importScene(bytes, file: name, threads: 1) }
            let two = Result { () throws(SVGImportError) in
                try SVGImport.importScene(bytes, file: name, threads: 2, prefetchBlock: block)
            }
            switch (one, two) {
            case (.success(let a), .success(let b)):
                #expect(a.scene == b.scene, "\(name)")
                #expect(a.diagnostics == b.diagnostics, "\(name)")
            case (.failure(let a), .failure(let b)):
                #expect(a.description == b.description, "\(name)")
            default:
                Issue.record("\(name): one import failed, the other did not")
            }
        }
    }
}
