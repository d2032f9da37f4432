/// A 2D affine transform in CGAffineTransform / SVG `matrix(a,b,c,d,e,f)` order.
///
/// A point maps as `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (row vector times matrix).
public struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    public static let identity = AffineTransform(1, 0, 0, 1, 0, 0)

    public static func translation(_ x: Double, _ y: Double) -> AffineTransform { AffineTransform(1, 0, 0, 1, x, y) }
    public static func scale(_ x: Double, _ y: Double) -> AffineTransform { AffineTransform(x, 0, 0, y, 0, 0) }
    /// A rotation by `angle` radians (+angle turns +x toward +y).
    public static func rotation(_ angle: Double) -> AffineTransform {
        let c = cosine(angle), s = sine(angle)
        return AffineTransform(c, s, -s, c, 0, 0)
    }

    public var isIdentity: Bool { self == .identity }
    public var determinant: Double { a * d - b * c }
    /// The transform without its translation.
    public var linear: AffineTransform { AffineTransform(a, b, c, d, 0, 0) }
    public var elements: [Double] { [a, b, c, d, tx, ty] }

    /// `self` first, then `other` (CGAffineTransformConcat(self, other)).
    public func concatenating(_ o: AffineTransform) -> AffineTransform {
        AffineTransform(
            a * o.a + b * o.c, a * o.b + b * o.d,
            c * o.a + d * o.c, c * o.b + d * o.d,
            tx * o.a + ty * o.c + o.tx, tx * o.b + ty * o.d + o.ty)
    }

    /// `self` about the point (x, y) instead of the origin: `translate(-x, -y)`, `self`, then
    /// `translate(x, y)` (SVG's `rotate(a x y)`, a `transform-origin`).
    public func turned(aboutX x: Double, y: Double) -> AffineTransform {
        AffineTransform.translation(-x, -y).concatenating(self).concatenating(.translation(x, y))
    }

    /// The inverse, or nil when the determinant is (nearly) zero or not finite.
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det.isFinite, abs(det) >= 1e-12 else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(ia, ib, ic, id, -(tx * ia + ty * ic), -(tx * ib + ty * id))
    }

    @inlinable
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// Maps a size as a vector without translation (CGSizeApplyAffineTransform).
    public func apply(_ s: Size) -> Size {
        Size(a * s.width + c * s.height, b * s.width + d * s.height)
    }

    /// The bounding box of the rectangle's four mapped corners: `Rect.boundingBox(of:
    /// r.corners.map(apply))`, the corners taken in the same order and bounded by the same
    /// `min`/`max` steps, without the two arrays (an allocation each: 600 instructions a call
    /// where the import bounds each group by its sublayers' frames). Inlined where it is called
    /// (the import's finalize pass, once a sublayer's frame): the call passed both values
    /// through memory and returned the box the same way, as much as the arithmetic.
    @inlinable @inline(__always)
    public func apply(_ r: Rect) -> Rect {
        if r.isNull { return r }
        let x0 = r.origin.x, y0 = r.origin.y, x1 = r.origin.x + r.size.width, y1 = r.origin.y + r.size.height
        var lx = Double.infinity, ly = Double.infinity, hx = -Double.infinity, hy = -Double.infinity
        func add(_ p: Point) {
            lx = Swift.min(lx, p.x); ly = Swift.min(ly, p.y)
            hx = Swift.max(hx, p.x); hy = Swift.max(hy, p.y)
        }
        add(apply(Point(x0, y0))); add(apply(Point(x1, y0))); add(apply(Point(x1, y1))); add(apply(Point(x0, y1)))
        return Rect(lx, ly, hx - lx, hy - ly)
    }
}
