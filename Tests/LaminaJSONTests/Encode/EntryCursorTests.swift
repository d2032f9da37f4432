import LaminaGeometry
import Testing

@testable import LaminaJSON

/// The layer writer's cursor: its precomputed runs give the general writer's bytes at every
/// level, and its default tests give ``NumberText/printsSame(_:_:)``'s answers.
@Suite struct EntryCursorTests {
    /// Values around every place a default test can change its answer: the defaults, the
    /// half-millionth boundaries on both sides, tiny and huge magnitudes, signed zeros, the
    /// non-finite values, and a spread of ordinary numbers.
    static let values: [Double] = {
        var v: [Double] = [0, -0.0, 0.5, 1, -1, -0.5, 2, 1e-7, -1e-7, 1e300, -1e300, 9e12, 9.1e12, 1e13,
                           .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for base in [0.0, 0.5, 1.0, -0.5, -1.0] {
            for edge in [-0.0000005, 0.0000005, -0.0000015, 0.0000015, 0] {
                var x = base + edge
                for _ in 0..<4 { x = x.nextDown }
                for _ in 0..<9 {
                    v.append(x)
                    x = x.nextUp
                }
                // The same boundary reached through the scaled value.
                var t = (base * 1_000_000 + edge * 1_000_000)
                for _ in 0..<3 { t = t.nextDown }
                for _ in 0..<7 {
                    v.append(t / 1_000_000)
                    t = t.nextUp
                }
            }
        }
        var g = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let scale = [1e-7, 1e-6, 1e-3, 1, 10, 1e6, 1e13][Int.random(in: 0..<7, using: &g)]
            v.append(Double.random(in: -2...2, using: &g) * scale)
            v.append((Double(Int.random(in: -4_000_000...4_000_000, using: &g)) + 0.5) / 1_000_000)
        }
        return v
    }()

    @Test func defaultTestsAgreeWithPrintsSame() {
        for v in Self.values {
            #expect(PrintsAs.zero(v) == NumberText.printsSame(v, 0), "\(v)")
            #expect(PrintsAs.one(v) == NumberText.printsSame(v, 1), "\(v)")
            #expect(PrintsAs.half(v) == NumberText.printsSame(v, 0.5), "\(v)")
        }
    }

    /// The bytes a general writer writes for `"key": ` as an entry of an object at `level`.
    static func generalEntry(_ key: String, level: Int, comma: Bool) -> [UInt8] {
        var w = JSONWriter(growing: 4096)
        w.beginFragment(depth: level, hasEntry: comma)
        w.key(escaping: key)
        let bytes = w.takeBytes()
        return bytes.withSlice(0..<bytes.count) { Array($0) }
    }

    /// The bytes the cursor writes for `key` at `level`, in room with a guard byte after them
    /// checked untouched past the cursor's room.
    static func cursorEntry(_ key: EntryKey, _ runs: EntryRuns, level: Int, comma: Bool) -> [UInt8] {
        var room = [UInt8](repeating: 0xEE, count: EntryRuns.entryRoom + 16)
        return room.withUnsafeMutableBufferPointer { buf in
            var c = EntryCursor(p: buf.baseAddress!, runs: runs.runs(level: level), comma: comma)
            c.entry(key)
            #expect(buf[EntryRuns.entryRoom...].allSatisfy { $0 == 0xEE })
            return Array(buf[..<buf.baseAddress!.distance(to: c.p)])
        }
    }

    /// Each key's text is its name in SPEC §3 (the case's name).
    @Test func keyTextsAreTheCaseNames() {
        for key in EntryKey.allCases where key != .closeObject {
            #expect(key.text.description == "\(key)")
        }
    }

    /// Every key at every level an entry can be at (1 and deeper; past the indent limit too, where runs are longer than the
    /// fixed 48-byte copy), first or not: the general writer's bytes.
    @Test func runsAreTheGeneralWritersEntries() {
        let runs = EntryRuns()
        let deepest = JSONWriter.maxIndentLevel + 3
        runs.prepare(upTo: deepest)
        for level in [1, 2, 3, 9, 10, 11, 12, 20, 21, 22, 50, 99, 100, 101, deepest] {
            for key in EntryKey.allCases where key != .closeObject {
                for comma in [false, true] {
                    let expected = Self.generalEntry(key.text.description, level: level, comma: comma)
                    #expect(Self.cursorEntry(key, runs, level: level, comma: comma) == expected, "\(key) \(level)")
                }
            }
        }
    }

    /// Closing an object: the newline and indent of the level unless it is empty, as the
    /// general writer closes it.
    @Test(arguments: [1, 3, 17, 24, 100, 104])
    func closingMatchesTheGeneralWriter(level: Int) {
        let runs = EntryRuns()
        runs.prepare(upTo: level + 1)
        for entries in [false, true] {
            var w = JSONWriter(growing: 4096)
            w.beginFragment(depth: level, hasEntry: false)
            w.key("x")
            w.openObject()
            if entries { w.number(1, key: "r") }
            w.close()
            let taken = w.takeBytes()
            let expected = taken.withSlice(0..<taken.count) { Array($0) }

            var room = [UInt8](repeating: 0, count: 4 * EntryRuns.entryRoom)
            let written = room.withUnsafeMutableBufferPointer { buf -> [UInt8] in
                var c = EntryCursor(p: buf.baseAddress!, runs: runs.runs(level: level), comma: false)
                c.entry(.x)
                c.literal("{")
                var inner = EntryCursor(p: c.p, runs: runs.runs(level: level + 1), comma: false)
                if entries { inner.number(.r, 1) }
                c.close(inner)
                return Array(buf[..<buf.baseAddress!.distance(to: c.p)])
            }
            #expect(written == expected, "level \(level) entries \(entries)")
        }
    }

    /// A transform entry is written as the general writer writes it from the old tests (none
    /// for the exact identity; affine when exact or when its other places print as 0 and 1;
    /// nothing when those six print as the identity): the cursor now decides on the printed
    /// places alone, without `==` against the identity and `isAffine`.
    @Test func transformsAreDecidedAsBefore() {
        var transforms: [Transform3D] = [.identity]
        var z = Transform3D.identity
        z.m13 = -0.0
        z.m41 = -0.0
        transforms.append(z)
        let near = [1e-9, -1e-9, 4e-7, -4e-7, 6e-7, 0.5, 2, .nan, .infinity, 1e300]
        for place in 0..<16 {
            for d in near {
                var e = Transform3D.identity.elements
                e[place] += d
                transforms.append(Transform3D(elements: e)!)
            }
        }
        transforms.append(Transform3D(AffineTransform(1, 0, 0.32, 1, 0, 0)))
        transforms.append(Transform3D(AffineTransform(0.9, 0.1, -0.1, 0.9, 12.5, -3)))
        let runs = EntryRuns()
        runs.prepare(upTo: 3)
        for t in transforms {
            // The cursor's bytes.
            let room = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
            defer { room.deallocate() }
            var c = EntryCursor(p: room, runs: runs.runs(level: 2), comma: true)
            c.transform(.transform, t)
            let fast = Array(UnsafeBufferPointer(start: room, count: room.distance(to: c.p)))
            // The old decision, written by the general writer.
            var w = JSONWriter(growing: 4096)
            w.beginFragment(depth: 2, hasEntry: true)
            let zero = { (v: Double) in NumberText.printsSame(v, 0) }
            let one = { (v: Double) in NumberText.printsSame(v, 1) }
            if t != .identity {
                let affine = t.isAffine
                    || ([t.m13, t.m14, t.m23, t.m24, t.m31, t.m32, t.m34, t.m43].allSatisfy(zero) && one(t.m33) && one(t.m44))
                let values = affine ? [t.m11, t.m12, t.m21, t.m22, t.m41, t.m42] : t.elements
                if !(affine && one(t.m11) && zero(t.m12) && zero(t.m21) && one(t.m22) && zero(t.m41) && zero(t.m42)) {
                    w.key("transform")
                    w.openInline()
                    for (k, v) in values.enumerated() { w.inlineNumber(v, first: k == 0) }
                    w.closeInline()
                }
            }
            let general = w.takeBytes()
            #expect(fast == general.withSlice(0..<general.count) { Array($0) }, "\(t.elements)")
        }
    }
}
