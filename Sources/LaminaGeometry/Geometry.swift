/// A point in a two-dimensional coordinate space (y grows downward, as on iOS).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(0, 0)

    /// Both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The point whose coordinates are both NaN: the answer of a conversion that has none.
    public static let notANumber = Point(.nan, .nan)

    public static func + (l: Point, r: Point) -> Point { Point(l.x + r.x, l.y + r.y) }
    public static func - (l: Point, r: Point) -> Point { Point(l.x - r.x, l.y - r.y) }
}

/// A width and a height.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// √((w² + h²) / 2): what SVG percentages of lengths that are neither horizontal nor
    /// vertical (stroke width, a circle's radius) are taken of.
    public var normalizedDiagonal: Double { ((width * width + height * height) / 2).squareRoot() }

    public static let zero = Size(0, 0)
}

/// An origin and a size, with CGRect semantics (negative sizes allowed until standardized).
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.origin = Point(x, y)
        self.size = Size(width, height)
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(x, y, width, height)
    }

    public static let zero = Rect(0, 0, 0, 0)

    /// `CGRectInfinite`: origin −8.98847e307, size 1.79769e308.
    public static let infinite = Rect(
        -Double.greatestFiniteMagnitude / 2, -Double.greatestFiniteMagnitude / 2,
        Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)

    /// `CGRectNull`: the empty result of intersecting disjoint rectangles.
    public static let null = Rect(.infinity, .infinity, 0, 0)

    public var isInfinite: Bool { self == Rect.infinite }
    @inlinable
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
    /// A null rect or one whose standardized width or height is zero.
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }

    @inlinable
    public var minX: Double { min(origin.x, origin.x + size.width) }
    @inlinable
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var midX: Double { origin.x + size.width / 2 }
    @inlinable
    public var minY: Double { min(origin.y, origin.y + size.height) }
    @inlinable
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midY: Double { origin.y + size.height / 2 }

    /// The same rectangle with a non-negative width and height.
    @inlinable
    public var standardized: Rect {
        if isNull { return self }
        return Rect(minX, minY, abs(size.width), abs(size.height))
    }

    /// The four corners, clockwise on a y-down screen starting at the origin:
    /// (x, y), (x + w, y), (x + w, y + h), (x, y + h).
    public var corners: [Point] {
        [
            origin, Point(origin.x + size.width, origin.y),
            Point(origin.x + size.width, origin.y + size.height), Point(origin.x, origin.y + size.height),
        ]
    }

    /// `CGRectContainsPoint`: min edges inside, max edges outside, an empty rect contains nothing.
    public func contains(_ p: Point) -> Bool {
        if isEmpty { return false }
        return p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The smallest rectangle holding both; a null rect is the identity. Inlinable (with the
    /// edges it reads), so that a caller bounding many rectangles (a group's bounds over its
    /// sublayers' frames) does not pass two of them through memory for each.
    @inlinable
    public func union(_ other: Rect) -> Rect {
        if isNull { return other.standardized }
        if other.isNull { return standardized }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The common part, or `Rect.null` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The bounding box of an array of points (`Rect.null` for none): the generic
    /// ``boundingBox(of:)-(S)`` without its witness calls, which other modules cannot specialize.
    public static func boundingBox(of points: [Point]) -> Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in points {
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y)
            x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        return points.isEmpty ? .null : Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The bounding box of a list of points (`Rect.null` for none).
    public static func boundingBox<S: Sequence>(of points: S) -> Rect where S.Element == Point {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var any = false
        for p in points {
            any = true
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y)
            x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        return any ? Rect(x0, y0, x1 - x0, y1 - y0) : .null
    }
}
