import LaminaGeometry

/// The SVG `transform` attribute grammar: `matrix translate scale rotate skewX skewY`.
package enum TransformList {
    /// Parses a transform list into one matrix (the leftmost function applies last, as in SVG);
    /// an empty list or `none` is identity. Nil on a syntax error or a non-finite result.
    ///
    ///     TransformList.parse("translate(10) scale(2)") // maps (1, 1) to (12, 2)
    package static func parse(_ s: Substring) -> AffineTransform? {
        NumberScanner.scan(s) { sc -> AffineTransform? in parse(scanner: &sc) }
    }

    /// The same as `parse(_:)` on UTF-8 bytes.
    package static func parse(bytes: UnsafeBufferPointer<UInt8>) -> AffineTransform? {
        var sc = NumberScanner(bytes)
        return parse(scanner: &sc)
    }

    private static func parse(scanner sc: inout NumberScanner) -> AffineTransform? {
        var total = AffineTransform.identity
        sc.skipSpaces()
        if matchesNone(&sc) { return total }
        var first = true
        while true {
            let comma = first ? false : sc.skipCommaSpaces()
            if sc.isAtEnd { return comma ? nil : (isFinite(total) ? total : nil) }
            first = false
            guard let t = function(&sc) else { return nil }
            total = t.concatenating(total)
        }
    }

    private static func matchesNone(_ sc: inout NumberScanner) -> Bool {
        let b = sc.bytes, i = sc.index
        guard b.count - i >= 4, b[i] | 0x20 == UInt8(ascii: "n"), b[i + 1] | 0x20 == UInt8(ascii: "o"),
            b[i + 2] | 0x20 == UInt8(ascii: "n"), b[i + 3] | 0x20 == UInt8(ascii: "e")
        else { return false }
        var j = i + 4
        while j < b.count, NumberScanner.isSpace(b[j]) { j += 1 }
        return j == b.count
    }

    private static func isFinite(_ t: AffineTransform) -> Bool {
        t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
    }

    /// One `name(args)` at the scanner, whitespace before `(` allowed.
    private static func function(_ sc: inout NumberScanner) -> AffineTransform? {
        let nameStart = sc.index
        while sc.index < sc.bytes.count, sc.bytes[sc.index] | 0x20 >= UInt8(ascii: "a"), sc.bytes[sc.index] | 0x20 <= UInt8(ascii: "z") {
            sc.index += 1
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: sc.bytes[nameStart..<sc.index]), as: UTF8.self)
        sc.skipSpaces()
        guard sc.peek == UInt8(ascii: "(") else { return nil }
        sc.index += 1
        sc.skipSpaces()
        var args: [Double] = []
        while sc.peek != UInt8(ascii: ")") {
            if !args.isEmpty { sc.skipCommaSpaces() }
            guard args.count < 6, let v = sc.number() else { return nil }
            args.append(v)
            sc.skipSpaces()
        }
        sc.index += 1
        switch (name, args.count) {
        case ("matrix", 6):
            return AffineTransform(args[0], args[1], args[2], args[3], args[4], args[5])
        case ("translate", 1), ("translate", 2):
            return .translation(args[0], args.count == 2 ? args[1] : 0)
        case ("scale", 1), ("scale", 2):
            return .scale(args[0], args.count == 2 ? args[1] : args[0])
        case ("rotate", 1), ("rotate", 3):
            let c = PathData.cosDegrees(args[0]), s = PathData.sinDegrees(args[0])
            let r = AffineTransform(c, s, -s, c, 0, 0)
            guard args.count == 3 else { return r }
            return AffineTransform.translation(-args[1], -args[2]).concatenating(r)
                .concatenating(.translation(args[1], args[2]))
        case ("skewX", 1):
            return AffineTransform(1, 0, tangentDegrees(args[0]), 1, 0, 0)
        case ("skewY", 1):
            return AffineTransform(1, tangentDegrees(args[0]), 0, 1, 0, 0)
        default:
            return nil
        }
    }

    private static func tangentDegrees(_ d: Double) -> Double {
        let c = PathData.cosDegrees(d)
        return c == 0 ? .infinity : PathData.sinDegrees(d) / c
    }
}
