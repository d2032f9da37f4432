#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    /// The transform functions, by name as written (case matters).
    private enum Function {
        case matrix, translate, scale, rotate, skewX, skewY

        init?(_ name: UnsafeBufferPointer<UInt8>) {
            func named(_ s: StaticString) -> Bool {
                name.count == s.utf8CodeUnitCount && memcmp(name.baseAddress!, s.utf8Start, name.count) == 0
            }
            guard !name.isEmpty else { return nil }
            if named("matrix") {
                self = .matrix
            } else if named("translate") {
                self = .translate
            } else if named("scale") {
                self = .scale
            } else if named("rotate") {
                self = .rotate
            } else if named("skewX") {
                self = .skewX
            } else if named("skewY") {
                self = .skewY
            } else {
                return nil
            }
        }
    }

    /// One `name(args)` at the scanner, whitespace before `(` allowed.
    private static func function(_ sc: inout NumberScanner) -> AffineTransform? {
        let nameStart = sc.index
        while sc.index < sc.bytes.count, sc.bytes[sc.index] | 0x20 >= UInt8(ascii: "a"), sc.bytes[sc.index] | 0x20 <= UInt8(ascii: "z") {
            sc.index += 1
        }
        let function = Function(UnsafeBufferPointer(rebasing: sc.bytes[nameStart..<sc.index]))
        sc.skipSpaces()
        guard sc.peek == UInt8(ascii: "(") else { return nil }
        sc.index += 1
        sc.skipSpaces()
        // Up to six arguments, without an array.
        var a0 = 0.0, a1 = 0.0, a2 = 0.0, a3 = 0.0, a4 = 0.0, a5 = 0.0
        var count = 0
        while sc.peek != UInt8(ascii: ")") {
            if count > 0 { sc.skipCommaSpaces() }
            guard count < 6, let v = sc.number() else { return nil }
            switch count {
            case 0: a0 = v
            case 1: a1 = v
            case 2: a2 = v
            case 3: a3 = v
            case 4: a4 = v
            default: a5 = v
            }
            count += 1
            sc.skipSpaces()
        }
        sc.index += 1
        guard let function else { return nil }
        switch (function, count) {
        case (.matrix, 6):
            return AffineTransform(a0, a1, a2, a3, a4, a5)
        case (.translate, 1), (.translate, 2):
            return .translation(a0, count == 2 ? a1 : 0)
        case (.scale, 1), (.scale, 2):
            return .scale(a0, count == 2 ? a1 : a0)
        case (.rotate, 1), (.rotate, 3):
            let c = PathData.cosDegrees(a0), s = PathData.sinDegrees(a0)
            let r = AffineTransform(c, s, -s, c, 0, 0)
            guard count == 3 else { return r }
            return r.turned(aboutX: a1, y: a2)
        case (.skewX, 1):
            return AffineTransform(1, 0, tangentDegrees(a0), 1, 0, 0)
        case (.skewY, 1):
            return AffineTransform(1, tangentDegrees(a0), 0, 1, 0, 0)
        default:
            return nil
        }
    }

    private static func tangentDegrees(_ d: Double) -> Double {
        let c = PathData.cosDegrees(d)
        return c == 0 ? .infinity : PathData.sinDegrees(d) / c
    }
}
