import LaminaGeometry
import Testing

@Suite struct Transform3DTests {
    @Test func inverseUndoesAPerspectiveRotation() throws {
        let t = Transform3D.rotation(0.7, 0, 1, 0).concatenating(.translation(3, -4, 5))
            .concatenating(Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                       m31: 0, m32: 0, m33: 1, m34: -0.002, m41: 0, m42: 0, m43: 0, m44: 1))
        let inv = try #require(t.inverted())
        let product = t.concatenating(inv)
        for (got, want) in zip(product.elements, Transform3D.identity.elements) {
            #expect(abs(got - want) < 1e-12)
        }
    }

    @Test func singularMatrixHasNoInverse() {
        #expect(Transform3D.scale(0, 1, 1).inverted() == nil)
        #expect(Transform3D.scale(1e-5, 1e-5, 1e-5).inverted() == nil)
        var nan = Transform3D.identity
        nan.m41 = .nan
        #expect(nan.inverted() == nil)
    }

    @Test func affineReportsIdentityWhenNotAffine() {
        #expect(Transform3D.scale(2, 3, 4).affineTransform == .identity)
        #expect(Transform3D.scale(2, 3, 1).affineTransform == AffineTransform(2, 0, 0, 3, 0, 0))
    }
}

@Suite struct HomographyTests {
    @Test func singularHomographyHasNoInverse() {
        let h = Homography(AffineTransform(0, 0, 0, 1, 5, 5))
        #expect(h.inverted() == nil)
        #expect(h.inverted(minimumDeterminant: 0) == nil)
    }

    @Test func smallButRegularScaleInvertsWithZeroMinimum() throws {
        let h = Homography(AffineTransform.scale(1e-7, 1e-7))
        #expect(h.inverted() == nil)
        let inv = try #require(h.inverted(minimumDeterminant: 0))
        let p = try #require(inv.apply(Point(1e-7, 2e-7)))
        #expect(abs(p.x - 1) < 1e-9 && abs(p.y - 2) < 1e-9)
    }

    @Test func projectiveMapDividesByW() throws {
        let h = Homography(flattening: Transform3D(
            m11: 1, m12: 0, m13: 0, m14: 0.05, m21: 0, m22: 1, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1))
        let p = try #require(h.apply(Point(10, 0)))
        #expect(abs(p.x - 20.0 / 3) < 1e-12 && p.y == 0)
        #expect(h.apply(Point(-20, 0)) == nil)
    }
}
