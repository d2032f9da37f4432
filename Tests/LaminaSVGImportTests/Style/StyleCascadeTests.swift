import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct StyleCascadeTests {
    static func cascade(_ t: StyleTestTree) -> (StyleCascade, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let c = StyleCascade(tree: t.tree, diagnostics: &diagnostics)
        return (c, diagnostics)
    }

    static func value(_ c: StyleCascade, _ e: Int, _ name: String) -> String? {
        c.declarations(for: e).first { $0.name == name }?.value
    }

    @Test func specificityThenOrderThenStyleAttribute() {
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        t.add("style", parent: svg, text: "#r { fill: blue } rect { fill: red; stroke: red } .a { stroke: green } rect { stroke: gray }")
        let r = t.add("rect", parent: svg, [("id", "r"), ("class", "a"), ("fill", "yellow"), ("opacity", ".5")])
        let r2 = t.add("rect", parent: svg, [("fill", "yellow"), ("style", "stroke: pink")])
        let (c, d) = Self.cascade(t)
        #expect(d.isEmpty)
        #expect(c.declarations(for: r).map { "\($0.name)=\($0.value)" } == ["fill=blue", "opacity=.5", "stroke=green"])
        #expect(c.declarations(for: r2).map { "\($0.name)=\($0.value)" } == ["fill=red", "stroke=pink"])
    }

    @Test func importantBeatsStyleAttributeAndStyleImportantBeatsSheetImportant() {
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        t.add("style", parent: svg, text: "rect { fill: red !important; stroke: red !important } #x { fill: blue }")
        let r = t.add("rect", parent: svg, [("id", "x"), ("style", "fill: green; stroke: black !important")])
        let (c, _) = Self.cascade(t)
        #expect(Self.value(c, r, "fill") == "red")
        #expect(Self.value(c, r, "stroke") == "black")
    }

    @Test func presentationAttributesAreLowestAndTransformIsNotOne() {
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        t.add("style", parent: svg, text: "* { stroke: blue }")
        let r = t.add("rect", parent: svg, [("stroke", "red"), ("transform", "scale(2)"), ("x", "5"), ("stroke-width", "3")])
        let (c, _) = Self.cascade(t)
        #expect(c.declarations(for: r).map { "\($0.name)=\($0.value)" } == ["stroke=blue", "stroke-width=3"])
    }

    @Test func descendantAndChildCombinators() {
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        t.add("style", parent: svg, text: "g.outer rect { fill: red } g.outer > rect { stroke: blue } svg > g > g > rect { opacity: 0.5 }")
        let outer = t.add("g", parent: svg, [("class", "outer")])
        let direct = t.add("rect", parent: outer)
        let inner = t.add("g", parent: outer)
        let deep = t.add("rect", parent: inner)
        let loose = t.add("rect", parent: svg)
        let (c, _) = Self.cascade(t)
        #expect(Self.value(c, direct, "fill") == "red")
        #expect(Self.value(c, direct, "stroke") == "blue")
        #expect(Self.value(c, deep, "fill") == "red")
        #expect(Self.value(c, deep, "stroke") == nil)
        #expect(Self.value(c, deep, "opacity") == "0.5")
        #expect(Self.value(c, loose, "fill") == nil)
    }

    @Test func attributeSelectors() {
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        t.add("style", parent: svg, text: "[data-k] { fill: red } [data-k=v] { stroke: blue } [class~=b] { opacity: .3 } [id^=pre] { display: none }")
        let a = t.add("rect", parent: svg, [("data-k", "v"), ("class", "a b"), ("id", "prefix")])
        let b = t.add("rect", parent: svg, [("data-k", "w")])
        let (c, _) = Self.cascade(t)
        #expect(c.declarations(for: a).map(\.name) == ["fill", "stroke", "opacity", "display"])
        #expect(c.declarations(for: b).map(\.name) == ["fill"])
    }

    @Test func styleElementTypeIsChecked() {
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        t.add("style", parent: svg, [("type", "text/less")], text: "rect { fill: red }")
        t.add("style", parent: svg, [("type", " TEXT/CSS ")], text: "rect { stroke: red }")
        let r = t.add("rect", parent: svg)
        let (c, _) = Self.cascade(t)
        #expect(c.declarations(for: r).map(\.name) == ["stroke"])
    }

    @Test func importWarningCarriesTheStyleElementLocation() throws {
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        t.add("style", parent: svg, text: "@import 'x.css';")
        let (_, d) = Self.cascade(t)
        let w = try #require(d.first)
        #expect(w.severity == .warning)
        #expect(w.location == SourceLocation(file: "test.svg", line: 2, column: 1))
        #expect(w.message.contains("@import"))
    }

    @Test func deepNestingWithDescendantSelectorsIsLinear() {
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        t.add("style", parent: svg, text: "svg g { fill: red } .missing g { stroke: red } g g g { opacity: .5 }")
        var parent = svg
        for _ in 0..<50_000 { parent = t.add("g", parent: parent) }
        let (c, _) = Self.cascade(t)
        #expect(Self.value(c, parent, "fill") == "red")
        #expect(Self.value(c, parent, "stroke") == nil)
        #expect(Self.value(c, parent, "opacity") == ".5")
        #expect(Self.value(c, 3, "opacity") == nil)
        #expect(Self.value(c, 4, "opacity") == ".5")
    }
}

extension StyleCascadeTests {
    @Test func invalidDeclarationsFallBackToLowerValidOnes() {
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        t.add("style", parent: svg, text: "rect { fill: qwe; stroke: blue; stroke-width: -2 }")
        let r = t.add("rect", parent: svg, [("fill", "green"), ("stroke-width", "3"), ("style", "stroke: #zz; opacity: 2em")])
        let (c, _) = Self.cascade(t)
        #expect(c.declarations(for: r).map { "\($0.name)=\($0.value)" } == ["fill=green", "stroke-width=3", "stroke=blue"])
    }
}

extension StyleCascadeTests {
    @Test func firstChildAndRootPseudoClasses() {
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        t.add("style", parent: svg, text: "rect:first-child { fill: red } :root { color: blue } svg > :first-child { stroke: red }")
        let g = t.add("g", parent: svg)
        let first = t.add("rect", parent: g)
        let second = t.add("rect", parent: g)
        let (c, _) = Self.cascade(t)
        #expect(Self.value(c, first, "fill") == "red")
        #expect(Self.value(c, second, "fill") == nil)
        #expect(Self.value(c, svg, "color") == "blue")
        #expect(Self.value(c, g, "color") == nil)
        // The `style` element is the svg's first child, not the g.
        #expect(Self.value(c, g, "stroke") == nil)
        #expect(Self.value(c, 1, "stroke") == "red")
    }
}

extension StyleCascadeTests {
    @Test func attributeOnlySelectorsMatchThroughTheirBucket() {
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        t.add("style", parent: svg, text: "[data-a][data-b] { fill: red } [data-b] { stroke: blue } [data-c=x] { opacity: .5 }")
        let both = t.add("rect", parent: svg, [("data-b", "1"), ("data-a", "1")])
        let onlyB = t.add("rect", parent: svg, [("data-b", "1")])
        let wrongC = t.add("rect", parent: svg, [("data-c", "y")])
        let (c, _) = Self.cascade(t)
        #expect(c.declarations(for: both).map(\.name) == ["stroke", "fill"])  // lower specificity first
        #expect(c.declarations(for: onlyB).map(\.name) == ["stroke"])
        #expect(c.declarations(for: wrongC).isEmpty)
    }

    /// The sheets come from `style` elements in the SVG namespace or none, in document order;
    /// a `style` in another namespace, or an element named otherwise, gives none.
    @Test func styleElementsAreFoundByName() throws {
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:x"><style>rect { fill: red }</style>\
            <g><x:style>rect { fill: green }</x:style><styles>rect { fill: gray }</styles>\
            <style xmlns="">rect { stroke: blue }</style></g><rect/><style type="text/css">rect { opacity: .5 }</style></svg>
            """
        let tree = try XMLReader.read(Array(text.utf8), file: "t.svg").tree
        let naive = tree.indices.filter { tree[$0].name == "style" && (tree[$0].isSVG || tree[$0].namespace == nil) }
        #expect(naive == [1, 5, 7])
        #expect(StyleCascade.styleElements(tree) == naive)
        var diagnostics: [Diagnostic] = []
        let c = StyleCascade(tree: tree, diagnostics: &diagnostics)
        #expect(c.declarations(for: 6).map { "\($0.name)=\($0.value)" }.sorted() == ["fill=red", "opacity=.5", "stroke=blue"])
        let none = try XMLReader.read(Array(#"<svg xmlns="http://www.w3.org/2000/svg"><g><rect/></g></svg>"#.utf8), file: "t.svg").tree
        #expect(StyleCascade.styleElements(none).isEmpty)
    }
}
