import LaminaCore

/// Writes a layer's entries at a pointer into room the writer reserved beforehand: no test
/// for room, no container state; the caller knows the structure (``LayerEncoder``).
struct EntryCursor {
    /// Where the next byte goes.
    var p: UnsafeMutablePointer<UInt8>
    /// The runs of this object's entries' level.
    let runs: UnsafePointer<UInt8>
    /// Whether the object has an entry (the next one starts with a comma).
    var comma: Bool

    /// Copies the run of `key` (with its comma unless the first entry).
    @inline(__always)
    mutating func entry(_ key: EntryKey) { copySlot(key.rawValue) }

    /// Copies the whole `"svg"` object of a layer whose facts are `element` alone (at most
    /// ``EntryRuns/wholeSVGLevels``).
    @inline(__always)
    mutating func wholeSVG(_ element: UsualElement) { copySlot(EntryRuns.svgSlots &+ element.rawValue) }

    /// Copies the run in slot `index` of the level (with its comma unless the first entry).
    @inline(__always)
    private mutating func copySlot(_ index: Int) {
        let s = runs + index &* EntryRuns.slot
        let c = comma ? 1 : 0
        let n = Int(s[0]) &+ c
        Self.copyRun(s + (2 &- c), to: p, count: n)
        p += n
        comma = true
    }

    /// `"key": number`.
    @inline(__always)
    mutating func number(_ key: EntryKey, _ v: Double) {
        entry(key)
        p += NumberText.write(v, to: p)
    }

    /// `"key": number` unless it prints as 0.
    @inline(__always)
    mutating func nonZero(_ key: EntryKey, _ v: Double) {
        guard !PrintsAs.zero(v) else { return }
        number(key, v)
    }

    /// `"key": number` when present.
    @inline(__always)
    mutating func optional(_ key: EntryKey, _ v: Double?) {
        guard let v else { return }
        number(key, v)
    }

    /// `"key": true` when set.
    @inline(__always)
    mutating func flag(_ key: EntryKey, _ set: Bool) {
        guard set else { return }
        entry(key)
        literal("true")
    }

    /// `"key": [x, y]`.
    @inline(__always)
    mutating func point(_ key: EntryKey, _ pt: Point) {
        entry(key)
        p[0] = UInt8(ascii: "[")
        p += 1
        inlineNumber(pt.x, first: true)
        inlineNumber(pt.y)
        p[0] = UInt8(ascii: "]")
        p += 1
    }

    /// `"key": [six or sixteen numbers]` unless the transform prints as the identity; decided
    /// on the printed numbers, as it reads back: one whose other places print as 0 and 1 is
    /// written affine. (No exact test first: an affine transform's places print as 0 and 1,
    /// and the identity's six print as the identity; the tests' calls, `==` against the
    /// identity and `isAffine`, cost ~100 instructions a transform.)
    mutating func transform(_ key: EntryKey, _ t: Transform3D) {
        let affine = Self.printsAffine(t)
        if affine, PrintsAs.one(t.m11), PrintsAs.zero(t.m12), PrintsAs.zero(t.m21), PrintsAs.one(t.m22),
            PrintsAs.zero(t.m41), PrintsAs.zero(t.m42)
        {
            return
        }
        entry(key)
        p[0] = UInt8(ascii: "[")
        p += 1
        if affine {
            inlineNumber(t.m11, first: true)
            inlineNumber(t.m12)
            inlineNumber(t.m21)
            inlineNumber(t.m22)
            inlineNumber(t.m41)
            inlineNumber(t.m42)
        } else {
            for (i, v) in t.elements.enumerated() { inlineNumber(v, first: i == 0) }
        }
        p[0] = UInt8(ascii: "]")
        p += 1
    }

    /// Whether the places an affine transform has at 0 and 1 print so.
    @inline(__always)
    private static func printsAffine(_ t: Transform3D) -> Bool {
        PrintsAs.zero(t.m13) && PrintsAs.zero(t.m14) && PrintsAs.zero(t.m23) && PrintsAs.zero(t.m24)
            && PrintsAs.zero(t.m31) && PrintsAs.zero(t.m32) && PrintsAs.zero(t.m34) && PrintsAs.zero(t.m43)
            && PrintsAs.one(t.m33) && PrintsAs.one(t.m44)
    }

    /// A literal value (`true`, `"none"`, `[`, `{`…).
    @inline(__always)
    mutating func literal(_ s: StaticString) {
        ShortCopy.copy(s.utf8Start, to: p, count: s.utf8CodeUnitCount)
        p += s.utf8CodeUnitCount
    }

    /// A number of a one-line array; `, ` before it unless `first`.
    @inline(__always)
    mutating func inlineNumber(_ v: Double, first: Bool = false) {
        if !first {
            p[0] = UInt8(ascii: ",")
            p[1] = 0x20
            p += 2
        }
        p += NumberText.write(v, to: p)
    }

    /// Closes the object whose key was written at this cursor's level and whose entries
    /// `inner` wrote, with the newline and indent unless it is empty; goes on after it.
    @inline(__always)
    mutating func close(_ inner: EntryCursor) {
        p = inner.p
        guard inner.comma else {
            p[0] = UInt8(ascii: "}")
            p += 1
            return
        }
        let s = runs + EntryKey.closeObject.rawValue &* EntryRuns.slot
        let n = Int(s[0])
        Self.copyRun(s + 2, to: p, count: n)
        p += n
    }

    /// Copies `n` bytes of a run: up to 48 as three fixed 16-byte moves, up to 96 as six (the
    /// slot has them; the cursor's room has them), longer ones (indents deeper than about 36
    /// levels) with `memcpy`.
    @inline(__always)
    static func copyRun(_ from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, count n: Int) {
        let s = UnsafeRawPointer(from)
        let d = UnsafeMutableRawPointer(to)
        @inline(__always) func move(_ k: Int) {
            d.storeBytes(of: s.loadUnaligned(fromByteOffset: k, as: SIMD16<UInt8>.self), toByteOffset: k, as: SIMD16<UInt8>.self)
        }
        if n <= 48 {
            move(0)
            move(16)
            move(32)
        } else if n <= 96 {
            move(0)
            move(16)
            move(32)
            move(48)
            move(64)
            move(80)
        } else {
            d.copyMemory(from: s, byteCount: n)
        }
    }
}

/// Whether a number prints as a key's default, the test ``NumberText/printsSame(_:_:)`` makes,
/// without its call and its two calls to `round`: `v` prints as the millionths `k` (rounded
/// half away from zero) exactly when `v * 1e6` lies in `[k - 0.5, k + 0.5)` for `k > 0`, and in
/// `(-0.5, 0.5)` for 0. NaN fails both (it prints `null`), and so do values too large for the
/// digits (they print as integers, never as a default).
enum PrintsAs {
    @inline(__always)
    static func zero(_ v: Double) -> Bool { abs(v * 1_000_000) < 0.5 }

    /// `v` prints as `k / 1e6`, for a whole `k` with `0 < k < 2^50`.
    @inline(__always)
    static func millionths(_ v: Double, _ k: Double) -> Bool {
        let t = v * 1_000_000
        return t >= k - 0.5 && t < k + 0.5
    }

    @inline(__always)
    static func one(_ v: Double) -> Bool { millionths(v, 1_000_000) }

    @inline(__always)
    static func half(_ v: Double) -> Bool { millionths(v, 500_000) }
}
