import LaminaGeometry
import Testing

@Suite struct NumberScannerTests {
    @Test(arguments: [
        ("0", 0.0), ("-1.5", -1.5), (".5", 0.5), ("7.", 7), ("+3", 3), ("1e3", 1000), ("1E-2", 0.01),
        ("-1e-2", -0.01), ("0.1", 0.1), ("123456789012345678901234", 123456789012345678901234.0),
        ("3.141592653589793238", 3.141592653589793), ("1e-320", 1e-320), ("0.000001", 0.000001),
        ("9007199254740993", 9007199254740993.0), ("1e22", 1e22), ("1e23", 1e23),
    ])
    func readsNumbers(text: String, expected: Double) {
        let v = NumberScanner.scan(text) { s in s.number() }
        #expect(v == expected)
    }

    @Test(arguments: ["", "-", ".", "e5", "+.", "1e400", "-1e999"])
    func rejectsNonNumbers(text: String) {
        let v = NumberScanner.scan(text) { s -> (Double?, Int) in (s.number(), s.index) }
        #expect(v.0 == nil)
        #expect(v.1 == 0)
    }

    @Test func stopsBeforeUnitsAndBareExponent() {
        let (v, i) = NumberScanner.scan("1em") { s in (s.number(), s.index) }
        #expect(v == 1)
        #expect(i == 1)
    }

    @Test(arguments: [
        ("0 0 100 50", [0.0, 0, 100, 50] as [Double]?),
        ("1,2 3, 4", [1, 2, 3, 4]),
        ("1.5.5-2", [1.5, 0.5, -2]),
        ("  ", []),
        ("1,,2", nil),
        ("1,", nil),
        (",1", nil),
        ("1 a", nil),
    ])
    func numberLists(text: String, expected: [Double]?) {
        #expect(NumberScanner.numberList(text[...]) == expected)
    }
}
