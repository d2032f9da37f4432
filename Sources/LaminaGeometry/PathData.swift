/// One absolute segment of SVG path data.
public enum PathSegment: Hashable, Sendable {
    /// Starts a subpath at a point.
    case moveTo(Point)
    /// A straight line to a point.
    case lineTo(Point)
    /// A quadratic Bézier: control point, end point.
    case quadTo(Point, Point)
    /// A cubic Bézier: first control, second control, end point.
    case cubicTo(Point, Point, Point)
    /// An elliptical arc as written in SVG (radii non-negative, rotation in degrees).
    case arcTo(rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool, to: Point)
    /// Closes the subpath; the current point returns to the subpath's start.
    case close
}

/// SVG path data as absolute segments.
///
/// `H`, `V`, `S`, `T` and implicit repeated commands are expanded and relative coordinates
/// resolved, so every segment stands alone:
///
///     PathData.parse("m10 20 h5 v5 z").path.svgText() // "M10 20L15 20L15 25Z"
public struct PathData: Hashable, Sendable {
    /// The segments in order.
    public var segments: [PathSegment]

    /// A path made of the given segments.
    public init(segments: [PathSegment] = []) {
        self.segments = segments
    }

    /// Where and why path data stopped parsing.
    public struct ParseError: Hashable, Sendable {
        /// The byte offset in the `d` text of the segment that could not be read.
        public var offset: Int
        /// What was wrong, in lower case without a final period.
        public var message: String

        /// An error at `offset`.
        public init(offset: Int, message: String) {
            self.offset = offset
            self.message = message
        }
    }

    /// True when there are no segments.
    public var isEmpty: Bool { segments.isEmpty }
}
