import LaminaGeometry
import Testing

@Suite struct NumberScannerTests {
    @Test(arguments: [
        ("0", 0.0), ("-1.5", -1.5), (".5", 0.5), ("7.", 7), ("+3", 3), ("1e3", 1000), ("1E-2", 0.01),
        ("-1e-2", -0.01), ("0.1", 0.1), ("123456789012345678901234", 123456789012345678901234.0),
        ("3.141592653589793238", 3.141592653589793), ("1e-320", Double("1e-320")!), ("0.000001", 0.000001),
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

/// The short-form reader (sign, digits, point, digits) against Swift's correctly rounded
/// `Double(String)`, across digit counts on both sides of the 19-digit and 2^53 limits.
@Suite struct NumberScannerShortFormTests {
    @Test(arguments: [1, 5, 9, 15, 16, 17, 19, 20, 24])
    func shortFormsReadAsDoubleDoes(digits: Int) {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            var text = ["", "-", "+"][Int.random(in: 0..<3, using: &g)]
            let point = Int.random(in: 0...digits, using: &g)
            for k in 0..<digits {
                if k == point { text += "." }
                text += String(Int.random(in: 0..<10, using: &g))
            }
            if point == digits { text += Bool.random(using: &g) ? "." : "" }
            let suffix = ["", " 1", ",2", "L", "e", "e3", "-4"][Int.random(in: 0..<7, using: &g)]
            let expected = Double(text.hasSuffix(".") ? String(text.dropLast()) : text)
            var read: Double?
            var consumed = 0
            NumberScanner.scan(text + suffix) { s in
                read = s.number()
                consumed = s.index
            }
            if suffix == "e3" {
                #expect(read == Double(text.hasSuffix(".") ? String(text.dropLast()) + "e3" : text + "e3"))
                continue
            }
            if suffix == "e" {
                // An exponent marker without digits: not a number.
                #expect(read == nil, "\(text + suffix)")
                continue
            }
            #expect(read == expected, "\(text + suffix)")
            #expect(read?.sign == expected?.sign, "\(text + suffix)")
            #expect(consumed == text.utf8.count, "\(text + suffix)")
        }
    }

    @Test(arguments: [".", "-", "+", "-.", "", "e5", ".e5", "x", "180e", "1.8e+", "2E-", "3e,4", "5e L"])
    func noNumberLeavesTheIndex(text: String) {
        NumberScanner.scan(text) { s in
            #expect(s.number() == nil)
            #expect(s.index == 0)
        }
    }
}
