/// JSON numbers, converted exactly: a fast path for short decimals, the standard library otherwise.
extension JSONReader {
    /// Powers of ten that are exact doubles.
    private static let exactPowers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Reads a number per the JSON grammar; a result too large for a double is an error.
    mutating func readNumber() throws(LayerJSONError) -> Double {
        _ = peek()
        let start = pos
        let n = bytes.count
        var p = pos  // a local cursor: `pos` is stored once the number is scanned
        var negative = false
        if p < n, bytes[p] == UInt8(ascii: "-") {
            negative = true
            p += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0  // significant digits accumulated in mantissa
        var dropped = false  // digits that did not fit
        var exponent = 0
        let intStart = p
        while p < n, bytes[p] >= 0x30, bytes[p] <= 0x39 {
            accumulate(bytes[p], &mantissa, &digits, &exponent, &dropped, fraction: false)
            p += 1
        }
        let intDigits = p - intStart
        if intDigits == 0 || (intDigits > 1 && bytes[intStart] == UInt8(ascii: "0")) {
            pos = p
            throw error(.syntax, "invalid number", at: start)
        }
        if p < n, bytes[p] == UInt8(ascii: ".") {
            p += 1
            let fracStart = p
            while p < n, bytes[p] >= 0x30, bytes[p] <= 0x39 {
                accumulate(bytes[p], &mantissa, &digits, &exponent, &dropped, fraction: true)
                p += 1
            }
            if p == fracStart {
                pos = p
                throw error(.syntax, "invalid number", at: start)
            }
        }
        if p < n, bytes[p] == UInt8(ascii: "e") || bytes[p] == UInt8(ascii: "E") {
            p += 1
            var expNegative = false
            if p < n, bytes[p] == UInt8(ascii: "+") || bytes[p] == UInt8(ascii: "-") {
                expNegative = bytes[p] == UInt8(ascii: "-")
                p += 1
            }
            let expStart = p
            var e = 0
            while p < n, bytes[p] >= 0x30, bytes[p] <= 0x39 {
                if e < 100_000 { e = e * 10 + Int(bytes[p] - 0x30) }
                p += 1
            }
            if p == expStart {
                pos = p
                throw error(.syntax, "invalid number", at: start)
            }
            exponent += expNegative ? -e : e
        }
        pos = p
        var value: Double
        if !dropped, mantissa < (1 << 53), exponent >= -22, exponent <= 22 {
            value = Double(mantissa)
            value = exponent >= 0 ? value * Self.exactPowers[exponent] : value / Self.exactPowers[-exponent]
            if negative { value = -value }
        } else {
            let text = String(decoding: bytes[start..<pos], as: UTF8.self)
            guard let parsed = Double(text) else { throw error(.syntax, "invalid number", at: start) }
            value = parsed
        }
        guard value.isFinite else {
            let text = String(decoding: bytes[start..<min(pos, start + 40)], as: UTF8.self)
            throw error(.nonFinite, "number \(text) is out of range", at: start)
        }
        return value
    }

    @inline(__always)
    private func accumulate(
        _ b: UInt8, _ m: inout UInt64, _ digits: inout Int, _ exponent: inout Int, _ dropped: inout Bool,
        fraction: Bool
    ) {
        if m == 0 && b == 0x30 {
            if fraction { exponent -= 1 }
            return
        }
        if digits < 19 {
            m = m * 10 + UInt64(b - 0x30)
            digits += 1
            if fraction { exponent -= 1 }
        } else {
            dropped = true
            if !fraction { exponent += 1 }
        }
    }
}
