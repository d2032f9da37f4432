import LaminaGeometry
import Testing

@Suite struct PathDataTests {
    @Test func parsesAbsoluteMoveAndLine() {
        let (path, error) = PathData.parse("M10 20L30 40")
        #expect(error == nil)
        #expect(path.segments == [.moveTo(Point(10, 20)), .lineTo(Point(30, 40))])
    }
}
