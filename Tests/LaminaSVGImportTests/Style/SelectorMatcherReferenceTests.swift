import LaminaCore
import Testing

@testable import LaminaSVGImport

/// The matcher compares interned names; a plain reference that compares strings (each selector
/// against each element, walking up for every combinator) must give the same match table on
/// seeded random documents and sheets: repeated, missing and unused classes, ids, attribute
/// tests, `:first-child`, `:root`, all three combinators, and class lists with non-ASCII
/// characters and CR LF (split by characters, as CSS splits them).
@Suite struct SelectorMatcherReferenceTests {
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
    }

    static let types = ["g", "rect", "circle", "path", "text", "svg"]
    static let classes = ["a", "b", "c", "é", "long-class-name-beyond-fifteen-bytes", "x"]
    static let ids = ["i1", "i2", "i3", "ü"]

    static func document(_ r: inout Random) -> String {
        var s = #"<svg xmlns="http://www.w3.org/2000/svg" class="a">"#
        s += "<style>\(sheet(&r))</style>"
        var open = 0
        for _ in 0..<60 {
            let type = r.pick(["g", "rect", "circle", "path", "text"])
            var attributes = ""
            if r.next(3) == 0 { attributes += #" id="\#(r.pick(ids))\#(r.next(2))""# }
            if r.next(2) == 0 {
                var list: [String] = []
                for _ in 0..<(1 + r.next(4)) { list.append(r.pick(classes + ["unused"])) }
                let separator = r.pick([" ", "  ", "&#9;", "&#13;&#10;", " \u{301}"])
                attributes += #" class="\#(list.joined(separator: separator))""#
            }
            if r.next(4) == 0 { attributes += #" data-k="\#(r.pick(["x", "x-y", "y x", ""]))""# }
            if type == "g", open < 6, r.next(2) == 0 {
                s += "<g\(attributes)>"
                open += 1
            } else {
                s += "<\(type)\(attributes)/>"
                if open > 0, r.next(3) == 0 {
                    s += "</g>"
                    open -= 1
                }
            }
        }
        s += String(repeating: "</g>", count: open)
        return s + "</svg>"
    }

    static func compound(_ r: inout Random) -> String {
        var c = r.next(3) == 0 ? "" : r.pick(types + ["*"])
        if r.next(4) == 0 { c += "#" + r.pick(ids) + "\(r.next(2))" }
        for _ in 0..<r.next(3) { c += "." + r.pick(classes + ["missing"]) }
        if r.next(6) == 0 { c += r.pick(["[data-k]", #"[data-k="x"]"#, #"[data-k|="x"]"#, #"[data-k~="x"]"#]) }
        if r.next(8) == 0 { c += r.pick([":first-child", ":root"]) }
        return c.isEmpty ? "*" : c
    }

    static func sheet(_ r: inout Random) -> String {
        var s = "svg.a { stroke: red }\n"
        for k in 0..<12 {
            var selector = compound(&r)
            for _ in 0..<r.next(3) { selector += r.pick([" ", " > ", " + "]) + compound(&r) }
            s += "\(selector) { stroke-width: \(k) }\n"
        }
        return s
    }

    /// Whether compound `c` matches element `e`, comparing strings.
    static func matches(_ c: StyleSheet.Compound, _ e: Int, _ t: ElementTree) -> Bool {
        if let type = c.type, type != t.name(e) { return false }
        if let id = c.id, id != t.attribute(e, "id") { return false }
        let own = (t.attribute(e, "class") ?? "").split(whereSeparator: isCSSSpace).map(String.init)
        for cls in c.classes where !own.contains(cls) { return false }
        for test in c.attributes {
            guard let v = t.attribute(e, test.name), test.matches(v) else { return false }
        }
        for p in c.pseudoClasses {
            switch p {
            case .root: if t.parent(e) != nil { return false }
            case .firstChild:
                guard let parent = t.parent(e), t.contentItems(parent).first(where: { $0 >= 0 }) == Int32(e) else { return false }
            }
        }
        return true
    }

    /// Whether compounds `0...part` of `s` match with `part` on `e`.
    static func matches(_ s: StyleSheet.Selector, _ part: Int, _ e: Int, _ t: ElementTree) -> Bool {
        guard matches(s.compounds[part], e, t) else { return false }
        if part == 0 { return true }
        switch s.combinators[part - 1] {
        case .child:
            guard let p = t.parent(e) else { return false }
            return matches(s, part - 1, p, t)
        case .descendant:
            var p = t.parent(e)
            while let a = p {
                if matches(s, part - 1, a, t) { return true }
                p = t.parent(a)
            }
            return false
        case .adjacent:
            guard let p = t.parent(e) else { return false }
            let siblings = t.contentItems(p).filter { $0 >= 0 }
            guard let i = siblings.firstIndex(of: Int32(e)), i > siblings.startIndex else { return false }
            return matches(s, part - 1, Int(siblings[i - 1]), t)
        }
    }

    @Test(arguments: 0..<40) func theMatchTableIsThePlainReferences(seed: Int) throws {
        var r = Random(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 11)
        let text = Self.document(&r)
        let t = try XMLReader.read(Array(text.utf8), file: "m.svg").tree
        var none: [Diagnostic] = []
        let selectors = StyleCascade(tree: t, diagnostics: &none).selectors
        try #require(!selectors.isEmpty)
        var matcher = SelectorMatcher(tree: t, selectors: selectors)
        let found = matcher.matchAll()
        var total = 0
        for e in t.indices {
            let expected = selectors.indices.filter {
                Self.matches(selectors[$0].selector, selectors[$0].selector.compounds.count - 1, e, t)
            }
            let got = found.of(e).map(Int.init).sorted()
            #expect(got == expected, "element \(e) <\(t.name(e))> in \(text)")
            total += expected.count
        }
        #expect(total > 0)
    }
}
