import Foundation
import LaminaCore
import Testing

@testable import LaminaSVGImport

/// `ElementTreeBuilder.finish(file:threads:)` with two threads: the id index's table built on a
/// helper thread (`IDTableAhead`) gives the same lookups as the one built at the first lookup.
@Suite struct IDTableAheadTests {
    /// A nested document of more than `ElementTreeBuilder.idsAheadElements` elements, with ids,
    /// text runs and elements without attributes, read by the fast reader.
    static func document(idPrefix: String = "e") -> [UInt8] {
        var text = #"<svg xmlns="http://www.w3.org/2000/svg"><defs><clipPath id="c"><rect width="1" height="1"/></clipPath></defs>"#
        let groups = ElementTreeBuilder.idsAheadElements / 4 + 10
        for g in 0..<groups {
            text += #"<g id="\#(idPrefix)g\#(g)"><rect id="\#(idPrefix)r\#(g)" width="1"/>"#
            text += #"<text>t\#(g)<tspan id="\#(idPrefix)s\#(g)">u</tspan>v<tspan/></text><g/></g>"#
        }
        text += #"<rect id="\#(idPrefix)r0" clip-path="url(#c)"/><g><g id="last"/></g><rect id=""/></svg>"#
        return Array(text.utf8)
    }

    static func finished(_ bytes: [UInt8], threads: Int) throws -> ElementTree {
        var builder = try #require(FastXMLReader.read(bytes))
        return builder.finish(file: "t.svg", threads: threads)
    }

    @Test func theTableBuiltAheadAnswersAsTheOneBuiltAtTheFirstLookup() throws {
        let bytes = Self.document()
        let one = try Self.finished(bytes, threads: 1)
        let two = try Self.finished(bytes, threads: 2)
        #expect(one.count > ElementTreeBuilder.idsAheadElements)
        #expect(one.table.idsAhead == nil)
        let ahead = try #require(two.table.idsAhead)
        #expect(one.table.content == two.table.content)

        let lazy = IDIndex(tree: one), early = IDIndex(tree: two)
        #expect(!early.isBuilt)
        for id in ["c", "eg0", "er0", "es0", "eg99", "es4095", "last", "none", "", "e"] {
            #expect(lazy[id] == early[id], "\(id)")
        }
        #expect(early["er0"] == 5)
        #expect(early["last"] == two.count - 2)
        #expect(early.usesByteTable)
        #expect(ahead.wait() != nil)
        // Every id's first element, both ways, and the same as a scan of the elements.
        var first: [String: Int] = [:]
        for e in two.indices {
            if let id = two[e].attribute("id"), !id.isEmpty, first[id] == nil { first[id] = e }
        }
        #expect(first.count > 3 * (ElementTreeBuilder.idsAheadElements / 4))
        for (id, e) in first {
            #expect(early[id] == e)
            #expect(lazy[id] == e)
        }
    }

    /// A non-ASCII id leaves the table built ahead empty: lookups go to the `String` map.
    @Test func aNonASCIIIDLeavesTheStringMap() throws {
        let bytes = Self.document(idPrefix: "é")
        let two = try Self.finished(bytes, threads: 2)
        let ahead = try #require(two.table.idsAhead)
        #expect(ahead.wait() == nil)
        let ids = IDIndex(tree: two)
        #expect(ids["ég5"] == IDIndex(tree: try Self.finished(bytes, threads: 1))["ég5"])
        #expect(ids["ég5"] == 4 + 6 * 5)
        #expect(ids["c"] == 2)
        #expect(!ids.usesByteTable)
    }

    /// A document without ids, or a small one, builds nothing ahead.
    @Test func noIDsOrFewElementsNothingAhead() throws {
        var text = #"<svg xmlns="http://www.w3.org/2000/svg">"#
        for _ in 0..<(ElementTreeBuilder.idsAheadElements + 1) { text += "<g><rect/></g>" }
        text += "</svg>"
        let two = try Self.finished(Array(text.utf8), threads: 2)
        #expect(two.table.idsAhead == nil)
        #expect(IDIndex(tree: two)["a"] == nil)
        let small = try Self.finished(Array(#"<svg xmlns="http://www.w3.org/2000/svg"><g id="a"/></svg>"#.utf8), threads: 2)
        #expect(small.table.idsAhead == nil)
        #expect(IDIndex(tree: small)["a"] == 1)
    }

    /// The element of a slot is the last one whose slots start at or before it (elements
    /// without attributes share their start with the next one).
    @Test func ownerOfASlot() throws {
        let tree = try Self.finished(
            Array(#"<svg xmlns="http://www.w3.org/2000/svg"><g/><g/><rect id="a" x="1"/><g/><circle id="b"/></svg>"#.utf8),
            threads: 1)
        #expect(tree.table.attributeSlots(3).count == 2)
        tree.table.elements.withUnsafeBufferPointer { elements in
            for e in tree.indices {
                for slot in tree.table.attributeSlots(e) { #expect(IDByteTable.owner(of: slot, in: elements) == e) }
            }
        }
    }

    /// A document read in two halves hands its second reader to the tables (`setAside`); with
    /// the table built ahead, the helper lets it go once the table is done, else `finish`
    /// does. Either way it is freed, and the tree is the one reader's.
    @Test func theSecondReaderIsLetGoBesideTheTable() throws {
        let bytes = Self.document()
        // At a top-level group's start tag, half way: the halves join there.
        let groups = FastXMLReaderSplitTests.startTags(bytes).filter { bytes[$0 + 1] == 0x67 && bytes[$0 + 2] == 0x20 }
        let split = groups[groups.count / 2]
        for threads in [1, 2] {
            var read: ElementTreeBuilder?
            let joined: Bool
            (read, joined) = FastXMLReader.readReportingJoin(bytes, splitAt: split)
            #expect(joined)
            var builder = try #require(read)
            read = nil
            weak let half = builder.setAside as? SecondHalf
            #expect(half != nil)
            let tree = builder.finish(file: "t.svg", threads: threads)
            #expect(builder.setAside == nil)
            if let ahead = tree.table.idsAhead {
                #expect(threads == 2)
                #expect(ahead.wait() != nil)
                // Let go on the helper right after the table's signal.
                ahead.waitForLeftover()
            }
            #expect(half == nil, "threads \(threads), ahead \(tree.table.idsAhead != nil)")
            #expect(tree.table.content == (try Self.finished(bytes, threads: 1)).table.content)
            #expect(IDIndex(tree: tree)["er7"] == IDIndex(tree: try Self.finished(bytes, threads: 1))["er7"])
        }
    }
}
