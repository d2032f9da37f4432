#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LaminaGeometry

extension ParsedColor {
    /// One argument of a color function: a number with an optional `%` or angle unit.
    private struct Argument {
        var value: Double
        var unit: Substring
    }

    /// `rgb(…)`, `rgba(…)`, `hsl(…)`, `hsla(…)`, and CSS Color 4's `hwb(…)`, `lab(…)`,
    /// `lch(…)`, `oklab(…)`, `oklch(…)` (space-separated, out-of-gamut colors clipped per
    /// channel), after the name's `(`.
    static func function(name: Substring, body: Substring) -> ParsedColor? {
        let kind = name.lowercased()
        let modern: Set<String> = ["hwb", "lab", "lch", "oklab", "oklch"]
        guard kind == "rgb" || kind == "rgba" || kind == "hsl" || kind == "hsla" || modern.contains(kind) else { return nil }
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
        if modern.contains(kind) {
            guard !legacy, let (r, g, b) = modernColor(kind, args) else { return nil }
            return .rgba(r: r, g: g, b: b, a: a)
        }
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

    /// The sRGB bytes of a CSS Color 4 color: `hwb(H W B)`, `lab(L a b)`, `lch(L C H)`,
    /// `oklab(L a b)`, `oklch(L C H)` (CSS Color 4 §8–9, with its conversion matrices).
    private static func modernColor(_ kind: String, _ args: [Argument]) -> (UInt8, UInt8, UInt8)? {
        /// A number, or a percentage of `hundred`.
        func scalar(_ arg: Argument, _ hundred: Double) -> Double? {
            switch arg.unit {
            case "": return arg.value
            case "%": return arg.value * hundred / 100
            default: return nil
            }
        }
        func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, (v * 255).rounded()))) }
        switch kind {
        case "hwb":
            guard let hue = degrees(args[0]), let w0 = scalar(args[1], 100), let b0 = scalar(args[2], 100) else { return nil }
            let w = min(100, max(0, w0)) / 100, b = min(100, max(0, b0)) / 100
            if w + b >= 1 {
                let gray = byte(w / (w + b))
                return (gray, gray, gray)
            }
            let (r, g, bl) = hslToRGB(hue, 1, 0.5)
            func mix(_ c: UInt8) -> UInt8 { byte(Double(c) / 255 * (1 - w - b) + w) }
            return (mix(r), mix(g), mix(bl))
        case "lab", "lch":
            guard let l = scalar(args[0], 100) else { return nil }
            var a: Double, bb: Double
            if kind == "lab" {
                guard let a0 = scalar(args[1], 125), let b0 = scalar(args[2], 125) else { return nil }
                (a, bb) = (a0, b0)
            } else {
                guard let c = scalar(args[1], 150), let h = degrees(args[2]) else { return nil }
                let rad = h * Double.pi / 180
                (a, bb) = (max(0, c) * cos(rad), max(0, c) * sin(rad))
            }
            let rgb = labToLinearSRGB(min(100, max(0, l)), a, bb)
            return (byte(gamma(rgb.0)), byte(gamma(rgb.1)), byte(gamma(rgb.2)))
        default:  // oklab, oklch
            guard let l = scalar(args[0], 1) else { return nil }
            var a: Double, bb: Double
            if kind == "oklab" {
                guard let a0 = scalar(args[1], 0.4), let b0 = scalar(args[2], 0.4) else { return nil }
                (a, bb) = (a0, b0)
            } else {
                guard let c = scalar(args[1], 0.4), let h = degrees(args[2]) else { return nil }
                let rad = h * Double.pi / 180
                (a, bb) = (max(0, c) * cos(rad), max(0, c) * sin(rad))
            }
            let L = min(1, max(0, l))
            let l3 = pow(L + 0.3963377774 * a + 0.2158037573 * bb, 3)
            let m3 = pow(L - 0.1055613458 * a - 0.0638541728 * bb, 3)
            let s3 = pow(L - 0.0894841775 * a - 1.2914855480 * bb, 3)
            let r = 4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3
            let g = -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3
            let b = -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3
            return (byte(gamma(r)), byte(gamma(g)), byte(gamma(b)))
        }
    }

    /// CIE Lab (D50) to linear sRGB: Lab → XYZ D50 → Bradford → XYZ D65 → sRGB.
    private static func labToLinearSRGB(_ l: Double, _ a: Double, _ b: Double) -> (Double, Double, Double) {
        let kappa = 24389.0 / 27, epsilon = 216.0 / 24389
        let f1 = (l + 16) / 116, f0 = a / 500 + f1, f2 = f1 - b / 200
        let x = pow(f0, 3) > epsilon ? pow(f0, 3) : (116 * f0 - 16) / kappa
        let y = l > kappa * epsilon ? pow(f1, 3) : l / kappa
        let z = pow(f2, 3) > epsilon ? pow(f2, 3) : (116 * f2 - 16) / kappa
        let X = x * 0.3457 / 0.3585, Y = y, Z = z * (1 - 0.3457 - 0.3585) / 0.3585
        let x65 = 0.955473421488075 * X - 0.02309845494876471 * Y + 0.06325924320057072 * Z
        let y65 = -0.0283697093338637 * X + 1.0099953980813041 * Y + 0.021041441191917323 * Z
        let z65 = 0.012314014864481998 * X - 0.020507649298898964 * Y + 1.330365926242124 * Z
        return (
            3.2409699419045226 * x65 - 1.537383177570094 * y65 - 0.4986107602930034 * z65,
            -0.9692436362808796 * x65 + 1.8759675015077202 * y65 + 0.04155505740717559 * z65,
            0.05563007969699366 * x65 - 0.20397695888897652 * y65 + 1.0569715142428786 * z65
        )
    }

    /// Linear-light sRGB to gamma-encoded (sign kept, as CSS Color 4 does).
    private static func gamma(_ v: Double) -> Double {
        let m = abs(v)
        let e = m <= 0.0031308 ? 12.92 * m : 1.055 * pow(m, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
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
