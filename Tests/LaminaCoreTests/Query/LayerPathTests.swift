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
}
