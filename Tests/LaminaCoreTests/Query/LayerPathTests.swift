import LaminaCore
import Testing

@Suite struct LayerPathTests {
    @Test func pathsUseNamesAndIndexes() throws {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "svg"))
        let a = tree.make(Layer())
        let b = tree.make(Layer(name: "face"))
        let c = tree.make(Layer(name: "hand"))
        try tree.addSublayer(a, to: root)
        try tree.addSublayer(b, to: root)
        try tree.addSublayer(c, to: b)
        #expect(tree.path(of: root, root: root) == "/")
        #expect(tree.path(of: a, root: root) == "#0")
        #expect(tree.path(of: c, root: root) == "face/hand")
        #expect(tree.layer(atPath: "face/hand", root: root) == c)
        #expect(tree.layer(atPath: "#1/#0", root: root) == c)
        #expect(tree.layer(atPath: "/", root: root) == root)
        #expect(tree.layer(atPath: "face/nothing", root: root) == nil)
        #expect(tree.paths(from: root)[c.index] == "face/hand")
    }

    /// A name that would not show on one line as written (it is printed by `hit-test`, in
    /// diffs and labels, and typed back as an argument) is written `#N`, but still leads to its
    /// layer; names in other scripts stay names.
    @Test(arguments: [
        ("tab\there", false), ("line\nfeed", false), ("\u{1B}[2Jclear", false), ("del\u{7F}", false),
        ("c1\u{85}next", false), ("\u{202E}reversed", false), ("alm\u{061C}", false), ("para\u{2029}", false),
        ("фон", true), ("日本", true), ("a b", true), ("em\u{2014}dash", true), ("\u{00E9}t\u{00E9}", true),
    ])
    func namesThatWouldNotShowAsWrittenAreIndexed(name: String, isPathName: Bool) throws {
        #expect(LayerTree.isPathName(name) == isPathName)
        var tree = LayerTree()
        let root = tree.make(Layer(name: "svg"))
        let a = tree.make(Layer(name: "first"))
        let b = tree.make(Layer(name: name))
        try tree.addSublayer(a, to: root)
        try tree.addSublayer(b, to: root)
        #expect(tree.path(of: b, root: root) == (isPathName ? name : "#1"))
        #expect(tree.layer(atPath: name, root: root) == b)
    }
}
