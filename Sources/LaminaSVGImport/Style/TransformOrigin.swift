import LaminaCore

/// The `transform-origin` property (CSS Transforms 1 §6.1), a presentation attribute in SVG 2:
/// the point an element's `transform` turns about. A position of one or two of `left`,
/// `center`, `right`, `top`, `bottom` and lengths or percentages (`rem` and `calc()` too, as
/// Chromium reads them), and an optional z length (an SVG transform is 2D: ignored).
///
///     TransformOrigin.parse("right 10px")                 // x 100%, y 10px
///     TransformOrigin.parse("top")                        // x 50%, y 0%
///     TransformOrigin.parse("calc(50% - 1rem) 2rem")      // x 50% - 1rem, y 2rem
package struct TransformOrigin: Hashable, Sendable {
    /// The horizontal offset (its `%` of the reference box's width).
    package var x: CSSCalc
    /// The vertical offset (its `%` of the reference box's height).
    package var y: CSSCalc

    package init(x: CSSCalc, y: CSSCalc) {
        self.x = x
        self.y = y
    }

    package init(x: Length, y: Length) {
        self.init(x: CSSCalc(x), y: CSSCalc(y))
    }

    /// The origin's offset from a reference box's corner, for a box of `size`: `%` of its
    /// width and height, `em` of `fontSize`, `rem` of `rootFontSize`.
    func offset(in size: Size, fontSize: Double, rootFontSize: Double) -> Point {
        Point(
            x.resolve(percentBase: size.width, fontSize: fontSize, rootFontSize: rootFontSize),
            y.resolve(percentBase: size.height, fontSize: fontSize, rootFontSize: rootFontSize))
    }

    /// One component as written.
    private enum Word {
        case horizontal(CSSCalc), vertical(CSSCalc), center, length(CSSCalc)

        init?(_ w: Substring) {
            switch w.lowercased() {
            case "left": self = .horizontal(CSSCalc(percent: 0))
            case "right": self = .horizontal(CSSCalc(percent: 100))
            case "top": self = .vertical(CSSCalc(percent: 0))
            case "bottom": self = .vertical(CSSCalc(percent: 100))
            case "center": self = .center
            default:
                guard let l = CSSCalc.parseAnyLength(w) else { return nil }
                self = .length(l)
            }
        }

        /// The offset along x, when this word may stand there.
        var x: CSSCalc? {
            switch self {
            case .horizontal(let l), .length(let l): return l
            case .center: return CSSCalc(percent: 50)
            case .vertical: return nil
            }
        }

        /// The offset along y, when this word may stand there.
        var y: CSSCalc? {
            switch self {
            case .vertical(let l), .length(let l): return l
            case .center: return CSSCalc(percent: 50)
            case .horizontal: return nil
            }
        }

        var isKeyword: Bool {
            if case .length = self { return false }
            return true
        }
    }

    /// Parses the property's value; nil when it is not one (CSS then drops the declaration).
    package static func parse<S: StringProtocol>(_ text: S) -> TransformOrigin? where S.SubSequence == Substring {
        guard let parts = splitWords(Substring(text)), (1...3).contains(parts.count) else { return nil }
        var words: [Word] = []
        for p in parts {
            guard let w = Word(p) else { return nil }
            words.append(w)
        }
        if words.count == 3 {
            // The z offset: a length, not a percentage or keyword.
            guard case .length(let z) = words[2], z.percent == 0 else { return nil }
        }
        let a = words[0]
        guard words.count > 1 else {
            if case .vertical(let l) = a { return TransformOrigin(x: CSSCalc(percent: 50), y: l) }
            return a.x.map { TransformOrigin(x: $0, y: CSSCalc(percent: 50)) }
        }
        let b = words[1]
        if let x = a.x, let y = b.y { return TransformOrigin(x: x, y: y) }
        // Two keywords may come in either order (`top left`).
        if a.isKeyword, b.isKeyword, let x = b.x, let y = a.y { return TransformOrigin(x: x, y: y) }
        return nil
    }

    /// The value's words, split at whitespace outside parentheses (a `calc()` holds spaces);
    /// nil for unbalanced parentheses.
    static func splitWords(_ text: Substring) -> [Substring]? {
        var out: [Substring] = []
        var depth = 0
        var start: Substring.Index?
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if depth == 0, isCSSSpace(c) {
                if let s = start { out.append(text[s..<i]) }
                start = nil
            } else {
                if start == nil { start = i }
                if c == "(" { depth += 1 }
                if c == ")" {
                    depth -= 1
                    if depth < 0 { return nil }
                }
            }
            i = text.index(after: i)
        }
        if let s = start { out.append(text[s...]) }
        return depth == 0 ? out : nil
    }
}

extension CSSCalc {
    /// A plain length: px (absolute units converted at 96 dpi), `em`, `ex` or `%`.
    init(_ l: Length) {
        self.init()
        switch l.unit {
        case .percent: percent = l.value
        case .em: em = l.value
        case .ex: ex = l.value
        default: px = l.resolve(percentBase: 0, fontSize: 0)
        }
    }
}
