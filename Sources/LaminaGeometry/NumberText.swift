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
    @inline(__always)
    static func withFastDigits(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard value.isFinite else { return false }
        let scaled = (value * 1_000_000).rounded()
        guard abs(scaled) < 9.0e18 else { return false }
        let n = Int64(scaled)
        let negative = n < 0
        let magnitude = UInt64(negative ? -n : n)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buf -> Bool in
            var i = 32
            if magnitude == 0 {
                i -= 1
                buf[i] = UInt8(ascii: "0")
                body(UnsafeBufferPointer(rebasing: buf[i..<32]))
                return true
            }
            var intPart = magnitude / 1_000_000
            var frac = magnitude % 1_000_000
            if frac != 0 {
                var digits = 6
                while frac % 10 == 0 {
                    frac /= 10
                    digits -= 1
                }
                for _ in 0..<digits {
                    i -= 1
                    buf[i] = UInt8(truncatingIfNeeded: 0x30 &+ frac % 10)
                    frac /= 10
                }
                i -= 1
                buf[i] = UInt8(ascii: ".")
            }
            repeat {
                i -= 1
                buf[i] = UInt8(truncatingIfNeeded: 0x30 &+ intPart % 10)
                intPart /= 10
            } while intPart != 0
            if negative {
                i -= 1
                buf[i] = UInt8(ascii: "-")
            }
            body(UnsafeBufferPointer(rebasing: buf[i..<32]))
            return true
        }
    }

    /// The text of non-finite and huge values.
    static func slowText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        // Huge magnitudes: the integer, exactly while a Double holds every integer, then
        // Swift's shortest round-trip spelling without the exponent's plus sign (1e20).
        let whole = value.rounded()
        if abs(whole) < 9.0e15 { return String(Int64(whole)) }
        return whole.description.replacingPlusSign()
    }
}

extension String {
    /// `1e+20` → `1e20`.
    fileprivate func replacingPlusSign() -> String {
        String(self.filter { $0 != "+" })
    }
}
