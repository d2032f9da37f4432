import LaminaCore
import Testing

/// Reading a layer's content in place (``LayerTree/withContent(of:_:)``) sees what
/// ``Layer/content`` holds, and nothing for a layer without content.
@Suite struct LayerContentTests {
    @Test(arguments: [
        Shape.rect(x: 1, y: 2, width: 3, height: 4, rx: 0, ry: 0), .circle(cx: 5, cy: 6, r: 7), .path("M0 0L1 1"),
    ])
    func withContentSeesTheStoredContent(shape: Shape) {
        var tree = LayerTree()
        var layer = Layer(name: "drawn")
        var content = Content(shape: shape)
        content.fill = .color("#123456")
        layer.content = content
        let drawn = tree.make(layer)
        let empty = tree.make(Layer(name: "empty"))
        #expect(tree.withContent(of: drawn) { $0 } == content)
        #expect(tree.withContent(of: drawn) { $0.fill } == .color("#123456"))
        #expect(tree.withContent(of: empty) { $0 } == nil)
    }
}
