import Testing

@testable import LaminaCore

@Suite struct CSSColorTests {
    @Test(arguments: [
        ("#f00", "#ff0000"), ("#F0A", "#ff00aa"), ("#ff000080", "rgba(255,0,0,0.501961)"),
        ("#ABCDEF", "#abcdef"), ("#0f08", "rgba(0,255,0,0.533333)"), ("  #123456  ", "#123456"),
        ("red", "#ff0000"), ("ReD", "#ff0000"), ("rebeccapurple", "#663399"), ("lightGoldenRodYellow", "#fafad2"),
        ("transparent", "rgba(0,0,0,0)"), ("rgb(255, 0, 0)", "#ff0000"), ("rgb(100%, 50%, 0%)", "#ff8000"),
        ("rgba(0, 0, 255, 0.5)", "rgba(0,0,255,0.5)"), ("rgba(0,0,255,50%)", "rgba(0,0,255,0.5)"),
        ("rgb(0 128 255)", "#0080ff"), ("rgb(0 128 255 / 25%)", "rgba(0,128,255,0.25)"),
        ("rgb(0 128 255 / .75)", "rgba(0,128,255,0.75)"), ("RGB(300, -5, 12.6)", "#ff000d"),
        ("rgba(1,2,3)", "#010203"), ("rgb(1,2,3,0.2)", "rgba(1,2,3,0.2)"), ("rgba(1,2,3,2)", "#010203"),
        ("hsl(0, 100%, 50%)", "#ff0000"), ("hsl(120deg 100% 25%)", "#008000"), ("hsl(240, 100%, 50%)", "#0000ff"),
        ("hsla(120, 100%, 50%, 0.3)", "rgba(0,255,0,0.3)"), ("hsl(0.5turn 100% 50% / 10%)", "rgba(0,255,255,0.1)"),
        ("hsl(-120, 100%, 50%)", "#0000ff"), ("hsl(30, 50%, 60%)", "#cc9966"),
        ("rgb(none 0 0)", "#000000"), ("rgb(0 50% 0)", "#008000"), ("hsl(120, 100%, 25%, 0.5)", "rgba(0,128,0,0.5)"),
        ("rgb(0.8, 127.5, 14.2)", "#01800e"), ("rgb(0%, 45.5%, 0%)", "#007400"), ("  rgb( 0 , 128 , 0 ) ", "#008000"), ("rgba( 0 , 128 , 0 , 50% )", "rgba(0,128,0,0.5)"),
        // CSS Color 4, each checked pixel for pixel against Chromium's rendering.
        ("hwb(120 0% 50%)", "#008000"), ("hwb(200 30% 20% / 0.5)", "rgba(77,162,204,0.5)"), ("hwb(0 60% 60%)", "#808080"),
        ("lab(52.2345% 40.1645 59.9971)", "#c65d06"), ("lch(52.2345% 72.2 56.2)", "#c65d06"), ("lab(29.2345 39.3825 20.0664)", "#7d2329"),
        ("oklab(59.686% 0.1009 0.1192)", "#c65d07"), ("oklch(0.627 0.258 29.23)", "#ff0000"),
        ("oklch(62.7% 0.2 140 / 60%)", "rgba(50,163,6,0.6)"), ("oklch(0.7 0.1 250)", "#6da3da"), ("lch(80 30 200)", "#7ad6d8"),
        ("oklab(0.5 -0.1 0.1)", "#3c740a"),
    ])
    func parsesColor(text: String, css: String) throws {
        let color = try #require(ParsedColor.parse(text[...]))
        #expect(color.cssText == css)
    }

    @Test func currentColorIsAKeyword() {
        #expect(ParsedColor.parse("currentColor") == .currentColor)
        #expect(ParsedColor.parse(" CURRENTCOLOR ") == .currentColor)
    }

    @Test func everyNamedColorParses() {
        #expect(NamedColors.table.count == 148)
        for (name, value) in NamedColors.table {
            #expect(ParsedColor.parse(name[...]) == .rgba(r: UInt8(value >> 16), g: UInt8((value >> 8) & 255), b: UInt8(value & 255), a: 1))
        }
    }

    @Test(arguments: [
        "", "#", "#12", "#12345", "#1234567", "#ggg", "redd", "rgb(1,2)", "rgb(1 2 3 4)", "rgb(1, 2 3)",
        "rgb(1,2,3", "rgb(1,2,3)x", "hsl(10px, 1%, 1%)", "rgb(1 2 3 / 4 / 5)", "rgb(1,2,3/0.5)", "url(#a)",
        "rgb(1,,2,3)", "hsl(1, 2%, 3em)", "rgba(0, 50%, 0, 0.5)", "hsl(120, 100, 25)", "hwb(120, 0%, 50%)", "lab(50 1px 2)",
        "oklch(0.5 0.1)", "lch(50 20 1em)",
        // SVG 1.1's ICC fallback form: invalid in browsers and resvg (resvg's `icc-color` test).
        "#abc icc-color(acmecmyk, 0.11, 0.48, 0.83, 0.00)", "red icc-color(x, 1)",
    ])
    func rejectsNonColors(text: String) {
        #expect(ParsedColor.parse(text[...]) == nil)
    }

    @Test func hslMatchesCSSExamples() {
        #expect(ParsedColor.parse("hsl(60 100% 50%)")?.cssText == "#ffff00")
        #expect(ParsedColor.parse("hsl(0 0% 50%)")?.cssText == "#808080")
    }
}
