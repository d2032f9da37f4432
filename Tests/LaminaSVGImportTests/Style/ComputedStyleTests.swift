import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct ComputedStyleTests {
    static func style(_ decls: [(String, String)], parent: ComputedStyle = .initial) -> ComputedStyle {
        parent.child(declarations: decls.map { (name: $0.0, value: $0.1) })
    }

    @Test func initialValuesAreSVGs() {
        let s = ComputedStyle.initial
        #expect(s.fill == .color("#000000"))
        #expect(s.stroke == PaintValue.none)
        #expect(s.strokeWidth == Length(1))
        #expect(s.fontSize == 16)
        #expect(s.opacity == 1)
        #expect(s.display == "inline")
        #expect(s.visibility == "visible")
        #expect(s.extraInherited.isEmpty)
    }

    @Test func inheritedPropertiesCarryOverAndOthersReset() {
        let parent = Self.style([
            ("fill", "red"), ("stroke", "blue"), ("stroke-width", "3"), ("opacity", "0.5"), ("clip-path", "url(#c)"),
            ("mask", "url(#m)"), ("filter", "url(#f)"), ("display", "none"), ("visibility", "hidden"),
            ("paint-order", "stroke"), ("vector-effect", "non-scaling-stroke"), ("stop-color", "red"),
        ])
        #expect(parent.opacity == 0.5)
        #expect(parent.clipPath == "c")
        #expect(parent.mask == "m")
        #expect(parent.filters == [.reference("f")])
        #expect(parent.extraOwn == [StyleProperty("vector-effect", "non-scaling-stroke")])
        let child = Self.style([], parent: parent)
        #expect(child.fill == .color("#ff0000"))
        #expect(child.stroke == .color("#0000ff"))
        #expect(child.strokeWidth == Length(3))
        #expect(child.visibility == "hidden")
        #expect(child.extraInherited == [StyleProperty("paint-order", "stroke")])
        #expect(child.opacity == 1)
        #expect(child.clipPath == nil && child.mask == nil && child.filters == nil)
        #expect(child.display == "inline")
        #expect(child.extraOwn.isEmpty)
        #expect(child.stopColor == "#000000")
    }

    /// The rarely set properties are kept in shared boxes: a value spelled out at its initial
    /// value equals (and hashes as) the initial style, and a child's change never reaches its
    /// parent or its siblings.
    @Test func rarePropertiesCompareByValueAndCopyOnWrite() {
        let explicit = Self.style([
            ("fill-rule", "nonzero"), ("stroke-linejoin", "miter"), ("display", "inline"), ("overflow", "visible"),
        ])
        #expect(explicit == .initial)
        #expect(explicit.hashValue == ComputedStyle.initial.hashValue)

        let parent = Self.style([("stroke-linecap", "round"), ("clip-path", "url(#c)"), ("stroke-dasharray", "4 2")])
        var child = Self.style([("stroke-linejoin", "bevel")], parent: parent)
        let sibling = Self.style([], parent: parent)
        #expect(child.strokeLinecap == "round" && child.strokeLinejoin == "bevel")
        #expect(child.clipPath == nil && parent.clipPath == "c")
        #expect(parent.strokeLinejoin == "miter" && sibling.strokeLinejoin == "miter")
        child.strokeDasharray = nil
        child.mask = "m"
        #expect(parent.strokeDasharray?.count == 2 && sibling.strokeDasharray?.count == 2)
        #expect(parent.mask == nil && sibling.mask == nil)
        #expect(child != sibling)
        #expect(Self.style([], parent: sibling) == Self.style([], parent: parent))
    }

    @Test func inheritInitialAndUnset() {
        let parent = Self.style([("opacity", "0.5"), ("fill", "red"), ("stroke-linecap", "round")])
        let child = Self.style([("opacity", "inherit"), ("fill", "initial"), ("stroke-linecap", "unset")], parent: parent)
        #expect(child.opacity == 0.5)
        #expect(child.fill == .color("#000000"))
        #expect(child.strokeLinecap == "round")
        let unsetOpacity = Self.style([("opacity", "unset")], parent: parent)
        #expect(unsetOpacity.opacity == 1)
    }

    @Test func currentColorFollowsEachElementsColor() {
        let parent = Self.style([("color", "red"), ("fill", "currentColor"), ("stroke", "url(#g) currentColor")])
        #expect(parent.fill == .color("#ff0000"))
        #expect(parent.stroke == .url("g", fallback: "#ff0000"))
        let child = Self.style([("color", "rgb(0 0 255)")], parent: parent)
        #expect(child.fill == .color("#0000ff"))
        #expect(child.stroke == .url("g", fallback: "#0000ff"))
        let grandchild = Self.style([("color", "inherit"), ("stop-color", "currentColor")], parent: child)
        #expect(grandchild.stopColor == "#0000ff")
    }

    @Test func floodAndLightingColorResolveCurrentColorToTheElementsColor() {
        // W3C filters-light-05-f: `<defs color="#00FF00">` holds filters whose lighting is
        // `lighting-color="currentColor"`; the filter is written without that `defs`.
        let defs = Self.style([("color", "#00FF00")])
        let primitive = Self.style([("lighting-color", "currentColor"), ("flood-color", "CurrentColor")], parent: defs)
        #expect(primitive.extraOwn.contains(StyleProperty("lighting-color", "#00ff00")))
        #expect(primitive.extraOwn.contains(StyleProperty("flood-color", "#00ff00")))
    }

    @Test(arguments: [
        ("none", PaintValue.none), ("#abc", .color("#aabbcc")), ("url(#g)", .url("g", fallback: nil)),
        ("url( '#g' ) none", .url("g", fallback: "none")), ("url(\"#g\") red", .url("g", fallback: "#ff0000")),
        ("url(other.svg#g) blue", .color("#0000ff")), ("url(other.svg#g)", PaintValue.none),
        ("rgba(0,0,0,.5)", .color("rgba(0,0,0,0.5)")),
    ])
    func paintValues(text: String, expected: PaintValue) {
        #expect(Self.style([("fill", text)]).fill == expected)
    }

    @Test(arguments: ["bogus", "url(#g) bogus", "url(#g", "#12"])
    func invalidPaintKeepsInheritedValue(text: String) {
        let parent = Self.style([("fill", "green")])
        #expect(Self.style([("fill", text)], parent: parent).fill == .color("#008000"))
    }

    @Test func opacitiesClampAndAcceptPercentages() {
        let s = Self.style([("fill-opacity", "1.5"), ("stroke-opacity", "-1"), ("opacity", "40%"), ("stop-opacity", "x")])
        #expect(s.fillOpacity == 1)
        #expect(s.strokeOpacity == 0)
        #expect(s.opacity == 0.4)
        #expect(s.stopOpacity == 1)
    }

    @Test func fontSizeResolvesRelativeUnits() {
        let parent = Self.style([("font-size", "20px")])
        #expect(Self.style([("font-size", "2em")], parent: parent).fontSize == 40)
        #expect(Self.style([("font-size", "50%")], parent: parent).fontSize == 10)
        #expect(Self.style([("font-size", "12pt")], parent: parent).fontSize == 16)
        #expect(Self.style([("font-size", "large")], parent: parent).fontSize == 18)
        #expect(Self.style([("font-size", "-3")], parent: parent).fontSize == 20)
    }

    /// `rem` is of the root element's font size (the first style computed under `initial`;
    /// on the root itself, of the initial 16 px), as Chromium takes it in a standalone SVG;
    /// `calc()` sums px, `em`, `rem` and `%` (of the parent's size), a negative one clamped to 0.
    @Test func fontSizeTakesRemOfTheRootAndCalc() {
        let root = Self.style([("font-size", "10px")])
        let parent = Self.style([("font-size", "20px")], parent: root)
        #expect(Self.style([("font-size", "3rem")], parent: parent).fontSize == 30)
        #expect(Self.style([("font-size", "2REM")], parent: Self.style([])).fontSize == 32)
        #expect(Self.style([("font-size", "2rem")]).fontSize == 32)
        #expect(Self.style([("font-size", "calc(1em + 2px)")], parent: parent).fontSize == 22)
        #expect(Self.style([("font-size", "calc(50% + 1rem)")], parent: parent).fontSize == 20)
        #expect(Self.style([("font-size", " Calc( (1rem + 5px) * 2 ) ")], parent: parent).fontSize == 30)
        #expect(Self.style([("font-size", "calc(1rem - 20px)")], parent: parent).fontSize == 0)
        // Below the root, `rem` stays the root's.
        let child = Self.style([("font-size", "3rem")], parent: parent)
        #expect(Self.style([("font-size", "1rem")], parent: child).fontSize == 10)
        // Invalid: the parent's size is inherited.
        for bad in ["-1rem", "calc(10px + 2)", "calc(1rem+2px)", "calc(2px * 3px)", "calc(1rem / 0)", "3rm", "calc(1rem"] {
            #expect(Self.style([("font-size", bad)], parent: parent).fontSize == 20, "\(bad)")
        }
    }

    /// `stroke-width` and `stroke-dashoffset` take `rem` and `calc()` too (Chromium draws
    /// `stroke-width: calc(5px + 10px)` 15 px wide), and the opacities a `calc()` of numbers.
    @Test func strokeLengthsAndOpacitiesTakeRemAndCalc() {
        let root = Self.style([("font-size", "10px")])
        let parent = Self.style([("font-size", "20px"), ("stroke-width", "3")], parent: root)
        func style(_ name: String, _ value: String) -> ComputedStyle { Self.style([(name, value)], parent: parent) }
        #expect(style("stroke-width", "calc(5px + 10px)").strokeWidth == Length(15))
        #expect(style("stroke-width", "calc(1rem + 1em)").strokeWidth == Length(30))
        #expect(style("stroke-width", "0.5rem").strokeWidth == Length(5))
        #expect(style("stroke-width", "calc(50% / 2)").strokeWidth == Length(25, .percent))
        #expect(style("stroke-width", "calc(1px - 1em)").strokeWidth == Length(0))
        #expect(style("stroke-width", "calc(50% + 1px)").strokeWidth == Length(3))
        #expect(style("stroke-width", "-1rem").strokeWidth == Length(3))
        #expect(style("stroke-dashoffset", "calc(-1rem)").strokeDashoffset == Length(-10))
        #expect(style("opacity", "calc(0.5 * 0.5)").opacity == 0.25)
        #expect(style("fill-opacity", "calc(50%)").fillOpacity == 0.5)
        #expect(style("stroke-opacity", "calc(2)").strokeOpacity == 1)
        #expect(style("opacity", "calc(1px)").opacity == 1)
    }

    /// `stroke-dasharray` items take `rem` and `calc()` (Chromium dashes
    /// `stroke-dasharray="calc(2px + 1rem) 4"` 18 on, 4 off): resolved against the font
    /// sizes, a lone `%` kept, a negative `calc()` taken as 0; a negative dimension, an item
    /// summing `%` and another unit, or a missing separator leaves the inherited list.
    @Test func strokeDasharrayTakesRemAndCalc() {
        let root = Self.style([("font-size", "10px")])
        let parent = Self.style([("font-size", "20px"), ("stroke-dasharray", "7")], parent: root)
        func dashes(_ value: String) -> [Length]? { Self.style([("stroke-dasharray", value)], parent: parent).strokeDasharray }
        #expect(dashes("calc(2px + 1rem) 4") == [Length(12), Length(4)])
        #expect(dashes("2rem,1em , calc(10% * 2)") == [Length(20), Length(20), Length(20, .percent)])
        #expect(dashes(" CALC( (1rem + 1px) * 2 ),calc(1px - 1rem) ") == [Length(22), Length(0)])
        for bad in ["-1rem 2", "calc(10% + 1px) 2", "calc(1rem)calc(2px)", "1rem,,2", "1rem,", "calc(1rem + 2)"] {
            #expect(dashes(bad) == [Length(7)], "\(bad)")
        }
    }

    @Test func strokeLengthsResolveAbsoluteUnitsAndKeepPercent() {
        let s = Self.style([("font-size", "10"), ("stroke-width", "2em"), ("stroke-dasharray", "1mm, 5%, 2"), ("stroke-dashoffset", "1in")])
        #expect(s.strokeWidth == Length(20))
        #expect(s.strokeDasharray == [Length(96 / 25.4), Length(5, .percent), Length(2)])
        #expect(s.strokeDashoffset == Length(96))
        // A child with another font size inherits the computed 20px, not 2em.
        #expect(Self.style([("font-size", "30")], parent: s).strokeWidth == Length(20))
        #expect(Self.style([("stroke-dasharray", "none")], parent: s).strokeDasharray == nil)
        #expect(Self.style([("stroke-dasharray", "1 -2")], parent: s).strokeDasharray == s.strokeDasharray)
        #expect(Self.style([("stroke-width", "-1")], parent: s).strokeWidth == Length(20))
    }

    @Test(arguments: [("0.5", 1.0), ("0", 1.0), ("0.99", 1.0), ("1", 1.0), ("7", 7.0), ("-1", 4.0), ("-0.5", 4.0)])
    func miterLimitBelowOneIsOne(value: String, limit: Double) {
        #expect(Self.style([("stroke-miterlimit", value)]).strokeMiterlimit == limit)
    }

    @Test func keywordsAreValidated() {
        let s = Self.style([
            ("fill-rule", "EvenOdd"), ("clip-rule", "bogus"), ("stroke-linejoin", "round"), ("stroke-miterlimit", "0.5"),
            ("overflow", "hidden"), ("display", "none"), ("visibility", "collapse"),
        ])
        #expect(s.fillRule == "evenodd")
        #expect(s.clipRule == "nonzero")
        #expect(s.strokeLinejoin == "round")
        // Below 1 it is taken as 1, as Chromium and resvg draw it.
        #expect(s.strokeMiterlimit == 1)
        #expect(s.overflow == "hidden")
        #expect(s.isDisplayNone)
        #expect(s.visibility == "collapse")
    }

    @Test func extrasKeepAFixedOrder() {
        let s = Self.style([("text-anchor", "middle"), ("marker", "url(#m)"), ("paint-order", "stroke fill"), ("mix-blend-mode", "multiply")])
        #expect(s.extraInherited == [
            StyleProperty("paint-order", "stroke fill"), StyleProperty("marker-start", "url(#m)"),
            StyleProperty("marker-mid", "url(#m)"), StyleProperty("marker-end", "url(#m)"),
            StyleProperty("text-anchor", "middle"),
        ])
        #expect(s.extraOwn == [StyleProperty("mix-blend-mode", "multiply")])
    }

    @Test func contentGetsOnlyNonInitialPaint() {
        var initial = Content(shape: .rect(x: 0, y: 0, width: 1, height: 1, rx: 0, ry: 0))
        ComputedStyle.initial.applyPaint(to: &initial, viewport: Size(100, 100))
        #expect(initial == Content(shape: .rect(x: 0, y: 0, width: 1, height: 1, rx: 0, ry: 0)))
        let s = Self.style([
            ("fill", "url(#g) red"), ("stroke", "blue"), ("stroke-width", "10%"), ("fill-opacity", ".5"),
            ("stroke-dasharray", "5 5"), ("stroke-dashoffset", "2"), ("stroke-linecap", "round"),
            ("visibility", "hidden"), ("paint-order", "stroke"), ("fill-rule", "evenodd"),
        ])
        var c = Content(shape: .circle(cx: 0, cy: 0, r: 1))
        s.applyPaint(to: &c, viewport: Size(30, 40))
        #expect(c.fill == .ref("g", fallback: "#ff0000"))
        #expect(c.stroke == .color("#0000ff"))
        #expect(abs((c.strokeWidth ?? 0) - 0.1 * (1250.0).squareRoot()) < 1e-12)
        #expect(c.fillOpacity == 0.5)
        #expect(c.strokeOpacity == nil)
        #expect(c.fillRule == "evenodd")
        #expect(c.strokeLinecap == "round")
        #expect(c.strokeDasharray == [5, 5])
        #expect(c.strokeDashoffset == 2)
        #expect(c.extra == [StyleProperty("visibility", "hidden"), StyleProperty("paint-order", "stroke")])
    }

    @Test func allZeroDashesAreNone() {
        var c = Content(shape: .circle(cx: 0, cy: 0, r: 1))
        Self.style([("stroke-dasharray", "0 0"), ("stroke-dashoffset", "3")]).applyPaint(to: &c, viewport: Size(1, 1))
        #expect(c.strokeDasharray == nil)
        #expect(c.strokeDashoffset == nil)
    }
}

extension ComputedStyleTests {
    @Test(arguments: [
        ("fill", "red", true), ("fill", "qwe", false), ("fill", "inherit", true), ("fill", "  ", false),
        ("opacity", "50%", true), ("opacity", "1px", false), ("stroke-width", "-1", false), ("stroke-width", "2mm", true),
        ("stroke-miterlimit", "0.5", true), ("stroke-miterlimit", "-1", false), ("stroke-miterlimit", "2px", false),
        ("stroke-dasharray", "none", true), ("stroke-dasharray", "1 -1", false),
        ("font-size", "large", true), ("font-size", "big", false), ("display", "none", true), ("color", "bogus", false),
        ("clip-path", "circle(5px)", true), ("transform", "anything", true), ("stroke-linejoin", "arcs", true),
        // A quote, a parenthesis or inner whitespace in an unquoted url() is a bad URL.
        ("fill", "url(#a')", false), ("fill", "url(#a b)", false), ("fill", "url(#a\")", false), ("fill", "url( #a )", true),
        ("fill", "url('#a b')", true), ("fill", "url(#a) red", true),
    ])
    func validity(name: String, value: String, valid: Bool) {
        #expect(ComputedStyle.isValid(name, value) == valid)
    }
}

extension ComputedStyleTests {
    @Test func extrasAtTheirInitialValueAreNotKept() {
        let parent = Self.style([("paint-order", "stroke"), ("text-anchor", "middle")])
        let child = Self.style([("paint-order", "NORMAL"), ("vector-effect", "none"), ("marker", "none")], parent: parent)
        #expect(child.extraInherited == [StyleProperty("text-anchor", "middle")])
        #expect(child.extraOwn.isEmpty)
    }
}
