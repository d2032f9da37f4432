import LaminaGeometry
import Testing

@testable import LaminaSVGImport

@Suite struct TransformListTests {
    static func close(_ a: AffineTransform?, _ b: AffineTransform) -> Bool {
        guard let a else { return false }
        return zip(a.elements, b.elements).allSatisfy { abs($0 - $1) < 1e-12 }
    }

    @Test(arguments: [
        ("matrix(1 2 3 4 5 6)", AffineTransform(1, 2, 3, 4, 5, 6)),
        ("matrix(1,2,3,4,5,6)", AffineTransform(1, 2, 3, 4, 5, 6)),
        ("translate(10)", AffineTransform.translation(10, 0)),
        ("translate(10, -5)", AffineTransform.translation(10, -5)),
        ("scale(2)", AffineTransform.scale(2, 2)),
        ("scale(2 3)", AffineTransform.scale(2, 3)),
        ("rotate(90)", AffineTransform(0, 1, -1, 0, 0, 0)),
        ("rotate(180)", AffineTransform(-1, 0, 0, -1, 0, 0)),
        ("rotate(90 10 10)", AffineTransform(0, 1, -1, 0, 20, 0)),
        ("skewX(45)", AffineTransform(1, 0, 1, 1, 0, 0)),
        ("skewY(45)", AffineTransform(1, 1, 0, 1, 0, 0)),
        ("", AffineTransform.identity),
        ("  none ", AffineTransform.identity),
        ("translate (5 6)", AffineTransform.translation(5, 6)),
        ("translate(1e1)", AffineTransform.translation(10, 0)),
    ])
    func parsesEachFunction(text: String, expected: AffineTransform) {
        #expect(Self.close(TransformList.parse(text[...]), expected), "\(text)")
    }

    @Test func listsApplyRightToLeft() throws {
        let t = try #require(TransformList.parse("translate(10,0) scale(2)"))
        #expect(t.apply(Point(1, 1)) == Point(12, 2))
        let commas = try #require(TransformList.parse("translate(10,0),scale(2)"))
        #expect(commas == t)
        let tight = try #require(TransformList.parse("translate(10,0)scale(2)"))
        #expect(tight == t)
        let r = try #require(TransformList.parse("rotate(90) translate(5)"))
        #expect(Self.close(AffineTransform(r.apply(Point(0, 0)).x, r.apply(Point(0, 0)).y, 0, 0, 0, 0), AffineTransform(0, 5, 0, 0, 0, 0)))
    }

    @Test(arguments: [
        "translate", "translate()", "translate(1 2 3)", "scale(1,2,3)", "rotate(1 2)", "matrix(1 2 3 4 5)",
        "skewX(1 2)", "foo(1)", "translate(1,)", "translate(1 2) ,", ", translate(1)", "translate(1 2", "translate(1 2))",
        "translate(1e400)", "scale(1e200) scale(1e200)", "skewX(90)", "translate(a)", "Translate(1)",
    ])
    func rejectsBadSyntaxAndNonFinite(text: String) {
        #expect(TransformList.parse(text[...]) == nil, "\(text)")
    }
}
