import Testing

@testable import LaminaGeometry

/// `AffineTransform.apply(_: Rect)` bounds the four mapped corners as
/// `Rect.boundingBox(of: r.corners.map(apply))` does, bit for bit, without building the arrays.
@Suite struct AffineRectTests {
    static let maps: [AffineTransform] = [
        .identity,
        AffineTransform(2, 0, 0, 3, 5, -7),
        AffineTransform(0.8, 0.6, -0.6, 0.8, 1.5, 2.5),
        AffineTransform(-1, 0, 0, 1, -0.0, 0),
        AffineTransform(0, 0, 0, 0, 0, 0),
        AffineTransform(1e308, 0, 0, -1e308, 0, 0),
        AffineTransform(.nan, 0, 0, 1, 0, 0),
        AffineTransform(1, .infinity, 0, 1, 0, 0),
    ]

    static let rects: [Rect] = [
        Rect(0, 0, 10, 20), Rect(-3, 4, -5, -6), Rect(-0.0, -0.0, 0, 0), Rect(1, 2, .nan, 3),
        Rect(.infinity, 0, 1, 1), Rect(0, 0, .infinity, 1), .null, .zero,
    ]

    @Test(arguments: maps, rects)
    func boundsTheFourCornersAsTheBoundingBoxDoes(_ m: AffineTransform, _ r: Rect) {
        let expected = r.isNull ? r : Rect.boundingBox(of: r.corners.map(m.apply))
        let got = m.apply(r)
        #expect(
            [got.x, got.y, got.width, got.height].map(\.bitPattern)
                == [expected.x, expected.y, expected.width, expected.height].map(\.bitPattern))
    }
}
