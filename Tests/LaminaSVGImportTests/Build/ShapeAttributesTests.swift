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

    /// Each basic shape's lengths against the viewport (300 × 400) and font size (10): `x`
    /// of its width, `y` of its height, a circle's `r` of the normalized diagonal.
    @Test func eachBasicShapeReadsItsLengthsAgainstTheViewport() throws {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg"><rect x="10%" y="25%" width="2em" height="3" rx="1"/>"#
            + #"<circle cx="1" cy="2" r="10%"/><ellipse cx="50%" cy="1" rx="2" ry="-1"/><line x1="1" y1="2" x2="3%" y2="4"/>"#
            + #"<circle r="0"/></svg>"#
        let tree = try XMLReader.read(Array(text.utf8), file: "t.svg").tree
        var builder = SceneBuilder(tree: tree, diagnostics: [])
        func geometry(_ e: Int) -> (Shape, Rect)? {
            let w = SceneBuilder.Work(element: e, parent: LayerID(0), style: .initial, viewport: Size(300, 400), context: .normal)
            return builder.shapeGeometry(w, fontSize: 10)
        }
        let rect = try #require(geometry(1))
        #expect(rect.0 == .rect(x: 30, y: 100, width: 20, height: 3, rx: 1, ry: 1))
        #expect(rect.1 == Rect(30, 100, 20, 3))
        let diagonal: Double = (125_000.0).squareRoot()  // ((300² + 400²) / 2)^½
        let r: Double = 10 * diagonal / 100
        let circle = try #require(geometry(2))
        #expect(circle.0 == .circle(cx: 1, cy: 2, r: r))
        #expect(circle.1 == Rect(1 - r, 2 - r, 2 * r, 2 * r))
        let ellipse = try #require(geometry(3))
        #expect(ellipse.0 == .ellipse(cx: 150, cy: 1, rx: 2, ry: 2))
        #expect(ellipse.1 == Rect(148, -1, 4, 4))
        let line = try #require(geometry(4))
        #expect(line.0 == .line(x1: 1, y1: 2, x2: 9, y2: 4))
        #expect(line.1 == Rect(1, 2, 8, 2))
        #expect(geometry(5) == nil)
    }

    /// `Q` (a quarter millimetre, CSS Values 3) is a length in the geometry attributes, as
    /// Chromium reads it: a `rect` given in `Q` is drawn, 101.6Q to the inch.
    @Test func aShapeReadsQuarterMillimetres() throws {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg"><rect x="101.6Q" y="50.8q" width="203.2Q" height="25.4Q"/></svg>"#
        let tree = try XMLReader.read(Array(text.utf8), file: "t.svg").tree
        var builder = SceneBuilder(tree: tree, diagnostics: [])
        let w = SceneBuilder.Work(element: 1, parent: LayerID(0), style: .initial, viewport: Size(100, 100), context: .normal)
        let geometry = builder.shapeGeometry(w, fontSize: 16)
        let rect = try #require(geometry)
        guard case let .rect(x, y, width, height, _, _) = rect.0 else { Issue.record("not a rect: \(rect.0)"); return }
        for (got, want) in [(x, 96.0), (y, 48), (width, 192), (height, 24)] {
            #expect(abs(got - want) < 1e-9)
        }
    }

    @Test func otherKindsReadNone() {
        #expect(ShapeAttributes.names(of: .path) == nil)
        #expect(ShapeAttributes.names(of: .group) == nil)
        #expect(ShapeAttributes()[0] == nil)
    }
}
