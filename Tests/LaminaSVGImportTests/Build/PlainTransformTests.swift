import LaminaCore
import Testing

@testable import LaminaSVGImport

private typealias S = ImportTestSupport

/// ``SceneBuilder/transformAttribute(_:_:viewport:fontSize:)`` reads an element without a
/// `transform`, `transform-box` or `transform-origin` declaration by a shorter path
/// (`plainTransform`); every kind of transform still places the element as before, with one
/// thread and with the prefetch, before and after a transform read from text is remembered.
@Suite struct PlainTransformTests {
    /// Each case: the rect's attributes, a point of its user space and where it lands in the
    /// root's space, and a warning expected (or nil).
    static let cases: [(attributes: String, point: Point, expected: Point, warning: String?)] = [
        ("x='0' y='0'", Point(1, 2), Point(1, 2), nil),
        ("transform='translate(10 20)'", Point(0, 0), Point(10, 20), nil),
        ("transform='  matrix(0 1 -1 0 5 6) '", Point(1, 0), Point(5, 7), nil),
        ("transform='rotate(90deg)'", Point(0, 10), Point(-10, 0), nil),
        ("transform='rotate(90 oops'", Point(3, 4), Point(3, 4), "invalid transform"),
        ("transform='rotateX(30deg)'", Point(3, 4), Point(3, 4), "3D transform"),
        ("transform='translate(10 20)' style='transform: translate(3px, 4px)'", Point(0, 0), Point(3, 4), nil),
        ("transform='rotate(90)' style='transform-origin: 5px 5px'", Point(0, 0), Point(10, 0), nil),
        ("x='10' y='10' transform='rotate(90)' style='transform-box: fill-box; transform-origin: center'", Point(10, 10), Point(20, 10), nil),
    ]

    @Test(arguments: [1, 2], [false, true])
    func everyTransformPlacesItsElementAsBefore(threads: Int, textFirst: Bool) throws {
        // A transform read from text first fills the builder's memo: the shorter path then
        // gives way to the general one.
        var svg = S.header + ">"
        if textFirst { svg += "<rect width='1' height='1' transform='translate(1px, 1px)'/>" }
        for (k, c) in Self.cases.enumerated() { svg += "<rect id='r\(k)' width='10' height='10' \(c.attributes)/>" }
        for _ in 0..<8 { svg += "<circle r='1'/>" }
        let (scene, diagnostics) = try SVGImport.importScene(Array((svg + "</svg>").utf8), file: "in.svg", threads: threads, prefetchBlock: 2)
        for (k, c) in Self.cases.enumerated() {
            let layer = try #require(S.layer(scene, "r\(k)"))
            let p = S.toRoot(scene, layer, c.point)
            #expect(S.close(p, c.expected), "case \(k): \(p)")
            if let w = c.warning {
                #expect(diagnostics.contains { $0.message.contains(w) }, "case \(k)")
            }
        }
        #expect(diagnostics.count == 2)
    }

    /// ``SceneBuilder/hasTransformDeclaration(_:)`` finds any of the three properties, and no
    /// other.
    @Test func transformDeclarationsAreTheThreeProperties() throws {
        let text = S.header + "><rect style='fill: red; stroke: blue'/><rect style='fill: red; transform-box: fill-box'/>"
            + "<rect style='transform-origin: 1px 2px'/><rect style='transform: none; fill: red'/><rect transform='scale(2)'/></svg>"
        let tree = try XMLReader.read(Array(text.utf8), file: "t.svg").tree
        var d: [Diagnostic] = []
        let cascade = StyleCascade(tree: tree, diagnostics: &d)
        let found = (1...5).map { SceneBuilder.hasTransformDeclaration(cascade.cascaded(for: $0)) }
        #expect(found == [false, true, true, true, false])
    }
}
