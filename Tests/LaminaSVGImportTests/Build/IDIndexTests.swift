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
}
