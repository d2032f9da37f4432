import LaminaSVGImport
import Testing

/// `FragmentCheck.problem(in:)`: the libxml2 check behind the layer-JSON verbatim guard.
@Suite struct FragmentCheckTests {
    static let open = "<f xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"

    @Test(arguments: [
        ("<rect width=\"1\"/><text>a &amp; b</text>", nil),
        ("<svg:SCRIPT xmlns:svg=\"http://www.w3.org/2000/svg\"/>", "'SCRIPT' element"),
        ("<use xlink:href=\"http://x/y.svg#a\"/>", "external reference in 'xlink:href'"),
        ("<use xlink:href=\"#a\" onload=\"x()\"/>", "unsafe attribute 'onload'"),
        ("<rect b=\"url(http://x)\" a=\"javascript:1\"/>", "unsafe attribute 'a'"),
        ("<style>@import url(http://x/a.css);</style>", "external reference in text"),
        ("<style><![CDATA[@import url(http://x/a.css);]]></style>", "external reference in text"),
        ("<style>u&#114;l(http://x/a.png)</style>", "external reference in text"),
        ("<style>fill: url(#g)</style>", nil),
        ("<?pi data?>", "processing instruction"),
        ("<a:b/>", "not well-formed XML"),
        ("<rect>", "not well-formed XML"),
        ("&undefined;", "not well-formed XML"),
    ] as [(String, String?)])
    func problem(_ body: String, _ expected: String?) {
        #expect(FragmentCheck.problem(in: Self.open + body + "</f>") == expected)
    }
}
