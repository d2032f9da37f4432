import LaminaGeometry

extension ParsedColor {
    /// One argument of a color function: a number with an optional `%` or angle unit.
    private struct Argument {
        var value: Double
        var unit: Substring
    }

    /// `rgb(…)`, `rgba(…)`, `hsl(…)`, `hsla(…)` after the name's `(`.
    static func function(name: Substring, body: Substring) -> ParsedColor? {
        let kind = name.lowercased()
        guard kind == "rgb" || kind == "rgba" || kind == "hsl" || kind == "hsla" else { return nil }
        guard let close = body.lastIndex(of: ")"), body[body.index(after: close)...].trimmingCSSSpaces().isEmpty
        else { return nil }
        let inside = body[body.startIndex..<close]
        guard let (args, alpha) = arguments(inside), args.count == 3 else { return nil }
        var a = 1.0
        if let alpha {
            a = alpha.unit == "%" ? alpha.value / 100 : alpha.value
            guard alpha.unit.isEmpty || alpha.unit == "%" else { return nil }
            a = min(1, max(0, a))
        }
        // Legacy comma syntax: rgb channels all numbers or all percentages, hsl needs percentages.
        let legacy = inside.contains(",")
        if kind.hasPrefix("rgb") {
            if legacy, args[0].unit != args[1].unit || args[1].unit != args[2].unit { return nil }
            var channels: [UInt8] = []
            for arg in args {
                let v: Double
                switch arg.unit {
                case "": v = arg.value
                case "%": v = arg.value * 255 / 100
                default: return nil
                }
                channels.append(UInt8(min(255, max(0, v)).rounded()))
            }
            return .rgba(r: channels[0], g: channels[1], b: channels[2], a: a)
        }
        guard let hue = degrees(args[0]) else { return nil }
        if legacy, args[1].unit != "%" || args[2].unit != "%" { return nil }
        guard args[1].unit.isEmpty || args[1].unit == "%", args[2].unit.isEmpty || args[2].unit == "%" else { return nil }
        let sat = min(100, max(0, args[1].value)) / 100, light = min(100, max(0, args[2].value)) / 100
        let (r, g, b) = hslToRGB(hue, sat, light)
        return .rgba(r: r, g: g, b: b, a: a)
    }

    private static func degrees(_ arg: Argument) -> Double? {
        switch arg.unit.lowercased() {
        case "", "deg": return arg.value
        case "rad": return arg.value * 180 / Double.pi
        case "grad": return arg.value * 0.9
        case "turn": return arg.value * 360
        default: return nil
        }
    }

    /// HSL (hue in degrees, saturation and lightness 0…1) to sRGB bytes (CSS Color 4 §7.1).
    static func hslToRGB(_ hue: Double, _ s: Double, _ l: Double) -> (UInt8, UInt8, UInt8) {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func f(_ n: Double) -> UInt8 {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            let v = l - a * max(-1, min(k - 3, 9 - k, 1))
            return UInt8(min(255, max(0, (v * 255).rounded())))
        }
        return (f(0), f(8), f(4))
    }

    /// Splits the function body into its three components and optional alpha. Legacy syntax
    /// separates all by commas; modern syntax by spaces with `/` before alpha.
    private static func arguments(_ text: Substring) -> ([Argument], Argument?)? {
        let hasComma = text.contains(",")
        var tokens: [Substring] = []
        var slashAt: Int?
        var i = text.startIndex
        var pieceStart: Substring.Index?
        func flush(_ end: Substring.Index) {
            if let s = pieceStart { tokens.append(text[s..<end]) }
            pieceStart = nil
        }
        while i < text.endIndex {
            let c = text[i]
            if c == "," {
                guard hasComma else { return nil }
                flush(i)
                guard let last = tokens.last, last != "," else { return nil }
                tokens.append(",")
            } else if c == "/" {
                guard !hasComma, slashAt == nil else { return nil }
                flush(i)
                slashAt = tokens.count
            } else if isCSSSpace(c) {
                flush(i)
            } else if pieceStart == nil {
                pieceStart = i
            }
            i = text.index(after: i)
        }
        flush(text.endIndex)
        var values: [Substring] = []
        if hasComma {
            // Expect v , v , v [, v]
            for (k, t) in tokens.enumerated() {
                if k % 2 == 1 {
                    guard t == "," else { return nil }
                } else {
                    guard t != "," else { return nil }
                    values.append(t)
                }
            }
            guard tokens.count % 2 == 1 else { return nil }
        } else {
            values = tokens
        }
        var parsed: [Argument] = []
        for v in values {
            guard let arg = argument(v) else { return nil }
            parsed.append(arg)
        }
        if let slashAt {
            guard slashAt == 3, parsed.count == 4 else { return nil }
            return (Array(parsed[0..<3]), parsed[3])
        }
        if parsed.count == 4, hasComma { return (Array(parsed[0..<3]), parsed[3]) }
        guard parsed.count == 3 else { return nil }
        return (parsed, nil)
    }

    private static func argument(_ token: Substring) -> Argument? {
        if token.lowercased() == "none" { return Argument(value: 0, unit: "") }
        return NumberScanner.scan(token) { s -> Argument? in
            guard let v = s.number() else { return nil }
            let unitStart = token.utf8.index(token.startIndex, offsetBy: s.index)
            let unit = token[unitStart...]
            for c in unit.utf8 where !(c == UInt8(ascii: "%") || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z"))) {
                return nil
            }
            return Argument(value: v, unit: unit)
        }
    }
}
