import Testing

@testable import LaminaSVGImport

@Suite struct CSSCalcTests {
    @Test(arguments: [
        ("3rem", CSSCalc(rem: 3)),
        ("calc(1rem + 50% - 2px)", CSSCalc(px: -2, rem: 1, percent: 50)),
        ("calc(2 * (1em - 1ex))", CSSCalc(em: 2, ex: -2)),
        ("calc(1in / 4)", CSSCalc(px: 24)),
        ("CALC(calc(12pt) * 2)", CSSCalc(px: 32)),
        ("calc(-1.5e1px)", CSSCalc(px: -15)),
    ])
    func parsesLengths(_ text: String, _ expected: CSSCalc) {
        #expect(CSSCalc.parseLength(text[...]) == expected)
    }

    @Test(arguments: [
        "", "calc()", "calc(1px +2px)", "calc(1px+ 2px)", "calc(1px + 2)", "calc(1px * 2px)", "calc(2 / 1px)",
        "calc(1px / 0)", "calc(4)", "calc(1px) x", "1qq", "calc(1px", "(1px)", "min(1px, 2px)",
    ])
    func rejects(_ text: String) {
        #expect(CSSCalc.parseLength(text[...]) == nil)
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "calc(", count: 40) + "1px" + String(repeating: ")", count: 40)
        let shallow = String(repeating: "calc(", count: 20) + "1px" + String(repeating: ")", count: 20)
        #expect(CSSCalc.parseLength(deep[...]) == nil)
        #expect(CSSCalc.parseLength(shallow[...]) == CSSCalc(px: 1))
    }

    @Test func fractionsAndLengthsForAStyle() {
        #expect(CSSCalc.parseFraction("calc(0.2 + 0.3)") == 0.5)
        #expect(CSSCalc.parseFraction("calc(150%)") == 1)
        #expect(CSSCalc.parseFraction("calc(1px)") == nil)
        #expect(CSSCalc(em: 1, rem: 1).length(fontSize: 20, rootFontSize: 10) == Length(30))
        #expect(CSSCalc(percent: 40).length(fontSize: 20, rootFontSize: 10) == Length(40, .percent))
        #expect(CSSCalc(px: 1, percent: 40).length(fontSize: 20, rootFontSize: 10) == nil)
    }

    /// A negative dimension is invalid for `font-size` or `stroke-width`; a negative `calc()`
    /// is valid (clamped later), whatever whitespace comes before it, a CR LF pair included.
    @Test func aNegativeCalcIsValidWhereANegativeLengthIsNot() {
        #expect(CSSCalc.parseNonNegative("-1rem") == nil)
        #expect(CSSCalc.parseNonNegative("2rem") == CSSCalc(rem: 2))
        for lead in ["", " ", "\t", "\r\n", "\n\u{0C} "] {
            #expect(CSSCalc.parseNonNegative((lead + "Calc(-1px)")[...]) == CSSCalc(px: -1), "\(Array(lead.utf8))")
        }
    }

    @Test func resolvesAgainstTheFontSizes() {
        let v = CSSCalc(px: 1, em: 2, ex: 2, rem: 3, percent: 50)
        #expect(v.resolve(percentBase: 20, fontSize: 10, rootFontSize: 100) == 1 + 20 + 10 + 300 + 10)
    }
}
