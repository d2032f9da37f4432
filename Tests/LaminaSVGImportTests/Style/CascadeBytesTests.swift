import LaminaCore
import Testing

@testable import LaminaSVGImport

/// The cascade reads `style` attributes from the arena's bytes and looks property names up
/// from bytes; these tests hold it to the string-based definitions.
@Suite struct CascadeBytesTests {
    static let knownNames = CSSProperty.byName.keys.sorted()

    static let otherNames = [
        "a", "abc", "fil", "fill-", "fillx", "stroke-widths", "stroke-dashoffsets", "stroke-dasharrayy",
        "paint-order", "vector-effect", "mix-blend-mode", "font-family", "marker-start", "x-fill", "-webkit-fill",
        "fi\u{0300}ll", "strøke", "color-interpolation-filters",
    ]

    @Test(arguments: knownNames + knownNames.map { $0.uppercased() } + knownNames.map(mixedCase) + otherNames)
    func namedMatchesTheStringLookup(_ written: String) {
        let bytes = Array("x:\(written);".utf8)
        let range = 2..<(2 + written.utf8.count)
        let (property, name) = CSSProperty.named(bytes, range)
        let lower = CSSBytes.asciiLower(bytes, range)
        #expect(name == lower)
        #expect(property == CSSProperty.of(lower))
    }

    static func mixedCase(_ s: String) -> String {
        String(s.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.uppercased()) : $0.element })
    }

    static let styleTexts = [
        "fill:red", " fill : red ; stroke:blue;", "FILL: Red !IMPORTANT; stroke : blue ! important ",
        "fill red; stroke: blue; : x; opacity: ; FILL-OPACITY: .5 ! important; x: {a;b}; y: 1",
        "font-family: 'a;b', \"c\"; fill: url(\"#g;1\") red", "fill:/* x */red;stroke:blue/* ;opacity:0 */",
        "fill: red !importantx; stroke: blue !; opacity: 1 !important", "a{b}c: d; e: f", ";;;fill:red;;", "",
        "fi\u{0300}ll: red; str\u{00F8}ke: blue", "/* unterminated fill: red",
    ]

    @Test(arguments: styleTexts)
    func styleDeclarationBytesMatchTheParsedDeclarations(_ text: String) throws {
        var t = StyleTestTree()
        t.add("svg", parent: nil, [("style", text)])
        let tree = t.tree
        let slot = try #require(tree.attributeSlots(0).first)
        var seen: [StyleSheet.Declaration] = []
        tree.forEachStyleDeclaration(slot: slot) { property, bytes, name, value, important in
            #expect(property == CSSProperty.of(CSSBytes.asciiLower(bytes, name)))
            seen.append(
                StyleSheet.Declaration(
                    name: CSSBytes.asciiLower(bytes, name), value: CSSBytes.string(bytes, value), important: important))
        }
        let expected = StyleSheet.parseDeclarations(text)
        #expect(seen.map(\.name) == expected.map(\.name))
        #expect(seen.map(\.value) == expected.map(\.value))
        #expect(seen.map(\.important) == expected.map(\.important))
        #expect(tree.styleDeclarations(slot: slot).map(\.value) == expected.map(\.value))
    }

    /// Sheets, presentation attributes and `style` attributes mixing `!important`, invalid
    /// values and repeated properties.
    static let cascadeCases: [(sheet: String, attributes: [(String, String)])] = [
        ("rect { fill: red !important; stroke: red } #x { fill: blue !important; stroke: green }",
         [("id", "x"), ("fill", "yellow"), ("style", "fill: pink; stroke: black; stroke: bad-color; opacity: .5")]),
        ("rect { fill: red } .a { fill: blue !important } rect { fill: green !important }",
         [("class", "a"), ("style", "fill: black !important; fill: white")]),
        ("* { opacity: .2 !important } rect { opacity: .3 }",
         [("opacity", ".9"), ("style", "opacity: .4; opacity: .5 !important; opacity: .6")]),
        ("rect { fill: red !important; stroke: red !important } #x { fill: blue }",
         [("id", "x"), ("style", "fill: green; stroke: black !important")]),
        ("", [("style", "fill: red !important; fill: blue; stroke: red; stroke: blue !important; stroke: green")]),
        ("", [("fill", "nonsense"), ("stroke", "red"), ("style", "fill: nonsense-too; stroke: inherit; X-Unknown: 1")]),
        ("rect { stroke-width: -1 } rect { stroke-width: 2 !important } rect { stroke-width: -3 !important }",
         [("stroke-width", "4"), ("style", "stroke-width: 5")]),
    ]

    @Test(arguments: cascadeCases.indices)
    func cascadeMatchesTheKeyedCascade(_ k: Int) {
        let c = Self.cascadeCases[k]
        var t = StyleTestTree()
        let svg = t.add("svg", parent: nil)
        if !c.sheet.isEmpty { t.add("style", parent: svg, text: c.sheet) }
        let r = t.add("rect", parent: svg, c.attributes)
        var diagnostics: [Diagnostic] = []
        let cascade = StyleCascade(tree: t.tree, diagnostics: &diagnostics)
        let got = cascade.cascaded(for: r).map { "\($0.name)=\($0.value)" }
        #expect(got == Self.keyedCascade(c.sheet, c.attributes, matchingSelectorsOf: cascade, element: r))
    }

    /// Each `style` text through the whole cascade (read in place, or from a copy with its
    /// comments blanked), with a presentation attribute before it, against the keyed cascade.
    @Test(arguments: styleTexts + ["fill:#1f77b4;stroke:#9db59d;stroke-width:0.45", "fill:#abc/**/;stroke:#abc"])
    func styleAttributeThroughTheCascadeMatchesTheKeyedCascade(_ text: String) {
        let attributes = [("fill", "#000"), ("style", text)]
        var t = StyleTestTree()
        let r = t.add("rect", parent: nil, attributes)
        var diagnostics: [Diagnostic] = []
        let cascade = StyleCascade(tree: t.tree, diagnostics: &diagnostics)
        let got = cascade.cascaded(for: r).map { "\($0.name)=\($0.value)" }
        #expect(got == Self.keyedCascade("", attributes, matchingSelectorsOf: cascade, element: r))
    }

    /// The cascade takes a presentation attribute's property from its role byte by bit cast:
    /// each raw value is the property's own representation.
    @Test func aRoleByteIsItsPropertysRepresentation() {
        for raw in 0...CSSProperty.other.rawValue {
            #expect(unsafeBitCast(raw, to: CSSProperty.self) == CSSProperty(rawValue: raw))
        }
        #expect(CSSProperty(rawValue: CSSProperty.other.rawValue + 1) == nil)
        #expect(AttributeRoles.styleRole > CSSProperty.other.rawValue && AttributeRoles.noRole > CSSProperty.other.rawValue)
    }

    @Test func manyPropertiesKeepFirstAppearanceAndLastWinner() {
        let names = (0..<40).map { "x-prop-\($0)" }
        let style = names.map { "\($0): a" }.joined(separator: ";") + ";" + names.reversed().map { "\($0): b" }.joined(separator: ";")
            + "; x-prop-3: c !important; x-prop-3: d"
        var t = StyleTestTree()
        let r = t.add("rect", parent: nil, [("fill", "red"), ("style", style + "; fill: blue")])
        var diagnostics: [Diagnostic] = []
        let got = StyleCascade(tree: t.tree, diagnostics: &diagnostics).declarations(for: r)
        #expect(got.map(\.name) == ["fill"] + names)
        #expect(got.map(\.value) == ["blue"] + names.indices.map { $0 == 3 ? "c" : "b" })
    }

    /// The cascade as specified: every valid declaration keyed by (important, origin,
    /// specificity, position); the highest key wins; properties in order of first appearance.
    static func keyedCascade(
        _ sheet: String, _ attributes: [(String, String)], matchingSelectorsOf cascade: StyleCascade, element: Int
    ) -> [String] {
        var all: [(name: String, value: String, key: [Int])] = []
        for (name, value) in attributes where PresentationAttributes.contains(name) {
            all.append((name, value.trimmingCharactersCSS(), [0, 0, 0, all.count]))
        }
        // Every matching selector, `*` too (the cascade merges those apart from its table).
        var matcher = SelectorMatcher(tree: cascade.tree, selectors: cascade.selectors)
        let matched = cascade.selectors.isEmpty ? [] : matcher.matchAll().of(element)
        for m in matched {
            let s = cascade.selectors[Int(m)]
            for d in cascade.rules[s.rule].declarations {
                all.append((d.name, d.value, [d.important ? 1 : 0, 1, s.specificity, all.count]))
            }
        }
        if let style = attributes.first(where: { $0.0 == "style" }) {
            for d in StyleSheet.parseDeclarations(style.1) {
                all.append((d.name, d.value, [d.important ? 1 : 0, 2, 0, all.count]))
            }
        }
        var order: [String] = []
        var winner: [String: (value: String, key: [Int])] = [:]
        for d in all where ComputedStyle.isValid(d.name, d.value) {
            if let w = winner[d.name] {
                if d.key.lexicographicallyPrecedes(w.key) { continue }
            } else {
                order.append(d.name)
            }
            winner[d.name] = (d.value, d.key)
        }
        return order.map { "\($0)=\(winner[$0]!.value)" }
    }
}
