import LaminaCore
import Testing

@testable import LaminaSVGImport

/// ``ShapeAttributes`` finds a basic shape's geometry attributes in one pass: the same slots
/// as looking each name up on its own (``ElementTable/slot(of:namespace:in:)``): none for a
/// name in a namespace or a longer name sharing its first bytes, whatever the order.
@Suite struct ShapeAttributesTests {
    static let elements = [
        #"<rect x="1" y="2" width="3" height="4" rx="5" ry="6"/>"#,
        #"<rect height="4" style="fill:red" width="3" t:x="9" x="1"/>"#,
        #"<rect width="3" widths="8" width2="7" heights="2" height="4"/>"#,
        #"<circle r="2" cx="1" cy="3" cxx="4"/>"#,
        #"<circle t:r="2" cx="1"/>"#,
        #"<ellipse ry="2" t:rx="9" rx="1" cx="0"/>"#,
        #"<line x2="4" y2="5" x1="1" y1="2" x="3"/>"#,
        #"<line/>"#,
    ]

    @Test(arguments: elements)
    func findsTheSlotsEachLookupFinds(element: String) throws {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:t="urn:t">"# + element + "</svg>"
        let tree = try XMLReader.read(Array(text.utf8), file: "t.svg").tree
        let kind = tree.kind(1)
        let names: [String] =
            switch kind {
            case .rect: ["x", "y", "width", "height", "rx", "ry"]
            case .circle: ["cx", "cy", "r"]
            case .ellipse: ["cx", "cy", "rx", "ry"]
            default: ["x1", "y1", "x2", "y2"]
            }
        let wanted = try #require(ShapeAttributes.names(of: kind))
        let found = ShapeAttributes(wanted, of: 1, in: tree.table, roles: AttributeRoles(tree.table))
        for (k, name) in names.enumerated() {
            #expect(found[k] == tree.table.slot(of: name, namespace: nil, in: 1), "\(name) in \(element)")
        }
        // And every slot found holds its name.
        for (k, name) in names.enumerated() {
            guard let s = found[k] else { continue }
            #expect(tree.attributeName(slot: s).name == name)
        }
    }

    @Test func aShapeReadsTheFirstOfEachAttributeAndNoneInANamespace() throws {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:t="urn:t"><rect t:width="50" width="3" height="4" t:x="9" x="1"/></svg>"#
        let tree = try XMLReader.read(Array(text.utf8), file: "t.svg").tree
        var builder = SceneBuilder(tree: tree, diagnostics: [])
        let w = SceneBuilder.Work(element: 1, parent: LayerID(0), style: .initial, viewport: Size(100, 100), context: .normal)
        let geometry = builder.shapeGeometry(w, fontSize: 16)
        #expect(geometry?.0 == .rect(x: 1, y: 0, width: 3, height: 4, rx: 0, ry: 0))
    }

    @Test func otherKindsReadNone() {
        #expect(ShapeAttributes.names(of: .path) == nil)
        #expect(ShapeAttributes.names(of: .group) == nil)
        #expect(ShapeAttributes()[0] == nil)
    }
}
