import LaminaCore

@testable import LaminaSVGImport

/// Builds small element trees for style tests.
struct StyleTestTree {
    var tree = ElementTree(file: "test.svg")

    /// Adds an SVG element under `parent` and returns its index.
    @discardableResult
    mutating func add(_ name: String, parent: Int?, _ attributes: [(String, String)] = [], text: String? = nil) -> Int {
        let index = tree.elements.count
        let attrs = attributes.map { XMLAttribute(name: $0.0, namespace: nil, qualifiedName: $0.0, value: $0.1) }
        var e = Element(name: name, namespace: XMLNamespace.svg, attributes: attrs, parent: parent, line: Int32(index + 1), column: 1)
        if let text { e.content.append(.text(text)) }
        tree.elements.append(e)
        if let parent { tree.elements[parent].content.append(.element(index)) }
        return index
    }
}
