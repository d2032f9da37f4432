import LaminaCore
import Testing

@testable import LaminaSVGImport

/// The ancestor filter only skips work: every match table equals the one computed without it,
/// and rules stop applying once the ancestor they name has closed.
@Suite struct AncestorFilterTests {
    /// A document with nested groups, ids and classes, siblings after closed groups, and a
    /// `<style>` sheet of `sheet`.
    static func tree(sheet: String) throws -> ElementTree {
        var s = #"<svg xmlns="http://www.w3.org/2000/svg" id="top" class="root">"#
        s += "<style>\(sheet)</style>"
        for i in 0..<6 {
            s += #"<g id="g\#(i)" class="k\#(i % 3) grp">"#
            s += #"<rect class="r" width="1" height="1"/>"#
            s += #"<g class="inner k\#((i + 1) % 3)"><rect id="deep\#(i)" class="r x" width="2" height="2"/><circle r="1"/></g>"#
            s += "</g>"
            s += #"<rect class="after k\#(i % 3)" width="3" height="3"/>"#
        }
        s += #"<g class="k0"><g><g><g><path class="r" d="M0 0h1"/></g></g></g></g>"#
        return try XMLReader.read(Array((s + "</svg>").utf8), file: "a.svg").tree
    }

    static let sheets = [
        "g.k1 rect { fill: red }",
        "g.k0 rect, #deep3 { fill: red } .inner .x { stroke: blue }",
        "#top g.k2 > rect { fill: red } svg.root .k0 path { fill: green }",
        "g g rect { fill: red } .grp > .inner > circle { fill: blue } .missing rect { fill: red }",
        "* .k1 rect { fill: red } [class] .x { fill: red } g.k0.grp .r { stroke: red }",
        "#g4 * { fill: red } .k2 .k1 .x { fill: blue } rect.after { fill: gray }",
        ":root .k0 path { fill: red } g:first-child rect { fill: blue }",
        "rect + g circle { fill: red } .k1 + rect { fill: blue } g.grp + rect.after { stroke: red }",
        ".inner > rect + circle { fill: red } #g2 + .after + g .x { fill: blue } svg > g + rect { fill: gray }",
    ]

    @Test(arguments: sheets)
    func matchTableIsTheSameWithoutTheFilter(sheet: String) throws {
        let t = try Self.tree(sheet: sheet)
        var none: [Diagnostic] = []
        let selectors = StyleCascade(tree: t, diagnostics: &none).selectors
        var filtered = SelectorMatcher(tree: t, selectors: selectors)
        var plain = SelectorMatcher(tree: t, selectors: selectors)
        plain.usesAncestorFilter = false
        let a = filtered.matchAll(), b = plain.matchAll()
        #expect(a == b)
        #expect(!a.matches.isEmpty)
    }

    @Test func ruleStopsApplyingAfterItsAncestorCloses() throws {
        let t = try Self.tree(sheet: "g.k1 rect { fill: red } .inner rect { stroke: blue }")
        var none: [Diagnostic] = []
        let cascade = StyleCascade(tree: t, diagnostics: &none)
        func fill(_ e: Int) -> String? { cascade.declarations(for: e).first { $0.name == "fill" }?.value }
        func stroke(_ e: Int) -> String? { cascade.declarations(for: e).first { $0.name == "stroke" }?.value }
        let rects = t.indices.filter { t.name($0) == "rect" }
        for r in rects {
            var inK1 = false, inInner = false
            var p = t.parent(r)
            while let q = p {
                let classes = (t.attribute(q, "class") ?? "").split(separator: " ")
                if t.name(q) == "g" && classes.contains("k1") { inK1 = true }
                if classes.contains("inner") { inInner = true }
                p = t.parent(q)
            }
            #expect(fill(r) == (inK1 ? "red" : nil), "rect \(r)")
            #expect(stroke(r) == (inInner ? "blue" : nil), "rect \(r)")
        }
        // Both kinds occur: rects inside `g.k1` and rects after it closed.
        #expect(rects.contains { fill($0) == "red" } && rects.contains { fill($0) == nil })
    }

    /// Many descendant rules sharing a rightmost type: each element matches only its own.
    @Test func manyDescendantRulesMatchOnlyTheirOwnElements() throws {
        let n = 300
        var s = #"<svg xmlns="http://www.w3.org/2000/svg"><style>"#
        for i in 0..<n { s += "g.k\(i) rect { stroke-width: \(i) }\n" }
        s += "</style>"
        for i in 0..<n { s += #"<g class="k\#(i)"><rect width="1" height="1"/></g>"# }
        let t = try XMLReader.read(Array((s + "</svg>").utf8), file: "m.svg").tree
        var none: [Diagnostic] = []
        let cascade = StyleCascade(tree: t, diagnostics: &none)
        let rects = t.indices.filter { t.name($0) == "rect" }
        #expect(rects.count == n)
        for (i, r) in rects.enumerated() {
            #expect(cascade.declarations(for: r).map(\.value) == ["\(i)"])
        }
    }

    /// `+` reaches the previous element sibling only (text between them does not count).
    @Test func adjacentSiblingRulesMatchThePreviousElementSibling() throws {
        let s = #"<svg xmlns="http://www.w3.org/2000/svg"><style>rect + circle { fill: green } .a + .b rect { fill: blue }</style>"#
            + #"<rect/> text <circle id="yes"/><circle id="no"/>"#
            + #"<g class="a"/><g class="b"><rect id="inside"/></g><g class="b"><rect id="outside"/></g></svg>"#
        let t = try XMLReader.read(Array(s.utf8), file: "s.svg").tree
        var none: [Diagnostic] = []
        let cascade = StyleCascade(tree: t, diagnostics: &none)
        func fill(_ id: String) throws -> String? {
            let e = try #require(t.indices.first { t.attribute($0, "id") == id })
            return cascade.declarations(for: e).first { $0.name == "fill" }?.value
        }
        #expect(try fill("yes") == "green")
        #expect(try fill("no") == nil)
        #expect(try fill("inside") == "blue")
        #expect(try fill("outside") == nil)
    }
}
