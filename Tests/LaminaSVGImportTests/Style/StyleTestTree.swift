import LaminaCore

@testable import LaminaSVGImport

/// Builds small element trees for style tests.
struct StyleTestTree {
    var builder = ElementTreeBuilder()

    /// The tree built so far.
    var tree: ElementTree {
        var b = builder
        return b.finish(file: "test.svg")
    }

    /// Adds an SVG element under `parent` and returns its index.
    @discardableResult
    mutating func add(_ name: String, parent: Int?, _ attributes: [(String, String)] = [], text: String? = nil) -> Int {
        let id = builder.elementName(name, namespace: XMLNamespace.svg)
        let index = builder.startElement(name: id, parent: parent, line: Int32(builder.count + 1), column: 1)
        for (n, v) in attributes {
            builder.appendAttribute(name: builder.attributeName(n, namespace: nil, qualifiedName: n), value: v)
        }
        if let text { builder.appendText(parent: index, text) }
        return index
    }
}
