import Testing

@testable import LaminaSVGImport

/// The byte classes the `style` reading uses, against their definitions.
@Suite struct CSSByteClassTests {
    @Test func identifierBytesAreLettersDigitsHyphenUnderscoreAndNonASCII() {
        for v in 0...255 {
            let c = UInt8(v)
            let letter = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            let expected = letter || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F || c >= 0x80
            #expect(CSSBytes.isIdent(c) == expected, "byte \(v)")
        }
    }

    @Test func containsFindsAByteAnywhere() {
        let text = Array("fill:red;stroke:blue".utf8)
        text.withUnsafeBufferPointer { b in
            #expect(CSSBytes.contains(b, UInt8(ascii: "e")))
            #expect(!CSSBytes.contains(b, UInt8(ascii: "/")))
            #expect(CSSBytes.contains(UnsafeBufferPointer(rebasing: b[17...]), UInt8(ascii: "e")))
            #expect(!CSSBytes.contains(UnsafeBufferPointer(rebasing: b[0..<0]), UInt8(ascii: "f")))
        }
    }

    @Test(arguments: ["fill", "FILL", "Stroke-Width", "stroke-dashoffset", "STROKE-MITERLIMIT", "@ill", "[ill", "fill\u{00C9}"])
    func propertyFromBytesMatchesTheLowerCasedName(_ name: String) {
        let bytes = Array(name.utf8)
        let lower = String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        let found = bytes.withUnsafeBufferPointer { CSSProperty.of($0, 0..<bytes.count) }
        #expect(found == CSSProperty.of(lower))
    }
}

extension CSSByteClassTests {
    /// Text kept in place is searched a word at a time: the same answers as its bytes give.
    @Test(arguments: ["", "(", "url(#a)", "#d62728", "0123456789abcd(", "0123456789abcde", "0123456789abcdef(", "a\u{1}b", "é("])
    func textContainsAsItsBytes(_ text: String) {
        let bytes = Array(text.utf8)
        let kept = bytes.withUnsafeBufferPointer { CSSText(bytes: $0) }
        for c in [0x01, 0x0F, 0x10, 0x28, 0x29, 0x61, 0x80, 0xA9, 0xFF] as [UInt8] {
            #expect(kept.contains(c) == bytes.contains(c), "\(text) \(c)")
        }
    }
}
