import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct CSSTransform3DTests {
    private func close(_ a: Transform3D?, _ b: Transform3D) -> Bool {
        guard let a else { return false }
        return zip(a.elements, b.elements).allSatisfy { abs($0 - $1) < 1e-12 }
    }

    @Test func functionsMatchCoreAnimation() {
        #expect(close(CSSTransform3D.parse("rotateZ(90deg)"), .rotation(Double.pi / 2, 0, 0, 1)))
        #expect(close(CSSTransform3D.parse("rotateX(0.5rad)"), .rotation(0.5, 1, 0, 0)))
        #expect(close(CSSTransform3D.parse("rotate3d(0, 1, 0, 0.25turn)"), .rotation(Double.pi / 2, 0, 1, 0)))
        #expect(close(CSSTransform3D.parse("translate3d(1px, 2px, 3px)"), .translation(1, 2, 3)))
        #expect(close(CSSTransform3D.parse("scale(2)"), .scale(2, 2, 1)))
        var p = Transform3D.identity
        p.m34 = -0.002
        #expect(close(CSSTransform3D.parse("perspective(500)"), p))
    }

    @Test func unitsAreReadInAnyCase() {
        // CSS units are ASCII case-insensitive, as function names already were here.
        #expect(close(CSSTransform3D.parse("rotateY(90DEG)"), .rotation(Double.pi / 2, 0, 1, 0)))
        #expect(close(CSSTransform3D.parse("rotate(0.25Turn) translateZ(3PX)"), Transform3D.translation(0, 0, 3).concatenating(.rotation(Double.pi / 2, 0, 0, 1))))
    }

    @Test func theRightmostFunctionAppliesFirst() {
        let t = CSSTransform3D.parse("translateX(10px) scale(2)")
        #expect(close(t, Transform3D.scale(2, 2, 1).concatenating(.translation(10, 0, 0))))
    }

    @Test(arguments: ["spin(1)", "rotateX(1", "matrix3d(1,2)", "translateZ(1e400)", "scale(a)"])
    func invalidListsAreRejected(text: String) {
        #expect(CSSTransform3D.parse(text) == nil)
    }
}
