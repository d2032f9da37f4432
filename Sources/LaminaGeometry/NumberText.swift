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
        guard value.isFinite else {
            out += "null"
            return
        }
        let scaled = (value * 1_000_000).rounded()
        if abs(scaled) < 9.0e18 {
            var n = Int64(scaled)
            if n == 0 {
                out += "0"
                return
            }
            if n < 0 {
                out += "-"
                n = -n
            }
            let intPart = n / 1_000_000
            var frac = n % 1_000_000
            out += String(intPart)
            if frac != 0 {
                var digits = 6
                while frac % 10 == 0 {
                    frac /= 10
                    digits -= 1
                }
                let fracText = String(frac)
                out += "."
                for _ in 0..<(digits - fracText.count) { out += "0" }
                out += fracText
            }
            return
        }
        // Huge magnitudes: the integer, exactly while a Double holds every integer, then
        // Swift's shortest round-trip spelling without the exponent's plus sign (1e20).
        let whole = value.rounded()
        if abs(whole) < 9.0e15 {
            out += String(Int64(whole))
        } else {
            out += whole.description.replacingPlusSign()
        }
    }
}

extension String {
    /// `1e+20` → `1e20`.
    fileprivate func replacingPlusSign() -> String {
        String(self.filter { $0 != "+" })
    }
}
