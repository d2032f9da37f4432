import LaminaCore
import Testing

@testable import LaminaSVGImport

/// Rules whose selector is `*` alone are merged once per run (`StyleCascade.UnconditionalBlock`)
/// instead of being matched and offered per element, and a selector repeated in a row is matched
/// once with its rules merged; the cascade must come out as if each rule were offered in its
/// place: `*` among the other selectors of specificity 0 by source order, below every selector
/// of higher specificity, with `!important`, invalid values and the `font` shorthand.
@Suite struct MergedRulesTests {
    typealias Random = SelectorMatcherReferenceTests.Random

    static func cascade(_ text: String, merging: Bool = true) throws -> StyleCascade {
        let tree = try XMLReader.read(Array(text.utf8), file: "u.svg").tree
        var none: [Diagnostic] = []
        return StyleCascade(tree: tree, diagnostics: &none, mergesRules: merging)
    }

    static func render(_ cascade: StyleCascade, _ element: Int) -> [String] {
        cascade.cascaded(for: element).map { "\($0.name)=\($0.value)" }
    }

    @Test func universalRulesTakeTheirPlaceAmongTheOthers() throws {
        let sheet = """
            * { fill: red !important; stroke: blue; stroke-width: -1 }
            .a { stroke: green; opacity: .3 }
            * { stroke-width: 2; opacity: .9 }
            * > * { stroke-width: 3; opacity: .8 }
            * { stroke-width: 4; stroke-linecap: round }
            #x { stroke-linecap: butt !important }
            * { stroke-linecap: square !important }
            """
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg"><style>\(sheet)</style>\
            <rect class="a" opacity=".1" fill="black" style="fill: white; stroke-width: 5"/>\
            <rect id="x" style="stroke-linecap: butt; stroke: black !important"/></svg>
            """
        let c = try Self.cascade(text)
        // <svg>, the root: `* > *` does not match it; the `*` rules' invalid `stroke-width: -1`
        // is dropped and the last `*` value wins.
        #expect(Self.render(c, 0) == ["fill=red", "stroke=blue", "stroke-width=4", "opacity=.9", "stroke-linecap=square"])
        // .a: presentation attributes first; `* > *` between the second and third `*` rules;
        // `.a` above every `*`; `style` above the sheet but below the sheet's `!important`.
        #expect(Self.render(c, 2) == ["opacity=.3", "fill=red", "stroke=green", "stroke-width=5", "stroke-linecap=square"])
        // #x: its `!important` beats the `*` one by specificity, `style`'s `!important` the sheet.
        #expect(Self.render(c, 3) == ["fill=red", "stroke=black", "stroke-width=4", "opacity=.8", "stroke-linecap=butt"])
        #expect(c.unconditional.map(\.end) == [3, 7])
        let plain = try Self.cascade(text, merging: false)
        for e in 0..<4 { #expect(Self.render(c, e) == Self.render(plain, e)) }
    }

    static let declarations = [
        "fill: red", "fill: blue !important", "fill: qwe", "stroke: green", "stroke: inherit",
        "stroke-width: 2", "stroke-width: -1", "stroke-width: 3 !important", "opacity: .5", "opacity: .7 !important",
        "font: bold 10px sans-serif", "font: nonsense", "font-size: 20px !important", "--k: 1", "--k: 2 !important",
        "stroke-dasharray: var(--k)", "x-unknown: 1", "display: none", "visibility: hidden !important",
    ]

    static let selectors = [
        "*", "*", "*", "* > *", "* *", "* + *", "rect", "g", ".a", ".b", "#i", "g > rect", "g .a", ":root", "rect:first-child",
        "*.a", "*#i", "[data-k]", "* > .a",
    ]

    static func document(_ r: inout Random) -> String {
        var sheet = ""
        var previous = "*"
        for _ in 0..<(4 + r.next(14)) {
            var list = [r.next(3) == 0 ? previous : r.pick(selectors)]
            previous = list[0]
            if r.next(5) == 0 { list.append(r.pick(selectors)) }
            let body = (0..<(1 + r.next(3))).map { _ in r.pick(declarations) }.joined(separator: "; ")
            sheet += "\(list.joined(separator: ", ")) { \(body) }\n"
        }
        var s = #"<svg xmlns="http://www.w3.org/2000/svg"><style>\#(sheet)</style>"#
        var open = 0
        for _ in 0..<25 {
            var attributes = ""
            if r.next(3) == 0 { attributes += #" class="\#(r.pick(["a", "b", "a b"]))""# }
            if r.next(5) == 0 { attributes += #" id="i""# }
            if r.next(5) == 0 { attributes += #" data-k="1""# }
            if r.next(3) == 0 { attributes += #" fill="\#(r.pick(["yellow", "bad"]))" stroke-width="7""# }
            if r.next(3) == 0 {
                let body = (0..<(1 + r.next(2))).map { _ in r.pick(declarations) }.joined(separator: "; ")
                attributes += #" style="\#(body)""#
            }
            if r.next(3) == 0, open < 4 {
                s += "<g\(attributes)>"
                open += 1
            } else {
                s += "<rect\(attributes)/>"
                if open > 0, r.next(3) == 0 {
                    s += "</g>"
                    open -= 1
                }
            }
        }
        return s + String(repeating: "</g>", count: open) + "</svg>"
    }

    @Test(arguments: 0..<60) func mergedRunsCascadeAsEachRuleAlone(seed: Int) throws {
        var r = Random(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 5)
        let text = Self.document(&r)
        let merged = try Self.cascade(text), plain = try Self.cascade(text, merging: false)
        for e in merged.tree.indices {
            #expect(Self.render(merged, e) == Self.render(plain, e), "element \(e) in \(text)")
        }
    }

    @Test func manyUniversalRulesAreNotStoredPerElement() throws {
        let rules = 400, elements = 300
        let sheet = (0..<rules).map { "*{stroke-width:\($0 % 7)}" }.joined() + "*{fill:red !important}rect{fill:blue}"
        // Rects and circles in turn: no element's list is the one before it.
        let shapes = String(repeating: #"<rect width="1" height="1"/><circle r="1"/>"#, count: elements / 2)
        let text = #"<svg xmlns="http://www.w3.org/2000/svg"><style>\#(sheet)</style><g>\#(shapes)</g></svg>"#
        let c = try Self.cascade(text)
        // Only `rect` is matched per element; the 401 `*` rules are one block of two winners.
        #expect(c.matched.matches.count == elements / 2)
        #expect(c.unconditional.count == 1)
        #expect(c.unconditional.map(\.declarations.count) == [2])
        let plain = try Self.cascade(text, merging: false)
        #expect(plain.matched.matches.count == (rules + 1) * (elements + 1) + elements / 2)
        for e in [0, 2, 3, 4, elements + 2] {
            #expect(Self.render(c, e) == Self.render(plain, e))
        }
        #expect(Self.render(c, 3) == ["stroke-width=\((rules - 1) % 7)", "fill=red"])
    }

    @Test func aRepeatedSelectorIsMatchedOnce() throws {
        let rules = 400, elements = 300
        let sheet = (0..<rules).map { "svg *{stroke-width:\($0 % 7)}" }.joined() + ".a{opacity:.5}.a{fill:red}svg *{stroke-width:9;opacity:.2}"
        let rects = String(repeating: #"<rect class="a" width="1" height="1"/><rect/>"#, count: elements / 2)
        let text = #"<svg xmlns="http://www.w3.org/2000/svg"><style>\#(sheet)</style><g>\#(rects)</g></svg>"#
        let c = try Self.cascade(text)
        // Each element below the root matches the first run and the last `svg *` (after `.a` in
        // source order, so not merged into the run), `.a` elements `.a .a` as one too; the
        // `<style>` and `<g>` share one list.
        #expect(c.matched.matches.count == 2 + elements / 2 * 3 + elements / 2 * 2)
        #expect(c.selectors.filter { !$0.merged }.count == 3)
        let plain = try Self.cascade(text, merging: false)
        #expect(plain.matched.matches.count == (rules + 1) * (elements + 1) + elements)
        for e in [0, 1, 2, 3, 4, elements + 2] {
            #expect(Self.render(c, e) == Self.render(plain, e))
        }
        #expect(Self.render(c, 3) == ["stroke-width=9", "opacity=.5", "fill=red"])
    }

    @Test func likeElementsShareTheirMatchList() throws {
        let rules = 200, elements = 300
        // Different selectors in turn: none is merged, each rect matches all of them.
        let sheet = (0..<rules).map { "\($0 % 2 == 0 ? "svg" : "g") *{stroke-width:\($0 % 7)}" }.joined()
        let rects = String(repeating: #"<rect width="1" height="1"/>"#, count: elements)
        let text = #"<svg xmlns="http://www.w3.org/2000/svg"><style>\#(sheet)</style><g>\#(rects)</g></svg>"#
        let c = try Self.cascade(text)
        #expect(c.selectors.allSatisfy { !$0.merged })
        // `<style>` and `<g>` match the `svg *` half, each rect all: two lists stored.
        #expect(c.matched.matches.count == rules / 2 + rules)
        #expect(c.matched.of(elements + 2).count == rules)
        #expect(Self.render(c, elements + 2) == ["stroke-width=\((rules - 1) % 7)"])
    }
}
