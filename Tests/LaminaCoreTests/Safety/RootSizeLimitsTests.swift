import LaminaCore
import Testing

@Suite struct RootSizeLimitsTests {
    @Test(arguments: [
        ("max-width: 412px", "max-width: 412px"),
        (" MAX-WIDTH : 100% ; min-height:2.5EM;max-width:none ", "min-height: 2.5em; max-width: none"),
        ("max-width: 100%; height: auto", "max-width: 100%"),  // d3's charts: height is not a limit
        ("max-width: calc(100% - 2px)", nil),
        ("max-width: url(http://example.com/x)", nil),
        ("background: url(http://example.com/x); max-height: 5in", "max-height: 5in"),
        ("max-width: -3px", nil), ("max-width: 1.2.3px", nil), ("max-width: .5px", "max-width: .5px"),
        ("max-width: 3px\"><script>", nil), ("", nil), ("max-width", nil),
    ] as [(String, String?)])
    func onlyPlainLimitsAreKept(style: String, expected: String?) {
        #expect(RootSizeLimits.sanitized(style) == expected)
    }

    @Test func laterDeclarationsWin() {
        #expect(RootSizeLimits.style(from: [("max-width", "10px"), ("fill", "red"), ("max-width", "20px")]) == "max-width: 20px")
        #expect(RootSizeLimits.style(from: [("max-width", "10px"), ("max-width", "bad")]) == "max-width: 10px")
    }
}
