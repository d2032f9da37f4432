import LaminaGeometry

/// A CSS length that may need the font sizes to resolve: a dimension (`3rem`, `12px`, `50%`)
/// or a `calc()` of them (CSS Values 4 §10), kept as a sum of px, `em`, `ex`, `rem` and `%`.
///
/// `calc()` takes `+` and `-` (with whitespace around them), `*` and `/` by a number,
/// parentheses and nested `calc()`; adding a length to a number, multiplying two lengths or
/// dividing by zero makes the value invalid, as in browsers:
///
///     CSSCalc.parse("calc(1rem + 50% - 2px)")   // rem 1, percent 50, px -2
///     CSSCalc.parse("calc(10px + 2)")           // nil
package struct CSSCalc: Hashable, Sendable {
    /// The absolute part in px (`pt`, `mm` … converted at 96 dpi).
    var px = 0.0
    var em = 0.0
    var ex = 0.0
    var rem = 0.0
    var percent = 0.0
    /// True for a plain number (no unit): a factor, not a length.
    var isNumber = false

    /// The value in px: `em` of `fontSize`, `ex` of half of it (as Lamina's lengths take it),
    /// `rem` of `rootFontSize`, `%` of `percentBase`.
    func resolve(percentBase: Double, fontSize: Double, rootFontSize: Double) -> Double {
        px + em * fontSize + ex * fontSize / 2 + rem * rootFontSize + percent * percentBase / 100
    }

    /// Parses a length with any unit Lamina knows or `rem`, or a `calc()` whose result is a
    /// length or percentage (surrounding whitespace allowed, names case-insensitive); nil for
    /// anything else, a plain number included.
    static func parseLength(_ s: Substring) -> CSSCalc? {
        guard let v = parse(s), !v.isNumber, [v.px, v.em, v.ex, v.rem, v.percent].allSatisfy(\.isFinite) else { return nil }
        return v
    }

    /// A length or percentage as CSS reads one where `rem` and `calc()` may stand (a
    /// `transform-origin` or basic-shape word): a plain Lamina length (nil when not finite),
    /// else ``parseLength(_:)``.
    static func parseAnyLength(_ s: Substring) -> CSSCalc? {
        if let l = Length.parse(s) { return l.value.isFinite ? CSSCalc(l) : nil }
        return parseLength(s)
    }

    /// A value that is not a plain Lamina length, for a property that takes no negative one
    /// (`font-size`, `stroke-width`): `rem` or a `calc()`. A negative dimension is invalid; a
    /// negative `calc()` is valid (its result is clamped to 0, CSS Values 4 §10.12).
    static func parseNonNegative(_ s: Substring) -> CSSCalc? {
        guard let v = parseLength(s) else { return nil }
        var p = Parser(Array(s.utf8))
        p.skipSpaces()
        let isCalc = p.matchFunction("calc")
        return isCalc || v.px + v.em + v.ex + v.rem + v.percent >= 0 ? v : nil
    }

    /// A `stroke-dasharray` list that is not plain lengths: items holding `rem` or `calc()`
    /// (`calc(2px + 1rem) 4`), separated by whitespace, a comma or both; a plain number is
    /// px. Nil when an item is invalid or a negative dimension (a negative `calc()` is valid:
    /// 0, CSS Values 4 §10.12).
    static func parseDashList(_ s: Substring) -> [CSSCalc]? {
        var p = Parser(Array(s.utf8))
        var out: [CSSCalc] = []
        p.skipSpaces()
        while !p.atEnd {
            let start = p.i
            let isCalc = p.matchFunction("calc")
            p.i = start
            guard var v = p.value(topLevel: true), [v.px, v.em, v.ex, v.rem, v.percent].allSatisfy(\.isFinite) else { return nil }
            guard isCalc || v.px + v.em + v.ex + v.rem + v.percent >= 0 else { return nil }
            v.isNumber = false
            out.append(v)
            let end = p.i
            p.skipSpaces()
            if !p.atEnd, p.b[p.i] == UInt8(ascii: ",") {
                p.i += 1
                p.skipSpaces()
                if p.atEnd { return nil }
            } else if !p.atEnd, p.i == end {
                return nil
            }
        }
        return out.isEmpty ? nil : out
    }

    /// A `calc()` whose result is a number (`calc(0.5 * 0.5)`) or a percentage, as a fraction
    /// clamped to 0…1 (an opacity); nil for anything else.
    static func parseFraction(_ s: Substring) -> Double? {
        guard let v = parse(s) else { return nil }
        let f: Double
        if v.isNumber {
            f = v.px
        } else if v.px == 0, v.em == 0, v.ex == 0, v.rem == 0 {
            f = v.percent / 100
        } else {
            return nil
        }
        return f.isFinite ? min(1, max(0, f)) : nil
    }

    /// The value as a ``Length`` for a style: px (font sizes resolved) when it has no `%`, a
    /// percentage when it is only one; nil for a sum of both, which a `Length` cannot hold.
    func length(fontSize: Double, rootFontSize: Double) -> Length? {
        if percent == 0 {
            let v = resolve(percentBase: 0, fontSize: fontSize, rootFontSize: rootFontSize)
            return v.isFinite ? Length(v) : nil
        }
        return px == 0 && em == 0 && ex == 0 && rem == 0 ? Length(percent, .percent) : nil
    }

    /// Parses one value: a number, a dimension or a `calc()`.
    static func parse(_ s: Substring) -> CSSCalc? {
        var p = Parser(Array(s.utf8))
        p.skipSpaces()
        guard let v = p.value(topLevel: true) else { return nil }
        p.skipSpaces()
        return p.atEnd ? v : nil
    }

    private static func sum(_ a: CSSCalc, _ b: CSSCalc, sign: Double) -> CSSCalc? {
        guard a.isNumber == b.isNumber else { return nil }
        return CSSCalc(
            px: a.px + sign * b.px, em: a.em + sign * b.em, ex: a.ex + sign * b.ex, rem: a.rem + sign * b.rem,
            percent: a.percent + sign * b.percent, isNumber: a.isNumber)
    }

    private func scaled(_ k: Double) -> CSSCalc {
        CSSCalc(px: px * k, em: em * k, ex: ex * k, rem: rem * k, percent: percent * k, isNumber: isNumber)
    }

    /// A recursive-descent reader over the value's bytes; nesting is bounded.
    private struct Parser {
        let b: [UInt8]
        var i = 0
        var depth = 0
        init(_ b: [UInt8]) { self.b = b }

        var atEnd: Bool { i >= b.count }

        mutating func skipSpaces() {
            while i < b.count, NumberScanner.isSpace(b[i]) { i += 1 }
        }

        /// A number, a dimension, or (inside `calc()`, or at the top level) a `calc(` group.
        mutating func value(topLevel: Bool) -> CSSCalc? {
            if matchFunction("calc") { return group() }
            if !topLevel, i < b.count, b[i] == UInt8(ascii: "(") {
                i += 1
                return group()
            }
            return dimension()
        }

        /// The sum inside a group whose opening parenthesis has been read, and its `)`.
        mutating func group() -> CSSCalc? {
            depth += 1
            guard depth <= 32 else { return nil }
            skipSpaces()
            guard let v = sum() else { return nil }
            skipSpaces()
            guard i < b.count, b[i] == UInt8(ascii: ")") else { return nil }
            i += 1
            depth -= 1
            return v
        }

        mutating func sum() -> CSSCalc? {
            guard var acc = product() else { return nil }
            while true {
                let start = i
                skipSpaces()
                guard i > start, i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") else {
                    i = start
                    return acc
                }
                let sign: Double = b[i] == UInt8(ascii: "+") ? 1 : -1
                i += 1
                // `+` and `-` need whitespace on both sides.
                guard i < b.count, NumberScanner.isSpace(b[i]) else { return nil }
                skipSpaces()
                guard let next = product(), let s = CSSCalc.sum(acc, next, sign: sign) else { return nil }
                acc = s
            }
        }

        mutating func product() -> CSSCalc? {
            guard var acc = value(topLevel: false) else { return nil }
            while true {
                let start = i
                skipSpaces()
                guard i < b.count, b[i] == UInt8(ascii: "*") || b[i] == UInt8(ascii: "/") else {
                    i = start
                    return acc
                }
                let divide = b[i] == UInt8(ascii: "/")
                i += 1
                skipSpaces()
                guard let next = value(topLevel: false) else { return nil }
                if divide {
                    guard next.isNumber, next.px != 0 else { return nil }
                    acc = acc.scaled(1 / next.px)
                } else if next.isNumber {
                    acc = acc.scaled(next.px)
                } else if acc.isNumber {
                    acc = next.scaled(acc.px)
                } else {
                    return nil
                }
            }
        }

        /// Whether `name(` (case-insensitive) starts here; reads it when it does.
        mutating func matchFunction(_ name: String) -> Bool {
            let n = Array(name.utf8)
            guard i + n.count < b.count, b[i + n.count] == UInt8(ascii: "(") else { return false }
            for k in n.indices where b[i + k] | 0x20 != n[k] { return false }
            i += n.count + 1
            return true
        }

        /// A number with an optional unit; a plain number keeps its value in `px`.
        mutating func dimension() -> CSSCalc? {
            let start = i
            guard let (v, end) = b.withUnsafeBufferPointer({ buf -> (Double, Int)? in
                var sc = NumberScanner(UnsafeBufferPointer(rebasing: buf[start...]))
                guard let v = sc.number() else { return nil }
                return (v, start + sc.index)
            }) else { return nil }
            i = end
            var unitEnd = i
            while unitEnd < b.count, (b[unitEnd] | 0x20) >= UInt8(ascii: "a"), (b[unitEnd] | 0x20) <= UInt8(ascii: "z") {
                unitEnd += 1
            }
            if unitEnd == i, unitEnd < b.count, b[unitEnd] == UInt8(ascii: "%") { unitEnd += 1 }
            let unit = String(decoding: b[i..<unitEnd], as: UTF8.self).lowercased()
            i = unitEnd
            var r = CSSCalc()
            switch unit {
            case "": r.px = v; r.isNumber = true
            case "%": r.percent = v
            case "em": r.em = v
            case "ex": r.ex = v
            case "rem": r.rem = v
            default:
                guard let u = Length.Unit(rawValue: unit), u != .none, u != .percent else { return nil }
                r.px = Length(v, u).resolve(percentBase: 0, fontSize: 0)
            }
            return r
        }
    }
}
