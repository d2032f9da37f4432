/// The one place numbers become text (SPEC §2).
///
/// The shortest decimal with at most six digits after the point, no exponent for ordinary
/// magnitudes, `-0` written as `0`. Non-finite values are written `null` (JSON's spelling of
/// "no number"); writers that cannot carry them must check before formatting.
///
///     NumberText.format(0.1)        // "0.1"
///     NumberText.format(-0.0000001) // "0"
///     NumberText.format(1.0 / 3)    // "0.333333"
public enum NumberText {
    public static func format(_ value: Double) -> String {
        var out = ""
        append(value, to: &out)
        return out
    }

    /// Appends the text of `value` to `out` without an intermediate string.
    public static func append(_ value: Double, to out: inout String) {
        let done = withFastDigits(value) { bytes in out += String(decoding: bytes, as: UTF8.self) }
        if !done { out += slowText(value) }
    }

    /// Appends the UTF-8 bytes of `value`'s text to `out` (for byte-buffer writers).
    public static func append(_ value: Double, toBytes out: inout [UInt8]) {
        let done = withFastDigits(value) { bytes in out.append(contentsOf: bytes) }
        if !done { out.append(contentsOf: slowText(value).utf8) }
    }

    /// Writes the digits of an ordinary finite value into a stack buffer and hands them to
    /// `body`; false (and `body` not called) for non-finite or huge values.
    ///
    /// The value is scaled to millionths and rounded half away from zero (what `rounded()`
    /// does, computed from the truncation: `t - Int64(t)` is exact), then written two digits
    /// at a time from ``digitPairs``.
    @inline(__always)
    static func withFastDigits(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        let t = value * 1_000_000
        // Also false for NaN and the infinities.
        guard abs(t) < 9.0e18 else { return false }
        var n = Int64(t)
        let f = t - Double(n)
        if f >= 0.5 { n += 1 } else if f <= -0.5 { n -= 1 }
        let negative = n < 0
        let magnitude = UInt64(negative ? -n : n)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buf -> Bool in
            let pairs = digitPairs.utf8Start
            var intPart = magnitude / 1_000_000
            var frac = Int(truncatingIfNeeded: magnitude &- intPart &* 1_000_000)
            var i = 26
            var end = 26
            if frac != 0 {
                // Six digits after the point at 26..<32, trailing zeros dropped.
                var k = 32
                for _ in 0..<3 {
                    let r = frac % 100
                    frac /= 100
                    k -= 2
                    buf[k] = pairs[2 &* r]
                    buf[k &+ 1] = pairs[2 &* r &+ 1]
                }
                end = 32
                while buf[end &- 1] == 0x30 { end -= 1 }
                i = 25
                buf[i] = UInt8(ascii: ".")
            }
            while intPart >= 100 {
                let r = Int(truncatingIfNeeded: intPart % 100)
                intPart /= 100
                i -= 2
                buf[i] = pairs[2 &* r]
                buf[i &+ 1] = pairs[2 &* r &+ 1]
            }
            if intPart >= 10 {
                let r = Int(truncatingIfNeeded: intPart)
                i -= 2
                buf[i] = pairs[2 &* r]
                buf[i &+ 1] = pairs[2 &* r &+ 1]
            } else {
                i -= 1
                buf[i] = 0x30 &+ UInt8(truncatingIfNeeded: intPart)
            }
            if negative {
                i -= 1
                buf[i] = UInt8(ascii: "-")
            }
            body(UnsafeBufferPointer(rebasing: buf[i..<end]))
            return true
        }
    }

    /// `00` … `99`: the two digits of every number below 100.
    static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// The text of non-finite and huge values.
    static func slowText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        // Huge magnitudes: the integer, exactly while a Double holds every integer, then
        // Swift's shortest round-trip spelling without the exponent's plus sign (1e20).
        // Every integer up to 2^53 is exact, and Swift spells those up to 2^53 itself with a
        // `.0` (9000000000000000.0); above, it switches to the exponent form.
        let whole = value.rounded()
        if abs(whole) <= 9_007_199_254_740_992 { return String(Int64(whole)) }
        return whole.description.replacingPlusSign()
    }

    /// Whether `a` and `b` are written the same (``format(_:)``): a value that prints as a key's
    /// default is left out like the default itself, so that reading the output back and
    /// writing it again gives the same bytes.
    public static func printsSame(_ a: Double, _ b: Double) -> Bool {
        if a == b { return true }
        let ta = a * 1_000_000, tb = b * 1_000_000
        // Both ordinary: the same millionths, rounded half away from zero as the digits are.
        if abs(ta) < 9.0e18, abs(tb) < 9.0e18 { return ta.rounded() == tb.rounded() }
        return format(a) == format(b)
    }
}

extension String {
    /// `1e+20` → `1e20`.
    fileprivate func replacingPlusSign() -> String {
        String(self.filter { $0 != "+" })
    }
}
