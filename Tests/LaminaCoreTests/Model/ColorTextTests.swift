import LaminaCore
import Testing

/// A shape's paint text made in one word (``ColorText``) is `ParsedColor.cssText`, byte for
/// byte and as a string that behaves like any other.
@Suite struct ColorTextTests {
    /// This platform's strings are made as ``ColorText`` assumes: the fast path is the one tested.
    @Test func theStandardLibrarysSmallStringIsRecognized() {
        #expect(ColorText.smallStringTail != nil)
    }

    /// Every byte value in each of the three places, the others varied, against `cssText`.
    @Test func everyByteInEachPlace() {
        for v in 0...255 {
            let x = UInt8(v), y = UInt8(255 - v), z = UInt8((v * 37) & 255)
            for (r, g, b) in [(x, y, z), (z, x, y), (y, z, x), (x, 0, 0), (0, x, 0), (0, 0, x)] {
                let c = ParsedColor.rgba(r: r, g: g, b: b, a: 1)
                let text = ColorText.text(rgb: UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
                #expect(text == c.cssText)
                #expect(Array(text.utf8) == Array(c.cssText.utf8))
                #expect(text.utf8.count == 7 && text.hasPrefix("#"))
            }
        }
    }

    /// The made string hashes, compares, appends and converts like the library's own.
    @Test func theTextIsAnOrdinaryString() {
        let made = ColorText.text(rgb: 0x1F_77B4)
        #expect(made == "#1f77b4")
        #expect(made.hashValue == "#1f77b4".hashValue)
        #expect(Set([made, "#1f77b4"]).count == 1)
        #expect(made + "ff" == "#1f77b4ff")
        #expect(made.uppercased() == "#1F77B4")
        #expect(made.dropFirst() == "1f77b4")
        #expect(made < "#1f77b5" && made > "#1f77b3")
    }

    /// Every value read from its text is the value, and its text is the text; any other text
    /// (upper case, short, long, another first byte, a byte next to a digit) is no value.
    @Test func theTextReadsBackAsTheValue() {
        for v in 0...255 {
            for rgb in [UInt32(v) << 16 | 0x00_A5F0, UInt32(v) << 8 | 0x5A_000F, UInt32(v) | 0xF0_0A00] {
                let text = ColorText.text(rgb: rgb)
                #expect(ColorText.rgb(of: text) == rgb)
                #expect(ColorText.text(rgb: ColorText.rgb(of: text) ?? 0x100_0000) == text)
            }
        }
        for text in ["#ABCDEF", "#abcdeF", "#abc", "#abcdef0", "abcdef0", " #abcdef", "#abcdeg", "#abcde/",
                     "#abcde:", "#abcde`", "rgba(1,2,3,0.5)", "red", "", "#ａbcdef", "currentColor"] {
            #expect(ColorText.rgb(of: text) == nil)
        }
    }
}
