import Foundation
import LaminaCore
import LaminaTestSupport
import Testing

@testable import LaminaSVGImport

@Suite struct IDIndexTests {
    static func tree(_ text: String) throws -> ElementTree {
        try XMLReader.read(Array(text.utf8), file: "t.svg").tree
    }

    @Test func firstElementWithAnIDWins() throws {
        let tree = try Self.tree(
            #"<svg xmlns="http://www.w3.org/2000/svg"><g id="a"/><rect id="b"/><circle id="a"/><path id=""/></svg>"#)
        let ids = IDIndex(tree: tree)
        #expect(!ids.isBuilt)
        #expect(ids["a"] == 1)
        #expect(ids["b"] == 2)
        #expect(ids[""] == nil)
        #expect(ids["c"] == nil)
        #expect(ids.isBuilt)
    }

    @Test func onlyTheUnprefixedIDAttributeCounts() throws {
        let tree = try Self.tree(
            #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:x"><g x:id="n"/><rect x:id="m" id="k"/><circle id="m"/></svg>"#)
        let ids = IDIndex(tree: tree)
        #expect(ids["n"] == nil)
        #expect(ids["k"] == 2)
        #expect(ids["m"] == 3)
    }

    @Test func aDocumentThatRefersToNothingNeverBuildsIt() throws {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg"><defs><symbol id="s"><rect width="1" height="1"/></symbol></defs><rect id="r" width="2" height="2"/></svg>"#
        var builder = SceneBuilder(tree: try Self.tree(text), diagnostics: [])
        #expect(!builder.ids.isBuilt)
        _ = try builder.build()
        let withUse = text.replacingOccurrences(of: "</svg>", with: ##"<use href="#s"/></svg>"##)
        let used = SceneBuilder(tree: try Self.tree(withUse), diagnostics: [])
        #expect(used.ids.isBuilt)
    }

    @Test func idsWrittenWithReferencesAreFoundByTheirCharacters() throws {
        let tree = try Self.tree(
            #"<svg xmlns="http://www.w3.org/2000/svg"><g id="a&#x62;&amp;c"/><rect id="ab&amp;c"/><circle id="&#120;"/></svg>"#)
        let ids = IDIndex(tree: tree)
        #expect(ids["ab&c"] == 1)
        #expect(ids["x"] == 3)
        #expect(ids["a&#x62;&amp;c"] == nil)
        #expect(ids.usesByteTable)
    }

    /// Ids compare as `String`s do (canonical equivalence), as the index always did: a
    /// document with a non-ASCII id, or a non-ASCII lookup, goes through the `String` map.
    @Test func nonASCIIIDsCompareAsStrings() throws {
        let tree = try Self.tree(
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><g id=\"caf\u{E9}\"/><rect id=\"cafe\u{301}\"/><circle id=\"\u{212A}\"/><path id=\"k\"/></svg>")
        let ids = IDIndex(tree: tree)
        #expect(ids["caf\u{E9}"] == 1)
        #expect(ids["cafe\u{301}"] == 1)
        #expect(ids["K"] == 3)
        #expect(ids["k"] == 4)
        #expect(ids["cafe"] == nil)
        #expect(!ids.usesByteTable)

        let ascii = IDIndex(tree: try Self.tree(#"<svg xmlns="http://www.w3.org/2000/svg"><g id="K"/><rect id="e"/></svg>"#))
        #expect(ascii["\u{212A}"] == 1)
        #expect(ascii["K"] == 1)
        #expect(ascii["\u{E9}"] == nil)
        #expect(ascii.usesByteTable)
    }

    /// Ids in the second half of a document read in two halves are found, the first half's
    /// winning over a duplicate in the second.
    @Test func idsOfBothHalvesOfASplitRead() throws {
        var text = #"<svg xmlns="http://www.w3.org/2000/svg">"#
        for k in 0..<200 { text += #"<rect id="r\#(k % 150)" width="1" height="1"/>"# }
        text += "</svg>"
        let bytes = Array(text.utf8)
        let split = try #require(FastXMLReaderSplitTests.startTags(bytes).dropFirst(100).first)
        let (read, joined) = FastXMLReader.readReportingJoin(bytes, splitAt: split)
        #expect(joined)
        var builder = try #require(read)
        let ids = IDIndex(tree: builder.finish(file: "t.svg"))
        for k in 0..<150 { #expect(ids["r\(k)"] == k + 1) }
        #expect(ids["r150"] == nil)
        #expect(ids.usesByteTable)
    }

    /// A document only libxml2 reads (an entity in the internal subset) gives the same index.
    @Test func aDocumentReadByLibxml2() throws {
        let text = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY e "ent">]><svg xmlns="http://www.w3.org/2000/svg"><g id="&e;1"/><rect id="x" /><circle id="ent1"/></svg>"#
        #expect(FastXMLReader.read(Array(text.utf8)) == nil)
        let ids = IDIndex(tree: try Self.tree(text))
        #expect(ids["ent1"] == 1)
        #expect(ids["x"] == 2)
        #expect(ids["&e;1"] == nil)
    }

    /// Ids made to collide in the table's low hash bits give the byte table up for the
    /// `String` map; the answers stay the same.
    @Test func idsMadeToCollideFallBackToTheStringMap() throws {
        // 70 ids: a 256-entry table (mask 255), all with one low hash byte.
        var colliding: [String] = []
        var k = 0
        while colliding.count < 70 {
            let id = "c\(k)"
            let h = Array(id.utf8).withUnsafeBufferPointer { IDByteTable.hash($0.baseAddress!, $0.count).hash }
            if h & 255 == 7 { colliding.append(id) }
            k += 1
        }
        var text = #"<svg xmlns="http://www.w3.org/2000/svg">"#
        for id in colliding + [colliding[0]] { text += #"<rect id="\#(id)"/>"# }
        text += "</svg>"
        let ids = IDIndex(tree: try Self.tree(text))
        for (i, id) in colliding.enumerated() { #expect(ids[id] == i + 1) }
        #expect(ids["c-none"] == nil)
        #expect(!ids.usesByteTable)

        let spread = IDIndex(tree: try Self.tree(text.replacingOccurrences(of: "id=\"c", with: "id=\"d")))
        #expect(spread["d\(colliding[0].dropFirst())"] == 1)
        #expect(spread.usesByteTable)
    }

    /// Two ids of one length whose hashes are equal (an FNV-1a collision) share the key's hash
    /// bits: each is told from the other by its bytes, both in the table and at a lookup.
    @Test func idsWithOneHashAreToldApartByTheirBytes() throws {
        let pair = ["gwzx", "16cd"]
        let hashes = pair.map { id in Array(id.utf8).withUnsafeBufferPointer { IDByteTable.hash($0.baseAddress!, $0.count).hash } }
        #expect(hashes[0] == hashes[1])
        let text = #"<svg xmlns="http://www.w3.org/2000/svg"><g id="gwzx"/><rect id="16cd"/><circle id="gwzx"/><path id="16cd"/></svg>"#
        let ids = IDIndex(tree: try Self.tree(text))
        #expect(ids["gwzx"] == 1)
        #expect(ids["16cd"] == 2)
        #expect(ids["gwzy"] == nil)
        #expect(ids.usesByteTable)
    }

    /// A key holds the hash's low 31 bits above the slot: never negative (the empty mark), its
    /// hash bits the home of the id in any table, its slot recovered whole.
    @Test func aKeyHoldsTheHashBitsAboveTheSlot() {
        for (h, slot) in [(0, 0), (0xFFFF_FFFF, Int(Int32.max)), (0x8000_0001, 7), (0x1234_5678, 1 << 30)] {
            let key = IDByteTable.key(hash: h, slot: slot)
            #expect(key >= 0)
            #expect(Int(key & IDByteTable.slotBits) == slot)
            #expect(Int(key >> 32) & 0xFFFF == h & 0xFFFF)
        }
    }

    /// The slot scan's blocks and the key pass's read-ahead blocks give every `id` slot in
    /// order, and a key per non-empty value, as a plain filter does: ids at block edges, runs
    /// of ids, none, empty values; a non-ASCII byte in a value's middle or at its end.
    @Test func theBlockedScansFindWhatAFilterFinds() {
        var random = SplitMix64(state: 28)
        for count in [0, 1, IDByteTable.scanBlock - 1, IDByteTable.scanBlock, 3 * IDByteTable.scanBlock + 5] {
            for share in [0, 3, 50, 100] {
                // Name 1 is `id`; names 0 and 2 are not.
                let names = (0..<count).map { _ in Int32(Int(random.next() % 100) < share ? 1 : (random.next() % 2 == 0 ? 0 : 2)) }
                var arena: [UInt8] = []
                var ends: [UInt32] = []
                for s in 0..<count {
                    let length = s % 7 == 0 ? 0 : Int(random.next() % 12) + 1
                    arena += (0..<length).map { _ in UInt8(97 + random.next() % 26) }
                    ends.append(UInt32(arena.count))
                }
                let isID = [false, true, false]
                let expected = (0..<count).filter { names[$0] == 1 }
                let keys = names.withUnsafeBufferPointer { n in
                    ends.withUnsafeBufferPointer { e in
                        arena.withUnsafeBufferPointer { a in
                            #expect(IDByteTable.idSlots(n, isID: isID) == expected.map { Int32($0) })
                            return IDByteTable.idKeys(names: n, ends: e, arena: a, isID: isID)
                        }
                    }
                }
                let nonEmpty = expected.filter { ends[$0] > ($0 == 0 ? 0 : ends[$0 - 1]) }
                #expect(keys?.map { Int($0 & IDByteTable.slotBits) } == nonEmpty)
                for (key, s) in zip(keys ?? [], nonEmpty) {
                    let value = Array(arena[Int(s == 0 ? 0 : ends[s - 1])..<Int(ends[s])])
                    let h = value.withUnsafeBufferPointer { IDByteTable.hash($0.baseAddress!, $0.count).hash }
                    #expect(key == IDByteTable.key(hash: h, slot: s))
                }
                // A non-ASCII byte in one value (its last, or one inside) gives the keys up.
                guard let last = nonEmpty.last else { continue }
                for back in [1, 2] where Int(ends[last]) - back >= Int(last == 0 ? 0 : ends[last - 1]) {
                    var marked = arena
                    marked[Int(ends[last]) - back] = 0xC3
                    let none = names.withUnsafeBufferPointer { n in
                        ends.withUnsafeBufferPointer { e in
                            marked.withUnsafeBufferPointer { IDByteTable.idKeys(names: n, ends: e, arena: $0, isID: isID) }
                        }
                    }
                    #expect(none == nil)
                }
            }
        }
    }
}
