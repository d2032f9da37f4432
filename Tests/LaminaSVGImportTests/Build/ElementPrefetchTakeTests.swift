import LaminaCore
import LaminaTestSupport
import Testing

@testable import LaminaSVGImport

/// The builder moves an element's style and declarations out of the prefetch's entry
/// (``ElementPrefetch/takeStyle(_:)``): what it takes is what a copy gave, an entry is taken
/// once, and its other fields stay readable and are freed with the block.
@Suite struct ElementPrefetchTakeTests {
    @Test func aTakenStyleIsTheEntrysAndIsTakenOnce() throws {
        let (tree, _, prefetch) = try ElementPrefetchTests.prefetched()
        var taken = 0, left = 0
        for e in tree.indices {
            guard let entry = prefetch.entry(e) else { continue }
            // Every third entry is left in its block, so that blocks free taken and whole
            // entries side by side.
            if e % 3 == 0 {
                left += 1
                continue
            }
            let (style, declarations, external) = try #require(prefetch.takeStyle(e))
            taken += 1
            #expect(style == entry.style)
            #expect(declarations.map(\.value) == entry.declarations.map(\.value))
            #expect(declarations.isPlain == entry.declarations.isPlain)
            #expect(external == entry.mayReferenceOtherFiles)
            // Taken once: the accessors that read the style or the list answer nil now.
            #expect(prefetch.takeStyle(e) == nil)
            #expect(prefetch.declarations(e) == nil)
            #expect(prefetch.entry(e) == nil)
            // The other fields are still the entry's.
            #expect(String(describing: prefetch.transform(e)) == String(describing: Optional(entry.transform)))
            #expect(prefetch.geometry(e)?.shape == entry.geometry?.shape)
            #expect(prefetch.layerFacts(e)?.idSlot == entry.layerFacts.idSlot)
            #expect(prefetch.layerFacts(e)?.titleElement == entry.layerFacts.titleElement)
        }
        prefetch.finish()
        #expect(taken > 2 * ElementPrefetch.defaultBlockSize && left > ElementPrefetch.defaultBlockSize)
    }

    /// An element built again after its style was taken (a `use` of an element just before it,
    /// in the same block) is styled on the spot: the scene and the warnings are those of one
    /// thread, the `url()` warning of an element given once.
    @Test func anElementUsedAfterItsStyleWasTakenIsStyledAgain() throws {
        var s = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">"#
        s += "<style>.b { stroke: url(http://example.com/p) blue }</style>"
        for i in 0..<(5 * ElementPrefetch.defaultBlockSize) {
            switch i % 4 {
            case 0: s += #"<rect id="r\#(i)" class="b" x="\#(i % 90)" width="5" height="5" style="fill: #\#(i % 2 == 0 ? "f00" : "00f")"/>"#
            case 1: s += ##"<use xlink:href="#r\##(i - 1)" x="2" fill="green"/>"##
            case 2: s += #"<g id="g\#(i)" stroke-width="3" opacity=".5"><circle r="\#(i % 7)"/></g>"#
            default: s += ##"<use href="#g\##(i - 1)" y="1"/>"##
            }
        }
        s += "</svg>"
        let one = try SVGImport.importScene(Array(s.utf8), file: "t.svg", threads: 1)
        let two = try SVGImport.importScene(Array(s.utf8), file: "t.svg", threads: 2)
        #expect(one.scene == two.scene)
        #expect(one.diagnostics == two.diagnostics)
        #expect(one.diagnostics.contains { $0.message.contains("external reference") })
    }
}
