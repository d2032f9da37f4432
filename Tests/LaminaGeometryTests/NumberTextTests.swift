import LaminaGeometry
import Testing

@Suite struct NumberTextTests {
    @Test(arguments: [(Double, String)]([
        (0.1, "0.1"), (1.0 / 3, "0.333333"), (-0.0000001, "0"), (-0.0, "0"), (2.0 / 3, "0.666667"),
        (42, "42"), (-1.5, "-1.5"), (0.000001, "0.000001"), (1e20, "1e20"), (-1e20, "-1e20"),
        (123456789012345, "123456789012345"), (Double.nan, "null"), (9e15, "9000000000000000"),
        (-9e15, "-9000000000000000"), (9_007_199_254_740_992, "9007199254740992"), (9_007_199_254_740_994, "9.007199254740994e15"),
        (1e16, "1e16"),
    ]))
    func formatsShortestWithSixDecimals(value: Double, text: String) {
        #expect(NumberText.format(value) == text)
    }

    /// `printsSame` agrees with comparing the texts, around rounding edges and magnitudes.
    @Test(arguments: [(Double, Double)]([
        (1.0, 0.9999999), (1.0, 0.9999994), (0.0, -0.0000004), (0.0, 0.0000005), (0.0, -0.0000005), (5.0, 5.0000001),
        (1e20, 1e20 + 1e5), (1e20, 1.0000001e20), (9e12, 9e12 + 1e-7), (Double.nan, 0), (Double.infinity, 1e300),
    ]))
    func printsSameMeansTheSameText(a: Double, b: Double) {
        #expect(NumberText.printsSame(a, b) == (NumberText.format(a) == NumberText.format(b)))
        #expect(NumberText.printsSame(b, a) == (NumberText.format(a) == NumberText.format(b)))
    }
}

/// The digit writer against a plain reference (round to millionths with `rounded()`, strip
/// trailing zeros): the same text for halfway cases, every digit count, signs and large values.
@Suite struct NumberTextReferenceTests {
    /// The text the first implementation wrote for ordinary values.
    static func reference(_ value: Double) -> String {
        let scaled = (value * 1_000_000).rounded()
        guard value.isFinite, abs(scaled) < 9.0e18 else { return "" }
        let n = Int64(scaled)
        let magnitude = n.magnitude
        var text = String(magnitude / 1_000_000)
        var frac = String(magnitude % 1_000_000)
        if frac != "0" {
            frac = String(repeating: "0", count: 6 - frac.count) + frac
            while frac.hasSuffix("0") { frac.removeLast() }
            text += "." + frac
        }
        return n < 0 ? "-" + text : text
    }

    @Test(arguments: [
        0.0000005, -0.0000005, 0.0000015, 2.5e-7, 0.4999995, 1.0000005, 99.9999995, -99.9999995, 0.00000049999999,
        1e6, 123456.7890125, 8_999_999_999_999.0, -8_999_999_999_999.5, 1e12 + 0.5, 0.1 + 0.2, 100, 10, 9.99, -0.01,
        4_503_599_627.370496, 0.000001, 0.000999, 1234567.000001,
    ])
    func edgeValuesMatchTheReference(value: Double) {
        #expect(NumberText.format(value) == Self.reference(value))
    }

    @Test(arguments: [1e-7, 1e-3, 1, 1e3, 1e6, 1e9, 1e12])
    func randomValuesMatchTheReference(scale: Double) {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let v = Double.random(in: -scale...scale, using: &g)
            #expect(NumberText.format(v) == Self.reference(v))
            // Values on a millionths grid, and halfway between two of them.
            let grid = (v * 1_000_000).rounded() / 1_000_000
            #expect(NumberText.format(grid) == Self.reference(grid))
            let half = ((v * 1_000_000).rounded(.down) + 0.5) / 1_000_000
            #expect(NumberText.format(half) == Self.reference(half))
        }
    }
}

/// The in-place writer (``NumberText/write(_:to:)``, the writers' path) against the text.
@Suite struct NumberTextWriteTests {
    static func written(_ v: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.maximumByteCount) { buf in
            buf.initialize(repeating: 0xFF)
            let n = NumberText.write(v, to: buf.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buf[..<n]), as: UTF8.self)
        }
    }

    @Test(arguments: [
        0, -0.0, 1, -1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 123_456_789, 0.5, 0.05, 0.000001, -0.000001, 0.1, 0.12,
        0.123, 0.1234, 0.12345, 0.123456, 0.1234565, 0.9999995, 9.9999995, -9.9999995, 0.0000005, -0.0000005,
        8_999_999_999_999.999, -8_999_999_999_999.999, 9e12, 1e13, 1e20, -1e300, .nan, .infinity, -.infinity,
        .leastNonzeroMagnitude, .greatestFiniteMagnitude, 10.000001, 10.1, 100.01, 1000.001,
    ])
    func writesTheFormattedText(value: Double) {
        #expect(Self.written(value) == NumberText.format(value))
        #expect(NumberText.format(value) == NumberTextReferenceTests.reference(value) || !(abs(value * 1e6) < 9e18))
    }

    @Test func writesTheReferenceTextOfRandomValues() {
        var g = SystemRandomNumberGenerator()
        for scale in [1e-6, 1e-3, 1, 1e3, 1e6, 1e9, 1e12] {
            for _ in 0..<5_000 {
                let v = Double.random(in: -scale...scale, using: &g)
                let grid = (v * 1_000_000).rounded() / 1_000_000
                for x in [v, grid, grid / 10, grid * 10] where abs(x * 1e6) < 9e18 {
                    #expect(Self.written(x) == NumberTextReferenceTests.reference(x))
                }
            }
        }
    }

    /// Every integer part below 20,000 (one and two digits, the three-and-four-digit branch, the
    /// loop above it) with fractions of every length, and the millionths on either side of each
    /// power of ten, where rounding carries into one more integer digit.
    @Test func writesEveryIntegerPartAcrossTheDigitCounts() {
        for whole in 0..<20_000 {
            for fraction in [0, 0.5, 0.25, 0.015625, 0.000001, 0.999999, 0.9999995] {
                for x in [Double(whole) + fraction, -(Double(whole) + fraction)] {
                    #expect(Self.written(x) == NumberTextReferenceTests.reference(x))
                }
            }
        }
        var power = 1.0
        for _ in 0..<13 {
            for k in -3...3 {
                let x = power + Double(k) * 5e-7
                for y in [x, x.nextUp, x.nextDown, -x] {
                    #expect(Self.written(y) == NumberTextReferenceTests.reference(y))
                }
            }
            power *= 10
        }
    }

    /// The sign is written after the magnitude is rounded: only for a value that does not
    /// round to zero, including the halfway cases on either side of each rounding.
    @Test func writesTheSignOnlyForValuesThatDoNotRoundToZero() {
        let halfMillionth = 5e-7
        for v in [
            -0.0, -.leastNonzeroMagnitude, -1e-300, -4.9999999e-7, -halfMillionth, halfMillionth.nextDown,
            -halfMillionth.nextDown, -halfMillionth.nextUp, -1.5e-6, -2.5e-6, -0.0000015, -999.9999995, -1e12 - 0.5,
            -8_999_999_999_999.4999, -(1.0 / 3), -2.0 / 3,
        ] {
            #expect(Self.written(v) == NumberTextReferenceTests.reference(v), "\(v)")
            #expect(Self.written(v) == NumberText.format(v), "\(v)")
            #expect(Self.written(-v) == NumberTextReferenceTests.reference(-v), "\(-v)")
        }
    }

    /// The fast writer declines what it cannot spell (the slow text is written instead).
    @Test(arguments: [Double.nan, .infinity, -.infinity, 9e12 + 1, -1e18, 1e300])
    func fastWriterDeclinesHugeAndNonFinite(value: Double) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.maximumByteCount) { buf in
            #expect(NumberText.writeFast(value, to: buf.baseAddress!) == 0)
        }
    }
}
