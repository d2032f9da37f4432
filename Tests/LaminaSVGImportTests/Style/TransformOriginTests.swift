import LaminaSVGImport
import Testing

@Suite struct TransformOriginTests {
    @Test(arguments: [
        ("left", Length(0, .percent), Length(50, .percent)),
        ("right", Length(100, .percent), Length(50, .percent)),
        ("top", Length(50, .percent), Length(0, .percent)),
        ("bottom", Length(50, .percent), Length(100, .percent)),
        ("center", Length(50, .percent), Length(50, .percent)),
        ("10", Length(10), Length(50, .percent)),
        ("top left", Length(0, .percent), Length(0, .percent)),
        ("left top", Length(0, .percent), Length(0, .percent)),
        ("bottom right", Length(100, .percent), Length(100, .percent)),
        ("center bottom", Length(50, .percent), Length(100, .percent)),
        ("top center", Length(50, .percent), Length(0, .percent)),
        ("LEFT 2em", Length(0, .percent), Length(2, .em)),
        ("30% bottom", Length(30, .percent), Length(100, .percent)),
        ("  10px\t20%  ", Length(10, .px), Length(20, .percent)),
        ("10 20 5px", Length(10), Length(20)),
    ])
    func parses(_ text: String, _ x: Length, _ y: Length) {
        #expect(TransformOrigin.parse(text) == TransformOrigin(x: x, y: y))
    }

    /// Not a position: CSS drops the declaration (and the attribute), so the origin stays 0 0.
    @Test(arguments: [
        "", "foo", "left right", "top bottom", "bottom 10", "10 left", "10 20 30%", "10 20 top",
        "1 2 3 4", "10,20", "nan", "1e999", "calc(1px", "calc(1px + 2)", "calc(1px))", "10 20 calc(5%)",
    ])
    func rejects(_ text: String) {
        #expect(TransformOrigin.parse(text) == nil)
    }
}
