import LaminaCore

/// The `transform-origin` property (CSS Transforms 1 §6.1), a presentation attribute in SVG 2:
/// the point an element's `transform` turns about. A position of one or two of `left`,
/// `center`, `right`, `top`, `bottom` and lengths or percentages, and an optional z length
/// (an SVG transform is 2D: ignored).
///
///     TransformOrigin.parse("right 10px")  // x 100%, y 10px
///     TransformOrigin.parse("top")         // x 50%, y 0%
package struct TransformOrigin: Hashable, Sendable {
    /// The horizontal offset (a percentage of the reference box's width).
    package var x: Length
    /// The vertical offset (a percentage of the reference box's height).
    package var y: Length

    package init(x: Length, y: Length) {
        self.x = x
        self.y = y
    }

    /// One component as written.
    private enum Word {
        case horizontal(Length), vertical(Length), center, length(Length)

        init?(_ w: Substring) {
            switch w.lowercased() {
            case "left": self = .horizontal(Length(0, .percent))
            case "right": self = .horizontal(Length(100, .percent))
            case "top": self = .vertical(Length(0, .percent))
            case "bottom": self = .vertical(Length(100, .percent))
            case "center": self = .center
            default:
                guard let l = Length.parse(w), l.value.isFinite else { return nil }
                self = .length(l)
            }
        }

        /// The offset along x, when this word may stand there.
        var x: Length? {
            switch self {
            case .horizontal(let l), .length(let l): return l
            case .center: return Length(50, .percent)
            case .vertical: return nil
            }
        }

        /// The offset along y, when this word may stand there.
        var y: Length? {
            switch self {
            case .vertical(let l), .length(let l): return l
            case .center: return Length(50, .percent)
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
        let parts = text.split(whereSeparator: isCSSSpace)
        guard (1...3).contains(parts.count) else { return nil }
        var words: [Word] = []
        for p in parts {
            guard let w = Word(p) else { return nil }
            words.append(w)
        }
        if words.count == 3 {
            // The z offset: a length, not a percentage or keyword.
            guard case .length(let z) = words[2], z.unit != .percent else { return nil }
        }
        let a = words[0]
        guard words.count > 1 else {
            if case .vertical(let l) = a { return TransformOrigin(x: Length(50, .percent), y: l) }
            return a.x.map { TransformOrigin(x: $0, y: Length(50, .percent)) }
        }
        let b = words[1]
        if let x = a.x, let y = b.y { return TransformOrigin(x: x, y: y) }
        // Two keywords may come in either order (`top left`).
        if a.isKeyword, b.isKeyword, let x = b.x, let y = a.y { return TransformOrigin(x: x, y: y) }
        return nil
    }
}
