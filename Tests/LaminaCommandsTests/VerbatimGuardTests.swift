import LaminaCommands
import Testing

/// `VerbatimGuard.problem(in:)`: the check on verbatim markup carried by layer JSON.
@Suite struct VerbatimGuardTests {
    @Test(arguments: [
        ("<rect width=\"1\" height=\"1\"/>", nil),
        ("<script>alert(1)</script>", "'script' element"),
        ("<rect onclick=\"x()\"/>", "unsafe attribute 'onclick'"),
        ("<image href=\"http://example.com/a.png\"/>", "external reference in 'href'"),
        ("<rect>", "not well-formed XML"),
        ("</lamina-fragment><script/>", "reserved name in markup"),
    ] as [(String, String?)])
    func problem(_ xml: String, _ expected: String?) {
        #expect(VerbatimGuard.problem(in: xml) == expected)
    }

    /// Well-formed markup past 10 MB is accepted (FoundationXML's `XMLParser(data:)` fails there).
    @Test func largeFragmentIsAccepted() {
        let xml = String(repeating: "<rect x=\"1\" y=\"2\" width=\"3\" height=\"4\"/>\n", count: 300_000)
        #expect(xml.utf8.count > 12_000_000)
        #expect(VerbatimGuard.problem(in: xml) == nil)
        #expect(VerbatimGuard.problem(in: xml + "<script/>") == "'script' element")
    }
}
