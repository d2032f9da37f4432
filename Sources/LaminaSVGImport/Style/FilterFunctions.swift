import LaminaCore
import LaminaGeometry

/// CSS filter functions in the `filter` property (Filter Effects 1 §9: `blur()`,
/// `drop-shadow()`, `brightness()`, `contrast()`, `grayscale()`, `hue-rotate()`, `invert()`,
/// `opacity()`, `saturate()`, `sepia()`), written as an equivalent SVG `<filter>`: one
/// primitive per function, each taking the one before as its input, with the primitives and
/// regions resvg uses (the bounding box grown by 10 % on each side, by 50 % with a blur or a
/// shadow; colors in sRGB).
///
///     FilterFunctions.parse("blur(2px) grayscale(50%)")   // two functions
package enum FilterFunctions {
    /// One function with its arguments resolved as far as the document allows (lengths keep
    /// their units until the font size is known).
    package enum Function: Hashable, Sendable {
        case blur(Length)
        case dropShadow(color: ParsedColor?, dx: Length, dy: Length, blur: Length)
        case brightness(Double), contrast(Double), grayscale(Double), invert(Double)
        case opacity(Double), saturate(Double), sepia(Double)
        /// Degrees.
        case hueRotate(Double)
    }

    /// One item of a `filter` list (Filter Effects 1 §5: each applies to the result of the one
    /// before, as `CALayer.filters` do).
    package enum Item: Hashable, Sendable {
        /// `url(#id)`: a `<filter>` element of the document.
        case reference(String)
        /// Consecutive CSS filter functions, written as one generated `<filter>`.
        case functions([Function])
    }

    /// The functions of a list; nil when any is unknown or malformed, or the list holds a
    /// `url()` (then ``parseList(_:)`` reads it).
    package static func parse(_ text: String) -> [Function]? {
        guard let items = parseList(text), items.count == 1, case .functions(let functions) = items[0] else { return nil }
        return functions
    }

    /// The items of a `filter` value: `url()` references and CSS filter functions in any order
    /// (`url(#shadow) blur(2px)`, `url(#a) url(#b)`). Empty for `none` and for a list with a
    /// reference to another file (no filter is applied; the importer warns about external
    /// URLs); nil when an item is unknown or malformed (CSS drops the declaration).
    package static func parseList(_ text: String) -> [Item]? {
        var items: [Item] = []
        var run: [Function] = []
        var external = false
        var rest = Substring(text).trimmingCSSSpaces()
        if rest.lowercased() == "none" { return [] }
        while true {
            rest = rest.drop(while: isCSSSpace)
            if rest.isEmpty { break }
            if rest.prefix(4).lowercased() == "url(" {
                guard let close = rest.firstIndex(of: ")"), let (id, _) = ComputedStyle.reference(rest[...close]) else { return nil }
                if !run.isEmpty { items.append(.functions(run)) }
                run = []
                if let id { items.append(.reference(id)) } else { external = true }
                rest = rest[rest.index(after: close)...]
            } else {
                guard let f = nextFunction(&rest) else { return nil }
                run.append(f)
            }
        }
        if !run.isEmpty { items.append(.functions(run)) }
        return external ? [] : (items.isEmpty ? nil : items)
    }

    /// Reads the function at the start of `rest` and moves past it; nil when it is unknown or
    /// malformed.
    private static func nextFunction(_ rest: inout Substring) -> Function? {
        guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
        var closeIndex = close
        // A color function inside drop-shadow() nests one level of parentheses.
        let inner = rest[rest.index(after: open)..<close]
        if inner.contains("(") {
            guard let next = rest[rest.index(after: close)...].firstIndex(of: ")") else { return nil }
            closeIndex = next
        }
        let name = rest[..<open].lowercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
        let args = rest[rest.index(after: open)..<closeIndex]
        guard let f = function(name, args) else { return nil }
        rest = rest[rest.index(after: closeIndex)...]
        return f
    }

    private static func function(_ name: String, _ args: Substring) -> Function? {
        let a = args.trimmingCSSSpaces()
        switch name {
        case "blur":
            if a.isEmpty { return .blur(.zero) }
            guard let l = length(a), l.value >= 0 else { return nil }
            return .blur(l)
        case "drop-shadow":
            return dropShadow(a)
        case "hue-rotate":
            if a.isEmpty { return .hueRotate(0) }
            return angle(a).map { .hueRotate($0) }
        case "brightness", "contrast", "grayscale", "invert", "opacity", "saturate", "sepia":
            var v = 1.0
            if !a.isEmpty {
                guard let l = Length.parse(a), l.value.isFinite, l.value >= 0, l.unit == .none || l.unit == .percent else { return nil }
                v = l.unit == .percent ? l.value / 100 : l.value
            }
            switch name {
            case "brightness": return .brightness(v)
            case "contrast": return .contrast(v)
            case "grayscale": return .grayscale(min(v, 1))
            case "invert": return .invert(min(v, 1))
            case "opacity": return .opacity(min(v, 1))
            case "saturate": return .saturate(v)
            default: return .sepia(min(v, 1))
            }
        default:
            return nil
        }
    }

    /// A length: a number with a unit, or a plain number (as resvg and SVG attributes allow);
    /// no percentage.
    private static func length(_ s: Substring) -> Length? {
        guard let l = Length.parse(s), l.value.isFinite, l.unit != .percent else { return nil }
        return l
    }

    /// An angle in degrees: `deg`, `grad`, `rad`, `turn`, or a plain number.
    private static func angle(_ s: Substring) -> Double? {
        let lower = s.lowercased()
        for (unit, factor) in [("grad", 0.9), ("turn", 360.0), ("deg", 1.0), ("rad", 180 / Double.pi)] where lower.hasSuffix(unit) {
            guard let v = Double(lower.dropLast(unit.count)), v.isFinite else { return nil }
            return v * factor
        }
        guard let v = Double(lower), v.isFinite else { return nil }
        return v
    }

    /// `drop-shadow(<color>? <dx> <dy> <blur>?)`, the color before or after the lengths.
    private static func dropShadow(_ a: Substring) -> Function? {
        // Split at spaces outside parentheses (a color may be `rgb(1, 2, 3)`).
        var parts: [Substring] = []
        var depth = 0
        var start = a.startIndex
        for i in a.indices {
            let c = a[i]
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if depth == 0, isCSSSpace(c) {
                if start < i { parts.append(a[start..<i]) }
                start = a.index(after: i)
            }
        }
        if start < a.endIndex { parts.append(a[start...]) }
        var color: ParsedColor?
        var lengths: [Length] = []
        var colorLast = false
        for p in parts {
            if let l = length(p) {
                // No length after a color that followed lengths.
                guard !colorLast, lengths.count < 3 else { return nil }
                lengths.append(l)
            } else if color == nil, let c = ParsedColor.parse(p) {
                // Before the lengths or after all of them.
                guard lengths.isEmpty || lengths.count >= 2 else { return nil }
                color = c
                colorLast = !lengths.isEmpty
            } else {
                return nil
            }
        }
        guard lengths.count == 2 || lengths.count == 3 else { return nil }
        let blur = lengths.count == 3 ? lengths[2] : .zero
        guard blur.value >= 0 else { return nil }
        return .dropShadow(color: color, dx: lengths[0], dy: lengths[1], blur: blur)
    }

    /// Filter Effects 1's color matrices (rows of R, G, B weights) at full amount.
    static let gray: [Double] = [0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722]
    static let sepia: [Double] = [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131]
    /// `saturate(0)`: the luminance weights as the spec rounds them for saturate.
    static let luminance: [Double] = [0.213, 0.715, 0.072, 0.213, 0.715, 0.072, 0.213, 0.715, 0.072]

    /// The `feColorMatrix` values (20) of `m` (3×3) moved toward identity by `t` (0: `m`,
    /// 1: identity; above 1 past it, as `saturate()` needs).
    static func towardIdentity(_ m: [Double], _ t: Double) -> [Double] {
        var out: [Double] = []
        for row in 0..<3 {
            for col in 0..<3 { out.append(m[row * 3 + col] * (1 - t) + (row == col ? t : 0)) }
            out += [0, 0]
        }
        return out + [0, 0, 0, 1, 0]
    }

    /// The `<filter>` for `functions`: `em` lengths of `fontSize`; `currentColor` and a
    /// shadow without a color take `color`.
    package static func markup(id: String, _ functions: [Function], fontSize: Double, color: ParsedColor) -> String {
        func px(_ l: Length) -> Double { l.resolve(percentBase: 0, fontSize: fontSize) }
        func n(_ v: Double) -> String { NumberText.format(v) }
        let wide = functions.contains { if case .blur = $0 { return true }; if case .dropShadow = $0 { return true }; return false }
        let (at, size) = wide ? ("-0.5", "2") : ("-0.1", "1.2")
        var out = "<filter id=\"\(MarkupText.attribute(id))\" x=\"\(at)\" y=\"\(at)\" width=\"\(size)\" height=\"\(size)\" color-interpolation-filters=\"sRGB\">"
        func transfer(_ funcs: [(String, String)]) -> String {
            "<feComponentTransfer>" + funcs.map { "<\($0.0) \($0.1)/>" }.joined() + "</feComponentTransfer>"
        }
        func matrix(_ v: [Double]) -> String { "<feColorMatrix type=\"matrix\" values=\"\(v.map(n).joined(separator: " "))\"/>" }
        for f in functions {
            switch f {
            case .blur(let l):
                out += "<feGaussianBlur stdDeviation=\"\(n(max(0, px(l))))\"/>"
            case .dropShadow(let c, let dx, let dy, let blur):
                var shade = c ?? color
                if shade == .currentColor { shade = color }
                var opacity = 1.0
                if case .rgba(let r, let g, let b, let a) = shade {
                    opacity = a
                    shade = .rgba(r: r, g: g, b: b, a: 1)
                }
                out += "<feDropShadow dx=\"\(n(px(dx)))\" dy=\"\(n(px(dy)))\" stdDeviation=\"\(n(max(0, px(blur))))\" flood-color=\"\(shade.cssText)\""
                if opacity < 1 { out += " flood-opacity=\"\(n(opacity))\"" }
                out += "/>"
            case .brightness(let a):
                let s = "type=\"linear\" slope=\"\(n(a))\""
                out += transfer([("feFuncR", s), ("feFuncG", s), ("feFuncB", s)])
            case .contrast(let a):
                let s = "type=\"linear\" slope=\"\(n(a))\" intercept=\"\(n(0.5 - 0.5 * a))\""
                out += transfer([("feFuncR", s), ("feFuncG", s), ("feFuncB", s)])
            case .invert(let a):
                let s = "type=\"table\" tableValues=\"\(n(a)) \(n(1 - a))\""
                out += transfer([("feFuncR", s), ("feFuncG", s), ("feFuncB", s)])
            case .opacity(let a):
                out += transfer([("feFuncA", "type=\"table\" tableValues=\"0 \(n(a))\"")])
            case .saturate(let a):
                // As a matrix: `type="saturate"` values above 1 are clamped by some renderers.
                out += matrix(towardIdentity(luminance, a))
            case .hueRotate(let d):
                out += "<feColorMatrix type=\"hueRotate\" values=\"\(n(d))\"/>"
            case .grayscale(let a):
                out += matrix(towardIdentity(gray, 1 - a))
            case .sepia(let a):
                out += matrix(towardIdentity(sepia, 1 - a))
            }
        }
        return out + "</filter>"
    }
}
