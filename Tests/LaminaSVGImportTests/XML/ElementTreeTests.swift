import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct ElementTreeTests {
    private func read(_ text: String) throws -> ElementTree {
        try XMLReader.read(Array(text.utf8), file: "t.svg").tree
    }

    @Test func childListsKeepDocumentOrderWithTextRuns() throws {
        let tree = try read(
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>a<tspan>b</tspan>c</text><g><rect/></g><text>d</text></svg>")
        #expect(tree.count == 6)
        #expect(tree[0].children == [1, 3, 5])
        #expect(Array(tree[1].content) == [.text("a"), .element(2), .text("c")])
        #expect(Array(tree[2].content) == [.text("b")])
        #expect(tree[3].children == [4])
        #expect(tree[4].content.isEmpty)
        #expect(Array(tree[5].content) == [.text("d")])
        #expect(tree.contentItems(1).map { $0 >= 0 } == [false, true, false])
        #expect(tree.parent(4) == 3)
        #expect(tree.parent(0) == nil)
    }

    @Test func attributesKeepNamesNamespacesAndValues() throws {
        let tree = try read(
            """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
            xmlns:l="urn:lamina:layer"><use x=" 1 " xlink:href="#a" l:z="2" fill="red" style="fill: blue"/></svg>
            """)
        let use = tree[1]
        #expect(use.attributes.map(\.qualifiedName) == ["x", "xlink:href", "l:z", "fill", "style"])
        #expect(use.attributes.map(\.name) == ["x", "href", "z", "fill", "style"])
        #expect(use.attributes.map(\.namespace) == [nil, XMLNamespace.xlink, XMLNamespace.lamina, nil, nil])
        #expect(use.attributes.map(\.value) == [" 1 ", "#a", "2", "red", "fill: blue"])
        #expect(use.attributes.map(\.presentation) == [nil, nil, nil, .fill, nil])
        #expect(use.attributes.map(\.isStyle) == [false, false, false, false, true])
        #expect(tree.attribute(1, "href") == nil)
        #expect(tree.attribute(1, "href", namespace: XMLNamespace.xlink) == "#a")
        #expect(tree.hasAttribute(1, "fill"))
        #expect(!tree.hasAttribute(1, "stroke"))
        #expect(tree.withAttributeBytes(1, "x") { Array($0) } == Array(" 1 ".utf8))
        #expect(tree.withAttributeBytes(1, "y") { Array($0) } == nil)
        let slots = tree.attributeSlots(1)
        #expect(slots.count == 5)
        #expect(tree.cssTrimmedValue(slot: slots.lowerBound) == "1")
        let style = tree.styleDeclarations(slot: slots.upperBound - 1)
        #expect(style.map(\.name) == ["fill"])
        #expect(style.map(\.value) == ["blue"])
    }

    @Test func attributeNameFlagsAndLayerFacts() throws {
        let tree = try read(
            """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:l="urn:lamina:layer" xmlns:x="urn:x">\
            <rect l:id="n" x:class="n" id="a" class="c" onclick="f()" on="1" x:onload="g()"/>\
            <rect l:z="2" ONCLICK="h()"/></svg>
            """)
        let names = tree.attributeSlots(1).map { tree.attributeName(slot: $0) }
        #expect(names.map(\.isID) == [false, false, true, false, false, false, false])
        #expect(names.map(\.isClass) == [false, false, false, true, false, false, false])
        #expect(names.map(\.isEvent) == [false, false, false, false, true, false, false])
        #expect(names.map(\.isLamina) == [true, false, false, false, false, false, false])
        let roles = AttributeRoles(tree.table)
        let facts = SceneBuilder.layerFacts(in: tree, roles: roles, 1)
        #expect(facts.id(in: tree) == tree.attribute(1, "id"))
        #expect(facts.id(in: tree) == "a")
        #expect(facts.className(in: tree) == "c")
        #expect(facts.authored)
        #expect(facts.hasEvents)
        let plain = SceneBuilder.layerFacts(in: tree, roles: roles, 2)
        #expect(plain.id(in: tree) == nil)
        #expect(plain.className(in: tree) == nil)
        #expect(plain.authored)
        #expect(!plain.hasEvents)
    }

    @Test func styleAttributeCommentsAreBlanked() throws {
        let tree = try read("<svg xmlns=\"http://www.w3.org/2000/svg\" style=\"fill:/* x */red;stroke:blue\"/>")
        let slot = try #require(tree.attributeSlots(0).first)
        let declarations = tree.styleDeclarations(slot: slot)
        #expect(declarations.map(\.name) == StyleSheet.parseDeclarations("fill:/* x */red;stroke:blue").map(\.name))
        #expect(declarations.map(\.value) == StyleSheet.parseDeclarations("fill:/* x */red;stroke:blue").map(\.value))
    }

    @Test func namesAndKindsAreInterned() throws {
        let tree = try read("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/><foo/><rect/></svg>")
        #expect(tree.indices.map(tree.name) == ["svg", "rect", "foo", "rect"])
        #expect(tree.indices.map(tree.kind) == [.svg, .rect, .other, .rect])
        #expect(tree.indices.allSatisfy(tree.isSVG))
        #expect(tree.table.elementNames.count == 3)
    }

    @Test func nextChildElementSkipsTextRuns() throws {
        let tree = try read("<svg xmlns=\"http://www.w3.org/2000/svg\"><text>a<tspan/>b<tspan/></text></svg>")
        let slots = tree.contentSlots(1)
        let first = try #require(tree.nextChildElement(from: slots.lowerBound, end: slots.upperBound))
        #expect(first.element == 2)
        let second = try #require(tree.nextChildElement(from: first.slot + 1, end: slots.upperBound))
        #expect(second.element == 3)
        #expect(tree.nextChildElement(from: second.slot + 1, end: slots.upperBound) == nil)
    }

    @Test func builderMakesTheSameTablesAsTheReader() {
        var b = ElementTreeBuilder()
        let svg = b.elementName("svg", namespace: XMLNamespace.svg)
        let rect = b.elementName("rect", namespace: XMLNamespace.svg)
        b.startElement(name: svg, parent: nil, line: 1, column: 1)
        b.appendAttribute(name: b.attributeName("width", namespace: nil, qualifiedName: "width"), value: "10")
        b.startElement(name: rect, parent: 0, line: 2, column: 3)
        b.appendText(parent: 0, "tail")
        let tree = b.finish(file: "b.svg")
        #expect(Array(tree[0].content) == [.element(1), .text("tail")])
        #expect(tree[0].attribute("width") == "10")
        #expect(tree[1].attributes.isEmpty)
        #expect(tree.location(of: 1) == SourceLocation(file: "b.svg", line: 2, column: 3))
        #expect(tree[0].text == "tail")
    }
}
