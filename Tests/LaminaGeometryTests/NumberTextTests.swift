import LaminaGeometry
import Testing

@Suite struct NumberTextTests {
    @Test(arguments: [(Double, String)]([
        (0.1, "0.1"), (1.0 / 3, "0.333333"), (-0.0000001, "0"), (-0.0, "0"), (2.0 / 3, "0.666667"),
        (42, "42"), (-1.5, "-1.5"), (0.000001, "0.000001"), (1e20, "1e20"), (-1e20, "-1e20"),
        (123456789012345, "123456789012345"), (Double.nan, "null"),
    ]))
    func formatsShortestWithSixDecimals(value: Double, text: String) {
        #expect(NumberText.format(value) == text)
    }
}
