import LaminaGeometry

/// A CSS/SVG length: a number and its unit (SPEC §5: px pt pc mm cm in % em ex, 96 dpi; and CSS
/// Values 3's `Q`, a quarter of a millimetre, which Chromium reads in SVG attributes too).
package struct Length: Hashable, Sendable {
    /// The units Lamina understands.
    package enum Unit: String, Hashable, Sendable, CaseIterable {
        case none = "", px, pt, pc, mm, cm, `in`, percent = "%", em, ex, q
    }

    /// The number as written.
    package var value: Double
    /// The unit as written.
    package var unit: Unit

    /// A length of `value` in `unit`.
    package init(_ value: Double, _ unit: Unit = .none) {
        self.value = value
        self.unit = unit
    }

    /// Zero user units.
    package static let zero = Length(0)

    /// Parses `12`, `1.5em`, `50%`, ` 3mm ` (surrounding whitespace allowed, units
    /// case-insensitive); nil for anything else.
    package static func parse(_ s: Substring) -> Length? {
        NumberScanner.scan(s) { sc -> Length? in parse(scanner: &sc) }
    }

    /// The same as `parse(_:)` on UTF-8 bytes.
    package static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Length? {
        var sc = NumberScanner(bytes)
        return parse(scanner: &sc)
    }

    private static func parse(scanner sc: inout NumberScanner) -> Length? {
        sc.skipSpaces()
        guard let v = sc.number() else { return nil }
        let unitStart = sc.index
        while sc.index < sc.bytes.count, !NumberScanner.isSpace(sc.bytes[sc.index]) { sc.index += 1 }
        let unitEnd = sc.index
        sc.skipSpaces()
        guard sc.isAtEnd else { return nil }
        guard let unit = unitFrom(sc.bytes, unitStart, unitEnd) else { return nil }
        return Length(v, unit)
    }

    private static func unitFrom(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Unit? {
        let n = end - start
        if n == 0 { return Unit.none }
        if n == 1 {
            if b[start] == UInt8(ascii: "%") { return .percent }
            return b[start] | 0x20 == UInt8(ascii: "q") ? .q : nil
        }
        guard n == 2 else { return nil }
        let c0 = b[start] | 0x20, c1 = b[start + 1] | 0x20
        switch (c0, c1) {
        case (UInt8(ascii: "p"), UInt8(ascii: "x")): return .px
        case (UInt8(ascii: "p"), UInt8(ascii: "t")): return .pt
        case (UInt8(ascii: "p"), UInt8(ascii: "c")): return .pc
        case (UInt8(ascii: "m"), UInt8(ascii: "m")): return .mm
        case (UInt8(ascii: "c"), UInt8(ascii: "m")): return .cm
        case (UInt8(ascii: "i"), UInt8(ascii: "n")): return .in
        case (UInt8(ascii: "e"), UInt8(ascii: "m")): return .em
        case (UInt8(ascii: "e"), UInt8(ascii: "x")): return .ex
        default: return nil
        }
    }

    /// The length in user units (px): `%` of `percentBase`, `em` of `fontSize`, `ex` of half of it.
    /// Always inlined: a basic shape's geometry called it for each length (a call and a switch
    /// where the unit is nearly always none).
    @inline(__always)
    package func resolve(percentBase: Double, fontSize: Double) -> Double {
        switch unit {
        case .none, .px: return value
        case .pt: return value * 4 / 3
        case .pc: return value * 16
        case .mm: return value * 96 / 25.4
        case .cm: return value * 96 / 2.54
        case .q: return value * 96 / 101.6
        case .in: return value * 96
        case .percent: return value * percentBase / 100
        case .em: return value * fontSize
        case .ex: return value * fontSize / 2
        }
    }

    /// Parses a comma/whitespace separated list of plain numbers (`viewBox`, `points`); nil on
    /// a syntax error.
    package static func parseNumberList(_ s: Substring) -> [Double]? {
        NumberScanner.numberList(s)
    }

    /// Parses a comma/whitespace separated list of lengths (`stroke-dasharray`); nil on error.
    package static func parseList(_ s: Substring) -> [Length]? {
        var out: [Length] = []
        var itemStart: Substring.Index?
        var pendingComma = false
        var i = s.startIndex
        while true {
            let atEnd = i == s.endIndex
            let c: Character = atEnd ? " " : s[i]
            let separator = c == "," || c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
            if separator, let start = itemStart {
                guard let l = parse(s[start..<i]) else { return nil }
                out.append(l)
                itemStart = nil
                pendingComma = false
            }
            if atEnd { break }
            if c == "," {
                if pendingComma || out.isEmpty { return nil }
                pendingComma = true
            } else if !separator, itemStart == nil {
                itemStart = i
            }
            i = s.index(after: i)
        }
        return pendingComma ? nil : out
    }
}
