import Foundation
import LaminaCore
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
}
