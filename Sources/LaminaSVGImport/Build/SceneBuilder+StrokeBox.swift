import LaminaCore

/// How far a shape's stroke bounding box (`stroke-box`, `border-box`) reaches past its fill
/// box on each side.
struct StrokeBoxOutsets: Hashable, Sendable {
    var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0

    init() {}

    /// The same reach on every side.
    init(uniform d: Double) {
        (left, top, right, bottom) = (d, d, d, d)
    }

    /// The reach of `stroke` past `fill`.
    init(fill: Rect, stroke: Rect) {
        left = fill.minX - stroke.minX
        top = fill.minY - stroke.minY
        right = stroke.maxX - fill.maxX
        bottom = stroke.maxY - fill.maxY
    }

    /// `r` grown by the outsets.
    func grow(_ r: Rect) -> Rect {
        Rect(r.x - left, r.y - top, r.width + left + right, r.height + top + bottom)
    }
}

extension SceneBuilder {
    /// The stroke box of `shape` drawn with `stroke`, as outsets of its fill box: half the
    /// stroke width on every side for a `rect`, `circle` or `ellipse` (exact: a rect's miters
    /// are square), and for a line, polyline, polygon or path the bounds of the stroked
    /// outline, miters within the limit, round joins and caps and square caps included, as
    /// Chromium bounds it (a 20 px polyline turning back at 37° reaches 31.3 px past its
    /// corner with a miter, where 10 px was taken before). Computed only where the stroke box
    /// is used.
    static func strokeBoxOutsets(_ shape: Shape?, _ stroke: StrokeOutline?) -> StrokeBoxOutsets {
        guard let stroke, stroke.width > 0 else { return StrokeBoxOutsets() }
        let half = stroke.width / 2
        let segments: [PathSegment]
        switch shape {
        case .line(let x1, let y1, let x2, let y2)?:
            segments = [.moveTo(Point(x1, y1)), .lineTo(Point(x2, y2))]
        case .polyline(let points)?, .polygon(let points)?:
            guard let first = points.first else { return StrokeBoxOutsets(uniform: half) }
            segments = [.moveTo(first)] + points.dropFirst().map { .lineTo($0) } + (shape.map(isPolygon) == true ? [.close] : [])
        case .path(let d)?:
            segments = PathData.parse(d).path.flattenedToCubics()
        default:
            return StrokeBoxOutsets(uniform: half)
        }
        let (outline, fill) = PathData.strokeBounds(of: segments, stroke)
        let finite = [outline.x, outline.y, outline.width, outline.height, fill.x, fill.y, fill.width, fill.height].allSatisfy(\.isFinite)
        guard !outline.isNull, !fill.isNull, finite else { return StrokeBoxOutsets(uniform: half) }
        return StrokeBoxOutsets(fill: fill, stroke: outline)
    }

    /// The stroke `style` draws (nil without one): its width, caps, joins and miter limit.
    static func strokeOutline(_ style: ComputedStyle, viewport: Size) -> StrokeOutline? {
        let half = strokeOutset(style, viewport: viewport)
        guard half > 0 else { return nil }
        return StrokeOutline(
            width: 2 * half, cap: cap(style.strokeLinecap), join: join(style.strokeLinejoin), miterLimit: style.strokeMiterlimit)
    }

    private static func isPolygon(_ shape: Shape) -> Bool {
        if case .polygon = shape { return true }
        return false
    }

    private static func cap(_ keyword: String) -> StrokeOutline.Cap {
        switch keyword {
        case "round": .round
        case "square": .square
        default: .butt
        }
    }

    /// `miter-clip` and `arcs`, which Chromium does not draw, as `miter`.
    private static func join(_ keyword: String) -> StrokeOutline.Join {
        switch keyword {
        case "round": .round
        case "bevel": .bevel
        default: .miter
        }
    }
}
