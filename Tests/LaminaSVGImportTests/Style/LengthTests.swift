import Testing

@testable import LaminaSVGImport

@Suite struct LengthTests {
    @Test(arguments: [
        ("12", 12.0), ("12px", 12), ("3pt", 4), ("1pc", 16), ("25.4mm", 96), ("2.54cm", 96), ("1in", 96),
        ("50%", 100), ("2em", 20), ("2ex", 10), (" 1.5E1PX ", 15), ("-3", -3), (".5in", 48),
        ("101.6Q", 96), ("4q", 4 * 96 / 101.6),
    ])
    func resolvesUnitsAt96DPI(text: String, px: Double) throws {
        let length = try #require(Length.parse(text[...]))
        #expect(abs(length.resolve(percentBase: 200, fontSize: 10) - px) < 1e-9)
    }

    @Test func keepsValueAndUnit() {
        #expect(Length.parse("5mm") == Length(5, .mm))
        #expect(Length.parse("7%") == Length(7, .percent))
        #expect(Length.parse("7") == Length(7, .none))
        #expect(Length.parse("30Q") == Length(30, .q))
    }

    @Test(arguments: ["", "px", "12 px", "12pz", "1e400", "12%%", "1 2", "--1", "12p", "12qq", "Q", "12 Q"])
    func rejectsBadLengths(text: String) {
        #expect(Length.parse(text[...]) == nil)
    }

    @Test func parsesNumberLists() {
        #expect(Length.parseNumberList("0 0 100,50") == [0, 0, 100, 50])
        #expect(Length.parseNumberList("0 0 100,") == nil)
    }

    @Test(arguments: [
        ("5 10", [Length(5), Length(10)] as [Length]?),
        ("5px, 10%", [Length(5, .px), Length(10, .percent)]),
        ("1em,2", [Length(1, .em), Length(2)]),
        ("", []),
        ("5,,10", nil),
        (",5", nil),
        ("5,", nil),
        ("5 x", nil),
    ])
    func parsesLengthLists(text: String, expected: [Length]?) {
        #expect(Length.parseList(text[...]) == expected)
    }
}
