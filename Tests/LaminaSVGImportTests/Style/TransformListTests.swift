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

    /// A name is told from its first four bytes, then the rest and the byte after it: a name a
    /// letter short or long, or in another case, is none of the six, at the end of the text too.
    @Test(arguments: [
        "translat(1)", "translatee(1)", "translateX(1)", "rotat(1)", "rotatex(1)", "matri(1 2 3 4 5 6)",
        "matrixx(1 2 3 4 5 6)", "scal(2)", "scaleX(2)", "skew(1)", "skewZ(1)", "skewXY(1)", "SCALE(2)", "sCale(2)",
        "tran", "rota", "skewX", "scale", "s", "rotate", "translate(1) skewx(1)", "scale(2) (1)",
    ])
    func rejectsNamesCloseToTheSix(text: String) {
        #expect(TransformList.parse(text[...]) == nil, "\(text)")
        #expect(Array(text.utf8).withUnsafeBufferPointer { TransformList.parse(bytes: $0) } == nil, "\(text)")
    }

    /// Every function of a list, read from bytes that end where the list ends, gives the
    /// product of the functions read one at a time (the leftmost applied last).
    @Test func readsAListOfEveryFunctionFromItsBytes() throws {
        let parts = ["matrix(1 2 3 4 5 6)", "translate(7,8)", "scale(2)", "rotate(30 1 2)", "skewX(10)", "skewY(-20)", "scale(.5,3)"]
        var expected = AffineTransform.identity
        for part in parts { expected = try #require(TransformList.parse(part[...])).concatenating(expected) }
        for separator in [" ", ",", "", " ,\t", "\n"] {
            let list = parts.joined(separator: separator)
            #expect(Array(list.utf8).withUnsafeBufferPointer { TransformList.parse(bytes: $0) } == expected, "\(list)")
            #expect(TransformList.parse(list[...]) == expected, "\(list)")
        }
    }
}
