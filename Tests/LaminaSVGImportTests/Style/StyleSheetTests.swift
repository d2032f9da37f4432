import Testing

@testable import LaminaSVGImport

@Suite struct StyleSheetTests {
    static func sheet(_ text: String) -> (StyleSheet, [String]) {
        var warnings: [String] = []
        let s = StyleSheet(parsing: text, warnings: &warnings)
        return (s, warnings)
    }

    @Test func parsesRulesAndDeclarations() throws {
        let (s, warnings) = Self.sheet("rect { fill: red; stroke : blue !important }\n.a, #b { opacity:0.5 ; }")
        #expect(warnings.isEmpty)
        try #require(s.rules.count == 2)
        #expect(s.rules[0].declarations == [
            .init(name: "fill", value: "red"), .init(name: "stroke", value: "blue", important: true),
        ])
        #expect(s.rules[1].selectors.count == 2)
        #expect(s.rules[1].selectors[0].compounds[0].classes == ["a"])
        #expect(s.rules[1].selectors[1].compounds[0].id == "b")
    }

    @Test(arguments: [
        ("*", 0), ("rect", 1), (".a", 1_000), ("#b", 1_000_000), ("rect.a#b", 1_001_001),
        ("g > rect", 2), ("g .a rect", 1_002), ("[x]", 1_000), ("rect[x=\"1\"].c", 2_001), ("rect:first-child", 1_001), (":root", 1_000),
    ])
    func specificity(selector: String, expected: Int) throws {
        let (s, _) = Self.sheet("\(selector) { fill: red }")
        let rule = try #require(s.rules.first)
        #expect(rule.selectors[0].specificity == expected)
    }

    @Test func parsesCombinatorsAndAttributes() throws {
        let (s, _) = Self.sheet("svg g>rect[ data-x = 'a b' ][y] { fill: red }")
        let sel = try #require(s.rules.first?.selectors.first)
        #expect(sel.compounds.map(\.type) == ["svg", "g", "rect"])
        #expect(sel.combinators == [.descendant, .child])
        #expect(sel.compounds[2].attributes == [
            .init(name: "data-x", op: .equals, value: "a b"), .init(name: "y", op: .exists, value: ""),
        ])
    }

    /// `+` (as resvg reads it), with or without spaces, mixed with the other combinators.
    @Test func parsesAdjacentSiblingCombinators() throws {
        let (s, _) = Self.sheet("g > rect+circle, svg .a + ellipse.b rect { fill: red }")
        let selectors = try #require(s.rules.first?.selectors)
        #expect(selectors.count == 2)
        #expect(selectors[0].compounds.map(\.type) == ["g", "rect", "circle"])
        #expect(selectors[0].combinators == [.child, .adjacent])
        #expect(selectors[1].compounds.map(\.type) == ["svg", nil, "ellipse", "rect"])
        #expect(selectors[1].combinators == [.descendant, .adjacent, .descendant])
    }

    @Test(arguments: [
        "rect:hover { fill: red }", "a > + b { fill: red }", "a ~ b { fill: red }", "svg|rect { fill: red }",
        "+ b { fill: red }", "a + { fill: red }", "a ++ b { fill: red }",
        ":last-child, a:visited { fill: red }", "> rect { fill: red }", "rect > { fill: red }", "#1\\x { fill: red }",
        "::before { fill: red }", "rect.a:not(.b) { fill: red }",
    ])
    func unsupportedSelectorsDropTheRule(text: String) {
        let (s, _) = Self.sheet(text + " .ok { fill: blue }")
        #expect(s.rules.count == 1)
        #expect(s.rules.first?.selectors.first?.compounds.first?.classes == ["ok"])
    }

    /// A selector Lamina cannot evaluate is skipped, not its whole list: the others still apply,
    /// as in resvg and in a browser's static picture (pygal's `.color-0, .color-0 a:visited`).
    @Test(arguments: [
        ("rect, :last-child", ["rect"]), (".a, .a a:visited", [".a"]), ("a:hover, circle, b ~ c", ["circle"]),
        ("#c .s:not(.t), #c .s, ::before", ["#c .s"]), ("a ++ b, g>rect", ["g > rect"]),
    ])
    func listsKeepTheSelectorsLaminaEvaluates(list: String, kept: [String]) throws {
        let (s, _) = Self.sheet(list + " { fill: red }")
        let rule = try #require(s.rules.first)
        #expect(rule.selectors.map(Self.text) == kept)
        #expect(rule.declarations == [.init(name: "fill", value: "red")])
    }

    /// A selector written back from its parsed form (for the tests' expectations).
    static func text(_ s: StyleSheet.Selector) -> String {
        var out = ""
        for (k, c) in s.compounds.enumerated() {
            if k > 0 {
                switch s.combinators[k - 1] {
                case .descendant: out += " "
                case .child: out += " > "
                case .adjacent: out += " + "
                }
            }
            out += (c.type ?? "") + (c.id.map { "#" + $0 } ?? "") + c.classes.map { "." + $0 }.joined()
        }
        return out
    }

    @Test func commentsAreIgnoredEverywhere() throws {
        let (s, _) = Self.sheet("/* a { fill: red } */ rect /* x */ { fill: /* y */ green; /* z */ }")
        try #require(s.rules.count == 1)
        #expect(s.rules[0].declarations == [.init(name: "fill", value: "green")])
    }

    @Test func unterminatedCommentEndsTheSheet() {
        let (s, _) = Self.sheet("rect { fill: red } /* never closed rect { fill: blue }")
        #expect(s.rules.count == 1)
        #expect(s.rules.first?.declarations.first?.value == "red")
    }

    @Test func importWarnsAndIsNotFetched() {
        let (s, warnings) = Self.sheet("@import url(\"http://example.com/x.css\");\nrect { fill: red }")
        #expect(warnings == ["'@import url(\"http://example.com/x.css\")' ignored: external style sheets are never fetched"])
        #expect(s.rules.count == 1)
    }

    @Test func mediaAndOtherAtRulesAreSkipped() {
        let (s, warnings) = Self.sheet(
            "@media print { rect { fill: red } } @font-face { font-family: x } @charset \"utf-8\"; circle { fill: blue }")
        #expect(warnings.isEmpty)
        #expect(s.rules.count == 1)
        #expect(s.rules.first?.selectors.first?.compounds.first?.type == "circle")
    }

    @Test func cdataMarkersAndStrayBracesAreTolerated() {
        let (s, _) = Self.sheet("<!-- } rect { fill: red } -->")
        #expect(s.rules.count == 1)
    }

    @Test func malformedDeclarationsAreSkipped() {
        let decls = StyleSheet.parseDeclarations("fill red; stroke: blue; : x; opacity: ; FILL-OPACITY: .5 ! important; x: {a;b}; y: 1")
        #expect(decls == [
            .init(name: "stroke", value: "blue"), .init(name: "fill-opacity", value: ".5", important: true),
            .init(name: "y", value: "1"),
        ])
    }

    @Test func valuesKeepStringsAndParentheses() {
        let decls = StyleSheet.parseDeclarations("font-family: 'a;b', \"c\"; fill: url(\"#g;1\") red")
        #expect(decls.map(\.value) == ["'a;b', \"c\"", "url(\"#g;1\") red"])
    }

    @Test func hugeHostileInputIsLinear() {
        // Many unclosed blocks, comments and braces: must finish quickly without hanging.
        let hostile = String(repeating: "a{", count: 50_000) + String(repeating: "/*", count: 50_000)
            + String(repeating: "}", count: 10_000)
        let (s, _) = Self.sheet(hostile)
        #expect(s.rules.count <= 1)
        let many = String(repeating: ".c{fill:red}", count: 50_000)
        #expect(Self.sheet(many).0.rules.count == 50_000)
    }

    /// Attribute tests compare code points (on the UTF-8 bytes), as CSS and resvg do: a
    /// decomposed "é" is not the composed one, though Swift's `String` equality says it is.
    @Test(arguments: [
        (StyleSheet.AttributeTest.Operator.equals, "ab", "ab", true), (.equals, "ab", "abc", false),
        (.equals, "caf\u{E9}", "cafe\u{301}", false), (.equals, "", "", true),
        (.includes, "a bb\tc", "bb", true), (.includes, "a bb c", "b", false), (.includes, "bb", "bb", true),
        (.includes, "a  b", "", false), (.includes, " x ", "x", true),
        (.dashMatch, "en", "en", true), (.dashMatch, "en-US", "en", true), (.dashMatch, "enUS", "en", false),
        (.dashMatch, "en-", "en", true), (.dashMatch, "e", "en", false),
        (.prefix, "prefix", "pre", true), (.prefix, "pr", "pre", false), (.prefix, "x", "", false),
        (.suffix, "a.svg", ".svg", true), (.suffix, "svg", ".svg", false), (.suffix, "x", "", false),
        (.substring, "abcabd", "abd", true), (.substring, "ab", "abc", false), (.substring, "x\u{E9}y", "\u{E9}", true),
        (.substring, "x", "", false), (.exists, "", "", true),
    ])
    func attributeTestsCompareCodePoints(_ op: StyleSheet.AttributeTest.Operator, _ actual: String, _ value: String, _ expected: Bool) {
        #expect(StyleSheet.AttributeTest(name: "a", op: op, value: value).matches(actual) == expected)
    }
}
