// 16-byte blocks of ``FastXMLReader``: a short name's end, a plain value copied while its end is
// found. `SIMD16<UInt8>` wrapping arithmetic and bitwise operations lower to SSE2; its
// comparisons do not (they build their masks lane by lane), so every test here is arithmetic.
extension FastXMLReader {
    // MARK: - Blocks

    /// Where the name at `p` ends: the offset of the first of its 16 bytes that is white
    /// space or below it, `=` or from 0x80; 16 when there is none. One 16-byte block, tested
    /// lane by lane with wrapping arithmetic (exact in every lane: no borrow crosses lanes).
    @inline(__always) static func nameEnd(_ p: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
        // High bit: below 0x21 (the subtraction wraps), from 0x80, or `=` (zero less one wraps).
        let low: SIMD16<UInt8> = (v &- SIMD16<UInt8>(repeating: 0x21)) | v
        let equals: SIMD16<UInt8> = (v ^ SIMD16<UInt8>(repeating: 0x3D)) &- SIMD16<UInt8>(repeating: 1)
        let flags: SIMD16<UInt8> = (low | equals) & SIMD16<UInt8>(repeating: 0x80)
        return firstFlag(flags)
    }

    /// Where the element name at `p` may end: the offset of the first of its 16 bytes that is
    /// white space or below it, from 0x80, `>` or `/`; 16 when there is none. A name of the
    /// short-name table ending there holds name bytes only, so a byte scan would stop there too.
    @inline(__always) static func elementNameEnd(_ p: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
        let one = SIMD16<UInt8>(repeating: 1)
        let low: SIMD16<UInt8> = (v &- SIMD16<UInt8>(repeating: 0x21)) | v
        let gt: SIMD16<UInt8> = (v ^ SIMD16<UInt8>(repeating: 0x3E)) &- one
        let slash: SIMD16<UInt8> = (v ^ SIMD16<UInt8>(repeating: 0x2F)) &- one
        return firstFlag((low | gt | slash) & SIMD16<UInt8>(repeating: 0x80))
    }

    /// The first lane of `flags` (each lane 0 or 0x80) that is set, or 16.
    @inline(__always) static func firstFlag(_ flags: SIMD16<UInt8>) -> Int {
        let words = unsafeBitCast(flags, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: words[0])
        if low != 0 { return low.trailingZeroBitCount >> 3 }
        let high = UInt64(littleEndian: words[1])
        return high != 0 ? 8 + high.trailingZeroBitCount >> 3 : 16
    }

    /// Copies the value starting at `start` to the arena (past `arenaCount`, which it does not
    /// move) while finding its closing `quote`, 16 bytes a step; returns the quote's offset, or
    /// -1 when a byte before it keeps the value from being copied as it is (below 0x20, from
    /// 0x80, `&` or `<`) or the input ends first. The blocks may write up to 15 bytes past the
    /// value: the arena holds the whole input and 64 bytes more, and every value before this
    /// one came from before `start` and none grew. Nothing is written at or past
    /// ``arenaLimit`` (a value that would reach it is read again by the caller, -1).
    @inline(__always) func copyPlainValue(from start: Int, quote: UInt8) -> Int {
        let out = arena + arenaCount
        let n = min(self.n, start &+ (arenaLimit &- arenaCount))
        let q = SIMD16<UInt8>(repeating: quote)
        let one = SIMD16<UInt8>(repeating: 1)
        let space = SIMD16<UInt8>(repeating: 0x20)
        let amp = SIMD16<UInt8>(repeating: 0x26)
        let lt = SIMD16<UInt8>(repeating: 0x3C)
        let high = SIMD16<UInt8>(repeating: 0x80)
        // Offsets stay below the input's size, so the sums and differences here cannot wrap.
        var r = start
        while r &+ 16 <= n {
            let v = UnsafeRawPointer(base + r).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(out + (r &- start)).storeBytes(of: v, as: SIMD16<UInt8>.self)
            // High bit: below 0x20, from 0x80, or equal to the quote, `&` or `<` (the quote, `&`
            // and `<` are ASCII, so a wrapped zero is the only other way to set it).
            let control: SIMD16<UInt8> = (v &- space) | v
            let quoted: SIMD16<UInt8> = ((v ^ q) &- one) | ((v ^ amp) &- one) | ((v ^ lt) &- one)
            let flags: SIMD16<UInt8> = (control | quoted) & high
            let k = Self.firstFlag(flags)
            if k < 16 { return base[r &+ k] == quote ? r &+ k : -1 }
            r &+= 16
        }
        while r < n {
            let b = base[r]
            if b == quote { return r }
            if b < 0x20 || b >= 0x80 || b == 0x26 || b == 0x3C { return -1 }
            out[r - start] = b
            r += 1
        }
        return -1
    }
}
