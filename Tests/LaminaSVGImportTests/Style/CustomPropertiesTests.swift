import LaminaCore
import LaminaSVGImport
import Testing

@Suite struct CustomPropertiesTests {
    @Test(arguments: [
        ("var(--a)", "red"),
        ("VAR( --a )", "red"),
        ("var(--nope, blue)", "blue"),
        ("var(--nope, var(--a))", "red"),
        ("1px var(--b) 3px", "1px 2px 3px"),
        ("rgb(var(--c), 0, 0)", "rgb(255, 0, 0)"),
    ])
    func substitutes(_ value: String, _ expected: String) {
        let properties = ["--a": "red", "--b": "2px", "--c": "255"]
        #expect(CustomProperties.referencesVariables(value))
        #expect(CustomProperties.substitute(value, properties) == expected)
    }

    @Test(arguments: ["var(--nope)", "var(a)", "var(--a", "var()"])
    func failsWhenInvalid(_ value: String) {
        #expect(CustomProperties.substitute(value, ["--a": "red"]) == nil)
    }

    /// CSS-wide keywords as browsers read them on a custom property: `initial` is
    /// guaranteed-invalid (a `var()` takes its fallback), the others take the parent's value.
    @Test func wideKeywordsOnACustomProperty() {
        let parent: CustomPropertyMap = ["--a": "blue", "--b": "blue", "--c": "blue", "--d": "blue"]
        let own: [(name: String, value: String)] = [
            ("--a", " INITIAL "), ("--b", "inherit"), ("--c", "unset"), ("--d", "revert"), ("--e", "revert-layer"),
            ("--f", "var(--a, green)"), ("--g", "var(--b, green)"), ("--h", "initially"),
        ]
        let map = CustomProperties.resolve(own: own, inherited: parent)
        #expect(map["--a"] == nil && map["--e"] == nil)
        #expect(map["--b"] == "blue" && map["--c"] == "blue" && map["--d"] == "blue")
        #expect(map["--f"] == "green" && map["--g"] == "blue" && map["--h"] == "initially")
        #expect(CustomProperties.substitute("var(--a, green)", map) == "green")
    }

    @Test func cyclesAndBlowUpsAreInvalidAndFast() {
        let cyclic = CustomProperties.resolve(own: [("--x", "var(--y)"), ("--y", "var(--x)")], inherited: [:])
        #expect(cyclic["--x"] == nil && cyclic["--y"] == nil)
        // Each level doubles the text: 2^40 bytes if unbounded.
        var own: [(name: String, value: String)] = [("--v0", "xxxxxxxx")]
        for k in 1...40 { own.append(("--v\(k)", "var(--v\(k - 1)) var(--v\(k - 1))")) }
        let blown = CustomProperties.resolve(own: own, inherited: [:])
        #expect(blown["--v40"] == nil)
        #expect(blown["--v3"]?.utf8.count == 8 * 8 + 7)
    }

    /// As Chromium draws it: custom properties inherit and cascade, `var()` takes its fallback
    /// for a missing or cyclic property, and a failed substitution leaves the property unset
    /// (inherited, not the presentation attribute).
    @Test func importResolvesVariables() throws {
        let svg = ImportTestSupport.header + " viewBox=\"0 0 200 200\"><style>:root { --main: green; --w: 6px } "
            + ".a { fill: var(--main); stroke: var(--accent, blue); stroke-width: var(--w) } g { --main: orange }</style>"
            + "<rect id=\"r1\" class=\"a\" width=\"6\" height=\"6\"/><g><rect id=\"r2\" class=\"a\" width=\"6\" height=\"6\"/></g>"
            + "<rect id=\"r3\" width=\"6\" height=\"6\" style=\"--x: var(--y); --y: var(--x); fill: var(--x, purple)\"/>"
            + "<g fill=\"yellow\"><rect id=\"r4\" width=\"6\" height=\"6\" style=\"fill: var(--missing)\" fill=\"red\"/></g></svg>"
        let (scene, _) = try ImportTestSupport.load(svg)
        func content(_ name: String) throws -> Content? { scene.tree[try #require(ImportTestSupport.layer(scene, name))].content }
        #expect(try content("r1")?.fill == .color("#008000"))
        #expect(try content("r1")?.stroke == .color("#0000ff"))
        #expect(try content("r1")?.strokeWidth == 6)
        #expect(try content("r2")?.fill == .color("#ffa500"))
        #expect(try content("r3")?.fill == .color("#800080"))
        #expect(try content("r4")?.fill == .color("#ffff00"))
    }

    /// With thousands of properties in scope, answers are the same computed and remembered:
    /// a value's `var()`, an element's own property on top of the inherited ones, and a repeat.
    @Test func manyPropertiesInScopeResolveAlike() {
        var inherited = CustomPropertyMap()
        for k in 0..<5_000 { inherited["--p\(k)"] = "\(k)px" }
        for _ in 0..<2 {
            #expect(CustomProperties.substitute("var(--p4999) var(--none, 3px)", inherited) == "4999px 3px")
            let own = CustomProperties.resolve(own: [("--mine", "calc(var(--p1) + 1px)")], inherited: inherited)
            #expect(own["--mine"] == "calc(1px + 1px)")
            #expect(own.count == inherited.count + 1)
        }
    }
}
