import LaminaCore
import LaminaGeometry

/// A `clip-path` that is a CSS basic shape or a geometry box (CSS Masking 1 §5.1, CSS Shapes 1
/// §3): `circle()`, `ellipse()`, `inset()`, `polygon()`, `path()`, optionally followed (or
/// preceded) by a reference box, or a reference box alone, which clips to that box.
///
/// The box an SVG element has: `fill-box` (its object bounding box; `content-box` and
/// `padding-box` map to it), `stroke-box` (the default, as `border-box` and `margin-box` map to
/// it: the fill box grown by half the stroke width) and `view-box` (the nearest viewport).
/// Lengths and percentages (`rem` and `calc()` too) resolve against that box once it is known
/// (``content(in:fontSize:rootFontSize:)``).
///
///     ClipShape.parse("circle(40% at left 20px) fill-box")
package struct ClipShape: Hashable, Sendable {
    package enum Box: Hashable, Sendable { case fill, stroke, view }

    /// A circle or ellipse radius.
    package enum Radius: Hashable, Sendable {
        case length(CSSCalc)
        case closestSide, farthestSide
    }

    package enum Kind: Hashable, Sendable {
        case circle(Radius, at: TransformOrigin)
        case ellipse(Radius, Radius, at: TransformOrigin)
        /// Offsets from the top, right, bottom and left edges, and a corner radius.
        case inset([CSSCalc], round: CSSCalc?)
        /// Points as (x, y) pairs of offsets from the box's corner.
        case polygon([CSSCalc], evenOdd: Bool)
        /// Path data in the box's coordinates (origin at its corner).
        case path(String, evenOdd: Bool)
        /// The reference box itself.
        case box
    }

    package var kind: Kind
    package var box: Box
    /// The value as written (trimmed), for markup that carries the property itself.
    package var text: String

    /// Parses a `clip-path` value that is not a `url()`; nil when it is not a basic shape or box.
    package static func parse(_ text: String) -> ClipShape? {
        var rest = Substring(text).trimmingCSSSpaces()
        var box: Box?
        var kind: Kind?
        while !rest.isEmpty {
            let end = rest.firstIndex { isCSSSpace($0) || $0 == "(" } ?? rest.endIndex
            if end < rest.endIndex, rest[end] == "(" {
                // The function, before or after the box; only one.
                guard kind == nil, let close = rest.lastIndex(of: ")"), close > end else { return nil }
                guard let k = function(rest[..<end].lowercased(), rest[rest.index(after: end)..<close]) else { return nil }
                kind = k
                rest = rest[rest.index(after: close)...].trimmingCSSSpaces()
                continue
            }
            // A box keyword: the only other word allowed.
            guard box == nil, let b = Self.box(rest[..<end].lowercased()) else { return nil }
            box = b
            rest = rest[end...].trimmingCSSSpaces()
        }
        guard kind != nil || box != nil else { return nil }
        return ClipShape(kind: kind ?? .box, box: box ?? .stroke, text: String(Substring(text).trimmingCSSSpaces()))
    }

    private static func box(_ word: String) -> Box? {
        switch word {
        case "fill-box", "content-box", "padding-box": .fill
        case "stroke-box", "border-box", "margin-box": .stroke
        case "view-box": .view
        default: nil
        }
    }

    private static func function(_ name: String, _ body: Substring) -> Kind? {
        switch name {
        case "circle", "ellipse":
            // `[radius…] [at position]`.
            guard let words = TransformOrigin.splitWords(body) else { return nil }
            let at = words.firstIndex { $0.lowercased() == "at" } ?? words.endIndex
            var position = TransformOrigin(x: Length(50, .percent), y: Length(50, .percent))
            if at < words.endIndex {
                guard let p = TransformOrigin.parse(words[(at + 1)...].joined(separator: " ")),
                    words.count - at - 1 <= 2
                else { return nil }
                position = p
            }
            var radii: [Radius] = []
            for w in words[..<at] {
                guard let r = radius(w) else { return nil }
                radii.append(r)
            }
            if name == "circle" {
                guard radii.count <= 1 else { return nil }
                return .circle(radii.first ?? .closestSide, at: position)
            }
            guard radii.count == 0 || radii.count == 2 else { return nil }
            return .ellipse(radii.first ?? .closestSide, radii.last ?? .closestSide, at: position)
        case "inset":
            guard let words = TransformOrigin.splitWords(body) else { return nil }
            let round = words.firstIndex { $0.lowercased() == "round" } ?? words.endIndex
            var offsets: [CSSCalc] = []
            for w in words[..<round] {
                guard let l = CSSCalc.parseAnyLength(w) else { return nil }
                offsets.append(l)
            }
            guard (1...4).contains(offsets.count) else { return nil }
            // CSS margin order: 1 → all, 2 → vertical horizontal, 3 → top horizontal bottom.
            let t = offsets[0]
            let r = offsets.count > 1 ? offsets[1] : t
            let b = offsets.count > 2 ? offsets[2] : t
            let l = offsets.count > 3 ? offsets[3] : r
            var radius: CSSCalc?
            if round < words.endIndex {
                // The first radius stands for every corner (per-corner and `/` radii are rare).
                guard round + 1 < words.endIndex, let first = nonNegative(words[round + 1]) else {
                    return nil
                }
                radius = first
            }
            return .inset([t, r, b, l], round: radius)
        case "polygon":
            var items = body.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCSSSpaces() }
            var evenOdd = false
            if let first = items.first?.lowercased(), first == "evenodd" || first == "nonzero" {
                evenOdd = first == "evenodd"
                items.removeFirst()
            }
            var coordinates: [CSSCalc] = []
            for item in items {
                guard let pair = TransformOrigin.splitWords(item), pair.count == 2,
                    let x = CSSCalc.parseAnyLength(pair[0]), let y = CSSCalc.parseAnyLength(pair[1])
                else { return nil }
                coordinates += [x, y]
            }
            guard coordinates.count >= 2 else { return nil }
            return .polygon(coordinates, evenOdd: evenOdd)
        case "path":
            var text = body.trimmingCSSSpaces()
            var evenOdd = false
            if let comma = text.firstIndex(of: ","), !text.hasPrefix("\""), !text.hasPrefix("'") {
                let rule = text[..<comma].trimmingCSSSpaces().lowercased()
                guard rule == "evenodd" || rule == "nonzero" else { return nil }
                evenOdd = rule == "evenodd"
                text = text[text.index(after: comma)...].trimmingCSSSpaces()
            }
            guard let q = text.first, q == "\"" || q == "'", text.count >= 2, text.last == q else { return nil }
            let d = String(text.dropFirst().dropLast())
            guard PathData.scanBounds(d).draws else { return nil }
            return .path(d, evenOdd: evenOdd)
        default:
            return nil
        }
    }

    private static func radius(_ word: Substring) -> Radius? {
        switch word.lowercased() {
        case "closest-side": return .closestSide
        case "farthest-side": return .farthestSide
        default: return nonNegative(word).map(Radius.length)
        }
    }

    /// A length that may not be negative (a radius): a negative `calc()` is valid and resolves
    /// to 0 (CSS Values 4 §10.12), a negative dimension is not.
    private static func nonNegative(_ word: Substring) -> CSSCalc? {
        if let l = Length.parse(word) { return l.value.isFinite && l.value >= 0 ? CSSCalc(l) : nil }
        return CSSCalc.parseNonNegative(word)
    }

    /// The clip's shape and its fill box in `ref`'s coordinates, with the content that draws it
    /// (`clip-rule` from a polygon's or path's fill rule); nil when the shape is empty, so that
    /// nothing shows.
    package func content(in ref: Rect, fontSize: Double, rootFontSize: Double) -> (content: Content, box: Rect)? {
        guard ref.width.isFinite, ref.height.isFinite, ref.x.isFinite, ref.y.isFinite else { return nil }
        let w = max(0, ref.width), h = max(0, ref.height)
        func x(_ l: CSSCalc) -> Double { l.resolve(percentBase: w, fontSize: fontSize, rootFontSize: rootFontSize) }
        func y(_ l: CSSCalc) -> Double { l.resolve(percentBase: h, fontSize: fontSize, rootFontSize: rootFontSize) }
        func nonNegative(_ l: CSSCalc, _ base: Double) -> Double {
            max(0, l.resolve(percentBase: base, fontSize: fontSize, rootFontSize: rootFontSize))
        }
        func center(_ p: TransformOrigin) -> Point { ref.origin + p.offset(in: Size(w, h), fontSize: fontSize, rootFontSize: rootFontSize) }
        var content: Content
        var box: Rect
        switch kind {
        case .box:
            guard w > 0, h > 0 else { return nil }
            content = Content(shape: .rect(x: ref.x, y: ref.y, width: w, height: h, rx: 0, ry: 0))
            box = Rect(ref.x, ref.y, w, h)
        case .circle(let radius, let at):
            let c = center(at)
            let sides = [abs(c.x - ref.x), abs(ref.x + w - c.x), abs(c.y - ref.y), abs(ref.y + h - c.y)]
            let r: Double
            switch radius {
            case .closestSide: r = sides.min() ?? 0
            case .farthestSide: r = sides.max() ?? 0
            case .length(let l): r = nonNegative(l, Size(w, h).normalizedDiagonal)
            }
            guard r > 0, r.isFinite else { return nil }
            content = Content(shape: .circle(cx: c.x, cy: c.y, r: r))
            box = Rect(c.x - r, c.y - r, 2 * r, 2 * r)
        case .ellipse(let rxSpec, let rySpec, let at):
            let c = center(at)
            let horizontal = [abs(c.x - ref.x), abs(ref.x + w - c.x)]
            let vertical = [abs(c.y - ref.y), abs(ref.y + h - c.y)]
            func resolve(_ r: Radius, _ sides: [Double], _ base: Double) -> Double {
                switch r {
                case .closestSide: sides.min() ?? 0
                case .farthestSide: sides.max() ?? 0
                case .length(let l): nonNegative(l, base)
                }
            }
            let rx = resolve(rxSpec, horizontal, w), ry = resolve(rySpec, vertical, h)
            guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { return nil }
            content = Content(shape: .ellipse(cx: c.x, cy: c.y, rx: rx, ry: ry))
            box = Rect(c.x - rx, c.y - ry, 2 * rx, 2 * ry)
        case .inset(let offsets, let round):
            let top = y(offsets[0]), right = x(offsets[1]), bottom = y(offsets[2]), left = x(offsets[3])
            let iw = w - left - right, ih = h - top - bottom
            guard iw > 0, ih > 0, iw.isFinite, ih.isFinite else { return nil }
            var rx = round.map(x) ?? 0, ry = round.map(y) ?? 0
            rx = min(max(0, rx), iw / 2)
            ry = min(max(0, ry), ih / 2)
            if rx == 0 || ry == 0 { (rx, ry) = (0, 0) }
            content = Content(shape: .rect(x: ref.x + left, y: ref.y + top, width: iw, height: ih, rx: rx, ry: ry))
            box = Rect(ref.x + left, ref.y + top, iw, ih)
        case .polygon(let coordinates, let evenOdd):
            var points: [Point] = []
            var i = 0
            while i + 1 < coordinates.count {
                points.append(Point(ref.x + x(coordinates[i]), ref.y + y(coordinates[i + 1])))
                i += 2
            }
            guard points.allSatisfy(\.isFinite) else { return nil }
            content = Content(shape: .polygon(points))
            if evenOdd { content.clipRule = "evenodd" }
            box = Rect.boundingBox(of: points)
        case .path(let d, let evenOdd):
            // The box's corner is the path's origin.
            let text = ref.x == 0 && ref.y == 0
                ? d : PathData.parse(d).path.transformed(by: Homography(.translation(ref.x, ref.y))).svgText()
            content = Content(shape: .path(text))
            if evenOdd { content.clipRule = "evenodd" }
            box = PathData.scanBounds(text).bounds
        }
        return (content, box)
    }
}
