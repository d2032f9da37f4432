import Testing

@testable import LaminaCore
@testable import LaminaSVGImport

private typealias S = ImportTestSupport

/// How ``SceneBuilder/pushChildren(of:_:parent:style:viewport:documentStyle:)`` queues a
/// group's children (its style moved into the box they share) and how
/// ``SceneBuilder/buildNextChild()`` hands out the last one (its cursor's item, moved off the
/// queue): every kind of element in last place is built as in any other, with its parent's
/// style.
@Suite struct BuildQueueTests {
    /// The last child of a group, of a `switch`, of a clip path and of a nested group, with
    /// content after it or none, with one thread and with the prefetch (blocks of 2 elements).
    private static let document = S.header + """
        ><defs><clipPath id='c'><rect id='c1' width='5' height='5'/><circle id='c2' r='2'/></clipPath></defs>\
        <g id='g' fill='#ff0000' stroke='#0000ff'><rect id='a' width='1' height='1'/>\
        <switch id='s'><rect id='b' width='2' height='2'/></switch></g>\
        <g id='h' fill='#008000'><g id='i'><g id='j' stroke='#000000'><circle id='d' r='1'/></g></g></g>\
        <g id='k' fill='#ffff00' clip-path='url(#c)'><rect id='e' width='3' height='3'/> tail <!-- c --></g>\
        <g id='l' fill='#800080'><use id='u' href='#a'/></g></svg>
        """

    @Test(arguments: [1, 2]) func aGroupsLastChildIsBuiltWithItsParentsStyle(threads: Int) throws {
        let (scene, _) = try SVGImport.importScene(Array(Self.document.utf8), file: "in.svg", threads: threads, prefetchBlock: 2)
        let tree = scene.tree
        func id(_ name: String) throws -> LayerID { try #require(S.layer(scene, name), "\(name)") }
        func content(_ name: String) throws -> Content { try #require(tree[try id(name)].content, "\(name)") }
        // A `switch` in last place chooses its child, built as a shape (not taken for a cursor).
        #expect(tree.sublayers(of: try id("g")) == [try id("a"), try id("s")])
        #expect(tree.sublayers(of: try id("s")) == [try id("b")])
        for name in ["a", "b"] {
            #expect(try content(name).fill == .color("#ff0000"), "\(name)")
            #expect(try content(name).stroke == .color("#0000ff"), "\(name)")
        }
        // Nested groups, each the only child of its parent: the style passes all the way down.
        #expect(tree.sublayers(of: try id("i")) == [try id("j")])
        #expect(try content("d").fill == .color("#008000"))
        #expect(try content("d").stroke == .color("#000000"))
        // A last child followed by text and a comment, under a clipped group.
        #expect(tree.sublayers(of: try id("k")) == [try id("e")])
        #expect(try content("e").fill == .color("#ffff00"))
        let clip = try #require(tree.mask(of: try id("k")))
        #expect(tree.sublayers(of: clip).count == 2)
        // A `use` in last place instances its target with the `use`'s inherited style.
        let copy = try #require(tree.sublayers(of: try id("u")).first)
        #expect(tree[copy].content?.fill == .color("#800080"))
    }

    /// The order of layers is the document's across last children at every depth (the `use`
    /// copy of `a` last).
    @Test(arguments: [1, 2]) func lastChildrenKeepDocumentOrder(threads: Int) throws {
        let (scene, _) = try SVGImport.importScene(Array(Self.document.utf8), file: "in.svg", threads: threads, prefetchBlock: 2)
        let order = scene.tree.preorder(from: scene.root, includeMasks: false).dropFirst().compactMap { scene.tree[$0].name }
        #expect(order == ["g", "a", "s", "b", "h", "i", "j", "d", "k", "e", "l", "u", "a"])
    }
}
