/// An SVG `viewBox` with its `preserveAspectRatio`, and the mapping they define: read by the
/// importer to make a viewport's sublayerTransform, and by the writers to tell whether a root
/// still maps as its recorded viewBox says (``LayerTree/keepsRecordedViewBox(_:)``).
package struct ViewBox: Hashable, Sendable {
    package var rect: Rect
    package var aspect: AspectRatio

    package init(rect: Rect, aspect: AspectRatio) {
        self.rect = rect
        self.aspect = aspect
    }

    /// Parses `viewBox="x y w h"`; nil when absent, malformed, non-finite or not positive.
    package static func parse(_ text: String?) -> Rect? {
        guard let text, let n = NumberScanner.numberList(text[...]), n.count == 4,
            n.allSatisfy(\.isFinite), n[2] > 0, n[3] > 0
        else { return nil }
        return Rect(n[0], n[1], n[2], n[3])
    }

    /// The map from viewBox coordinates to a viewport of `size` at the origin (SVG §8.2).
    package func transform(into size: Size) -> AffineTransform {
        let sx = size.width / rect.width, sy = size.height / rect.height
        guard let align = aspect.align else {
            return AffineTransform(sx, 0, 0, sy, -rect.x * sx, -rect.y * sy)
        }
        let s = aspect.slice ? max(sx, sy) : min(sx, sy)
        var tx = -rect.x * s, ty = -rect.y * s
        let freeX = size.width - rect.width * s, freeY = size.height - rect.height * s
        tx += freeX * align.x / 2
        ty += freeY * align.y / 2
        return AffineTransform(s, 0, 0, s, tx, ty)
    }
}

/// `preserveAspectRatio`: an alignment (nil for `none`) and meet or slice.
package struct AspectRatio: Hashable, Sendable {
    /// 0, 1 or 2 per axis for min, mid, max; nil for `none`.
    package var align: (x: Double, y: Double)?
    package var slice: Bool

    package init(align: (x: Double, y: Double)?, slice: Bool) {
        self.align = align
        self.slice = slice
    }

    package static let standard = AspectRatio(align: (1, 1), slice: false)

    package static func == (l: AspectRatio, r: AspectRatio) -> Bool {
        l.align?.x == r.align?.x && l.align?.y == r.align?.y && l.slice == r.slice
    }

    package func hash(into h: inout Hasher) {
        h.combine(align?.x); h.combine(align?.y); h.combine(slice)
    }

    /// Parses `[defer] <align> [meet|slice]`; invalid text gives the default `xMidYMid meet`.
    package static func parse(_ text: String?) -> AspectRatio {
        guard let text else { return .standard }
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        if words.first == "defer" { words.removeFirst() }
        guard let first = words.first, words.count <= 2 else { return .standard }
        var slice = false
        if words.count == 2 {
            switch words[1] {
            case "meet": slice = false
            case "slice": slice = true
            default: return .standard
            }
        }
        if first == "none" { return AspectRatio(align: nil, slice: slice) }
        let names = ["Min": 0.0, "Mid": 1.0, "Max": 2.0]
        guard first.count == 8, first.hasPrefix("x"),
            let x = names[String(first.dropFirst().prefix(3))],
            first.dropFirst(4).hasPrefix("Y"),
            let y = names[String(first.dropFirst(5))]
        else { return .standard }
        return AspectRatio(align: (x, y), slice: slice)
    }
}
