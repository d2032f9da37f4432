import LaminaGeometry

/// A number's text kept by its value's bits, copied where the same value is written again:
/// the same bits always print as the same text, so a kept text is right whichever layer
/// wrote it (a stale one only misses).
struct KeptNumber {
    /// The value's bits.
    var bits: UInt64
    /// How many bytes of ``text`` are the number's.
    var count: Int
    /// The text, padded to ``NumberText/maximumByteCount`` bytes.
    var text: SIMD32<UInt8>

    /// The text of `value`.
    init(_ value: Double = 0) {
        var t = SIMD32<UInt8>()
        count = withUnsafeMutableBytes(of: &t) { NumberText.write(value, to: $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        text = t
        bits = value.bitPattern
    }
}

/// The numbers of a layer's head its content often repeats: a rect's `x`, `y`, `width` and
/// `height` are its `bounds`, a circle's or an ellipse's centre its `position` (each written
/// once by ``NumberText``, then copied: ~10 instructions instead of ~100).
struct KeptNumbers {
    var x = KeptNumber()
    var y = KeptNumber()
    var width = KeptNumber()
    var height = KeptNumber()
    var positionX = KeptNumber()
    var positionY = KeptNumber()
}

extension EntryCursor {
    /// A number of a one-line array (`, ` before it unless `first`), its text kept in `kept`.
    @inline(__always)
    mutating func inlineNumber(_ v: Double, first: Bool = false, keepingIn kept: inout KeptNumber) {
        let start = first ? p : p + 2
        inlineNumber(v, first: first)
        // The cursor's room holds a whole number's bytes past its start.
        kept.text = UnsafeRawPointer(start).loadUnaligned(as: SIMD32<UInt8>.self)
        kept.count = p - start
        kept.bits = v.bitPattern
    }

    /// `"key": [x, y]`, the numbers' texts kept in `x` and `y`.
    @inline(__always)
    mutating func point(_ key: EntryKey, _ pt: Point, keepingIn x: inout KeptNumber, _ y: inout KeptNumber) {
        entry(key)
        p[0] = UInt8(ascii: "[")
        p += 1
        inlineNumber(pt.x, first: true, keepingIn: &x)
        inlineNumber(pt.y, keepingIn: &y)
        p[0] = UInt8(ascii: "]")
        p += 1
    }

    /// `"key": number` unless it prints as 0, its text copied from `kept` when it is that value.
    @inline(__always)
    mutating func nonZero(_ key: EntryKey, _ v: Double, as kept: KeptNumber) {
        guard !PrintsAs.zero(v) else { return }
        entry(key)
        if v.bitPattern == kept.bits {
            UnsafeMutableRawPointer(p).storeBytes(of: kept.text, as: SIMD32<UInt8>.self)
            p += kept.count
        } else {
            p += NumberText.write(v, to: p)
        }
    }
}
