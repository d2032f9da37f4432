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
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buf -> Bool in
            let n = writeFast(value, to: buf.baseAddress!)
            guard n > 0 else { return false }
            body(UnsafeBufferPointer(rebasing: buf[..<n]))
            return true
        }
    }

    /// Writes the text of an ordinary finite value at `out` (room for ``maximumByteCount``
    /// bytes) and returns its length; 0 (nothing meaningful written) for non-finite or huge
    /// values, which ``slowText(_:)`` spells.
    ///
    /// The value is scaled to millionths and rounded half away from zero (what `rounded()`
    /// does, computed from the truncation: `t - Int64(t)` is exact). The integer digits go
    /// straight to `out`, two at a time from a table; the six digits after the point are put
    /// together in one 64-bit word, stored at once, and their trailing zeros counted from the
    /// word's leading zero bits: no stack buffer, no copy, no loop over the digits.
    @inlinable @inline(__always)
    public static func writeFast(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let t = value * 1_000_000
        // Also false for NaN and the infinities.
        guard abs(t) < 9.0e18 else { return 0 }
        var n = Int64(t)
        let f = t - Double(n)
        if f >= 0.5 { n += 1 } else if f <= -0.5 { n -= 1 }
        let negative = n < 0
        let magnitude = UInt64(negative ? -n : n)
        var p = out
        if negative {
            p[0] = UInt8(ascii: "-")
            p += 1
        }
        // `00` … `99`, the two digits of every number below 100 (a literal: no global to load).
        let table: StaticString =
            "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        let pairs = UnsafeRawPointer(table.utf8Start)
        let intPart = magnitude / 1_000_000
        let frac = UInt32(truncatingIfNeeded: magnitude &- intPart &* 1_000_000)
        if intPart < 10 {
            p[0] = 0x30 &+ UInt8(truncatingIfNeeded: intPart)
            p += 1
        } else if intPart < 100 {
            UnsafeMutableRawPointer(p).storeBytes(
                of: pairs.loadUnaligned(fromByteOffset: 2 &* Int(intPart), as: UInt16.self), as: UInt16.self)
            p += 2
        } else if intPart < 10_000 {
            // Coordinates' usual three or four integer digits: a digit or a pair, then a pair.
            let high = intPart / 100
            let low = Int(truncatingIfNeeded: intPart &- high &* 100)
            if high < 10 {
                p[0] = 0x30 &+ UInt8(truncatingIfNeeded: high)
                p += 1
            } else {
                UnsafeMutableRawPointer(p).storeBytes(
                    of: pairs.loadUnaligned(fromByteOffset: 2 &* Int(high), as: UInt16.self), as: UInt16.self)
                p += 2
            }
            UnsafeMutableRawPointer(p).storeBytes(
                of: pairs.loadUnaligned(fromByteOffset: 2 &* low, as: UInt16.self), as: UInt16.self)
            p += 2
        } else {
            var digits = 5
            var bound: UInt64 = 100_000
            while intPart >= bound {
                digits &+= 1
                bound &*= 10
            }
            var q = intPart
            var k = digits
            while q >= 100 {
                let r = Int(truncatingIfNeeded: q % 100)
                q /= 100
                k &-= 2
                UnsafeMutableRawPointer(p + k).storeBytes(
                    of: pairs.loadUnaligned(fromByteOffset: 2 &* r, as: UInt16.self), as: UInt16.self)
            }
            if q >= 10 {
                UnsafeMutableRawPointer(p).storeBytes(
                    of: pairs.loadUnaligned(fromByteOffset: 2 &* Int(q), as: UInt16.self), as: UInt16.self)
            } else {
                p[0] = 0x30 &+ UInt8(truncatingIfNeeded: q)
            }
            p += digits
        }
        guard frac != 0 else { return out.distance(to: p) }
        let hi = frac / 10_000
        let rest = frac &- hi &* 10_000
        let mid = rest / 100
        let lo = rest &- mid &* 100
        p[0] = UInt8(ascii: ".")
        #if _endian(little)
        // The six digits, first digit in the lowest byte (the order they are stored in).
        let word = UInt64(pairs.loadUnaligned(fromByteOffset: 2 &* Int(hi), as: UInt16.self))
            | UInt64(pairs.loadUnaligned(fromByteOffset: 2 &* Int(mid), as: UInt16.self)) &<< 16
            | UInt64(pairs.loadUnaligned(fromByteOffset: 2 &* Int(lo), as: UInt16.self)) &<< 32
        UnsafeMutableRawPointer(p + 1).storeBytes(of: word, as: UInt64.self)
        // Each digit less `0` (no byte borrows), the last digit moved to the top byte: the
        // whole zero bytes at the top are the trailing zeros (not all six: `frac` is not 0).
        let trailingZeros = ((word &- 0x0000_3030_3030_3030) &<< 16).leadingZeroBitCount &>> 3
        p += 7 &- trailingZeros
        #else
        let digits = [hi, mid, lo]
        for (i, d) in digits.enumerated() {
            p[1 &+ 2 &* i] = pairs.load(fromByteOffset: 2 &* Int(d), as: UInt8.self)
            p[2 &+ 2 &* i] = pairs.load(fromByteOffset: 2 &* Int(d) &+ 1, as: UInt8.self)
        }
        var end = 7
        while p[end &- 1] == 0x30 { end &-= 1 }
        p += end
        #endif
        return out.distance(to: p)
    }

    /// The text of non-finite and huge values.
    @usableFromInline
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
